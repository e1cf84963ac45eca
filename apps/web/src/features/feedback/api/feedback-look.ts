// GET /user/feedback-v2/look: one feedback's conversation, oldest first.
import { HelpPaths, type FeedbackLookData } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const feedbackLookQuery = (feedbackid: number) =>
  queryOptions({
    queryKey: ['feedback', 'look', feedbackid],
    queryFn: () => request<FeedbackLookData>(HelpPaths.feedbackLook, { query: { feedbackid } }),
    // Support may answer while the dialog is open; reopening it shows the reply.
    staleTime: 0,
  });

export const useFeedbackLook = (feedbackid: number | null) =>
  useQuery({ ...feedbackLookQuery(feedbackid ?? 0), enabled: feedbackid !== null });
