// POST /ops/feedback/complete: marks a thread completed without a reply.
import { OpsPaths } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const useOpsFeedbackComplete = () => useOpsPost<{ feedbackid: number }>(OpsPaths.feedbackComplete, [['ops', 'feedback']]);
