// SQL for login sessions; only token hashes are stored.
import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable } from '../db/schema.js';

export type SessionRow = Selectable<SessionsTable>;

export class SessionsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  /** The session and whether its user is locked by an operator (one query per request). */
  byHash(tokenHash: string): Promise<(SessionRow & { locked_at: number | null }) | undefined> {
    return this.db
      .selectFrom('sessions')
      .leftJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('sessions')
      .select('users.locked_at')
      .where('sessions.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async isLocked(userId: number): Promise<boolean> {
    const r = await this.db.selectFrom('users').select('locked_at').where('id', '=', userId).executeTakeFirst();
    return r?.locked_at != null;
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
