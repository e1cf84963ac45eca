// GET /ops/commerce/batches/export?id=: the batch's codes as CSV (saved as a file).
import { OpsPaths } from '@labstat/contracts';
import { downloadCsv } from './ops-request';

export const exportBatch = (id: number) => downloadCsv(OpsPaths.batchExport, { id }, `兑换码批次-${id}.csv`);
