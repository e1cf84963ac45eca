// The DuckDB half of ingest: reads the UTF-8 CSV as text columns, decides each column's type,
// and writes the typed Parquet copy with a `__row` index that makes any preview page a
// row-group lookup. One short-lived, disk-backed DuckDB database per ingest bounds memory.
// Users' column names never become SQL identifiers (DuckDB folds case): columns are positional.
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { VariableInfo, VariableType } from '@labstat/contracts';
import { FileProblem } from './file-problem.js';
import { MISSING_MARKERS, RESERVED_COLUMN, normalizeHeader } from './layout.js';

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

const DATE_FORMATS = ['%Y-%m-%d', '%Y/%m/%d', '%Y.%m.%d', '%Y年%m月%d日', '%Y-%m-%d %H:%M:%S', '%Y/%m/%d %H:%M:%S', '%Y-%m-%d %H:%M', '%Y/%m/%d %H:%M'];
const DATE_LIST = `[${DATE_FORMATS.map(lit).join(', ')}]`;
const MISSING_LIST = MISSING_MARKERS.map(lit).join(', ');
/** Levels listed for categorical columns, and numeric columns with at most this many values. */
export const TOP_LEVELS = 12;
export const PARQUET_ROW_GROUP = 20480;

/** DuckDB met bytes that are not UTF-8: the caller retries the file as GB18030. */
export class InvalidEncoding extends Error {}

export interface CsvIngestInput {
  csvPath: string;
  delimiter: string;
  /** Cells in the widest record (from the scan); grown automatically if DuckDB finds wider rows. */
  width: number;
  /** Some quoted cell spans lines: DuckDB's parallel reader refuses to pad rows then. */
  quotedNewline: boolean;
  /** Average bytes per record, which sizes the Parquet row groups. */
  rowBytes: number;
  /** Bytes in the longest record. */
  longest: number;
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

/**
 * Layout of the typed Parquet copy, recorded in its key-value metadata. Layout 2: `__row`, then the
 * variables under positional names v0, v1… with the users' names in `labstat_columns` (JSON), so no
 * header — whatever its case, width or spelling — is ever a DuckDB identifier. Copies without the
 * key are layout 1: `__row`, then the variables under their own names (see parquet-reader.ts).
 */
export const LAYOUT_KEY = 'labstat_layout';
export const COLUMNS_KEY = 'labstat_columns';
export const LAYOUT = '2';
/**
 * Layout 3 (the all-numeric fast path, numeric-fast.ts): as layout 2 but without `__row` — a row's
 * number is its position in the file (DuckDB's file_row_number + 1), which prunes row groups as well.
 */
export const LAYOUT_POSITIONAL = '3';
export const physicalName = (index: number) => `v${index}`;

/** Columns per aggregate query: bounds the SQL and the aggregate state of very wide files. */
const COLUMN_BATCH = 256;
/** Up to this many columns, one expression per column; wider tables are summarised unpivoted. */
export const NARROW = 64;

/**
 * DuckDB's line limit for a file whose longest record has `longest` bytes. Its read buffers grow
 * with the limit (a 10 MB limit alone runs 2,000 wide columns out of memory), so it is no larger
 * than the file needs, and never under DuckDB's own default of 2 MB.
 */
const maxLineSize = (longest: number) => Math.max(2 << 20, longest + 1024);

/** Memory one Parquet row group may take while the writer buffers it. */
const ROW_GROUP_BUDGET = 48 << 20;

/** Parquet writer settings for a table `width` columns wide whose rows take about `rowBytes` as text. */
export function parquetOptions(width: number, rowBytes: number, maxRowGroup: number): string {
  // The writer buffers a whole row group (a 16-byte header per cell plus the text), and every string
  // column reserves its dictionary page up front (1 MB by default): both must shrink as rows widen,
  // or 2,000 columns exhaust memory.
  const perRow = width * 16 + rowBytes;
  const rowGroup = Math.max(64, Math.min(maxRowGroup, Math.floor(ROW_GROUP_BUDGET / perRow)));
  const dictionary = Math.max(16 * 1024, Math.min(1 << 20, Math.floor((64 << 20) / width)));
  return `ROW_GROUP_SIZE ${rowGroup}, STRING_DICTIONARY_PAGE_SIZE_LIMIT ${dictionary}`;
}

export async function ingestCsv(input: CsvIngestInput): Promise<CsvIngestOutput> {
  const instance = await DuckDBInstance.create(':memory:', {
    memory_limit: input.memoryLimit,
    // Every thread holds a 2,048-row chunk of every column in flight: wide tables get one thread.
    threads: String(input.width > 500 ? 1 : input.threads),
    temp_directory: path.join(input.workDir, 'spill'),
  });
  const con = await instance.connect();
  try {
    return await ingestWith(con, input);
  } catch (err) {
    // Files within the upload and column limits fit the default memory; should one still not (a
    // smaller INGEST_DUCKDB_MEMORY, say), the user hears why instead of a server error.
    if (err instanceof Error && err.message.includes('Out of Memory')) {
      throw new FileProblem('文件过大或过宽，导入时超出了服务器的内存限制；请删除不需要的列或把数据拆成几个文件后重新上传');
    }
    throw err;
  } finally {
    con.closeSync();
    instance.closeSync();
    for (const f of ['raw.parquet', 'kept.parquet']) fs.rmSync(path.join(input.workDir, f), { force: true });
  }
}

async function rowsOf(con: DuckDBConnection, sql: string): Promise<Record<string, unknown>[]> {
  const r = await con.runAndReadAll(sql);
  return r.getRowObjectsJS() as Record<string, unknown>[];
}

/** One row of aggregates over the columns `indexes`, in batches; `parts(i)` gives column i's. */
async function aggregate(con: DuckDBConnection, from: string, indexes: number[], parts: (i: number) => string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (let k = 0; k < indexes.length; k += COLUMN_BATCH) {
    const batch = indexes.slice(k, k + COLUMN_BATCH);
    Object.assign(out, (await rowsOf(con, `SELECT ${batch.map(parts).join(',\n')} FROM ${from}`))[0]);
  }
  return out;
}

/** Parses the CSV once into an untyped Parquet file (all text); returns the rows DuckDB rejected. */
async function loadRaw(con: DuckDBConnection, input: CsvIngestInput, rawPath: string, width: number) {
  const columns = Array.from({ length: width }, (_, i) => `'c${i}': 'VARCHAR'`).join(', ');
  await con.run(
    `COPY (SELECT * FROM read_csv(${lit(input.csvPath)}, delim=${lit(input.delimiter)}, quote='"', escape='"',
      header=false, auto_detect=false, null_padding=true, ignore_errors=true, store_rejects=true,
      ${input.quotedNewline ? 'parallel=false,' : ''} max_line_size=${maxLineSize(input.longest)}, columns={${columns}}))
     TO ${lit(rawPath)} (FORMAT parquet, COMPRESSION uncompressed, ${parquetOptions(width, input.rowBytes, 100_000)})`,
  );
  const rejects = await rowsOf(con, 'SELECT error_type, line, error_message FROM reject_errors ORDER BY line');
  await con.run('DELETE FROM reject_errors');
  await con.run('DELETE FROM reject_scans');
  return rejects;
}

const isNumber = (c: string) => `isfinite(try_cast(${c} AS DOUBLE)) AND NOT contains(${c}, '_')`;
/** A missing-value marker (a number is never one, though `-` and `.` alone are). */
const isMarked = (c: string) => `NOT coalesce(isfinite(try_cast(${c} AS DOUBLE)), false) AND trim(${c}) IN (${MISSING_LIST})`;
const text = (c: string) => `CASE WHEN trim(${c}) IN (${MISSING_LIST}) THEN NULL ELSE trim(${c}) END`;
const looksLikeDate = (c: string) => `regexp_matches(${c}, '^\\s*\\d{4}[-/.年]\\d')`;

async function ingestWith(con: DuckDBConnection, input: CsvIngestInput): Promise<CsvIngestOutput> {
  const notes: string[] = [];
  const rawPath = path.join(input.workDir, 'raw.parquet');
  let width = Math.max(1, input.width);
  let rejects = await loadRaw(con, input, rawPath, width);
  if (rejects.some((r) => r.error_type === 'INVALID ENCODING' || r.error_type === 'INVALID UNICODE')) throw new InvalidEncoding();
  const wider = rejects.filter((r) => r.error_type === 'TOO MANY COLUMNS');
  if (wider.length > 0) {
    width = wider.reduce((w, r) => Math.max(w, Number(/Found: (\d+)/.exec(String(r.error_message))?.[1] ?? 0)), width);
    rejects = await loadRaw(con, input, rawPath, width);
    notes.push(`${lineList(wider)}的字段比表头多，多出的值放在新增的列中`);
  }

  // Two optimizer rewrites cost time or memory per expression, and ingest writes several per column.
  // An IN list rewritten into a join holds a hash table and passes every chunk through one join per
  // column (out of memory at ~200 columns, or with long text in 50). Common subexpression
  // elimination is quadratic in the number of expressions (minutes at 2,000 columns); narrow tables
  // keep it, since it spares them repeated casts.
  await con.run(`SET disabled_optimizers = '${width > NARROW ? 'common_subexpressions,' : ''}in_clause'`);
  const raw = Array.from({ length: width }, (_, i) => `c${i}`);
  const all = raw.map((_, i) => i);
  const src = `read_parquet(${lit(rawPath)}, file_row_number=true)`;
  const headerRow = (await rowsOf(con, `SELECT * FROM ${src} WHERE file_row_number = 0`))[0];
  if (!headerRow) throw new FileProblem(rejects.length > 0 ? unreadable(rejects) : '文件是空的，请检查后重新上传');

  const allEmpty = raw.map((c) => `${c} IS NULL`).join(' AND ');
  const data = `${src} WHERE file_row_number > 0`;
  const counts = (await rowsOf(con, `SELECT count(*) AS n, count(*) FILTER (WHERE ${allEmpty}) AS empty FROM ${data}`))[0]!;
  const stats = await byColumn(con, data, raw, all, {
    present: (x) => `count(${x})`,
    marked: (x) => `count(*) FILTER (WHERE ${isMarked(x)})`,
    num: (x) => `count(*) FILTER (WHERE ${isNumber(x)})`,
  });
  const stat = (i: number, key: string) => Number(stats.get(i)?.[key] ?? 0);
  const emptyRows = Number(counts.empty);
  const rows = Number(counts.n) - emptyRows;
  if (rows === 0) throw new FileProblem(rejects.length > 0 ? unreadable(rejects) : '文件只有表头，没有数据行');
  if (rejects.length > 0) notes.push(`${lineList(rejects)}格式有误（如引号不配对），无法解析，已跳过`);
  if (emptyRows > 0) notes.push(`已忽略 ${emptyRows} 个空行`);

  // Columns without a header and without any value are spreadsheet leftovers: drop them.
  const keep = raw.map((c, i) => !(headerRow[c] == null && stat(i, 'present') === 0));
  const dropped = keep.filter((k) => !k).length;
  if (dropped > 0) notes.push(`已删除 ${dropped} 个没有列名也没有数据的空列`);
  // Names are given to the kept columns only, so 列N counts the columns the user will see.
  const kept = normalizeHeader(raw.filter((_, i) => keep[i]).map((c) => (headerRow[c] as string | null) ?? null));
  notes.push(...kept.notes);
  const names: string[] = [];
  let k = 0;
  for (let i = 0; i < raw.length; i++) names.push(keep[i] ? kept.names[k++]! : '');

  // Missing: no cell at all (short rows, empty cells) or a missing-value marker.
  const valid = raw.map((_, i) => stat(i, 'present') - stat(i, 'marked'));
  const kinds: Array<{ type: VariableType; timed: boolean }> = raw.map((_, i) =>
    valid[i]! > 0 && stat(i, 'num') === valid[i] ? { type: 'numeric', timed: false } : { type: 'categorical', timed: false },
  );
  // Dates are only looked for where numbers were not found: strptime is the costly test.
  const dateCandidates = all.filter((i) => keep[i] && kinds[i]!.type === 'categorical' && valid[i]! > 0);
  if (dateCandidates.length > 0) {
    const d = await byColumn(
      con,
      data,
      raw,
      dateCandidates,
      { dates: (x) => `count(${x})`, timed: (x) => `count(*) FILTER (WHERE ${x} <> date_trunc('day', ${x}))` },
      (v) => `CASE WHEN ${looksLikeDate(v)} THEN try_strptime(${text(v)}, ${DATE_LIST}) END`,
    );
    for (const i of dateCandidates) {
      if (Number(d.get(i)?.dates ?? 0) === valid[i]) kinds[i] = { type: 'date', timed: Number(d.get(i)?.timed ?? 0) > 0 };
    }
  }

  const variables: VariableInfo[] = [];
  const typed: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (!keep[i]) continue;
    const c = raw[i]!;
    const kind = kinds[i]!;
    const expr =
      kind.type === 'numeric'
        ? `CASE WHEN ${isNumber(c)} THEN try_cast(${c} AS DOUBLE) END`
        : kind.type === 'date'
          ? kind.timed
            ? `try_strptime(${text(c)}, ${DATE_LIST})`
            : `CAST(try_strptime(${text(c)}, ${DATE_LIST}) AS DATE)`
          : text(c);
    typed.push(`${expr} AS ${physicalName(variables.length)}`);
    variables.push({ name: names[i]!, type: kind.type, valid: valid[i]!, missing: rows - valid[i]!, distinct: 0, min: null, max: null, mean: null, levels: [] });
  }
  // The copy keeps the raw file's row order without sorting (insertion order is preserved; an ORDER
  // BY or a window would hold the whole table in memory at once, which wide rows do not fit).
  // file_row_number is already 1…n for the data rows, unless empty rows were dropped: then the rows
  // kept are first copied as they are, so that their file_row_number counts them.
  let rowsFrom = data;
  let rowExpr = 'file_row_number';
  if (emptyRows > 0) {
    const keptPath = path.join(input.workDir, 'kept.parquet');
    await con.run(`COPY (SELECT ${raw.join(', ')} FROM ${data} AND NOT (${allEmpty})) TO ${lit(keptPath)} (FORMAT parquet, COMPRESSION uncompressed, ${parquetOptions(width, input.rowBytes, 100_000)})`);
    rowsFrom = `read_parquet(${lit(keptPath)}, file_row_number=true)`;
    rowExpr = 'file_row_number + 1';
  }
  const metadata = `{${LAYOUT_KEY}: ${lit(LAYOUT)}, ${COLUMNS_KEY}: ${lit(JSON.stringify(variables.map((v) => v.name)))}}`;
  await con.run(
    `COPY (SELECT ${rowExpr} AS ${RESERVED_COLUMN}, ${typed.join(', ')} FROM ${rowsFrom})
     TO ${lit(input.parquetPath)} (FORMAT parquet, ${parquetOptions(variables.length + 1, input.rowBytes, PARQUET_ROW_GROUP)}, KV_METADATA ${metadata})`,
  );

  await describeTyped(con, input.parquetPath, variables);
  const empty = variables.filter((v) => v.valid === 0).map((v) => `“${v.name}”`);
  if (empty.length > 0) notes.push(`列 ${empty.join('、')} 全部为缺失值`);
  return { rows, variables, notes };
}

/**
 * Aggregates per column over the columns `indexes` of `from` (raw names `raw`): each of `aggregates`
 * over the column's values, after `project` if given. Columns without any value may be missing.
 * Narrow tables get one expression per column; wide ones are unpivoted to (col, value) rows so each
 * expression is written once — planning thousands of expressions was what made wide files slow.
 */
async function byColumn(
  con: DuckDBConnection,
  from: string,
  raw: string[],
  indexes: number[],
  aggregates: Record<string, (x: string) => string>,
  project: (v: string) => string = (v) => v,
): Promise<Map<number, Record<string, unknown>>> {
  const out = new Map<number, Record<string, unknown>>();
  const keys = Object.keys(aggregates);
  if (raw.length <= NARROW) {
    const inner = `SELECT ${indexes.map((i) => `${project(raw[i]!)} AS x${i}`).join(', ')} FROM ${from}`;
    const parts = indexes.flatMap((i) => keys.map((k) => `${aggregates[k]!(`x${i}`)} AS ${k}${i}`));
    const r = (await rowsOf(con, `SELECT ${parts.join(', ')} FROM (${inner})`))[0]!;
    for (const i of indexes) out.set(i, Object.fromEntries(keys.map((k) => [k, r[`${k}${i}`]])));
    return out;
  }
  for (const batch of batches(indexes)) {
    const names = batch.map((i) => raw[i]!).join(', ');
    const cells = `SELECT col, ${project('val')} AS x FROM (UNPIVOT (SELECT ${names} FROM ${from}) ON ${names} INTO NAME col VALUE val)`;
    const parts = keys.map((k) => `${aggregates[k]!('x')} AS ${k}`);
    for (const r of await rowsOf(con, `SELECT col, ${parts.join(', ')} FROM (${cells}) GROUP BY col`)) out.set(Number(String(r.col).slice(1)), r);
  }
  return out;
}

function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let k = 0; k < items.length; k += COLUMN_BATCH) out.push(items.slice(k, k + COLUMN_BATCH));
  return out;
}

function lineList(rejects: Record<string, unknown>[]): string {
  const lines = rejects.slice(0, 5).map((r) => Number(r.line)).join('、');
  return `第 ${lines} 行${rejects.length > 5 ? `等共 ${rejects.length} 行` : ''}`;
}

/** Every data row was rejected: say which and why instead of calling the file header-only. */
function unreadable(rejects: Record<string, unknown>[]): string {
  return `文件中的数据行都无法解析（${lineList(rejects)}格式有误，如引号不配对或引号后还有字符）；请检查这些行，或在 Excel 中另存为 CSV 后重新上传`;
}

/** Fills distinct counts, min/max/mean and top levels from the typed Parquet copy. */
async function describeTyped(con: DuckDBConnection, parquet: string, vars: VariableInfo[]): Promise<void> {
  const src = `read_parquet(${lit(parquet)})`;
  const col = physicalName;
  const indexes = vars.map((_, i) => i);
  const ranged = indexes.filter((i) => vars[i]!.type !== 'categorical');
  if (ranged.length > 0) {
    const r = await aggregate(con, src, ranged, (i) =>
      vars[i]!.type === 'numeric'
        ? `min(${col(i)}) AS min${i}, max(${col(i)}) AS max${i}, avg(${col(i)}) AS mean${i}`
        : `strftime(min(${col(i)}), '%Y-%m-%d') AS min${i}, strftime(max(${col(i)}), '%Y-%m-%d') AS max${i}`,
    );
    for (const i of ranged) {
      const v = vars[i]!;
      if (v.type === 'numeric') {
        v.min = r[`min${i}`] == null ? null : Number(r[`min${i}`]);
        v.max = r[`max${i}`] == null ? null : Number(r[`max${i}`]);
        v.mean = r[`mean${i}`] == null ? null : Number(r[`mean${i}`]);
      } else {
        v.min = (r[`min${i}`] as string | null) ?? null;
        v.max = (r[`max${i}`] as string | null) ?? null;
      }
    }
  }
  // Distinct counts and top levels of a batch of columns at once: unpivot them to (column, value),
  // count each value, and rank the values within each column. One hash table per batch instead of
  // one per column (count(DISTINCT) over hundreds of columns runs out of memory).
  const groups: Array<{ type: 'numeric' | 'text'; members: number[] }> = [
    { type: 'numeric', members: indexes.filter((i) => vars[i]!.type === 'numeric' && vars[i]!.valid > 0) },
    { type: 'text', members: indexes.filter((i) => vars[i]!.type !== 'numeric' && vars[i]!.valid > 0) },
  ];
  for (const group of groups) {
    for (const batch of batches(group.members)) {
      const select = batch.map((i) => (vars[i]!.type === 'date' ? `CAST(${col(i)} AS VARCHAR) AS ${col(i)}` : col(i))).join(', ');
      const levels = await rowsOf(
        con,
        `SELECT col, ${group.type === 'numeric' ? 'val' : 'CAST(val AS VARCHAR)'} AS value, n, distinct_values FROM (
           SELECT col, val, n, row_number() OVER (PARTITION BY col ORDER BY n DESC, val) AS rank, count(*) OVER (PARTITION BY col) AS distinct_values
           FROM (SELECT col, val, count(*) AS n
                 FROM (UNPIVOT (SELECT ${select} FROM ${src}) ON ${batch.map(col).join(', ')} INTO NAME col VALUE val)
                 GROUP BY col, val))
         WHERE rank <= ${TOP_LEVELS} ORDER BY col, rank`,
      );
      for (const l of levels) {
        const v = vars[Number(String(l.col).slice(1))]!;
        v.distinct = Number(l.distinct_values);
        if (v.type === 'categorical' || (v.type === 'numeric' && v.distinct <= TOP_LEVELS)) v.levels.push({ value: String(l.value), count: Number(l.n) });
      }
    }
  }
}
