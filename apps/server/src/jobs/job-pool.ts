// The in-process job pool (DESIGN §2, §6): analyses run in piscina worker threads with a heap cap
// and a deadline, so CPU work never blocks the event loop and a dying worker only fails its job.
// A fair queue stands in front of the threads: a job reaches piscina only when a thread is free,
// so its deadline starts when it starts running, and no user can hold every thread.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { ExportJobInput } from './export-job.js';
import { FairQueue, QueueCancelled } from './fair-queue.js';
import { isQueueFailure, type QueueClient } from './queue-jobs.js';
import type { ToolJobInput, ToolJobResult } from './tool-job.js';
import { SlotWaitCancelled, UserSlots } from './user-slots.js';

export interface JobSettings {
  /** Worker threads running analyses at once on this instance. */
  concurrency: number;
  /** Analyses one user may run at once on this instance (0: all threads but one); the rest wait their turn. */
  perUserConcurrency: number;
  /** A task's lease: an instance that has not renewed it for this long is taken for dead. */
  leaseMs: number;
  timeoutMs: number;
  heapMb: number;
  /** Lets submissions inject a crash or a hang (tests only). */
  allowFaults: boolean;
  /** With a queue (REDIS_URL): analyses this server may have in the queue at once (JOB_QUEUE_INFLIGHT). */
  queueInflight?: number;
  /** With a queue: how long a job's lock lasts without its worker renewing it (JOB_QUEUE_LOCK_MS). */
  queueLockMs?: number;
  /** Keep every analysis thread started (a worker process: its first jobs do not pay the start-up). */
  warm?: boolean;
}

/** A report download is small work; these bound a pathological one. */
const EXPORT_TIMEOUT_MS = 120_000;
const EXPORT_HEAP_MB = 1024;

export class JobFailure extends Error {
  constructor(
    /** `cancelled`: stopped on purpose (its task was deleted, or the server is closing). */
    readonly reason: 'timeout' | 'crash' | 'cancelled',
    message: string,
  ) {
    super(message);
    this.name = 'JobFailure';
  }
}

/** Under tests the worker is TypeScript: a tiny ES module registers tsx and re-exports it. */
function workerFilename(module: 'tool-job' | 'export-job'): string {
  const own = new URL(import.meta.url);
  const ext = own.pathname.endsWith('.ts') ? '.ts' : '.js';
  const target = new URL(`./${module}${ext}`, own);
  if (ext === '.js') return target.href;
  const tsxApi = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const source = `import { register } from ${JSON.stringify(tsxApi)};\nregister();\nconst m = await import(${JSON.stringify(target.href)});\nexport default m.default;\n`;
  const file = path.join(os.tmpdir(), `labstat-${module}-${crypto.createHash('sha1').update(source).digest('hex').slice(0, 12)}.mjs`);
  if (!fs.existsSync(file)) fs.writeFileSync(file, source);
  return pathToFileURL(file).href;
}

function createPool(module: 'tool-job' | 'export-job', threads: number, heapMb: number, warm = false): Piscina {
  const fromSource = import.meta.url.endsWith('.ts');
  return new Piscina({
    filename: workerFilename(module),
    minThreads: warm ? threads : 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    concurrentTasksPerWorker: 1,
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
    execArgv: fromSource ? ['--conditions=labstat-source'] : [],
  });
}

/**
 * Runs a task in a pool; a deadline passed or a dying worker becomes a JobFailure. The deadline
 * starts here, so callers hand a job over only when a thread is free for it.
 */
async function runWithDeadline<T>(pool: Piscina, input: unknown, timeoutMs: number, transferList?: ArrayBuffer[], cancel?: AbortSignal): Promise<T> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = cancel ? AbortSignal.any([deadline, cancel]) : deadline;
  try {
    return (await pool.run(input, { signal, transferList })) as T;
  } catch (err) {
    if (cancel?.aborted) throw new JobFailure('cancelled', 'job cancelled');
    if (deadline.aborted) throw new JobFailure('timeout', `job exceeded ${timeoutMs} ms`);
    throw new JobFailure('crash', err instanceof Error ? err.message : String(err));
  }
}

export interface RunOptions {
  /** The user the job is for (fairness). */
  user: number;
  /** The job's id (its task id): its queue position is asked by it. */
  id: string;
  /** Aborting removes a waiting job or stops a running one. */
  signal?: AbortSignal;
  /** Called once when the job leaves the queue for a worker. */
  onStart?: () => void;
}

/** How an analysis ended, for metrics. */
export type JobOutcome = 'ok' | 'refused' | 'error' | 'timeout' | 'crash' | 'cancelled';

/** Watches analyses (metrics): when one leaves the queue, and how it ended. */
export interface JobObserver {
  started(toolId: number, waitedMs: number): void;
  finished(toolId: number, ranMs: number, outcome: JobOutcome): void;
}

export class JobPool {
  private readonly pool: Piscina;
  private readonly exports: Piscina;
  private readonly queue: FairQueue;
  private observer: JobObserver | null = null;
  /** With a queue: the per-user cap held across every API server (slots in Redis). */
  private readonly slots: UserSlots | null;

  /**
   * `remote`: analyses and exports go to workers through the queue (REDIS_URL) instead of this
   * process's threads; the fair queue in front still bounds what this server has in flight per user.
   */
  constructor(
    private readonly settings: JobSettings,
    private readonly remote: QueueClient | null = null,
  ) {
    this.pool = createPool('tool-job', settings.concurrency, settings.heapMb, settings.warm);
    const slots = remote ? Math.max(settings.concurrency, settings.queueInflight ?? 32) : settings.concurrency;
    const perUser = settings.perUserConcurrency > 0 ? settings.perUserConcurrency : settings.concurrency - 1;
    const userCap = Math.max(1, Math.min(perUser, slots));
    this.queue = new FairQueue({ concurrency: slots, perUser: userCap });
    this.slots = remote ? remote.userSlots({ perUser: userCap, leaseMs: settings.leaseMs }) : null;
    // Downloads have their own threads, so a long analysis never holds up a Word file.
    this.exports = createPool('export-job', settings.concurrency, EXPORT_HEAP_MB);
  }

  /** Renders a report download (Word, Excel, chart PNG/SVG) in a worker. */
  async export(input: ExportJobInput): Promise<Buffer> {
    if (this.remote) {
      try {
        return await this.remote.export(input);
      } catch (err) {
        if (isQueueFailure(err)) throw new JobFailure(err.reason, err.message);
        throw err;
      }
    }
    const out = await runWithDeadline<Uint8Array>(this.exports, input, EXPORT_TIMEOUT_MS);
    return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  }

  /** Queues an analysis fairly; it runs, under its deadline, once a thread is free and it is its turn. */
  async run(input: ToolJobInput, opts: RunOptions): Promise<ToolJobResult> {
    if (input.fault && !this.settings.allowFaults) input = { ...input, fault: undefined };
    const job = input;
    const transferList = Object.values(job.set.columns)
      .filter((c): c is Float64Array => c instanceof Float64Array)
      .map((c) => c.buffer as ArrayBuffer);
    const queuedAt = performance.now();
    try {
      return await this.queue.run({
        user: opts.user,
        id: opts.id,
        signal: opts.signal,
        start: async () => {
          // With a queue, the user's cap counts their jobs on every server: wait for one of their slots.
          let release: (() => Promise<void>) | null = null;
          if (this.slots) {
            try {
              release = await this.slots.acquire(opts.user, opts.signal);
            } catch (err) {
              if (err instanceof SlotWaitCancelled) throw new JobFailure('cancelled', 'job cancelled');
              throw err;
            }
          }
          opts.onStart?.();
          const startedAt = performance.now();
          this.observer?.started(job.toolId, startedAt - queuedAt);
          let outcome: JobOutcome = 'error';
          try {
            const result = this.remote
              ? await this.remote.analysis(job, { user: opts.user, id: opts.id, signal: opts.signal }).catch((err: unknown) => {
                  throw isQueueFailure(err) ? new JobFailure(err.reason, err.message) : err;
                })
              : await runWithDeadline<ToolJobResult>(this.pool, job, this.settings.timeoutMs, transferList, opts.signal);
            outcome = result.ok ? 'ok' : result.internal ? 'error' : 'refused';
            return result;
          } catch (err) {
            if (err instanceof JobFailure) outcome = err.reason;
            throw err;
          } finally {
            await release?.();
            this.observer?.finished(job.toolId, performance.now() - startedAt, outcome);
          }
        },
      });
    } catch (err) {
      if (err instanceof QueueCancelled) throw new JobFailure('cancelled', err.message);
      throw err;
    }
  }

  /**
   * Starts every analysis thread and has each load the tool catalogue (a request for no tool), so
   * the first real jobs do not pay for it.
   */
  async warmUp(): Promise<void> {
    const nothing: ToolJobInput = { toolId: 0, set: { rows: 0, variables: [], columns: {} }, params: {} };
    await Promise.all(Array.from({ length: this.settings.concurrency }, () => this.pool.run(nothing)));
  }

  /** The queue analyses go through (REDIS_URL), or null when they run in this process. */
  get queueClient(): QueueClient | null {
    return this.remote;
  }

  /** One observer (the metrics of this instance). */
  observe(observer: JobObserver): void {
    this.observer = observer;
  }

  /** Analyses waiting for a thread and running on this instance. */
  stats(): { waiting: number; running: number } {
    return this.queue.stats();
  }

  /** How long a task's lease lasts without renewal. */
  get leaseMs(): number {
    return this.settings.leaseMs;
  }

  /** 1-based place of a waiting analysis in this instance's queue; null when it is not waiting here. */
  position(id: string): number | null {
    return this.queue.position(id);
  }

  async close(): Promise<void> {
    this.queue.close();
    await Promise.all([this.pool.destroy(), this.exports.destroy(), this.remote?.close()]);
  }
}
