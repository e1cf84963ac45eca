// HTTP hardening (issue 15, items 15 and 16), over real HTTP where the fault is below Fastify:
// security and caching headers on the app's pages, assets and API answers; and every malformed
// request — a URL that does not decode, oversized headers, broken multipart bodies, JSON nested
// thousands deep — answered with the 4xx envelope and a Chinese message.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonDepth, MAX_JSON_DEPTH } from '../plugins/json-body.js';
import { register } from '../test/account-flows.js';
import { multipart } from '../test/files.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { exampleFidOf, submitBody, ttest } from '../test/tool-flows.js';

let t: TestApp;
let port: number;
let token: string;
let webDist: string;
const ASSET = 'index-Dq3x9Zk1.js';

beforeAll(async () => {
  // A stand-in for apps/web/dist, laid out as Vite builds it.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.mkdirSync(path.join(webDist, 'static'));
  fs.writeFileSync(path.join(webDist, 'index.html'), `<!doctype html><html><head><script type="module" src="/assets/${ASSET}"></script></head><body><div id="root"></div></body></html>`);
  fs.writeFileSync(path.join(webDist, 'assets', ASSET), 'console.log(1)');
  fs.writeFileSync(path.join(webDist, 'static', 'user-agreement.html'), '<!doctype html><p>协议</p>');
  t = await startTestApp({ WEB_DIST: webDist });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  token = (await register(t, '13800000041')).token;
}, 60_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes bytes to the server as they are (no client-side URL or header checks) and reads the answer. */
function raw(request: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (err) => (chunks.length ? undefined : reject(err)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

const get = (url: string, headers: Record<string, string> = {}) =>
  raw(`GET ${url} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}Connection: close\r\n\r\n`);

/** The 4xx envelope with a Chinese message, as JSON. */
function expectEnvelope(res: { status: number; body: string; headers: Record<string, string | string[] | number | undefined> }, status: number) {
  expect(res.status).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/json');
  const body = JSON.parse(res.body) as { code: number; msg: string; data: unknown };
  expect(body).toMatchObject({ code: 400, data: null });
  expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
  expect(res.body).not.toMatch(/FST_|Bad Request|statusCode|error"/);
  return body;
}

describe('security headers (item 15)', () => {
  it('guards the app page: CSP the built app can live with, framing by our own pages only, no sniffing, revalidated', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(res.body).toContain('<div id="root">');
      const csp = res.headers['content-security-policy'] ?? '';
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const agreement = await get('/static/user-agreement.html');
    expect(agreement.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(agreement.headers['cache-control']).toBe('no-cache');
  });

  it('a 304 revalidating the app page carries the app CSP, not the resource one (browsers merge it into the cached page)', async () => {
    for (const url of ['/', '/index.html']) {
      const first = await get(url);
      const validators: Record<string, string> = {};
      if (first.headers.etag) validators['If-None-Match'] = String(first.headers.etag);
      if (first.headers['last-modified']) validators['If-Modified-Since'] = String(first.headers['last-modified']);
      const again = await get(url, validators);
      expect(again.status).toBe(304);
      expect(again.headers['content-security-policy']).toContain("script-src 'self'");
      expect(again.headers['content-security-policy']).not.toContain("default-src 'none'");
    }
  });

  it('caches fingerprinted assets for a year', async () => {
    const res = await get(`/assets/${ASSET}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never lets API answers be cached, success or error', async () => {
    const list = await get('/v2/datamanager/filelist', { 'X-Csrftoken': token });
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body).code).toBe(200);
    for (const res of [list, await get('/v2/datamanager/filelist'), await get('/no/such/api')]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    }
  });

  it('leaves the report page its own stricter policy', async () => {
    const res = await get('/reports/0123456789abcdef01234567', { Cookie: `Custom-Token=${token}` });
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; script-src 'self';.*frame-ancestors 'self'$/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('malformed requests get the envelope (item 16)', () => {
  it('answers a URL that does not decode', async () => {
    for (const url of ['/%c0%ae', '/anatools/%E0%A4%A', '/reports/%ff']) {
      const res = await get(url);
      expectEnvelope(res, 400);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers headers over the 16 KB limit', async () => {
    const res = await get('/v2/datamanager/filelist', { Cookie: `a=${'x'.repeat(20_000)}` });
    const body = expectEnvelope(res, 431);
    expect(body.msg).toContain('请求头过大');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a request line the parser refuses', async () => {
    expectEnvelope(await raw('GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: x\r\n\r\n'), 400);
  });

  it('answers broken multipart uploads: truncated body, wrong or missing boundary', async () => {
    const m = multipart('file1', 'a.csv', Buffer.from('g,y\na,1\nb,2\n'));
    const boundary = m.contentType.split('boundary=')[1]!;
    const cases: Array<[Buffer, string]> = [
      [m.body.subarray(0, m.body.length - 20), m.contentType],
      [m.body.subarray(0, 40), m.contentType],
      [m.body, 'multipart/form-data; boundary=not-the-boundary'],
      [m.body, 'multipart/form-data'],
      [m.body, 'multipart/form-data; boundary='],
      [m.body, `multipart/form-data; boundary=${'b'.repeat(300)}`],
      [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file1"; filename="a.csv"\r\n`), m.contentType],
    ];
    for (const [body, contentType] of cases) {
      const head = `POST /v2/datamanager/uploadfile HTTP/1.1\r\nHost: localhost\r\nX-Csrftoken: ${token}\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
      const res = await raw(Buffer.concat([Buffer.from(head), body]));
      expect(res.status, `${contentType} / ${body.length} bytes: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expectEnvelope(res, res.status);
    }
    // The same upload, whole, still works.
    const whole = await t.app.inject({ method: 'POST', url: '/v2/datamanager/uploadfile', payload: m.body, headers: { 'content-type': m.contentType, 'x-csrftoken': token } });
    expect(whole.json().msg).toBe('上传成功');
  });

  it('answers JSON nested thousands deep, and still takes ordinary nesting', async () => {
    const fid = await exampleFidOf(t, token, 1003);
    const submit = (tempdatas: string) =>
      t.app.inject({
        method: 'POST',
        url: '/anatools/v2',
        payload: JSON.stringify(submitBody(fid, ttest)).replace(/}$/, `,"tempdatas":${tempdatas}}`),
        headers: { 'content-type': 'application/json; charset=utf-8', 'x-csrftoken': token },
      });
    for (const deep of ['['.repeat(4100) + ']'.repeat(4100), '{"a":'.repeat(4100) + '1' + '}'.repeat(4100), '[1,']) {
      const res = await submit(deep);
      const body = expectEnvelope({ status: res.statusCode, body: res.body, headers: res.headers }, 400);
      if (deep.endsWith(']') || deep.endsWith('}')) expect(body.msg).toContain('嵌套层数过多');
    }
    const ok = await submit(`[[["${'['.repeat(200)}"]], {"a": [{"b": [1, 2]}]}]`);
    expect(ok.json().code).toBe(200);
  });

  it('measures nesting outside strings only', () => {
    expect(jsonDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonDepth('["[[[[", "\\"[[[", {"k\\\\": "{{"}]')).toBe(2);
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('['.repeat(10_000), 64)).toBe(65);
  });
});
