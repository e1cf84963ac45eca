// Sliding-window rate limits backed by the database (shared by all server instances).
import type { RateRepo } from '../repositories/rate-repo.js';
import { tooMany } from '../errors.js';

export interface RateRule {
  key: string;
  limit: number;
  windowMs: number;
  message: string;
}

export class RateLimiter {
  private lastPurge = 0;

  constructor(
    private readonly repo: RateRepo,
    private readonly now: () => number,
  ) {}

  /** Throws 429 with the rule's message when the key already has `limit` events in the window. */
  async assert(...rules: RateRule[]): Promise<void> {
    const now = this.now();
    for (const r of rules) {
      if ((await this.repo.count(r.key, now - r.windowMs)) >= r.limit) throw tooMany(r.message);
    }
  }

  async hit(...keys: string[]): Promise<void> {
    const now = this.now();
    for (const k of keys) await this.repo.add(k, now);
    if (now - this.lastPurge > 60 * 60 * 1000) {
      this.lastPurge = now;
      await this.repo.purge(now - 2 * 24 * 60 * 60 * 1000);
    }
  }

  clear(key: string): Promise<void> {
    return this.repo.clear(key);
  }
}
