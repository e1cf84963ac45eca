// GET /ai/v2/history?taskId: the chat about a task, oldest first.
import { AiPaths, type AiMessage } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';

export const aiHistoryQuery = (taskId: string) =>
  queryOptions({
    queryKey: ['ai', 'history', taskId],
    queryFn: async () => (await request<{ history: AiMessage[] }>(AiPaths.history, { query: { taskId } })).history,
    // The dialog keeps its own copy while open; each opening of a task reads the server's.
    gcTime: 0,
  });
export const useAiHistory = (taskId: string, enabled: boolean) => useQuery({ ...aiHistoryQuery(taskId), enabled: enabled && taskId !== '' });
