// Reading a value column split by a group column, and the assumption checks most group tools run.
import { leveneTest, quantile, shapiroWilk, StatsError, type Group } from '@labstat/stats';
import { formatP, num } from './report-helpers.js';
import { ToolInputError, type DataTable } from './tool.js';

/** Groups of the finite values of `y` by the levels of `g`, levels in sorted order (as R's factor). */
export function groupsOf(data: DataTable, yName: string, gName: string, opts: { min?: number; max?: number } = {}): Group[] {
  const y = data.numeric(yName);
  const g = data.text(gName);
  const map = new Map<string, number[]>();
  for (let i = 0; i < y.length; i++) {
    const v = y[i];
    const k = g[i];
    if (v === null || v === undefined || !Number.isFinite(v) || k === null || k === undefined || k === '') continue;
    let list = map.get(k);
    if (!list) map.set(k, (list = []));
    list.push(v);
  }
  const groups = [...map.keys()].sort().map((name) => ({ name, values: map.get(name)! }));
  const min = opts.min ?? 2;
  if (groups.length < min) throw new ToolInputError(`分组变量“${gName}”至少需要 ${min} 个组，当前只有 ${groups.length} 个`);
  if (opts.max !== undefined && groups.length > opts.max) throw new ToolInputError(`分组变量“${gName}”最多 ${opts.max} 个组，当前有 ${groups.length} 个`);
  return groups;
}

/** Runs an engine call whose failure only means "not applicable here". */
export function orNull<T>(f: () => T): T | null {
  try {
    return f();
  } catch (err) {
    if (err instanceof StatsError) return null;
    throw err;
  }
}

export const shapiroOf = (values: number[]) => orNull(() => shapiroWilk(values));
export const leveneOf = (groups: Group[]) => orNull(() => leveneTest(groups, 'median'));

/** Assumption rows: Shapiro–Wilk per group and Levene, as [检验, 统计量, P, 结论]. */
export function assumptionRows(groups: Group[]): { rows: Array<Array<string | number | null>>; shapiro: Array<ReturnType<typeof shapiroOf>>; levene: ReturnType<typeof leveneOf> } {
  const shapiro = groups.map((g) => shapiroOf(g.values));
  const levene = leveneOf(groups);
  const rows: Array<Array<string | number | null>> = groups.map((g, i) => [
    `Shapiro-Wilk 正态性（${g.name}）`,
    num(shapiro[i]?.statistic, 4),
    shapiro[i] ? formatP(shapiro[i]!.pValue) : '—',
    shapiro[i] ? (shapiro[i]!.pValue < 0.05 ? '偏离正态' : '未见偏离正态') : '样本量不适用',
  ]);
  rows.push(['Levene 方差齐性（中位数中心）', num(levene?.statistic, 4), levene ? formatP(levene.pValue) : '—', levene ? (levene.pValue < 0.05 ? '方差不齐' : '方差齐') : '无法计算']);
  return { rows, shapiro, levene };
}

/** Median and quartiles of each group for tables and box plots (R type 7). */
export function fiveNumbers(values: number[]): [number, number, number, number, number] {
  const [q1, q2, q3] = quantile(values, [0.25, 0.5, 0.75]) as [number, number, number];
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return [lo, q1, q2, q3, hi];
}
