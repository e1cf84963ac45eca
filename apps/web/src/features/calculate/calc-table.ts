// The editable table of /calculate/index as plain data (spec 01 §2, §5): rows keyed for React, an
// empty row added after the last, any row deleted except the last remaining one, and column widths
// of 14 px per character clamped to 80–300. Pure, so the rules are tested without a browser.
import { CALC_MAX_ROWS, calcColumnWidth, type CalcCell, type CalcColumn, type CalcRow, type CalcTreeNode } from '@labstat/contracts';

export interface TableRow {
  /** Stable React key; never sent. */
  key: number;
  cells: CalcRow;
}

export interface CalcTable {
  columns: CalcColumn[];
  rows: TableRow[];
  nextKey: number;
}

const emptyCells = (columns: readonly CalcColumn[]): CalcRow => Object.fromEntries(columns.map((c) => [c.value, '']));

/** The table a tool opens with: its example rows (one empty row when it has columns but no example). */
export function tableFromExample(columns: readonly CalcColumn[], data: readonly CalcRow[]): CalcTable {
  const source = data.length > 0 ? data : columns.length > 0 ? [emptyCells(columns)] : [];
  const rows = source.map((r, i) => ({ key: i + 1, cells: { ...emptyCells(columns), ...r } }));
  return { columns: [...columns], rows, nextKey: rows.length + 1 };
}

/** The last remaining row cannot be deleted. */
export const canDeleteRow = (t: CalcTable): boolean => t.rows.length > 1;

/** Adding stops at the most rows a submission may carry. */
export const canAddRow = (t: CalcTable): boolean => t.rows.length < CALC_MAX_ROWS;

export function deleteRow(t: CalcTable, key: number): CalcTable {
  if (!canDeleteRow(t)) return t;
  return { ...t, rows: t.rows.filter((r) => r.key !== key) };
}

/** An empty row after the given one (the add-row button sits on the last row). */
export function addRowAfter(t: CalcTable, key: number): CalcTable {
  if (!canAddRow(t)) return t;
  const at = t.rows.findIndex((r) => r.key === key);
  const row = { key: t.nextKey, cells: emptyCells(t.columns) };
  const rows = [...t.rows];
  rows.splice(at < 0 ? rows.length : at + 1, 0, row);
  return { ...t, rows, nextKey: t.nextKey + 1 };
}

export function setCell(t: CalcTable, key: number, column: string, value: CalcCell): CalcTable {
  return { ...t, rows: t.rows.map((r) => (r.key === key ? { ...r, cells: { ...r.cells, [column]: value } } : r)) };
}

/** The rows as the submission sends them, keyed by column value; the server drops empty rows. */
export const submissionRows = (t: CalcTable): CalcRow[] => t.rows.map((r) => ({ ...r.cells }));

/** Widths of the columns by their labels (spec 01 §5). */
export const columnWidths = (columns: readonly CalcColumn[]): number[] => columns.map((c) => calcColumnWidth(c.label));

/** The first clickable tool of the tree, depth first (chosen on load). */
export function firstTool(nodes: readonly CalcTreeNode[]): CalcTreeNode | undefined {
  for (const n of nodes) {
    if (n.clickable) return n;
    const inner = firstTool(n.children);
    if (inner) return inner;
  }
  return undefined;
}

export function findTool(nodes: readonly CalcTreeNode[], id: number): CalcTreeNode | undefined {
  for (const n of nodes) {
    if (n.id === id && n.clickable) return n;
    const inner = findTool(n.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/** The name a result is saved under: the last part of its address. */
export function resultFileName(url: string): string {
  const last = url.split(/[?#]/)[0]!.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || 'result.html';
  } catch {
    return last || 'result.html';
  }
}
