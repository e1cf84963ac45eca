// Times upload + ingest of a large numeric CSV through the real built server over HTTP, the
// server's peak memory, and preview pages after ingest; `wc -l` on the same file is the physical
// floor. Run with `npm run bench` (BENCH_INGEST_MB sets the file size, 200 by default).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const TARGET_MB = Number(process.env.BENCH_INGEST_MB ?? 200);
const COLS = 10;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

function makeCsv(file: string): { rows: number; bytes: number } {
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, Array.from({ length: COLS }, (_, i) => `x${i + 1}`).join(',') + '\n');
  let bytes = 0;
  let rows = 0;
  let s = 12345;
  const rnd = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  // Stay just under the limit: 200 MB is the most a user may upload.
  while (bytes < TARGET_MB * 1024 * 1024 - 1024 * 1024) {
    let chunk = '';
    for (let r = 0; r < 10_000; r++) {
      const cells: string[] = [];
      for (let c = 0; c < COLS; c++) cells.push((10 + 80 * rnd()).toFixed(4));
      chunk += cells.join(',') + '\n';
      rows++;
    }
    bytes += fs.writeSync(fd, chunk);
  }
  fs.closeSync(fd);
  return { rows, bytes };
}

const procStatus = (pid: number, key: string) => {
  const m = new RegExp(`${key}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

async function main() {
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('build the server first (tsc -b apps/server)');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-bench-'));
  const csv = path.join(work, 'bench.csv');
  let t = Date.now();
  const made = makeCsv(csv);
  console.log(`generated ${made.rows} rows, ${(made.bytes / 1048576).toFixed(1)} MB in ${Date.now() - t} ms`);

  t = performance.now();
  execFileSync('wc', ['-l', csv]);
  const wcMs = performance.now() - t;

  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(work, 'data'), LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 300) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const api = async (method: string, p: string, body?: unknown) =>
    (await (await fetch(url + p, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined })).json()) as any;
  const qr = await api('GET', '/login/wechat/get_qrcode');
  const scan = await api('POST', '/dev/wechat/scan', { logkey: qr.data.logkey });
  await api('POST', '/smscode/', { account: '13600000000' });
  const box = await api('GET', '/dev/sms-outbox?account=13600000000');
  const signup = await api('POST', '/v2/signup', { account: '13600000000', smscode: box.data[0].code, password: 'bench123', checkPass: 'bench123', openid: scan.data.openid });
  const token = signup.data.access_token as string;
  const rssBefore = procStatus(child.pid!, 'VmRSS');

  const form = new FormData();
  form.append('file1', await fs.openAsBlob(csv), 'bench.csv');
  t = performance.now();
  const up = (await (await fetch(`${url}/v2/datamanager/uploadfile`, { method: 'POST', body: form, headers: { 'x-csrftoken': token } })).json()) as any;
  const ingestMs = performance.now() - t;
  if (up.code !== 200) throw new Error(`upload failed: ${up.msg}`);
  const peakMb = procStatus(child.pid!, 'VmHWM');

  const fid = up.data._fid as string;
  const pages = [1, 500, Math.ceil(up.data.rows / 100)];
  const pageMs: Record<string, number> = {};
  for (const p of pages) {
    const times: number[] = [];
    for (let r = 0; r < 5; r++) {
      const s = performance.now();
      const res = (await (await fetch(`${url}/v2/datamanager/detailfile?_fid=${fid}&page=${p}&page_size=100`, { headers: { 'x-csrftoken': token } })).json()) as any;
      times.push(performance.now() - s);
      if (res.data.rows.length !== Math.min(101, up.data.rows - (p - 1) * 100 + 1)) throw new Error(`page ${p} has ${res.data.rows.length} rows`);
    }
    pageMs[`page${p}`] = Math.round(Math.min(...times) * 10) / 10;
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));

  const mb = made.bytes / 1048576;
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
    file: { rows: made.rows, columns: COLS, megabytes: Math.round(mb * 10) / 10 },
    uploadAndIngestMs: Math.round(ingestMs),
    ingestMBps: Math.round((mb / (ingestMs / 1000)) * 10) / 10,
    wcLinesMs: Math.round(wcMs * 10) / 10,
    wcMBps: Math.round((mb / (wcMs / 1000)) * 10) / 10,
    serverRssBeforeMb: Math.round(rssBefore),
    serverPeakRssMb: Math.round(peakMb),
    previewPageBestOf5Ms: pageMs,
    targets: { ingestUnderMs: 15000, peakRssUnderMb: 1024, pageUnderMs: 100 },
  };
  console.log(JSON.stringify(result, null, 2));
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(path.join(here, 'results', `ingest-${result.date.slice(0, 10)}.json`), JSON.stringify(result, null, 2) + '\n');
  fs.rmSync(work, { recursive: true, force: true });
}

await main();
