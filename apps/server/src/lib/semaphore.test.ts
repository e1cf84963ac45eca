// The ingest gate: a global limit, a per-user cap, and the free slot going to the user served least recently.
import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore.js';

/** A job that runs until released, recording when it started. */
function gate(sem: Semaphore, key: string, name: string, log: string[]) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const done = sem.run(async () => {
    log.push(name);
    await held;
  }, key);
  return { release, done };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('Semaphore', () => {
  it('runs at most `limit` jobs and the rest in order for one key', async () => {
    const sem = new Semaphore(2);
    const log: string[] = [];
    const jobs = ['a', 'b', 'c', 'd'].map((n) => gate(sem, '', n, log));
    await tick();
    expect(log).toEqual(['a', 'b']);
    expect(sem.stats()).toEqual({ active: 2, waiting: 2 });
    jobs[1]!.release();
    await jobs[1]!.done;
    await tick();
    expect(log).toEqual(['a', 'b', 'c']);
    for (const j of jobs) j.release();
    await Promise.all(jobs.map((j) => j.done));
    expect(log).toEqual(['a', 'b', 'c', 'd']);
    expect(sem.stats()).toEqual({ active: 0, waiting: 0 });
  });

  it('never gives one key more than `perKey` slots, so other keys pass', async () => {
    const sem = new Semaphore(2, 1);
    const log: string[] = [];
    const a1 = gate(sem, 'A', 'a1', log);
    const a2 = gate(sem, 'A', 'a2', log);
    const a3 = gate(sem, 'A', 'a3', log);
    const b1 = gate(sem, 'B', 'b1', log);
    await tick();
    expect(log).toEqual(['a1', 'b1']);
    b1.release();
    await b1.done;
    await tick();
    // A is still at its cap: the free slot stays free rather than go to a second job of A.
    expect(log).toEqual(['a1', 'b1']);
    expect(sem.stats()).toEqual({ active: 1, waiting: 2 });
    a1.release();
    await a1.done;
    await tick();
    expect(log).toEqual(['a1', 'b1', 'a2']);
    a2.release();
    a3.release();
    await Promise.all([a2.done, a3.done]);
    expect(log).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('gives a free slot to the waiting key served least recently, not to the one that queued first', async () => {
    const sem = new Semaphore(1);
    const log: string[] = [];
    const a1 = gate(sem, 'A', 'a1', log);
    const a2 = gate(sem, 'A', 'a2', log);
    const a3 = gate(sem, 'A', 'a3', log);
    const c1 = gate(sem, 'C', 'c1', log);
    const d1 = gate(sem, 'D', 'd1', log);
    for (const j of [a1, a2, a3, c1, d1]) j.release();
    await Promise.all([a1, a2, a3, c1, d1].map((j) => j.done));
    expect(log).toEqual(['a1', 'c1', 'd1', 'a2', 'a3']);
  });

  it('frees the slot when a job throws', async () => {
    const sem = new Semaphore(1);
    await expect(sem.run(async () => Promise.reject(new Error('boom')), 'A')).rejects.toThrow('boom');
    await expect(sem.run(async () => 7, 'A')).resolves.toBe(7);
    expect(sem.stats()).toEqual({ active: 0, waiting: 0 });
  });
});
