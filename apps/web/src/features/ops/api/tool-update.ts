// POST /ops/tools/update: enable/disable, VIP level, hot order, manual override; applies at once.
import { OpsPaths, type OpsToolUpdate } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

// The user-facing tool lists are cached too: the operator's own lists follow at once.
export const useToolUpdate = () => useOpsPost<OpsToolUpdate>(OpsPaths.toolUpdate, [['ops', 'tools'], ['tools']]);
