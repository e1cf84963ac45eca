// SQL for the AI chat history (issue 17).
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AiMessagesTable, Database } from '../db/schema.js';

export type AiMessageRow = Selectable<AiMessagesTable>;

export class AiRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<AiMessagesTable>): Promise<number> {
    const r = await this.db.insertInto('ai_messages').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('ai_messages').where('id', '=', id).execute();
  }

  /** A question whose call failed without an answer stops counting toward the quota. */
  async refund(id: number): Promise<void> {
    await this.db.updateTable('ai_messages').set({ external: 0 }).where('id', '=', id).execute();
  }

  /** Ends a reply: its full text, marks and whether it stopped early. */
  async finish(id: number, content: string, marks: string[], incomplete: boolean): Promise<void> {
    await this.db
      .updateTable('ai_messages')
      .set({ content, marks: JSON.stringify(marks), incomplete: incomplete ? 1 : 0 })
      .where('id', '=', id)
      .execute();
  }

  /** A task's chat in order, for its owner. */
  history(userId: number, taskid: string, limit = 200) {
    return this.db
      .selectFrom('ai_messages')
      .selectAll()
      .where('taskid', '=', taskid)
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
      .then((rows) => rows.reverse());
  }

  /** Questions a user sent to external models since `since`. */
  async externalQuestionsSince(userId: number, since: number): Promise<number> {
    const r = await this.db
      .selectFrom('ai_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('external', '=', 1)
      .where('role', '=', 'user')
      .where('created_at', '>=', since)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }
}
