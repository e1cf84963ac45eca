// Test helper for the meta-analysis tools: a small table of study-level columns as ingest gives it.
import type { VariableInfo } from '@labstat/contracts';
import type { DataTable } from './tool.js';

/** A table of numeric columns plus text columns, as ingest would give it. */
export function studyTable(text: Record<string, Array<string | null>>, numbers: Record<string, Array<number | string | null>>): DataTable {
  const rows = Object.values(text)[0]!.length;
  const variables = [
    ...Object.keys(text).map((name) => ({ name, type: 'categorical', valid: rows, missing: 0, distinct: rows, min: null, max: null, mean: null, levels: [] })),
    ...Object.keys(numbers).map((name) => ({ name, type: 'numeric', valid: rows, missing: 0, distinct: rows, min: null, max: null, mean: null, levels: [] })),
  ] as unknown as VariableInfo[];
  return {
    rows,
    variables,
    text: (n) => (text[n] ?? numbers[n]!.map((v) => (v === null ? null : String(v)))) as Array<string | null>,
    numeric: (n) => (numbers[n] ?? text[n]!.map(() => null)).map((v) => (v === null ? null : typeof v === 'number' ? v : Number.isFinite(Number(v)) ? Number(v) : null)),
  };
}
