// POST /ops/commerce/gifts/grant: a gift to one user or a list of phone numbers (with a reason).
import { OpsPaths, type OpsGiftGrant, type OpsGiftGranted } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const useGiftGrant = () => useOpsPost<OpsGiftGrant, OpsGiftGranted>(OpsPaths.giftGrant, [['ops', 'audit']]);
