// SQL pieces the methods share: a column's value as the text a user typed, dates parsed from text,
// reading a column as numbers (text cells become missing and are counted), and the names of new
// variables. Everything stays SQL; nothing runs per row in JavaScript.
import type { VariableInfo } from '@labstat/contracts';
import { ToolInputError } from '@labstat/tools';
import type { ProcessingContext } from './method.js';
import { asNumber, ident } from './sql.js';

type ColumnType = VariableInfo['type'];

/**
 * SQL for the value of `expr` (a column of `type`) as text: whole numbers as 5 (DuckDB would write
 * 5.0), other numbers as DuckDB writes them, dates as YYYY-MM-DD, text as it is.
 */
export function textOf(expr: string, type: ColumnType): string {
  if (type === 'numeric') {
    return `CASE WHEN isfinite(${expr}) AND ${expr} = trunc(${expr}) AND abs(${expr}) < 1e15 THEN CAST(CAST(${expr} AS BIGINT) AS VARCHAR) ELSE CAST(${expr} AS VARCHAR) END`;
  }
  return `CAST(${expr} AS VARCHAR)`;
}

/** {@link textOf} for a column by name. */
export const columnText = (v: Pick<VariableInfo, 'name' | 'type'>): string => textOf(ident(v.name), v.type);

/**
 * SQL parsing the text `expr` as a date in one of the forms YYYY-MM-DD, YYYY/MM/DD or YYYYMMDD
 * (month and day may have one digit in the first two); anything else, or an impossible date such as
 * 2024-02-30, is NULL.
 */
export function parseDate(expr: string): string {
  const s = `trim(${expr})`;
  return `CAST(CASE
    WHEN regexp_full_match(${s}, '\\d{4}-\\d{1,2}-\\d{1,2}') THEN try_strptime(${s}, '%Y-%m-%d')
    WHEN regexp_full_match(${s}, '\\d{4}/\\d{1,2}/\\d{1,2}') THEN try_strptime(${s}, '%Y/%m/%d')
    WHEN regexp_full_match(${s}, '\\d{8}') THEN try_strptime(${s}, '%Y%m%d')
  END AS DATE)`;
}

/** SQL for a column as a DATE: date columns as they are (a time of day dropped), others parsed from their text. */
export function dateOf(v: Pick<VariableInfo, 'name' | 'type'>): string {
  return v.type === 'date' ? `CAST(${ident(v.name)} AS DATE)` : parseDate(columnText(v));
}

/** The longest name a new variable may have. */
export const MAX_NAME = 64;

/**
 * Checks the names of new variables: not empty, not too long, not the same as each other or as a
 * column in `existing`. Returns the trimmed names. Throws ToolInputError (Chinese) naming the clash.
 */
export function checkNewNames(names: readonly string[], existing: readonly string[]): string[] {
  const taken = new Set(existing);
  const out: string[] = [];
  for (const raw of names) {
    const n = raw.trim();
    if (n === '') throw new ToolInputError('新变量名不能为空');
    if (n.length > MAX_NAME) throw new ToolInputError(`新变量名“${n.slice(0, 20)}…”太长，最多 ${MAX_NAME} 个字符`);
    if (n.toLowerCase() === '__row') throw new ToolInputError(`“${n}”是保留名称，请换一个新变量名`);
    if (taken.has(n)) throw new ToolInputError(`新变量名“${n}”与已有变量重名，请换一个名称`);
    // DuckDB column names are case-insensitive, so 性别_a and 性别_A would collide in the output.
    const lower = n.toLowerCase();
    if ([...taken].some((t) => t.toLowerCase() === lower)) throw new ToolInputError(`新变量名“${n}”与已有变量重名（不区分大小写），请换一个名称`);
    taken.add(n);
    out.push(n);
  }
  return out;
}

/** The variable named `name` (validated fields always name one). */
export function variable(variables: readonly VariableInfo[], name: string): VariableInfo {
  const v = variables.find((x) => x.name === name);
  if (!v) throw new ToolInputError(`所选的变量“${name}”不在数据文件中`);
  return v;
}

/** A count from ctx.query (DuckDB answers BIGINT as bigint or number). */
export const num = (x: unknown): number => (x === null || x === undefined ? 0 : Number(x));

/** A number expression as text the way a user typed it (5 rather than 5.0). */
export const numberText = (sql: string): string => textOf(sql, 'numeric');

/** A column's cells as text: numbers without a trailing .0, dates as YYYY-MM-DD. */
export const cellText = (v: Pick<VariableInfo, 'name' | 'type'>): string => columnText(v);

/** The variable named `name` (field validation has already checked it exists). */
export const variableOf = (ctx: Pick<ProcessingContext, 'variables'>, name: string): VariableInfo => variable(ctx.variables, name);

/**
 * The name for a new variable: the typed text, or `fallback` when empty; checked as
 * {@link checkNewNames} against the file's columns and `existing`, and free of line breaks.
 */
export function newVariableName(ctx: Pick<ProcessingContext, 'variables'>, typed: unknown, fallback: string, existing: readonly string[] = []): string {
  const name = String(typed ?? '').trim() || fallback;
  if (/[\r\n\t]/.test(name)) throw new ToolInputError('新变量名不能包含换行或制表符');
  if (name.startsWith('__')) throw new ToolInputError(`新变量名“${name}”不能以两个下划线开头`);
  return checkNewNames([name], [...ctx.variables.map((v) => v.name), ...existing])[0]!;
}

/** A numeric column's SQL and how many of its present cells are text (not numbers) and so count as missing. */
export interface NumericColumn {
  name: string;
  sql: string;
  /** Present cells that are numbers. */
  valid: number;
  /** Present cells that are text such as “未测”. */
  textCells: number;
  /** A few of those texts, for the note. */
  textExamples: string[];
}

/**
 * Reads `name` as numbers (TRY_CAST, so a text cell in a numeric-looking column is missing). Throws when the
 * column is a date or has no number at all.
 */
export async function numericColumn(ctx: ProcessingContext, name: string, purpose = '数值运算'): Promise<NumericColumn> {
  const v = variableOf(ctx, name);
  if (v.type === 'date') throw new ToolInputError(`“${name}”是日期变量，不能用于${purpose}`);
  const sql = asNumber(name);
  if (v.type === 'numeric') return { name, sql, valid: v.valid, textCells: 0, textExamples: [] };
  const [row] = await ctx.query(
    `SELECT count(${sql})::INT AS valid, (count(${ident(name)}) - count(${sql}))::INT AS text FROM src`,
  );
  const valid = Number(row?.valid ?? 0);
  const textCells = Number(row?.text ?? 0);
  if (valid === 0) throw new ToolInputError(`“${name}”没有数值，不能用于${purpose}`);
  const examples = textCells > 0
    ? (await ctx.query(`SELECT DISTINCT CAST(${ident(name)} AS VARCHAR) AS t FROM src WHERE ${ident(name)} IS NOT NULL AND ${sql} IS NULL ORDER BY t LIMIT 3`)).map((r) => String(r.t))
    : [];
  return { name, sql, valid, textCells, textExamples: examples };
}

/** The note for text cells read as missing, or nothing. */
export function textCellNote(c: NumericColumn): string[] {
  if (c.textCells === 0) return [];
  const ex = c.textExamples.map((t) => `“${t}”`).join('、');
  return [`“${c.name}”中有 ${c.textCells} 个文字单元格（如${ex}）不是数字，按缺失值处理。`];
}

/** A number for a note: integers as they are, others to 4 decimals at most. */
export function fmt(x: number): string {
  if (Number.isInteger(x)) return String(x);
  return String(Number(x.toFixed(4)));
}

/** Every column of the source, quoted, with `replace` swapping in an expression for a column. */
export function selectList(ctx: Pick<ProcessingContext, 'variables'>, replace: Record<string, string> = {}, append: Array<[string, string]> = []): string {
  const cols = ctx.variables.map((v) => (Object.hasOwn(replace, v.name) ? `${replace[v.name]} AS ${ident(v.name)}` : ident(v.name)));
  for (const [name, sql] of append) cols.push(`${sql} AS ${ident(name)}`);
  return cols.join(', ');
}
