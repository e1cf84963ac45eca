// `npm run worker` as the queue tests start it: a child process from the sources, on a test Redis,
// with short queue locks so a killed worker's job is taken back within seconds.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WORKER = fileURLToPath(new URL('../worker.ts', import.meta.url));

export interface WorkerOptions {
  name: string;
  redisUrl: string;
  /** The worker's own data folder (its cache and scratch), under this directory. */
  workDir: string;
  concurrency: number;
  timeoutS: number;
  /** Extra environment (the S3 store's, say). */
  env?: Record<string, string>;
  /** Receives what the worker writes to standard error (its failure lines). */
  onStderr: (text: string) => void;
}

/** Starts a worker and resolves once it says it is ready. */
export async function startWorkerProcess(o: WorkerOptions): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=labstat-source', '--import', 'tsx', WORKER], {
    env: {
      ...process.env,
      ...o.env,
      REDIS_URL: o.redisUrl,
      WORKER_NAME: o.name,
      JOB_CONCURRENCY: String(o.concurrency),
      JOB_TIMEOUT_S: String(o.timeoutS),
      JOB_ALLOW_FAULTS: '1',
      JOB_QUEUE_LOCK_MS: '2000',
      DATA_DIR: path.join(o.workDir, o.name),
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
    o.onStderr(d.toString());
  });
  for (let i = 0; !out.includes(`worker ${o.name} ready`); i++) {
    if (child.exitCode !== null || i > 1200) {
      child.kill('SIGKILL');
      throw new Error(`worker ${o.name} did not start: ${out}${err}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return child;
}
