// SQL for login sessions; only token hashes are stored.
import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable } from '../db/schema.js';

export type SessionRow = Selectable<SessionsTable>;

export class SessionsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  byHash(tokenHash: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  async revokeAllForUser(userId: number, at: number, db: Kysely<Database> = this.db): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Drops sessions that expired more than `graceMs` ago (they then read as invalid, not expired). */
  async purgeExpired(before: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<', before).execute();
  }
}
