import { SitePaths, type RuntimeInfo } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';

export const runtimeQuery = queryOptions({
  queryKey: ['runtime'],
  queryFn: () => request<RuntimeInfo>(SitePaths.runtime, { silent: true }),
  staleTime: Infinity,
});
export const useRuntime = () => useQuery(runtimeQuery);
