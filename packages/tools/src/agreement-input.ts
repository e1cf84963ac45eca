// Input shared by the agreement tools (kappa, icc, bland-altman): wide data, one column per rater
// or method, read with listwise deletion and checked with messages that name the column.
import { requireVariables } from './common.js';
import { ToolInputError, type DataTable, type Params } from './tool.js';

/** The columns chosen in a select_multi field: present, distinct, at least `min` of them. */
export function chosenColumns(data: DataTable, params: Params, field: string, min: number, ask: string): string[] {
  const raw = params[field];
  const names = (Array.isArray(raw) ? raw : raw === null || raw === undefined || raw === '' ? [] : [raw]).map(String).filter((s) => s !== '');
  if (names.length < min) throw new ToolInputError(ask);
  if (new Set(names).size !== names.length) throw new ToolInputError('同一列被选择了两次，请每列只选一次');
  requireVariables(data, names);
  return names;
}

/** Rows where every column has a value (listwise deletion) and how many were dropped. */
export function completeRows(columns: ReadonlyArray<ReadonlyArray<unknown>>, rows: number): { keep: number[]; excluded: number } {
  const keep: number[] = [];
  for (let i = 0; i < rows; i++) if (columns.every((c) => c[i] !== null && c[i] !== undefined && !(typeof c[i] === 'string' && (c[i] as string).trim() === ''))) keep.push(i);
  return { keep, excluded: rows - keep.length };
}

/** Numeric columns; text that is not a number is refused with the column and the value named. */
export function numericColumns(data: DataTable, names: readonly string[]): Array<Array<number | null>> {
  return names.map((name) => {
    const nums = data.numeric(name);
    const texts = data.text(name);
    const bad = texts.findIndex((t, i) => t !== null && t.trim() !== '' && !Number.isFinite(nums[i] ?? NaN));
    if (bad >= 0) throw new ToolInputError(`列“${name}”含有非数值内容（第 ${bad + 1} 行为“${texts[bad]}”），本分析需要定量数据；请修正或删除这些值`);
    return nums.map((v) => (v === null || !Number.isFinite(v) ? null : v));
  });
}

/** The excluded-rows footnote (listwise deletion). */
export const excludedNote = (excluded: number, names: readonly string[]): string =>
  excluded > 0 ? `${names.join('、')} 中任一列缺失的 ${excluded} 行未纳入分析（列表删除）。` : '所选各列均无缺失值。';
