// Reads pages of ingested files from their Parquet copies. `__row` carries the row number and
// row groups are small, so any page costs one row-group read whatever its position.
import { DuckDBInstance } from '@duckdb/node-api';
import type { VariableInfo } from '@labstat/contracts';
import { ident, lit } from './duck-ingest.js';
import { RESERVED_COLUMN } from './layout.js';

export type Cell = string | number | null;

export class ParquetReader {
  private instance: Promise<DuckDBInstance> | null = null;

  constructor(private readonly memoryLimit = '256MB') {}

  private db(): Promise<DuckDBInstance> {
    this.instance ??= DuckDBInstance.create(':memory:', { memory_limit: this.memoryLimit, threads: '2' });
    return this.instance;
  }

  /** Rows `from`…`to` (1-based, inclusive) as arrays in variable order; dates as text. */
  async rows(parquetPath: string, vars: readonly VariableInfo[], from: number, to: number): Promise<Cell[][]> {
    const cols = vars.map((v) => (v.type === 'date' ? `CAST(${ident(v.name)} AS VARCHAR)` : ident(v.name))).join(', ');
    const con = await (await this.db()).connect();
    try {
      const result = await con.runAndReadAll(
        `SELECT ${cols} FROM read_parquet(${lit(parquetPath)}) WHERE ${RESERVED_COLUMN} BETWEEN ${Math.floor(from)} AND ${Math.floor(to)} ORDER BY ${RESERVED_COLUMN}`,
      );
      return result.getRowsJS() as Cell[][];
    } finally {
      con.closeSync();
    }
  }

  /**
   * Whole columns in row order: numeric ones as Float64Array (NaN where missing), others as text.
   * Analyses read only the columns they were given.
   */
  async columns(parquetPath: string, vars: readonly VariableInfo[]): Promise<Record<string, Float64Array | Array<string | null>>> {
    const out: Record<string, Float64Array | Array<string | null>> = {};
    if (vars.length === 0) return out;
    const cols = vars.map((v) => (v.type === 'numeric' ? ident(v.name) : `CAST(${ident(v.name)} AS VARCHAR)`)).join(', ');
    const con = await (await this.db()).connect();
    try {
      const result = await con.runAndReadAll(`SELECT ${cols} FROM read_parquet(${lit(parquetPath)}) ORDER BY ${RESERVED_COLUMN}`);
      const data = result.getColumnsJS();
      vars.forEach((v, i) => {
        const c = data[i] as Array<number | string | null>;
        out[v.name] = v.type === 'numeric' ? Float64Array.from(c, (x) => (x === null ? NaN : Number(x))) : (c as Array<string | null>);
      });
      return out;
    } finally {
      con.closeSync();
    }
  }

  async close(): Promise<void> {
    if (this.instance) (await this.instance).closeSync();
    this.instance = null;
  }
}
