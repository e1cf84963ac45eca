// GET /ops/content/announcements: after-login announcements, 20 a page.
import { OpsPaths, type OpsAnnouncement } from '@labstat/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPage } from './ops-request';

export const announcementsQuery = (page: number) =>
  queryOptions({
    queryKey: ['ops', 'content', 'announcements', page],
    queryFn: () => fetchPage<OpsAnnouncement>(OpsPaths.announcements, { page }),
    placeholderData: keepPreviousData,
  });

export const useOpsAnnouncements = (page: number) => useQuery(announcementsQuery(page));
