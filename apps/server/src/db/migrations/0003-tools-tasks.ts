// The tool catalogue (seeded from packages/tools), favourites, analysis tasks and their reports.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tools')
    // The definition's own id: stable across restarts and never reused.
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('family', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('subname', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // JSON array of category slugs, root first
    .addColumn('categories', 'text', (c) => c.notNull())
    .addColumn('difficulty', 'integer', (c) => c.notNull())
    .addColumn('methods', 'text', (c) => c.notNull())
    .addColumn('vip', 'integer', (c) => c.notNull())
    .addColumn('running_time', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    // Operator-set: a tool whose definition left the catalogue stays listed as inactive
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('video_file_id', 'varchar(64)')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('tool_favorites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tool_id', 'integer', (c) => c.notNull().references('tools.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('tool_favorites_pk', ['user_id', 'tool_id'])
    .execute();

  await db.schema
    .createTable('tasks')
    .addColumn('taskid', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tool_id', 'integer', (c) => c.notNull())
    // 'tool' (standard and advanced tools) or 'process' (data processing)
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    // The submission as sent (re-shown when the task is opened again) and the checked parameters
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('file_fid', 'varchar(32)', (c) => c.notNull())
    .addColumn('report_id', 'varchar(32)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema.createIndex('tasks_user_idx').on('tasks').columns(['user_id', 'kind', 'created_at']).execute();
  await db.schema.createIndex('tasks_status_idx').on('tasks').columns(['status']).execute();

  await db.schema
    .createTable('reports')
    .addColumn('reportid', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('taskid', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tool_id', 'integer', (c) => c.notNull())
    .addColumn('report_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reports_task_idx').on('reports').columns(['taskid']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['reports', 'tasks', 'tool_favorites', 'tools']) await db.schema.dropTable(t).execute();
}
