// GET /ops/users?q=: users by phone or nickname with tier, files and tasks counts; 20 a page.
import { OpsPaths, type OpsUser } from '@labstat/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage } from './ops-request';

export const opsUsersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ['ops', 'users', q, page],
    queryFn: () => fetchPage<OpsUser>(OpsPaths.users, { q, page }),
    placeholderData: keepPreviousData,
  });

export const useOpsUsers = (q: string, page: number) => useQuery(opsUsersQuery(q, page));
