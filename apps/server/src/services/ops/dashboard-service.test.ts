// The dashboard's day buckets are Beijing calendar days, computed in SQL on SQLite and PostgreSQL
// alike; the audit CSV keeps spreadsheet formulas from running.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../test/account-flows.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { toCsv } from './audit-service.js';

let t: TestApp;
const at = (beijing: string) => Date.parse(`${beijing}+08:00`);

beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('DashboardService', () => {
  it('counts per Beijing day: a task at 23:30 and one at 00:30 fall on different days', async () => {
    t.clock.t = at('2030-03-10T10:00:00');
    await register(t, '13700000001');
    const userId = (await t.db.kysely.selectFrom('users').select('id').where('mobile', '=', '13700000001').executeTakeFirstOrThrow()).id;
    const task = (taskid: string, created: number, status: '成功' | '失败', message = '', started: number | null = created + 2000) => ({
      taskid,
      user_id: userId,
      tool_id: 1003,
      kind: 'tool' as const,
      status,
      message,
      payload: '{}',
      params: '{}',
      file_fid: '',
      report_id: null,
      created_at: created,
      ended_at: created + 5000,
      owner: null,
      lease_until: null,
      started_at: started,
      client_ref: null,
    });
    await t.db.kysely
      .insertInto('tasks')
      .values([
        task('t-late', at('2030-03-09T23:30:00'), '成功'),
        task('t-early', at('2030-03-10T00:30:00'), '失败', '数据不足'),
        task('t-early2', at('2030-03-10T01:30:00'), '失败', '数据不足'),
        task('t-early3', at('2030-03-10T02:30:00'), '失败', '分组只有一个'),
      ])
      .execute();
    await t.db.kysely
      .insertInto('orders')
      .values({
        order_id: 'o-1',
        user_id: userId,
        vip_pid: 'vip_1m',
        product: '标准会员·1个月',
        tier: 'vip',
        days: 30,
        amount_fen: 2990,
        status: 'paid',
        provider: 'sandbox',
        code_url: '',
        provider_txn: null,
        created_at: at('2030-03-10T07:59:00'),
        expires_at: at('2030-03-10T09:59:00'),
        paid_at: at('2030-03-10T08:00:00'),
      })
      .execute();

    const d = await t.services.ops.dashboard.data(3);
    expect(d.days.map((x) => x.date)).toEqual(['2030-03-08', '2030-03-09', '2030-03-10']);
    expect(d.days[1]).toMatchObject({ analyses: 1, failures: 0, revenue: 0, newUsers: 0, activeUsers: 1 });
    expect(d.days[2]).toMatchObject({ analyses: 3, failures: 3, revenue: 29.9, newUsers: 1, activeUsers: 1 });
    expect(d.failuresByTool).toEqual([
      { toolId: 1003, name: expect.any(String), failures: 3, messages: [{ message: '数据不足', count: 2 }, { message: '分组只有一个', count: 1 }] },
    ]);
    expect(d.queue.avgWaitSeconds).toBe(2);
    expect(d.totals.revenue).toBe(29.9);
  });
});

describe('toCsv', () => {
  it('quotes separators and neutralises formula cells', () => {
    expect(toCsv([['a,b', '=HYPERLINK("x")', '-1', 'plain', 'say "hi"']])).toBe('\uFEFF"a,b","\'=HYPERLINK(""x"")",\'-1,plain,"say ""hi"""\r\n');
  });
});
