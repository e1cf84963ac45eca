// Payment settings from the environment (issue 18): which provider takes payments and the rules
// around orders. Parsed here so config.ts stays one line for the whole section.
import { X509Certificate, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import fs from 'node:fs';

export interface WechatPaySettings {
  mchid: string;
  appid: string;
  /** APIv3 key: 32 characters, the AES-256-GCM key of notifications. */
  apiV3Key: string;
  /** Merchant API private key (signs our requests). */
  privateKey: KeyObject;
  /** Serial number of the merchant API certificate (serial_no in Authorization). */
  certSerial: string;
  /** WeChat Pay's verification keys by serial (platform certificates) or public-key id (PUB_KEY_ID_…). */
  platformKeys: Map<string, KeyObject>;
  /** Where WeChat Pay posts notifications: https://…/pay/notify/wechatpay. */
  notifyUrl: string;
  /** API base; https://api.mch.weixin.qq.com unless a test fake stands in. */
  apiBase: string;
}

export interface PaySettings {
  /** `sandbox` (offline, dev: completes through 模拟支付) or `wechatpay` (WeChat Pay v3 Native). */
  provider: 'sandbox' | 'wechatpay';
  /** Minutes an unpaid order stays payable (the QR label says 30). */
  orderMinutes: number;
  /** Days of standard membership an inviter gets when the invitee first pays; 0 disables the reward. */
  inviteRewardDays: number;
  /** Orders one user may create per hour. */
  ordersPerHour: number;
  wechatpay: WechatPaySettings | null;
}

function count(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`Environment variable ${name} must be an integer of at least ${min}, got "${raw}"`);
  return n;
}

export function paySettings(env: NodeJS.ProcessEnv): PaySettings {
  const provider = env.PAY_PROVIDER || 'sandbox';
  if (provider !== 'sandbox' && provider !== 'wechatpay') {
    throw new Error(`Environment variable PAY_PROVIDER must be one of sandbox, wechatpay, got "${provider}"`);
  }
  return {
    provider,
    orderMinutes: count(env, 'PAY_ORDER_MINUTES', 30, 1),
    inviteRewardDays: count(env, 'INVITE_REWARD_DAYS', 30),
    ordersPerHour: count(env, 'PAY_ORDERS_PER_HOUR', 20, 1),
    wechatpay: provider === 'wechatpay' ? wechatPaySettings(env) : null,
  };
}

/** A PEM given inline (`NAME`) or as a file (`NAME_FILE`). */
function pem(env: NodeJS.ProcessEnv, name: string): string | null {
  if (env[name]) return env[name]!.replace(/\\n/g, '\n');
  const file = env[`${name}_FILE`];
  if (!file) return null;
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`${name}_FILE: cannot read ${file} (${(err as Error).message})`);
  }
}

function wechatPaySettings(env: NodeJS.ProcessEnv): WechatPaySettings {
  const need = (name: string) => {
    const v = env[name]?.trim();
    if (!v) throw new Error(`PAY_PROVIDER=wechatpay needs ${name}`);
    return v;
  };
  const apiV3Key = need('WECHATPAY_API_V3_KEY');
  if (Buffer.byteLength(apiV3Key) !== 32) throw new Error('WECHATPAY_API_V3_KEY must be the 32-character APIv3 key');
  const privatePem = pem(env, 'WECHATPAY_PRIVATE_KEY');
  if (!privatePem) throw new Error('PAY_PROVIDER=wechatpay needs WECHATPAY_PRIVATE_KEY_FILE (apiclient_key.pem) or WECHATPAY_PRIVATE_KEY');
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(privatePem);
  } catch (err) {
    throw new Error(`WECHATPAY_PRIVATE_KEY: not a PEM private key (${(err as Error).message})`);
  }

  const platformKeys = new Map<string, KeyObject>();
  // Platform certificates (older merchants): the serial comes from the certificate itself.
  for (const file of (env.WECHATPAY_PLATFORM_CERT_FILES ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    let cert: X509Certificate;
    try {
      cert = new X509Certificate(fs.readFileSync(file));
    } catch (err) {
      throw new Error(`WECHATPAY_PLATFORM_CERT_FILES: cannot read certificate ${file} (${(err as Error).message})`);
    }
    platformKeys.set(cert.serialNumber.toUpperCase(), cert.publicKey);
  }
  // WeChat Pay public key (newer merchants): its id is what Wechatpay-Serial carries.
  const publicPem = pem(env, 'WECHATPAY_PUBLIC_KEY');
  if (publicPem) {
    const id = need('WECHATPAY_PUBLIC_KEY_ID');
    try {
      platformKeys.set(id.toUpperCase(), createPublicKey(publicPem));
    } catch (err) {
      throw new Error(`WECHATPAY_PUBLIC_KEY: not a PEM public key (${(err as Error).message})`);
    }
  }
  if (!platformKeys.size) {
    throw new Error('PAY_PROVIDER=wechatpay needs WECHATPAY_PUBLIC_KEY_FILE + WECHATPAY_PUBLIC_KEY_ID or WECHATPAY_PLATFORM_CERT_FILES to verify WeChat Pay');
  }
  const notifyUrl = need('WECHATPAY_NOTIFY_URL');
  if (!/^https?:\/\//.test(notifyUrl)) throw new Error('WECHATPAY_NOTIFY_URL must be an http(s) URL ending in /pay/notify/wechatpay');
  const apiBase = (env.WECHATPAY_API_BASE || 'https://api.mch.weixin.qq.com').replace(/\/+$/, '');
  if (!/^https?:\/\//.test(apiBase)) throw new Error('WECHATPAY_API_BASE must be an http(s) URL');
  return {
    mchid: need('WECHATPAY_MCHID'),
    appid: need('WECHATPAY_APPID'),
    apiV3Key,
    privateKey,
    certSerial: need('WECHATPAY_CERT_SERIAL').toUpperCase(),
    platformKeys,
    notifyUrl,
    apiBase,
  };
}
