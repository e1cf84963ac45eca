// Pieces shared by the PCA and EFA tools (group A): reading the chosen items, the KMO/Bartlett table,
// the scree plot, loading tables with small loadings blanked, and names for the saved score columns.
import { bartlettSphericity, completeCorrelation, kmo, StatsError, minOf } from '@labstat/stats';
import type { ReportBlock } from '@labstat/contracts';
import { requireVariables } from '../common.js';
import { fieldList, quoted } from '../model-input.js';
import { formatP, num, table } from '../report-helpers.js';
import { numericValues } from '../survival-input.js';
import { ToolInputError, type DataTable, type Params } from '../tool.js';

export const FONT_FAMILY = 'Times New Roman, SimSun, serif';
const AXIS_LINE = { lineStyle: { color: '#000' } };
const r4 = (v: number) => Number(v.toPrecision(6));

export interface Items {
  names: string[];
  columns: Array<Array<number | null>>;
  cor: Float64Array;
  n: number;
  p: number;
  /** Input row of each complete row. */
  rows: number[];
  excluded: number;
}

/** StatsError → ToolInputError with the engine's Chinese message; anything else rethrown. */
export function asInputError<T>(what: string, f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(`${what}：${err.message}`);
    throw err;
  }
}

/**
 * The chosen numeric items, listwise complete, with their correlation matrix.
 * @throws ToolInputError for fewer than `min` items, text in a column, a constant column (named),
 *   complete rows not exceeding the items, or a singular correlation matrix.
 */
export function readItems(data: DataTable, params: Params, min: number, what: string): Items {
  const names = fieldList(params.vars);
  if (names.length < min) throw new ToolInputError(`${what}至少需要选择 ${min} 个定量变量（当前 ${names.length} 个）`);
  requireVariables(data, names);
  const columns = names.map((v) => numericValues(data, v));
  const m = asInputError(what, () => completeCorrelation(columns, names));
  if (m.n <= m.p) throw new ToolInputError(`${what}的完整观测数（${m.n}）须多于变量数（${m.p}），请减少变量或增加样本（一般建议样本量至少为变量数的 5 ~ 10 倍）`);
  // A column that is an exact linear function of the others makes R singular: KMO, Bartlett and factoring all need R⁻¹.
  for (let a = 0; a < m.p; a++)
    for (let b = a + 1; b < m.p; b++)
      if (Math.abs(m.cor[a * m.p + b]!) > 1 - 1e-10) throw new ToolInputError(`变量“${names[a]}”与“${names[b]}”完全相关（r = ${num(m.cor[a * m.p + b]!, 4)}），相关矩阵奇异，请只保留其中一个`);
  return { names, columns, cor: m.cor, n: m.n, p: m.p, rows: m.rows, excluded: m.excluded };
}

/** KMO and Bartlett's test of the items; a singular matrix refused in Chinese. */
export function adequacy(items: Items): { kmo: { overall: number; perVariable: number[] }; bartlett: { statistic: number; df: number; pValue: number } } {
  try {
    return { kmo: kmo(items.cor, items.p), bartlett: bartlettSphericity(items.cor, items.p, items.n) };
  } catch (err) {
    if (err instanceof StatsError)
      throw new ToolInputError(`所选变量的相关矩阵奇异（某个变量是其他变量的线性组合，如总分与各条目同时选入，或某两列重复），无法计算 KMO 与 Bartlett 检验。请删除冗余变量（已选：${quoted(items.names)}）`);
    throw err;
  }
}

/** Kaiser's verbal labels for KMO. */
export function kmoWord(v: number): string {
  return v >= 0.9 ? '极好' : v >= 0.8 ? '良好' : v >= 0.7 ? '中等' : v >= 0.6 ? '一般' : v >= 0.5 ? '较差' : '不可接受';
}

export function adequacyTable(title: string, a: ReturnType<typeof adequacy>, items: Items, notes: string[]): ReportBlock {
  return table(
    title,
    ['检验', '统计量', '值'],
    [
      ['KMO 取样适切性量数', 'KMO', num(a.kmo.overall, 3)],
      ['Bartlett 球形度检验', '近似 χ²', num(a.bartlett.statistic, 2)],
      ['', 'df', a.bartlett.df],
      ['', 'P', formatP(a.bartlett.pValue)],
    ],
    [
      `分析 ${items.n} 例${items.excluded > 0 ? `；${items.excluded} 例因所选变量有缺失值未纳入（列表删除）` : '，无缺失值'}。`,
      `KMO ≥ 0.6 一般认为适合做因子分析或主成分分析（Kaiser 1974：≥ 0.9 极好，0.8 良好，0.7 中等，0.6 一般，0.5 较差，< 0.5 不可接受），本次为“${kmoWord(a.kmo.overall)}”；Bartlett 检验 P < 0.05 表示相关矩阵不是单位阵，变量间存在共同因子。`,
      `各变量的 KMO（MSA）最低为 ${num(minOf(a.kmo.perVariable), 3)}（${items.names[a.kmo.perVariable.indexOf(minOf(a.kmo.perVariable))]}）；低于 0.5 的变量可考虑删除。`,
      ...notes,
    ],
  );
}

/** Scree plot: eigenvalues by number, optionally the parallel-analysis threshold and the line at 1. */
export function screeChart(title: string, eigenvalues: readonly number[], o: { name: string; reference?: number | null; simulated?: { name: string; values: readonly number[] }; more?: Array<{ name: string; values: readonly number[] }> }): ReportBlock {
  const xs = eigenvalues.map((_, i) => String(i + 1));
  const series: Array<Record<string, unknown>> = [
    { type: 'line', name: o.name, data: eigenvalues.map(r4), symbol: 'circle', symbolSize: 7, lineStyle: { width: 2, color: '#303133' }, itemStyle: { color: '#303133' } },
  ];
  for (const m of o.more ?? []) series.push({ type: 'line', name: m.name, data: m.values.map(r4), symbol: 'rect', symbolSize: 6, lineStyle: { width: 1.5, color: '#409EFF' }, itemStyle: { color: '#409EFF' } });
  if (o.simulated) series.push({ type: 'line', name: o.simulated.name, data: o.simulated.values.map(r4), symbol: 'triangle', symbolSize: 6, lineStyle: { width: 1.5, type: 'dashed', color: '#F56C6C' }, itemStyle: { color: '#F56C6C' } });
  if (o.reference !== null && o.reference !== undefined)
    series.push({ type: 'line', name: `特征值 = ${o.reference}`, data: xs.map(() => o.reference), symbol: 'none', lineStyle: { width: 1, type: 'dotted', color: '#909399' }, silent: true, tooltip: { show: false } });
  return {
    type: 'chart',
    title,
    option: {
      textStyle: { fontFamily: FONT_FAMILY },
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 56, right: 24, top: 40, bottom: 48 },
      xAxis: { type: 'category', data: xs, name: '序号', nameLocation: 'middle', nameGap: 28, axisLine: AXIS_LINE, boundaryGap: false },
      yAxis: { type: 'value', name: '特征值', nameLocation: 'middle', nameGap: 40, splitLine: { show: false }, axisLine: { show: true, ...AXIS_LINE } },
      series,
    },
  };
}

/**
 * Rows of a loading table: one per variable (sorted by the factor it loads most on, then by the size
 * of that loading, when `sort`), loadings with |value| < `blank` left empty, then extra columns.
 */
export function loadingRows(names: readonly string[], loadings: readonly (readonly number[])[], o: { sort: boolean; blank: number; extra: (i: number) => Array<number | string | null> }): Array<Array<string | number | null>> {
  const k = loadings[0]!.length;
  const main = loadings.map((row) => row.reduce((b, v, f) => (Math.abs(v) > Math.abs(row[b]!) ? f : b), 0));
  const order = names.map((_, i) => i);
  if (o.sort) order.sort((a, b) => main[a]! - main[b]! || Math.abs(loadings[b]![main[b]!]!) - Math.abs(loadings[a]![main[a]!]!));
  return order.map((i) => [names[i]!, ...Array.from({ length: k }, (_, f) => (Math.abs(loadings[i]![f]!) < o.blank ? '' : num(loadings[i]![f]!, 3))), ...o.extra(i)]);
}

/** The chosen variables for a sentence: all of them when few, else the first three and the count. */
export function itemList(names: readonly string[], unit: string): string {
  return names.length > 6 ? `${quoted(names.slice(0, 3))}等 ${names.length} 个${unit}` : `${quoted(names)}共 ${names.length} 个${unit}`;
}

/** Names for new score columns that do not clash with the file's columns. */
export function freshNames(data: DataTable, wanted: readonly string[]): string[] {
  const taken = new Set(data.variables.map((v) => v.name));
  return wanted.map((w) => {
    let name = w;
    for (let i = 2; taken.has(name); i++) name = `${w}_${i}`;
    taken.add(name);
    return name;
  });
}

/** Which variables load most strongly (by |loading|) on each factor, at or above `threshold`. */
export function markers(names: readonly string[], loadings: readonly (readonly number[])[], threshold: number): string[][] {
  const k = loadings[0]!.length;
  const out: string[][] = Array.from({ length: k }, () => []);
  loadings.forEach((row, i) => {
    const f = row.reduce((b, v, j) => (Math.abs(v) > Math.abs(row[b]!) ? j : b), 0);
    if (Math.abs(row[f]!) >= threshold) out[f]!.push(names[i]!);
  });
  return out;
}

/** Variables with a negative main loading (likely reverse-keyed items). */
export function negativeMain(names: readonly string[], loadings: readonly (readonly number[])[], threshold: number): string[] {
  return names.filter((_, i) => {
    const row = loadings[i]!;
    const f = row.reduce((b, v, j) => (Math.abs(v) > Math.abs(row[b]!) ? j : b), 0);
    return row[f]! <= -threshold;
  });
}

/** Variables loading ≥ threshold on two or more factors. */
export function crossLoading(names: readonly string[], loadings: readonly (readonly number[])[], threshold: number): string[] {
  return names.filter((_, i) => loadings[i]!.filter((v) => Math.abs(v) >= threshold).length >= 2);
}

export { AXIS_LINE };
