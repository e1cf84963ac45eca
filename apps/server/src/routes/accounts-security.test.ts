// Regression tests of issue 15 items 9–13: dev providers only for this machine, login limits that
// hold under concurrency, throttling that cannot lock others out, no user enumeration, and no
// passwords made of spaces.
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { sourceKey } from '../lib/client-source.js';
import { devStartDecision } from '../providers/dev-exposure.js';
import { register, scanNewQr, sendCode } from '../test/account-flows.js';
import { startTestApp, type TestApp } from '../test/harness.js';

const A = '13800138000';
const REMOTE = '203.0.113.7';
const LOCAL_ONLY = '开发模式的短信收件箱和模拟扫码只能在服务器本机上使用';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

type Reply = { status: number; body: { code: number; msg: string; data: any } };

function inject(t: TestApp, method: 'GET' | 'POST', url: string, opts: { body?: object; ip?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
  return t.app
    .inject({
      method,
      url,
      ...(opts.body ? { payload: opts.body } : {}),
      ...(opts.ip ? { remoteAddress: opts.ip } : {}),
      headers: opts.headers ?? {},
    })
    .then((r) => ({ status: r.statusCode, body: r.json() }));
}

const login = (t: TestApp, password: string, ip?: string, username = A) =>
  inject(t, 'POST', '/login/', { body: { username, password }, ...(ip ? { ip } : {}) });

function tally(replies: Reply[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of replies) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

/** GET over real HTTP to `host`, optionally sending a different Host header. */
function httpGet(host: string, port: number, urlPath: string, hostHeader?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host, port, path: urlPath, headers: hostHeader ? { host: hostHeader } : {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function nonLoopbackIPv4(): string | null {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return null;
}

describe('dev providers answer this machine only (item 9)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('refuses to show SMS codes or simulate scans for a request from another machine', async () => {
    await t.call('POST', '/smscode/', { body: { account: A } });
    const outbox = await inject(t, 'GET', `/dev/sms-outbox?account=${A}`, { ip: REMOTE });
    expect(outbox.status).toBe(403);
    expect(outbox.body).toEqual({ code: 403, msg: LOCAL_ONLY, data: null });

    const qr = await t.call('GET', '/login/wechat/get_qrcode');
    const scan = await inject(t, 'POST', '/dev/wechat/scan', { body: { logkey: qr.body.data.logkey, openid: 'victim' }, ip: REMOTE });
    expect(scan.status).toBe(403);
    expect((await t.call('GET', `/v2/login/wechat/callback?logkey=${qr.body.data.logkey}`)).body.data).toEqual({ status: 'WAIT' });

    // IPv6 and IPv4-mapped peers that are not loopback are refused too; loopback in any spelling passes.
    for (const ip of ['2001:db8::5', '::ffff:203.0.113.7', '10.0.0.2']) {
      expect((await inject(t, 'GET', `/dev/sms-outbox?account=${A}`, { ip })).status).toBe(403);
    }
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await inject(t, 'GET', `/dev/sms-outbox?account=${A}`, { ip })).body.code).toBe(200);
    }
  });

  it('refuses a local socket that forwards someone else (proxy headers) or names another host (DNS rebinding)', async () => {
    const url = `/dev/sms-outbox?account=${A}`;
    for (const headers of [
      { 'x-forwarded-for': REMOTE },
      { forwarded: `for=${REMOTE}` },
      { 'x-real-ip': REMOTE },
      { 'x-forwarded-host': 'labstat.example' },
      { host: 'evil.example:8080' },
    ]) {
      const r = await inject(t, 'GET', url, { headers });
      expect(r.status, JSON.stringify(headers)).toBe(403);
    }
    for (const host of ['localhost:8080', '127.0.0.1:8080', '[::1]:8080']) {
      expect((await inject(t, 'GET', url, { headers: { host } })).body.code).toBe(200);
    }
  });

  it('with TRUST_PROXY on, X-Forwarded-For cannot make a remote request look local', async () => {
    for (const trust of ['1', 'true']) {
      const p = await startTestApp({ TRUST_PROXY: trust });
      try {
        const spoof = await inject(p, 'GET', `/dev/sms-outbox?account=${A}`, { ip: REMOTE, headers: { 'x-forwarded-for': '127.0.0.1' } });
        expect(spoof.status).toBe(403);
        const qr = await p.call('GET', '/login/wechat/get_qrcode');
        const scan = await inject(p, 'POST', '/dev/wechat/scan', {
          body: { logkey: qr.body.data.logkey },
          ip: REMOTE,
          headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' },
        });
        expect(scan.status).toBe(403);
        // A proxy on this machine relaying an outside client is refused as well.
        expect((await inject(p, 'GET', `/dev/sms-outbox?account=${A}`, { headers: { 'x-forwarded-for': REMOTE } })).status).toBe(403);
      } finally {
        await p.close();
      }
    }
  });

  it('over real HTTP: a connection from a non-loopback address is refused, one over loopback is served', async () => {
    const ip = nonLoopbackIPv4();
    if (!ip) return; // no network interface besides loopback on this machine
    await t.app.listen({ host: '0.0.0.0', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const url = `/dev/sms-outbox?account=${A}`;
    // The Host header says localhost in both, so only the socket's peer address differs.
    const remote = await httpGet(ip, port, url, `localhost:${port}`);
    expect(remote.status).toBe(403);
    expect(remote.body.msg).toBe(LOCAL_ONLY);
    const local = await httpGet('127.0.0.1', port, url, `localhost:${port}`);
    expect(local.body.code).toBe(200);
  });

  it('listens on loopback by default and refuses to start exposed without an explicit opt-in', () => {
    const base = { DATA_DIR: os.tmpdir() };
    const def = loadConfig(base);
    expect(def.host).toBe('localhost');
    expect(devStartDecision(def)).toEqual({ start: true, warning: null });
    for (const host of ['127.0.0.1', '::1', '[::1]', 'localhost']) {
      expect(devStartDecision(loadConfig({ ...base, HOST: host })).start).toBe(true);
    }
    for (const env of [{ HOST: '0.0.0.0' }, { HOST: '::' }, { HOST: '192.0.2.10' }, { HOST: 'labstat.example' }, { TRUST_PROXY: '1' }]) {
      const d = devStartDecision(loadConfig({ ...base, ...env }));
      expect(d.start, JSON.stringify(env)).toBe(false);
      if (!d.start) expect(d.error).toContain('ALLOW_DEV_PROVIDERS_ON_NETWORK=1');
    }
    const optedIn = devStartDecision(loadConfig({ ...base, HOST: '0.0.0.0', ALLOW_DEV_PROVIDERS_ON_NETWORK: '1' }));
    expect(optedIn.start).toBe(true);
    if (optedIn.start) expect(optedIn.warning).toContain('DEV PROVIDERS ON A NETWORK');
  });

  it('the server process exits with a loud message when HOST is public and dev providers are on', async () => {
    const child = spawn(process.execPath, ['--conditions=labstat-source', '--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, HOST: '0.0.0.0', PORT: '0', DATA_DIR: path.join(os.tmpdir(), `labstat-never-${process.pid}`), LOG_LEVEL: 'silent', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exit = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null); // still running: it started instead of refusing
      }, 60_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
    expect(exit).toBe(1);
    expect(stderr).toContain('REFUSING TO START');
  }, 90_000);
});

describe('login limits hold under concurrency (item 10)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
    await register(t, A, 'secret123');
  });
  afterEach(async () => {
    await t.close();
  });

  it('40 concurrent wrong passwords on one account: at most 5 are checked, the rest get 429', async () => {
    const replies = await Promise.all(Array.from({ length: 40 }, () => login(t, 'wrongpass')));
    const n = tally(replies);
    expect((n[401] ?? 0) + (n[429] ?? 0)).toBe(40);
    expect(n[401] ?? 0).toBeLessThanOrEqual(5);
    expect(n[429]).toBeGreaterThanOrEqual(35);
    expect((await login(t, 'secret123')).status).toBe(429);
  });

  it('99 wrong passwords and then the right one, all in flight at once: the right one does not log in', async () => {
    const wrong = Array.from({ length: 99 }, () => login(t, 'wrongpass'));
    const right = login(t, 'secret123');
    const [replies, last] = await Promise.all([Promise.all(wrong), right]);
    expect(last.status).toBe(429);
    expect(last.body.data).toBeNull();
    expect(tally(replies)[401] ?? 0).toBeLessThanOrEqual(5);
  });

  it('60 concurrent attempts from one address on different accounts: no more than 30 are checked', async () => {
    const ip = '198.51.100.9';
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(t, 'wrongpass', ip, `1390000${String(i).padStart(4, '0')}`)),
    );
    const n = tally(replies);
    expect(n[401] ?? 0).toBeLessThanOrEqual(30);
    expect(n[429]).toBeGreaterThanOrEqual(30);
    // The same /64 is the same source, so rotating IPv6 addresses does not buy more tries.
    expect(sourceKey('2001:db8:1:2::1')).toBe(sourceKey('2001:db8:1:2:ffff::9'));
    expect(sourceKey('::ffff:198.51.100.9')).toBe(ip);
  });
});

describe('throttling cannot lock others out (item 11)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
    await register(t, A, 'secret123');
  });
  afterEach(async () => {
    await t.close();
  });

  const ATTACKER = '203.0.113.66';
  const OWNER = '198.51.100.20';

  it('failures from one source lock that source only; the owner elsewhere logs in', async () => {
    for (let i = 0; i < 100; i++) await login(t, 'wrongpass', ATTACKER);
    const attacker = await login(t, 'secret123', ATTACKER);
    expect(attacker.status).toBe(429);
    expect(attacker.body.msg).toBe('登录失败次数过多，请15分钟后再试');
    expect((await login(t, 'secret123', OWNER)).body.code).toBe(200);
  });

  it('behind one proxy (TRUST_PROXY=1) a forged X-Forwarded-For does not make a new source', async () => {
    const p = await startTestApp({ TRUST_PROXY: '1' });
    try {
      await register(p, A, 'secret123');
      // The load balancer (10.0.0.1) appends the real client; the client prepends whatever it likes.
      const attempt = (i: number, password: string) =>
        inject(p, 'POST', '/login/', {
          body: { username: A, password },
          ip: '10.0.0.1',
          headers: { 'x-forwarded-for': `192.0.2.${i}, ${ATTACKER}` },
        });
      for (let i = 0; i < 5; i++) expect((await attempt(i, 'wrongpass')).status).toBe(401);
      expect((await attempt(99, 'secret123')).status).toBe(429);
      const owner = await inject(p, 'POST', '/login/', {
        body: { username: A, password: 'secret123' },
        ip: '10.0.0.1',
        headers: { 'x-forwarded-for': OWNER },
      });
      expect(owner.body.code).toBe(200);
    } finally {
      await p.close();
    }
  });

  it('a successful password reset lifts the lock', async () => {
    for (let i = 0; i < 5; i++) await login(t, 'wrongpass', OWNER);
    expect((await login(t, 'secret123', OWNER)).status).toBe(429);
    t.clock.advance(61_000);
    const smscode = await sendCode(t, A);
    const reset = await t.call('POST', '/resetpas/', { body: { account: A, smscode, password: 'newpass12', checkPass: 'newpass12' } });
    expect(reset.body.code).toBe(200);
    expect((await login(t, 'newpass12', OWNER)).body.code).toBe(200);
  });

  it('a successful WeChat scan login lifts the lock', async () => {
    const openid = (await t.db.kysely.selectFrom('users').select('openid').where('mobile', '=', A).executeTakeFirstOrThrow()).openid!;
    for (let i = 0; i < 5; i++) await login(t, 'wrongpass', OWNER);
    expect((await login(t, 'secret123', OWNER)).status).toBe(429);
    const { logkey } = await scanNewQr(t, openid);
    expect((await t.call('GET', `/v2/login/wechat/callback?logkey=${logkey}`)).body.data.status).toBe('SUCCESS');
    expect((await login(t, 'secret123', OWNER)).body.code).toBe(200);
  });

  it('many sources together hit the per-account cap of 50 an hour; a reset lifts it', async () => {
    for (let s = 0; s < 10; s++) {
      for (let i = 0; i < 5; i++) expect((await login(t, 'wrongpass', `203.0.113.${s + 1}`)).status).toBe(401);
    }
    const fresh = await login(t, 'secret123', OWNER);
    expect(fresh.status).toBe(429);
    expect(fresh.body.msg).toBe('该账号近期登录失败次数过多，请稍后再试，或扫码登录、找回密码');
    t.clock.advance(61_000);
    const smscode = await sendCode(t, A);
    expect((await t.call('POST', '/resetpas/', { body: { account: A, smscode, password: 'newpass12', checkPass: 'newpass12' } })).body.code).toBe(200);
    expect((await login(t, 'newpass12', OWNER)).body.code).toBe(200);
  });
});

describe('no user enumeration (item 12)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
    await register(t, A, 'secret123');
  });
  afterEach(async () => {
    await t.close();
  });

  const UNKNOWN = '13900001111';
  const strip = (r: Reply) => ({ status: r.status, body: r.body });

  it('/resetpas/ answers a registered and an unknown number alike without the SMS code', async () => {
    const post = (account: string) =>
      t.call('POST', '/resetpas/', { body: { account, smscode: '000000', password: 'newpass12', checkPass: 'newpass12' } });
    const known = await post(A);
    const unknown = await post(UNKNOWN);
    expect(strip(unknown)).toEqual(strip(known));
    expect(unknown.body.msg).toBe('验证码错误或已过期，请重新获取');
  });

  it('/v2/signup answers a registered and an unknown number alike without the SMS code', async () => {
    const post = async (account: string) => {
      const { openid } = await scanNewQr(t);
      return t.call('POST', '/v2/signup', { body: { account, smscode: '000000', password: 'secret123', checkPass: 'secret123', openid } });
    };
    const known = await post(A);
    const unknown = await post(UNKNOWN);
    expect(strip(unknown)).toEqual(strip(known));
    expect(known.body.msg).toBe('验证码错误或已过期，请重新获取');
  });

  it('/smscode/ answers a registered and an unknown number alike', async () => {
    t.clock.advance(61_000);
    const known = await t.call('POST', '/smscode/', { body: { account: A } });
    const unknown = await t.call('POST', '/smscode/', { body: { account: UNKNOWN } });
    expect(strip(unknown)).toEqual(strip(known));
    expect(known.body).toMatchObject({ code: 200, msg: '验证码已发送' });
  });

  it('simultaneous guesses cannot test more than 5 codes against one SMS code', async () => {
    t.clock.advance(61_000);
    const code = await sendCode(t, A);
    const guesses = Array.from({ length: 40 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    await Promise.all(
      guesses.map((smscode) => t.call('POST', '/resetpas/', { body: { account: A, smscode, password: 'newpass12', checkPass: 'newpass12' } })),
    );
    const row = await t.db.kysely.selectFrom('sms_codes').select(['attempts', 'used_at']).where('account', '=', A).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect(row.used_at).not.toBeNull();
  });
});

describe('passwords of spaces (item 13)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const BLANK = '密码不能少于6位（首尾空格不计，连续空格只算一位）';

  it('refuses six spaces, and padding or runs of spaces that leave fewer than 6 characters, at signup and reset', async () => {
    const { openid } = await scanNewQr(t);
    const smscode = await sendCode(t, A);
    for (const password of ['      ', '\u3000\u3000\u3000\u3000\u3000\u3000', '  abc  ', 'ab      cd']) {
      const r = await t.call('POST', '/v2/signup', { body: { account: A, smscode, password, checkPass: password, openid } });
      expect(r.body, JSON.stringify(password)).toMatchObject({ code: 400, msg: BLANK });
    }
    const reset = await t.call('POST', '/resetpas/', { body: { account: A, smscode, password: '      ', checkPass: '      ' } });
    expect(reset.body).toMatchObject({ code: 400, msg: BLANK });
    // Spaces inside a long enough password are fine (passphrases).
    const ok = await t.call('POST', '/v2/signup', { body: { account: A, smscode, password: 'my lab 2024', checkPass: 'my lab 2024', openid } });
    expect(ok.body.code).toBe(200);
    expect((await login(t, 'my lab 2024')).body.code).toBe(200);
  });
});
