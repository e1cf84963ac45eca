// POST /ops/commerce/batches/create: a batch of redeem codes (a reason is required); answers the codes.
import { OpsPaths, type OpsBatchCreate } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const useBatchCreate = () =>
  useOpsPost<OpsBatchCreate, { batchId: number; codes: string[] }>(OpsPaths.batchCreate, [['ops', 'commerce', 'batches'], ['ops', 'audit']]);
