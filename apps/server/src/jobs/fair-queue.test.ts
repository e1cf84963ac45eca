// The fair queue alone: jobs start only when a slot is free, the next one goes to the user with
// the fewest running (then the one served longest ago), a per-user cap holds, places are reported
// in start order, and a cancelled waiting job leaves the queue.
import { describe, expect, it } from 'vitest';
import { FairQueue, QueueCancelled } from './fair-queue.js';

/** A job that runs until the test ends it. */
function controllable() {
  let finish!: (v: string) => void;
  let started = false;
  const done = new Promise<string>((r) => (finish = r));
  return {
    start: () => {
      started = true;
      return done;
    },
    get started() {
      return started;
    },
    finish,
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('FairQueue', () => {
  it('starts a job only when a slot is free, serving the least-served user first', async () => {
    const q = new FairQueue({ concurrency: 1, perUser: 1 });
    const a1 = controllable();
    const a2 = controllable();
    const a3 = controllable();
    const b1 = controllable();
    const ra1 = q.run({ user: 1, id: 'a1', start: a1.start });
    const ra2 = q.run({ user: 1, id: 'a2', start: a2.start });
    const ra3 = q.run({ user: 1, id: 'a3', start: a3.start });
    const rb1 = q.run({ user: 2, id: 'b1', start: b1.start });
    expect([a1.started, a2.started, b1.started]).toEqual([true, false, false]);
    // User 2 arrived last but has nothing running: first in line.
    expect(['b1', 'a2', 'a3', 'a1'].map((id) => q.position(id))).toEqual([1, 2, 3, null]);

    a1.finish('a1');
    expect(await ra1).toBe('a1');
    await tick();
    expect([b1.started, a2.started]).toEqual([true, false]);
    expect(q.position('a2')).toBe(1);
    b1.finish('b1');
    expect(await rb1).toBe('b1');
    await tick();
    expect(a2.started).toBe(true);
    a2.finish('a2');
    a3.finish('a3');
    expect(await Promise.all([ra2, ra3])).toEqual(['a2', 'a3']);
    expect(q.stats()).toEqual({ waiting: 0, running: 0 });
  });

  it('keeps a user to the per-user cap while a slot stays free for others', async () => {
    const q = new FairQueue({ concurrency: 2, perUser: 1 });
    const a1 = controllable();
    const a2 = controllable();
    const b1 = controllable();
    void q.run({ user: 1, id: 'a1', start: a1.start });
    const ra2 = q.run({ user: 1, id: 'a2', start: a2.start });
    expect([a1.started, a2.started]).toEqual([true, false]);
    expect(q.stats()).toEqual({ waiting: 1, running: 1 });
    void q.run({ user: 2, id: 'b1', start: b1.start });
    expect(b1.started).toBe(true);
    a1.finish('a1');
    await tick();
    expect(a2.started).toBe(true);
    a2.finish('a2');
    b1.finish('b1');
    expect(await ra2).toBe('a2');
  });

  it('removes a cancelled waiting job and rejects it; close rejects the rest', async () => {
    const q = new FairQueue({ concurrency: 1, perUser: 1 });
    const a1 = controllable();
    const a2 = controllable();
    const b1 = controllable();
    void q.run({ user: 1, id: 'a1', start: a1.start });
    const cancel = new AbortController();
    const ra2 = q.run({ user: 1, id: 'a2', start: a2.start, signal: cancel.signal });
    const rb1 = q.run({ user: 2, id: 'b1', start: b1.start });
    expect(q.position('a2')).toBe(2);
    cancel.abort();
    await expect(ra2).rejects.toBeInstanceOf(QueueCancelled);
    expect(q.position('a2')).toBeNull();
    expect(q.position('b1')).toBe(1);
    q.close();
    await expect(rb1).rejects.toBeInstanceOf(QueueCancelled);
    await expect(q.run({ user: 3, id: 'c1', start: controllable().start })).rejects.toBeInstanceOf(QueueCancelled);
    expect(a2.started || b1.started).toBe(false);
  });

  it('a job whose start throws frees its slot', async () => {
    const q = new FairQueue({ concurrency: 1, perUser: 1 });
    const bad = q.run({
      user: 1,
      id: 'x',
      start: () => {
        throw new Error('boom');
      },
    });
    await expect(bad).rejects.toThrow('boom');
    const ok = controllable();
    const r = q.run({ user: 1, id: 'y', start: ok.start });
    expect(ok.started).toBe(true);
    ok.finish('y');
    expect(await r).toBe('y');
  });
});
