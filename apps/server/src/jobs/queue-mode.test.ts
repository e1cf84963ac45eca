// Issue 26 items 1–2: with REDIS_URL the API server only enqueues; `npm run worker` processes run
// the analyses and Word exports. A worker killed mid-job: its job is taken back and retried once on
// another worker, and its task still ends 失败 with a message, never stuck. Redis restarting: the
// server and the workers reconnect and go on. Deleting a running task stops it on its worker.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskMessages } from '../services/task-service.js';
import { register } from '../test/account-flows.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { REDIS_SERVER, startTestRedis, type TestRedis } from '../test/redis-server.js';
import { startWorkerProcess } from '../test/worker-process.js';
import { exampleFidOf, submitBody, ttest } from '../test/tool-flows.js';
import { ANALYSIS_QUEUE, redisConnection } from './queue-jobs.js';

const haveRedis = fs.existsSync(REDIS_SERVER);
if (!haveRedis && process.env.CI) throw new Error('redis-server is missing: .ci/run installs it');
// Long enough for a t-test on a busy machine, short enough for a hung job to time out within the test.
const JOB_TIMEOUT_S = 20;

let redis: TestRedis;
let t: TestApp;
let queue: Queue;
const workers = new Map<string, ChildProcess>();
/** What the workers wrote to standard error (their failure lines). */
let workerLog = '';
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-workers-'));

async function startWorker(name: string): Promise<void> {
  const child = await startWorkerProcess({ name, redisUrl: redis.url, workDir, concurrency: 1, timeoutS: JOB_TIMEOUT_S, onStderr: (t) => (workerLog += t) });
  workers.set(name, child);
}

async function until<T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const submit = async (token: string, fid: string, fault?: 'hang', requestId?: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/anatools/v2',
    payload: submitBody(fid, ttest),
    headers: { 'x-csrftoken': token, ...(fault ? { 'x-labstat-fault': fault } : {}), ...(requestId ? { 'x-request-id': requestId } : {}) },
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
};

/** The one analysis job active now, with the worker that holds it. */
const activeJob = () =>
  until(async () => {
    const [job] = await queue.getActive();
    return job?.processedBy ? job : null;
  }, 'an active job');

describe.skipIf(!haveRedis)('analyses on worker processes through Redis', () => {
  let token: string;
  let fid: string;
  beforeAll(async () => {
    redis = await startTestRedis();
    t = await startTestApp({ REDIS_URL: redis.url, JOB_ALLOW_FAULTS: '1' });
    queue = new Queue(ANALYSIS_QUEUE, { connection: redisConnection(redis.url) });
    await Promise.all([startWorker('w1'), startWorker('w2')]);
    ({ token } = await register(t, '13800138000'));
    fid = await exampleFidOf(t, token, 1003);
  }, 180_000);
  afterAll(async () => {
    for (const w of workers.values()) w.kill('SIGKILL');
    await queue?.close();
    await t?.close();
    await redis?.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('runs an analysis and its Word export on a worker; /readyz checks Redis', async () => {
    const r = await submit(token, fid);
    expect(r.body.msg, JSON.stringify(r.body)).toBe('修改成功');
    const job = await queue.getJob(r.body.data.taskid);
    expect(['w1', 'w2']).toContain(job?.processedBy);
    const dl = await t.call('POST', '/anatools/v2/getresult', { token, body: { reportid: r.body.data.reportid } });
    const docx = await t.app.inject({ method: 'GET', url: dl.body.data.downloadPath, headers: { 'x-csrftoken': token } });
    expect(docx.statusCode).toBe(200);
    expect(docx.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json().data.checks).toEqual({ database: 'ok', redis: 'ok', store: 'ok' });
  }, 120_000);

  it('a worker killed mid-job: the job is retried once on the other worker, and its task ends 失败 with a message', async () => {
    const answer = submit(token, fid, 'hang', 'lb-killed-worker-1');
    const first = await activeJob();
    const victim = first.processedBy!;
    workers.get(victim)!.kill('SIGKILL');
    workers.delete(victim);
    const r = await answer;
    expect(r.status).toBe(500);
    expect(r.body.msg).toBe(TaskMessages.timeout);
    const job = (await queue.getJob(first.id!))!;
    expect(job.stalledCounter).toBe(1);
    expect(job.processedBy).not.toBe(victim);
    // The worker's failure line carries the submitting request's id.
    const line = workerLog.split('\n').find((l) => l.includes('lb-killed-worker-1'));
    expect(line && JSON.parse(line)).toMatchObject({ reqId: 'lb-killed-worker-1', reason: 'timeout', taskid: first.id });
    const tasks = await t.call('GET', '/user/task/tool?page=1&limit=20', { token });
    expect(JSON.stringify(tasks.body.data)).not.toContain('运行中');
    expect(JSON.stringify(tasks.body.data)).toContain(TaskMessages.timeout);
    await startWorker(victim);
  }, 120_000);

  it('deleting a running task stops it on its worker, which takes the next job at once', async () => {
    const answer = submit(token, fid, 'hang');
    const job = await activeJob();
    expect((await t.call('DELETE', `/delete/task/tool?taskid=${job.id}`, { token })).body.code).toBe(200);
    await answer;
    const started = Date.now();
    const next = await submit(token, fid);
    expect(next.body.msg).toBe('修改成功');
    expect(Date.now() - started).toBeLessThan(JOB_TIMEOUT_S * 1000);
  }, 120_000);

  it('Redis restarts: the server and the workers reconnect and go on', async () => {
    await redis.restart();
    const r = await until(async () => {
      const x = await submit(token, fid);
      return x.body.msg === '修改成功' ? x : null;
    }, 'an analysis after the restart', 60_000);
    expect(r.body.data.reportid).toMatch(/^[0-9a-f]+$/);
  }, 120_000);
});
