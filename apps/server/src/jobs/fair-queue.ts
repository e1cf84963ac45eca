// The fair queue in front of the worker pool (DESIGN §6): a job is handed to a worker only when a
// thread is free, so its deadline counts running time, never time spent waiting. Waiting jobs are
// kept per user; the next one goes to the user with the fewest jobs running (then the one served
// least recently), and no user runs more than `perUser` at once, so one user cannot hold every
// worker while others wait.

export interface FairQueueLimits {
  /** Jobs running at once (the pool's threads). */
  concurrency: number;
  /** Jobs one user may run at once. */
  perUser: number;
}

export interface QueuedRun<T> {
  /** Who the job is for: the unit of fairness. */
  user: number;
  /** The job's id, for its position and for cancelling it. */
  id: string;
  /** Called when a worker is free; the job's deadline starts here. */
  start: () => Promise<T>;
  /** Aborting it removes a waiting job; a running one is the starter's to stop. */
  signal?: AbortSignal;
}

export class QueueCancelled extends Error {
  constructor(message = 'job cancelled while waiting') {
    super(message);
    this.name = 'QueueCancelled';
  }
}

interface Entry {
  id: string;
  user: number;
  /** Arrival order, for ties. */
  seq: number;
  begin: () => void;
  reject: (err: Error) => void;
  detach: () => void;
}

interface UserState {
  waiting: Entry[];
  running: number;
  /** Dispatch counter value when this user was last served; -1 if never. */
  lastServed: number;
}

export class FairQueue {
  private readonly users = new Map<number, UserState>();
  private readonly waitingIds = new Map<string, Entry>();
  private active = 0;
  private seq = 0;
  private served = 0;
  private closed = false;

  constructor(private readonly limits: FairQueueLimits) {}

  run<T>(job: QueuedRun<T>): Promise<T> {
    if (this.closed) return Promise.reject(new QueueCancelled('queue closed'));
    if (job.signal?.aborted) return Promise.reject(new QueueCancelled());
    return new Promise<T>((resolve, reject) => {
      const user = this.userState(job.user);
      const onAbort = () => {
        if (this.remove(entry)) reject(new QueueCancelled());
      };
      const entry: Entry = {
        id: job.id,
        user: job.user,
        seq: this.seq++,
        reject,
        detach: () => job.signal?.removeEventListener('abort', onAbort),
        begin: () => {
          let p: Promise<T>;
          try {
            p = job.start();
          } catch (err) {
            p = Promise.reject(err);
          }
          p.then(resolve, reject).finally(() => {
            this.active--;
            user.running--;
            this.pump();
            this.forgetIfIdle();
          });
        },
      };
      job.signal?.addEventListener('abort', onAbort, { once: true });
      user.waiting.push(entry);
      this.waitingIds.set(job.id, entry);
      this.pump();
    });
  }

  /** 1-based place of a waiting job in the order jobs will start; null when it is not waiting. */
  position(id: string): number | null {
    if (!this.waitingIds.has(id)) return null;
    return this.order().indexOf(id) + 1 || null;
  }

  /** Jobs waiting and running, for logs and tests. */
  stats(): { waiting: number; running: number } {
    return { waiting: this.waitingIds.size, running: this.active };
  }

  /** Refuses new jobs and rejects every waiting one; running ones finish on their own. */
  close(): void {
    this.closed = true;
    for (const entry of [...this.waitingIds.values()]) {
      this.remove(entry);
      entry.reject(new QueueCancelled('queue closed'));
    }
  }

  private userState(user: number): UserState {
    let s = this.users.get(user);
    if (!s) {
      s = { waiting: [], running: 0, lastServed: -1 };
      this.users.set(user, s);
    }
    return s;
  }

  /** Once nothing runs or waits, who was served when no longer matters. */
  private forgetIfIdle(): void {
    if (this.active === 0 && this.waitingIds.size === 0) this.users.clear();
  }

  private remove(entry: Entry): boolean {
    const s = this.users.get(entry.user);
    const i = s ? s.waiting.indexOf(entry) : -1;
    if (!s || i < 0) return false;
    s.waiting.splice(i, 1);
    this.waitingIds.delete(entry.id);
    entry.detach();
    this.forgetIfIdle();
    return true;
  }

  /** Fewest running first, then served longest ago, then the earliest arrival. */
  private static before(a: { running: number; lastServed: number; head: number }, b: { running: number; lastServed: number; head: number }): boolean {
    if (a.running !== b.running) return a.running < b.running;
    if (a.lastServed !== b.lastServed) return a.lastServed < b.lastServed;
    return a.head < b.head;
  }

  private pump(): void {
    while (this.active < this.limits.concurrency) {
      let pick: UserState | null = null;
      for (const s of this.users.values()) {
        const head = s.waiting[0];
        if (!head || s.running >= this.limits.perUser) continue;
        if (!pick || FairQueue.before({ ...s, head: head.seq }, { ...pick, head: pick.waiting[0]!.seq })) pick = s;
      }
      if (!pick) return;
      const entry = pick.waiting.shift()!;
      this.waitingIds.delete(entry.id);
      entry.detach();
      this.active++;
      pick.running++;
      pick.lastServed = this.served++;
      entry.begin();
    }
  }

  /**
   * The start order of the waiting jobs, by the same rule as dispatch, counting each job handed out
   * in the simulation as running (the per-user cap only delays, it does not reorder).
   */
  private order(): string[] {
    const sim = [...this.users.values()].map((s) => ({ running: s.running, lastServed: s.lastServed, queue: [...s.waiting] }));
    let served = this.served;
    const out: string[] = [];
    for (;;) {
      let pick: (typeof sim)[number] | null = null;
      for (const s of sim) {
        const head = s.queue[0];
        if (!head) continue;
        if (!pick || FairQueue.before({ ...s, head: head.seq }, { ...pick, head: pick.queue[0]!.seq })) pick = s;
      }
      if (!pick) return out;
      out.push(pick.queue.shift()!.id);
      pick.running++;
      pick.lastServed = served++;
    }
  }
}
