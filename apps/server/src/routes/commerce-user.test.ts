// Redeem codes, gifts, uploads, free plan, profile, phone change and WeChat binding through the HTTP
// API (issue 18, server half B).
import { CommerceMessages, IMAGE_MAX_BYTES } from '@labstat/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { register, sendCode } from '../test/account-flows.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size = 64) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 7)]);
const uuid = () => crypto.randomUUID();

async function batch(opts: { tier?: 'vip' | 'svip'; days?: number | null; count?: number; expiresAt?: number | null } = {}) {
  const r = await t.services.commerce.redeem.createBatch({
    tier: opts.tier ?? 'vip',
    days: opts.days === undefined ? 30 : opts.days,
    count: opts.count ?? 1,
    expiresAt: opts.expiresAt ?? null,
    note: 'test',
  });
  return r.codes;
}

const profile = async (token: string) => (await t.call('GET', '/v2/user/profile', { token })).body.data;
const redeem = (token: string, redeemCode: string, ip?: string) => t.call('POST', '/v2/user/redeem', { token, body: { redeemCode }, ...(ip ? { ip } : {}) });

async function put(uploadUrl: string, key: string, body: Buffer, contentType = 'image/png') {
  const res = await t.app.inject({ method: 'PUT', url: `${uploadUrl}&key=${encodeURIComponent(key)}`, payload: body, headers: { 'content-type': contentType } });
  return { status: res.statusCode, body: res.json() };
}

/** Uploads an image as this user; returns its file_path. */
async function upload(token: string, body = png()): Promise<string> {
  const cred = await t.call('GET', '/qcloud/secretkey', { token });
  const r = await put(cred.body.data.uploadUrl, `clutter/${uuid()}.png`, body);
  expect(r.body).toMatchObject({ code: 200, msg: '上传成功' });
  return r.body.data.file_path as string;
}

describe('redeem codes', () => {
  it('one code redeemed by five users at once: exactly one success, one extension', async () => {
    const [code] = await batch({ days: 30 });
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) tokens.push((await register(t, `1380013800${i}`)).token);
    const results = await Promise.all(tokens.map((tk) => redeem(tk, code!)));
    const wins = results.filter((r) => r.body.code === 200);
    expect(wins).toHaveLength(1);
    expect(wins[0]!.body.msg).toBe('兑换成功');
    for (const r of results.filter((x) => x.body.code !== 200)) expect(r.body.msg).toBe(CommerceMessages.redeemUsed);
    const days = await Promise.all(tokens.map(async (tk) => (await profile(tk)).vip_days));
    expect(days.sort()).toEqual([0, 0, 0, 0, 30]);
    const grants = await t.db.kysely.selectFrom('membership_grants').selectAll().where('source', '=', `redeem:${code}`).execute();
    expect(grants).toHaveLength(1);
  });

  it('refuses used, expired, voided and unknown codes; accepts any case and spacing', async () => {
    const { token } = await register(t, '13800138000');
    const { token: other } = await register(t, '13800138001');
    const [live, used, expiring, voided] = await batch({ count: 4, days: 7 });
    const [life] = await batch({ tier: 'svip', days: null });
    await t.db.kysely.updateTable('redeem_codes').set({ expires_at: t.clock.t + 1000 }).where('code', '=', expiring!).execute();
    expect(await t.services.commerce.redeem.voidCode(voided!)).toBe('voided');

    const spaced = `  ${live!.toLowerCase().slice(0, 8)}-${live!.toLowerCase().slice(8)} `;
    expect((await redeem(token, spaced)).body).toMatchObject({ code: 200, msg: '兑换成功' });
    expect((await redeem(other, used!)).body.code).toBe(200);
    expect((await redeem(token, used!)).body).toMatchObject({ code: 400, msg: CommerceMessages.redeemUsed });
    t.clock.advance(2000);
    expect((await redeem(token, expiring!)).body).toMatchObject({ code: 400, msg: CommerceMessages.redeemExpired });
    expect((await redeem(token, voided!)).body).toMatchObject({ code: 400, msg: CommerceMessages.redeemVoided });
    expect((await redeem(token, 'ABCDEFGHJKMNPQRS')).body).toMatchObject({ code: 400, msg: CommerceMessages.redeemUnknown });
    expect((await redeem(token, '   ')).body).toMatchObject({ code: 400, msg: CommerceMessages.redeemEmpty });
    expect((await t.call('POST', '/v2/user/redeem', { body: { redeemCode: live } })).status).toBe(401);

    expect((await redeem(token, life!)).body.code).toBe(200);
    const p = await profile(token);
    expect(p.vip_days).toBe(7);
    expect(p.svip_life).toBe(1);

    const list = await t.call('GET', '/v2/user/redeem/query?page=1&limit=20', { token });
    expect(list.body.count).toBe(2);
    expect(list.body.data.map((r: any) => [r.product, r.productType, r.duration])).toEqual(
      expect.arrayContaining([
        ['标准会员', '兑换码', '7天'],
        ['高级会员', '兑换码', '永久'],
      ]),
    );
    expect(list.body.data[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const svipOnly = await t.call('GET', '/v2/user/redeem/query?page=1&limit=20&status=svip', { token });
    expect(svipOnly.body.count).toBe(1);
    expect((await t.call('GET', '/v2/user/redeem/query?page=1&limit=20', { token: other })).body.count).toBe(1);
  });

  it('rate limits failed attempts per user and per address; successes do not count', async () => {
    const { token } = await register(t, '13800138000');
    const [a, b] = await batch({ count: 2 });
    expect((await redeem(token, a!)).body.code).toBe(200);
    for (let i = 0; i < 10; i++) expect((await redeem(token, `WRONGCODE${i}`)).body.msg).toBe(CommerceMessages.redeemUnknown);
    const limited = await redeem(token, b!);
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toBe(CommerceMessages.redeemTooMany);
    t.clock.advance(60 * 60 * 1000 + 1);
    expect((await redeem(token, b!)).body.code).toBe(200);

    // Many accounts guessing from one address.
    const ip = '10.1.2.3';
    const guessers: string[] = [];
    for (let i = 0; i < 4; i++) guessers.push((await register(t, `1390013900${i}`)).token);
    let refused = 0;
    for (let i = 0; i < 36; i++) {
      const r = await redeem(guessers[i % 4]!, `GUESS${i}`, ip);
      if (r.status === 429) refused++;
    }
    expect(refused).toBe(6);
  });
});

describe('gifts', () => {
  it('gives a registration gift that activates once, as one of its types, also under concurrency', async () => {
    const { token } = await register(t, '13800138000');
    const { token: other } = await register(t, '13800138001');
    const list = await t.call('GET', '/v2/user/gift/list?page=1&limit=20', { token });
    expect(list.body.count).toBe(1);
    const gift = list.body.data[0];
    expect(gift).toMatchObject({ name: '新用户注册礼包', used: false, used_at: null });

    const options = await t.call('GET', `/v2/user/gift/check?user_gift_id=${gift.id}`, { token });
    expect(options.body.data.map((o: any) => o.label)).toEqual(['7天标准会员', '3天高级会员']);
    expect((await t.call('GET', `/v2/user/gift/check?user_gift_id=${gift.id}`, { token: other })).status).toBe(404);
    expect((await t.call('POST', '/v2/user/gift/use', { token: other, body: { user_gift_id: gift.id, gift_type_id: options.body.data[0].gift_type_id } })).body.msg).toBe(
      CommerceMessages.giftUnknown,
    );

    const thirty = (await t.db.kysely.selectFrom('gift_types').select('id').where('label', '=', '30天标准会员').executeTakeFirstOrThrow()).id;
    expect((await t.call('POST', '/v2/user/gift/use', { token, body: { user_gift_id: gift.id, gift_type_id: thirty } })).body.msg).toBe(CommerceMessages.giftTypeUnknown);

    const svip = options.body.data.find((o: any) => o.label === '3天高级会员').gift_type_id;
    const tries = await Promise.all(
      Array.from({ length: 4 }, () => t.call('POST', '/v2/user/gift/use', { token, body: { user_gift_id: gift.id, gift_type_id: svip } })),
    );
    expect(tries.filter((r) => r.body.msg === '激活成功!')).toHaveLength(1);
    expect(tries.filter((r) => r.body.msg === '该礼品已激活')).toHaveLength(3);
    expect((await t.call('POST', '/v2/user/gift/use', { token, body: { user_gift_id: gift.id, gift_type_id: svip } })).body.msg).toBe('该礼品已激活');

    const p = await profile(token);
    expect(p.svip_days).toBe(3);
    expect(p.vip_days).toBe(0);
    const after = await t.call('GET', '/v2/user/gift/list?page=1&limit=20', { token });
    expect(after.body.data[0]).toMatchObject({ used: true });
    expect(after.body.data[0].used_at).toMatch(/^\d{4}-/);
  });
});

describe('image uploads', () => {
  it('accepts exactly 2 MB and refuses 2 MB + 1 byte with the spec message', async () => {
    const { token } = await register(t, '13800138000');
    const cred = (await t.call('GET', '/qcloud/secretkey', { token })).body.data;
    expect(cred).toMatchObject({ provider: 'local', prefix: 'clutter/' });
    expect(cred.expiredTime - cred.startTime).toBe(600);
    expect(cred.credentials.tmpSecretId).not.toBe((await t.call('GET', '/qcloud/secretkey', { token })).body.data.credentials.tmpSecretId);

    const big = await put(cred.uploadUrl, `clutter/${uuid()}.png`, png(IMAGE_MAX_BYTES + 1));
    expect(big.status).toBe(413);
    expect(big.body.msg).toBe('上传文件大小不能超过2M!');
    const exact = await put(cred.uploadUrl, `clutter/${uuid()}.png`, png(IMAGE_MAX_BYTES));
    expect(exact.body).toMatchObject({ code: 200, msg: '上传成功' });
    expect(exact.body.data.file_path).toMatch(/^\/uploads\/files\/clutter\/[0-9a-f-]{36}\.png$/);

    const served = await t.app.inject({ method: 'GET', url: exact.body.data.file_path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.rawPayload.length).toBe(IMAGE_MAX_BYTES);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/files/clutter/00000000-0000-0000-0000-000000000000.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/files/../labstat.db' })).statusCode).toBe(404);
  });

  it('checks content by its bytes: a text file named .png is refused; JPEG, GIF and WebP pass', async () => {
    const { token } = await register(t, '13800138000');
    const url = (await t.call('GET', '/qcloud/secretkey', { token })).body.data.uploadUrl;
    const text = await put(url, `clutter/${uuid()}.png`, Buffer.from('<script>alert(1)</script> not an image'), 'image/png');
    expect(text.body).toMatchObject({ code: 400, msg: CommerceMessages.uploadNotImage });
    expect((await put(url, `clutter/${uuid()}.png`, Buffer.alloc(0))).body.msg).toBe(CommerceMessages.uploadNotImage);
    const jpeg = await put(url, `clutter/${uuid()}.jpg`, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]), 'application/octet-stream');
    expect(jpeg.body.code).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: jpeg.body.data.file_path })).headers['content-type']).toBe('image/jpeg');
    expect((await put(url, `clutter/${uuid()}.gif`, Buffer.from('GIF89a......'))).body.code).toBe(200);
    expect((await put(url, `clutter/${uuid()}.webp`, Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).body.code).toBe(200);
    // Keys outside the prefix or shape, and a key already used, are refused.
    expect((await put(url, `other/${uuid()}.png`, png())).body.code).toBe(400);
    expect((await put(url, `clutter/../x.png`, png())).body.code).toBe(400);
    const key = `clutter/${uuid()}.png`;
    expect((await put(url, key, png())).body.code).toBe(200);
    expect((await put(url, key, png(80))).body.code).toBe(400);
  });

  it('refuses forged and expired upload signatures', async () => {
    const { token } = await register(t, '13800138000');
    const { token: bob } = await register(t, '13800138001');
    const url: string = (await t.call('GET', '/qcloud/secretkey', { token })).body.data.uploadUrl;
    const params = new URL(url, 'http://x').searchParams;
    const bobId = new URL((await t.call('GET', '/qcloud/secretkey', { token: bob })).body.data.uploadUrl, 'http://x').searchParams.get('uid');

    const forgedSig = await put(url.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`), `clutter/${uuid()}.png`, png());
    expect(forgedSig.status).toBe(403);
    expect(forgedSig.body.msg).toBe(CommerceMessages.uploadExpired);
    // Someone else's user id under my signature.
    const otherUser = await put(url.replace(`uid=${params.get('uid')}`, `uid=${bobId}`), `clutter/${uuid()}.png`, png());
    expect(otherUser.body.msg).toBe(CommerceMessages.uploadExpired);
    // A later expiry than the one signed.
    const longer = await put(url.replace(`exp=${params.get('exp')}`, `exp=${Number(params.get('exp')) + 3600}`), `clutter/${uuid()}.png`, png());
    expect(longer.body.msg).toBe(CommerceMessages.uploadExpired);
    expect((await put('/uploads/put?', `clutter/${uuid()}.png`, png())).body.msg).toBe(CommerceMessages.uploadExpired);

    t.clock.advance(10 * 60 * 1000 + 1000);
    const expired = await put(url, `clutter/${uuid()}.png`, png());
    expect(expired.body).toMatchObject({ code: 403, msg: CommerceMessages.uploadExpired });
    expect((await t.call('GET', '/qcloud/secretkey')).status).toBe(401);
  });
});

describe('profile update', () => {
  it('trims fields, validates tags, sex and email, and takes only an own uploaded avatar', async () => {
    const { token } = await register(t, '13800138000');
    const { token: bob } = await register(t, '13800138001');
    const bobImage = await upload(bob);
    const mine = await upload(token);
    const body = { username: '  小明 ', profession: ' 医生 ', sex: '男', tags: ['医院', '高校', '医院'], email: ' a@b.cn ', research: ' 肿瘤 ', new_avatar: mine };
    const r = await t.call('POST', '/v2/user/profile/update', { token, body });
    expect(r.body).toMatchObject({ code: 200, msg: '用户信息更新成功' });
    expect(await profile(token)).toMatchObject({ username: '小明', profession: '医生', sex: '男', tags: ['医院', '高校'], email: 'a@b.cn', research: '肿瘤', avatar: mine });

    // Sending the current avatar back keeps it; empty keeps it too.
    expect((await t.call('POST', '/v2/user/profile/update', { token, body: { ...body, new_avatar: mine } })).body.code).toBe(200);
    expect((await t.call('POST', '/v2/user/profile/update', { token, body: { ...body, new_avatar: '' } })).body.code).toBe(200);
    expect((await profile(token)).avatar).toBe(mine);

    for (const bad of [bobImage, 'https://evil.example/x.png', '/uploads/files/clutter/../../labstat.db']) {
      const r2 = await t.call('POST', '/v2/user/profile/update', { token, body: { ...body, new_avatar: bad } });
      expect(r2.body.code).toBe(400);
    }
    expect((await profile(token)).avatar).toBe(mine);
    expect((await t.call('POST', '/v2/user/profile/update', { token, body: { ...body, tags: ['公司'] } })).body.code).toBe(400);
    expect((await t.call('POST', '/v2/user/profile/update', { token, body: { ...body, sex: '其他' } })).body.code).toBe(400);
    expect((await t.call('POST', '/v2/user/profile/update', { token, body: { ...body, email: 'nope' } })).body.msg).toBe('邮箱格式不正确');
    expect((await t.call('POST', '/v2/user/profile/update', { token, body: { ...body, username: '   ' } })).body.msg).toBe('昵称不能为空');
    expect((await t.call('POST', '/v2/user/profile/update', { body })).status).toBe(401);
  });

  it('counts favourites in favor_num', async () => {
    const { token } = await register(t, '13800138000');
    expect((await profile(token)).favor_num).toBe(0);
    for (const toolId of [1003, 1004]) await t.call('POST', '/user/favor/star', { token, body: { toolId, status: true } });
    expect((await profile(token)).favor_num).toBe(2);
    await t.call('POST', '/user/favor/star', { token, body: { toolId: 1003, status: false } });
    expect((await profile(token)).favor_num).toBe(1);
  });
});

describe('free plan', () => {
  it('files one pending screenshot of the user own image; approval grants one month once', async () => {
    const { token } = await register(t, '13800138000');
    const { token: bob } = await register(t, '13800138001');
    const bobImage = await upload(bob);
    expect((await t.call('POST', '/qcloud/upload/wechat-screenshot', { token, body: { file_path: bobImage } })).body.code).toBe(400);

    const first = await upload(token);
    const second = await upload(token);
    const r = await t.call('POST', '/qcloud/upload/wechat-screenshot', { token, body: { file_path: first } });
    expect(r.body).toMatchObject({ code: 200, data: { file_path: first } });
    await Promise.all([second, first].map((p) => t.call('POST', '/qcloud/upload/wechat-screenshot', { token, body: { file_path: p } })));
    const pending = await t.services.commerce.freePlan.pending();
    expect(pending).toHaveLength(1);
    expect(await t.services.commerce.freePlan.status(pending[0]!.userId)).toEqual({ free_used: 0, free_pending: pending[0]!.filePath });

    expect(await t.services.commerce.freePlan.review(pending[0]!.id, 'approve')).toBe('approved');
    expect(await t.services.commerce.freePlan.review(pending[0]!.id, 'approve')).toBe('not-pending');
    expect((await profile(token)).vip_days).toBe(30);
    expect(await t.services.commerce.freePlan.status(pending[0]!.userId)).toEqual({ free_used: 1, free_pending: null });

    const again = await t.call('POST', '/qcloud/upload/wechat-screenshot', { token, body: { file_path: second } });
    expect(again.body).toMatchObject({ code: 400, msg: '免费会员每位用户只能领取一次' });
  });
});

describe('phone change', () => {
  const A = '13800138000';
  const B = '13900139000';

  it('sends a code to the new number and changes it with that code', async () => {
    const { token } = await register(t, A);
    expect((await t.call('POST', '/v2/user/bindmobile/smscode', { token, body: { account: A } })).body.msg).toBe(CommerceMessages.mobileSame);
    expect((await t.call('POST', '/v2/user/bindmobile/smscode', { token, body: { account: B } })).body.code).toBe(200);
    const again = await t.call('POST', '/v2/user/bindmobile/smscode', { token, body: { account: B } });
    expect(again.body).toMatchObject({ code: 429, msg: '请稍后发送短信' });
    const code = (await t.call('GET', `/dev/sms-outbox?account=${B}`)).body.data[0].code;
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await t.call('POST', '/bindmobile', { token, body: { mobile: B, smscode: wrong } })).body.code).toBe(400);
    expect((await t.call('POST', '/bindmobile', { token, body: { mobile: B, smscode: code } })).body).toMatchObject({ code: 200, msg: '修改成功' });
    expect((await profile(token)).mobile).toBe(B);
    // The code is used up, and the new number logs in.
    expect((await t.call('POST', '/bindmobile', { token, body: { mobile: B, smscode: code } })).body.code).toBe(400);
    expect((await t.call('POST', '/login/', { body: { username: B, password: 'secret123' } })).body.code).toBe(200);
    expect((await t.call('POST', '/login/', { body: { username: A, password: 'secret123' } })).body.code).not.toBe(200);
  });

  it('refuses a number another account uses', async () => {
    const { token } = await register(t, A);
    await register(t, B);
    t.clock.advance(61_000);
    const code = await sendCode(t, B);
    const r = await t.call('POST', '/bindmobile', { token, body: { mobile: B, smscode: code } });
    expect(r.body).toMatchObject({ code: 400, msg: CommerceMessages.mobileTaken });
    expect((await profile(token)).mobile).toBe(A);
  });
});

describe('WeChat binding', () => {
  it('binds the scanned openid through the dev scan, and refuses one bound to another account', async () => {
    const { token } = await register(t, '13800138000');
    const { openid: bobOpenid } = await register(t, '13800138001');
    const qr = await t.call('GET', '/v2/bind/get_qrcode', { token });
    expect(qr.body.data.qrcode).toMatch(/^data:image\/png;base64,/);
    const logkey = qr.body.data.logkey;
    expect((await t.call('GET', `/v2/bind/wechat?logkey=${logkey}`, { token })).body.data).toEqual({ status: 'WAIT' });
    await t.call('POST', '/dev/wechat/scan', { body: { logkey, openid: 'wx-new-openid' } });
    // The key binds; it never logs anyone in.
    expect((await t.call('GET', `/v2/login/wechat/callback?logkey=${logkey}`)).body.code).toBe(400);
    const done = await t.call('GET', `/v2/bind/wechat?logkey=${logkey}`, { token });
    expect(done.body).toMatchObject({ code: 200, msg: '绑定成功', data: { status: 'SUCCESS' } });
    expect((await t.call('GET', `/v2/bind/wechat?logkey=${logkey}`, { token })).body.data.status).toBe('SUCCESS');
    expect((await profile(token)).bind_wechat).toBe(1);
    const row = await t.db.kysely.selectFrom('users').select('openid').where('mobile', '=', '13800138000').executeTakeFirstOrThrow();
    expect(row.openid).toBe('wx-new-openid');

    const qr2 = (await t.call('GET', '/v2/bind/get_qrcode', { token })).body.data.logkey;
    await t.call('POST', '/dev/wechat/scan', { body: { logkey: qr2, openid: bobOpenid } });
    const taken = await t.call('GET', `/v2/bind/wechat?logkey=${qr2}`, { token });
    expect(taken.body).toMatchObject({ code: 400, msg: '该微信已绑定其他账号' });
    // Another user cannot poll my key.
    const { token: carol } = await register(t, '13800138002');
    expect((await t.call('GET', `/v2/bind/wechat?logkey=${qr2}`, { token: carol })).body.code).toBe(400);
  });
});
