// Test harness: a real app on a fresh temporary database (SQLite file, or a new PostgreSQL
// database when DATABASE_URL is set), with a clock tests can move forward.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

async function freshPostgres(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `labstat_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-test-'));
  const pgDb = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : null;
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
