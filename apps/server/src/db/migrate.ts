// Runs the migrations listed here, in order. Listing them statically keeps them inside the build.
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import * as m0001 from './migrations/0001-accounts.js';
import * as m0002 from './migrations/0002-data-files.js';
import * as m0003 from './migrations/0003-tools-tasks.js';
import * as m0004 from './migrations/0004-report-shares.js';
import * as m0006 from './migrations/0006-task-leases.js';
import * as m0007 from './migrations/0007-ai-messages.js';
import * as m0008 from './migrations/0008-commerce.js';
import * as m0009 from './migrations/0009-commerce-content.js';
import * as m0010 from './migrations/0010-user-commerce.js';
import * as m0011 from './migrations/0011-feedback-content.js';
import * as m0012 from './migrations/0012-calc-results.js';
import * as m0013 from './migrations/0013-operator-console.js';

const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-data-files': m0002,
  '0003-tools-tasks': m0003,
  '0004-report-shares': m0004,
  '0006-task-leases': m0006,
  '0007-ai-messages': m0007,
  '0008-commerce': m0008,
  '0009-commerce-content': m0009,
  '0010-user-commerce': m0010,
  '0011-feedback-content': m0011,
  '0012-calc-results': m0012,
  '0013-operator-console': m0013,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
