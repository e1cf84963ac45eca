// Reusable account flows for tests, through the public HTTP API only.
import { expect } from 'vitest';
import type { TestApp } from './harness.js';

export async function scanNewQr(t: TestApp, openid?: string): Promise<{ logkey: string; openid: string }> {
  const qr = await t.call('GET', '/login/wechat/get_qrcode');
  expect(qr.body.code).toBe(200);
  const scan = await t.call('POST', '/dev/wechat/scan', { body: { logkey: qr.body.data.logkey, ...(openid ? { openid } : {}) } });
  expect(scan.body.code).toBe(200);
  return { logkey: qr.body.data.logkey, openid: scan.body.data.openid };
}

export async function sendCode(t: TestApp, account: string): Promise<string> {
  const r = await t.call('POST', '/smscode/', { body: { account } });
  expect(r.body).toMatchObject({ code: 200 });
  const box = await t.call('GET', `/dev/sms-outbox?account=${account}`);
  return box.body.data[0].code as string;
}

/** Registers through the QR + SMS flow and returns the token; moves the clock past the SMS resend window. */
export async function register(t: TestApp, account: string, password = 'secret123', signupCode?: string): Promise<{
  token: string;
  openid: string;
}> {
  const { openid } = await scanNewQr(t);
  const smscode = await sendCode(t, account);
  t.clock.advance(61_000);
  const r = await t.call('POST', '/v2/signup', {
    body: { account, smscode, password, checkPass: password, openid, ...(signupCode ? { signupCode } : {}) },
  });
  expect(r.body.msg).toBe('注册成功');
  return { token: r.body.data.access_token, openid };
}
