// Issue 26 operations endpoints: readiness, Prometheus metrics (who may read them, what they count)
// and request ids.
import { afterEach, describe, expect, it } from 'vitest';
import { register } from '../test/account-flows.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { exampleFidOf, submitBody, ttest } from '../test/tool-flows.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const metric = (body: string, line: RegExp) => body.split('\n').find((l) => line.test(l));

describe('operations endpoints', () => {
  it('/healthz is alive; /readyz checks the database and the store, and says which failed', async () => {
    t = await startTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({ status: 'ready', checks: { database: 'ok', store: 'ok' } });

    await t.db.close();
    const down = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json().data.checks.database).not.toBe('ok');
    expect(down.json().data.checks.store).toBe('ok');
    expect(down.json().msg).toBe('服务暂不可用');
    // The database is gone: close what is left without it.
    await t.app.close().catch(() => undefined);
    t = null;
  });

  it('/metrics answers this machine or a bearer of METRICS_TOKEN, and looks like a missing page to others', async () => {
    const token = 'm'.repeat(40);
    t = await startTestApp({ METRICS_TOKEN: token });
    const local = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toMatch(/^text\/plain/);
    expect(local.body).toContain('labstat_process_cpu_seconds_total');
    const far = { remoteAddress: '203.0.113.7' };
    expect((await t.app.inject({ method: 'GET', url: '/metrics', ...far })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', ...far, headers: { authorization: `Bearer ${'x'.repeat(40)}` } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', ...far, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    // A proxied request is not "this machine", even from a loopback balancer.
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '198.51.100.1' } })).statusCode).toBe(404);
  });

  it('counts requests by route, analyses by tool and outcome, and the queue', async () => {
    t = await startTestApp();
    const { token } = await register(t, '13800138000');
    const fid = await exampleFidOf(t, token, 1003);
    const ok = await t.call('POST', '/anatools/v2', { token, body: submitBody(fid, ttest) });
    expect(ok.body.code).toBe(200);
    // A refused form (a column that is not there) is counted as refused, not as a failure.
    await t.call('POST', '/anatools/v2', { token, body: submitBody(fid, { ...ttest, y: '不存在的列' }) });
    const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metric(body, /^labstat_job_duration_seconds_count\{tool="1003",outcome="ok"\} 1$/)).toBeDefined();
    expect(metric(body, /^labstat_job_queue_wait_seconds_count \d+$/)).toMatch(/ [12]$/);
    expect(metric(body, /^labstat_http_request_duration_seconds_count\{method="POST",route="\/anatools\/v2",status="200"\} \d+$/)).toBeDefined();
    expect(metric(body, /^labstat_jobs_waiting 0$/)).toBeDefined();
    expect(metric(body, /^labstat_jobs_running 0$/)).toBeDefined();
    expect(body).not.toMatch(/^labstat_job_failures_total\{/m);
  });

  it('carries a sane request id from the balancer, and makes one otherwise', async () => {
    t = await startTestApp();
    const given = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-1234.abc' } });
    expect(given.headers['x-request-id']).toBe('lb-1234.abc');
    const bad = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a b<script>' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(none.headers['x-request-id']).not.toBe(bad.headers['x-request-id']);
  });
});
