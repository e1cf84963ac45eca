// Runs one CPU-heavy job in a worker thread so the event loop keeps serving: the worker gets a
// heap cap and a deadline, and its death (out of memory, crash, timeout) becomes an ordinary
// rejected promise instead of taking the server down.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

// tsx's ESM entry, found from its package root (require.resolve would pick the CommonJS one).
const TSX_API = import.meta.url.endsWith('.ts')
  ? pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href
  : '';

export interface WorkerLimits {
  /** V8 old-generation cap for the worker, in MB. */
  maxHeapMb: number;
  timeoutMs: number;
}

export class WorkerFailure extends Error {
  constructor(
    readonly reason: 'memory' | 'timeout' | 'crash',
    message: string,
  ) {
    super(message);
    this.name = 'WorkerFailure';
  }
}

/**
 * Starts `moduleUrl` (a file next to the caller; `.ts` under tests, `.js` when built) with
 * `workerData = input` and resolves with the first message it posts.
 */
export function runWorker<I, O>(moduleUrl: URL, input: I, limits: WorkerLimits): Promise<O> {
  const fromSource = moduleUrl.pathname.endsWith('.ts');
  const options = {
    workerData: input,
    resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
    execArgv: fromSource ? ['--conditions=labstat-source'] : [],
  };
  // Under tests and `tsx` the sources are TypeScript: the worker registers tsx's loader first.
  const worker = fromSource
    ? new Worker(
        `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(moduleUrl.href)}); })`,
        { ...options, eval: true },
      )
    : new Worker(moduleUrl, options);
  return new Promise<O>((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish(() => reject(new WorkerFailure('timeout', `worker timed out after ${limits.timeoutMs} ms`))),
      limits.timeoutMs,
    );
    worker.once('message', (msg: O) => finish(() => resolve(msg)));
    worker.once('error', (err: Error & { code?: string }) =>
      finish(() =>
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new WorkerFailure('memory', err.message)
            : new WorkerFailure('crash', err.message),
        ),
      ),
    );
    worker.once('exit', (code) => finish(() => reject(new WorkerFailure('crash', `worker exited with code ${code}`))));
  });
}
