// Calls of the offline dev/sandbox providers used by the commerce screens: 模拟支付 beside the
// sandbox pay QR and 模拟扫码 beside the WeChat bind QR. The server answers them for a browser on
// its own machine only; elsewhere its refusal is shown.
import { AccountPaths, CommercePaths } from '@labstat/contracts';
import { request } from '../api-client';

export const devPaySimulate = (order: string) => request<unknown>(CommercePaths.devPaySimulate, { method: 'POST', body: { order } });
export const devWechatScan = (logkey: string) =>
  request<{ openid: string }>(AccountPaths.devWechatScan, { method: 'POST', body: { logkey } });

/** A QR of the sandbox provider encodes our own sandbox page, never a real payment. */
export const isSandboxPayUrl = (codeUrl: string): boolean => {
  try {
    return new URL(codeUrl, window.location.origin).pathname.startsWith(CommercePaths.sandboxPayPage);
  } catch {
    return false;
  }
};
