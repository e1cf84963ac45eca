// Uploaded and example data files: the original, its Parquet copy and what ingest learned.
import type { Kysely } from 'kysely';
import { dialectOf, withId } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await withId(db.schema.createTable('data_files'), d)
    .addColumn('fid', 'varchar(32)', (c) => c.notNull().unique())
    // null for example files, which belong to no user
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('example_key', 'varchar(64)', (c) => c.unique())
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('encoding', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('delimiter', 'varchar(4)', (c) => c.notNull().defaultTo(''))
    .addColumn('row_count', 'bigint', (c) => c.notNull())
    .addColumn('col_count', 'integer', (c) => c.notNull())
    .addColumn('variables', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('original_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('parquet_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('data_files_owner_idx').on('data_files').columns(['owner_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_files').execute();
}
