// Reads pages of ingested files from their Parquet copies. `__row` carries the row number and
// row groups are small, so any page costs one row-group read whatever its position.
// Columns are found by position, never by the user's name: DuckDB folds the case of identifiers, so
// `a` and `A` would read the same column. Each copy says in its metadata how it is laid out.
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { VariableInfo } from '@labstat/contracts';
import { COLUMNS_KEY, LAYOUT, LAYOUT_KEY, LAYOUT_POSITIONAL, ident, lit, physicalName } from './duck-ingest.js';
import { FileProblem } from './file-problem.js';
import { RESERVED_COLUMN } from './layout.js';

export type Cell = string | number | null;

/** How to find a file's columns. */
interface Layout {
  /** Layout 2: the users' names in column order (column i is `physicalName(i)`). */
  names: Map<string, number> | null;
  /** Layout 1 (copies written before layout 2): the column names stored in the file, `__row` first. */
  stored: string[];
  /** Layout 3: no `__row` column; a row's number is its position in the file. */
  positional: boolean;
}

/** The table expression reading a copy, and the SQL of its 1-based row number. */
function source(layout: Layout, parquetPath: string): { from: string; row: string } {
  return layout.positional
    ? { from: `read_parquet(${lit(parquetPath)}, file_row_number=true)`, row: '(file_row_number + 1)' }
    : { from: `read_parquet(${lit(parquetPath)})`, row: RESERVED_COLUMN };
}

/** Layouts of recently read files (their copies never change: a new upload is a new file). */
const LAYOUT_CACHE = 256;
/**
 * Columns per query. DuckDB holds a 2,048-row vector of every selected column per thread, so a page
 * of thousands of columns read at once needs hundreds of MB even for 100 rows.
 */
const READ_BATCH = 200;

export class ParquetReader {
  private instance: Promise<DuckDBInstance> | null = null;
  private readonly layouts = new Map<string, Promise<Layout>>();

  constructor(private readonly memoryLimit = '256MB') {}

  private db(): Promise<DuckDBInstance> {
    this.instance ??= (async () => {
      const instance = await DuckDBInstance.create(':memory:', { memory_limit: this.memoryLimit, threads: '2' });
      const con = await instance.connect();
      try {
        // Parquet footers are cached: a wide file's footer is parsed once, not per batch and page.
        await con.run('SET parquet_metadata_cache = true');
      } finally {
        con.closeSync();
      }
      return instance;
    })();
    return this.instance;
  }

  private layout(con: DuckDBConnection, parquetPath: string): Promise<Layout> {
    let found = this.layouts.get(parquetPath);
    if (!found) {
      found = readLayout(con, parquetPath);
      found.catch(() => this.layouts.delete(parquetPath));
      if (this.layouts.size >= LAYOUT_CACHE) this.layouts.delete(this.layouts.keys().next().value!);
      this.layouts.set(parquetPath, found);
    }
    return found;
  }

  /**
   * Rows `from`…`to` (1-based, inclusive) as arrays in variable order; dates as text. `vars` is the
   * file's whole variable list, in order.
   */
  async rows(parquetPath: string, vars: readonly VariableInfo[], from: number, to: number): Promise<Cell[][]> {
    const con = await (await this.db()).connect();
    try {
      const layout = await this.layout(con, parquetPath);
      // A layout-1 copy holds every variable in order after `__row`: position finds each one even
      // where DuckDB renamed a name that differed from another only in case.
      const columns = layout.names || layout.stored.length !== vars.length + 1 ? vars.map((v) => column(layout, v.name)) : vars.map((_, i) => `#${i + 2}`);
      const { from: src, row } = source(layout, parquetPath);
      const out: Cell[][] = [];
      for (let start = 0; start < vars.length; start += READ_BATCH) {
        const cols = vars
          .slice(start, start + READ_BATCH)
          .map((v, k) => (v.type === 'date' ? `CAST(${columns[start + k]} AS VARCHAR)` : columns[start + k]!))
          .join(', ');
        const result = await con.runAndReadAll(
          `SELECT ${cols} FROM ${src} WHERE ${row} BETWEEN ${Math.floor(from)} AND ${Math.floor(to)} ORDER BY ${row}`,
        );
        (result.getRowsJS() as Cell[][]).forEach((part, r) => (out[r] ??= []).push(...part));
      }
      return out;
    } finally {
      con.closeSync();
    }
  }

  /**
   * Whole columns in row order: numeric ones as Float64Array (NaN where missing), others as text.
   * Analyses read only the columns they were given.
   */
  async columns(parquetPath: string, vars: readonly VariableInfo[]): Promise<Record<string, Float64Array | Array<string | null>>> {
    // No prototype: a column may be called `__proto__` or `constructor`.
    const out = Object.create(null) as Record<string, Float64Array | Array<string | null>>;
    if (vars.length === 0) return out;
    const con = await (await this.db()).connect();
    try {
      const layout = await this.layout(con, parquetPath);
      const { from: src, row } = source(layout, parquetPath);
      for (let start = 0; start < vars.length; start += READ_BATCH) {
        const batch = vars.slice(start, start + READ_BATCH);
        const cols = batch.map((v) => (v.type === 'numeric' ? column(layout, v.name) : `CAST(${column(layout, v.name)} AS VARCHAR)`)).join(', ');
        const result = await con.runAndReadAll(`SELECT ${cols} FROM ${src} ORDER BY ${row}`);
        const data = result.getColumnsJS();
        batch.forEach((v, i) => {
          const c = data[i] as Array<number | string | null>;
          out[v.name] = v.type === 'numeric' ? Float64Array.from(c, (x) => (x === null ? NaN : Number(x))) : (c as Array<string | null>);
        });
      }
      return out;
    } finally {
      con.closeSync();
    }
  }

  /**
   * A connection of its own for a data-processing job: `use` gets it after `open` has made a view
   * per file (`__row`, then the file's columns under the users' names). Two names equal but for
   * case cannot both be one view's columns in DuckDB, so such a file is refused with the reason.
   */
  async withViews<T>(open: ReadonlyArray<{ view: string; parquetPath: string; vars: readonly VariableInfo[] }>, use: (con: DuckDBConnection, addView: (view: string, parquetPath: string, vars: readonly VariableInfo[]) => Promise<void>) => Promise<T>): Promise<T> {
    const con = await (await this.db()).connect();
    const addView = async (view: string, parquetPath: string, vars: readonly VariableInfo[]) => {
      const folded = new Set<string>();
      for (const v of vars) {
        const f = v.name.toLowerCase();
        if (folded.has(f)) throw new FileProblem(`列名“${v.name}”与另一列只有大小写不同，数据处理无法区分它们；请先修改其中一个列名后重新上传`);
        folded.add(f);
      }
      const layout = await this.layout(con, parquetPath);
      const cols = vars.map((v) => `${column(layout, v.name)} AS ${ident(v.name)}`);
      const { from, row } = source(layout, parquetPath);
      await con.run(`CREATE OR REPLACE TEMP VIEW ${ident(view)} AS SELECT ${row} AS __row${cols.length ? `, ${cols.join(', ')}` : ''} FROM ${from}`);
    };
    try {
      for (const o of open) await addView(o.view, o.parquetPath, o.vars);
      return await use(con, addView);
    } finally {
      con.closeSync();
    }
  }

  async close(): Promise<void> {
    if (this.instance) (await this.instance).closeSync();
    this.instance = null;
    this.layouts.clear();
  }
}

async function readLayout(con: DuckDBConnection, parquetPath: string): Promise<Layout> {
  const kv = await con.runAndReadAll(`SELECT decode(key) AS k, decode(value) AS v FROM parquet_kv_metadata(${lit(parquetPath)})`);
  const meta = new Map((kv.getRowObjectsJS() as Array<{ k: string; v: string }>).map((r) => [r.k, r.v]));
  const layout = meta.get(LAYOUT_KEY);
  if (layout === LAYOUT || layout === LAYOUT_POSITIONAL) {
    const names = JSON.parse(meta.get(COLUMNS_KEY) ?? '[]') as string[];
    return { names: new Map(names.map((n, i) => [n, i])), stored: [], positional: layout === LAYOUT_POSITIONAL };
  }
  const schema = await con.runAndReadAll(`SELECT name FROM parquet_schema(${lit(parquetPath)})`);
  // The first schema element is the root, not a column.
  return { names: null, stored: (schema.getRowObjectsJS() as Array<{ name: string }>).slice(1).map((r) => r.name), positional: false };
}

/** The SQL that reads the column named `name`. */
function column(layout: Layout, name: string): string {
  if (layout.names) {
    const i = layout.names.get(name);
    if (i === undefined) throw new Error(`column ${JSON.stringify(name)} is not in the file`);
    return physicalName(i);
  }
  if (!safeByName(layout.stored, name)) {
    throw new FileProblem(`这个文件由旧版本导入，列“${name}”与另一列的列名只有大小写不同，无法可靠地读取；请重新上传该文件后再分析`);
  }
  return ident(name);
}

/**
 * Whether a layout-1 column can be read by its name. Layout 1 wrote names as DuckDB identifiers,
 * and DuckDB renamed a name equal to an earlier one but for case (`A` after `a` became `A_1`,
 * `__ROW` became `__ROW_1`); reading `A` would then give `a`, and reading a real `A_1` could give
 * the renamed `A`. A name is safe when it is stored as written and that stored column cannot be such
 * a renaming: its `_N` suffix does not follow a name that folds to the same as its base, unless that
 * name is the base itself, as written, and not a renaming in turn (our own `x`, `x_2` duplicates).
 */
function safeByName(stored: string[], name: string): boolean {
  const fold = (s: string) => s.toLowerCase();
  const renamed: boolean[] = [];
  stored.forEach((s, p) => {
    const base = /^(.*)_\d+$/.exec(s)?.[1];
    renamed.push(base !== undefined && stored.slice(0, p).some((earlier, q) => fold(earlier) === fold(base) && (earlier !== base || renamed[q]!)));
  });
  const at = stored.indexOf(name);
  return at >= 0 && !renamed[at]!;
}
