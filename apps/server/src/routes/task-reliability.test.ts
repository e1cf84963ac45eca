// Reliability of analysis tasks through the real API (issue 15 items 18–20, 23): the deadline counts
// running time only and the queue is fair across users, with 排队中 and a place to show; tasks have
// an owner and a lease, so a second instance on the same database fails only orphaned tasks, and a
// task deleted (or failed elsewhere) while running has its output discarded; concurrent first
// downloads of one export build it once; a wrong parameter creates no task; a failure says why.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../app.js';
import { TaskMessages } from '../services/task-service.js';
import { register } from '../test/account-flows.js';
import { uploadOk } from '../test/files.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { exampleFidOf, submitBody, ttest } from '../test/tool-flows.js';

type Answer = { status: number; body: { code: number; msg: string; data: any }; ms: number };

function submitter(app: () => TestApp) {
  return async (token: string, opts: { fid: string; data?: Record<string, unknown>; fault?: 'hang' | 'crash'; ref?: string }): Promise<Answer> => {
    const started = Date.now();
    const res = await app().app.inject({
      method: 'POST',
      url: '/anatools/v2',
      payload: { ...submitBody(opts.fid, opts.data ?? ttest), ...(opts.ref ? { ref: opts.ref } : {}) },
      headers: { 'x-csrftoken': token, ...(opts.fault ? { 'x-labstat-fault': opts.fault } : {}) },
    });
    return { status: res.statusCode, body: res.json(), ms: Date.now() - started };
  };
}

/** Polls until `check` answers something truthy. */
async function until<T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const tasksOf = (t: TestApp, token: string) => t.call('GET', '/user/task/tool?page=1&limit=100', { token }).then((r) => r.body.data.task_list as any[]);
const rowOf = (t: TestApp, taskid: string) => t.db.kysely.selectFrom('tasks').selectAll().where('taskid', '=', taskid).executeTakeFirst();
const reportRows = (t: TestApp, taskid: string) => t.db.kysely.selectFrom('reports').selectAll().where('taskid', '=', taskid).execute();

describe('one analysis worker, shared by several users', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let carol: string;
  let fid: string;
  const submit = submitter(() => t);

  beforeAll(async () => {
    t = await startTestApp({ JOB_ALLOW_FAULTS: '1', JOB_TIMEOUT_S: '6', JOB_CONCURRENCY: '1' });
    alice = (await register(t, '13800000151')).token;
    bob = (await register(t, '13800000152')).token;
    carol = (await register(t, '13800000153')).token;
    fid = await exampleFidOf(t, alice, 1003);
  }, 60_000);
  afterAll(async () => t?.close());
  afterEach(() => vi.restoreAllMocks());

  /** Submits a job that holds the worker until its deadline, and waits until it runs. */
  async function holdWorker(token: string) {
    const before = new Set((await tasksOf(t, token)).map((x) => x.taskid));
    const answer = submit(token, { fid, fault: 'hang' });
    const task = await until(async () => (await tasksOf(t, token)).find((x) => !before.has(x.taskid) && x.status === '分析中' && !x.queued), 'the slow job to start');
    return { answer, taskid: task.taskid as string };
  }

  it('runs a small task queued behind slow ones under its own deadline, first in line, shown as 排队中 with its place', async () => {
    const first = await holdWorker(alice);
    // Alice's second slow job waits: she already has the worker.
    const second = submit(alice, { fid, fault: 'hang', ref: 'alice-second-01' });
    const alicesSecond = await until(async () => (await t.call('GET', '/anatools/v2/queue?ref=alice-second-01', { token: alice })).body.data, 'alice’s second task');
    await until(async () => (await tasksOf(t, alice)).find((x) => x.taskid === alicesSecond.taskid)?.queue_position, 'alice’s second task to join the queue');
    const small = submit(bob, { fid, ref: 'bob-small-0001' });

    // Bob comes before Alice's second job: she is being served, he is not.
    const state = await until(async () => {
      const s = (await t.call('GET', '/anatools/v2/queue?ref=bob-small-0001', { token: bob })).body.data;
      return s?.queue_position ? s : null;
    }, 'bob’s task to join the queue');
    expect(state).toMatchObject({ status: '分析中', queued: true, queue_position: 1 });
    const bobs = await tasksOf(t, bob);
    expect(bobs).toHaveLength(1);
    expect(bobs[0]).toMatchObject({ taskid: state.taskid, status: '分析中', queued: true, queue_position: 1, update_time: '' });
    const alices = await tasksOf(t, alice);
    expect(alices.find((x) => x.taskid !== first.taskid)).toMatchObject({ status: '分析中', queued: true, queue_position: 2 });
    expect(alices.find((x) => x.taskid === first.taskid)).toMatchObject({ status: '分析中', queued: false, queue_position: null });
    // The status filter keeps the spec's values: a queued task is 分析中.
    const running = await t.call('GET', `/user/task/tool?status=${encodeURIComponent('分析中')}`, { token: bob });
    expect(running.body.data.task_list.map((x: any) => x.taskid)).toEqual([state.taskid]);
    // Another user's ref tells nothing.
    expect((await t.call('GET', '/anatools/v2/queue?ref=bob-small-0001', { token: carol })).body.data).toBeNull();

    const done = await small;
    expect(done.body.code).toBe(200);
    // It waited for the slow job's whole deadline, yet did not time out: only running time counts.
    expect(done.ms).toBeGreaterThan(5_000);
    expect(await rowOf(t, state.taskid)).toMatchObject({ status: '成功', message: '' });
    expect((await first.answer).body.msg).toBe(TaskMessages.timeout);
    expect((await t.call('GET', '/anatools/v2/queue?ref=bob-small-0001', { token: bob })).body.data).toMatchObject({ status: '成功', queued: false, queue_position: null });
    // Alice gives up on her second slow job rather than wait for its deadline.
    expect((await t.call('DELETE', `/delete/task/tool?taskid=${alicesSecond.taskid}`, { token: alice })).body.code).toBe(200);
    expect((await second).body.code).toBe(409);
  }, 60_000);

  it('refuses a wrong parameter without creating a task, and shows why a task failed', async () => {
    const count = async () => (await t.call('GET', '/user/task/tool', { token: carol })).body.count;
    const before = await count();
    // Caught by the form check.
    const outOfRange = await submit(carol, { fid, data: { ...ttest, level: 5 } });
    expect(outOfRange.status).toBe(400);
    // Caught by the tool on this data: three groups for a two-group test.
    const three = await uploadOk(t, carol, 'three.csv', Buffer.from('y,g\n1,a\n2,b\n3,c\n4,a\n5,b\n6,c\n'));
    const refused = await submit(carol, { fid: three._fid, data: { ...ttest, y: 'y', group: 'g' } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('应恰好有两个组');
    expect(await count()).toBe(before);
    expect(await t.db.kysely.selectFrom('tasks').select('taskid').where('file_fid', '=', three._fid).execute()).toHaveLength(0);

    // A real failure stays, and the task list says why.
    const crashed = await submit(carol, { fid, fault: 'crash' });
    expect(crashed.status).toBe(500);
    const failed = (await t.call('GET', `/user/task/tool?status=${encodeURIComponent('失败')}`, { token: carol })).body.data.task_list;
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ status: '失败', message: TaskMessages.crashed, queued: false });
    expect(failed[0].update_time).not.toBe('');
  }, 30_000);

  it('deleting a queued or running task cancels it; nothing of it is stored', async () => {
    const slow = await holdWorker(alice);
    const queued = submit(bob, { fid, ref: 'bob-cancel-001' });
    const state = await until(async () => {
      const s = (await t.call('GET', '/anatools/v2/queue?ref=bob-cancel-001', { token: bob })).body.data;
      return s?.queue_position ? s : null;
    }, 'bob’s task to join the queue');
    expect(state.queued).toBe(true);
    expect((await t.call('DELETE', `/delete/task/tool?taskid=${state.taskid}`, { token: bob })).body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await queued).body).toMatchObject({ code: 409, msg: '任务已被删除，分析结果未保存' });
    expect(await rowOf(t, state.taskid)).toBeUndefined();

    // The running one stops at once, long before its deadline, and frees the worker.
    const started = Date.now();
    expect((await t.call('DELETE', `/delete/task/tool?taskid=${slow.taskid}`, { token: alice })).body.code).toBe(200);
    expect((await slow.answer).body.code).toBe(409);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(await rowOf(t, slow.taskid)).toBeUndefined();
    expect((await submit(bob, { fid })).body.code).toBe(200);
  }, 30_000);

  it('discards the report of a task deleted after its analysis finished but before it was stored', async () => {
    const store = t.services.store;
    const put = store.putBytes.bind(store);
    let reached!: () => void;
    const atStore = new Promise<void>((r) => (reached = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reportKey = '';
    vi.spyOn(store, 'putBytes').mockImplementation(async (key, data, type) => {
      if (key.endsWith('/report.json')) {
        reportKey = key;
        reached();
        await gate;
      }
      return put(key, data, type);
    });
    const answer = submit(bob, { fid, ref: 'bob-deleted-01' });
    await atStore;
    const { taskid } = (await t.call('GET', '/anatools/v2/queue?ref=bob-deleted-01', { token: bob })).body.data;
    expect((await t.call('DELETE', `/delete/task/tool?taskid=${taskid}`, { token: bob })).body.code).toBe(200);
    release();
    expect((await answer).body).toMatchObject({ code: 409, msg: '任务已被删除，分析结果未保存' });
    expect(await rowOf(t, taskid)).toBeUndefined();
    expect(await reportRows(t, taskid)).toHaveLength(0);
    const reportid = reportKey.split('/')[1]!;
    expect(fs.existsSync(path.join(t.dataDir, 'store', 'reports', reportid))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/reports/${reportid}/report.json`, headers: { 'x-csrftoken': bob } })).statusCode).toBe(404);
  }, 30_000);

  describe('a second instance on the same database', () => {
    let second: App | null = null;
    afterEach(async () => {
      await second?.app.close();
      second = null;
    });
    const startSecond = async () => (second = await buildApp(t.config, { prepare: true, now: () => t.clock.t }));
    const orphan = async (taskid: string, lease: number | null) => {
      const user = await t.db.kysely.selectFrom('users').select('id').executeTakeFirstOrThrow();
      await t.db.kysely
        .insertInto('tasks')
        .values({ taskid, user_id: user.id, tool_id: 1003, kind: 'tool', status: '分析中', message: '', payload: '{}', params: '{}', file_fid: fid, report_id: null, created_at: t.clock.t - 60_000, ended_at: null, owner: 'gone-host:1:000000000000', lease_until: lease, started_at: t.clock.t - 60_000, client_ref: null })
        .execute();
    };

    it('fails only tasks whose lease expired; the first instance’s live tasks end normally, without a failure message', async () => {
      await orphan('a'.repeat(24), t.clock.t - 1);
      const slow = await holdWorker(alice);
      const small = submit(bob, { fid, ref: 'bob-two-inst-1' });
      const state = await until(async () => (await t.call('GET', '/anatools/v2/queue?ref=bob-two-inst-1', { token: bob })).body.data, 'bob’s task');

      await startSecond();
      expect(await rowOf(t, 'a'.repeat(24))).toMatchObject({ status: '失败', message: TaskMessages.restarted });
      expect(await rowOf(t, slow.taskid)).toMatchObject({ status: '分析中', message: '' });
      expect(await rowOf(t, state.taskid)).toMatchObject({ status: '分析中', message: '' });
      // The second instance's own heartbeat leaves them alone too.
      await second!.services.tasks.heartbeat();
      expect(await rowOf(t, state.taskid)).toMatchObject({ status: '分析中' });

      expect((await small).body.code).toBe(200);
      expect(await rowOf(t, state.taskid)).toMatchObject({ status: '成功', message: '' });
      expect((await slow.answer).body.msg).toBe(TaskMessages.timeout);
      expect(await rowOf(t, slow.taskid)).toMatchObject({ status: '失败', message: TaskMessages.timeout });
      // Closing the second instance fails nothing of the first's.
      const mine = submit(bob, { fid });
      await second!.app.close();
      second = null;
      expect((await mine).body.code).toBe(200);
    }, 60_000);

    it('a live instance’s heartbeat renews its own leases and fails tasks whose owner stopped renewing', async () => {
      await orphan('b'.repeat(24), t.clock.t + 5_000);
      const slow = await holdWorker(alice);
      const leaseBefore = (await rowOf(t, slow.taskid))!.lease_until!;
      t.clock.advance(10_000);
      await t.services.tasks.heartbeat();
      expect(await rowOf(t, 'b'.repeat(24))).toMatchObject({ status: '失败', message: TaskMessages.restarted });
      const renewed = await rowOf(t, slow.taskid);
      expect(renewed).toMatchObject({ status: '分析中', owner: t.services.tasks.instance });
      expect(renewed!.lease_until).toBe(leaseBefore + 10_000);
      expect((await t.call('DELETE', `/delete/task/tool?taskid=${slow.taskid}`, { token: alice })).body.code).toBe(200);
      expect((await slow.answer).body.code).toBe(409);
    }, 30_000);

    it('a task failed by another instance (its lease ran out) stays 失败: its late result is discarded', async () => {
      const store = t.services.store;
      const put = store.putBytes.bind(store);
      let reached!: () => void;
      const atStore = new Promise<void>((r) => (reached = r));
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      vi.spyOn(store, 'putBytes').mockImplementation(async (key, data, type) => {
        if (key.endsWith('/report.json')) {
          reached();
          await gate;
        }
        return put(key, data, type);
      });
      const answer = submit(bob, { fid, ref: 'bob-stalled-01' });
      await atStore;
      const { taskid } = (await t.call('GET', '/anatools/v2/queue?ref=bob-stalled-01', { token: bob })).body.data;
      // This instance stalled past its lease; another one starts and takes the task for orphaned.
      await t.db.kysely.updateTable('tasks').set({ lease_until: t.clock.t - 1 }).where('taskid', '=', taskid).execute();
      await startSecond();
      release();
      const r = await answer;
      expect(r.status).toBe(500);
      expect(r.body.msg).toBe(TaskMessages.restarted);
      expect(await rowOf(t, taskid)).toMatchObject({ status: '失败', message: TaskMessages.restarted, report_id: null });
      expect(await reportRows(t, taskid)).toHaveLength(0);
    }, 30_000);
  });

  it('concurrent first downloads of one report’s .xlsx all succeed and build it once', async () => {
    const r = await submit(alice, { fid });
    const { reportid } = r.body.data;
    const exports = vi.spyOn(t.services.jobs, 'export');
    const all = await Promise.all(
      Array.from({ length: 10 }, () => t.app.inject({ method: 'GET', url: `/reports/${reportid}/download/xlsx/report.xlsx`, headers: { 'x-csrftoken': alice } })),
    );
    expect(all.map((x) => x.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(all.map((x) => x.rawPayload.toString('base64'))).size).toBe(1);
    expect(all[0]!.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(exports).toHaveBeenCalledTimes(1);
  }, 30_000);

  it('concurrent writers of one stored object each use their own temp file', async () => {
    const key = 'reports/concurrent/export-v1/report.xlsx';
    const payloads = Array.from({ length: 20 }, (_, i) => Buffer.alloc(64 * 1024, i));
    await Promise.all(payloads.map((p) => t.services.store.putBytes(key, p)));
    const dir = path.join(t.dataDir, 'store', 'reports', 'concurrent', 'export-v1');
    expect(fs.readdirSync(dir)).toEqual(['report.xlsx']);
    const kept = fs.readFileSync(path.join(dir, 'report.xlsx'));
    expect(payloads.some((p) => p.equals(kept))).toBe(true);
  });
});

describe('two analysis workers', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let fid: string;
  const submit = submitter(() => t);

  beforeAll(async () => {
    t = await startTestApp({ JOB_ALLOW_FAULTS: '1', JOB_TIMEOUT_S: '20', JOB_CONCURRENCY: '2' });
    alice = (await register(t, '13800000154')).token;
    bob = (await register(t, '13800000155')).token;
    fid = await exampleFidOf(t, alice, 1003);
  }, 60_000);
  afterAll(async () => t?.close());

  it('one user cannot hold every worker: another user’s task runs at once', async () => {
    const one = submit(alice, { fid, fault: 'hang', ref: 'alice-capped-00' });
    await until(async () => (await t.call('GET', '/anatools/v2/queue?ref=alice-capped-00', { token: alice })).body.data?.queued === false, 'alice’s first task to start');
    const two = submit(alice, { fid, fault: 'hang', ref: 'alice-capped-01' });
    const waiting = await until(async () => {
      const s = (await t.call('GET', '/anatools/v2/queue?ref=alice-capped-01', { token: alice })).body.data;
      return s?.queue_position ? s : null;
    }, 'alice’s second task to join the queue');
    // A thread is free, yet Alice's second job waits: she already runs all she may.
    expect(await rowOf(t, waiting.taskid)).toMatchObject({ status: '分析中', started_at: null });
    const settled = { one: false };
    void one.then(() => (settled.one = true));
    const small = await submit(bob, { fid });
    expect(small.body.code).toBe(200);
    // Bob did not wait for Alice's slow jobs: the free thread was his.
    expect(settled.one).toBe(false);
    expect((await t.call('GET', '/anatools/v2/queue?ref=alice-capped-01', { token: alice })).body.data).toMatchObject({ queued: true, queue_position: 1 });
    const first = (await t.call('GET', '/anatools/v2/queue?ref=alice-capped-00', { token: alice })).body.data;
    for (const taskid of [first.taskid, waiting.taskid]) expect((await t.call('DELETE', `/delete/task/tool?taskid=${taskid}`, { token: alice })).body.code).toBe(200);
    expect((await one).body.code).toBe(409);
    expect((await two).body.code).toBe(409);
  }, 60_000);
});
