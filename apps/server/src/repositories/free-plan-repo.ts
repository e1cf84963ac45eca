// SQL for free-plan screenshots waiting for review.
import type { Kysely, Selectable } from 'kysely';
import type { Database, FreePlanSubmissionsTable } from '../db/schema.js';

export type FreePlanRow = Selectable<FreePlanSubmissionsTable>;

export class FreePlanRepo {
  constructor(private readonly db: Kysely<Database>) {}

  pendingOf(userId: number, db: Kysely<Database> = this.db): Promise<FreePlanRow | undefined> {
    return db.selectFrom('free_plan_submissions').selectAll().where('user_id', '=', userId).where('status', '=', 'pending').executeTakeFirst();
  }

  async hadFreeMonth(userId: number, db: Kysely<Database> = this.db): Promise<boolean> {
    const r = await db.selectFrom('membership_grants').select('id').where('source', '=', freeSource(userId)).executeTakeFirst();
    return r !== undefined;
  }

  /** Replaces the user's pending screenshot, or files a new one; call inside a transaction that locked the user. */
  async submit(userId: number, filePath: string, now: number, db: Kysely<Database>): Promise<void> {
    const r = await db
      .updateTable('free_plan_submissions')
      .set({ file_path: filePath, created_at: now })
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) {
      await db.insertInto('free_plan_submissions').values({ user_id: userId, file_path: filePath, status: 'pending', reason: '', created_at: now, reviewed_at: null }).execute();
    }
  }

  byId(id: number, db: Kysely<Database> = this.db): Promise<FreePlanRow | undefined> {
    return db.selectFrom('free_plan_submissions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** pending → approved | rejected, once. */
  async decide(id: number, status: 'approved' | 'rejected', reason: string, now: number, db: Kysely<Database>): Promise<boolean> {
    const r = await db
      .updateTable('free_plan_submissions')
      .set({ status, reason, reviewed_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  pending(): Promise<Array<FreePlanRow & { mobile: string }>> {
    return this.db
      .selectFrom('free_plan_submissions')
      .innerJoin('users', 'users.id', 'free_plan_submissions.user_id')
      .selectAll('free_plan_submissions')
      .select('users.mobile')
      .where('free_plan_submissions.status', '=', 'pending')
      .orderBy('free_plan_submissions.created_at')
      .execute();
  }
}

export const freeSource = (userId: number) => `free:${userId}`;
