// GET /ops/dashboard?days=N: daily users, analyses, failures and revenue, failures per tool, queue, storage.
import { OpsPaths, type DashboardData } from '@labstat/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const dashboardQuery = (days: number) =>
  queryOptions({
    queryKey: ['ops', 'dashboard', days],
    queryFn: () => request<DashboardData>(OpsPaths.dashboard, { query: { days } }),
    placeholderData: keepPreviousData,
  });

export const useDashboard = (days: number) => useQuery(dashboardQuery(days));
