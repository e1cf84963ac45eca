// JavaScript each main route of the web app loads (issue 25 item 5: home and login at most 250 KB
// gzipped). Starts the built server (apps/server/dist, serving apps/web/dist) on a temporary data
// folder, opens each route in Debian's Chromium with a fresh cache, and sums every JS response the
// page and its frames load, gzipped here (level 6, what a proxy in front of the server typically
// sends; the server itself sends them uncompressed). Run with `npm run bench`, after a build.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../apps/web/e2e/browser.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const TARGET_GZIP_BYTES = 250 * 1024;

const main = path.join(root, 'apps/server/dist/main.js');
if (!fs.existsSync(main) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  throw new Error('Build first: npm run build (the bench measures the built server and web app)');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-web-bench-'));
const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
delete env.DATABASE_URL;
const child = spawn(process.execPath, [main], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
const url = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${url}/healthz`)).ok) break;
  } catch {
    /* not up yet */
  }
  if (i > 600 || child.exitCode !== null) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}

async function api<T = any>(method: string, p: string, body?: unknown, token?: string): Promise<{ code: number; msg: string; data: T }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers['x-csrftoken'] = token;
  const res = await fetch(url + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return res.json() as Promise<{ code: number; msg: string; data: T }>;
}

/** A user registered through the dev QR scan and SMS outbox, as the browser tests do. */
async function register(phone: string, password = 'abc12345'): Promise<string> {
  const qr = await api<{ logkey: string }>('GET', '/login/wechat/get_qrcode');
  const scan = await api<{ openid: string }>('POST', '/dev/wechat/scan', { logkey: qr.data.logkey });
  await api('POST', '/smscode/', { account: phone });
  const box = await api<Array<{ code: string }>>('GET', `/dev/sms-outbox?account=${phone}`);
  const r = await api<{ access_token: string }>('POST', '/v2/signup', { account: phone, smscode: box.data[0]!.code, password, checkPass: password, openid: scan.data.openid });
  if (r.code !== 200) throw new Error(`signup failed: ${r.msg}`);
  return r.data.access_token;
}

/** The independent-samples t-test on its example file; returns the task id once its report exists. */
async function runTtest(token: string): Promise<string> {
  const base = await api<any>('GET', '/anatools/config/base?toolId=1003', undefined, token);
  const fid = base.data.step[0].exampleFile[0]._fid as string;
  const data = { y: '治疗后收缩压', group: '组别', method: 'auto', alternative: 'two.sided', level: 0.95 };
  const body = { taskId: null, toolId: 1003, file: { data: fid }, form: [{ data, identification: 'params', toolId: 1003, stepId: 100352 }], stepId: 100352 };
  const r = await api<{ taskid: string }>('POST', '/anatools/v2', body, token);
  if (r.code !== 200) throw new Error(r.msg);
  return r.data.taskid;
}

interface RouteSpec {
  name: string;
  hash: string;
  signedIn: boolean;
  /** What the route shows once it has loaded (so lazy chunks are in). */
  ready(page: Page): Promise<unknown>;
  target: number | null;
}

interface RouteResult {
  name: string;
  route: string;
  signedIn: boolean;
  jsFiles: number;
  rawBytes: number;
  gzipBytes: number;
  /** Of which the app's own bundle (apps/web/dist/assets); the rest is e.g. the report frame's ECharts. */
  appGzipBytes: number;
  targetGzipBytes: number | null;
  withinTarget: boolean | null;
  /** Every JS file the route loaded, largest first. */
  files: Array<{ file: string; gzipBytes: number }>;
}

async function measure(browser: Browser, spec: RouteSpec, token: string | null): Promise<RouteResult> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'zh-CN' });
  if (token) await context.addCookies([{ name: 'Custom-Token', value: token, url }]);
  const page = await context.newPage();
  const pending: Array<Promise<{ file: string; raw: number; gzip: number; app: boolean } | null>> = [];
  const seen = new Set<string>();
  // Every frame's responses reach the context, so the report frame's scripts count too.
  context.on('response', (res) => {
    const u = new URL(res.url());
    const isJs = res.request().resourceType() === 'script' || /\.m?js$/.test(u.pathname);
    if (!isJs || seen.has(u.href)) return;
    seen.add(u.href);
    pending.push(
      res.body().then(
        (b) => ({ file: u.pathname, raw: b.length, gzip: zlib.gzipSync(b, { level: 6 }).length, app: u.pathname.startsWith('/assets/') }),
        () => null,
      ),
    );
  });
  await page.goto(url + '/' + spec.hash, { waitUntil: 'load' });
  await spec.ready(page);
  // Let chunks the shown page starts next arrive (the login page polls its QR code, so the network
  // need not fall idle).
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  await page.waitForTimeout(500);
  const files = (await Promise.all(pending)).filter((f) => f !== null);
  await context.close();
  const gzipBytes = files.reduce((a, f) => a + f.gzip, 0);
  return {
    name: spec.name,
    route: '/' + spec.hash,
    signedIn: spec.signedIn,
    jsFiles: files.length,
    rawBytes: files.reduce((a, f) => a + f.raw, 0),
    gzipBytes,
    appGzipBytes: files.filter((f) => f.app).reduce((a, f) => a + f.gzip, 0),
    targetGzipBytes: spec.target,
    withinTarget: spec.target === null ? null : gzipBytes <= spec.target,
    files: files
      .sort((a, b) => b.gzip - a.gzip)
      .map((f) => ({ file: f.file, gzipBytes: f.gzip })),
  };
}

const results: RouteResult[] = [];
const browser = await launchBrowser();
try {
  const token = await register('13900009901');
  const taskId = await runTtest(token);
  const routes: RouteSpec[] = [
    { name: 'home', hash: '', signedIn: false, target: TARGET_GZIP_BYTES, ready: (p) => p.getByTestId('home-carousel').waitFor() },
    { name: 'home (signed in)', hash: '', signedIn: true, target: TARGET_GZIP_BYTES, ready: (p) => p.getByTestId('home-carousel').waitFor() },
    { name: 'login', hash: '#/login', signedIn: false, target: TARGET_GZIP_BYTES, ready: (p) => p.getByTestId('go-register').waitFor() },
    { name: 'tool list', hash: '#/public-tool/med', signedIn: true, target: null, ready: (p) => p.getByTestId('tool-card-1003').waitFor() },
    {
      name: 'report',
      hash: `#/tool/detail?toolId=1003&taskId=${taskId}`,
      signedIn: true,
      target: null,
      ready: (p) => p.frameLocator('[data-testid="report-frame"]').getByText('表3 独立样本t检验').waitFor(),
    },
  ];
  for (const r of routes) results.push(await measure(browser.browser, r, r.signedIn ? token : null));
} finally {
  await browser.close();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const kb = (n: number) => Math.round(n / 102.4) / 10;
console.table(results.map((r) => ({ route: r.name, files: r.jsFiles, 'raw KB': kb(r.rawBytes), 'gzip KB': kb(r.gzipBytes), 'app gzip KB': kb(r.appGzipBytes), 'target KB': r.targetGzipBytes && kb(r.targetGzipBytes), ok: r.withinTarget })));
const out = path.join(here, 'results', `web-${new Date().toISOString().slice(0, 10)}.json`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify({ node: process.version, cpus: os.cpus().length, gzipLevel: 6, targets: { homeAndLoginGzipBytes: TARGET_GZIP_BYTES }, results }, null, 2) + '\n');
console.log(`written ${path.relative(process.cwd(), out)}`);
