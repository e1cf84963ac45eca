// Help and static content, notices, announcements shown once, the association drawer and the
// favicon, through the HTTP API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSOCIATION_PAGE_SIZE, HELP_PAGES } from '@labstat/contracts';
import { TOOLS } from '@labstat/tools';
import { register } from '../test/account-flows.js';
import { uploadOk } from '../test/files.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { exampleFidOf, submitBody, ttest } from '../test/tool-flows.js';
import { HOT_CACHE_MS, NEXT_STEPS } from '../services/association-service.js';

let t: TestApp;
let alice: string;
let bob: string;

beforeAll(async () => {
  t = await startTestApp();
  alice = (await register(t, '13800000011')).token;
  bob = (await register(t, '13800000012')).token;
}, 60_000);
afterAll(async () => t?.close());

const idOf = (key: string) => TOOLS.find((x) => x.definition.key === key)!.definition.id;
const keyOf = (id: number) => TOOLS.find((x) => x.definition.id === id)!.definition.key;

describe('manual and static pages', () => {
  it('serves the introduction and the quick start as real Chinese HTML', async () => {
    const intro = await t.call('GET', '/home/introduction');
    expect(intro.body.code).toBe(200);
    expect(intro.body.data.introduction).toContain('<h1>LabStat 简介</h1>');
    expect(intro.body.data.introduction).toContain('AI 解读');
    const start = await t.call('GET', '/home/getStarted');
    const html = start.body.data.getStarted as string;
    for (const heading of ['如何准备数据', '长格式与宽格式', '如何阅读报告', '常见问题']) expect(html).toContain(heading);
    // The long/wide example tables are real tables.
    expect(html.match(/<table>/g)?.length).toBeGreaterThanOrEqual(2);
    expect(html).not.toMatch(/<script/i);
  });

  it('serves team introduction and citations by item, with each tool manual’s references', async () => {
    const team = await t.call('GET', '/dynamics?item=teamIntroduction');
    expect(team.body.data.title).toBe('团队介绍');
    expect(team.body.data.introduction).toContain('<h2>');
    const cite = await t.call('GET', '/dynamics?item=citationsAndAcknowledgments');
    expect(cite.body.data.title).toBe('引用与致谢');
    const html = cite.body.data.introduction as string;
    expect(html).toContain('如何引用 LabStat');
    expect(html).toContain(`<h3>${TOOLS.find((x) => x.definition.key === 'kaplan-meier')!.definition.name}</h3>`);
    expect(html).toContain('Kaplan EL, Meier P.');
    expect((await t.call('GET', '/dynamics?item=nothing')).body.code).toBe(400);
    expect((await t.call('GET', '/dynamics/siteInfo?item=teamIntroduction')).body.data.url).toBe('/help/team.html');
    expect((await t.call('GET', '/dynamics/siteInfo?item=citationsAndAcknowledgments')).body.data.url).toBe('/help/citations.html');
  });

  it('serves every manual page standalone, styled, with a CSP that runs no script', async () => {
    for (const page of HELP_PAGES) {
      const res = await t.app.inject({ method: 'GET', url: `/help/${page}.html` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['content-security-policy']).not.toContain('script-src');
      expect(res.body).toMatch(/^<!doctype html>/);
      expect(res.body).toContain('<link rel="stylesheet" href="/help/help.css">');
      expect(res.body).toMatch(/<main><h1>[^<]+<\/h1>/);
    }
    // The quick start shows real screenshots, served from the content folder; nothing else is.
    const manual = await t.app.inject({ method: 'GET', url: '/help/manual.html' });
    const shots = [...manual.body.matchAll(/<img src="(\/help\/img\/[a-z0-9-]+\.png)"/g)].map((m) => m[1]!);
    expect(shots.length).toBeGreaterThanOrEqual(3);
    for (const src of shots) {
      const img = await t.app.inject({ method: 'GET', url: src });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
      expect([...img.rawPayload.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    }
    for (const bad of ['/help/img/missing.png', '/help/img/..%2F..%2Fpackage.json', '/help/img/favicon.ico']) {
      expect((await t.app.inject({ method: 'GET', url: bad })).statusCode).toBe(404);
    }
    const css = await t.app.inject({ method: 'GET', url: '/help/help.css' });
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.body).toContain('border-collapse');
    for (const bad of ['/help/secret.html', '/help/..%2Fpackage.json', '/help/introduction.md']) {
      expect((await t.app.inject({ method: 'GET', url: bad })).statusCode).toBe(404);
    }
  });

  it('lists update news newest first and the header notices', async () => {
    const news = await t.call('GET', '/dynamics/island');
    expect(news.body.count).toBeGreaterThanOrEqual(4);
    const items = news.body.data as Array<{ created_at: string; title: string; content: string[] }>;
    for (const item of items) {
      expect(item.created_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(item.content.length).toBeGreaterThan(0);
    }
    expect(items.map((i) => i.title).join()).toMatch(/AI 解读/);
    expect(items.map((i) => i.title).join()).toMatch(/40 个/);
    const paged = await t.call('GET', '/dynamics/island?page=2&limit=2');
    expect(paged.body.data[0].title).toBe(items[2]!.title);

    const notices = await t.call('GET', '/dynamics/notification');
    expect(notices.body.data.length).toBeGreaterThan(0);
    for (const n of notices.body.data) expect(['link', 'text']).toContain(n.type);
    expect(notices.body.data.find((n: { type: string }) => n.type === 'link').link).toBe('/#/document/document-manual');
  });

  it('answers /favicon.ico with an icon', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    // ICONDIR: reserved 0, type 1 (icon).
    expect([...res.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  });
});

describe('announcements', () => {
  it('shows each announcement once per user; visitors always get them', async () => {
    const first = await t.call('GET', '/home/announcements', { token: alice });
    expect(first.body.data.length).toBeGreaterThan(0);
    expect((await t.call('GET', '/home/announcements', { token: alice })).body.data).toEqual([]);
    expect((await t.call('GET', '/home/announcements', { token: bob })).body.data).toEqual(first.body.data);
    expect((await t.call('GET', '/home/announcements')).body.data).toEqual(first.body.data);

    await t.db.kysely.insertInto('announcements').values({ title: '新功能', content: '<p>意见反馈上线</p>', sort: 9, active: 1, created_at: t.clock.t }).execute();
    const next = await t.call('GET', '/home/announcements', { token: alice });
    expect(next.body.data).toEqual([{ title: '新功能', content: '<p>意见反馈上线</p>' }]);
    expect(next.body.count).toBe(1);
    expect((await t.call('GET', '/home/announcements', { token: alice })).body.data).toEqual([]);
    // A bad token is a visitor here, not an error.
    expect((await t.call('GET', '/home/announcements', { token: 'nope' })).body.data.length).toBe(2);
  });
});

describe('association', () => {
  const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(',')).join('\n'));
  let binaryFid: string;
  let survivalFid: string;

  beforeAll(async () => {
    const binary = [['编号', '疗效', '年龄', '空腹血糖']];
    const survival = [['编号', '随访时间(天)', '结局', '年龄']];
    for (let i = 0; i < 40; i++) {
      binary.push([`P${i}`, i % 3 === 0 ? '有效' : '无效', String(30 + i), (5 + i * 0.17).toFixed(2)]);
      survival.push([`P${i}`, String(20 + i * 13), i % 4 === 0 ? '删失' : '死亡', String(40 + ((i * 7) % 35))]);
    }
    binaryFid = (await uploadOk(t, alice, '疗效.csv', csv(binary)))._fid;
    survivalFid = (await uploadOk(t, alice, '生存.csv', csv(survival)))._fid;
  }, 60_000);

  const link = async (token: string | undefined, toolId: number, file?: string) => {
    const r = await t.call('GET', `/anatools/association?type=link&limit=50&page=1&toolId=${toolId}${file ? `&file=${file}` : ''}`, token ? { token } : {});
    expect(r.body.code, r.body.msg).toBe(200);
    return (r.body.data.association as Array<{ id: number }>).map((c) => keyOf(c.id));
  };

  it('recommends the next steps of the current tool, then what the file’s variables call for', async () => {
    const descriptive = idOf('descriptive');
    expect(await link(alice, descriptive)).toEqual(NEXT_STEPS['descriptive']!.map((s) => s.key));

    const withBinary = await link(alice, descriptive, binaryFid);
    expect(withBinary).toEqual(expect.arrayContaining(['logistic-regression', 'roc-curve', 'ttest-independent']));
    expect(withBinary).not.toContain('kaplan-meier');
    expect(withBinary).not.toContain('descriptive');

    const withSurvival = await link(alice, descriptive, survivalFid);
    expect(withSurvival).toEqual(expect.arrayContaining(['kaplan-meier', 'cox-regression']));
    expect(withSurvival.indexOf('kaplan-meier')).toBeLessThan(withSurvival.indexOf('cox-regression'));

    // After a t-test: its non-parametric alternative first, and never the t-test itself.
    const afterTtest = await link(alice, idOf('ttest-independent'), binaryFid);
    expect(afterTtest[0]).toBe('mann-whitney');
    expect(afterTtest).not.toContain('ttest-independent');

    // Another user's file adds nothing (and does not fail); neither does an unknown one.
    expect(await link(bob, descriptive, survivalFid)).toEqual(await link(bob, descriptive));
    expect(await link(undefined, descriptive, 'no-such-file')).toEqual(NEXT_STEPS['descriptive']!.map((s) => s.key));
  });

  it('answers POST with the same list, paged six at a time with a count and reasons', async () => {
    const body = { type: 'link', toolId: idOf('descriptive'), file: survivalFid, page: 1, limit: ASSOCIATION_PAGE_SIZE };
    const p1 = await t.call('POST', '/anatools/association', { token: alice, body });
    const all = await link(alice, idOf('descriptive'), survivalFid);
    expect(p1.body.count).toBe(all.length);
    expect(p1.body.data.count).toBe(all.length);
    expect(p1.body.data.association).toHaveLength(Math.min(6, all.length));
    for (const c of p1.body.data.association) {
      expect(c).toMatchObject({ icon: expect.stringMatching(/^\/anatools\/icon\/\d+\.svg$/), toolname: expect.any(String), discription: expect.any(String), reason: expect.any(String) });
    }
    const p2 = await t.call('POST', '/anatools/association', { token: alice, body: { ...body, page: 2 } });
    expect(p2.body.data.association.map((c: { id: number }) => keyOf(c.id))).toEqual(all.slice(6, 12));
    expect((await t.call('POST', '/anatools/association', { body: { type: 'other' } })).body.code).toBe(400);
  });

  it('ranks hot tools by successful tasks, ties in catalogue order', async () => {
    // One real analysis…
    const fid = await exampleFidOf(t, alice, 1003);
    const run = await t.call('POST', '/anatools/v2', { token: alice, body: submitBody(fid, ttest) });
    expect(run.body.code, run.body.msg).toBe(200);
    // …and recorded ones: failed tasks do not count.
    const user = await t.db.kysely.selectFrom('users').select('id').where('mobile', '=', '13800000011').executeTakeFirstOrThrow();
    let n = 0;
    const task = (toolId: number, status: '成功' | '失败') =>
      t.db.kysely
        .insertInto('tasks')
        .values({ taskid: `hot${String(n++).padStart(21, '0')}`, user_id: user.id, tool_id: toolId, kind: 'tool', status, message: '', payload: '{}', params: '{}', file_fid: fid, report_id: null, created_at: t.clock.t, ended_at: t.clock.t })
        .execute();
    for (let i = 0; i < 3; i++) await task(idOf('kaplan-meier'), '成功');
    for (let i = 0; i < 2; i++) await task(idOf('chisq'), '成功');
    for (let i = 0; i < 5; i++) await task(idOf('scatter'), '失败');
    t.clock.advance(HOT_CACHE_MS + 1);

    const hot = await t.call('GET', '/anatools/association?type=hot&page=1&limit=6');
    expect(hot.body.count).toBe(TOOLS.length);
    const order = hot.body.data.association.map((c: { id: number }) => keyOf(c.id));
    const rest = TOOLS.map((x) => x.definition.key).filter((k) => !['kaplan-meier', 'chisq', 'ttest-independent'].includes(k));
    expect(order).toEqual(['kaplan-meier', 'chisq', 'ttest-independent', ...rest.slice(0, 3)]);
    // Defaults: hot, six per page.
    const dflt = await t.call('POST', '/anatools/association', {});
    expect(dflt.body.data.association.map((c: { id: number }) => keyOf(c.id))).toEqual(order);
  });
});
