// Results of the calculation tools (issue 19): a result page per submission, also for visitors
// (user_id null). Results are small JSON reports; old ones are swept.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calc_results')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('tool_id', 'integer', (c) => c.notNull())
    // The Report JSON (title, sections, results)
    .addColumn('report', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('calc_results_created_idx').on('calc_results').columns(['created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calc_results').execute();
}
