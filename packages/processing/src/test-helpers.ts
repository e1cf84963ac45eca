// Test support: a small CSV (as text) becomes the view `src` the way ingest types it (numeric when
// every present value is a number, a date column when every value is YYYY-MM-DD, text otherwise;
// the usual missing markers are NULL), a method runs on it with real DuckDB, and the new files are
// read back as text cells.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { VariableInfo } from '@labstat/contracts';
import type { Params } from '@labstat/tools';
import { executeProcessing } from './execute.js';
import type { OtherRelation, ProcessingMethod, ProcessingPlan } from './method.js';
import { ident, lit } from './sql.js';

const MISSING = ['', 'NA', 'N/A', 'NULL', '.', '-', 'NaN'];
const MISSING_LIST = MISSING.map(lit).join(', ');

async function loadCsv(con: DuckDBConnection, dir: string, name: string, csv: string): Promise<VariableInfo[]> {
  const file = path.join(dir, `${name}.csv`);
  fs.writeFileSync(file, csv.replace(/^\n/, ''));
  await con.run(`CREATE TABLE ${name}_raw AS SELECT row_number() OVER () AS __row, * FROM read_csv(${lit(file)}, header = true, all_varchar = true, auto_detect = true)`);
  const cols = (await con.runAndReadAll(`SELECT column_name FROM information_schema.columns WHERE table_name = '${name}_raw' AND column_name <> '__row' ORDER BY ordinal_position`)).getRows().map((r) => String(r[0]));
  const vars: VariableInfo[] = [];
  const selects: string[] = ['__row'];
  for (const c of cols) {
    const v = `CASE WHEN trim(${ident(c)}) IN (${MISSING_LIST}) THEN NULL ELSE trim(${ident(c)}) END`;
    const [row] = (
      await con.runAndReadAll(
        `SELECT count(${v})::INT AS valid, count(*)::INT - count(${v})::INT AS missing, count(DISTINCT ${v})::INT AS d,
         count(*) FILTER (WHERE ${v} IS NOT NULL AND try_cast(${v} AS DOUBLE) IS NULL)::INT AS nonnum,
         count(*) FILTER (WHERE ${v} IS NOT NULL AND NOT regexp_full_match(${v}, '\\d{4}-\\d{2}-\\d{2}'))::INT AS nondate
         FROM ${name}_raw`,
      )
    ).getRowObjectsJS() as Array<{ valid: number; missing: number; d: number; nonnum: number; nondate: number }>;
    const type = row!.valid > 0 && row!.nonnum === 0 ? 'numeric' : row!.valid > 0 && row!.nondate === 0 ? 'date' : 'categorical';
    const expr = type === 'numeric' ? `CAST(${v} AS DOUBLE)` : type === 'date' ? `CAST(${v} AS DATE)` : v;
    selects.push(`${expr} AS ${ident(c)}`);
    vars.push({ name: c, type, valid: row!.valid, missing: row!.missing, distinct: row!.d, min: null, max: null, mean: null, levels: [] });
  }
  await con.run(`CREATE VIEW ${name} AS SELECT ${selects.join(', ')} FROM ${name}_raw`);
  for (const v of vars) {
    if (v.type !== 'numeric') continue;
    const [s] = (await con.runAndReadAll(`SELECT min(${ident(v.name)}) AS lo, max(${ident(v.name)}) AS hi, avg(${ident(v.name)}) AS m FROM ${name}`)).getRowObjectsJS() as Array<{ lo: number; hi: number; m: number }>;
    Object.assign(v, { min: s!.lo, max: s!.hi, mean: s!.m });
  }
  return vars;
}

export interface ProcessedFile {
  suffix: string;
  header: string[];
  rows: Array<Array<string | null>>;
}

export interface ProcessedCsv {
  plan: ProcessingPlan;
  files: ProcessedFile[];
  /** The first file, for methods with one output. */
  header: string[];
  rows: Array<Array<string | null>>;
  variables: VariableInfo[];
}

/**
 * Runs `method` on `csv` with `params`; `others` are more files a method may open, by `_fid`.
 * Throws what the method throws (ToolInputError with its Chinese message).
 */
export async function processCsv(method: ProcessingMethod, csv: string, params: Params, others: Record<string, string> = {}): Promise<ProcessedCsv> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proc-test-'));
  const db = await DuckDBInstance.create(':memory:', { threads: '1' });
  const con = await db.connect();
  try {
    const variables = await loadCsv(con, dir, 'src', csv);
    const rows = Number((await con.runAndReadAll('SELECT count(*) FROM src')).getRows()[0]![0]);
    let n = 0;
    const openFile = async (fid: string): Promise<OtherRelation> => {
      const text = others[fid];
      if (text === undefined) throw new Error(`no test file ${fid}`);
      const name = `other${++n}`;
      return { relation: name, filename: `${fid}.csv`, variables: await loadCsv(con, dir, name, text) };
    };
    const result = await executeProcessing({ con, method, params, variables, filename: 'data.csv', rows, openFile, outPath: (i) => path.join(dir, `out-${i}.csv`) });
    const files: ProcessedFile[] = [];
    for (const o of result.outputs) {
      const r = await con.runAndReadAll(`SELECT * FROM read_csv(${lit(o.path)}, header = true, all_varchar = true, auto_detect = true)`);
      files.push({ suffix: o.suffix, header: r.columnNames(), rows: r.getRowsJS() as Array<Array<string | null>> });
    }
    return { plan: result.plan, files, header: files[0]!.header, rows: files[0]!.rows, variables };
  } finally {
    con.closeSync();
    db.closeSync();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The standard awkward file every method is tested on: Chinese headers, missing values, text in a numeric column. */
export const AWKWARD_CSV = `编号,性别,年龄,血糖,体重,分组,就诊日期
1,男,34,5.6,70.5,A,2024-01-03
2,女,NA,6.1,55,B,2024-01-05
3,女,45,未测,62.3,A,2024-02-11
4,男,52,7.8,,B,2024-02-20
5,,61,5.2,80.1,A,2024-03-01
6,女,29,6.6,58.4,B,
7,男,38,,75,A,2024-03-15
8,女,47,5.9,60.2,B,2024-04-02
`;
