// GET /v2/bind/wechat: WAIT until the QR is scanned, then SUCCESS (or another status: failed).
import { CommercePaths } from '@labstat/contracts';
import { request } from '../api-client';

export const checkWechatBind = async (logkey: string, signal?: AbortSignal): Promise<string> =>
  (await request<{ status: string }>(CommercePaths.bindCheck, { query: { logkey }, ...(signal ? { signal } : {}) })).status;
