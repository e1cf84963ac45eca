// SQL for SMS verification codes and the dev provider's outbox.
import type { Kysely, Selectable } from 'kysely';
import type { Database, DevSmsOutboxTable, SmsCodesTable } from '../db/schema.js';

export type SmsCodeRow = Selectable<SmsCodesTable>;

export class SmsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insertCode(account: string, codeHash: string, now: number, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('sms_codes')
      .values({ account, code_hash: codeHash, attempts: 0, created_at: now, expires_at: expiresAt, used_at: null })
      .execute();
  }

  /** The newest code for the account that is neither used nor expired. */
  latestLive(account: string, now: number): Promise<SmsCodeRow | undefined> {
    return this.db
      .selectFrom('sms_codes')
      .selectAll()
      .where('account', '=', account)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Marks the code used; false when another request used it first. */
  async consume(id: number, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('sms_codes')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * Counts one try against a live code and returns the tries so far, or null when the code is used,
   * expired or out of tries. One statement, so simultaneous guesses each take their own try.
   */
  async takeAttempt(id: number, maxTries: number, now: number): Promise<number | null> {
    const row = await this.db
      .updateTable('sms_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', maxTries)
      .returning('attempts')
      .executeTakeFirst();
    return row ? row.attempts : null;
  }

  /** Ends a code that ran out of tries. */
  async burn(id: number, now: number): Promise<void> {
    await this.db.updateTable('sms_codes').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).execute();
  }

  async addOutbox(account: string, code: string, content: string, now: number): Promise<void> {
    await this.db.insertInto('dev_sms_outbox').values({ account, code, content, created_at: now }).execute();
  }

  outbox(account: string, limit = 20): Promise<Selectable<DevSmsOutboxTable>[]> {
    return this.db
      .selectFrom('dev_sms_outbox')
      .selectAll()
      .where('account', '=', account)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
