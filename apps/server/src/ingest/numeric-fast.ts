// The fast path of ingest for the commonest large upload: a plain UTF-8 CSV whose every column is
// numbers (with missing-value markers). DuckDB parses it straight to doubles and writes the typed
// Parquet copy in one pass — no JS scan, no all-text intermediate copy, no per-cell type tests — and
// one aggregate over that copy gives every column's summary. It gives exactly what the general path
// (duck-ingest.ts) gives for such a file, or nothing: whenever the file might need anything the
// general path does (quotes, underscores in numbers, blank or empty rows, ragged rows, text, dates,
// infinities, empty columns, bad bytes), it answers null and the caller takes the general path.
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { VariableInfo } from '@labstat/contracts';
import {
  COLUMNS_KEY,
  LAYOUT_KEY,
  LAYOUT_POSITIONAL,
  NARROW,
  PARQUET_ROW_GROUP,
  TOP_LEVELS,
  lit,
  parquetOptions,
  physicalName,
  type CsvIngestOutput,
} from './duck-ingest.js';
import { MISSING_MARKERS, normalizeHeader, splitLine, type SampleLine } from './layout.js';

export interface FastInput {
  csvPath: string;
  delimiter: string;
  /** Complete records of the file's head (layout.ts sampleLines); the first is the header. */
  lines: SampleLine[];
  /** Bytes those records take, to size row groups. */
  sampleBytes: number;
  parquetPath: string;
  workDir: string;
  memoryLimit: string;
  threads: number;
}

const CHUNK = 4 << 20;
/**
 * Byte patterns that send a file to the general path: a quote (DuckDB drops the rest of a file after
 * an unclosed one; the general path's scan finds it), `_` (DuckDB reads 1_000 as a number, we do not),
 * and blank lines (the general path drops and reports them).
 */
const REFUSED = [Buffer.from('"'), Buffer.from('_'), Buffer.from('\n\n'), Buffer.from('\n\r\n'), Buffer.from('\r\r')];

/** Whether the file has none of the REFUSED patterns (one native search per pattern per chunk). */
export async function plainBytes(file: string): Promise<boolean> {
  const fh = await fs.promises.open(file, 'r');
  try {
    // Two bytes of overlap, so a pattern split across chunks is still found.
    const buf = Buffer.alloc(CHUNK + 2);
    let carry = 0;
    let first = true;
    for (;;) {
      const { bytesRead } = await fh.read(buf, carry, CHUNK, null);
      if (bytesRead === 0) return true;
      const view = buf.subarray(0, carry + bytesRead);
      if (first && (view[0] === 0x0a || view[0] === 0x0d)) return false;
      first = false;
      if (REFUSED.some((p) => view.includes(p))) return false;
      carry = Math.min(2, view.length);
      view.copy(buf, 0, view.length - carry);
    }
  } finally {
    await fh.close();
  }
}

/**
 * Ingests an all-numeric CSV, or answers null when the file is not one this path can take exactly
 * as the general path would.
 */
export async function ingestNumericCsv(input: FastInput): Promise<CsvIngestOutput | null> {
  const header = input.lines[0];
  if (!header || input.lines.length < 2) return null;
  const raw = splitLine(header.text.replace(/^\uFEFF/, ''), input.delimiter).map((h) => h.replace(/\r$/, ''));
  const width = raw.length;
  if (width > NARROW) return null;
  // Every sampled cell must already be a number or a missing marker, else DuckDB would fail later.
  const markers = new Set(MISSING_MARKERS);
  for (const l of input.lines.slice(1)) {
    const cells = splitLine(l.text.replace(/\r$/, ''), input.delimiter);
    if (cells.length !== width || cells.some((c) => !markers.has(c) && !/^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(c))) return null;
  }
  if (!(await plainBytes(input.csvPath))) return null;

  const { names, notes } = normalizeHeader(raw.map((h) => (h === '' ? null : h)));
  const instance = await DuckDBInstance.create(':memory:', {
    memory_limit: input.memoryLimit,
    threads: String(input.threads),
    temp_directory: path.join(input.workDir, 'spill'),
  });
  const con = await instance.connect();
  try {
    const out = await write(con, input, names, width);
    if (!out) {
      fs.rmSync(input.parquetPath, { force: true });
      return null;
    }
    return { ...out, notes };
  } finally {
    con.closeSync();
    instance.closeSync();
  }
}

async function rowsOf(con: DuckDBConnection, sql: string): Promise<Record<string, unknown>[]> {
  return (await con.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
}

async function write(con: DuckDBConnection, input: FastInput, names: string[], width: number): Promise<Omit<CsvIngestOutput, 'notes'> | null> {
  const cols = Array.from({ length: width }, (_, i) => physicalName(i));
  const rowBytes = input.sampleBytes / Math.max(1, input.lines.length);
  const metadata = `{${LAYOUT_KEY}: ${lit(LAYOUT_POSITIONAL)}, ${COLUMNS_KEY}: ${lit(JSON.stringify(names))}}`;
  try {
    // Strict: a ragged row, a cell that is not a number or a marker, or a bad byte is an error here.
    await con.run(
      `COPY (SELECT * FROM read_csv(${lit(input.csvPath)}, delim=${lit(input.delimiter)}, quote='"', escape='"', header=true,
        auto_detect=false, strict_mode=true, null_padding=false, ignore_errors=false,
        nullstr=[${MISSING_MARKERS.map(lit).join(', ')}], columns={${cols.map((c) => `'${c}': 'DOUBLE'`).join(', ')}}))
       TO ${lit(input.parquetPath)} (FORMAT parquet, ${parquetOptions(width, rowBytes, PARQUET_ROW_GROUP)}, KV_METADATA ${metadata})`,
    );
  } catch {
    return null;
  }
  const src = `read_parquet(${lit(input.parquetPath)})`;
  const parts = cols.map(
    (c, i) =>
      `count(${c}) AS valid${i}, count(*) FILTER (WHERE NOT isfinite(${c})) AS inf${i}, count(DISTINCT ${c}) AS distinct${i}, min(${c}) AS min${i}, max(${c}) AS max${i}, avg(${c}) AS mean${i}`,
  );
  const s = (await rowsOf(con, `SELECT count(*) AS n, count(*) FILTER (WHERE ${cols.map((c) => `${c} IS NULL`).join(' AND ')}) AS empty, ${parts.join(', ')} FROM ${src}`))[0]!;
  const rows = Number(s.n);
  // Rows of markers only, infinities and columns without a value read differently in the general path.
  if (rows === 0 || Number(s.empty) > 0) return null;
  const variables: VariableInfo[] = [];
  for (let i = 0; i < width; i++) {
    const valid = Number(s[`valid${i}`]);
    if (valid === 0 || Number(s[`inf${i}`]) > 0) return null;
    variables.push({
      name: names[i]!,
      type: 'numeric',
      valid,
      missing: rows - valid,
      distinct: Number(s[`distinct${i}`]),
      min: Number(s[`min${i}`]),
      max: Number(s[`max${i}`]),
      mean: Number(s[`mean${i}`]),
      levels: [],
    });
  }
  // Levels of numeric columns with few values, ranked as the general path ranks them.
  const few = variables.map((v, i) => (v.distinct <= TOP_LEVELS ? i : -1)).filter((i) => i >= 0);
  if (few.length > 0) {
    const levels = await rowsOf(
      con,
      few
        .map((i) => `(SELECT ${i} AS col, ${cols[i]} AS value, count(*) AS n FROM ${src} WHERE ${cols[i]} IS NOT NULL GROUP BY ${cols[i]} ORDER BY n DESC, ${cols[i]} LIMIT ${TOP_LEVELS})`)
        .join(' UNION ALL '),
    );
    const ranked = [...levels].sort((a, b) => Number(a.col) - Number(b.col) || Number(b.n) - Number(a.n) || Number(a.value) - Number(b.value));
    for (const l of ranked) variables[Number(l.col)]!.levels.push({ value: String(l.value), count: Number(l.n) });
  }
  return { rows, variables };
}
