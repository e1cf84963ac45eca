// SQL pieces shared by the row, file and shape methods (merge, append, reshape, split, type
// conversion, labels, dummies, dates): a column's value as the text a user typed, dates parsed from
// text, and checks for the names of new variables. Everything stays SQL; nothing runs per row in JS.
import type { VariableInfo } from '@labstat/contracts';
import { ToolInputError } from '@labstat/tools';
import { ident } from '../sql.js';

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
