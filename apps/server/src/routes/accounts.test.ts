import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { register, scanNewQr, sendCode } from '../test/account-flows.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const A = '13800138000';

describe('POST /smscode/', () => {
  it('sends a 6-digit code to the dev outbox', async () => {
    const code = await sendCode(t, A);
    expect(code).toMatch(/^\d{6}$/);
    const box = await t.call('GET', `/dev/sms-outbox?account=${A}`);
    expect(box.body.data[0].content).toContain(code);
  });

  it('refuses a missing or malformed phone number with the spec message', async () => {
    expect((await t.call('POST', '/smscode/', { body: {} })).body).toMatchObject({ code: 400, msg: '请输入手机号' });
    expect((await t.call('POST', '/smscode/', { body: { account: '  ' } })).body).toMatchObject({ msg: '请输入手机号' });
    expect((await t.call('POST', '/smscode/', { body: { account: '12345' } })).body).toMatchObject({
      code: 400,
      msg: '请输入正确的11位手机号',
    });
  });

  it('rate limits: one code per number per 60 s, 10 per day, 20 per IP per hour', async () => {
    await sendCode(t, A);
    const again = await t.call('POST', '/smscode/', { body: { account: A } });
    expect(again.status).toBe(429);
    expect(again.body.msg).toBe('请稍后发送短信');
    t.clock.advance(61_000);
    expect((await t.call('POST', '/smscode/', { body: { account: A } })).body.code).toBe(200);

    for (let i = 0; i < 8; i++) {
      t.clock.advance(61_000);
      expect((await t.call('POST', '/smscode/', { body: { account: A } })).body.code).toBe(200);
    }
    t.clock.advance(61_000);
    const daily = await t.call('POST', '/smscode/', { body: { account: A } });
    expect(daily.body).toMatchObject({ code: 429, msg: '短信发送过于频繁，请稍后再试' });

    // Many numbers from one address.
    for (let i = 0; i < 20; i++) {
      const r = await t.call('POST', '/smscode/', { body: { account: `1390000${String(i).padStart(4, '0')}` }, ip: '10.9.9.9' });
      expect(r.body.code).toBe(200);
    }
    const ipLimited = await t.call('POST', '/smscode/', { body: { account: '13911112222' }, ip: '10.9.9.9' });
    expect(ipLimited.body).toMatchObject({ code: 429 });
  });
});

describe('WeChat QR login', () => {
  it('waits, then reports an unbound openid, then logs a registered user in once', async () => {
    const qr = await t.call('GET', '/login/wechat/get_qrcode');
    expect(qr.body.data.qrcode).toMatch(/^data:image\/png;base64,/);
    const logkey = qr.body.data.logkey as string;
    expect((await t.call('GET', `/v2/login/wechat/callback?logkey=${logkey}`)).body.data).toEqual({ status: 'WAIT' });

    await t.call('POST', '/dev/wechat/scan', { body: { logkey, openid: 'wx-openid-1' } });
    const unbound = await t.call('GET', `/v2/login/wechat/callback?logkey=${logkey}`);
    expect(unbound.body.data).toEqual({ status: 'UNBOUND', openid: 'wx-openid-1' });

    const smscode = await sendCode(t, A);
    const signup = await t.call('POST', '/v2/signup', {
      body: { account: A, smscode, password: 'secret123', checkPass: 'secret123', openid: 'wx-openid-1' },
    });
    expect(signup.body.code).toBe(200);

    const again = await scanNewQr(t, 'wx-openid-1');
    const ok = await t.call('GET', `/v2/login/wechat/callback?logkey=${again.logkey}`);
    expect(ok.body.data.status).toBe('SUCCESS');
    const profile = await t.call('GET', '/v2/user/profile', { token: ok.body.data.access_token });
    expect(profile.body.data.mobile).toBe(A);
    expect(profile.body.data.bind_wechat).toBe(1);

    // A token is issued once per scan.
    const replay = await t.call('GET', `/v2/login/wechat/callback?logkey=${again.logkey}`);
    expect(replay.body).toMatchObject({ code: 400, msg: '二维码已过期，请刷新二维码' });
  });

  it('expires unscanned codes after 5 minutes and rejects unknown keys', async () => {
    const qr = await t.call('GET', '/login/wechat/get_qrcode');
    t.clock.advance(5 * 60_000 + 1);
    const expired = await t.call('GET', `/v2/login/wechat/callback?logkey=${qr.body.data.logkey}`);
    expect(expired.body).toMatchObject({ code: 400, msg: '二维码已过期，请刷新二维码' });
    const scan = await t.call('POST', '/dev/wechat/scan', { body: { logkey: qr.body.data.logkey } });
    expect(scan.body.msg).toBe('二维码已过期，请刷新二维码');
    expect((await t.call('GET', '/v2/login/wechat/callback?logkey=nope')).body).toMatchObject({ msg: '二维码无效，请刷新二维码' });
    expect((await t.call('GET', '/v2/login/wechat/callback')).body.code).toBe(400);
  });
});

describe('POST /v2/signup', () => {
  it('registers with the QR openid, a valid SMS code and a password, and returns a working token', async () => {
    const { token } = await register(t, A);
    const profile = await t.call('GET', '/v2/user/profile', { token });
    expect(profile.body.code).toBe(200);
    expect(profile.body.data).toMatchObject({ mobile: A, username: '用户8000', roles: ['admin'], role: 'admin', vip_days: 0 });
    expect(profile.body.data.invitation_code).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('requires the openid from the QR flow first', async () => {
    const smscode = await sendCode(t, A);
    const base = { account: A, smscode, password: 'secret123', checkPass: 'secret123' };
    expect((await t.call('POST', '/v2/signup', { body: base })).body).toMatchObject({ code: 400, msg: '请先扫码关注微信公众号' });
    expect((await t.call('POST', '/v2/signup', { body: { ...base, openid: '' } })).body.msg).toBe('请先扫码关注微信公众号');
    const forged = await t.call('POST', '/v2/signup', { body: { ...base, openid: 'never-scanned' } });
    expect(forged.body.msg).toBe('微信扫码信息已失效，请重新扫码关注微信公众号');
  });

  it('checks fields: phone, code, password length and match', async () => {
    const { openid } = await scanNewQr(t);
    const post = (body: object) => t.call('POST', '/v2/signup', { body: { openid, ...body } });
    expect((await post({ smscode: '1', password: 'secret1', checkPass: 'secret1' })).body.msg).toBe('手机号是必填的');
    expect((await post({ account: A, password: 'secret1', checkPass: 'secret1' })).body.msg).toBe('验证码是必填的');
    expect((await post({ account: A, smscode: '1', password: '123', checkPass: '123' })).body.msg).toBe('密码不能少于6位');
    expect((await post({ account: A, smscode: '1', password: 'secret1', checkPass: 'secret2' })).body.msg).toBe(
      '两次输入的密码不一致',
    );
  });

  it('refuses a wrong, reused or expired code', async () => {
    const { openid } = await scanNewQr(t);
    const code = await sendCode(t, A);
    const wrong = code === '000000' ? '000001' : '000000';
    const body = { account: A, password: 'secret123', checkPass: 'secret123', openid };
    expect((await t.call('POST', '/v2/signup', { body: { ...body, smscode: wrong } })).body).toMatchObject({
      code: 400,
      msg: '验证码错误或已过期，请重新获取',
    });
    expect((await t.call('POST', '/v2/signup', { body: { ...body, smscode: code } })).body.code).toBe(200);

    // Reuse: the same code for a reset of the same number.
    const reuse = await t.call('POST', '/resetpas/', { body: { account: A, smscode: code, password: 'newpass1', checkPass: 'newpass1' } });
    expect(reuse.body.msg).toBe('验证码错误或已过期，请重新获取');

    // Expiry: a fresh code, 5 minutes later.
    t.clock.advance(61_000);
    const fresh = await sendCode(t, A);
    t.clock.advance(5 * 60_000 + 1);
    const late = await t.call('POST', '/resetpas/', { body: { account: A, smscode: fresh, password: 'newpass1', checkPass: 'newpass1' } });
    expect(late.body.msg).toBe('验证码错误或已过期，请重新获取');
  });

  it('burns a code after 5 wrong tries', async () => {
    const { openid } = await scanNewQr(t);
    const code = await sendCode(t, A);
    const wrong = code === '000000' ? '000001' : '000000';
    const body = { account: A, password: 'secret123', checkPass: 'secret123', openid };
    for (let i = 0; i < 5; i++) await t.call('POST', '/v2/signup', { body: { ...body, smscode: wrong } });
    expect((await t.call('POST', '/v2/signup', { body: { ...body, smscode: code } })).body.msg).toBe('验证码错误或已过期，请重新获取');
  });

  it('refuses an existing number and an already bound WeChat', async () => {
    const first = await register(t, A);
    const { openid } = await scanNewQr(t);
    const code = await sendCode(t, A);
    const dup = await t.call('POST', '/v2/signup', { body: { account: A, smscode: code, password: 'secret123', checkPass: 'secret123', openid } });
    expect(dup.body.msg).toBe('该手机号已注册，请直接登录或找回密码');

    const bound = await scanNewQr(t, first.openid);
    expect((await t.call('GET', `/v2/login/wechat/callback?logkey=${bound.logkey}`)).body.data.status).toBe('SUCCESS');
  });

  it('stores a valid invite code and refuses an unknown one', async () => {
    const inviter = await register(t, A);
    const code = (await t.call('GET', '/v2/user/profile', { token: inviter.token })).body.data.invitation_code as string;

    const { openid } = await scanNewQr(t);
    const sms = await sendCode(t, '13900139000');
    const unknown = await t.call('POST', '/v2/signup', {
      body: { account: '13900139000', smscode: sms, password: 'secret123', checkPass: 'secret123', openid, signupCode: 'ZZZZZZZZ' },
    });
    expect(unknown.body.msg).toBe('邀请码不存在，请检查或留空');

    const ok = await t.call('POST', '/v2/signup', {
      body: { account: '13900139000', smscode: sms, password: 'secret123', checkPass: 'secret123', openid, signupCode: code.toLowerCase() },
    });
    expect(ok.body.code).toBe(200);
    const row = await t.db.kysely.selectFrom('users').select(['signup_code', 'inviter_id']).where('mobile', '=', '13900139000').executeTakeFirstOrThrow();
    expect(row.signup_code).toBe(code);
    expect(row.inviter_id).not.toBeNull();
  });
});

describe('POST /login/', () => {
  it('logs in with phone and password, trimming the phone', async () => {
    await register(t, A, 'secret123');
    const r = await t.call('POST', '/login/', { body: { username: ` ${A} `, password: 'secret123' } });
    expect(r.body.code).toBe(200);
    const list = await t.call('GET', '/v2/user/profile-list', { token: r.body.data.access_token });
    expect(list.body.data).toMatchObject({ status: 1, profile_list: { mobile: A, roles: ['admin'], bind_wechat: 1 } });
  });

  it('refuses missing fields, a short password, a wrong password and an unknown account alike', async () => {
    await register(t, A, 'secret123');
    expect((await t.call('POST', '/login/', { body: { password: 'secret123' } })).body.msg).toBe('手机号是必填的');
    expect((await t.call('POST', '/login/', { body: { username: A } })).body.msg).toBe('密码不能少于6位');
    const wrong = await t.call('POST', '/login/', { body: { username: A, password: 'wrongpass' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 401, msg: '手机号或密码错误' });
    const unknown = await t.call('POST', '/login/', { body: { username: '13700000000', password: 'whatever1' } });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('locks an account for 15 minutes after 5 failures, even for the right password', async () => {
    await register(t, A, 'secret123');
    for (let i = 0; i < 5; i++) await t.call('POST', '/login/', { body: { username: A, password: 'wrongpass' } });
    const locked = await t.call('POST', '/login/', { body: { username: A, password: 'secret123' } });
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toBe('登录失败次数过多，请15分钟后再试');
    t.clock.advance(15 * 60_000 + 1);
    expect((await t.call('POST', '/login/', { body: { username: A, password: 'secret123' } })).body.code).toBe(200);
  });
});

describe('tokens', () => {
  it('answers 50008 for a missing or unknown token and 50014 for an expired one', async () => {
    const { token } = await register(t, A);
    expect((await t.call('GET', '/v2/user/profile')).body).toMatchObject({ code: 50008, msg: '请先登录' });
    const bad = await t.call('GET', '/v2/user/profile', { token: 'not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe(50008);
    t.clock.advance(7 * 24 * 60 * 60_000 + 1);
    expect((await t.call('GET', '/v2/user/profile', { token })).body).toMatchObject({ code: 50014, msg: '登录已过期，请重新登录' });
  });

  it('ends the session on logout', async () => {
    const { token } = await register(t, A);
    expect((await t.call('POST', '/logout/', { token })).body.code).toBe(200);
    expect((await t.call('GET', '/v2/user/profile', { token })).body.code).toBe(50008);
  });

  it('reads the token from X-Csrftoken only, never from the cookie', async () => {
    const { token } = await register(t, A);
    const res = await t.app.inject({ method: 'GET', url: '/v2/user/profile', headers: { cookie: `Custom-Token=${token}` } });
    expect(res.json().code).toBe(50008);
  });
});

describe('POST /resetpas/', () => {
  it('sets a new password and ends existing sessions', async () => {
    const { token } = await register(t, A, 'secret123');
    t.clock.advance(61_000);
    const code = await sendCode(t, A);
    const r = await t.call('POST', '/resetpas/', { body: { account: A, smscode: code, password: 'newpass1', checkPass: 'newpass1' } });
    expect(r.body).toMatchObject({ code: 200, msg: '密码重置成功，请使用新密码登录' });
    expect((await t.call('GET', '/v2/user/profile', { token })).body.code).toBe(50012);
    expect((await t.call('POST', '/login/', { body: { username: A, password: 'secret123' } })).body.code).toBe(401);
    expect((await t.call('POST', '/login/', { body: { username: A, password: 'newpass1' } })).body.code).toBe(200);
  });

  it('refuses an unknown account and missing fields', async () => {
    const code = await sendCode(t, A);
    expect((await t.call('POST', '/resetpas/', { body: { account: A, smscode: code, password: 'newpass1', checkPass: 'newpass1' } })).body.msg).toBe(
      '该手机号尚未注册',
    );
    expect((await t.call('POST', '/resetpas/', { body: { account: A, password: 'newpass1', checkPass: 'newpass1' } })).body.msg).toBe(
      '验证码是必填的',
    );
  });
});
