// POST /ops/commerce/codes/void: voids one unused code (a reason is required).
import { OpsPaths, type OpsCodeVoid } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const useCodeVoid = () => useOpsPost<OpsCodeVoid>(OpsPaths.codeVoid, [['ops', 'commerce', 'batches'], ['ops', 'audit']]);
