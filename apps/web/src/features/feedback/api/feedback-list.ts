// GET /user/feedback-v2/query: the user's feedback, filtered by status (0 all, 1 completed, 2 pending), 15 a page.
import { FEEDBACK_PAGE_SIZE, HelpPaths, type FeedbackItem } from '@labstat/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestEnvelope } from '../../../lib/api-client';

export type FeedbackFilter = 0 | 1 | 2;

export const fetchFeedbackList = async (status: FeedbackFilter, page: number) => {
  const env = await requestEnvelope<FeedbackItem[]>(HelpPaths.feedbackList, { query: { status, page, limit: FEEDBACK_PAGE_SIZE } });
  return { list: env.data, count: env.count ?? env.data.length };
};

export const feedbackListQuery = (status: FeedbackFilter, page: number) =>
  queryOptions({
    queryKey: ['feedback', 'list', status, page],
    queryFn: () => fetchFeedbackList(status, page),
    placeholderData: keepPreviousData,
  });

export const useFeedbackList = (status: FeedbackFilter, page: number) => useQuery(feedbackListQuery(status, page));
