// POST /ops/content/notices/save: creates (no id) or edits a header notice.
import { OpsPaths, type OpsNoticeSave } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const useNoticeSave = () => useOpsPost<OpsNoticeSave>(OpsPaths.noticeSave, [['ops', 'content', 'notices']]);
