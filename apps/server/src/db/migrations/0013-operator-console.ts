// The operator console (issue 24): account locks, the operator's overrides of a tool's catalogue
// entry (kept apart from the seeded columns, so re-seeding never overwrites them), carousel slides,
// and the append-only audit log of operator actions.
import { sql, type Kysely } from 'kysely';
import { dialectOf, withId } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);

  /** Set while an operator has locked the account: no login, no API. */
  await db.schema.alterTable('users').addColumn('locked_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('lock_reason', 'varchar(300)', (c) => c.notNull().defaultTo('')).execute();

  /** 0 free, 1 member, 2 advanced member; null: the definition's. */
  await db.schema.alterTable('tools').addColumn('vip_override', 'integer').execute();
  /** List position chosen by an operator; null: the catalogue's order. */
  await db.schema.alterTable('tools').addColumn('sort_override', 'integer').execute();
  /** Markdown shown instead of the tool's manual.md; null: the tool's own. */
  await db.schema.alterTable('tools').addColumn('manual_override', 'text').execute();

  await withId(db.schema.createTable('carousel_slides'), d)
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('text', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('bg', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // No foreign key to users: the record outlives the operator's account.
  await withId(db.schema.createTable('ops_audit'), d)
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'varchar(200)', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('reason', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ops_audit_created_idx').on('ops_audit').columns(['created_at']).execute();
  await db.schema.createIndex('ops_audit_action_idx').on('ops_audit').columns(['action', 'created_at']).execute();

  // Append-only in the database itself, not only by the code's habit.
  if (d === 'postgres') {
    await sql`CREATE FUNCTION ops_audit_append_only() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'ops_audit is append-only'; END; $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER ops_audit_no_change BEFORE UPDATE OR DELETE ON ops_audit FOR EACH ROW EXECUTE FUNCTION ops_audit_append_only()`.execute(db);
  } else {
    await sql`CREATE TRIGGER ops_audit_no_update BEFORE UPDATE ON ops_audit BEGIN SELECT RAISE(ABORT, 'ops_audit is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER ops_audit_no_delete BEFORE DELETE ON ops_audit BEGIN SELECT RAISE(ABORT, 'ops_audit is append-only'); END`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`DROP TRIGGER IF EXISTS ops_audit_no_change ON ops_audit`.execute(db);
    await sql`DROP FUNCTION IF EXISTS ops_audit_append_only()`.execute(db);
  }
  await db.schema.dropTable('ops_audit').execute();
  await db.schema.dropTable('carousel_slides').execute();
  for (const c of ['manual_override', 'sort_override', 'vip_override']) await db.schema.alterTable('tools').dropColumn(c).execute();
  for (const c of ['lock_reason', 'locked_at']) await db.schema.alterTable('users').dropColumn(c).execute();
}
