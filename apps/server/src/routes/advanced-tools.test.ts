// The advanced tools (issue 23, spec 01 /high-tool): the menu comes from the catalogue, each item
// lists its own tools under its categories, the standard lists never show them, favourites collect
// them in /collect/heigh-tool, they are for advanced members, and their tasks are the task center's
// 高级工具任务 (/user/task/process).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVANCED_MENU, CATEGORIES, EXAMPLE_FILES, TOOLS } from '@labstat/tools';
import { exampleParams } from '../../../../packages/tools/src/example-report.js';
import { readExampleTable } from '../../../../packages/tools/src/test-table.js';
import { register } from '../test/account-flows.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { exampleFidOf, submitBody } from '../test/tool-flows.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  ({ token } = await register(t, '13900009201'));
});
afterAll(async () => {
  await t.close();
});

const advanced = TOOLS.filter((x) => x.definition.family === 'advanced');

describe('advanced tools', () => {
  it('serves the menu, each item with its categories and its own tools', async () => {
    expect(advanced.length).toBeGreaterThan(0);
    expect((await t.call('GET', '/menu')).body.data).toEqual(ADVANCED_MENU.map((m) => ({ name: m.name, title: m.title })));
    for (const m of ADVANCED_MENU) {
      const classes = (await t.call('GET', `/anatools/advanced/class?level1=${m.name}`)).body.data as Array<{ name: string; name_zh: string }>;
      expect(classes.map((c) => c.name_zh)).toEqual(['全部', ...(CATEGORIES.advanced.find((c) => c.name === m.name)!.children ?? []).map((c) => c.name_zh)]);
      const list = await t.call('GET', `/anatools/searchtools-advanced?level1=${m.name}&page=1&limit=100`, { token });
      const expected = advanced.filter((x) => x.definition.categories[0] === m.name).map((x) => x.definition.id);
      expect((list.body.data as Array<{ id: number }>).map((x) => x.id).sort()).toEqual([...expected].sort());
      expect(list.body.count).toBe(expected.length);
      for (const item of list.body.data as Array<{ level1: string; vip: boolean }>) expect(item).toMatchObject({ level1: m.name, vip: true });
    }
    // A category button narrows the item's list.
    const tool = advanced[0]!.definition;
    const [menu, sub] = tool.categories;
    const narrowed = await t.call('GET', `/anatools/searchtools-advanced?level1=${menu}&toolcalss=${sub}&page=1&limit=100`, { token });
    expect((narrowed.body.data as Array<{ id: number }>).map((x) => x.id)).toContain(tool.id);
    expect(narrowed.body.data.every((x: { id: number }) => TOOLS.find((y) => y.definition.id === x.id)!.definition.categories[1] === sub)).toBe(true);
  });

  it('keeps advanced tools out of the standard lists', async () => {
    const ids = new Set<number>();
    let count = 0;
    for (let page = 1; page === 1 || ids.size < count; page++) {
      const all = await t.call('GET', `/anatools/basic/menu-list/searchtools?level1=&page=${page}&limit=100`, { token });
      count = all.body.count;
      for (const x of all.body.data as Array<{ id: number }>) ids.add(x.id);
    }
    for (const x of advanced) expect(ids.has(x.definition.id)).toBe(false);
    expect(count).toBe(TOOLS.length - advanced.length);
  });

  it('collects a starred advanced tool in the advanced favourites only', async () => {
    const id = advanced[0]!.definition.id;
    expect((await t.call('POST', '/user/favor/star', { token, body: { toolId: id, status: true } })).body.code).toBe(200);
    const favs = await t.call('GET', '/anatools/searchtools-advanced?level1=&isFavor=true&page=1&limit=100', { token });
    expect(favs.body.data.map((x: { id: number }) => x.id)).toEqual([id]);
    const standard = await t.call('GET', '/anatools/basic/menu-list/searchtools?level1=&isFavor=true&page=1&limit=100', { token });
    expect(standard.body.count).toBe(0);
  });

  it('runs for advanced members only, and its task is an advanced task', async () => {
    const tool = advanced[0]!;
    const d = tool.definition;
    const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === d.example)!.file);
    const fid = await exampleFidOf(t, token, d.id);
    const body = submitBody(fid, exampleParams(tool, table), d.id);
    await t.db.kysely.updateTable('users').set({ vip_expires_at: t.clock.t + 86_400_000 }).where('mobile', '=', '13900009201').execute();
    const refused = await t.call('POST', '/anatools/v2', { token, body });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('该工具为高级会员专享，请升级为高级会员后使用');
    await t.db.kysely.updateTable('users').set({ svip_expires_at: t.clock.t + 86_400_000 }).where('mobile', '=', '13900009201').execute();
    const ran = await t.call('POST', '/anatools/v2', { token, body });
    expect(ran.body.code, JSON.stringify(ran.body)).toBe(200);
    const advancedTasks = await t.call('GET', '/user/task/process?status=&page=1&limit=15', { token });
    expect(advancedTasks.body.data.task_list.map((x: { taskid: string }) => x.taskid)).toContain(ran.body.data.taskid);
    const standardTasks = await t.call('GET', '/user/task/tool?status=&page=1&limit=15', { token });
    expect(standardTasks.body.data.task_list.map((x: { taskid: string }) => x.taskid)).not.toContain(ran.body.data.taskid);
  }, 120_000);
});
