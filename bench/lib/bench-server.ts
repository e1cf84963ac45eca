// The built server as the benches use it: started on a free loopback port with its own data folder
// (SQLite, local store), a user registered through the dev SMS and WeChat providers, and the API.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

export interface BenchServer {
  url: string;
  child: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startBuiltServer(dataDir: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const main = path.join(ROOT, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('build the server first (tsc -b apps/server)');
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

export type Api = (method: string, p: string, body?: unknown) => Promise<any>;

export function apiOf(url: string, token?: string): Api {
  return async (method, p, body) =>
    (await (
      await fetch(url + p, {
        method,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { 'x-csrftoken': token } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      })
    ).json()) as any;
}

/** Registers a user (dev WeChat scan + dev SMS) and returns the login token. */
export async function registerUser(url: string, phone: string): Promise<string> {
  const api = apiOf(url);
  const qr = await api('GET', '/login/wechat/get_qrcode');
  const scan = await api('POST', '/dev/wechat/scan', { logkey: qr.data.logkey });
  await api('POST', '/smscode/', { account: phone });
  const box = await api('GET', `/dev/sms-outbox?account=${phone}`);
  const signup = await api('POST', '/v2/signup', { account: phone, smscode: box.data[0].code, password: 'bench123', checkPass: 'bench123', openid: scan.data.openid });
  return signup.data.access_token as string;
}

/** Uploads a file as this user; returns the upload's data (`_fid`, `rows`, …) and the time it took. */
export async function uploadFile(url: string, token: string, file: string, name: string): Promise<{ data: any; ms: number }> {
  const form = new FormData();
  form.append('file1', await fs.openAsBlob(file), name);
  const t = performance.now();
  const up = (await (await fetch(`${url}/v2/datamanager/uploadfile`, { method: 'POST', body: form, headers: { 'x-csrftoken': token } })).json()) as any;
  const ms = performance.now() - t;
  if (up.code !== 200) throw new Error(`upload failed: ${up.msg}`);
  return { data: up.data, ms };
}

export const procStatusMb = (pid: number, key: string) => {
  const m = new RegExp(`${key}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

/**
 * Submit throughput of small analyses: `clients` clients at once, each submitting the example
 * t-test (tool 1003 on its example file) again as soon as its last one answered, until `jobs` were
 * sent; `warmUps` untimed ones first (one per worker thread or process).
 */
export async function exampleTTestThroughput(url: string, token: string, clients: number, jobs: number, warmUps = 1): Promise<{ jobs: number; seconds: number; jobsPerSecond: number; failed: number }> {
  const api = apiOf(url, token);
  const base = await api('GET', '/anatools/config/base?toolId=1003');
  const fid = base.data.step[0].exampleFile[0]._fid as string;
  const body = { taskId: null, toolId: 1003, file: { data: fid }, form: [{ data: { y: '治疗后收缩压', group: '组别', method: 'auto', alternative: 'two.sided', level: 0.95 }, identification: 'params', toolId: 1003, stepId: 100352 }], stepId: 100352 };
  await Promise.all(Array.from({ length: warmUps }, () => api('POST', '/anatools/v2', body)));
  let next = 0;
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < jobs) {
        next++;
        const r = await api('POST', '/anatools/v2', body);
        if (r.code !== 200) failed++;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { jobs, seconds: Math.round(seconds * 100) / 100, jobsPerSecond: Math.round((jobs / seconds) * 100) / 100, failed };
}
