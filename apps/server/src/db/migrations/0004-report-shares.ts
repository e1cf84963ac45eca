// Share links of reports (DESIGN §5): an unguessable token opens the report without login until
// its owner revokes it. Revoked rows stay, so an old link can say it was revoked.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_shares')
    .addColumn('token', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('reportid', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('report_shares_report_idx').on('report_shares').columns(['reportid']).execute();
  await db.schema.createIndex('tasks_user_status_idx').on('tasks').columns(['user_id', 'kind', 'status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tasks_user_status_idx').execute();
  await db.schema.dropTable('report_shares').execute();
}
