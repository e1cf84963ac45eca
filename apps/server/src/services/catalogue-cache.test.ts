// The tool lists served from memory (issue 25 item 4): the cache's own rules, then the routes'
// answers byte for byte against the SQL path, and operators' changes seen on the same server at
// once and on a second server on the same database within the TTL.
import { ADVANCED_MENU, CATEGORIES } from '@labstat/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolRow } from '../repositories/tools-repo.js';
import { register } from '../test/account-flows.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { CatalogueCache, filterRows } from './catalogue-cache.js';

const row = (id: number, family: string, categories: string[]): ToolRow => ({ id, family, categories: JSON.stringify(categories) }) as ToolRow;

describe('CatalogueCache', () => {
  it('reloads when older than the TTL or invalidated, once for concurrent callers', async () => {
    let now = 0;
    let loads = 0;
    const cache = new CatalogueCache(async () => [row(++loads, 'med', ['a'])], { ttlMs: 1000, clock: () => now });
    const [a, b] = await Promise.all([cache.snapshot(), cache.snapshot()]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
    now = 999;
    expect(await cache.snapshot()).toBe(a);
    now = 1000;
    const c = await cache.snapshot();
    expect(c).not.toBe(a);
    expect(loads).toBe(2);
    cache.invalidate();
    expect((await cache.snapshot()).rows[0]!.id).toBe(3);
  });

  it('does not keep rows loaded before an invalidation', async () => {
    let release!: () => void;
    let loads = 0;
    const cache = new CatalogueCache(async () => {
      const n = ++loads;
      if (n === 1) await new Promise<void>((r) => (release = r));
      return [row(n, 'med', [])];
    });
    const first = cache.snapshot();
    await Promise.resolve();
    cache.invalidate();
    const second = cache.snapshot();
    release();
    expect((await first).rows[0]!.id).toBe(1);
    expect((await second).rows[0]!.id).toBe(2);
    expect((await cache.snapshot()).rows[0]!.id).toBe(2);
    expect(loads).toBe(2);
  });

  it('keeps a bounded number of responses per snapshot, dropped with it', async () => {
    let loads = 0;
    const cache = new CatalogueCache(async () => [row(++loads, 'med', [])], { maxResponses: 2 });
    const snap = await cache.snapshot();
    let made = 0;
    const make = () => `body${++made}`;
    expect(cache.response(snap, 'a', make)).toBe('body1');
    expect(cache.response(snap, 'a', make)).toBe('body1');
    cache.response(snap, 'b', make);
    cache.response(snap, 'c', make);
    expect(snap.responses.size).toBe(2);
    expect(cache.response(snap, 'a', make)).toBe('body4');
    cache.invalidate();
    expect((await cache.snapshot()).responses.size).toBe(0);
  });

  it('filters like the repo query: family, excluded family, menu prefix, quoted category, page', () => {
    const rows = [row(1, 'med', ['t-test', 'basic']), row(2, 'advanced', ['fenxi', 'basic']), row(3, 'advanced', ['tu', 'fenxi']), row(4, 'med', ['basic-x'])];
    const q = { family: null, excludeFamily: null, menu: null, category: null, offset: 0, limit: 20 };
    const ids = (f: Partial<typeof q>) => filterRows(rows, { ...q, ...f }).rows.map((r) => r.id);
    expect(ids({ family: 'med' })).toEqual([1, 4]);
    expect(ids({ excludeFamily: 'advanced' })).toEqual([1, 4]);
    expect(ids({ menu: 'fenxi' })).toEqual([2]);
    // A quoted slug: "basic" is not "basic-x"; characters the repo strips are stripped here too.
    expect(ids({ category: 'basic' })).toEqual([1, 2]);
    expect(ids({ category: 'ba%sic' })).toEqual([1, 2]);
    expect(ids({ category: 'fenxi' })).toEqual([2, 3]);
    expect(filterRows(rows, { ...q, offset: 1, limit: 2 })).toEqual({ rows: [rows[1], rows[2]], count: 4 });
  });
});

describe('tool lists from memory', () => {
  let t: TestApp;
  let other: TestApp;
  let alice: string;
  let aliceId: number;
  const medCategory = CATEGORIES.med[0]!.name;
  const menu = ADVANCED_MENU[0]!.name;
  const advCategory = CATEGORIES.advanced[0]!.children?.[0]?.name ?? '';
  const S = '/anatools/basic/menu-list/searchtools';
  const A = '/anatools/searchtools-advanced';
  const urls = [
    `${S}?level1=med&page=1&limit=20`,
    `${S}?level1=med&toolcalss=${medCategory}`,
    `${S}?level1=med&toolcalss=all&page=2&limit=5`,
    `${S}?level1=med&page=999&limit=20`,
    `${S}?page=1&limit=100`,
    `${S}?level1=med&toolname=${encodeURIComponent('t检验')}`,
    `${S}?level1=unknown`,
    `${A}?level1=${menu}`,
    `${A}?level1=${menu}&toolcalss=${advCategory}&limit=3`,
    `${A}?page=2&limit=10`,
  ];

  beforeAll(async () => {
    t = await startTestApp();
    other = await startTestApp(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : { DATA_DIR: t.dataDir });
    alice = (await register(t, '13800000071')).token;
    aliceId = (await t.services.sessions.authenticate(alice))!.userId;
    const med = (await t.call('GET', `${S}?level1=med&page=1&limit=20`)).body.data as Array<{ id: number }>;
    const adv = (await t.call('GET', `${A}?level1=${menu}`)).body.data as Array<{ id: number }>;
    for (const id of [med[0]!.id, med[7]!.id, adv[0]!.id]) {
      expect((await t.call('POST', '/user/favor/star', { token: alice, body: { toolId: id, status: true } })).body.code).toBe(200);
    }
  }, 120_000);
  afterAll(async () => {
    await other?.app.close();
    await t?.close();
  });

  const get = async (app: TestApp, url: string, token?: string) => {
    const res = await app.app.inject({ method: 'GET', url, headers: token ? { 'x-csrftoken': token } : {} });
    return { status: res.statusCode, type: res.headers['content-type'], text: res.payload };
  };

  it('answers visitors and signed-in users with the bytes the SQL path gives', async () => {
    const cache = t.services.tools.catalogue;
    for (const token of [undefined, alice]) {
      for (const url of [...urls, ...(token ? [`${S}?level1=med&isFavor=1`, `${A}?isFavor=1`] : [])]) {
        cache.enabled = false;
        const sql = await get(t, url, token);
        cache.enabled = true;
        const first = await get(t, url, token);
        const again = await get(t, url, token);
        expect(sql.status, url).toBe(200);
        expect(JSON.parse(sql.text).code, url).toBe(200);
        expect(first, `${url} ${token ? 'user' : 'visitor'}`).toEqual(sql);
        expect(again, `${url} ${token ? 'user' : 'visitor'} (kept)`).toEqual(sql);
      }
    }
    // The lists are not empty and the favourites show, so the comparison above compared something.
    const page = JSON.parse((await get(t, `${S}?level1=med&page=1&limit=20`, alice)).text);
    expect(page.count).toBeGreaterThan(20);
    expect(page.data.filter((x: { is_favor: boolean }) => x.is_favor)).toHaveLength(2);
    expect(JSON.parse((await get(t, `${S}?level1=med&page=1&limit=20`)).text).data.some((x: { is_favor: boolean }) => x.is_favor)).toBe(false);
    // A visitor's favourites list is still refused.
    expect(JSON.parse((await get(t, `${S}?level1=med&isFavor=1`)).text).code).toBe(50008);
  });

  it('shows an operator change at once on the same server and within the TTL on another', async () => {
    const url = `${S}?level1=med&page=1&limit=20`;
    const ids = async (app: TestApp, token?: string) => (JSON.parse((await get(app, url, token)).text).data as Array<{ id: number }>).map((x) => x.id);
    const before = await ids(t);
    const id = before[0]!;
    expect(await ids(other)).toEqual(before);
    expect(await ids(t, alice)).toEqual(before);

    await t.services.ops.catalogue.update({ userId: aliceId }, { id, enabled: false, reason: '测试' });
    const changedAt = performance.now();
    expect(await ids(t)).not.toContain(id);
    expect(await ids(t, alice)).not.toContain(id);
    let seenAfter = Infinity;
    while (performance.now() - changedAt < 3000) {
      if (!(await ids(other)).includes(id)) {
        seenAfter = performance.now() - changedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seenAfter).toBeLessThan(1500);

    await t.services.ops.catalogue.update({ userId: aliceId }, { id, enabled: true, reason: '测试' });
    expect(await ids(t)).toEqual(before);
  });
});
