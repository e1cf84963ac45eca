// The operator console's API (issue 24) over real HTTP on a temporary database: the one guard in
// front of every route of the table, metadata only, an audit row per action, and the effects
// operators have on the rest of the site (feedback replies, codes, tools, locked accounts).
import type { AddressInfo } from 'node:net';
import { AccountMessages, CommerceMessages, OPS_ROUTES, OpsMessages, OpsPaths } from '@labstat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../db/seed.js';
import { runOps } from '../cli/ops.js';
import { register } from '../test/account-flows.js';
import { uploadOk } from '../test/files.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { submitBody, ttest } from '../test/tool-flows.js';
import { registeredOpsRoutes } from './ops.js';

let t: TestApp;
let base: string;
let operator: string;
let operatorId: number;
let alice: string;
let aliceId: number;
const OPERATOR_PHONE = '13900000001';
const ALICE_PHONE = '13900000002';

interface Answer {
  status: number;
  type: string;
  text: string;
  body: { code: number; msg: string; data: any; count?: number };
}

async function api(method: 'GET' | 'POST', path: string, opts: { token?: string; body?: unknown } = {}): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(opts.token ? { 'X-Csrftoken': opts.token } : {}),
      ...(opts.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const text = await res.text();
  let body: Answer['body'];
  try {
    body = JSON.parse(text) as Answer['body'];
  } catch {
    body = { code: -1, msg: '', data: null };
  }
  return { status: res.status, type: res.headers.get('content-type') ?? '', text, body };
}
const opsGet = (path: string) => api('GET', path, { token: operator });
const opsPost = (path: string, body: unknown) => api('POST', path, { token: operator, body });

const env = () => ({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', WEB_DIST: '', ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}) });
async function cli(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(argv, env(), { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

async function auditRows(action: string): Promise<any[]> {
  const r = await opsGet(`${OpsPaths.audit}?action=${encodeURIComponent(action)}&limit=200`);
  expect(r.body.code).toBe(200);
  return r.body.data as any[];
}

const userIdOf = async (mobile: string) => (await t.db.kysely.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  operator = (await register(t, OPERATOR_PHONE)).token;
  alice = (await register(t, ALICE_PHONE)).token;
  operatorId = await userIdOf(OPERATOR_PHONE);
  aliceId = await userIdOf(ALICE_PHONE);
  const granted = await cli('grant-operator', OPERATOR_PHONE);
  expect(granted.code).toBe(0);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the operator guard', () => {
  it('the route table lists exactly the routes the ops plugin declares, all under /ops', () => {
    const declared = [...registeredOpsRoutes].filter((r) => !r.startsWith('HEAD ')).sort();
    expect(declared).toEqual(OPS_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
    for (const r of OPS_ROUTES) expect(r.path.startsWith('/ops/')).toBe(true);
  });

  it('refuses every operator route to visitors (401) and to users without the role (403), before reading input', async () => {
    for (const r of OPS_ROUTES) {
      const anon = await api(r.method, r.path, r.method === 'POST' ? { body: {} } : {});
      expect(anon.status, `${r.method} ${r.path}`).toBe(401);
      expect(anon.body.code).toBe(50008);
      expect(anon.body.msg).toBe(AccountMessages.loginRequired);
      const user = await api(r.method, r.path, { token: alice, ...(r.method === 'POST' ? { body: {} } : {}) });
      expect(user.status, `${r.method} ${r.path}`).toBe(403);
      expect(user.body).toEqual({ code: 403, msg: OpsMessages.forbidden, data: null });
    }
  });

  it('grant-operator and revoke-operator take effect on the next request, and are audited', async () => {
    const bob = (await register(t, '13900000003')).token;
    expect((await api('GET', OpsPaths.me, { token: bob })).status).toBe(403);
    expect((await cli('grant-operator', '13900000003')).out[0]).toContain('is now an operator');
    const me = await api('GET', OpsPaths.me, { token: bob });
    expect(me.status).toBe(200);
    expect(me.body.data.roles).toEqual(['admin', 'operator']);
    // The profile tells the web app the role too.
    expect((await api('GET', '/v2/user/profile', { token: bob })).body.data.roles).toContain('operator');
    expect((await cli('revoke-operator', '13900000003')).out[0]).toContain('no longer an operator');
    expect((await api('GET', OpsPaths.me, { token: bob })).status).toBe(403);
    expect((await cli('grant-operator', '13999999999')).code).toBe(1);
    const bobId = await userIdOf('13900000003');
    const grants = await auditRows('role.grant');
    expect(grants.some((a) => a.target === `user:${bobId}` && a.actor.id === 0)).toBe(true);
    expect((await auditRows('role.revoke')).length).toBeGreaterThanOrEqual(1);
  });
});

describe('feedback', () => {
  it('an operator answers a thread with sanitised rich text; the user sees the reply and the thread completed', async () => {
    const add = await api('POST', '/user/feedback-v2', { token: alice, body: { type: '使用故障', content: '<p>报告打不开</p>' } });
    const feedbackid = add.body.data.feedbackid as number;
    const queue = await opsGet(OpsPaths.feedbackList);
    expect(queue.body.data.map((f: any) => f.feedbackid)).toContain(feedbackid);
    expect(queue.body.data.find((f: any) => f.feedbackid === feedbackid).user.mobile).toBe(ALICE_PHONE);

    const reply = await opsPost(OpsPaths.feedbackReply, { feedbackid, html: '<p>已修复，<strong>请刷新</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)">' });
    expect(reply.body.code).toBe(200);
    const seen = await api('GET', `/user/feedback-v2/look?feedbackid=${feedbackid}`, { token: alice });
    expect(seen.body.data.status).toBe(1);
    const last = seen.body.data.conversation.at(-1);
    expect(last.role).toBe('other');
    expect(last.text).toBe('<p>已修复，<strong>请刷新</strong></p>');

    const look = await opsGet(`${OpsPaths.feedbackLook}?feedbackid=${feedbackid}`);
    expect(look.body.data.conversation).toHaveLength(2);

    // The user answers again (pending); the operator closes it without replying.
    await api('POST', '/user/feedback-v2/send', { token: alice, body: { feedbackid, input: '<p>谢谢</p>' } });
    expect((await opsPost(OpsPaths.feedbackComplete, { feedbackid })).body.code).toBe(200);
    expect((await api('GET', `/user/feedback-v2/look?feedbackid=${feedbackid}`, { token: alice })).body.data.status).toBe(1);

    const audit = await auditRows('feedback.reply');
    expect(audit[0]).toMatchObject({ target: `feedback:${feedbackid}`, actor: { id: operatorId, mobile: OPERATOR_PHONE } });
    expect(JSON.parse(audit[0].before)).toEqual({ status: 2 });
    expect(JSON.parse(audit[0].after).status).toBe(1);
    expect((await auditRows('feedback.complete'))[0].target).toBe(`feedback:${feedbackid}`);
  });
});

describe('redeem-code batches', () => {
  it('needs a reason; creates, exports as CSV, and a user redeems one', async () => {
    const noReason = await opsPost(OpsPaths.batchCreate, { tier: 'vip', days: 30, count: 3, reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toBe(OpsMessages.reasonRequired);

    const made = await opsPost(OpsPaths.batchCreate, { tier: 'vip', days: 30, count: 3, expires: '2099-12-31', note: '线下活动', reason: '医院合作活动' });
    expect(made.body.code).toBe(200);
    const { batchId, codes } = made.body.data as { batchId: number; codes: string[] };
    expect(codes).toHaveLength(3);

    const r = await api('POST', '/v2/user/redeem', { token: alice, body: { redeemCode: codes[0] } });
    expect(r.body.msg).toBe(CommerceMessages.redeemOk);

    const csv = await opsGet(`${OpsPaths.batchExport}?id=${batchId}`);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('code,tier,duration,expires,status,used_by,used_at');
    expect(lines).toHaveLength(4);
    const used = lines.find((l) => l.startsWith(codes[0]!))!;
    expect(used).toContain(`标准会员,1个月,2099-12-31 23:59:59,已使用,${aliceId},`);

    const list = await opsGet(OpsPaths.batches);
    expect(list.body.data[0]).toMatchObject({ id: batchId, count: 3, used: 1, voided: 0, note: '线下活动', duration: '1个月' });

    const one = await opsPost(OpsPaths.codeVoid, { code: codes[1], reason: '码泄露' });
    expect(one.body.code).toBe(200);
    expect((await opsPost(OpsPaths.codeVoid, { code: codes[0], reason: '码泄露' })).body.msg).toBe(OpsMessages.codeUsed);
    expect((await api('POST', '/v2/user/redeem', { token: alice, body: { redeemCode: codes[1] } })).body.msg).toBe(CommerceMessages.redeemVoided);

    const created = (await auditRows('batch.create')).find((a) => a.target === `batch:${batchId}`);
    expect(created.reason).toBe('医院合作活动');
    // The log says what the batch is, never its codes.
    for (const c of codes) expect(created.after).not.toContain(c);
    expect((await auditRows('batch.export'))[0].target).toBe(`batch:${batchId}`);
    expect((await auditRows('code.void'))[0].reason).toBe('码泄露');
  });

  it('voiding a batch while users redeem its codes: each code ends either used or void, never both', async () => {
    const made = await opsPost(OpsPaths.batchCreate, { tier: 'svip', days: 7, count: 16, reason: '并发测试' });
    const { batchId, codes } = made.body.data as { batchId: number; codes: string[] };
    const users = [(await register(t, '13900000011')).token, (await register(t, '13900000012')).token];
    const redeems = codes.map((code, i) => api('POST', '/v2/user/redeem', { token: users[i % 2]!, body: { redeemCode: code } }));
    const voiding = opsPost(OpsPaths.batchVoid, { id: batchId, reason: '活动取消' });
    const [answers, voided] = await Promise.all([Promise.all(redeems), voiding]);
    const rows = await t.db.kysely.selectFrom('redeem_codes').selectAll().where('batch_id', '=', batchId).execute();
    const usedRows = rows.filter((r) => r.used_at !== null);
    for (const r of rows) expect((r.used_at !== null) !== (r.voided_at !== null)).toBe(true);
    expect(voided.body.data.voided).toBe(16 - usedRows.length);
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(usedRows.length);
    // Each success granted exactly one membership.
    const grants = await t.db.kysely.selectFrom('membership_grants').select('source').where('source', 'in', codes.map((c) => `redeem:${c}`)).execute();
    expect(grants).toHaveLength(usedRows.length);
    const audit = (await auditRows('batch.void')).find((a) => a.target === `batch:${batchId}`);
    expect(JSON.parse(audit.after)).toEqual({ voided: 16 - usedRows.length });
    expect(audit.reason).toBe('活动取消');
  });
});

describe('the catalogue', () => {
  const searchIds = async () =>
    ((await api('GET', '/anatools/basic/menu-list/searchtools?level1=med&page=1&limit=100', { token: alice })).body.data as Array<{ id: number }>).map((x) => x.id);

  const hotIds = async () => {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const r = (await api('GET', `/anatools/association?type=hot&limit=50&page=${page}`, { token: alice })).body.data;
      ids.push(...r.association.map((c: { id: number }) => c.id));
      if (ids.length >= r.count || r.association.length === 0) return ids;
    }
  };

  it('a disabled tool disappears from every list and refuses submission; enabling brings it back', async () => {
    expect(await searchIds()).toContain(1003);
    expect(await hotIds()).toContain(1003);
    const fid = (await api('GET', '/anatools/config/base?toolId=1003', { token: alice })).body.data.step[0].exampleFile[0]._fid as string;

    const off = await opsPost(OpsPaths.toolUpdate, { id: 1003, enabled: false, reason: '结果异常，排查中' });
    expect(off.body.data.enabled).toBe(false);
    expect(await searchIds()).not.toContain(1003);
    expect(await hotIds()).not.toContain(1003);
    const byName = await api('GET', `/anatools/basic/menu-list/searchtools?level1=med&toolname=${encodeURIComponent('独立样本')}`, { token: alice });
    expect(byName.body.data.map((x: any) => x.id)).not.toContain(1003);
    expect((await api('GET', '/anatools/config/base?toolId=1003', { token: alice })).body.code).toBe(404);
    const refused = await api('POST', '/anatools/v2', { token: alice, body: submitBody(fid, ttest) });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(OpsMessages.toolDisabled);

    await opsPost(OpsPaths.toolUpdate, { id: 1003, enabled: true, reason: '已修复' });
    expect(await searchIds()).toContain(1003);
    const audit = (await auditRows('tool.update')).filter((a) => a.target === 'tool:1003');
    expect(audit.map((a) => JSON.parse(a.after).enabled)).toEqual([true, false]);
    expect(audit[1].reason).toBe('结果异常，排查中');
  });

  it('VIP level, hot order and manual apply at once and survive re-seeding', async () => {
    const erin = (await register(t, '13900000041')).token;
    const set = await opsPost(OpsPaths.toolUpdate, { id: 1003, vip_override: 1, hot_order: 0, manual_override: '# 运营手册\n\n替换的说明' });
    expect(set.body.data).toMatchObject({ vip_level: 1, vip_override: 1, hot_order: 0, order: 0 });
    const check = async () => {
      const ids = await searchIds();
      expect(ids[0]).toBe(1003);
      const detail = (await api('GET', '/anatools/config/base?toolId=1003', { token: erin })).body.data;
      expect(detail.vip).toBe(true);
      expect(detail.is_authorized).toBe(0);
      const manual = await api('GET', '/anatools/manual?toolId=1003', { token: erin });
      expect(manual.text).toContain('替换的说明');
    };
    await check();
    // What `npm start` does on every start.
    await seed(t.db);
    await t.services.tools.seed();
    await check();
    const listed = (await opsGet(`${OpsPaths.tools}?q=1003`)).body.data[0];
    expect(listed).toMatchObject({ id: 1003, vip_override: 1, hot_order: 0, default_vip_level: 0, enabled: true });

    // A free user's submission is refused as for any member tool; clearing the overrides restores it.
    const fid = (await api('GET', '/anatools/config/base?toolId=1003', { token: erin })).body.data.step[0].exampleFile[0]._fid as string;
    expect((await api('POST', '/anatools/v2', { token: erin, body: submitBody(fid, ttest) })).status).toBe(403);
    await opsPost(OpsPaths.toolUpdate, { id: 1003, vip_override: null, hot_order: null, manual_override: null });
    const detail = (await api('GET', '/anatools/config/base?toolId=1003', { token: erin })).body.data;
    expect(detail.is_authorized).toBe(1);
  });
});

describe('tool videos', () => {
  const upload = async (toolId: string, bytes: Buffer, token = operator) => {
    const form = new FormData();
    form.append('id', toolId);
    form.append('file', new Blob([new Uint8Array(bytes)]), 'demo.mp4');
    const res = await fetch(`${base}${OpsPaths.toolVideo}`, { method: 'POST', headers: { 'X-Csrftoken': token }, body: form });
    return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
  };

  it('an operator uploads a video through the video service and clears it; not a video is refused in Chinese', async () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(2048, 1)]);
    expect((await upload('1004', mp4, alice)).status).toBe(403);
    const ok = await upload('1004', mp4);
    expect(ok.body.code).toBe(200);
    expect((await api('GET', '/anatools/video?toolId=1004', { token: alice })).body.data.status).toBe(1);
    const bad = await upload('1004', Buffer.from('not a video at all'));
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/MP4 或 WebM/);
    expect((await opsPost(OpsPaths.toolVideoClear, { id: 1004, reason: '视频过期' })).body.code).toBe(200);
    expect((await api('GET', '/anatools/video?toolId=1004', { token: alice })).body.data.status).toBe(0);
    expect((await auditRows('tool.video'))[0].target).toBe('tool:1004');
    expect((await auditRows('tool.video.clear'))[0].reason).toBe('视频过期');
  });
});

describe('users', () => {
  it('a locked user cannot use the API or log in, with a clear message; unlocking restores both', async () => {
    const carol = (await register(t, '13900000021')).token;
    const carolId = await userIdOf('13900000021');
    const noReason = await opsPost(OpsPaths.userLock, { userId: carolId, locked: true, reason: '' });
    expect(noReason.status).toBe(400);
    expect((await opsPost(OpsPaths.userLock, { userId: carolId, locked: true, reason: '批量注册刷礼包' })).body.code).toBe(200);

    const refused = await api('GET', '/v2/user/profile', { token: carol });
    expect(refused.status).toBe(401);
    expect(refused.body.msg).toBe(OpsMessages.accountLocked);
    const login = await api('POST', '/login/', { body: { username: '13900000021', password: 'secret123' } });
    expect(login.body.msg).toBe(OpsMessages.accountLocked);
    expect(login.body.data?.access_token).toBeUndefined();

    const found = await opsGet(`${OpsPaths.users}?q=13900000021`);
    expect(found.body.data[0]).toMatchObject({ id: carolId, locked: true, lock_reason: '批量注册刷礼包' });

    await opsPost(OpsPaths.userLock, { userId: carolId, locked: false, reason: '误封' });
    const again = await api('POST', '/login/', { body: { username: '13900000021', password: 'secret123' } });
    expect(again.body.code).toBe(200);
    // Sessions ended by the lock stay ended.
    expect((await api('GET', '/v2/user/profile', { token: carol })).status).toBe(401);
    const audit = (await auditRows('user.lock')).filter((a) => a.target === `user:${carolId}`);
    expect(audit.map((a) => a.reason)).toEqual(['误封', '批量注册刷礼包']);
  });

  it('extends and revokes membership with a reason, through the membership ledger', async () => {
    expect((await opsPost(OpsPaths.userMembership, { userId: aliceId, tier: 'svip', action: 'extend', days: 30 })).status).toBe(400);
    const before = (await api('GET', '/v2/user/profile', { token: alice })).body.data;
    expect((await opsPost(OpsPaths.userMembership, { userId: aliceId, tier: 'svip', action: 'extend', days: 30, reason: '补偿故障' })).body.code).toBe(200);
    const after = (await api('GET', '/v2/user/profile', { token: alice })).body.data;
    expect(after.svip_days).toBe(before.svip_days + 30);
    const listed = (await opsGet(`${OpsPaths.users}?q=${ALICE_PHONE}`)).body.data[0];
    expect(listed.tier).toBe('svip');
    await opsPost(OpsPaths.userMembership, { userId: aliceId, tier: 'svip', action: 'revoke', reason: '误操作撤回' });
    expect((await api('GET', '/v2/user/profile', { token: alice })).body.data.svip_days).toBe(0);
    const audit = (await auditRows('membership.change')).filter((a) => a.target === `user:${aliceId}`);
    expect(audit.map((a) => a.reason)).toEqual(['误操作撤回', '补偿故障']);
    expect(JSON.parse(audit[1].after).tier).toBe('svip');
  });
});

describe('commerce', () => {
  it('free-plan review: approve grants one month once per user, reject needs a reason', async () => {
    const dave = (await register(t, '13900000031')).token;
    const daveId = await userIdOf('13900000031');
    const insert = async () =>
      (
        await t.db.kysely
          .insertInto('free_plan_submissions')
          .values({ user_id: daveId, file_path: '/uploads/files/clutter/00000000-0000-4000-8000-000000000000.png', status: 'pending', reason: '', created_at: t.clock.t, reviewed_at: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const first = await insert();
    const pending = await opsGet(OpsPaths.freePlanList);
    expect(pending.body.data.find((x: any) => x.id === first)).toMatchObject({ userId: daveId, mobile: '13900000031', status: 'pending' });
    expect((await opsPost(OpsPaths.freePlanReview, { id: first, decision: 'reject', reason: '' })).status).toBe(400);
    expect((await opsPost(OpsPaths.freePlanReview, { id: first, decision: 'approve', reason: '截图有效' })).body.data.outcome).toBe('approved');
    expect((await api('GET', '/v2/user/profile', { token: dave })).body.data.vip_days).toBe(30);
    expect((await opsPost(OpsPaths.freePlanReview, { id: first, decision: 'approve', reason: '再次' })).body.msg).toBe(OpsMessages.freePlanNotPending);
    const second = await insert();
    expect((await opsPost(OpsPaths.freePlanReview, { id: second, decision: 'approve', reason: '截图有效' })).body.data.outcome).toBe('already-had');
    expect((await api('GET', '/v2/user/profile', { token: dave })).body.data.vip_days).toBe(30);
    expect((await auditRows('freeplan.review')).filter((a) => a.target.startsWith(`user:${daveId} `))).toHaveLength(2);
  });

  it('orders: search by phone, manual close through the payment service with a reason', async () => {
    const order = (await api('POST', '/user/pay/', { token: alice, body: { goods: 'vip_1m' } })).body.data.order as string;
    const found = await opsGet(`${OpsPaths.orders}?q=${ALICE_PHONE}`);
    expect(found.body.data.find((o: any) => o.order_id === order)).toMatchObject({ status: 'created', money: 29.9, mobile: ALICE_PHONE });
    expect((await opsPost(OpsPaths.orderClose, { order_id: order, reason: '' })).status).toBe(400);
    expect((await opsPost(OpsPaths.orderClose, { order_id: order, reason: '用户要求取消' })).body.code).toBe(200);
    expect((await api('GET', `/user/pay/status/?order_id=${order}`, { token: alice })).body.data.status).toBe('CLOSED');
    expect((await opsPost(OpsPaths.orderClose, { order_id: order, reason: '用户要求取消' })).body.msg).toContain(OpsMessages.orderNotClosable);
    const audit = (await auditRows('order.close'))[0];
    expect(audit.reason).toBe('用户要求取消');
    expect(JSON.parse(audit.before).status).toBe('created');
  });

  it('products and promotions: a sale shows on the VIP page at once and is audited', async () => {
    const products = (await opsGet(OpsPaths.products)).body.data as any[];
    const month = products.find((p) => p.vip_pid === 'vip_1m');
    expect(month).toMatchObject({ tier: 'vip', days: 30, price: 29.9, active: true });
    expect((await opsPost(OpsPaths.productSave, { ...month, price: 19.9, before_price: 9.9 })).status).toBe(400);
    const sale = await opsPost(OpsPaths.productSave, { ...month, price: 19.9, before_price: 29.9, promo_end_time: '2099-01-01 00:00:00', reason: '双十一' });
    expect(sale.body.code).toBe(200);
    const shown = ((await api('GET', '/home/getProductsList')).body.data as any[]).find((p) => p.vip_pid === 'vip_1m');
    expect(shown).toMatchObject({ money: 19.9, before_price: 29.9, is_active: 1, expiration_time: '2099-01-01 00:00:00' });
    const audit = (await auditRows('product.save'))[0];
    expect(audit).toMatchObject({ target: 'product:vip_1m', reason: '双十一' });
    expect(JSON.parse(audit.before).price_fen).toBe(2990);
    expect(JSON.parse(audit.after).price_fen).toBe(1990);
    await opsPost(OpsPaths.productSave, { ...month, reason: '活动结束' });
  });

  it('gifts: granted to a list of phone numbers, unknown numbers reported', async () => {
    const r = await opsPost(OpsPaths.giftGrant, { mobiles: [ALICE_PHONE, '13999990000'], name: '感谢礼包', description: '问卷回馈', reason: '问卷活动' });
    expect(r.body.data.unknown).toEqual(['13999990000']);
    expect(r.body.data.granted).toHaveLength(1);
    const gifts = await api('GET', '/v2/user/gift/list?page=1&limit=20', { token: alice });
    expect(gifts.body.data.map((g: any) => g.name)).toContain('感谢礼包');
    expect((await auditRows('gift.grant'))[0]).toMatchObject({ target: `user:${aliceId} gift:${r.body.data.granted[0].giftId}`, reason: '问卷活动' });
  });
});

describe('content', () => {
  it('announcements, notices, news, carousel, pages and the agreement URL are saved sanitised and audited', async () => {
    const a = await opsPost(OpsPaths.announcementSave, { title: '维护通知', content: '<p>今晚维护</p><script>x()</script>' });
    expect((await opsGet(OpsPaths.announcements)).body.data.find((x: any) => x.id === a.body.data.id).content).toBe('<p>今晚维护</p>');
    expect((await opsPost(OpsPaths.noticeSave, { type: 'link', link: 'javascript:alert(1)', content: '点我' })).status).toBe(400);
    const n = await opsPost(OpsPaths.noticeSave, { type: 'link', link: '/vip', content: '会员限时优惠' });
    expect((await api('GET', '/dynamics/notification')).body.data).toContainEqual({ type: 'link', link: '/vip', content: '会员限时优惠' });
    await opsPost(OpsPaths.noticeDelete, { id: n.body.data.id });
    await opsPost(OpsPaths.newsSave, { title: '新增工具', content: ['<p>新增判别分析</p>'], published: '2026-11-20' });
    const island = (await api('GET', '/dynamics/island?page=1&limit=20')).body.data as Array<{ title: string; created_at: string }>;
    expect(island.find((x) => x.title === '新增工具')).toMatchObject({ created_at: '2026-11-20' });

    expect((await opsPost(OpsPaths.carouselSave, { title: '坏背景', bg: 'url(https://evil.example/x.png)' })).status).toBe(400);
    const s = await opsPost(OpsPaths.carouselSave, { title: '新版上线', text: '更快的报告', bg: 'linear-gradient(120deg,#409EFF,#1d4ed8)', link: '/public-tool/med' });
    await opsPost(OpsPaths.carouselSave, { title: '隐藏', active: false });
    const pub = await api('GET', '/home/carousel');
    expect(pub.body.data.map((x: any) => x.title)).toEqual(['新版上线']);
    expect(pub.body.data[0].id).toBe(s.body.data.id);

    await opsPost(OpsPaths.pageSave, { item: 'team', title: '团队介绍', html: '<h2>我们</h2><p>运营编辑</p><iframe src="x"></iframe>' });
    await seed(t.db);
    const team = await api('GET', '/dynamics?item=teamIntroduction');
    expect(team.body.data).toEqual({ title: '团队介绍', introduction: '<h2>我们</h2><p>运营编辑</p>' });
    expect((await opsGet(OpsPaths.pages)).body.data.find((p: any) => p.item === 'team').source).toBe('operator');

    await opsPost(OpsPaths.agreementSave, { url: '/static/agreement-v2.html' });
    expect((await opsGet(OpsPaths.agreement)).body.data.url).toBe('/static/agreement-v2.html');

    for (const action of ['announcement.save', 'notice.save', 'notice.delete', 'news.save', 'carousel.save', 'page.save', 'agreement.save']) {
      expect((await auditRows(action)).length, action).toBeGreaterThan(0);
    }
  });
});

describe('metadata only, the dashboard and the audit log', () => {
  it('operators see counts, never a user file or report, through any ops route', async () => {
    const rows = ['组别,治疗后收缩压', ...Array.from({ length: 8 }, (_, i) => `${i % 2 ? 'SECRETGROUPA' : 'SECRETGROUPB'},${120 + i * 3}`)].join('\n');
    const file = await uploadOk(t, alice, 'SECRETFILENAME.csv', Buffer.from(rows));
    const fid = file._fid as string;
    const run = await api('POST', '/anatools/v2', { token: alice, body: submitBody(fid, ttest) });
    expect(run.body.code).toBe(200);
    const reportid = run.body.data.reportid as string;

    const users = await opsGet(`${OpsPaths.users}?q=${ALICE_PHONE}`);
    expect(users.body.data[0].files).toBeGreaterThanOrEqual(1);
    expect(users.body.data[0].tasks).toBeGreaterThanOrEqual(1);

    for (const r of OPS_ROUTES.filter((x) => x.method === 'GET')) {
      const res = await opsGet(`${r.path}?days=30&q=&id=1&feedbackid=1`);
      for (const secret of ['SECRETGROUP', 'SECRETFILENAME', fid, reportid]) expect(res.text, `${r.path} leaks ${secret}`).not.toContain(secret);
    }
    // Their own user routes do not open another user's file or report either.
    expect((await api('GET', `/reports/${reportid}/report.json`, { token: operator })).status).not.toBe(200);
    expect((await api('GET', `/anatools/v2/report?reportid=${reportid}`, { token: operator })).body.code).not.toBe(200);
  }, 60_000);

  it('the dashboard covers the chosen days', async () => {
    const d = await opsGet(`${OpsPaths.dashboard}?days=7`);
    expect(d.body.data.days).toHaveLength(7);
    const today = d.body.data.days.at(-1);
    expect(today.newUsers).toBeGreaterThanOrEqual(2);
    expect(today.analyses).toBeGreaterThanOrEqual(1);
    expect(today.activeUsers).toBeGreaterThanOrEqual(1);
    expect(d.body.data.storage.files).toBeGreaterThanOrEqual(1);
    expect(d.body.data.totals.users).toBeGreaterThanOrEqual(2);
    expect(d.body.data.queue).toMatchObject({ waiting: 0 });
  });

  it('the audit log filters, exports as CSV and cannot be changed', async () => {
    const all = await opsGet(`${OpsPaths.audit}?actor=${operatorId}&limit=5`);
    expect(all.body.count).toBeGreaterThan(5);
    expect(all.body.data).toHaveLength(5);
    const byTarget = await opsGet(`${OpsPaths.audit}?target=tool:1003`);
    expect(byTarget.body.data.every((a: any) => a.target === 'tool:1003')).toBe(true);
    const today = (await opsGet(`${OpsPaths.dashboard}?days=1`)).body.data.days[0].date as string;
    const dated = await opsGet(`${OpsPaths.audit}?from=${today}&to=${today}&actor=&action=user.lock`);
    expect(dated.body.count).toBe(2);
    expect((await opsGet(`${OpsPaths.audit}?to=2000-01-01`)).body.count).toBe(0);
    const csv = await opsGet(`${OpsPaths.auditExport}?action=batch.create`);
    expect(csv.type).toContain('text/csv');
    expect(csv.text).toContain('医院合作活动');
    await expect(t.db.kysely.updateTable('ops_audit').set({ reason: 'changed' }).execute()).rejects.toThrow();
    await expect(t.db.kysely.deleteFrom('ops_audit').execute()).rejects.toThrow();
  });
});
