// POST /ops/commerce/free-plan/review: approve (one month, once per user) or reject, with a reason.
import { OpsPaths, type OpsFreePlanReview } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const useFreePlanReview = () =>
  useOpsPost<OpsFreePlanReview, { outcome: 'approved' | 'rejected' | 'already-had' }>(OpsPaths.freePlanReview, [['ops', 'commerce', 'free-plan'], ['ops', 'users']]);
