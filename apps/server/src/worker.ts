// `npm run worker`: an analysis worker process for a deployment with REDIS_URL (issue 26). It takes
// analyses and report exports off the queues (with a shared S3 store also upload ingests and
// data-processing runs) and runs them in its own thread pool — JOB_CONCURRENCY
// at once, the JOB_TIMEOUT_S deadline from the moment it starts a job, JOB_HEAP_MB per thread, the
// per-user cap — and shuts down cleanly on SIGTERM (running jobs finish; waiting ones stay queued).
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config.js';
import { ParquetReader } from './ingest/parquet-reader.js';
import { ingestRunner } from './jobs/ingest-job.js';
import { JobPool } from './jobs/job-pool.js';
import { startQueueWorkers } from './jobs/queue-jobs.js';
import { processingRunner } from './jobs/processing-job.js';
import { scratchIn } from './lib/scratch-space.js';
import { S3Store } from './storage/s3-store.js';

const config = loadConfig();
if (!config.redisUrl) {
  console.error('REDIS_URL must be set: the worker takes its jobs from Redis (see docs/deploy.md)');
  process.exit(1);
}
const pool = new JobPool({ ...config.jobs, warm: true });
await pool.warmUp();
const name = process.env.WORKER_NAME || `${os.hostname()}:${process.pid}`;
const store = config.s3 ? new S3Store(config.s3, path.join(config.dataDir, 'cache')) : null;
const scratch = scratchIn(path.join(config.dataDir, 'tmp'));
const workers = startQueueWorkers(
  { url: config.redisUrl, concurrency: config.jobs.concurrency, lockMs: config.jobs.queueLockMs ?? 30_000, name },
  {
    run: (input, opts) => pool.run(input, opts),
    export: (input) => pool.export(input),
    // Uploads are ingested on workers when the store is shared (S3); with a local store they stay on
    // the API server that received them, whose disk holds the file.
    ingest: store ? { run: ingestRunner(store, config.ingest, scratch), concurrency: config.ingest.concurrency } : undefined,
    // Two processing runs at once, as on an API server (DuckDB does the work in its own threads).
    processing: store ? { run: processingRunner(store, new ParquetReader(), config.ingest, scratch), concurrency: 2 } : undefined,
  },
);
await workers.ready;
console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `LabStat worker ${name} ready (${config.jobs.concurrency} at once)` }));

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => process.exit(1), config.jobs.timeoutMs + 5000);
    force.unref();
    void workers
      .close()
      .then(() => pool.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
