// Products, VIP centre, payment and orders through the HTTP API (issue 18): the sandbox provider end
// to end, idempotent payment, expiry, ownership, the dev route's loopback rule, the invitation
// reward, and WeChat Pay v3 against a local fake (notifications genuine, replayed, forged, with the
// wrong amount, and missed).
import { CommerceMessages, OrderItem, Product, ProductInfo, QaData, VipCenterData } from '@labstat/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AddressInfo } from 'node:net';
import { PayMessages } from '../services/commerce/payment-service.js';
import { register } from '../test/account-flows.js';
import { startFakeWechatPay, type FakeWechatPay } from '../test/fake-wechatpay.js';
import { startTestApp, type TestApp } from '../test/harness.js';

const A = '13800138001';
const B = '13800138002';
const REMOTE = '203.0.113.7';
const DAY = 24 * 60 * 60 * 1000;

async function buy(t: TestApp, token: string, goods: string): Promise<{ code_url: string; order: string }> {
  const r = await t.call('POST', '/user/pay/', { token, body: { goods } });
  expect(r.body.code, r.body.msg).toBe(200);
  return r.body.data;
}

/** A fresh token after the clock moved past the session's lifetime. */
async function login(t: TestApp, account: string): Promise<string> {
  const r = await t.call('POST', '/login/', { body: { username: account, password: 'secret123' } });
  expect(r.body.code, r.body.msg).toBe(200);
  return r.body.data.access_token;
}

const status = async (t: TestApp, token: string, order: string) => (await t.call('GET', `/user/pay/status/?order_id=${order}`, { token })).body;
const simulate = (t: TestApp, order: string) => t.call('POST', '/dev/pay/simulate', { body: { order } });
const profile = async (t: TestApp, token: string) => (await t.call('GET', '/v2/user/profile', { token })).body.data;
const memberTools = (benefits: { content: { title: string; status: number }[] }[]) =>
  benefits.flatMap((g) => g.content).find((c) => c.title.startsWith('会员统计工具'))!.status;
const advancedTools = (benefits: { content: { title: string; status: number }[] }[]) =>
  benefits.flatMap((g) => g.content).find((c) => c.title.startsWith('高级工具'))!.status;

describe('products, FAQ and the VIP centre', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('lists products with prices in yuan and a running promotion', async () => {
    const r = await t.call('GET', '/home/getProductsList');
    expect(r.body.code).toBe(200);
    const list = z.array(Product).parse(r.body.data);
    expect(list.map((p) => p.vip_pid)).toEqual(['vip_1m', 'vip_3m', 'vip_12m', 'vip_life', 'svip_1m', 'svip_12m', 'svip_life']);
    const year = list.find((p) => p.vip_pid === 'vip_12m')!;
    expect(year).toMatchObject({ display_p: '12个月', money: 199, before_price: 299, is_active: 1 });
    expect(year.expiration_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(list.find((p) => p.vip_pid === 'vip_1m')).toEqual({ vip_pid: 'vip_1m', display_p: '1个月', money: 29.9, before_price: null, is_active: 0, expiration_time: null });
  });

  it('gives the product info of both plan cards and the free-plan steps', async () => {
    const r = await t.call('GET', '/home/getProductInfo');
    const info = ProductInfo.parse(r.body.data);
    expect(info.basic.products.map((p) => p.display_p)).toEqual(['1个月', '3个月', '12个月', '永久']);
    expect(info.advanced.products.map((p) => p.display_p)).toEqual(['1个月', '12个月', '永久']);
    expect(memberTools(info.basic.benefits)).toBe(1);
    expect(advancedTools(info.basic.benefits)).toBe(0);
    expect(advancedTools(info.advanced.benefits)).toBe(1);
    expect(info.free.map((s) => s.type)).toEqual(['step', 'step', 'step', 'upload']);
    for (const s of info.free.filter((s) => s.type === 'step')) expect(s.img_url && s.title && s.content).toBeTruthy();
  });

  it('answers the FAQ in Chinese', async () => {
    const { qa } = QaData.parse((await t.call('GET', '/home/getQA')).body.data);
    const titles = qa.map((q) => q.title).join(' ');
    for (const topic of ['付款', '发票', '续费', '退款', '免费', '兑换码']) expect(titles).toContain(topic);
  });

  it('shows a visitor 未登录 with the free tier', async () => {
    const r = await t.call('GET', '/v2/user/vipcenter/profile');
    const v = VipCenterData.parse(r.body.data);
    expect(v).toMatchObject({ username: '未登录', login: false, vip_days: 0, svip_days: 0, free_used: 0, free_pending: null, cservice_url: '/static/cservice.svg' });
    expect(memberTools(v.benefits)).toBe(0);
    // A bad token is a visitor too, not an error.
    expect((await t.call('GET', '/v2/user/vipcenter/profile', { token: 'nonsense' })).body.data.login).toBe(false);
  });
});

describe('sandbox payment', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(() => t.close());

  it('buys a plan end to end: QR page, FAIL until paid, 模拟支付, membership, order list', async () => {
    const { token } = await register(t, A);
    const { code_url, order } = await buy(t, token, 'vip_12m');
    expect(code_url).toBe(`http://localhost:80/pay/sandbox/${order}`);
    expect(order).toMatch(/^\d{22}$/);
    expect(await status(t, token, order)).toEqual({ code: 200, msg: 'success', data: { status: 'FAIL' } });

    const page = await t.app.inject({ method: 'GET', url: new URL(code_url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('这是开发模式的模拟支付页面');
    expect(page.body).toContain(order);
    expect(page.body).toContain('￥199.00');
    expect(page.body).toContain('标准会员·12个月');

    const sim = await simulate(t, order);
    expect(sim.body).toEqual({ code: 200, msg: '支付成功', data: { status: 'SUCCESS' } });
    expect(await status(t, token, order)).toEqual({ code: 200, msg: '支付成功', data: { status: 'SUCCESS' } });

    const p = await profile(t, token);
    expect(p).toMatchObject({ vip_days: 365, vip_life: 0, svip_days: 0, order_num: 1 });
    expect(p.vip_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(memberTools(p.benefits)).toBe(1);
    const vc = VipCenterData.parse((await t.call('GET', '/v2/user/vipcenter/profile', { token })).body.data);
    expect(vc).toMatchObject({ login: true, username: '用户8001', vip_days: 365, vip_time: p.vip_time });

    const orders = await t.call('GET', '/v2/user/order/?page=1&limit=20', { token });
    expect(orders.body.count).toBe(1);
    const [item] = z.array(OrderItem).parse(orders.body.data);
    expect(item).toMatchObject({ order_id: order, product: '标准会员·12个月', money: 199, trading_status: '已支付' });
    expect(item!.pay_time).toMatch(/^\d{4}-/);
  });

  it('extends once however often the payment is applied, and stacks separate orders', async () => {
    const { token } = await register(t, A);
    const { order } = await buy(t, token, 'vip_1m');
    expect((await simulate(t, order)).body.data.status).toBe('SUCCESS');
    expect((await simulate(t, order)).body.data.status).toBe('SUCCESS');
    await Promise.all([simulate(t, order), status(t, token, order), status(t, token, order)]);
    expect((await profile(t, token)).vip_days).toBe(30);
    // A second order is a second purchase: it adds on top.
    const second = await buy(t, token, 'vip_1m');
    await Promise.all([simulate(t, second.order), simulate(t, second.order)]);
    expect(await profile(t, token)).toMatchObject({ vip_days: 60, order_num: 2 });
  });

  it('expires an unpaid order after 30 minutes; it can no longer be paid', async () => {
    const { token } = await register(t, A);
    const polled = await buy(t, token, 'vip_1m');
    const unpolled = await buy(t, token, 'vip_3m');
    t.clock.advance(29 * 60_000);
    expect((await status(t, token, polled.order)).data.status).toBe('FAIL');
    t.clock.advance(2 * 60_000);
    expect((await status(t, token, polled.order)).data.status).toBe('EXPIRED');
    expect((await simulate(t, polled.order)).body).toMatchObject({ code: 400, msg: CommerceMessages.orderExpired });
    // Never polled: simulate finds it past its time, expires it and refuses.
    expect((await simulate(t, unpolled.order)).body).toMatchObject({ code: 400, msg: CommerceMessages.orderExpired });
    expect((await status(t, token, unpolled.order)).data.status).toBe('EXPIRED');
    expect(await profile(t, token)).toMatchObject({ vip_days: 0, order_num: 0 });
    const list = await t.call('GET', '/v2/user/order/', { token });
    expect(list.body.data.map((o: OrderItem) => o.trading_status)).toEqual(['已过期', '已过期']);
  });

  it("answers 404 for another user's order and refuses unknown products", async () => {
    const a = await register(t, A);
    const b = await register(t, B);
    const { order } = await buy(t, a.token, 'vip_1m');
    const r = await t.call('GET', `/user/pay/status/?order_id=${order}`, { token: b.token });
    expect(r.status).toBe(404);
    expect(r.body.msg).toBe(CommerceMessages.orderUnknown);
    expect((await t.call('GET', '/v2/user/order/', { token: b.token })).body).toMatchObject({ data: [], count: 0 });
    const bad = await t.call('POST', '/user/pay/', { token: a.token, body: { goods: 'vip_forever_free' } });
    expect(bad.body).toMatchObject({ code: 400, msg: CommerceMessages.productUnknown });
    expect((await t.call('POST', '/user/pay/', { body: { goods: 'vip_1m' } })).status).toBe(401);
    expect((await t.call('GET', `/user/pay/status/?order_id=${order}`)).status).toBe(401);
  });

  it('refuses 模拟支付 from another machine or through a proxy', async () => {
    const { token } = await register(t, A);
    const { order } = await buy(t, token, 'vip_1m');
    const remote = await t.call('POST', '/dev/pay/simulate', { body: { order }, ip: REMOTE });
    expect(remote.status).toBe(403);
    expect(remote.body.msg).toBe(PayMessages.devLocalOnly);
    const proxied = await t.app.inject({ method: 'POST', url: '/dev/pay/simulate', payload: { order }, headers: { 'x-forwarded-for': REMOTE } });
    expect(proxied.statusCode).toBe(403);
    const rebound = await t.app.inject({ method: 'POST', url: '/dev/pay/simulate', payload: { order }, headers: { host: 'evil.example' } });
    expect(rebound.statusCode).toBe(403);
    expect((await status(t, token, order)).data.status).toBe('FAIL');
    expect((await profile(t, token)).vip_days).toBe(0);
  });

  it('rewards the inviter once, when the invitee first pays', async () => {
    const inviter = await register(t, A);
    const code = (await profile(t, inviter.token)).invitation_code as string;
    const invitee = await register(t, B, 'secret123', code);
    expect((await profile(t, inviter.token)).vip_days).toBe(0);
    const first = await buy(t, invitee.token, 'svip_1m');
    await simulate(t, first.order);
    expect(await profile(t, inviter.token)).toMatchObject({ vip_days: 30, order_num: 0 });
    const second = await buy(t, invitee.token, 'vip_1m');
    await simulate(t, second.order);
    expect((await profile(t, inviter.token)).vip_days).toBe(30);
    // The invitee paid for their own membership only.
    expect(await profile(t, invitee.token)).toMatchObject({ svip_days: 30, vip_days: 30 });
  });

  it('sets lifetime for a lifetime product and extends the advanced tier for an advanced one', async () => {
    const { token } = await register(t, A);
    const life = await buy(t, token, 'vip_life');
    await simulate(t, life.order);
    expect(await profile(t, token)).toMatchObject({ vip_life: 1, svip_life: 0, svip_days: 0 });
    const adv = await buy(t, token, 'svip_12m');
    await simulate(t, adv.order);
    const p = await profile(t, token);
    expect(p).toMatchObject({ vip_life: 1, svip_days: 365, svip_life: 0 });
    expect(advancedTools(p.benefits)).toBe(1);
    t.clock.advance(366 * DAY);
    const later = await profile(t, await login(t, A));
    expect(later).toMatchObject({ svip_days: 0, vip_life: 1 });
    expect(advancedTools(later.benefits)).toBe(0);
    expect(memberTools(later.benefits)).toBe(1);
  });

  it('charges the before-price once the promotion has ended', async () => {
    await register(t, A);
    t.clock.advance(40 * DAY);
    const token = await login(t, A);
    const year = z.array(Product).parse((await t.call('GET', '/home/getProductsList')).body.data).find((p) => p.vip_pid === 'vip_12m');
    expect(year).toMatchObject({ money: 299, before_price: null, is_active: 0, expiration_time: null });
    const { order } = await buy(t, token, 'vip_12m');
    expect((await t.call('GET', '/v2/user/order/', { token })).body.data[0]).toMatchObject({ order_id: order, money: 299, trading_status: '待支付' });
  });

  it('pages the order list newest first', async () => {
    const { token } = await register(t, A);
    const ids: string[] = [];
    for (const g of ['vip_1m', 'vip_3m', 'svip_1m']) {
      ids.push((await buy(t, token, g)).order);
      t.clock.advance(1000);
    }
    const p1 = await t.call('GET', '/v2/user/order/?page=1&limit=2', { token });
    const p2 = await t.call('GET', '/v2/user/order/?page=2&limit=2', { token });
    expect(p1.body.count).toBe(3);
    expect(p1.body.data.map((o: OrderItem) => o.order_id)).toEqual([ids[2], ids[1]]);
    expect(p2.body.data.map((o: OrderItem) => o.order_id)).toEqual([ids[0]]);
    expect(p1.body.data.map((o: OrderItem) => o.trading_status)).toEqual(['待支付', '待支付']);
  });
});

describe('payment settings', () => {
  it('limits order creation per user', async () => {
    const t = await startTestApp({ PAY_ORDERS_PER_HOUR: '2' });
    try {
      const { token } = await register(t, A);
      await buy(t, token, 'vip_1m');
      await buy(t, token, 'vip_1m');
      const third = await t.call('POST', '/user/pay/', { token, body: { goods: 'vip_1m' } });
      expect(third.status).toBe(429);
      expect(third.body.msg).toBe(PayMessages.tooManyOrders);
      t.clock.advance(61 * 60_000);
      await buy(t, token, 'vip_1m');
    } finally {
      await t.close();
    }
  });

  it('gives no invitation reward with INVITE_REWARD_DAYS=0', async () => {
    const t = await startTestApp({ INVITE_REWARD_DAYS: '0' });
    try {
      const inviter = await register(t, A);
      const invitee = await register(t, B, 'secret123', (await profile(t, inviter.token)).invitation_code);
      await simulate(t, (await buy(t, invitee.token, 'vip_1m')).order);
      expect((await profile(t, inviter.token)).vip_days).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe('WeChat Pay v3 (local fake of the API)', () => {
  let fake: FakeWechatPay;
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    fake = await startFakeWechatPay();
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    t = await startTestApp(fake.env());
    fake.now = () => t.clock.t;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => t.close());

  const notify = async (n: { headers: Record<string, string>; body: string }) => {
    const res = await fetch(`${base}/pay/notify/wechatpay`, { method: 'POST', headers: n.headers, body: n.body });
    return { status: res.status, body: await res.text() };
  };

  it('pays through a signed notification; a replay extends once; a forged one is refused', async () => {
    const { token } = await register(t, A);
    const { code_url, order } = await buy(t, token, 'vip_12m');
    expect(code_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(fake.orders.get(order)).toMatchObject({ total: 19900, state: 'NOTPAY', description: 'LabStat 标准会员·12个月' });
    expect((await status(t, token, order)).data.status).toBe('FAIL');

    // Before the payer pays: a forged "success" changes nothing.
    const forged = await notify(fake.notification(order, { forge: true }));
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body)).toMatchObject({ code: 'FAIL' });
    expect((await status(t, token, order)).data.status).toBe('FAIL');
    expect((await profile(t, token)).vip_days).toBe(0);

    fake.pay(order);
    const n = fake.notification(order);
    expect((await notify(n)).status).toBe(204);
    expect((await profile(t, token)).vip_days).toBe(365);
    // WeChat Pay retries, or someone replays it: same answer, no second year.
    expect((await notify(n)).status).toBe(204);
    expect((await notify(fake.notification(order))).status).toBe(204);
    expect(await profile(t, token)).toMatchObject({ vip_days: 365, order_num: 1 });
    expect((await status(t, token, order)).data.status).toBe('SUCCESS');
  });

  it('refuses a payment whose amount differs from the order, leaving the order unpaid', async () => {
    const { token } = await register(t, A);
    const { order } = await buy(t, token, 'vip_1m');
    fake.pay(order, 1);
    const r = await notify(fake.notification(order));
    expect(r.status).toBe(400);
    expect((await status(t, token, order)).data.status).toBe('FAIL');
    expect((await profile(t, token)).vip_days).toBe(0);
    expect((await t.call('GET', '/v2/user/order/', { token })).body.data[0].trading_status).toBe('待支付');
  });

  it('completes an order whose notification never came when the client polls', async () => {
    const { token } = await register(t, A);
    const { order } = await buy(t, token, 'svip_1m');
    fake.pay(order);
    expect(await status(t, token, order)).toEqual({ code: 200, msg: '支付成功', data: { status: 'SUCCESS' } });
    expect((await profile(t, token)).svip_days).toBe(30);
    // The late notification then changes nothing.
    expect((await notify(fake.notification(order))).status).toBe(204);
    expect((await profile(t, token)).svip_days).toBe(30);
  });

  it('closes an unpaid order at WeChat Pay when it expires', async () => {
    const { token } = await register(t, A);
    const { order } = await buy(t, token, 'vip_1m');
    t.clock.advance(31 * 60_000);
    expect((await status(t, token, order)).data.status).toBe('EXPIRED');
    expect(fake.orders.get(order)!.state).toBe('CLOSED');
    expect(fake.requests.filter((r) => r.path.endsWith(`${order}/close`)).every((r) => r.authOk)).toBe(true);
  });

  it('has no sandbox page or 模拟支付 route', async () => {
    const { token } = await register(t, A);
    const { order } = await buy(t, token, 'vip_1m');
    expect((await simulate(t, order)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/pay/sandbox/${order}` })).statusCode).toBe(404);
  });
});
