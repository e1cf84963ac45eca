import { AccountPaths } from '@labstat/contracts';
import { request } from '../../../lib/api-client';

export const sendSmsCode = (account: string) => request<null>(AccountPaths.smsCode, { method: 'POST', body: { account } });
