// Times data processing on a 2,000,000-row file (issue 19: a recode or filter under 3 s): each
// method's plan run by the executor with DuckDB, beside the same SQL run by DuckDB alone (the
// floor), and the ingest of the result that makes it a data file. Run with `npm run bench`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { VariableInfo } from '@labstat/contracts';
import { executeProcessing, PROCESSING_METHODS } from '@labstat/processing';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const ROWS = Number(process.env.BENCH_PROCESS_ROWS ?? 2_000_000);
const TARGET_MS = 3000;

const v = (name: string, type: VariableInfo['type'], distinct: number): VariableInfo => ({ name, type, valid: ROWS, missing: 0, distinct, min: null, max: null, mean: null, levels: [] });
const VARS = [v('编号', 'numeric', ROWS), v('组别', 'categorical', 3), v('年龄', 'numeric', 70), v('血糖', 'numeric', ROWS)];

async function time<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await fn();
  return { ms: Math.round(performance.now() - t), value };
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-proc-bench-'));
  const db = await DuckDBInstance.create(':memory:', { memory_limit: '256MB', threads: '2' });
  const con: DuckDBConnection = await db.connect();
  const parquet = path.join(work, 'src.parquet');
  await con.run(`COPY (SELECT range + 1 AS __row, (range + 1)::DOUBLE AS v0, ['甲组','乙组','丙组'][range % 3 + 1] AS v1, (20 + range % 70)::DOUBLE AS v2, round(4 + (hash(range) % 10000) / 2500.0, 2) AS v3 FROM range(${ROWS})) TO '${parquet}' (FORMAT parquet, ROW_GROUP_SIZE 10000)`);
  await con.run(`CREATE TEMP VIEW src AS SELECT __row, v0 AS "编号", v1 AS "组别", v2 AS "年龄", v3 AS "血糖" FROM read_parquet('${parquet}')`);

  const cases: Array<{ name: string; key: string; params: Record<string, unknown>; floorSql: string }> = [
    {
      name: 'recode',
      key: 'recode',
      params: { var: '组别', mapping: '甲组=1\n乙组=2\n丙组=3', target: 'new', newName: '组别_编码', unmapped: 'keep' },
      floorSql: `SELECT "编号","组别","年龄","血糖", CASE "组别" WHEN '甲组' THEN '1' WHEN '乙组' THEN '2' WHEN '丙组' THEN '3' ELSE "组别" END AS "组别_编码" FROM src ORDER BY __row`,
    },
    {
      name: 'filter',
      key: 'filter-rows',
      params: { mode: 'conditions', var1: '年龄', op1: 'gt', value1: '50' },
      floorSql: `SELECT "编号","组别","年龄","血糖" FROM src WHERE "年龄" > 50 ORDER BY __row`,
    },
    { name: 'sort', key: 'sort-rows', params: { by: '血糖', order: 'desc' }, floorSql: `SELECT "编号","组别","年龄","血糖" FROM src ORDER BY "血糖" DESC NULLS LAST, __row` },
  ];

  const results: Record<string, unknown> = {};
  for (const c of cases) {
    const method = PROCESSING_METHODS.find((m) => m.definition.key === c.key);
    if (!method) {
      results[c.name] = 'method not in the catalogue';
      continue;
    }
    const floor = await time(() => con.run(`COPY (${c.floorSql}) TO '${path.join(work, `floor-${c.name}.csv`)}' (FORMAT csv, HEADER true)`));
    const run = await time(() =>
      executeProcessing({ con, method, params: c.params as never, variables: VARS, filename: 'bench.csv', rows: ROWS, openFile: () => Promise.reject(new Error('no other file')), outPath: () => path.join(work, `out-${c.name}.csv`) }),
    );
    const out = run.value.outputs[0]!;
    let ingestMs: number | null = null;
    const ingestModule = path.join(root, 'apps/server/dist/ingest/ingest.js');
    const configModule = path.join(root, 'apps/server/dist/config.js');
    if (fs.existsSync(ingestModule)) {
      const { ingestFile } = (await import(ingestModule)) as typeof import('../apps/server/src/ingest/ingest.js');
      const { loadConfig } = (await import(configModule)) as typeof import('../apps/server/src/config.js');
      const dir = fs.mkdtempSync(path.join(work, 'ingest-'));
      ingestMs = (await time(() => ingestFile(out.path, 'out.csv', dir, loadConfig({ DATA_DIR: dir }).ingest))).ms;
    }
    results[c.name] = { rowsOut: out.rows, duckdbAloneMs: floor.ms, processingMs: run.ms, underTarget: run.ms < TARGET_MS, ingestOfResultMs: ingestMs };
    console.log(c.name, results[c.name]);
  }
  con.closeSync();
  db.closeSync();

  const result = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
    rows: ROWS,
    cases: results,
    targets: { processingUnderMs: TARGET_MS },
    note: 'processingMs: plan + COPY of the result to CSV by the executor; duckdbAloneMs: the same work as one SQL statement; ingestOfResultMs: making the result a data file (type detection, Parquet copy).',
  };
  console.log(JSON.stringify(result, null, 2));
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(path.join(here, 'results', `processing-${result.date.slice(0, 10)}.json`), JSON.stringify(result, null, 2) + '\n');
  fs.rmSync(work, { recursive: true, force: true });
}

await main();
