// The calculation tool format (spec 01 §2 /calculate/index, DESIGN §4): no upload — the user types a
// small table (or only parameters) and gets a result page. Declaration apart from computation, as
// for analysis tools: `definition` is plain data, `run` is pure.
import type { CalcCell, CalcColumn, CalcRow } from '@labstat/contracts';
import { ToolInputError, type FieldSpec, type Params, type ToolOutput } from '../tool.js';

export interface CalcToolDefinition {
  /** Stable id (toolid in calls), 4001+, never reused. */
  id: number;
  /** Stable slug, also the folder name and the tree node's `label` (idname). */
  key: string;
  version: number;
  name: string;
  /** Category path in the tree, root first (e.g. ['样本量与检验效能', '均数比较']). */
  categories: string[];
  description: string;
  /** The editable table; absent for a tool that takes only parameters. */
  table?: {
    columns: CalcColumn[];
    /** Example rows, keyed by column value (what the table shows on opening). */
    example: CalcRow[];
  };
  /** Parameter form fields (no column fields: there is no data file). */
  fields: FieldSpec[];
}

export interface CalcInput {
  /** Rows as typed, keyed by column value; empty rows are already dropped. */
  rows: CalcRow[];
  form: Params;
}

export interface CalcTool {
  definition: CalcToolDefinition;
  run(input: CalcInput): ToolOutput;
}

const isBlank = (v: CalcCell | undefined) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** Rows with at least one filled cell among the tool's columns. */
export function filledRows(def: CalcToolDefinition, rows: readonly CalcRow[]): CalcRow[] {
  const keys = def.table?.columns.map((c) => c.value) ?? [];
  return rows.filter((r) => keys.some((k) => !isBlank(r[k])));
}

function columnLabel(def: CalcToolDefinition, key: string): string {
  return def.table?.columns.find((c) => c.value === key)?.label ?? key;
}

/**
 * A cell as a number; a blank or text cell throws a message naming the row (1-based, as the table
 * shows it) and the column: “第 2 行“例数”不是数字：abc”.
 */
export function cellNumber(def: CalcToolDefinition, rows: readonly CalcRow[], row: number, key: string, opts: { integer?: boolean; min?: number; optional?: boolean } = {}): number {
  const v = rows[row]?.[key];
  const where = `第 ${row + 1} 行“${columnLabel(def, key)}”`;
  if (isBlank(v)) {
    if (opts.optional) return NaN;
    throw new ToolInputError(`${where}未填写`);
  }
  const n = typeof v === 'number' ? v : Number(String(v).trim().replace(/，/g, ','));
  if (!Number.isFinite(n)) throw new ToolInputError(`${where}不是数字：${String(v)}`);
  if (opts.integer && !Number.isInteger(n)) throw new ToolInputError(`${where}应为整数：${String(v)}`);
  if (opts.min !== undefined && n < opts.min) throw new ToolInputError(`${where}不能小于 ${opts.min}`);
  return n;
}

/** A cell as text ('' when blank). */
export function cellText(rows: readonly CalcRow[], row: number, key: string): string {
  const v = rows[row]?.[key];
  return isBlank(v) ? '' : String(v).trim();
}

/** Throws the empty-table message when no row has data; answers the filled rows. */
export function requireRows(def: CalcToolDefinition, rows: readonly CalcRow[], min = 1): CalcRow[] {
  const filled = filledRows(def, rows);
  if (filled.length === 0) throw new ToolInputError('表格中没有数据，请先填写');
  if (filled.length < min) throw new ToolInputError(`至少需要填写 ${min} 行数据`);
  return filled;
}

/** A form value as a number (form values are checked against their field before `run`). */
export const formNumber = (form: Params, key: string): number => Number(form[key]);
export const formText = (form: Params, key: string): string => String(form[key] ?? '');
