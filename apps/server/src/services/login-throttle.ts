// Password-login throttling after OWASP ASVS 2.2: failures are counted per account and source,
// per source and per account, so one source can neither guess freely nor lock others out.
import { AccountMessages } from '@labstat/contracts';
import { sourceKey } from '../lib/client-source.js';
import type { RateLimiter, Reservation } from './rate-limiter.js';

const MINUTE = 60 * 1000;

export const LOGIN_LIMITS = {
  /** Failures on one account from one source: this is the 15-minute lock a user may run into. */
  accountPerSource: { limit: 5, windowMs: 15 * MINUTE },
  /** Failures from one source over all accounts (credential stuffing from one address). */
  source: { limit: 30, windowMs: 15 * MINUTE },
  /**
   * Failures on one account from all sources (distributed guessing). Under ASVS's ceiling of 100
   * an hour, and high enough that locking someone out takes ten sources, not five requests; the
   * owner gets back in at once by a WeChat scan or a password reset, which clear the count.
   */
  account: { limit: 50, windowMs: 60 * MINUTE },
} as const;

export class LoginThrottle {
  constructor(private readonly limiter: RateLimiter) {}

  /**
   * Takes a failure slot for a password attempt before the password is hashed. The caller keeps it
   * when the password is wrong and releases it on success; throws 429 when a limit is reached.
   * The rules run in order and a refusal stops there, so an attempt one source is refused for its
   * own flood never reaches the account-wide count: one source cannot lock the account for others.
   * Refused attempts keep their slots (a flood prolongs only the flooder's own lock, and a late
   * right guess in a burst cannot slip through once earlier ones were refused).
   */
  reserve(account: string, ip: string): Promise<Reservation> {
    const src = sourceKey(ip);
    return this.limiter.reserve(
      [
        { key: `${accountKey(account)}:src:${src}`, ...LOGIN_LIMITS.accountPerSource, message: AccountMessages.tooManyLogins },
        { key: `login-fail:src:${src}`, ...LOGIN_LIMITS.source, message: AccountMessages.tooManyLogins },
        { key: accountKey(account), ...LOGIN_LIMITS.account, message: AccountMessages.accountLocked },
      ],
      { countRefused: true },
    );
  }

  /** The owner proved who they are (password, SMS reset, WeChat scan): forget the account's failures. */
  clearAccount(account: string): Promise<void> {
    return this.limiter.clearTree(accountKey(account));
  }
}

function accountKey(account: string): string {
  return `login-fail:acct:${account}`;
}
