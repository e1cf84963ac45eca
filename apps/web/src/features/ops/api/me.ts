// GET /ops/me: the operator's identity; 403 for everyone else (how the console learns the role).
import { OpsPaths, type OpsMe } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const opsMeQuery = () =>
  queryOptions({ queryKey: ['ops', 'me'], queryFn: () => request<OpsMe>(OpsPaths.me, { silent: true }), staleTime: 60_000 });

export const useOpsMe = (enabled: boolean) => useQuery({ ...opsMeQuery(), enabled });
