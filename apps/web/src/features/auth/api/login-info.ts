import { SitePaths, type LoginInfoData } from '@labstat/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const useLoginInfo = () =>
  useQuery({
    queryKey: ['loginInfo'],
    queryFn: () => request<LoginInfoData>(SitePaths.loginInfo, { silent: true }),
    staleTime: 10 * 60_000,
  });
