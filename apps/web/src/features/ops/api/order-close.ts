// POST /ops/commerce/orders/close: closes an unpaid order through the payment service (with a reason).
import { OpsPaths, type OpsOrderClose } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const useOrderClose = () => useOpsPost<OpsOrderClose>(OpsPaths.orderClose, [['ops', 'commerce', 'orders']]);
