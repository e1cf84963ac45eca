// Starts the built server (apps/server/dist) on a free port with a temporary data folder, and
// launches Debian's Chromium with the flags this machine needs.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';

export { launchBrowser };
import { afterAll, beforeAll } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  /** The server's data folder (its SQLite file is labstat.db). */
  dataDir: string;
  api<T = any>(method: string, p: string, body?: unknown): Promise<{ code: number; msg: string; data: T }>;
  stop(): Promise<void>;
}

/** `extraEnv` adds server settings for one test file (e.g. JOB_CONCURRENCY). */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(main) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build first: npm run build (the browser tests use the built server and web app)');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-e2e-'));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extraEnv };
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, [main], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    // A cold start (migrations, seed, every example ingested) takes half a minute on a busy 2-core machine.
    if (i > 900 || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir,
    async api(method, p, body) {
      const res = await fetch(url + p, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.json();
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the built server and Chromium before a file's tests and stops both after them. */
export function useServerAndBrowser(extraEnv: Record<string, string> = {}): { readonly server: RunningServer; readonly browser: Browser } {
  const env = {} as { server: RunningServer; browser: Browser };
  let closeBrowser: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    env.server = await startServer(extraEnv);
    const b = await launchBrowser();
    env.browser = b.browser;
    closeBrowser = b.close;
  });
  afterAll(async () => {
    await closeBrowser?.();
    await env.server?.stop();
  });
  return env;
}

export const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

export async function newPage(browser: Browser, opts: { userAgent?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 860 },
    userAgent: opts.userAgent ?? DESKTOP_UA,
    locale: 'zh-CN',
  });
  return { context, page: await context.newPage() };
}

/** Saves a screenshot under .tmp/screenshots for a human to look at (not an assertion). */
export async function snap(page: Page, name: string): Promise<void> {
  const dir = path.join(root, '.tmp', 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Registers a user through the dev QR scan and SMS outbox over HTTP and returns the token. */
export async function registerViaApi(server: RunningServer, phone: string, password = 'abc12345'): Promise<string> {
  const qr = await server.api<{ logkey: string }>('GET', '/login/wechat/get_qrcode');
  const scan = await server.api<{ openid: string }>('POST', '/dev/wechat/scan', { logkey: qr.data.logkey });
  await server.api('POST', '/smscode/', { account: phone });
  const box = await server.api<Array<{ code: string }>>('GET', `/dev/sms-outbox?account=${phone}`);
  const r = await server.api<{ access_token: string }>('POST', '/v2/signup', {
    account: phone,
    smscode: box.data[0]!.code,
    password,
    checkPass: password,
    openid: scan.data.openid,
  });
  if (r.code !== 200) throw new Error(`signup failed: ${r.msg}`);
  return r.data.access_token;
}

/** Puts the token where the web app keeps it (cookie Custom-Token). */
export async function signIn(context: BrowserContext, server: RunningServer, token: string): Promise<void> {
  await context.addCookies([{ name: 'Custom-Token', value: token, url: server.url }]);
}

/** Waits out a dropdown's opening animation, so that a click lands on a settled item (a click during
 * the slide-in can miss the moving item and leave the menu open). */
export async function settledDropdown(page: Page): Promise<void> {
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu').last().waitFor();
  await page.waitForTimeout(350);
}
