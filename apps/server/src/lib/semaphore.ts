// Bounds how many heavy jobs (ingests) run at once on this instance. Jobs carry a key (the user):
// no key holds more than `perKey` slots, and a free slot goes to the waiting key served least
// recently, so one user who queues many jobs neither holds every slot nor pushes everyone else
// behind all of their jobs.
export class Semaphore {
  private active = 0;
  private readonly activeByKey = new Map<string, number>();
  /** Waiting jobs per key, keys in the order they started waiting. */
  private readonly waiting = new Map<string, Array<() => void>>();
  /** When each busy key last got a slot (a counter); forgotten once the key is idle. */
  private readonly lastServed = new Map<string, number>();
  private tick = 0;

  constructor(
    private readonly limit: number,
    private readonly perKey: number = limit,
  ) {
    if (limit < 1 || perKey < 1) throw new RangeError('Semaphore limits must be at least 1');
  }

  /** Runs `fn` once a slot is free for `key`; jobs without a key share one. */
  async run<T>(fn: () => Promise<T>, key = ''): Promise<T> {
    if (this.waiting.size > 0 || !this.canStart(key)) {
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(key);
        if (queue) queue.push(resolve);
        else this.waiting.set(key, [resolve]);
        this.dispatch();
      });
    } else {
      this.take(key);
    }
    try {
      return await fn();
    } finally {
      this.active--;
      const n = this.activeByKey.get(key)! - 1;
      if (n > 0) this.activeByKey.set(key, n);
      else {
        this.activeByKey.delete(key);
        if (!this.waiting.has(key)) this.lastServed.delete(key);
      }
      this.dispatch();
    }
  }

  /** Jobs running and waiting, for logs and tests. */
  stats(): { active: number; waiting: number } {
    let waiting = 0;
    for (const q of this.waiting.values()) waiting += q.length;
    return { active: this.active, waiting };
  }

  private canStart(key: string): boolean {
    return this.active < this.limit && (this.activeByKey.get(key) ?? 0) < this.perKey;
  }

  private take(key: string): void {
    this.active++;
    this.activeByKey.set(key, (this.activeByKey.get(key) ?? 0) + 1);
    this.lastServed.set(key, ++this.tick);
  }

  /** Fills free slots: among waiting keys under their cap, the one served least recently goes first. */
  private dispatch(): void {
    while (this.active < this.limit) {
      let next: string | undefined;
      let nextServed = Infinity;
      for (const key of this.waiting.keys()) {
        if (!this.canStart(key)) continue;
        const served = this.lastServed.get(key) ?? 0;
        if (served < nextServed) {
          next = key;
          nextServed = served;
        }
      }
      if (next === undefined) return;
      const queue = this.waiting.get(next)!;
      const resolve = queue.shift()!;
      if (queue.length === 0) this.waiting.delete(next);
      this.take(next);
      resolve();
    }
  }
}
