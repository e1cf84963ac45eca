// A local stand-in for WeChat Pay API v3 (Native orders, query, close, notifications), served over
// real HTTP with keys generated per test. It checks our requests' signatures the way WeChat Pay does
// and signs its answers and notifications with its own "platform" key; its crypto is written apart
// from the provider's, so a mistake on one side is not mirrored on the other.
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOrder {
  out_trade_no: string;
  description: string;
  total: number;
  time_expire: string;
  notify_url: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  transaction_id: string | null;
  success_time: string | null;
  paidTotal: number | null;
}

export interface FakeRequest {
  method: string;
  path: string;
  body: string;
  /** Whether the Authorization header verified against the merchant's key. */
  authOk: boolean;
}

export interface FakeWechatPay {
  url: string;
  mchid: string;
  appid: string;
  apiV3Key: string;
  merchantSerial: string;
  platformKeyId: string;
  orders: Map<string, FakeOrder>;
  requests: FakeRequest[];
  /** The clock the fake signs and checks with (seconds come from it); tests with a moved clock set it. */
  now: () => number;
  /** Answers to tamper with: `unsigned` drops the signature headers, `badSignature` signs with another key. */
  tamper: 'unsigned' | 'badSignature' | null;
  /** Environment that points PAY_PROVIDER=wechatpay at this fake. */
  env(notifyUrl?: string): Record<string, string>;
  /** The payer pays the order at "WeChat" (optionally another amount, as a broken client might report). */
  pay(outTradeNo: string, paidTotal?: number): void;
  /** A notification of the order's payment, signed with the platform key (or forged with another). */
  notification(outTradeNo: string, opts?: { total?: number; forge?: boolean; timestamp?: number; serial?: string; tamperCiphertext?: boolean }): {
    headers: Record<string, string>;
    body: string;
  };
  close(): Promise<void>;
}

const pemOf = (k: KeyObject, type: 'private' | 'public') =>
  type === 'private' ? (k.export({ type: 'pkcs8', format: 'pem' }) as string) : (k.export({ type: 'spki', format: 'pem' }) as string);

function sign(key: KeyObject, message: string): string {
  const s = createSign('sha256');
  s.update(message);
  return s.sign(key).toString('base64');
}

function parseAuthorization(h: string | undefined): Record<string, string> | null {
  const prefix = 'WECHATPAY2-SHA256-RSA2048 ';
  if (!h?.startsWith(prefix)) return null;
  const out: Record<string, string> = {};
  for (const m of h.slice(prefix.length).matchAll(/(\w+)="([^"]*)"/g)) out[m[1]!] = m[2]!;
  return out;
}

function beijingRfc3339(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 19) + '+08:00';
}

export async function startFakeWechatPay(): Promise<FakeWechatPay> {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const fake = {
    url: '',
    mchid: '1900000109',
    appid: 'wxd678efh567hg6787',
    apiV3Key: randomBytes(16).toString('hex'),
    merchantSerial: randomBytes(20).toString('hex').toUpperCase(),
    platformKeyId: `PUB_KEY_ID_${randomBytes(12).toString('hex').toUpperCase()}`,
    orders: new Map<string, FakeOrder>(),
    requests: [] as FakeRequest[],
    now: Date.now,
    tamper: null,
  } as FakeWechatPay;

  const signedHeaders = (body: string, key: KeyObject, timestamp = Math.floor(fake.now() / 1000), serial = fake.platformKeyId) => {
    const nonce = randomBytes(16).toString('hex');
    return {
      'Wechatpay-Timestamp': String(timestamp),
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': sign(key, `${timestamp}\n${nonce}\n${body}\n`),
      'Wechatpay-Serial': serial,
      'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
    };
  };

  function transaction(o: FakeOrder) {
    return {
      appid: fake.appid,
      mchid: fake.mchid,
      out_trade_no: o.out_trade_no,
      ...(o.transaction_id ? { transaction_id: o.transaction_id } : {}),
      trade_type: 'NATIVE',
      trade_state: o.state,
      trade_state_desc: o.state === 'SUCCESS' ? '支付成功' : o.state === 'CLOSED' ? '订单已关闭' : '订单未支付',
      ...(o.success_time ? { success_time: o.success_time, payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } } : {}),
      amount: o.state === 'SUCCESS' ? { total: o.paidTotal, payer_total: o.paidTotal, currency: 'CNY', payer_currency: 'CNY' } : { total: o.total, currency: 'CNY' },
    };
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname + url.search;
      const auth = parseAuthorization(req.headers.authorization);
      let authOk = false;
      if (auth && auth.mchid === fake.mchid && auth.serial_no === fake.merchantSerial && Math.abs(fake.now() / 1000 - Number(auth.timestamp)) <= 300) {
        const v = createVerify('sha256');
        v.update(`${req.method}\n${path}\n${auth.timestamp}\n${auth.nonce_str}\n${body}\n`);
        authOk = v.verify(merchant.publicKey, auth.signature ?? '', 'base64');
      }
      fake.requests.push({ method: req.method ?? '', path, body, authOk });
      const send = (status: number, json: unknown) => {
        const text = json === null ? '' : JSON.stringify(json);
        const headers: Record<string, string> =
          fake.tamper === 'unsigned' ? {} : signedHeaders(text, fake.tamper === 'badSignature' ? stranger.privateKey : platform.privateKey);
        res.writeHead(status, { ...(text ? { 'Content-Type': 'application/json' } : {}), ...headers });
        res.end(text);
      };
      if (!authOk) return send(401, { code: 'SIGN_ERROR', message: '签名错误' });

      let m: RegExpMatchArray | null;
      if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
        const b = JSON.parse(body);
        if (b.mchid !== fake.mchid || b.appid !== fake.appid || !Number.isInteger(b.amount?.total) || b.amount.total <= 0 || !b.notify_url || !b.out_trade_no) {
          return send(400, { code: 'PARAM_ERROR', message: '参数错误' });
        }
        if (fake.orders.has(b.out_trade_no)) return send(400, { code: 'OUT_TRADE_NO_USED', message: '商户订单号重复' });
        fake.orders.set(b.out_trade_no, {
          out_trade_no: b.out_trade_no,
          description: b.description,
          total: b.amount.total,
          time_expire: b.time_expire,
          notify_url: b.notify_url,
          state: 'NOTPAY',
          transaction_id: null,
          success_time: null,
          paidTotal: null,
        });
        return send(200, { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}` });
      }
      if (req.method === 'GET' && (m = url.pathname.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/))) {
        if (url.searchParams.get('mchid') !== fake.mchid) return send(400, { code: 'PARAM_ERROR', message: 'mchid' });
        const o = fake.orders.get(decodeURIComponent(m[1]!));
        return o ? send(200, transaction(o)) : send(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      }
      if (req.method === 'POST' && (m = url.pathname.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/))) {
        const o = fake.orders.get(decodeURIComponent(m[1]!));
        if (!o) return send(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        if (o.state === 'SUCCESS') return send(400, { code: 'ORDERPAID', message: '订单已支付' });
        o.state = 'CLOSED';
        return send(204, null);
      }
      send(404, { code: 'NOT_FOUND', message: 'no such API in the fake' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  fake.env = (notifyUrl = 'https://labstat.example/pay/notify/wechatpay') => ({
    PAY_PROVIDER: 'wechatpay',
    WECHATPAY_MCHID: fake.mchid,
    WECHATPAY_APPID: fake.appid,
    WECHATPAY_API_V3_KEY: fake.apiV3Key,
    WECHATPAY_PRIVATE_KEY: pemOf(merchant.privateKey, 'private'),
    WECHATPAY_CERT_SERIAL: fake.merchantSerial,
    WECHATPAY_PUBLIC_KEY: pemOf(platform.publicKey, 'public'),
    WECHATPAY_PUBLIC_KEY_ID: fake.platformKeyId,
    WECHATPAY_NOTIFY_URL: notifyUrl,
    WECHATPAY_API_BASE: fake.url,
  });

  fake.pay = (outTradeNo, paidTotal) => {
    const o = fake.orders.get(outTradeNo);
    if (!o || o.state !== 'NOTPAY') throw new Error(`fake: order ${outTradeNo} is not payable`);
    o.state = 'SUCCESS';
    o.paidTotal = paidTotal ?? o.total;
    o.transaction_id = `4200000${randomBytes(8).toString('hex')}`;
    o.success_time = beijingRfc3339(fake.now());
  };

  fake.notification = (outTradeNo, opts = {}) => {
    const o = fake.orders.get(outTradeNo);
    if (!o) throw new Error(`fake: no order ${outTradeNo}`);
    const paid: FakeOrder = {
      ...o,
      state: 'SUCCESS',
      paidTotal: opts.total ?? o.paidTotal ?? o.total,
      transaction_id: o.transaction_id ?? `4200000${randomBytes(8).toString('hex')}`,
      success_time: o.success_time ?? beijingRfc3339(fake.now()),
    };
    const nonce = randomBytes(6).toString('hex'); // 12 characters: the GCM IV
    const associated = 'transaction';
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(fake.apiV3Key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from(associated));
    const sealed = Buffer.concat([cipher.update(JSON.stringify(transaction(paid)), 'utf8'), cipher.final(), cipher.getAuthTag()]);
    if (opts.tamperCiphertext) sealed[0] = sealed[0]! ^ 1;
    const body = JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: beijingRfc3339(fake.now()),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext: sealed.toString('base64'), associated_data: associated, nonce },
    });
    return { headers: { 'Content-Type': 'application/json', ...signedHeaders(body, opts.forge ? stranger.privateKey : platform.privateKey, opts.timestamp, opts.serial) }, body };
  };

  fake.close = () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
  return fake;
}
