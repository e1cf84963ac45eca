// POST /ops/content/notices/delete: removes a header notice.
import { OpsPaths, type OpsIdBody } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const useNoticeDelete = () => useOpsPost<OpsIdBody>(OpsPaths.noticeDelete, [['ops', 'content', 'notices']]);
