// POST /ops/content/announcements/delete: removes an announcement.
import { OpsPaths, type OpsIdBody } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const useAnnouncementDelete = () => useOpsPost<OpsIdBody>(OpsPaths.announcementDelete, [['ops', 'content', 'announcements']]);
