// SQL for feedback threads and their messages.
import type { Kysely, Selectable } from 'kysely';
import type { Database, FeedbackMessagesTable, FeedbacksTable } from '../db/schema.js';

export type FeedbackRow = Selectable<FeedbacksTable>;
export type FeedbackMessageRow = Selectable<FeedbackMessagesTable>;

export interface FeedbackFilter {
  /** Only this user's threads; null for every user (support). */
  userId: number | null;
  /** 1 completed, 2 pending; null for both. */
  status: number | null;
}

export class FeedbackRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private filtered(f: FeedbackFilter) {
    let q = this.db.selectFrom('feedbacks');
    if (f.userId !== null) q = q.where('user_id', '=', f.userId);
    if (f.status !== null) q = q.where('status', '=', f.status);
    return q;
  }

  /** Newest first for a user; support lists oldest waiting first (`oldestFirst`). */
  async list(f: FeedbackFilter, offset: number, limit: number, oldestFirst = false): Promise<{ rows: FeedbackRow[]; count: number }> {
    const dir = oldestFirst ? 'asc' : 'desc';
    const rows = await this.filtered(f)
      .selectAll()
      .orderBy(oldestFirst ? 'updated_at' : 'created_at', dir)
      .orderBy('id', dir)
      .limit(limit)
      .offset(offset)
      .execute();
    const { n } = await this.filtered(f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { rows, count: Number(n) };
  }

  byId(id: number) {
    return this.db.selectFrom('feedbacks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A thread with its first message, in one transaction. */
  async create(row: { user_id: number; type: string; text: string; now: number }): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      const { id } = await tx
        .insertInto('feedbacks')
        .values({ user_id: row.user_id, type: row.type, status: 2, created_at: row.now, updated_at: row.now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.insertInto('feedback_messages').values({ feedback_id: id, role: 'user', text: row.text, author: '', created_at: row.now }).execute();
      return id;
    });
  }

  /** Appends a message and sets the thread's status. */
  async addMessage(feedbackId: number, msg: { role: 'user' | 'other'; text: string; author: string; now: number }, status: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('feedback_messages')
        .values({ feedback_id: feedbackId, role: msg.role, text: msg.text, author: msg.author, created_at: msg.now })
        .execute();
      await tx.updateTable('feedbacks').set({ status, updated_at: msg.now }).where('id', '=', feedbackId).execute();
    });
  }

  async setStatus(feedbackId: number, status: number, now: number): Promise<boolean> {
    const r = await this.db.updateTable('feedbacks').set({ status, updated_at: now }).where('id', '=', feedbackId).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  messages(feedbackId: number) {
    return this.db.selectFrom('feedback_messages').selectAll().where('feedback_id', '=', feedbackId).orderBy('id').execute();
  }
}
