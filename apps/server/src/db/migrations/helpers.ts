// Column helpers that keep migrations portable between SQLite and PostgreSQL.
import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

export function dialectOf(db: Kysely<unknown>): 'sqlite' | 'postgres' {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** An auto-incrementing integer primary key named `id`. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: 'sqlite' | 'postgres',
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
