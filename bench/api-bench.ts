// API throughput of the tool list served from memory (issue 25 item 4), part of `npm run bench`: the
// built server, autocannon with 200 connections for 10 s on the trivial /healthz route (the
// ceiling) and on the tool list a visitor asks for, then the same list signed in (favourites read
// per request); and the submit throughput of small analyses in the default single-process mode (the
// example t-test, 50 clients at once, 100 jobs; one account with the per-user cap lifted to 50, as
// `npm run bench:scale` does on Redis). Writes bench/results/api-<date>.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { exampleTTestThroughput, registerUser, startBuiltServer } from './lib/bench-server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const CONNECTIONS = 200;
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const ROUTE = '/anatools/basic/menu-list/searchtools?page=1&limit=20&toolcategory=med';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-api-'));

async function load(url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  // errors counts socket errors and timeouts; non2xx the answers that were not 200.
  return { reqPerSec: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx };
}

const server = await startBuiltServer(path.join(work, 'api'));
let result;
try {
  const token = await registerUser(server.url, '13600003001');
  const trivial = await load(`${server.url}/healthz`);
  const visitor = await load(server.url + ROUTE);
  const signedIn = await load(server.url + ROUTE, { 'X-Csrftoken': token });
  const round = (x: number) => Math.round(x * 100) / 100;
  result = {
    date: new Date().toISOString(),
    route: ROUTE,
    connections: CONNECTIONS,
    seconds: SECONDS,
    reqPerSec: visitor.reqPerSec,
    p99: visitor.p99,
    ratioToTrivial: round(visitor.reqPerSec / trivial.reqPerSec),
    loadavg: os.loadavg().map(round),
    cpus: os.cpus().length,
    node: process.version,
    trivial,
    visitor,
    signedIn: { ...signedIn, ratioToTrivial: round(signedIn.reqPerSec / trivial.reqPerSec) },
  };
} finally {
  await server.stop();
}
// Small analyses through the in-process worker pool (JOB_CONCURRENCY: cores − 1 threads).
const jobsServer = await startBuiltServer(path.join(work, 'jobs'), { JOB_USER_CONCURRENCY: '50' });
try {
  const token = await registerUser(jobsServer.url, '13600003002');
  result = { ...result, submitThroughput: { clients: 50, ...(await exampleTTestThroughput(jobsServer.url, token, 50, 100)) } };
} finally {
  await jobsServer.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(JSON.stringify(result, null, 2));
const out = path.join(here, 'results', `api-${result.date.slice(0, 10)}.json`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
console.log(`written ${path.relative(process.cwd(), out)}`);
