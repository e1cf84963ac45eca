// Feedback threads, content pages (manual, team, citations), update news, header notices and the
// per-user record of announcements already shown (issue 20).
import type { Kysely } from 'kysely';
import { dialectOf, withId } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);

  await withId(db.schema.createTable('feedbacks'), d)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    /** 1 completed, 2 pending (spec 01 §4). */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedbacks_user_idx').on('feedbacks').columns(['user_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('feedbacks_status_idx').on('feedbacks').columns(['status', 'updated_at']).execute();

  await withId(db.schema.createTable('feedback_messages'), d)
    .addColumn('feedback_id', 'integer', (c) => c.notNull().references('feedbacks.id').onDelete('cascade'))
    /** user (the author) or other (support). */
    .addColumn('role', 'varchar(8)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    /** Who answered for support (operator name, `cli`); empty for the user. */
    .addColumn('author', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_messages_feedback_idx').on('feedback_messages').columns(['feedback_id', 'id']).execute();

  await db.schema
    .createTable('content_pages')
    .addColumn('item', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    /** Sanitised HTML body. */
    .addColumn('html', 'text', (c) => c.notNull())
    /** seed: refreshed from apps/server/content on start; operator: edited, left alone. */
    .addColumn('source', 'varchar(16)', (c) => c.notNull().defaultTo('seed'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('update_news'), d)
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    /** JSON array of HTML strings. */
    .addColumn('content', 'text', (c) => c.notNull())
    /** The date shown (epoch ms). */
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await withId(db.schema.createTable('menu_notices'), d)
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('link', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('announcement_views')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('announcement_id', 'integer', (c) => c.notNull().references('announcements.id').onDelete('cascade'))
    .addColumn('seen_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('announcement_views_pk', ['user_id', 'announcement_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['announcement_views', 'menu_notices', 'update_news', 'content_pages', 'feedback_messages', 'feedbacks']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
