// The WeChat Pay v3 provider against a local fake of the API over real HTTP, with keys generated here:
// signed requests, verified answers, order create/query/close, and notifications (genuine, forged,
// stale, for another key, tampered).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeWechatPay, type FakeWechatPay } from '../../test/fake-wechatpay.js';
import { PayNotificationError } from './pay-provider.js';
import { paySettings } from './pay-settings.js';
import { PayProviderError, WechatPayProvider } from './wechatpay-provider.js';

let fake: FakeWechatPay;
let provider: WechatPayProvider;

beforeAll(async () => {
  fake = await startFakeWechatPay();
  provider = new WechatPayProvider(paySettings(fake.env()).wechatpay!, () => Date.now());
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.tamper = null;
});

const order = (id: string, amountFen = 19900) => ({
  orderId: id,
  amountFen,
  description: 'LabStat 标准会员·12个月',
  expiresAt: Date.UTC(2030, 0, 31, 10, 30),
  origin: 'http://localhost',
});

describe('WeChat Pay v3 Native provider', () => {
  it('creates a Native order with a signed request and returns its code_url', async () => {
    const { codeUrl } = await provider.createNative(order('T100'));
    expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const req = fake.requests.at(-1)!;
    expect(req).toMatchObject({ method: 'POST', path: '/v3/pay/transactions/native', authOk: true });
    expect(JSON.parse(req.body)).toEqual({
      appid: fake.appid,
      mchid: fake.mchid,
      description: 'LabStat 标准会员·12个月',
      out_trade_no: 'T100',
      time_expire: '2030-01-31T18:30:00+08:00',
      notify_url: 'https://labstat.example/pay/notify/wechatpay',
      amount: { total: 19900, currency: 'CNY' },
    });
  });

  it('queries an order: unpaid, then paid with the amount and transaction id', async () => {
    await provider.createNative(order('T101', 2990));
    expect(await provider.query('T101')).toEqual({ orderId: 'T101', state: 'unpaid', amountFen: null, transactionId: null });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v3/pay/transactions/out-trade-no/T101?mchid=${fake.mchid}`, authOk: true });
    fake.pay('T101');
    const paid = await provider.query('T101');
    expect(paid).toMatchObject({ orderId: 'T101', state: 'paid', amountFen: 2990 });
    expect(paid.transactionId).toMatch(/^4200000/);
  });

  it('reads an order WeChat Pay never saw as unpaid', async () => {
    expect(await provider.query('NEVER-CREATED')).toMatchObject({ state: 'unpaid' });
  });

  it('closes an unpaid order; closing a paid one fails', async () => {
    await provider.createNative(order('T102'));
    await provider.close('T102');
    expect(fake.orders.get('T102')!.state).toBe('CLOSED');
    expect(await provider.query('T102')).toMatchObject({ state: 'closed' });
    await provider.createNative(order('T103'));
    fake.pay('T103');
    await expect(provider.close('T103')).rejects.toMatchObject({ apiCode: 'ORDERPAID' });
  });

  it('refuses answers without a valid WeChat Pay signature', async () => {
    await provider.createNative(order('T104'));
    fake.tamper = 'unsigned';
    await expect(provider.query('T104')).rejects.toBeInstanceOf(PayProviderError);
    fake.tamper = 'badSignature';
    await expect(provider.query('T104')).rejects.toThrow(/signature/);
    fake.tamper = null;
    expect(await provider.query('T104')).toMatchObject({ state: 'unpaid' });
  });

  it('is refused by the API when signing with the wrong merchant key', async () => {
    const other = await startFakeWechatPay();
    try {
      // The other fake's merchant key and serial, but this fake's API and platform key.
      const s = paySettings({ ...fake.env(), WECHATPAY_PRIVATE_KEY: other.env().WECHATPAY_PRIVATE_KEY! }).wechatpay!;
      await expect(new WechatPayProvider(s).createNative(order('T105'))).rejects.toMatchObject({ apiCode: 'SIGN_ERROR', status: 401 });
      expect(fake.requests.at(-1)!.authOk).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('accepts a signed notification and reports its payment', async () => {
    await provider.createNative(order('T110', 7900));
    fake.pay('T110');
    const n = fake.notification('T110');
    const p = provider.parseNotification(lower(n.headers), n.body);
    expect(p).toMatchObject({ orderId: 'T110', state: 'paid', amountFen: 7900 });
    // The amount is the one WeChat Pay reports, whatever it is; the order service compares it.
    const odd = fake.notification('T110', { total: 1 });
    expect(provider.parseNotification(lower(odd.headers), odd.body).amountFen).toBe(1);
  });

  it('refuses forged, stale, unknown-serial, altered and tampered notifications', async () => {
    await provider.createNative(order('T111'));
    fake.pay('T111');
    const refuse = (headers: Record<string, string>, body: string) =>
      expect(() => provider.parseNotification(lower(headers), body)).toThrow(PayNotificationError);
    const forged = fake.notification('T111', { forge: true });
    refuse(forged.headers, forged.body);
    const stale = fake.notification('T111', { timestamp: Math.floor(Date.now() / 1000) - 600 });
    refuse(stale.headers, stale.body);
    const serial = fake.notification('T111', { serial: 'PUB_KEY_ID_SOMEONE_ELSE' });
    refuse(serial.headers, serial.body);
    const good = fake.notification('T111');
    refuse(good.headers, good.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESs"'));
    const { ['Wechatpay-Signature']: _drop, ...unsigned } = good.headers;
    refuse(unsigned, good.body);
    // Signed correctly over a ciphertext that does not decrypt (the GCM tag fails).
    const tampered = fake.notification('T111', { tamperCiphertext: true });
    refuse(tampered.headers, tampered.body);
  });
});

function lower(h: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}
