// GET /ops/feedback/list: the feedback queue (2 pending, oldest first), 1 completed, 0 all; 20 a page.
import { OpsPaths, type OpsFeedbackItem } from '@labstat/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage } from './ops-request';

export type OpsFeedbackStatus = 0 | 1 | 2;

export const opsFeedbackListQuery = (status: OpsFeedbackStatus, page: number) =>
  queryOptions({
    queryKey: ['ops', 'feedback', 'list', status, page],
    queryFn: () => fetchPage<OpsFeedbackItem>(OpsPaths.feedbackList, { status, page }),
    placeholderData: keepPreviousData,
  });

export const useOpsFeedbackList = (status: OpsFeedbackStatus, page: number) => useQuery(opsFeedbackListQuery(status, page));
