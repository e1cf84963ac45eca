// Opens the relational store: embedded SQLite by default, PostgreSQL when DATABASE_URL is set.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

// int8 (bigint) holds our epoch-millisecond times; they fit a JS number exactly.
pg.types.setTypeParser(20, (v: string) => Number(v));

export function openDatabase(opts: { databaseUrl: string | null; dataDir: string }): Db {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // A connection the server ends (restart, failover, admin termination) must not crash the process:
    // the pool drops it and the next query opens a new one. Idle clients report through the pool,
    // clients in use or closing through themselves.
    pool.on('error', (err) => console.warn(`[db] idle PostgreSQL connection lost: ${err.message}`));
    pool.on('connect', (client) => client.on('error', (err) => console.warn(`[db] PostgreSQL connection lost: ${err.message}`)));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = new SQLite(path.join(opts.dataDir, 'labstat.db'));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}
