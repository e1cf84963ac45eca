// POST /ops/feedback/reply: support's rich-text reply (sanitised by the server); completes the thread
// unless keepPending.
import { OpsPaths, type OpsFeedbackReplyBody } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const useOpsFeedbackReply = () => useOpsPost<OpsFeedbackReplyBody>(OpsPaths.feedbackReply, [['ops', 'feedback']]);
