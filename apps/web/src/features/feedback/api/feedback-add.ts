// POST /user/feedback-v2: a new feedback (type and rich-text content); the list is refreshed after.
import { HelpPaths, type FeedbackAddBody } from '@labstat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '../../../lib/api-client';

export const addFeedback = async (body: FeedbackAddBody) => {
  const env = await requestEnvelope<{ feedbackid: number }>(HelpPaths.feedbackAdd, { method: 'POST', body });
  return { feedbackid: env.data.feedbackid, msg: env.msg };
};

export function useAddFeedback() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addFeedback,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['feedback', 'list'] }),
  });
}
