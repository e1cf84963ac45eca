// The DuckDB half of ingest: reads the UTF-8 CSV as text columns, decides each column's type,
// and writes the typed Parquet copy with a `__row` index that makes any preview page a
// row-group lookup. One short-lived, disk-backed DuckDB database per ingest bounds memory.
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { VariableInfo, VariableType } from '@labstat/contracts';
import { FileProblem } from './convert.js';
import { MISSING_MARKERS, RESERVED_COLUMN, normalizeHeader } from './layout.js';

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

const DATE_FORMATS = ['%Y-%m-%d', '%Y/%m/%d', '%Y.%m.%d', '%Y年%m月%d日', '%Y-%m-%d %H:%M:%S', '%Y/%m/%d %H:%M:%S', '%Y-%m-%d %H:%M', '%Y/%m/%d %H:%M'];
const DATE_LIST = `[${DATE_FORMATS.map(lit).join(', ')}]`;
const MISSING_LIST = MISSING_MARKERS.map(lit).join(', ');
/** Levels listed for categorical columns, and numeric columns with at most this many values. */
const TOP_LEVELS = 12;
const PARQUET_ROW_GROUP = 20480;

/** DuckDB met bytes that are not UTF-8: the caller retries the file as GB18030. */
export class InvalidEncoding extends Error {}

export interface CsvIngestInput {
  csvPath: string;
  delimiter: string;
  /** Fields in the widest sample line; grown automatically if later rows are wider. */
  sampleWidth: number;
  parquetPath: string;
  workDir: string;
  memoryLimit: string;
  threads: number;
}

export interface CsvIngestOutput {
  rows: number;
  variables: VariableInfo[];
  notes: string[];
}

export async function ingestCsv(input: CsvIngestInput): Promise<CsvIngestOutput> {
  const instance = await DuckDBInstance.create(':memory:', {
    memory_limit: input.memoryLimit,
    threads: String(input.threads),
    temp_directory: path.join(input.workDir, 'spill'),
  });
  const con = await instance.connect();
  try {
    return await ingestWith(con, input);
  } finally {
    con.closeSync();
    instance.closeSync();
    fs.rmSync(path.join(input.workDir, 'raw.parquet'), { force: true });
  }
}

async function rowsOf(con: DuckDBConnection, sql: string): Promise<Record<string, unknown>[]> {
  const r = await con.runAndReadAll(sql);
  return r.getRowObjectsJS() as Record<string, unknown>[];
}

/** Parses the CSV once into an untyped Parquet file (all text); returns the rows DuckDB rejected. */
async function loadRaw(con: DuckDBConnection, input: CsvIngestInput, rawPath: string, width: number) {
  const columns = Array.from({ length: width }, (_, i) => `'c${i}': 'VARCHAR'`).join(', ');
  await con.run(
    `COPY (SELECT * FROM read_csv(${lit(input.csvPath)}, delim=${lit(input.delimiter)}, quote='"', escape='"',
      header=false, auto_detect=false, null_padding=true, ignore_errors=true, store_rejects=true,
      max_line_size=10000000, columns={${columns}}))
     TO ${lit(rawPath)} (FORMAT parquet, COMPRESSION uncompressed, ROW_GROUP_SIZE 100000)`,
  );
  const rejects = await rowsOf(con, 'SELECT error_type, line, error_message FROM reject_errors ORDER BY line');
  await con.run('DELETE FROM reject_errors');
  await con.run('DELETE FROM reject_scans');
  return rejects;
}

const isNumber = (c: string) => `isfinite(try_cast(${c} AS DOUBLE)) AND NOT contains(${c}, '_')`;
const isMissing = (c: string) => `(${c} IS NULL OR (NOT coalesce(isfinite(try_cast(${c} AS DOUBLE)), false) AND trim(${c}) IN (${MISSING_LIST})))`;
const text = (c: string) => `CASE WHEN trim(${c}) IN (${MISSING_LIST}) THEN NULL ELSE trim(${c}) END`;
const looksLikeDate = (c: string) => `regexp_matches(${c}, '^\\s*\\d{4}[-/.年]\\d')`;

async function ingestWith(con: DuckDBConnection, input: CsvIngestInput): Promise<CsvIngestOutput> {
  const notes: string[] = [];
  const rawPath = path.join(input.workDir, 'raw.parquet');
  let width = Math.max(1, input.sampleWidth);
  let rejects = await loadRaw(con, input, rawPath, width);
  if (rejects.some((r) => r.error_type === 'INVALID ENCODING' || r.error_type === 'INVALID UNICODE')) throw new InvalidEncoding();
  const wider = rejects.filter((r) => r.error_type === 'TOO MANY COLUMNS');
  if (wider.length > 0) {
    width = Math.max(width, ...wider.map((r) => Number(/Found: (\d+)/.exec(String(r.error_message))?.[1] ?? 0)));
    rejects = await loadRaw(con, input, rawPath, width);
    notes.push(`${lineList(wider)}的字段比表头多，多出的值放在新增的列中`);
  }
  if (rejects.length > 0) notes.push(`${lineList(rejects)}格式有误（如引号不配对），无法解析，已跳过`);

  const raw = Array.from({ length: width }, (_, i) => `c${i}`);
  const src = `read_parquet(${lit(rawPath)}, file_row_number=true)`;
  const headerRow = (await rowsOf(con, `SELECT * FROM ${src} WHERE file_row_number = 0`))[0];
  if (!headerRow) throw new FileProblem('文件是空的，请检查后重新上传');

  const allEmpty = raw.map((c) => `${c} IS NULL`).join(' AND ');
  const pass1 = raw
    .map((c, i) => `count(${c}) AS raw${i}, count(*) FILTER (WHERE ${isMissing(c)}) AS missing${i}, count(*) FILTER (WHERE ${isNumber(c)}) AS num${i}`)
    .join(',\n');
  const stats = (await rowsOf(con, `SELECT count(*) AS n, count(*) FILTER (WHERE ${allEmpty}) AS empty, ${pass1} FROM ${src} WHERE file_row_number > 0`))[0]!;
  const emptyRows = Number(stats.empty);
  const rows = Number(stats.n) - emptyRows;
  if (rows === 0) throw new FileProblem('文件只有表头，没有数据行');
  if (emptyRows > 0) notes.push(`已忽略 ${emptyRows} 个空行`);

  // Columns without a header and without any value are spreadsheet leftovers: drop them.
  const keep = raw.map((c, i) => !(headerRow[c] == null && Number(stats[`raw${i}`]) === 0));
  const dropped = keep.filter((k) => !k).length;
  if (dropped > 0) notes.push(`已删除 ${dropped} 个没有列名也没有数据的空列`);
  // Names are given to the kept columns only, so 列N counts the columns the user will see.
  const kept = normalizeHeader(raw.filter((_, i) => keep[i]).map((c) => (headerRow[c] as string | null) ?? null));
  notes.push(...kept.notes);
  const names: string[] = [];
  let k = 0;
  for (let i = 0; i < raw.length; i++) names.push(keep[i] ? kept.names[k++]! : '');

  const valid = raw.map((_, i) => Number(stats.n) - Number(stats[`missing${i}`]));
  const kinds: Array<{ type: VariableType; timed: boolean }> = raw.map((_, i) =>
    valid[i]! > 0 && Number(stats[`num${i}`]) === valid[i] ? { type: 'numeric', timed: false } : { type: 'categorical', timed: false },
  );
  // Dates are only looked for where numbers were not found: strptime is the costly test.
  const dateCandidates = raw.map((_, i) => i).filter((i) => keep[i] && kinds[i]!.type === 'categorical' && valid[i]! > 0);
  if (dateCandidates.length > 0) {
    const parts = dateCandidates.map((i) => {
      const v = text(raw[i]!);
      const parsed = `CASE WHEN ${looksLikeDate(raw[i]!)} THEN try_strptime(${v}, ${DATE_LIST}) END`;
      return `count(${parsed}) AS date${i}, count(*) FILTER (WHERE ${parsed} <> date_trunc('day', ${parsed})) AS timed${i}`;
    });
    const d = (await rowsOf(con, `SELECT ${parts.join(', ')} FROM ${src} WHERE file_row_number > 0`))[0]!;
    for (const i of dateCandidates) {
      if (Number(d[`date${i}`]) === valid[i]) kinds[i] = { type: 'date', timed: Number(d[`timed${i}`]) > 0 };
    }
  }

  const typed = raw
    .map((c, i) => {
      if (!keep[i]) return null;
      const kind = kinds[i]!;
      const expr =
        kind.type === 'numeric'
          ? `CASE WHEN ${isNumber(c)} THEN try_cast(${c} AS DOUBLE) END`
          : kind.type === 'date'
            ? kind.timed
              ? `try_strptime(${text(c)}, ${DATE_LIST})`
              : `CAST(try_strptime(${text(c)}, ${DATE_LIST}) AS DATE)`
            : text(c);
      return `${expr} AS ${ident(names[i]!)}`;
    })
    .filter((s): s is string => s !== null);
  // file_row_number is already 1…n for the data rows unless empty rows were dropped.
  const rowExpr = emptyRows === 0 ? 'file_row_number' : 'row_number() OVER (ORDER BY file_row_number)';
  await con.run(
    `COPY (SELECT ${rowExpr} AS ${RESERVED_COLUMN}, ${typed.join(', ')} FROM ${src}
           WHERE file_row_number > 0 ${emptyRows > 0 ? `AND NOT (${allEmpty})` : ''} ORDER BY file_row_number)
     TO ${lit(input.parquetPath)} (FORMAT parquet, ROW_GROUP_SIZE ${PARQUET_ROW_GROUP})`,
  );

  const variables: VariableInfo[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (!keep[i]) continue;
    variables.push({ name: names[i]!, type: kinds[i]!.type, valid: valid[i]!, missing: rows - valid[i]!, distinct: 0, min: null, max: null, mean: null, levels: [] });
  }
  await describeTyped(con, input.parquetPath, variables);
  const empty = variables.filter((v) => v.valid === 0).map((v) => `“${v.name}”`);
  if (empty.length > 0) notes.push(`列 ${empty.join('、')} 全部为缺失值`);
  return { rows, variables, notes };
}

function lineList(rejects: Record<string, unknown>[]): string {
  const lines = rejects.slice(0, 5).map((r) => Number(r.line)).join('、');
  return `第 ${lines} 行${rejects.length > 5 ? `等共 ${rejects.length} 行` : ''}`;
}

/** Fills min/max/mean and top levels from the typed Parquet copy. */
async function describeTyped(con: DuckDBConnection, parquet: string, vars: VariableInfo[]): Promise<void> {
  const src = `read_parquet(${lit(parquet)})`;
  const parts: string[] = vars.map((v, i) => `count(DISTINCT ${ident(v.name)}) AS distinct${i}`);
  vars.forEach((v, i) => {
    const col = ident(v.name);
    if (v.type === 'numeric') parts.push(`min(${col}) AS min${i}, max(${col}) AS max${i}, avg(${col}) AS mean${i}`);
    if (v.type === 'date') parts.push(`strftime(min(${col}), '%Y-%m-%d') AS min${i}, strftime(max(${col}), '%Y-%m-%d') AS max${i}`);
  });
  if (parts.length > 0) {
    const r = (await rowsOf(con, `SELECT ${parts.join(', ')} FROM ${src}`))[0]!;
    vars.forEach((v, i) => {
      v.distinct = Number(r[`distinct${i}`]);
      if (v.type === 'numeric') {
        v.min = r[`min${i}`] == null ? null : Number(r[`min${i}`]);
        v.max = r[`max${i}`] == null ? null : Number(r[`max${i}`]);
        v.mean = r[`mean${i}`] == null ? null : Number(r[`mean${i}`]);
      } else if (v.type === 'date') {
        v.min = (r[`min${i}`] as string | null) ?? null;
        v.max = (r[`max${i}`] as string | null) ?? null;
      }
    });
  }
  for (const v of vars) {
    if (v.valid === 0) continue;
    if (v.type === 'categorical' || (v.type === 'numeric' && v.distinct <= TOP_LEVELS)) {
      const col = ident(v.name);
      const levels = await rowsOf(
        con,
        `SELECT ${v.type === 'numeric' ? col : `CAST(${col} AS VARCHAR)`} AS value, count(*) AS n FROM ${src} WHERE ${col} IS NOT NULL
         GROUP BY ${col} ORDER BY n DESC, ${col} LIMIT ${TOP_LEVELS}`,
      );
      v.levels = levels.map((l) => ({ value: String(l.value), count: Number(l.n) }));
    }
  }
}
