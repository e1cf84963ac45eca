// GET /ops/feedback/look: one thread with its author, oldest message first.
import { OpsPaths, type OpsFeedbackThread } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const opsFeedbackLookQuery = (feedbackid: number) =>
  queryOptions({
    queryKey: ['ops', 'feedback', 'look', feedbackid],
    queryFn: () => request<OpsFeedbackThread>(OpsPaths.feedbackLook, { query: { feedbackid } }),
    staleTime: 0,
  });

export const useOpsFeedbackLook = (feedbackid: number | null) => useQuery({ ...opsFeedbackLookQuery(feedbackid ?? 0), enabled: feedbackid !== null });
