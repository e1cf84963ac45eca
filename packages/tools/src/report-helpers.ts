// Builders for report content: three-line tables of formatted numbers, p-values as journals want
// them, and results maps without non-finite numbers (JSON has none).
import type { ReportBlock } from '@labstat/contracts';

/** A number for a table cell: fixed decimals, null for missing or non-finite. */
export function num(x: number | null | undefined, digits = 3): number | null {
  if (x === null || x === undefined || !Number.isFinite(x)) return null;
  return Number(x.toFixed(digits));
}

/** P as Chinese journals print it: P<0.001 below a thousandth, otherwise three decimals. */
export function formatP(p: number): string {
  if (!Number.isFinite(p)) return '—';
  return p < 0.001 ? '<0.001' : p.toFixed(3);
}

export function table(title: string, columns: string[], rows: Array<Array<string | number | null>>, footnotes: string[] = []): ReportBlock {
  return { type: 'table', title, columns, rows, footnotes };
}

export const text = (markdown: string): ReportBlock => ({ type: 'text', markdown });

/** Non-finite numbers become null so the report stays valid JSON. */
export function finiteOrNull(x: number | null | undefined): number | null {
  return x === null || x === undefined || !Number.isFinite(x) ? null : x;
}
