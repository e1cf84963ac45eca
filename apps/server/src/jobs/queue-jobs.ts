// Analyses, report exports, upload ingests and data-processing runs on Redis queues (BullMQ), when
// REDIS_URL is set (issue 26; ingests and processing only with a shared S3 store): API
// servers enqueue and wait; `npm run worker` processes on any host take the jobs and run them in
// their own thread pools, under the same deadline (counted from when a worker starts the job), heap
// cap and per-user fairness as the in-process pool.
//
// Failure semantics: a job whose worker process dies stops renewing its lock; BullMQ's stalled-job
// check puts it back once (another worker retries it), and fails it the second time, so its task ends
// 失败 with a message. A deadline passed, a crashed thread or a cancellation is final (no retry).
// Deleting a task removes its waiting job, or tells the worker running it to stop.
import { Queue, QueueEvents, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { ColumnData } from '@labstat/tools';
import type { IngestResult } from '../ingest/ingest.js';
import type { ExportJobInput } from './export-job.js';
import type { ProcessingJobData, ProcessingJobResult } from './processing-job.js';
import type { ToolJobInput, ToolJobResult } from './tool-job.js';
import { UserSlots, type UserSlotSettings } from './user-slots.js';

export const ANALYSIS_QUEUE = 'labstat-analyses';
export const EXPORT_QUEUE = 'labstat-exports';
export const INGEST_QUEUE = 'labstat-ingests';
export const PROCESSING_QUEUE = 'labstat-processing';

/**
 * An upload's ingest on a worker (with a shared S3 store): the original is already at
 * `originalKey`; the worker writes the Parquet copy to `parquetKey` and answers the summary, or
 * the Chinese reason the file cannot be read (`problem`, not retried: the file will not change).
 */
export interface IngestJobData {
  originalKey: string;
  parquetKey: string;
  filename: string;
  user: number;
}
export type IngestJobResult = { ok: true; result: Omit<IngestResult, 'parquetPath'> } | { ok: false; problem: string };
const CANCEL_CHANNEL = 'labstat:cancel';

/** Why a queued job ended without a result; the same reasons as the in-process pool. */
export type QueueFailureReason = 'timeout' | 'crash' | 'cancelled';

type EncodedColumn = { f64: string } | { text: Array<string | null> };
interface AnalysisData {
  user: number;
  input: Omit<ToolJobInput, 'set'> & { set: { rows: number; variables: ToolJobInput['set']['variables']; columns: Record<string, EncodedColumn> } };
}

const encodeColumn = (c: ColumnData): EncodedColumn =>
  c instanceof Float64Array ? { f64: Buffer.from(c.buffer, c.byteOffset, c.byteLength).toString('base64') } : { text: c };

function decodeColumn(c: EncodedColumn): ColumnData {
  if ('text' in c) return c.text;
  const b = Buffer.from(c.f64, 'base64');
  // A fresh, aligned buffer the worker thread can take over.
  const out = new Float64Array(b.length / 8);
  new Uint8Array(out.buffer).set(b);
  return out;
}

export function encodeAnalysis(input: ToolJobInput, user: number): AnalysisData {
  const columns = Object.fromEntries(Object.entries(input.set.columns).map(([k, v]) => [k, encodeColumn(v)]));
  return { user, input: { ...input, set: { ...input.set, columns } } };
}

export function decodeAnalysis(data: AnalysisData): ToolJobInput {
  const columns = Object.fromEntries(Object.entries(data.input.set.columns).map(([k, v]) => [k, decodeColumn(v)]));
  return { ...data.input, set: { ...data.input.set, columns } };
}

/** A failed job's reason travels as `reason: message`; anything else (a stalled job) is a crash. */
export function failureOf(failedReason: string): { reason: QueueFailureReason; message: string } {
  const m = /^(timeout|crash|cancelled): ([\s\S]*)$/.exec(failedReason);
  if (m) return { reason: m[1] as QueueFailureReason, message: m[2]! };
  return { reason: 'crash', message: failedReason };
}

/**
 * A connection for BullMQ. It reconnects on its own when Redis goes away; the errors meanwhile reach
 * the calls that fail, so the connection's own error events are not reported again.
 */
export function redisConnection(url: string): Redis {
  const r = new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true });
  r.on('error', () => undefined);
  return r;
}

/** BullMQ objects report connection trouble as events too; the calls that fail say it already. */
const quiet = <T extends { on(event: 'error', f: (err: Error) => void): unknown }>(x: T): T => {
  x.on('error', () => undefined);
  return x;
};

/** The API side: enqueue, wait for the outcome, cancel. */
export class QueueClient {
  private readonly connection: Redis;
  private readonly publisher: Redis;
  private readonly analyses: Queue;
  private readonly exports: Queue;
  private readonly ingests: Queue;
  private readonly analysisEvents: QueueEvents;
  private readonly exportEvents: QueueEvents;
  private readonly ingestEvents: QueueEvents;
  private readonly processing: Queue;
  private readonly processingEvents: QueueEvents;
  private readonly ready: Promise<unknown>;

  constructor(url: string) {
    this.connection = redisConnection(url);
    this.publisher = redisConnection(url);
    this.analyses = quiet(new Queue(ANALYSIS_QUEUE, { connection: this.connection }));
    this.exports = quiet(new Queue(EXPORT_QUEUE, { connection: this.connection }));
    this.analysisEvents = quiet(new QueueEvents(ANALYSIS_QUEUE, { connection: redisConnection(url) }));
    this.exportEvents = quiet(new QueueEvents(EXPORT_QUEUE, { connection: redisConnection(url) }));
    this.ingests = quiet(new Queue(INGEST_QUEUE, { connection: this.connection }));
    this.ingestEvents = quiet(new QueueEvents(INGEST_QUEUE, { connection: redisConnection(url) }));
    this.processing = quiet(new Queue(PROCESSING_QUEUE, { connection: this.connection }));
    this.processingEvents = quiet(new QueueEvents(PROCESSING_QUEUE, { connection: redisConnection(url) }));
    this.ready = Promise.all([
      this.analysisEvents.waitUntilReady(),
      this.exportEvents.waitUntilReady(),
      this.ingestEvents.waitUntilReady(),
      this.processingEvents.waitUntilReady(),
    ]);
  }

  /** Runs an analysis on some worker; rejects with `{ reason, message }` when it ends without a result. */
  async analysis(input: ToolJobInput, opts: { user: number; id: string; signal?: AbortSignal }): Promise<ToolJobResult> {
    await this.ready;
    const job = await this.analyses.add('analysis', encodeAnalysis(input, opts.user), {
      jobId: opts.id,
      attempts: 1,
      removeOnComplete: { age: 3600 },
      removeOnFail: { age: 24 * 3600 },
    });
    const onAbort = () => void this.cancel(job).catch(() => undefined);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return (await job.waitUntilFinished(this.analysisEvents)) as ToolJobResult;
    } catch (err) {
      if (opts.signal?.aborted) throw { reason: 'cancelled', message: 'job cancelled' } satisfies QueueFailure;
      throw failureOf(err instanceof Error ? err.message : String(err)) satisfies QueueFailure;
    } finally {
      opts.signal?.removeEventListener('abort', onAbort);
    }
  }

  async export(input: ExportJobInput): Promise<Buffer> {
    await this.ready;
    const job = await this.exports.add('export', input, { attempts: 1, removeOnComplete: true, removeOnFail: { age: 3600 } });
    try {
      return Buffer.from((await job.waitUntilFinished(this.exportEvents)) as string, 'base64');
    } catch (err) {
      throw failureOf(err instanceof Error ? err.message : String(err)) satisfies QueueFailure;
    }
  }

  /** Ingests an upload on some worker (a worker that dies mid-ingest: retried once, as analyses). */
  async ingest(data: IngestJobData): Promise<IngestJobResult> {
    await this.ready;
    const job = await this.ingests.add('ingest', data, { attempts: 1, removeOnComplete: { age: 600 }, removeOnFail: { age: 3600 } });
    try {
      return (await job.waitUntilFinished(this.ingestEvents)) as IngestJobResult;
    } catch (err) {
      throw failureOf(err instanceof Error ? err.message : String(err)) satisfies QueueFailure;
    }
  }

  /** Runs a data-processing method on a worker (one that dies mid-run: retried once, as ingests). */
  async process(data: ProcessingJobData, opts: { id: string }): Promise<ProcessingJobResult> {
    await this.ready;
    const job = await this.processing.add('processing', data, { jobId: opts.id, attempts: 1, removeOnComplete: { age: 3600 }, removeOnFail: { age: 24 * 3600 } });
    try {
      return (await job.waitUntilFinished(this.processingEvents)) as ProcessingJobResult;
    } catch (err) {
      throw failureOf(err instanceof Error ? err.message : String(err)) satisfies QueueFailure;
    }
  }

  /** A waiting job is removed; a running one is stopped by its worker. */
  private async cancel(job: Job): Promise<void> {
    const state = await job.getState();
    if (state === 'waiting' || state === 'prioritized' || state === 'delayed') {
      await job.remove().catch(() => undefined);
    }
    await this.publisher.publish(CANCEL_CHANNEL, String(job.id));
  }

  /** The per-user cap shared by every server using this Redis. */
  userSlots(settings: UserSlotSettings): UserSlots {
    return new UserSlots(this.connection, settings);
  }

  /** Jobs waiting in the shared queue (all API servers). */
  async waiting(): Promise<number> {
    return this.analyses.getWaitingCount();
  }

  async ping(): Promise<void> {
    await this.connection.ping();
  }

  async close(): Promise<void> {
    await Promise.allSettled(
      [this.analysisEvents, this.exportEvents, this.ingestEvents, this.processingEvents, this.analyses, this.exports, this.ingests, this.processing].map((q) => q.close()),
    );
    this.publisher.disconnect();
    this.connection.disconnect();
  }
}

export interface QueueFailure {
  reason: QueueFailureReason;
  message: string;
}

export const isQueueFailure = (e: unknown): e is QueueFailure =>
  typeof e === 'object' && e !== null && typeof (e as QueueFailure).reason === 'string' && typeof (e as QueueFailure).message === 'string' && !(e instanceof Error);

/** What a worker process runs each job with: its own in-process pool. */
export interface LocalRunner {
  run(input: ToolJobInput, opts: { user: number; id: string; signal?: AbortSignal }): Promise<ToolJobResult>;
  export(input: ExportJobInput): Promise<Buffer>;
  /** Upload ingests, on workers that reach the shared store. */
  ingest?: { run(data: IngestJobData): Promise<IngestJobResult>; concurrency: number };
  /** Data-processing runs, on workers that reach the shared store. */
  processing?: { run(data: ProcessingJobData): Promise<ProcessingJobResult>; concurrency: number };
}

export interface QueueWorkerSettings {
  url: string;
  concurrency: number;
  /** How long a job's lock lasts without renewal; a dead worker's job is taken back after about this long. */
  lockMs: number;
  name: string;
}

/** Failures that must not be retried carry their reason; the error type makes BullMQ fail them at once. */
function finalFailure(err: unknown): never {
  const e = err as { reason?: string; message?: string };
  if (e && (e.reason === 'timeout' || e.reason === 'crash' || e.reason === 'cancelled')) {
    throw new UnrecoverableError(`${e.reason}: ${e.message ?? ''}`);
  }
  throw err;
}

/** The worker side: takes analyses and exports off the queues and runs them with `runner`. */
export function startQueueWorkers(settings: QueueWorkerSettings, runner: LocalRunner): { close(): Promise<void>; ready: Promise<void> } {
  const running = new Map<string, AbortController>();
  const subscriber = redisConnection(settings.url);
  void subscriber.subscribe(CANCEL_CHANNEL);
  subscriber.on('message', (_channel: string, id: string) => running.get(id)?.abort());
  const common = {
    concurrency: settings.concurrency,
    lockDuration: settings.lockMs,
    stalledInterval: Math.max(500, Math.floor(settings.lockMs / 2)),
    maxStalledCount: 1,
    name: settings.name,
  };
  const analyses = quiet(new Worker(
    ANALYSIS_QUEUE,
    async (job: Job<AnalysisData>) => {
      const abort = new AbortController();
      running.set(String(job.id), abort);
      try {
        return await runner.run(decodeAnalysis(job.data), { user: job.data.user, id: String(job.id), signal: abort.signal });
      } catch (err) {
        // One JSON line per failure, with the submitting request's id (the API server logs the same id).
        const e = err as { reason?: string; message?: string };
        console.error(JSON.stringify({ level: 40, time: Date.now(), worker: settings.name, reqId: job.data.input.requestId, taskid: job.id, toolId: job.data.input.toolId, reason: e.reason ?? 'error', msg: `analysis job failed: ${e.message ?? String(err)}` }));
        finalFailure(err);
      } finally {
        running.delete(String(job.id));
      }
    },
    { ...common, connection: redisConnection(settings.url) },
  ));
  const exports = quiet(new Worker(
    EXPORT_QUEUE,
    async (job: Job<ExportJobInput>) => {
      try {
        return (await runner.export(job.data)).toString('base64');
      } catch (err) {
        finalFailure(err);
      }
    },
    { ...common, connection: redisConnection(settings.url) },
  ));
  const ingest = runner.ingest;
  const ingests = ingest
    ? quiet(new Worker(INGEST_QUEUE, async (job: Job<IngestJobData>) => ingest.run(job.data), { ...common, concurrency: ingest.concurrency, connection: redisConnection(settings.url) }))
    : null;
  const processing = runner.processing;
  const processors = processing
    ? quiet(
        new Worker(
          PROCESSING_QUEUE,
          async (job: Job<ProcessingJobData>) => {
            try {
              return await processing.run(job.data);
            } catch (err) {
              console.error(JSON.stringify({ level: 40, time: Date.now(), worker: settings.name, reqId: job.data.requestId, taskid: job.id, processId: job.data.processId, msg: `processing job failed: ${err instanceof Error ? err.message : String(err)}` }));
              throw err;
            }
          },
          { ...common, concurrency: processing.concurrency, connection: redisConnection(settings.url) },
        ),
      )
    : null;
  return {
    ready: Promise.all([analyses.waitUntilReady(), exports.waitUntilReady(), ingests?.waitUntilReady(), processors?.waitUntilReady()]).then(() => undefined),
    async close() {
      await Promise.allSettled([analyses.close(), exports.close(), ingests?.close(), processors?.close()]);
      subscriber.disconnect();
    },
  };
}
