// Server configuration, read once from environment variables with defaults that work offline.
import { BUILTIN_MODEL } from '@labstat/contracts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import type { JobSettings } from './jobs/job-pool.js';
import { findChartFonts, type ChartFonts } from './reports/chart-render.js';
import type { S3Settings } from './storage/s3-store.js';
import { paySettings, type PaySettings } from './providers/pay/pay-settings.js';
import { uploadSettings, type UploadSettings } from './providers/upload/upload-settings.js';

export interface Config {
  port: number;
  /** Listen address; `localhost` (loopback only) by default while a dev provider is on. */
  host: string;
  /** Root folder for the SQLite file, uploads and reports when no object store is configured. */
  dataDir: string;
  /** PostgreSQL connection string; when empty the embedded SQLite file in dataDir is used. */
  databaseUrl: string | null;
  /** Built web app served at /; null disables static serving (API only). */
  webDist: string | null;
  logLevel: string;
  /** Fastify's trustProxy: false, true (every hop), the first n hops, or trusted proxy addresses/CIDRs. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  tokenTtlHours: number;
  smsProvider: 'dev';
  wechatProvider: 'dev';
  /**
   * ALLOW_DEV_PROVIDERS_ON_NETWORK=1: start with a dev provider although HOST is not loopback or a
   * proxy is trusted. Without it such a start is refused (see providers/dev-exposure.ts).
   */
  allowDevProvidersOnNetwork: boolean;
  version: string;
  /** S3-compatible object store; null keeps files in dataDir/store. */
  s3: S3Settings | null;
  ingest: IngestSettings;
  jobs: JobSettings;
  /** Customer-service QR image the tool detail's popover shows. */
  cserviceUrl: string;
  /** CJK font for charts rendered on the server (REPORT_FONT_FILE or a Debian font); null: none found. */
  reportFonts: ChartFonts | null;
  ai: AiSettings;
  pay: PaySettings;
  uploads: UploadSettings;
  /** REDIS_URL: analyses and exports go to `npm run worker` processes through BullMQ queues. */
  redisUrl: string | null;
  /** METRICS_TOKEN: a bearer token that may read /metrics from other machines (else: this machine only). */
  metricsToken: string | null;
}

/** One OpenAI-compatible chat API, from AI_PROVIDERS (issue 17). */
export interface AiProviderConfig {
  name: string;
  baseUrl: string;
  apiKey: string;
  model: string;
  avatar: string;
}

export interface AiSettings {
  /** Listed after the built-in interpreter, in this order. */
  providers: AiProviderConfig[];
  firstByteTimeoutMs: number;
  idleTimeoutMs: number;
  /** Questions to external models per user per day (Beijing time), by membership tier. */
  dailyQuota: { free: number; vip: number; svip: number };
  /** Questions per user per minute, any model. */
  perMinute: number;
  /** Pause between pieces of the built-in interpreter's answer (ms). */
  builtinPieceMs: number;
}

export interface IngestSettings {
  /** DuckDB memory cap per ingest (spills to disk beyond it). */
  duckMemory: string;
  duckThreads: number;
  /** Ingests of files above `smallBytes` running at once on this instance; more uploads wait their turn. */
  concurrency: number;
  /** Ingests one user may run at once in each lane; waiting uploads are served round-robin across users. */
  userConcurrency: number;
  /** Uploads one user may have in progress at once (receiving, waiting or ingesting); more are refused. */
  userPending: number;
  /** Files this small (bytes; for xlsx, bytes after unzipping) are ingested in a lane of their own. */
  smallBytes: number;
  /** Ingests of small files running at once on this instance. */
  smallConcurrency: number;
  /** An xlsx whose parts inflate beyond this is refused (decompression bombs). */
  maxUnzippedBytes: number;
  /** Heap cap of the worker that parses spreadsheets and transcodes text. */
  workerHeapMb: number;
  workerTimeoutMs: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/server, whether running from src (tests) or dist (production). */
const serverRoot = path.resolve(here, '..');
const repoRoot = path.resolve(serverRoot, '..', '..');

function int(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Environment variable ${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

function oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T, env: NodeJS.ProcessEnv): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new Error(`Environment variable ${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const webDist = env.WEB_DIST ?? path.join(repoRoot, 'apps', 'web', 'dist');
  // Real Tencent Cloud SMS and WeChat Open Platform providers plug in here; only `dev` exists today.
  const smsProvider = oneOf('SMS_PROVIDER', ['dev'] as const, 'dev', env);
  const wechatProvider = oneOf('WECHAT_PROVIDER', ['dev'] as const, 'dev', env);
  // Dev providers hand out SMS codes and simulated scans: by default only this machine may connect.
  const anyDevProvider = smsProvider === 'dev' || wechatProvider === 'dev';
  return {
    port: int('PORT', 8080, env),
    host: env.HOST || (anyDevProvider ? 'localhost' : '0.0.0.0'),
    dataDir: path.resolve(env.DATA_DIR || path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    webDist: webDist === '' ? null : path.resolve(webDist),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    tokenTtlHours: int('TOKEN_TTL_HOURS', 24 * 7, env),
    smsProvider,
    wechatProvider,
    allowDevProvidersOnNetwork: env.ALLOW_DEV_PROVIDERS_ON_NETWORK === '1' || env.ALLOW_DEV_PROVIDERS_ON_NETWORK === 'true',
    version: env.npm_package_version || '0.1.0',
    s3: s3Settings(env),
    ingest: {
      duckMemory: env.INGEST_DUCKDB_MEMORY || '512MB',
      duckThreads: int('INGEST_DUCKDB_THREADS', 2, env),
      concurrency: Math.max(1, int('INGEST_CONCURRENCY', 1, env)),
      userConcurrency: Math.max(1, int('INGEST_USER_CONCURRENCY', 1, env)),
      userPending: Math.max(1, int('INGEST_USER_PENDING', 4, env)),
      smallBytes: int('INGEST_SMALL_MB', 4, env) * 1024 * 1024,
      smallConcurrency: Math.max(1, int('INGEST_SMALL_CONCURRENCY', 2, env)),
      maxUnzippedBytes: int('INGEST_MAX_UNZIPPED_MB', 512, env) * 1024 * 1024,
      workerHeapMb: int('INGEST_WORKER_HEAP_MB', 1536, env),
      workerTimeoutMs: int('INGEST_WORKER_TIMEOUT_S', 300, env) * 1000,
    },
    jobs: {
      concurrency: Math.max(1, int('JOB_CONCURRENCY', Math.max(1, os.availableParallelism() - 1), env)),
      // One thread stays free for other users whenever there are two or more (0: JOB_CONCURRENCY - 1).
      perUserConcurrency: int('JOB_USER_CONCURRENCY', 0, env),
      // Counted from the moment a job starts running, never while it waits in the queue; under the
      // client's 300 s request timeout, so a slow job fails with a message, not a cut line.
      timeoutMs: int('JOB_TIMEOUT_S', 280, env) * 1000,
      heapMb: int('JOB_HEAP_MB', 2048, env),
      // An instance renews its tasks' leases every third of this; a task whose lease ran out fails.
      leaseMs: Math.max(3, int('JOB_LEASE_S', 30, env)) * 1000,
      allowFaults: env.JOB_ALLOW_FAULTS === '1',
      queueInflight: Math.max(1, int('JOB_QUEUE_INFLIGHT', 32, env)),
      // With REDIS_URL: a worker that has not renewed a job's lock for this long is taken for dead.
      queueLockMs: Math.max(1000, int('JOB_QUEUE_LOCK_MS', 30_000, env)),
    },
    redisUrl: env.REDIS_URL || null,
    cserviceUrl: env.CSERVICE_URL || '/static/cservice.svg',
    reportFonts: findChartFonts(env),
    ai: {
      providers: aiProviders(env),
      firstByteTimeoutMs: Math.max(1, int('AI_TIMEOUT_S', 60, env)) * 1000,
      idleTimeoutMs: Math.max(1, int('AI_IDLE_TIMEOUT_S', 30, env)) * 1000,
      dailyQuota: { free: int('AI_DAILY_FREE', 10, env), vip: int('AI_DAILY_VIP', 50, env), svip: int('AI_DAILY_SVIP', 200, env) },
      perMinute: Math.max(1, int('AI_PER_MINUTE', 10, env)),
      builtinPieceMs: int('AI_BUILTIN_PIECE_MS', 12, env),
    },
    pay: paySettings(env),
    uploads: uploadSettings(env),
    metricsToken: metricsToken(env),
  };
}

function metricsToken(env: NodeJS.ProcessEnv): string | null {
  const v = env.METRICS_TOKEN || null;
  if (v !== null && v.length < 32) throw new Error('METRICS_TOKEN must be at least 32 characters (e.g. openssl rand -hex 32)');
  return v;
}

/**
 * AI_PROVIDERS: a JSON list of OpenAI-compatible chat APIs, e.g.
 * `[{"name":"DeepSeek","baseUrl":"https://api.deepseek.com/v1","apiKeyEnv":"DEEPSEEK_API_KEY","model":"deepseek-chat"}]`.
 * The key comes inline (`apiKey`) or, better, from the variable `apiKeyEnv` names.
 */
function aiProviders(env: NodeJS.ProcessEnv): AiProviderConfig[] {
  const raw = env.AI_PROVIDERS;
  if (!raw) return [];
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    throw new Error('AI_PROVIDERS must be a JSON list of {name, baseUrl, apiKey | apiKeyEnv, model, avatar?}');
  }
  if (!Array.isArray(list)) throw new Error('AI_PROVIDERS must be a JSON list');
  const names = new Set<string>([BUILTIN_MODEL]);
  return list.map((p: Record<string, unknown>, i) => {
    const str = (k: string) => (typeof p?.[k] === 'string' ? (p[k] as string).trim() : '');
    const name = str('name');
    const baseUrl = str('baseUrl');
    const apiKey = str('apiKey') || (str('apiKeyEnv') ? (env[str('apiKeyEnv')] ?? '') : '');
    const model = str('model');
    if (!name || names.has(name)) throw new Error(`AI_PROVIDERS[${i}]: name missing or repeated`);
    if (!/^https?:\/\//.test(baseUrl)) throw new Error(`AI_PROVIDERS[${i}] (${name}): baseUrl must be an http(s) URL`);
    if (!apiKey) throw new Error(`AI_PROVIDERS[${i}] (${name}): no API key (apiKey, or apiKeyEnv naming a set variable)`);
    if (!model) throw new Error(`AI_PROVIDERS[${i}] (${name}): model missing`);
    names.add(name);
    return { name, baseUrl, apiKey, model, avatar: str('avatar') || '/static/ai/model.svg' };
  });
}

/**
 * TRUST_PROXY: a hop count (`1` = one load balancer in front; the client address is the one it
 * appended, so a forged X-Forwarded-For cannot pick a rate-limit source), `true` to trust every hop
 * (only when the proxy overwrites the header), or a comma-separated list of proxy addresses/CIDRs.
 */
function trustProxySetting(raw: string | undefined): Config['trustProxy'] {
  if (!raw || raw === '0' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    return (_address, hop) => hop < hops;
  }
  return raw;
}

function s3Settings(env: NodeJS.ProcessEnv): S3Settings | null {
  if (!env.S3_BUCKET) return null;
  const need = (name: string) => {
    const v = env[name];
    if (!v) throw new Error(`S3_BUCKET is set, so ${name} must be set too`);
    return v;
  };
  return {
    endpoint: env.S3_ENDPOINT || null,
    region: env.S3_REGION || 'us-east-1',
    bucket: env.S3_BUCKET,
    accessKeyId: need('S3_ACCESS_KEY_ID'),
    secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
    // MinIO and most self-hosted stores want path-style URLs; AWS and COS accept them too.
    forcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
    prefix: env.S3_PREFIX || '',
    cacheBytes: Math.max(64, int('S3_CACHE_MB', 10_240, env)) * 1024 * 1024,
  };
}
