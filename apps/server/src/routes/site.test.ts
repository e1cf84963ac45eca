import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('site routes', () => {
  it('serves seeded selling points, announcements, the advanced menu and runtime flags', async () => {
    const info = await t.call('GET', '/home/getLoginInfo');
    expect(info.body.data.loginInfo.length).toBeGreaterThan(0);
    const ann = await t.call('GET', '/home/announcements');
    expect(ann.body.count).toBe(ann.body.data.length);
    expect(ann.body.data[0]).toHaveProperty('title');
    expect((await t.call('GET', '/menu')).body.data).toEqual([
      { name: 'fenxi', title: '多元统计' },
      { name: 'wenjuan', title: '问卷研究' },
      { name: 'moxing', title: '高级模型' },
    ]);
    expect((await t.call('GET', '/home/runtime')).body.data).toMatchObject({ devMode: true, smsProvider: 'dev', wechatProvider: 'dev' });
    expect((await t.call('GET', '/dynamics/siteInfo?item=userAgreement')).body.data.url).toBe('/static/user-agreement.html');
    expect((await t.call('GET', '/dynamics/siteInfo?item=nothing')).body.code).toBe(404);
  });

  it('answers malformed input and unknown paths with the envelope, never a stack trace', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/login/', payload: '{bad', headers: { 'content-type': 'application/json' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 400, msg: '请求格式不正确', data: null });
    const missing = await t.call('GET', '/no/such/path');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(404);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/login/',
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().msg).toBe('请求内容过大');
  });

  it('serves over real HTTP too', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/healthz`);
    expect(await res.json()).toEqual({ code: 200, msg: 'success', data: { status: 'ok' } });
  });
});
