// GET /ai/v2/question?toolid: a tool's question templates.
import { AiPaths, type QuestionTemplate } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';

export const aiQuestionsQuery = (toolId: number) =>
  queryOptions({
    queryKey: ['ai', 'questions', toolId],
    queryFn: async () => (await request<{ questions: QuestionTemplate[] }>(AiPaths.question, { query: { toolid: toolId } })).questions,
    staleTime: Infinity,
  });
export const useAiQuestions = (toolId: number, enabled: boolean) => useQuery({ ...aiQuestionsQuery(toolId), enabled });
