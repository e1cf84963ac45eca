// Membership and commerce (issue 18, DESIGN §7): products, orders, the membership ledger (one row
// per grant, unique by source, so a notification or redemption applied twice grants once), redeem
// codes, gifts, free-plan screenshots and uploaded images. Money in fen.
import type { Kysely } from 'kysely';
import { dialectOf, withId } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await db.schema
    .createTable('products')
    .addColumn('vip_pid', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tier', 'varchar(8)', (c) => c.notNull())
    .addColumn('days', 'integer')
    .addColumn('display_p', 'varchar(32)', (c) => c.notNull())
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    .addColumn('before_price_fen', 'integer')
    .addColumn('promo_ends_at', 'bigint')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('orders')
    .addColumn('order_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('vip_pid', 'varchar(32)', (c) => c.notNull())
    .addColumn('product', 'varchar(64)', (c) => c.notNull())
    .addColumn('tier', 'varchar(8)', (c) => c.notNull())
    .addColumn('days', 'integer')
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_url', 'text', (c) => c.notNull())
    .addColumn('provider_txn', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'created_at']).execute();
  await withId(db.schema.createTable('membership_grants'), d)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tier', 'varchar(8)', (c) => c.notNull())
    .addColumn('days', 'integer')
    /** What granted it: order:ID, redeem:CODE, gift:ID, free:USER, invite:INVITEE… — unique. */
    .addColumn('source', 'varchar(96)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('membership_grants_user_idx').on('membership_grants').columns(['user_id', 'created_at']).execute();
  await withId(db.schema.createTable('redeem_batches'), d)
    .addColumn('tier', 'varchar(8)', (c) => c.notNull())
    .addColumn('days', 'integer')
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('redeem_codes')
    .addColumn('code', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('batch_id', 'integer', (c) => c.notNull())
    .addColumn('tier', 'varchar(8)', (c) => c.notNull())
    .addColumn('days', 'integer')
    .addColumn('expires_at', 'bigint')
    .addColumn('used_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('used_at', 'bigint')
    .addColumn('voided_at', 'bigint')
    .execute();
  await db.schema.createIndex('redeem_codes_user_idx').on('redeem_codes').columns(['used_by', 'used_at']).execute();
  await withId(db.schema.createTable('gift_types'), d)
    .addColumn('label', 'varchar(64)', (c) => c.notNull())
    .addColumn('tier', 'varchar(8)', (c) => c.notNull())
    .addColumn('days', 'integer')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await withId(db.schema.createTable('user_gifts'), d)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('description', 'varchar(300)', (c) => c.notNull())
    /** Why it was given (signup, invite:ID, ops…), unique per user so a rule grants once. */
    .addColumn('source', 'varchar(96)', (c) => c.notNull())
    .addColumn('gift_type_id', 'integer')
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_gifts_source_idx').on('user_gifts').columns(['user_id', 'source']).unique().execute();
  await withId(db.schema.createTable('free_plan_submissions'), d)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_path', 'varchar(500)', (c) => c.notNull())
    /** pending → approved | rejected. */
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('reason', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .execute();
  await db.schema.createIndex('free_plan_user_idx').on('free_plan_submissions').columns(['user_id', 'status']).execute();
  await db.schema
    .createTable('uploaded_images')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['uploaded_images', 'free_plan_submissions', 'user_gifts', 'gift_types', 'redeem_codes', 'redeem_batches', 'membership_grants', 'orders', 'products']) {
    await db.schema.dropTable(t).execute();
  }
}
