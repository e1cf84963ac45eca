// The AI models the guided tours name (spec 01 §9: KIMI, ChatGPT and DeepSeek), as one sentence shared
// by the tool-detail and data-processing tours. The models a user can pick come from GET /ai/v2/apiType.
export const AI_MODELS_NAMED = ['KIMI', 'ChatGPT', 'DeepSeek'] as const;

export const AI_INTERPRET_TOUR_TEXT = `报告生成后可用 AI 模型（${AI_MODELS_NAMED.join('、')}）解读结果。`;
