import { CalcListData, CalcParamsData, CalcPaths } from '@labstat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../test/account-flows.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const page = (url: string) => t.app.inject({ method: 'GET', url });

describe('calculation tools over HTTP', () => {
  it('lists the tree, gives a tool’s table and form, and calculates for a visitor', async () => {
    const list = await t.call('GET', CalcPaths.list);
    expect(list.body.code).toBe(200);
    const tree = CalcListData.parse(list.body.data).calctoolList;
    const first = tree[0]!;
    expect(first.clickable).toBe(false);
    const leaf = first.children.flatMap((c) => (c.clickable ? [c] : c.children))[0]!;
    expect(leaf.clickable).toBe(true);

    const params = await t.call('GET', `${CalcPaths.params}?toolid=4001`);
    const p = CalcParamsData.parse(params.body.data);
    expect(p.manual_url).toBe(`${CalcPaths.manualPage}/4001`);
    const manual = await page(p.manual_url);
    expect(manual.statusCode).toBe(200);
    expect(manual.body).toContain('均数比较的样本量');
    expect(manual.headers['content-security-policy']).toContain("default-src 'none'");

    const form = Object.fromEntries(p.params.map((f) => [f.filed, f.value]));
    const done = await t.call('POST', CalcPaths.submit, { body: { toolid: 4001, data: [], form } });
    expect(done.body).toMatchObject({ code: 200 });
    const url = done.body.data.result as string;
    expect(url).toMatch(new RegExp(`^${CalcPaths.resultPage}/[0-9a-f]{24}/.+\\.html$`));
    expect(decodeURIComponent(url.split('/').pop()!)).toBe('均数比较的样本量.html');
    const result = await page(url);
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-security-policy']).toContain("default-src 'none'");
    expect(result.body).toContain('每组需 86 例');
    // The power curve is drawn on the server as inline SVG: the page needs no script.
    expect(result.body).toContain('<svg');
    expect(result.body).not.toContain('<script');
  });

  it('answers bad input with Chinese messages and keeps a logged-in user’s result', async () => {
    const bad = await t.call('POST', CalcPaths.submit, { body: { toolid: 4001, form: { delta: 'abc' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('应为数字');
    const unknown = await t.call('GET', `${CalcPaths.params}?toolid=9999`);
    expect(unknown.body.msg).toBe('计算工具不存在');
    const missing = await page(`${CalcPaths.resultPage}/${'0'.repeat(24)}/x.html`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('计算结果已过期，请重新计算');
    const { token } = await register(t, '13900000011');
    const mine = await t.call('POST', CalcPaths.submit, { token, body: { toolid: 4001, form: { delta: 3, sd: 8 } } });
    expect(mine.body.code).toBe(200);
  });

  it('shows typed labels as text on the result page, never as markup', async () => {
    const payload = '<img src=x onerror=alert(1)>';
    const r = await t.call('POST', CalcPaths.submit, {
      body: { toolid: 4103, data: [{ group: payload, c1: 10, c2: 20 }, { group: 'B&B', c1: 15, c2: 5 }], form: { categories: '好<b>转</b>,无效' } },
    });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    const html = (await page(r.body.data.result)).body;
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>转</b>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
