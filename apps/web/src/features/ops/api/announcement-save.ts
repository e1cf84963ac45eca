// POST /ops/content/announcements/save: creates (no id) or edits an announcement.
import { OpsPaths, type OpsAnnouncementSave } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const useAnnouncementSave = () => useOpsPost<OpsAnnouncementSave>(OpsPaths.announcementSave, [['ops', 'content', 'announcements']]);
