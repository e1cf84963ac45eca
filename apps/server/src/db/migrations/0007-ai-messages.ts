// AI chat history (issue 17, DESIGN §8): the questions and replies of each task's chat, with the
// model that answered and the numbers the grounding check marked.
import type { Kysely } from 'kysely';
import { dialectOf, withId } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db.schema.createTable('ai_messages'), dialectOf(db))
    .addColumn('taskid', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reportid', 'varchar(32)', (c) => c.notNull())
    .addColumn('role', 'varchar(8)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('model', 'varchar(64)', (c) => c.notNull())
    .addColumn('marks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('incomplete', 'integer', (c) => c.notNull().defaultTo(0))
    /** 1 when the question went to an external model (counts toward the daily quota). */
    .addColumn('external', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ai_messages_task_idx').on('ai_messages').columns(['taskid', 'user_id', 'id']).execute();
  await db.schema.createIndex('ai_messages_quota_idx').on('ai_messages').columns(['user_id', 'external', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_messages').execute();
}
