// POST /ops/commerce/products/save: creates (unknown vip_pid) or edits a plan and its promotion.
import { OpsPaths, type OpsProductSave } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const useProductSave = () => useOpsPost<OpsProductSave>(OpsPaths.productSave, [['ops', 'commerce', 'products']]);
