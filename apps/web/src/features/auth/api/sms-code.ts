import { AccountPaths } from '@labstat/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const sendSmsCode = (account: string) => request<null>(AccountPaths.smsCode, { method: 'POST', body: { account } });
export const useSendSmsCode = () => useMutation({ mutationFn: sendSmsCode });
