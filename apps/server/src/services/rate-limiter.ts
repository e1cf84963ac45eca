// Sliding-window rate limits backed by the database (shared by all server instances).
import type { RateRepo } from '../repositories/rate-repo.js';
import { tooMany } from '../errors.js';

export interface RateRule {
  key: string;
  limit: number;
  windowMs: number;
  message: string;
}

/** Slots taken by one attempt. */
export interface Reservation {
  /** Gives the slots back, for an attempt that turned out not to count (a successful login). */
  release(): Promise<void>;
}

export class RateLimiter {
  private lastPurge = 0;

  constructor(
    private readonly repo: RateRepo,
    private readonly now: () => number,
  ) {}

  /**
   * Takes a slot under each rule's key before the guarded work starts, counting right after each
   * one; when a key then holds more than its limit in its window, 429 is thrown with that rule's
   * message and the later rules are not touched. Recording before counting is what makes a limit
   * hold under concurrency: every event is committed before its own count runs, so of N
   * simultaneous requests at most `limit` pass (checking first and recording after the work let all
   * N through).
   *
   * `countRefused`: a refused attempt keeps its slots. Counts then only grow within a window, so a
   * burst can never let a late attempt slip through after earlier ones were refused; use it where
   * the refused party is the one hammering (its own key). Without it refused attempts give their
   * slots back and do not count.
   */
  async reserve(rules: readonly RateRule[], opts: { countRefused?: boolean } = {}): Promise<Reservation> {
    const now = this.now();
    const ids: number[] = [];
    const taken = new Set<string>();
    try {
      for (const r of rules) {
        if (!taken.has(r.key)) {
          taken.add(r.key);
          ids.push(await this.repo.add(r.key, now));
        }
        if ((await this.repo.count(r.key, now - r.windowMs)) > r.limit) throw tooMany(r.message);
      }
    } catch (err) {
      if (!opts.countRefused) await this.repo.remove(ids);
      throw err;
    }
    await this.purgeNow(now);
    return { release: () => this.repo.remove(ids) };
  }

  clear(key: string): Promise<void> {
    return this.repo.clear(key);
  }

  /** Clears `key` and every key below it (`key:…`). */
  clearTree(key: string): Promise<void> {
    return this.repo.clearTree(key);
  }

  private async purgeNow(now: number): Promise<void> {
    if (now - this.lastPurge <= 60 * 60 * 1000) return;
    this.lastPurge = now;
    await this.repo.purge(now - 2 * 24 * 60 * 60 * 1000);
  }
}
