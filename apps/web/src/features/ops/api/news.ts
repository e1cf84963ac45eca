// GET /ops/content/news: the update-news timeline, 20 a page.
import { OpsPaths, type OpsNews } from '@labstat/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage } from './ops-request';

export const newsQuery = (page: number) =>
  queryOptions({
    queryKey: ['ops', 'content', 'news', page],
    queryFn: () => fetchPage<OpsNews>(OpsPaths.news, { page }),
    placeholderData: keepPreviousData,
  });

export const useOpsNewsList = (page: number) => useQuery(newsQuery(page));
