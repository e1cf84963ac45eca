// Saves the new data file a tool made (matched or weighted data, scores: ToolOutput.derivedData) as
// a file of the user's: the chosen source rows with every source column, then the tool's columns.
// The rows are joined in DuckDB from the source's Parquet copy, so columns the tool never read keep
// their values; only the row numbers and the new columns travel through a scratch CSV.
import fs from 'node:fs';
import path from 'node:path';
import { ident, lit, tidyNumbers } from '@labstat/processing';
import type { DerivedData } from '@labstat/tools';
import type { FileSummary } from '@labstat/contracts';
import type { ParquetReader } from '../ingest/parquet-reader.js';
import type { AnalysisFile, FileService } from './file-service.js';
import { resultFilename } from '../jobs/processing-job.js';

const csvCell = (v: number | string | null): string => {
  if (v === null || (typeof v === 'number' && !Number.isFinite(v))) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
};

/** New column names that do not meet a source column (or each other): 倾向性评分 → 倾向性评分_2. */
export function freshNames(wanted: readonly string[], taken: readonly string[]): string[] {
  const used = new Set(taken.map((n) => n.toLowerCase()));
  return wanted.map((w) => {
    let name = w;
    for (let k = 2; used.has(name.toLowerCase()); k++) name = `${w}_${k}`;
    used.add(name.toLowerCase());
    return name;
  });
}

export async function saveDerivedData(reader: ParquetReader, files: FileService, userId: number, file: AnalysisFile, data: DerivedData): Promise<FileSummary> {
  const n = data.rows.length;
  if (n === 0) throw new Error('derived data without rows');
  for (const c of data.columns) if (c.values.length !== n) throw new Error(`derived column ${c.name} has ${c.values.length} values for ${n} rows`);
  for (const r of data.rows) if (!Number.isInteger(r) || r < 0 || r >= file.rows) throw new Error(`derived row ${r} outside 0..${file.rows - 1}`);
  const names = freshNames(
    data.columns.map((c) => c.name),
    file.variables.map((v) => v.name),
  );
  const numeric = data.columns.map((c) => c.values.every((v) => v === null || typeof v === 'number'));
  const scratch = await files.scratchDir('derived-');
  try {
    const selPath = path.join(scratch.dir, 'rows.csv');
    const lines = [['__s', '__r', ...data.columns.map((_, i) => `c${i}`)].join(',')];
    for (let i = 0; i < n; i++) lines.push([i, data.rows[i], ...data.columns.map((c) => csvCell(c.values[i] ?? null))].join(','));
    await fs.promises.writeFile(selPath, lines.join('\n') + '\n');
    const outPath = path.join(scratch.dir, 'out.csv');
    await reader.withViews([{ view: 'src', parquetPath: await file.parquetPath(), vars: file.variables }], async (con) => {
      const types = [`'__s': 'BIGINT'`, `'__r': 'BIGINT'`, ...data.columns.map((_, i) => `'c${i}': '${numeric[i] ? 'DOUBLE' : 'VARCHAR'}'`)].join(', ');
      await con.run(`CREATE OR REPLACE TEMP TABLE __sel AS SELECT * FROM read_csv(${lit(selPath)}, header = true, delim = ',', quote = '"', columns = {${types}})`);
      const source = file.variables.map((v) => `s.${ident(v.name)}`);
      const added = names.map((name, i) => `__sel.c${i} AS ${ident(name)}`);
      const sql =
        `SELECT ${[...source, ...added].join(', ')} FROM __sel ` +
        `JOIN (SELECT *, row_number() OVER (ORDER BY __row) - 1 AS __i FROM src) s ON s.__i = __sel.__r ORDER BY __sel.__s`;
      await con.run(`COPY (${await tidyNumbers(con, sql, 0)}) TO ${lit(outPath)} (FORMAT csv, HEADER true, DELIMITER ',', QUOTE '"')`);
    });
    return await files.ingestLocal(userId, outPath, resultFilename(file.filename, data.suffix));
  } finally {
    await scratch.done();
  }
}
