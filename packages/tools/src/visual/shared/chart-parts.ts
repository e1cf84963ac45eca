// Small pieces several chart tools use: the chosen numeric columns, and round axis bounds.
import { requireVariables } from '../../common.js';
import { ToolInputError, type DataTable, type Params } from '../../tool.js';
import { maxOf, minOf } from '@labstat/stats';

/** The chosen numeric columns as a list of strings, checked. */
export function chosenColumns(data: DataTable, params: Params, min: number, what: string): string[] {
  const vars = Array.isArray(params.vars) ? params.vars.map(String).filter((v) => v !== '') : [];
  if (vars.length < min) throw new ToolInputError(`请至少选择 ${min} 个${what}`);
  if (new Set(vars).size !== vars.length) throw new ToolInputError(`${what}中有重复的变量`);
  requireVariables(data, vars);
  return vars;
}

/**
 * Axis bounds on a round step that hold every value (error bars are "lines" series, which ECharts
 * leaves out when it scales an axis).
 */
export function niceRange(values: readonly number[]): { min: number; max: number; interval: number } {
  let lo = minOf(values);
  let hi = maxOf(values);
  if (!(hi > lo)) [lo, hi] = [lo - 1, hi + 1];
  const raw = (hi - lo) / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((x) => x >= raw)!;
  const r = (v: number) => Number(v.toPrecision(12));
  return { min: r(Math.floor(lo / step - 0.02) * step), max: r(Math.ceil(hi / step + 0.02) * step), interval: r(step) };
}
