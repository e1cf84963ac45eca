// POST /ops/commerce/batches/void: voids every unused code of a batch (a reason is required).
import { OpsPaths, type OpsBatchVoid } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const useBatchVoid = () => useOpsPost<OpsBatchVoid, { voided: number }>(OpsPaths.batchVoid, [['ops', 'commerce', 'batches'], ['ops', 'audit']]);
