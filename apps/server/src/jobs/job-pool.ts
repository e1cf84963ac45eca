// The in-process job pool (DESIGN §2, §6): analyses run in piscina worker threads with a heap cap
// and a deadline, so CPU work never blocks the event loop and a dying worker only fails its job.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { ToolJobInput, ToolJobResult } from './tool-job.js';

export interface JobSettings {
  /** Worker threads running analyses at once on this instance. */
  concurrency: number;
  timeoutMs: number;
  heapMb: number;
  /** Lets submissions inject a crash or a hang (tests only). */
  allowFaults: boolean;
}

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
function workerFilename(): string {
  const own = new URL(import.meta.url);
  const ext = own.pathname.endsWith('.ts') ? '.ts' : '.js';
  const target = new URL(`./tool-job${ext}`, own);
  if (ext === '.js') return target.href;
  const tsxApi = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const source = `import { register } from ${JSON.stringify(tsxApi)};\nregister();\nconst m = await import(${JSON.stringify(target.href)});\nexport default m.default;\n`;
  const file = path.join(os.tmpdir(), `labstat-tool-job-${crypto.createHash('sha1').update(source).digest('hex').slice(0, 12)}.mjs`);
  if (!fs.existsSync(file)) fs.writeFileSync(file, source);
  return pathToFileURL(file).href;
}

export class JobPool {
  private readonly pool: Piscina;

  constructor(private readonly settings: JobSettings) {
    const fromSource = import.meta.url.endsWith('.ts');
    this.pool = new Piscina({
      filename: workerFilename(),
      minThreads: 0,
      maxThreads: settings.concurrency,
      idleTimeout: 60_000,
      concurrentTasksPerWorker: 1,
      resourceLimits: { maxOldGenerationSizeMb: settings.heapMb },
      execArgv: fromSource ? ['--conditions=labstat-source'] : [],
    });
  }

  async run(input: ToolJobInput): Promise<ToolJobResult> {
    if (input.fault && !this.settings.allowFaults) input = { ...input, fault: undefined };
    const transferList = Object.values(input.set.columns)
      .filter((c): c is Float64Array => c instanceof Float64Array)
      .map((c) => c.buffer as ArrayBuffer);
    const signal = AbortSignal.timeout(this.settings.timeoutMs);
    try {
      return (await this.pool.run(input, { signal, transferList })) as ToolJobResult;
    } catch (err) {
      if (signal.aborted) throw new JobFailure('timeout', `job exceeded ${this.settings.timeoutMs} ms`);
      throw new JobFailure('crash', err instanceof Error ? err.message : String(err));
    }
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
