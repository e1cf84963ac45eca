import { AccountPaths, type ResetPasswordBody } from '@labstat/contracts';
import { useMutation } from '@tanstack/react-query';
import { requestEnvelope } from '../../../lib/api-client';

export const resetPassword = (body: ResetPasswordBody) =>
  requestEnvelope<null>(AccountPaths.resetPassword, { method: 'POST', body });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
