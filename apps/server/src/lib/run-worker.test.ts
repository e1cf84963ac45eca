import { describe, expect, it } from 'vitest';
import { runWorker, WorkerFailure } from './run-worker.js';

const fixture = new URL('../test/worker-fixture.ts', import.meta.url);
const limits = { maxHeapMb: 64, timeoutMs: 5000 };

describe('runWorker', () => {
  it('resolves with the worker message', async () => {
    await expect(runWorker(fixture, { mode: 'echo' }, limits)).resolves.toEqual({ ok: true });
  });
  it('turns a runaway, a heap overflow and a crash into rejections, and the process lives on', async () => {
    const timeout = await runWorker(fixture, { mode: 'spin' }, { ...limits, timeoutMs: 1500 }).catch((e) => e);
    expect(timeout).toBeInstanceOf(WorkerFailure);
    expect(timeout.reason).toBe('timeout');
    const oom = await runWorker(fixture, { mode: 'oom' }, { maxHeapMb: 32, timeoutMs: 30_000 }).catch((e) => e);
    expect(oom).toBeInstanceOf(WorkerFailure);
    expect(oom.reason).toBe('memory');
    const crash = await runWorker(fixture, { mode: 'throw' }, limits).catch((e) => e);
    expect(crash.reason).toBe('crash');
    await expect(runWorker(fixture, { mode: 'echo' }, limits)).resolves.toEqual({ ok: true });
  }, 60_000);
});
