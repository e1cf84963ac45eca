// SMS verification codes: 6 digits, 5 minutes, single use, 5 tries per code.
import { AccountMessages, SMS_CODE_TTL_SECONDS, SMS_RESEND_SECONDS } from '@labstat/contracts';
import { badRequest } from '../errors.js';
import { sourceKey } from '../lib/client-source.js';
import { numericCode, sha256 } from '../lib/crypto.js';
import type { SmsProvider } from '../providers/sms/sms-provider.js';
import type { SmsRepo } from '../repositories/sms-repo.js';
import type { RateLimiter } from './rate-limiter.js';

const HOUR = 60 * 60 * 1000;
const MAX_WRONG_TRIES = 5;

export class SmsService {
  constructor(
    private readonly repo: SmsRepo,
    private readonly provider: SmsProvider,
    private readonly limiter: RateLimiter,
    private readonly now: () => number,
  ) {}

  /** Sends a code to any well-formed number, registered or not, so the answer reveals nothing. */
  async sendCode(account: string, ip: string): Promise<void> {
    await this.limiter.reserve([
      { key: `sms:acct:${account}`, limit: 1, windowMs: SMS_RESEND_SECONDS * 1000, message: AccountMessages.smsTooSoon },
      { key: `sms:acct:${account}`, limit: 10, windowMs: 24 * HOUR, message: AccountMessages.tooManySms },
      { key: `sms:ip:${sourceKey(ip)}`, limit: 20, windowMs: HOUR, message: AccountMessages.tooManySms },
    ]);
    const code = numericCode(6);
    const now = this.now();
    await this.repo.insertCode(account, hashCode(account, code), now, now + SMS_CODE_TTL_SECONDS * 1000);
    await this.provider.sendVerificationCode(account, code, SMS_CODE_TTL_SECONDS / 60);
  }

  /** Checks the code against the newest live one and uses it up; throws a clear message otherwise. */
  async consume(account: string, code: string): Promise<void> {
    const now = this.now();
    const row = await this.repo.latestLive(account, now);
    if (!row) throw badRequest(AccountMessages.codeWrong);
    // The try is counted before the comparison, so simultaneous guesses cannot all test one code.
    const tries = await this.repo.takeAttempt(row.id, MAX_WRONG_TRIES, now);
    if (tries === null) throw badRequest(AccountMessages.codeWrong);
    if (row.code_hash !== hashCode(account, code)) {
      if (tries >= MAX_WRONG_TRIES) await this.repo.burn(row.id, now);
      throw badRequest(AccountMessages.codeWrong);
    }
    if (!(await this.repo.consume(row.id, now))) throw badRequest(AccountMessages.codeWrong);
  }

  outbox(account: string) {
    return this.repo.outbox(account);
  }
}

function hashCode(account: string, code: string): string {
  return sha256(`${account}:${code}`);
}
