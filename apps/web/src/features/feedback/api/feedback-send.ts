// POST /user/feedback-v2/send: the user's reply in a conversation; the thread and list refresh after.
import { HelpPaths, type FeedbackSendBody } from '@labstat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestEnvelope } from '../../../lib/api-client';

export const sendFeedbackReply = async (body: FeedbackSendBody) => (await requestEnvelope<null>(HelpPaths.feedbackSend, { method: 'POST', body })).msg;

export function useSendFeedbackReply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendFeedbackReply,
    onSuccess: (_msg, body) =>
      Promise.all([qc.invalidateQueries({ queryKey: ['feedback', 'look', Number(body.feedbackid)] }), qc.invalidateQueries({ queryKey: ['feedback', 'list'] })]),
  });
}
