// PAY_* and WECHATPAY_* settings: offline defaults, and a wechatpay configuration that is complete or refused at start.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { devProviders } from '../dev-exposure.js';
import { paySettings } from './pay-settings.js';

const pem = (kind: 'private' | 'public') => {
  const k = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return kind === 'private' ? (k.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string) : (k.publicKey.export({ type: 'spki', format: 'pem' }) as string);
};

const wechat = {
  PAY_PROVIDER: 'wechatpay',
  WECHATPAY_MCHID: '1900000109',
  WECHATPAY_APPID: 'wx0000000000000000',
  WECHATPAY_API_V3_KEY: 'a'.repeat(32),
  WECHATPAY_PRIVATE_KEY: pem('private'),
  WECHATPAY_CERT_SERIAL: 'abc123',
  WECHATPAY_PUBLIC_KEY: pem('public'),
  WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0001',
  WECHATPAY_NOTIFY_URL: 'https://labstat.example/pay/notify/wechatpay',
};

describe('payment settings', () => {
  it('defaults to the offline sandbox, which counts as a dev provider', () => {
    const s = paySettings({});
    expect(s).toEqual({ provider: 'sandbox', orderMinutes: 30, inviteRewardDays: 30, ordersPerHour: 20, wechatpay: null });
    expect(devProviders({ host: 'localhost', trustProxy: false, smsProvider: 'dev', wechatProvider: 'dev', pay: s })).toContain('PAY_PROVIDER=sandbox');
    expect(devProviders({ host: 'localhost', trustProxy: false, smsProvider: 'dev', wechatProvider: 'dev', pay: paySettings(wechat) })).not.toContain('PAY_PROVIDER=sandbox');
    expect(paySettings({ INVITE_REWARD_DAYS: '0', PAY_ORDER_MINUTES: '15' })).toMatchObject({ inviteRewardDays: 0, orderMinutes: 15 });
  });

  it('reads a complete WeChat Pay configuration', () => {
    const s = paySettings(wechat).wechatpay!;
    expect(s).toMatchObject({ mchid: '1900000109', certSerial: 'ABC123', apiBase: 'https://api.mch.weixin.qq.com' });
    expect([...s.platformKeys.keys()]).toEqual(['PUB_KEY_ID_0001']);
  });

  it('refuses unknown providers, bad numbers and incomplete WeChat Pay settings with the variable named', () => {
    expect(() => paySettings({ PAY_PROVIDER: 'alipay' })).toThrow(/PAY_PROVIDER/);
    expect(() => paySettings({ PAY_ORDER_MINUTES: '0' })).toThrow(/PAY_ORDER_MINUTES/);
    expect(() => paySettings({ INVITE_REWARD_DAYS: '-1' })).toThrow(/INVITE_REWARD_DAYS/);
    expect(() => paySettings({ ...wechat, WECHATPAY_API_V3_KEY: 'short' })).toThrow(/WECHATPAY_API_V3_KEY/);
    expect(() => paySettings({ ...wechat, WECHATPAY_PRIVATE_KEY: 'not a key' })).toThrow(/WECHATPAY_PRIVATE_KEY/);
    expect(() => paySettings({ ...wechat, WECHATPAY_PUBLIC_KEY: '' })).toThrow(/WECHATPAY_PUBLIC_KEY/);
    expect(() => paySettings({ ...wechat, WECHATPAY_NOTIFY_URL: '' })).toThrow(/WECHATPAY_NOTIFY_URL/);
    expect(() => paySettings({ ...wechat, WECHATPAY_MCHID: '' })).toThrow(/WECHATPAY_MCHID/);
    expect(() => paySettings({ ...wechat, WECHATPAY_PLATFORM_CERT_FILES: '/nonexistent.pem' })).toThrow(/WECHATPAY_PLATFORM_CERT_FILES/);
  });
});
