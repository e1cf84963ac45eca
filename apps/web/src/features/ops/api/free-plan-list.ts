// GET /ops/commerce/free-plan: free-plan screenshots by review status (pending first), 20 a page.
import { OpsPaths, type OpsFreePlanItem } from '@labstat/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage } from './ops-request';

export type FreePlanStatus = 'pending' | 'approved' | 'rejected' | 'all';

export const opsFreePlanQuery = (status: FreePlanStatus, page: number) =>
  queryOptions({
    queryKey: ['ops', 'commerce', 'free-plan', status, page],
    queryFn: () => fetchPage<OpsFreePlanItem>(OpsPaths.freePlanList, { status, page }),
    placeholderData: keepPreviousData,
  });

export const useOpsFreePlan = (status: FreePlanStatus, page: number) => useQuery(opsFreePlanQuery(status, page));
