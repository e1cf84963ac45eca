// GET /ops/content/notices: the header notices (text or link), 20 a page.
import { OpsPaths, type OpsNotice } from '@labstat/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage } from './ops-request';

export const noticesQuery = (page: number) =>
  queryOptions({
    queryKey: ['ops', 'content', 'notices', page],
    queryFn: () => fetchPage<OpsNotice>(OpsPaths.notices, { page }),
    placeholderData: keepPreviousData,
  });

export const useOpsNotices = (page: number) => useQuery(noticesQuery(page));
