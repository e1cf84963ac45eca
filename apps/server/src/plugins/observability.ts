// Operations endpoints (issue 26): /readyz says whether this instance can serve (database, object
// store and, with REDIS_URL, Redis reachable), /metrics gives Prometheus metrics — request latency by route, analyses waiting
// and running, queue wait, analysis duration by tool, failures. Every request carries an id (the
// balancer's X-Request-Id when it sends a sane one), logged with each line and sent back.
import { timingSafeEqual } from 'node:crypto';
import { text } from 'node:stream/consumers';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/database.js';
import type { JobPool } from '../jobs/job-pool.js';
import { isLocalRequest } from '../providers/dev-exposure.js';
import type { ObjectStore } from '../storage/object-store.js';

export interface ObservabilityDeps {
  db: Db;
  store: ObjectStore;
  jobs: JobPool;
  /** This instance's id (probe keys of different instances never collide). */
  instance: string;
  /** METRICS_TOKEN: a bearer token that may read /metrics from anywhere; without it, this machine only. */
  metricsToken: string | null;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The request id: the balancer's when it is a sane token, else a fresh one. */
export function requestId(header: string | string[] | undefined, fresh: () => string): string {
  const v = Array.isArray(header) ? header[0] : header;
  return v && REQUEST_ID.test(v) ? v : fresh();
}

async function check(name: string, f: () => Promise<unknown>, timeoutMs = 3000): Promise<[string, string]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([f(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs)))]);
    return [name, 'ok'];
  } catch (err) {
    return [name, err instanceof Error ? err.message : String(err)];
  } finally {
    clearTimeout(timer);
  }
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer (.+)$/.exec(header ?? '');
  if (!m) return false;
  const a = Buffer.from(m[1]!);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerObservability(app: FastifyInstance, deps: ObservabilityDeps): void {
  // One registry per app: tests run several servers in one process.
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: 'labstat_' });
  const httpDuration = new Histogram({
    name: 'labstat_http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [register],
  });
  new Gauge({
    name: 'labstat_jobs_waiting',
    help: 'Analyses waiting for a worker thread on this instance',
    registers: [register],
    collect() {
      this.set(deps.jobs.stats().waiting);
    },
  });
  new Gauge({
    name: 'labstat_jobs_running',
    help: 'Analyses running on this instance',
    registers: [register],
    collect() {
      this.set(deps.jobs.stats().running);
    },
  });
  const queueWait = new Histogram({
    name: 'labstat_job_queue_wait_seconds',
    help: 'Time an analysis waited for a worker thread',
    buckets: [0.001, 0.01, 0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300],
    registers: [register],
  });
  const jobDuration = new Histogram({
    name: 'labstat_job_duration_seconds',
    help: 'Analysis running time by tool and outcome',
    labelNames: ['tool', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers: [register],
  });
  const jobFailures = new Counter({
    name: 'labstat_job_failures_total',
    help: 'Analyses that failed (error, timeout, crash) by tool and reason',
    labelNames: ['tool', 'reason'] as const,
    registers: [register],
  });
  deps.jobs.observe({
    started: (_tool, waitedMs) => queueWait.observe(waitedMs / 1000),
    finished: (tool, ranMs, outcome) => {
      jobDuration.observe({ tool: String(tool), outcome }, ranMs / 1000);
      if (outcome === 'error' || outcome === 'timeout' || outcome === 'crash') jobFailures.inc({ tool: String(tool), reason: outcome });
    },
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    httpDuration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', async (req, reply) => {
    const allowed = deps.metricsToken ? tokenMatches(req.headers.authorization, deps.metricsToken) || isLocalRequest(req.raw) : isLocalRequest(req.raw);
    if (!allowed) return reply.status(404).send({ code: 404, msg: '页面不存在', data: null });
    return reply.header('Content-Type', register.contentType).header('Cache-Control', 'no-store').send(await register.metrics());
  });

  // Liveness is /healthz (site routes); readiness checks what a request needs.
  app.get('/readyz', async (_req, reply) => {
    const probe = `health/${deps.instance.replace(/[^A-Za-z0-9._-]/g, '_')}`;
    const checks = Object.fromEntries(
      await Promise.all([
        check('database', () => sql`select 1`.execute(deps.db.kysely)),
        ...(deps.jobs.queueClient ? [check('redis', () => deps.jobs.queueClient!.ping())] : []),
        check('store', async () => {
          await deps.store.putBytes(probe, Buffer.from('ok'), 'text/plain');
          if ((await text(await deps.store.get(probe))) !== 'ok') throw new Error('read back something else');
        }),
      ]),
    );
    const ready = Object.values(checks).every((v) => v === 'ok');
    return reply.status(ready ? 200 : 503).send({ code: ready ? 200 : 503, msg: ready ? 'ready' : '服务暂不可用', data: { status: ready ? 'ready' : 'not ready', checks } });
  });
}
