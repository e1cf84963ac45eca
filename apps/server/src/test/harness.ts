// Test harness: a real app on a fresh temporary database (SQLite file, or a new PostgreSQL
// database when DATABASE_URL is set), with a clock tests can move forward.
//
// A fresh app is migrated, seeded and has every example file ingested — about a hundred DuckDB
// ingests, most of a test's start-up. That prepared state is made once per machine and kept as a
// template (a data folder, and for PostgreSQL a template database), keyed by a hash of everything it
// is made from; each app starts from a copy of it and still runs the same preparation, which then
// finds nothing to do. Changing a migration, a seed or an example makes a new template.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXAMPLE_FILES } from '@labstat/tools';
import pg from 'pg';
import { buildApp, type App } from '../app.js';
import { loadConfig, type Config } from '../config.js';

export interface TestApp extends App {
  /** The configuration it was built with (a second app on the same database reuses it). */
  config: Config;
  clock: { t: number; advance(ms: number): void };
  /** The app's data folder (SQLite file, local object store). */
  dataDir: string;
  /** inject() with a JSON body and an optional token; returns status and parsed envelope. */
  call(method: 'GET' | 'POST' | 'DELETE', url: string, opts?: { body?: unknown; token?: string; ip?: string }): Promise<{
    status: number;
    body: { code: number; msg: string; data: any; count?: number };
  }>;
  close(): Promise<void>;
}

const dbUrl = (baseUrl: string, name: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function freshPostgres(baseUrl: string, template: string | null = null): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `labstat_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = dbUrl(baseUrl, name);
  return {
    url,
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Hash of what a prepared database is made from: the db folder (migrations, seeds), the code that
 * ingests and stores files, and the examples.
 */
function templateKey(pgBase: string | null): string {
  const h = crypto.createHash('sha256').update('labstat-test-template-1\n').update(pgBase ?? 'sqlite');
  const src = fileURLToPath(new URL('../', import.meta.url));
  const walk = (p: string): string[] =>
    fs.statSync(p).isDirectory() ? fs.readdirSync(p).flatMap((name) => walk(path.join(p, name))) : [p];
  for (const part of ['db', 'ingest', 'storage', 'services/file-service.ts']) {
    for (const file of walk(path.join(src, part)).sort()) h.update(path.relative(src, file)).update(fs.readFileSync(file));
  }
  for (const ex of EXAMPLE_FILES) h.update(`${ex.key}\n${ex.filename}\n`).update(fs.readFileSync(ex.file));
  return h.digest('hex').slice(0, 16);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The prepared template for this machine: its data folder and, on PostgreSQL, its database name.
 * One process makes it (a lock folder naming its pid); others wait for its READY mark.
 */
async function preparedTemplate(): Promise<{ dataDir: string; database: string | null }> {
  const pgBase = process.env.DATABASE_URL || null;
  const key = templateKey(pgBase);
  const root = path.join(os.tmpdir(), 'labstat-test-templates', key);
  const dataDir = path.join(root, 'data');
  const database = pgBase ? `labstat_tpl_${key}` : null;
  const ready = path.join(root, 'READY');
  const lock = `${root}.lock`;
  fs.mkdirSync(path.dirname(root), { recursive: true });
  for (const deadline = Date.now() + 10 * 60_000; !fs.existsSync(ready); ) {
    if (Date.now() > deadline) throw new Error(`test template ${root} was not made in 10 minutes`);
    try {
      fs.mkdirSync(lock);
    } catch {
      const owner = Number(fs.readFileSync(path.join(lock, 'pid'), { encoding: 'utf8', flag: 'a+' }) || 0);
      if (owner && !alive(owner)) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    try {
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      if (fs.existsSync(ready)) break;
      fs.rmSync(root, { recursive: true, force: true });
      fs.mkdirSync(dataDir, { recursive: true });
      if (pgBase && database) {
        const admin = new pg.Client({ connectionString: pgBase });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${database}`);
        await admin.end();
      }
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: '', ...(pgBase && database ? { DATABASE_URL: dbUrl(pgBase, database) } : {}) });
      const built = await buildApp(config, { prepare: true });
      await built.app.close();
      // Only the database file and the stored objects: scratch folders and keys are each app's own.
      for (const entry of fs.readdirSync(dataDir)) {
        if (entry !== 'labstat.db' && entry !== 'store') fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
      }
      fs.writeFileSync(ready, new Date().toISOString());
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
  return { dataDir, database };
}

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-test-'));
  // A test that names its own data folder, database or object store gets exactly that.
  const template = env.DATA_DIR || env.DATABASE_URL || env.S3_BUCKET ? null : await preparedTemplate();
  if (template) fs.cpSync(template.dataDir, dataDir, { recursive: true });
  const pgDb = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL, template?.database ?? null) : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: env.WEB_DIST ?? '',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const clock = {
    t: Date.now(),
    advance(ms: number) {
      this.t += ms;
    },
  };
  const built = await buildApp(config, { prepare: true, now: () => clock.t });
  return {
    ...built,
    config,
    clock,
    dataDir,
    async call(method, url, opts = {}) {
      const res = await built.app.inject({
        method,
        url,
        ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
        headers: opts.token ? { 'x-csrftoken': opts.token } : {},
        ...(opts.ip ? { remoteAddress: opts.ip } : {}),
      });
      return { status: res.statusCode, body: res.json() };
    },
    async close() {
      await built.app.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
