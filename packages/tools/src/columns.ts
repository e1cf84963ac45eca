// A DataTable over plain columns: what the server reads from the Parquet copy and hands to a job.
// Numeric columns travel as Float64Array (NaN for missing) so they can be transferred, not copied.
import type { VariableInfo } from '@labstat/contracts';
import type { DataTable } from './tool.js';

export type ColumnData = Float64Array | Array<string | null>;

export interface ColumnSet {
  rows: number;
  variables: VariableInfo[];
  /** Only the columns a run needs; others are absent. */
  columns: Record<string, ColumnData>;
}

const asText = (x: number): string => (Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(15))));

export function tableOf(set: ColumnSet): DataTable {
  const get = (name: string): ColumnData => {
    const c = set.columns[name];
    if (!c) throw new Error(`column ${name} was not loaded`);
    return c;
  };
  return {
    rows: set.rows,
    variables: set.variables,
    numeric(name) {
      const c = get(name);
      if (c instanceof Float64Array) return Array.from(c, (x) => (Number.isNaN(x) ? null : x));
      return c.map((v) => {
        if (v === null || v.trim() === '') return null;
        const n = Number(v);
        return Number.isFinite(n) ? n : null;
      });
    },
    text(name) {
      const c = get(name);
      return c instanceof Float64Array ? Array.from(c, (x) => (Number.isNaN(x) ? null : asText(x))) : c;
    },
  };
}
