import { AccountPaths, type QrCodeData, type WechatCallbackData } from '@labstat/contracts';
import { request } from '../../../lib/api-client';

export const getLoginQrCode = () => request<QrCodeData>(AccountPaths.wechatQr);
export const pollWechatLogin = (logkey: string, signal?: AbortSignal) =>
  request<WechatCallbackData>(AccountPaths.wechatCallback, { query: { logkey }, ...(signal ? { signal } : {}) });
