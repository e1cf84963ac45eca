// Issue 26, the whole shape at once: two API servers and two `npm run worker` processes on one
// database (PostgreSQL in CI's second pass), one redis-server and one S3 server (s3rver). The per-user
// cap holds across both servers: one user's analyses, sent through either, run one at a time while
// another user's starts at once. And one user's whole journey, every step on the other server than
// the last: sign-up and login, upload, analysis (run by a worker process), report page, Word file, AI
// chat, a data-processing run and deleting the task.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ProcessingPaths } from '@labstat/contracts';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_QUEUE, INGEST_QUEUE, PROCESSING_QUEUE, redisConnection } from '../jobs/queue-jobs.js';
import { TaskMessages } from '../services/task-service.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { REDIS_SERVER, startTestRedis, type TestRedis } from '../test/redis-server.js';
import { startWorkerProcess } from '../test/worker-process.js';
import { upload, uploadOk } from '../test/files.js';
import { startTestS3, type TestS3 } from '../test/s3-server.js';
import { exampleFidOf, submitBody, ttest } from '../test/tool-flows.js';

const haveRedis = fs.existsSync(REDIS_SERVER);
if (!haveRedis && process.env.CI) throw new Error('redis-server is missing: .ci/run installs it');
// A hung job times out after this; a real t-test takes milliseconds on a warm worker.
const JOB_TIMEOUT_S = 6;

let redis: TestRedis;
let s3: TestS3;
let a: TestApp;
let b: TestApp;
let queue: Queue;
let storeEnv: Record<string, string>;
const workers = new Map<string, ChildProcess>();
let workerLog = '';
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-scale-'));

async function startWorker(name: string): Promise<void> {
  const child = await startWorkerProcess({ name, redisUrl: redis.url, workDir, concurrency: 2, timeoutS: JOB_TIMEOUT_S, env: storeEnv, onStderr: (t) => (workerLog += t) });
  workers.set(name, child);
}

/** Signs a user up: QR made on one server, scanned and the SMS code checked on the other. */
async function signup(first: TestApp, second: TestApp, account: string): Promise<string> {
  const qr = await first.call('GET', '/login/wechat/get_qrcode');
  const scan = await second.call('POST', '/dev/wechat/scan', { body: { logkey: qr.body.data.logkey } });
  expect((await first.call('POST', '/smscode/', { body: { account } })).body.code).toBe(200);
  const code = (await first.call('GET', `/dev/sms-outbox?account=${account}`)).body.data[0].code as string;
  const r = await second.call('POST', '/v2/signup', { body: { account, smscode: code, password: 'secret123', checkPass: 'secret123', openid: scan.body.data.openid } });
  expect(r.body.msg).toBe('注册成功');
  return r.body.data.access_token as string;
}

const submit = async (t: TestApp, token: string, fid: string, fault?: 'hang', params: Record<string, unknown> = ttest) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/anatools/v2',
    payload: submitBody(fid, params),
    headers: { 'x-csrftoken': token, ...(fault ? { 'x-labstat-fault': fault } : {}) },
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
};

describe.skipIf(!haveRedis)('two API servers and two workers on one database, Redis and S3', () => {
  beforeAll(async () => {
    redis = await startTestRedis();
    s3 = await startTestS3('scale-out');
    storeEnv = { S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey, S3_FORCE_PATH_STYLE: 'true' };
    const common = { ...storeEnv, REDIS_URL: redis.url, JOB_ALLOW_FAULTS: '1', JOB_USER_CONCURRENCY: '1' };
    a = await startTestApp(common);
    b = await startTestApp({ ...common, ...(a.config.databaseUrl ? { DATABASE_URL: a.config.databaseUrl } : { DATA_DIR: a.dataDir }) });
    queue = new Queue(ANALYSIS_QUEUE, { connection: redisConnection(redis.url) });
    await Promise.all([startWorker('w1'), startWorker('w2')]);
  }, 240_000);
  afterAll(async () => {
    for (const w of workers.values()) w.kill('SIGKILL');
    await queue?.close();
    await b?.app.close();
    await a?.close();
    await s3?.close();
    await redis?.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('holds one user to the cap across both servers while another user starts at once', async () => {
    const busy = await signup(a, b, '13800138001');
    const other = await signup(b, a, '13800138002');
    const fid = await exampleFidOf(a, busy, 1003);
    // Watch the queue: the busy user's jobs waiting or running there, across both servers.
    let most = 0;
    let watching = true;
    const users = new Set<number>();
    const watch = (async () => {
      while (watching) {
        const jobs = await queue.getJobs(['active', 'waiting', 'prioritized', 'delayed']);
        const mine = jobs.filter((j) => j.data.input?.fault === 'hang');
        for (const j of mine) users.add(j.data.user);
        most = Math.max(most, mine.length);
        await new Promise((r) => setTimeout(r, 40));
      }
    })();
    // Four hung analyses, two through each server: with 4 worker threads free, only one may run.
    const started = Date.now();
    const hung = [a, b, a, b].map((t) => submit(t, busy, fid, 'hang'));
    await new Promise((r) => setTimeout(r, 1500));
    const before = Date.now();
    const quick = await submit(b, other, fid);
    const quickMs = Date.now() - before;
    expect(quick.body.msg, JSON.stringify(quick.body)).toBe('修改成功');
    const answers = await Promise.all(hung);
    watching = false;
    await watch;
    for (const r of answers) expect(r.body.msg).toBe(TaskMessages.timeout);
    expect(users.size).toBe(1);
    expect(most).toBe(1);
    // One after another: four deadlines in a row.
    expect(Date.now() - started).toBeGreaterThanOrEqual(4 * JOB_TIMEOUT_S * 1000 - 500);
    // The other user did not wait behind them.
    expect(quickMs).toBeLessThan(JOB_TIMEOUT_S * 1000);
  }, 180_000);

  it('carries one user through the whole journey, each step on the other server than the last', async () => {
    const account = '13800138003';
    // Sign-up: QR made on A, scanned on B; SMS code sent by A, read from B's outbox, checked on A.
    const qr = await a.call('GET', '/login/wechat/get_qrcode');
    const scan = await b.call('POST', '/dev/wechat/scan', { body: { logkey: qr.body.data.logkey } });
    expect(scan.body.code).toBe(200);
    expect((await a.call('POST', '/smscode/', { body: { account } })).body.code).toBe(200);
    const smscode = (await b.call('GET', `/dev/sms-outbox?account=${account}`)).body.data[0].code as string;
    const signedUp = await a.call('POST', '/v2/signup', { body: { account, smscode, password: 'secret123', checkPass: 'secret123', openid: scan.body.data.openid } });
    expect(signedUp.body.msg).toBe('注册成功');
    // Login on B with the password just set; that session is known to A.
    const login = await b.call('POST', '/login/', { body: { username: account, password: 'secret123' } });
    expect(login.body.code, JSON.stringify(login.body)).toBe(200);
    const token = login.body.data.access_token as string;
    expect((await a.call('GET', '/v2/user/profile', { token })).body.code).toBe(200);

    // Upload on B; analyse on A.
    const csv = '编号,组别,收缩压\n' + Array.from({ length: 40 }, (_, i) => `${i + 1},${i % 2 ? '治疗组' : '对照组'},${120 + (i % 7) * 3 + (i % 2 ? -6 : 0)}`).join('\n') + '\n';
    const file = await uploadOk(b, token, '两组血压.csv', Buffer.from(csv));
    // The upload was ingested by a worker (the store is shared S3): its queue job names the worker.
    const ingestQueue = new Queue(INGEST_QUEUE, { connection: redisConnection(redis.url) });
    try {
      const ingested = (await ingestQueue.getJobs(['completed'])).filter((j) => j.data.filename === '两组血压.csv');
      expect(ingested.length).toBe(1);
      expect(['w1', 'w2']).toContain(ingested[0]!.processedBy);
      expect(ingested[0]!.returnvalue).toMatchObject({ ok: true, result: { rows: 40 } });
      // A file a worker cannot read answers the same Chinese message as a local ingest, and stays nowhere.
      const bad = await upload(a, token, '坏文件.csv', Buffer.from('\u0000\u0001\u0002PK'.repeat(10)));
      expect(bad.body.code).not.toBe(200);
      expect(bad.body.msg).toMatch(/[\u4e00-\u9fa5]/);
      expect((await a.call('GET', '/v2/datamanager/filelist', { token })).body.data.map((f: { filename: string }) => f.filename)).not.toContain('坏文件.csv');
      const refused = (await ingestQueue.getJobs(['completed'])).filter((j) => j.data.filename === '坏文件.csv');
      expect(refused.map((j) => j.returnvalue.ok)).toEqual([false]);
    } finally {
      await ingestQueue.close();
    }
    const run = await submit(a, token, file._fid, undefined, { ...ttest, y: '收缩压' });
    expect(run.body.msg, JSON.stringify(run.body)).toBe('修改成功');
    const { reportid, taskid } = run.body.data as { reportid: string; taskid: string };
    // Polled on B: done, and listed in B's task center.
    const polled = await b.call('GET', `/anatools/v2/report?taskId=${taskid}`, { token });
    expect(polled.body.data).toMatchObject({ status: '成功', taskid, reportid });
    const listed = await b.call('GET', '/user/task/tool?status=&page=1&limit=15', { token });
    expect(listed.body.data.task_list.map((t: { taskid: string }) => t.taskid)).toContain(taskid);
    // It ran in a worker process: the queue's job (its id is the task id) names the worker that took
    // it, and only `npm run worker` processes take jobs off the queue (the API servers only enqueue).
    const job = await queue.getJob(taskid);
    expect(job, 'the analysis went through the queue').toBeDefined();
    expect(['w1', 'w2']).toContain(job!.processedBy);
    expect(job!.finishedOn).toBeGreaterThan(0);

    // Report page on A; the Word file asked of B, downloaded from A.
    const page = await a.app.inject({ method: 'GET', url: `/reports/${reportid}`, headers: { 'x-csrftoken': token } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('t检验');
    const dl = await b.call('POST', '/anatools/v2/getresult', { token, body: { reportid } });
    expect(dl.body.code, JSON.stringify(dl.body)).toBe(200);
    const docx = await a.app.inject({ method: 'GET', url: dl.body.data.downloadPath, headers: { 'x-csrftoken': token } });
    expect(docx.statusCode).toBe(200);
    // A zip (local header) holding a Word document (entry names are stored uncompressed).
    expect(docx.rawPayload.readUInt32LE(0)).toBe(0x04034b50);
    expect(docx.rawPayload.includes(Buffer.from('word/document.xml'))).toBe(true);
    expect(docx.rawPayload.includes(Buffer.from('[Content_Types].xml'))).toBe(true);

    // AI chat on B about the report (dev provider, SSE); its history read on A.
    const chat = await b.app.inject({
      method: 'POST',
      url: '/ai/v2/report/dialogue',
      headers: { 'x-csrftoken': token, 'content-type': 'application/json' },
      payload: { message: '两组收缩压有差别吗？', apiType: 'LabStat 解读', reportid, attachments: [] },
    });
    expect(chat.statusCode).toBe(200);
    expect(chat.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(chat.body).toContain('data: [DONE]');
    const history = await a.call('GET', `/ai/v2/history?taskId=${taskid}`, { token });
    expect(JSON.stringify(history.body.data)).toContain('两组收缩压有差别吗？');

    // Data processing: its form filled from the file on B, run on A, the new file's page read on B,
    // the processing task and its report on A.
    const rule = await b.call('GET', `${ProcessingPaths.paramsRule}?processId=5001&_fid=${file._fid}`, { token });
    const by = (rule.body.data as Array<{ filed: string; option: Array<{ value: string }> }>).find((f) => f.filed === 'by')!;
    expect(by.option.map((o) => o.value)).toEqual(['编号', '组别', '收缩压']);
    const sorted = await a.call('POST', ProcessingPaths.submit, { token, body: { processId: 5001, file: file._fid, form: { by: '收缩压', order: 'desc' } } });
    expect(sorted.body.code, JSON.stringify(sorted.body)).toBe(200);
    expect(sorted.body.data.filename).toBe('两组血压_排序.csv');
    const rows = (await b.call('GET', `/v2/datamanager/detailfile?_fid=${sorted.body.data._fid}&page=1&page_size=100`, { token })).body.data.rows as unknown[][];
    expect(rows[0]).toEqual(['编号', '组别', '收缩压']);
    const pressures = rows.slice(1).map((r) => Number(r[2]));
    expect(pressures).toHaveLength(40);
    expect(pressures).toEqual([...pressures].sort((x, y) => y - x));
    // Processing tasks sit in the task center's tool list, beside the analysis (the test apps' clocks
    // stand still, so both carry the same time: found by report, not by place).
    const withProcessing = await a.call('GET', '/user/task/tool?status=&page=1&limit=15', { token });
    const processTask = (withProcessing.body.data.task_list as Array<{ report: string }>).find((t) => t.report === sorted.body.data.report);
    expect(processTask).toMatchObject({ toolid__id: 5001, status: '成功' });
    const processReport = await a.app.inject({ method: 'GET', url: sorted.body.data.report, headers: { 'x-csrftoken': token } });
    expect(processReport.statusCode).toBe(200);
    expect(processReport.body).toContain('两组血压_排序.csv');
    // The run was a worker's (the store is shared S3): its queue job, named by the task id, says which.
    const processingQueue = new Queue(PROCESSING_QUEUE, { connection: redisConnection(redis.url) });
    try {
      const sortJob = await processingQueue.getJob(sorted.body.data.taskid);
      expect(sortJob, 'the processing run went through the queue').toBeDefined();
      expect(['w1', 'w2']).toContain(sortJob!.processedBy);
      // Another file of the user's, named by the form, reaches the worker through the store: the
      // sorted file appended to the original on B (80 rows), its page read on A.
      const appended = await b.call('POST', ProcessingPaths.submit, { token, body: { processId: 5023, file: file._fid, form: { other: sorted.body.data._fid, source: true, sourceName: '来源' } } });
      expect(appended.body.code, JSON.stringify(appended.body)).toBe(200);
      const appendedPage = (await a.call('GET', `/v2/datamanager/detailfile?_fid=${appended.body.data._fid}&page=1&page_size=100`, { token })).body.data.rows as unknown[][];
      expect(appendedPage[0]).toEqual(['编号', '组别', '收缩压', '来源']);
      expect(appendedPage).toHaveLength(81);
      expect(new Set(appendedPage.slice(1).map((r) => r[3]))).toEqual(new Set(['两组血压.csv', '两组血压_排序.csv']));
      expect(['w1', 'w2']).toContain((await processingQueue.getJob(appended.body.data.taskid))!.processedBy);
      // A form the method refuses on the worker answers its Chinese message on the server, and leaves
      // neither a task nor a file (a file that does not exist as the one to append).
      const filesBefore = (await a.call('GET', '/v2/datamanager/filelist', { token })).body.data.length as number;
      const refused = await a.call('POST', ProcessingPaths.submit, { token, body: { processId: 5023, file: file._fid, form: { other: 'no-such-file', source: false, sourceName: '来源' } } });
      expect(refused.body.code).toBe(400);
      expect(refused.body.msg).toBe('所选的另一个数据文件不存在或已删除');
      expect((await b.call('GET', '/v2/datamanager/filelist', { token })).body.data.length).toBe(filesBefore);
    } finally {
      await processingQueue.close();
    }

    // Deleted on B: gone on A — the task list, its result and its report page.
    const del = await b.app.inject({ method: 'DELETE', url: `/delete/task/tool?taskid=${taskid}`, headers: { 'x-csrftoken': token } });
    expect(del.json().code, del.body).toBe(200);
    const after = await a.call('GET', '/user/task/tool?status=&page=1&limit=15', { token });
    expect(after.body.data.task_list.map((t: { taskid: string }) => t.taskid)).not.toContain(taskid);
    expect(after.body.data.task_list.map((t: { report: string }) => t.report)).toContain(sorted.body.data.report);
    expect((await a.call('GET', `/anatools/v2/report?taskId=${taskid}`, { token })).body.code).not.toBe(200);
    const gonePage = await a.app.inject({ method: 'GET', url: `/reports/${reportid}`, headers: { 'x-csrftoken': token } });
    expect(gonePage.statusCode).toBe(404);
  }, 180_000);
});
