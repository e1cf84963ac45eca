// Content of the VIP page that operators edit (issue 18): the FAQ and the free-plan steps.
import type { Kysely } from 'kysely';
import { dialectOf, withId } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await withId(db.schema.createTable('vip_faq'), d)
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('img', 'varchar(500)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await withId(db.schema.createTable('free_plan_steps'), d)
    /** `step` (image, title, content) or `upload` (the screenshot slot). */
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('img_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('free_plan_steps').execute();
  await db.schema.dropTable('vip_faq').execute();
}
