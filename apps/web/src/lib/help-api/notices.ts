// GET /dynamics/notification: the public header's rotating notices (spec 02 §3). A failure is
// silently ignored (spec 02 §8): no message, no retry, the header just shows none.
import { HelpPaths, type MenuNotice } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';

export const noticesQuery = () =>
  queryOptions({
    queryKey: ['dynamics', 'notices'],
    queryFn: () => request<MenuNotice[]>(HelpPaths.notices, { silent: true }),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useNotices = () => useQuery(noticesQuery());

/**
 * Where a link notice leads, or null when it should show as text: in-app routes (`/#/…`, `#/…`)
 * stay in this tab, http(s) addresses open in a new one, anything else (javascript:, data:) is
 * not a link at all.
 */
export function noticeTarget(link: string): { href: string; external: boolean } | null {
  const l = link.trim();
  if (/^\/?#\//.test(l)) return { href: l.startsWith('/') ? l : `/${l}`, external: false };
  if (/^https?:\/\//i.test(l)) return { href: l, external: true };
  if (l.startsWith('/') && !l.startsWith('//')) return { href: l, external: true };
  return null;
}
