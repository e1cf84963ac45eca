// Task ownership and leases (DESIGN §6): the instance that runs a task renews its lease while it
// lives, so another instance starting on the same database fails only tasks whose owner is gone.
// `started_at` tells a queued task (null) from a running one; `client_ref` lets the submitting page
// ask for its task's place in the queue while its request still waits.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('tasks').addColumn('owner', 'varchar(64)').execute();
  await db.schema.alterTable('tasks').addColumn('lease_until', 'bigint').execute();
  await db.schema.alterTable('tasks').addColumn('started_at', 'bigint').execute();
  await db.schema.alterTable('tasks').addColumn('client_ref', 'varchar(64)').execute();
  await db.schema.createIndex('tasks_lease_idx').on('tasks').columns(['status', 'lease_until']).execute();
  await db.schema.createIndex('tasks_owner_idx').on('tasks').columns(['owner', 'status']).execute();
  await db.schema.createIndex('tasks_ref_idx').on('tasks').columns(['user_id', 'client_ref']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const i of ['tasks_ref_idx', 'tasks_owner_idx', 'tasks_lease_idx']) await db.schema.dropIndex(i).execute();
  for (const c of ['client_ref', 'started_at', 'lease_until', 'owner']) await db.schema.alterTable('tasks').dropColumn(c).execute();
}
