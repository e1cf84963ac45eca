// WeChat Pay API v3, Native (scan to pay), for a directly connected merchant (PAY_PROVIDER=wechatpay):
// create an order (→ code_url), query it by out_trade_no, close it, and verify + decrypt the
// payment notification. Every request is signed with the merchant key; every answer and
// notification must carry a valid signature of WeChat Pay's key, or it is not believed.
import type { WechatPaySettings } from './pay-settings.js';
import { PayNotificationError, type NativeOrderRequest, type PayProvider, type ProviderPayment } from './pay-provider.js';
import { authorization, decryptResource, responseMessage, rsaVerify } from './wechatpay-crypto.js';

/** Signed answers and notifications older or newer than this are refused (replays, skewed clocks). */
export const SIGNATURE_MAX_SKEW_S = 5 * 60;
const TIMEOUT_MS = 10_000;
/** WeChat Pay limits description to 127 bytes. */
const DESCRIPTION_MAX_BYTES = 127;

/** The API could not be reached or answered something we cannot trust or use. */
export class PayProviderError extends Error {
  override name = 'PayProviderError';
  constructor(
    message: string,
    /** WeChat Pay's error code (ORDER_NOT_EXIST, ORDERPAID…), when it sent one. */
    readonly apiCode: string | null = null,
    readonly status = 0,
  ) {
    super(message);
  }
}

type Headers = Record<string, string | string[] | undefined>;

function header(h: Headers, name: string): string | undefined {
  const v = h[name] ?? h[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/** "2025-01-31T18:30:00+08:00": WeChat Pay wants RFC 3339 times; Beijing time reads naturally. */
function rfc3339Beijing(ms: number): string {
  return `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

function clipBytes(s: string, max: number): string {
  let out = s;
  while (Buffer.byteLength(out) > max) out = out.slice(0, -1);
  return out;
}

interface Transaction {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
}

export class WechatPayProvider implements PayProvider {
  readonly name = 'wechatpay' as const;
  readonly isDev = false;

  constructor(
    private readonly s: WechatPaySettings,
    private readonly now: () => number = Date.now,
  ) {}

  async createNative(req: NativeOrderRequest): Promise<{ codeUrl: string }> {
    const res = await this.call('POST', '/v3/pay/transactions/native', {
      appid: this.s.appid,
      mchid: this.s.mchid,
      description: clipBytes(req.description, DESCRIPTION_MAX_BYTES),
      out_trade_no: req.orderId,
      time_expire: rfc3339Beijing(req.expiresAt),
      notify_url: this.s.notifyUrl,
      amount: { total: req.amountFen, currency: 'CNY' },
    });
    const codeUrl = (res.json as { code_url?: unknown } | null)?.code_url;
    if (typeof codeUrl !== 'string' || !codeUrl) throw new PayProviderError('native order answer has no code_url');
    return { codeUrl };
  }

  async query(orderId: string): Promise<ProviderPayment> {
    try {
      const res = await this.call('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderId)}?mchid=${encodeURIComponent(this.s.mchid)}`);
      const tx = res.json as Transaction;
      if (tx.out_trade_no !== orderId || tx.mchid !== this.s.mchid) throw new PayProviderError('query answer names another order or merchant');
      return this.paymentOf(tx);
    } catch (err) {
      // Never created at WeChat Pay (the create call failed after our row was written): not paid.
      if (err instanceof PayProviderError && err.apiCode === 'ORDER_NOT_EXIST') return { orderId, state: 'unpaid', amountFen: null, transactionId: null };
      throw err;
    }
  }

  async close(orderId: string): Promise<void> {
    await this.call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderId)}/close`, { mchid: this.s.mchid });
  }

  parseNotification(headers: Headers, rawBody: string): ProviderPayment {
    if (!this.signatureValid(headers, rawBody)) throw new PayNotificationError('notification signature, serial or time does not check out');
    let body: { event_type?: string; resource?: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string } };
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new PayNotificationError('notification body is not JSON');
    }
    const r = body.resource;
    if (!r || r.algorithm !== 'AEAD_AES_256_GCM' || typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string') {
      throw new PayNotificationError('notification resource is missing or not AEAD_AES_256_GCM');
    }
    let tx: Transaction;
    try {
      tx = JSON.parse(decryptResource(this.s.apiV3Key, { ciphertext: r.ciphertext, nonce: r.nonce, associated_data: r.associated_data ?? '' }));
    } catch {
      throw new PayNotificationError('notification resource does not decrypt with the APIv3 key');
    }
    if (tx.mchid !== this.s.mchid || tx.appid !== this.s.appid) throw new PayNotificationError('notification is for another merchant or app');
    if (typeof tx.out_trade_no !== 'string' || !tx.out_trade_no) throw new PayNotificationError('notification names no order');
    return this.paymentOf(tx);
  }

  private paymentOf(tx: Transaction): ProviderPayment {
    const orderId = tx.out_trade_no ?? '';
    const paid = tx.trade_state === 'SUCCESS' || tx.trade_state === 'REFUND';
    const closed = tx.trade_state === 'CLOSED' || tx.trade_state === 'REVOKED' || tx.trade_state === 'PAYERROR';
    const total = tx.amount?.total;
    return {
      orderId,
      state: paid ? 'paid' : closed ? 'closed' : 'unpaid',
      // Anything but a whole number of CNY fen is no amount at all: the order's amount check refuses it.
      amountFen: paid && Number.isInteger(total) && (tx.amount?.currency ?? 'CNY') === 'CNY' ? (total as number) : null,
      transactionId: typeof tx.transaction_id === 'string' ? tx.transaction_id : null,
    };
  }

  /** Wechatpay-Serial names a key we hold, Wechatpay-Timestamp is recent, and Wechatpay-Signature verifies. */
  private signatureValid(headers: Headers, body: string): boolean {
    const serial = header(headers, 'wechatpay-serial');
    const signature = header(headers, 'wechatpay-signature');
    const timestamp = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    if (!serial || !signature || !timestamp || !nonce || !/^\d{1,12}$/.test(timestamp)) return false;
    const key = this.s.platformKeys.get(serial.toUpperCase());
    if (!key) return false;
    if (Math.abs(this.now() / 1000 - Number(timestamp)) > SIGNATURE_MAX_SKEW_S) return false;
    return rsaVerify(key, responseMessage(timestamp, nonce, body), signature);
  }

  private async call(method: 'GET' | 'POST', pathWithQuery: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const url = new URL(this.s.apiBase + pathWithQuery);
    const text = body === undefined ? '' : JSON.stringify(body);
    const auth = authorization({
      mchid: this.s.mchid,
      serial: this.s.certSerial,
      privateKey: this.s.privateKey,
      method,
      // Signed as the server sees it: the path (a base with a path prefix included) and the query.
      pathWithQuery: url.pathname + url.search,
      body: text,
      timestamp: Math.floor(this.now() / 1000),
    });
    let res: Response;
    let answer: string;
    try {
      res = await fetch(url, {
        method,
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          'User-Agent': 'LabStat-WechatPay/1',
          Authorization: auth,
        },
        ...(body === undefined ? {} : { body: text }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      answer = await res.text();
    } catch (err) {
      throw new PayProviderError(`WeChat Pay unreachable: ${(err as Error).message}`);
    }
    const headers: Headers = Object.fromEntries(res.headers.entries());
    const signed = header(headers, 'wechatpay-signature') !== undefined;
    // A success answer without a valid signature is treated as forged (WeChat Pay's own rule).
    if ((res.ok || signed) && !this.signatureValid(headers, answer)) {
      throw new PayProviderError(`WeChat Pay answer to ${method} ${url.pathname} failed signature verification`, null, res.status);
    }
    let json: unknown = null;
    if (answer) {
      try {
        json = JSON.parse(answer);
      } catch {
        throw new PayProviderError(`WeChat Pay answered ${res.status} with a body that is not JSON`, null, res.status);
      }
    }
    if (!res.ok) {
      const e = json as { code?: unknown; message?: unknown } | null;
      const code = typeof e?.code === 'string' ? e.code : null;
      throw new PayProviderError(`WeChat Pay ${method} ${url.pathname} answered ${res.status} ${code ?? ''} ${typeof e?.message === 'string' ? e.message : ''}`.trim(), code, res.status);
    }
    return { status: res.status, json };
  }
}
