// Issue 26, the whole shape at once: two API servers and two `npm run worker` processes on one
// database (PostgreSQL in CI's second pass), one redis-server and one S3 server (s3rver). The per-user
// cap holds across both servers: one user's analyses, sent through either, run one at a time while
// another user's starts at once.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_QUEUE, redisConnection } from '../jobs/queue-jobs.js';
import { TaskMessages } from '../services/task-service.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { REDIS_SERVER, startTestRedis, type TestRedis } from '../test/redis-server.js';
import { startTestS3, type TestS3 } from '../test/s3-server.js';
import { exampleFidOf, submitBody, ttest } from '../test/tool-flows.js';

const haveRedis = fs.existsSync(REDIS_SERVER);
if (!haveRedis && process.env.CI) throw new Error('redis-server is missing: .ci/run installs it');
const WORKER = fileURLToPath(new URL('../worker.ts', import.meta.url));
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
  const child = spawn(process.execPath, ['--conditions=labstat-source', '--import', 'tsx', WORKER], {
    env: {
      ...process.env,
      ...storeEnv,
      REDIS_URL: redis.url,
      WORKER_NAME: name,
      JOB_CONCURRENCY: '2',
      JOB_TIMEOUT_S: String(JOB_TIMEOUT_S),
      JOB_ALLOW_FAULTS: '1',
      JOB_QUEUE_LOCK_MS: '2000',
      DATA_DIR: path.join(workDir, name),
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.set(name, child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (workerLog += d.toString()));
  for (let i = 0; !out.includes(`worker ${name} ready`); i++) {
    if (child.exitCode !== null || i > 1200) throw new Error(`worker ${name} did not start: ${out}${workerLog}`);
    await new Promise((r) => setTimeout(r, 50));
  }
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

const submit = async (t: TestApp, token: string, fid: string, fault?: 'hang') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/anatools/v2',
    payload: submitBody(fid, ttest),
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
});
