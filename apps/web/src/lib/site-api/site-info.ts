import { SitePaths } from '@labstat/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../api-client';

export const useSiteInfo = (item: string) =>
  useQuery({
    queryKey: ['siteInfo', item],
    queryFn: () => request<{ url?: string; content?: string }>(SitePaths.siteInfo, { query: { item } }),
    staleTime: 10 * 60_000,
  });
