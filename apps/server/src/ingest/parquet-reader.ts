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

  async close(): Promise<void> {
    if (this.instance) (await this.instance).closeSync();
    this.instance = null;
  }
}
