// GET /dynamics/island: the update news timeline, newest first, 20 a page.
import { HelpPaths, UPDATE_NEWS_PAGE_SIZE, type UpdateNewsItem } from '@labstat/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestEnvelope } from '../../../lib/api-client';

export const fetchUpdateNews = async (page: number) => {
  const env = await requestEnvelope<UpdateNewsItem[]>(HelpPaths.updateNews, { query: { page, limit: UPDATE_NEWS_PAGE_SIZE } });
  return { list: env.data, count: env.count ?? env.data.length };
};

export const updateNewsQuery = (page: number) =>
  queryOptions({ queryKey: ['dynamics', 'news', page], queryFn: () => fetchUpdateNews(page), placeholderData: keepPreviousData, staleTime: 60_000 });

export const useUpdateNews = (page: number) => useQuery(updateNewsQuery(page));
