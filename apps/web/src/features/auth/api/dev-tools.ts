// Calls of the offline dev providers, used by the login page's 开发模式 panel only. The server
// answers them for a browser on the server's own machine only; elsewhere its refusal is shown.
import { AccountPaths } from '@labstat/contracts';
import { request } from '../../../lib/api-client';

export const devScan = (logkey: string) =>
  request<{ openid: string }>(AccountPaths.devWechatScan, { method: 'POST', body: { logkey } });
