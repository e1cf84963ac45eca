// Scale-out measurements (issue 26 item 7), `npm run bench:scale`, on this machine:
// - analysis throughput (the t-test on its example data, 50 submissions at once from 50 clients)
//   with 1 and with 2 `npm run worker` processes (one thread each) behind one API server on Redis;
// - API throughput of the tool list with 1 and with 2 API server processes (autocannon, 200
//   connections split over the servers), beside the trivial route of one server as the ceiling.
// The ratios are recorded; with 2 cores the ideal is about 2× for the worker step.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startTestRedis } from '../apps/server/src/test/redis-server.js';
import { exampleTTestThroughput, registerUser, ROOT, startBuiltServer, type BenchServer } from './lib/bench-server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const JOBS = Number(process.env.BENCH_SCALE_JOBS ?? 100);
const CLIENTS = 50;
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 10);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-scale-'));

function startWorker(redisUrl: string, name: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/worker.js')], {
    cwd: ROOT,
    env: { ...process.env, REDIS_URL: redisUrl, WORKER_NAME: name, JOB_CONCURRENCY: '1', DATA_DIR: path.join(work, name), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker ${name} exited (${code}): ${out}`)));
  });
}

async function analysisThroughput(workers: number): Promise<{ workers: number; jobs: number; seconds: number; jobsPerSecond: number; failed: number }> {
  const redis = await startTestRedis();
  const server = await startBuiltServer(path.join(work, `api-w${workers}`), { REDIS_URL: redis.url, JOB_USER_CONCURRENCY: String(CLIENTS), JOB_QUEUE_INFLIGHT: String(CLIENTS) });
  const procs = await Promise.all(Array.from({ length: workers }, (_, i) => startWorker(redis.url, `w${workers}-${i + 1}`)));
  try {
    const token = await registerUser(server.url, `1360000${String(2000 + workers).padStart(4, '0')}`);
    // One warm-up analysis per worker, not timed.
    return { workers, ...(await exampleTTestThroughput(server.url, token, CLIENTS, JOBS, workers)) };
  } finally {
    for (const p of procs) p.kill('SIGTERM');
    await server.stop();
    await redis.close();
  }
}

async function load(urls: string[], route: string): Promise<{ requestsPerSecond: number; p99Ms: number; errors: number }> {
  const runs = await Promise.all(
    urls.map((u) => autocannon({ url: u + route, connections: Math.floor(200 / urls.length), duration: SECONDS })),
  );
  return {
    requestsPerSecond: Math.round(runs.reduce((a, r) => a + r.requests.average, 0)),
    p99Ms: Math.max(...runs.map((r) => r.latency.p99)),
    errors: runs.reduce((a, r) => a + r.errors + r.non2xx, 0),
  };
}

async function apiThroughput() {
  const servers: BenchServer[] = [];
  try {
    servers.push(await startBuiltServer(path.join(work, 'api-a')));
    const route = '/anatools/basic/menu-list/searchtools?page=1&limit=20&toolcategory=med';
    const trivial = await load([servers[0]!.url], '/healthz');
    const one = await load([servers[0]!.url], route);
    // A second server on the same SQLite file would contend for it: the second gets its own data folder.
    servers.push(await startBuiltServer(path.join(work, 'api-b')));
    const two = await load(servers.map((s) => s.url), route);
    return { route, connections: 200, seconds: SECONDS, trivialRouteOneServer: trivial, oneServer: one, twoServers: two, ratioTwoToOne: Math.round((two.requestsPerSecond / one.requestsPerSecond) * 100) / 100, ratioToTrivial: Math.round((one.requestsPerSecond / trivial.requestsPerSecond) * 100) / 100 };
  } finally {
    for (const s of servers) await s.stop();
  }
}

const w1 = await analysisThroughput(1);
const w2 = await analysisThroughput(2);
const api = await apiThroughput();
fs.rmSync(work, { recursive: true, force: true });
const result = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, node: process.version, loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100) },
  analyses: { clients: CLIENTS, oneWorker: w1, twoWorkers: w2, ratioTwoToOne: Math.round((w2.jobsPerSecond / w1.jobsPerSecond) * 100) / 100, ideal: 2 },
  api,
};
console.log(JSON.stringify(result, null, 2));
const out = path.join(here, 'results', `scale-${result.date.slice(0, 10)}.json`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
console.log(`written ${path.relative(process.cwd(), out)}`);
