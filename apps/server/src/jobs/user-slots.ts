// The per-user cap across API servers (issue 26): with REDIS_URL, a server takes one of the user's
// slots in Redis before it puts an analysis on the queue, and gives it back when the job ends. A slot
// is a lease (a member of the user's sorted set, scored by its expiry on Redis's own clock) that its
// server renews while the job runs, so a server that dies mid-job frees its slots once their leases
// lapse; a worker that dies does not free one (the job is retried, its server still waits for it).
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';

const KEY_PREFIX = 'labstat:user-slots:';

// KEYS[1] the user's set; ARGV: lease token, cap, lease ms. Drops expired leases, then takes one if
// fewer than `cap` are held. Redis's clock, so servers' clocks need not agree.
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]) * 2)
return 1
`;

// Renews a lease still held (XX: a lease that lapsed and was dropped is not taken back silently).
const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local n = redis.call('ZADD', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
return n
`;

export class SlotWaitCancelled extends Error {
  constructor() {
    super('job cancelled while waiting for a slot');
    this.name = 'SlotWaitCancelled';
  }
}

export interface UserSlotSettings {
  /** Slots one user holds at once across every server. */
  perUser: number;
  /** A slot not renewed for this long is free again. */
  leaseMs: number;
  /** How often a waiting server asks again. */
  pollMs?: number;
}

export class UserSlots {
  constructor(
    private readonly redis: Redis,
    private readonly settings: UserSlotSettings,
  ) {}

  /**
   * Waits until `user` is under the cap, takes a slot and returns its release. The lease is renewed
   * every third of its length until released. Rejects with SlotWaitCancelled when `signal` aborts.
   */
  async acquire(user: number, signal?: AbortSignal): Promise<() => Promise<void>> {
    const key = `${KEY_PREFIX}${user}`;
    const token = crypto.randomBytes(9).toString('base64url');
    const { perUser, leaseMs } = this.settings;
    const pollMs = this.settings.pollMs ?? 150;
    for (;;) {
      if (signal?.aborted) throw new SlotWaitCancelled();
      const got = await this.redis.eval(ACQUIRE, 1, key, token, String(perUser), String(leaseMs));
      if (Number(got) === 1) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, pollMs);
        function done() {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          resolve();
        }
        signal?.addEventListener('abort', done, { once: true });
      });
    }
    const renew = setInterval(() => {
      this.redis.eval(RENEW, 1, key, token, String(leaseMs)).catch(() => undefined);
    }, Math.max(100, Math.floor(leaseMs / 3)));
    renew.unref();
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      clearInterval(renew);
      await this.redis.zrem(key, token).catch(() => undefined);
    };
  }

  /** Slots `user` holds now (tests, metrics). */
  async held(user: number): Promise<number> {
    const key = `${KEY_PREFIX}${user}`;
    const [secs, micros] = await this.redis.time();
    return this.redis.zcount(key, Number(secs) * 1000 + Math.floor(Number(micros) / 1000) + 1, '+inf');
  }
}
