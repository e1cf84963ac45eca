// The in-process job pool (DESIGN §2, §6): analyses run in piscina worker threads with a heap cap
// and a deadline, so CPU work never blocks the event loop and a dying worker only fails its job.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { ExportJobInput } from './export-job.js';
import type { ToolJobInput, ToolJobResult } from './tool-job.js';

export interface JobSettings {
  /** Worker threads running analyses at once on this instance. */
  concurrency: number;
  timeoutMs: number;
  heapMb: number;
  /** Lets submissions inject a crash or a hang (tests only). */
  allowFaults: boolean;
}

/** A report download is small work; these bound a pathological one. */
const EXPORT_TIMEOUT_MS = 120_000;
const EXPORT_HEAP_MB = 1024;

export class JobFailure extends Error {
  constructor(
    readonly reason: 'timeout' | 'crash',
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

function createPool(module: 'tool-job' | 'export-job', threads: number, heapMb: number): Piscina {
  const fromSource = import.meta.url.endsWith('.ts');
  return new Piscina({
    filename: workerFilename(module),
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    concurrentTasksPerWorker: 1,
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
    execArgv: fromSource ? ['--conditions=labstat-source'] : [],
  });
}

/** Runs a task in a pool; a deadline passed or a dying worker becomes a JobFailure. */
async function runWithDeadline<T>(pool: Piscina, input: unknown, timeoutMs: number, transferList?: ArrayBuffer[]): Promise<T> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    return (await pool.run(input, { signal, transferList })) as T;
  } catch (err) {
    if (signal.aborted) throw new JobFailure('timeout', `job exceeded ${timeoutMs} ms`);
    throw new JobFailure('crash', err instanceof Error ? err.message : String(err));
  }
}

export class JobPool {
  private readonly pool: Piscina;
  private readonly exports: Piscina;

  constructor(private readonly settings: JobSettings) {
    this.pool = createPool('tool-job', settings.concurrency, settings.heapMb);
    // Downloads have their own threads, so a long analysis never holds up a Word file.
    this.exports = createPool('export-job', settings.concurrency, EXPORT_HEAP_MB);
  }

  /** Renders a report download (Word, Excel, chart PNG/SVG) in a worker. */
  async export(input: ExportJobInput): Promise<Buffer> {
    const out = await runWithDeadline<Uint8Array>(this.exports, input, EXPORT_TIMEOUT_MS);
    return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  }

  run(input: ToolJobInput): Promise<ToolJobResult> {
    if (input.fault && !this.settings.allowFaults) input = { ...input, fault: undefined };
    const transferList = Object.values(input.set.columns)
      .filter((c): c is Float64Array => c instanceof Float64Array)
      .map((c) => c.buffer as ArrayBuffer);
    return runWithDeadline<ToolJobResult>(this.pool, input, this.settings.timeoutMs, transferList);
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.destroy(), this.exports.destroy()]);
  }
}
