// AI interpretation (spec 01 §2–§4, §7, §9; DESIGN §8): model list, question templates, chat
// history and the streamed dialogue, plus the number tokens the grounding check compares.
import { z } from 'zod';

export const AiPaths = {
  apiType: '/ai/v2/apiType',
  history: '/ai/v2/history',
  question: '/ai/v2/question',
  /** POST, answered as `text/event-stream`: `data: {"delta":"…"}` lines, then `data: [DONE]`. */
  dialogue: '/ai/v2/report/dialogue',
} as const;

/** The built-in interpreter's name: always listed, works offline. */
export const BUILTIN_MODEL = 'LabStat 解读';
/** Shown as the model before the list loads (spec 01 §9). */
export const DEFAULT_MODEL_BEFORE_LOAD = 'ChatGPT';
/** The tooltip of a number the report does not contain. */
export const UNGROUNDED_TIP = '此数值未在报告中出现，请核对';

export const AiModel = z.object({ name: z.string(), avatar: z.string() });
export type AiModel = z.infer<typeof AiModel>;

export const QuestionTemplate = z.object({ title: z.string().min(1).max(40), content: z.string().min(1).max(300) });
export type QuestionTemplate = z.infer<typeof QuestionTemplate>;

export const QuestionQuery = z.object({ toolid: z.coerce.number().int().min(1).max(1e9) });
export const QuestionData = z.object({ questions: z.array(QuestionTemplate) });

export const HistoryQuery = z.object({ taskId: z.string().min(1).max(64) });

export const AiMessage = z.object({
  role: z.enum(['user', 'system']),
  content: z.string(),
  avatar: z.string(),
  /** The model that answered (system messages). */
  model: z.string(),
  /** Numbers in the reply that appear nowhere in the report. */
  marks: z.array(z.string()),
  /** The reply stopped before its end (upstream error, timeout or stop). */
  incomplete: z.boolean(),
  create_time: z.string(),
});
export type AiMessage = z.infer<typeof AiMessage>;
export const HistoryData = z.object({ history: z.array(AiMessage) });

/** Longest question a user can send. */
export const AI_MESSAGE_MAX = 2000;

export const DialogueBody = z.object({
  message: z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().min(1, '请输入问题').max(AI_MESSAGE_MAX, `问题不能超过 ${AI_MESSAGE_MAX} 字`)),
  apiType: z.string().min(1, '请选择模型').max(60),
  reportid: z.string().min(1, '请先生成报告').max(64),
  /** Data files (`_fid`) whose variable summary joins the context. */
  attachments: z.array(z.string().max(64)).max(5, '最多附加 5 个文件').default([]),
});
export type DialogueBody = z.input<typeof DialogueBody>;

/** One event of the stream after `data: `. */
export const DialogueEvent = z.object({
  delta: z.string().optional(),
  /** Sent once, last before [DONE]: ungrounded numbers and how the reply ended. */
  marks: z.array(z.string()).optional(),
  model: z.string().optional(),
  incomplete: z.boolean().optional(),
});
export type DialogueEvent = z.infer<typeof DialogueEvent>;

/**
 * Number tokens in a text: an optional sign, digits with optional thousands separators and
 * decimals, an optional exponent and percent sign. A token glued to a Latin letter or digit before it
 * is part of a name (P25, CD4, df1, ICC2) and not a number of its own.
 */
const NUMBER_TOKEN = /(?<![A-Za-z0-9_.])[-−+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?:[eE][-+]?\d+)?%?|(?<![A-Za-z0-9_.])[-−+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?%?/g;

export interface NumberToken {
  text: string;
  index: number;
}

export function numberTokens(text: string): NumberToken[] {
  const out: NumberToken[] = [];
  for (const m of text.matchAll(NUMBER_TOKEN)) {
    let t = m[0];
    let index = m.index ?? 0;
    // A hyphen after a word or digit ("2026-11", "Mann-Whitney 2") joins things; it is not a sign.
    if ((t[0] === '-' || t[0] === '+') && index > 0 && /[\p{L}\p{N})\]]/u.test(text[index - 1]!)) {
      t = t.slice(1);
      index += 1;
    }
    out.push({ text: t, index });
  }
  return out;
}

/**
 * Numbers a reply may use without the report containing them: small counts and ordinals, the
 * usual significance levels and confidence levels, and the benchmarks effect sizes and agreement
 * are read against (Cohen's 0.2/0.5/0.8, Landis–Koch's 0.4/0.6/0.8, Koo–Li's 0.5/0.75/0.9…).
 */
export function isConventionalNumber(token: string): boolean {
  const t = token.replace(/^[-−+]/, '').replace(/%$/, '');
  if (/^\d+$/.test(t) && Number(t) <= 10) return true;
  if (/^0\.[1-9]$/.test(t)) return true;
  return ['0.05', '0.01', '0.001', '0.25', '0.75', '1.96', '20', '25', '30', '40', '50', '60', '75', '80', '90', '95', '99', '100'].includes(t);
}
