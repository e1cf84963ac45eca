// Accounts, sessions, SMS codes, WeChat QR logins, rate-limit events and site content.
import type { Kysely } from 'kysely';
import { dialectOf, withId } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);

  await withId(db.schema.createTable('users'), d)
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('sex', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('research', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('profession', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('avatar', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('openid', 'varchar(128)', (c) => c.unique())
    .addColumn('invitation_code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('signup_code', 'varchar(32)')
    .addColumn('inviter_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('roles', 'varchar(255)', (c) => c.notNull().defaultTo('admin'))
    .addColumn('vip_expires_at', 'bigint')
    .addColumn('vip_life', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('svip_expires_at', 'bigint')
    .addColumn('svip_life', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await withId(db.schema.createTable('sms_codes'), d)
    .addColumn('account', 'varchar(20)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('sms_codes_account_idx').on('sms_codes').columns(['account', 'created_at']).execute();

  await withId(db.schema.createTable('dev_sms_outbox'), d)
    .addColumn('account', 'varchar(20)', (c) => c.notNull())
    .addColumn('code', 'varchar(12)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dev_sms_outbox_account_idx').on('dev_sms_outbox').column('account').execute();

  await db.schema
    .createTable('wechat_logins')
    .addColumn('logkey', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('openid', 'varchar(128)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('scanned_at', 'bigint')
    .execute();
  await db.schema.createIndex('wechat_logins_openid_idx').on('wechat_logins').column('openid').execute();

  await withId(db.schema.createTable('rate_events'), d)
    .addColumn('key', 'varchar(160)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_events_key_idx').on('rate_events').columns(['key', 'created_at']).execute();

  await withId(db.schema.createTable('announcements'), d)
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('login_info'), d)
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('advanced_menu'), d)
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('site_info')
    .addColumn('item', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('url', 'varchar(1024)')
    .addColumn('content', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'site_info',
    'advanced_menu',
    'login_info',
    'announcements',
    'rate_events',
    'wechat_logins',
    'dev_sms_outbox',
    'sms_codes',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
