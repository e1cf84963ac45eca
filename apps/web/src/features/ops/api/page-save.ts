// POST /ops/content/pages/save: replaces a content page's title and HTML (kept over re-seeding).
import { OpsPaths, type OpsContentPageSave } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const usePageSave = () => useOpsPost<OpsContentPageSave>(OpsPaths.pageSave, [['ops', 'content', 'pages']]);
