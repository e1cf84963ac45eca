// 点图（误差线）: per group a point at the mean (t interval) or the median (exact order-statistic
// interval from the binomial), vertical or horizontal, with the overall estimate as a dashed line.
import { binomialCdf, binomialQuantile } from '@labstat/stats';
import { levelOf, outcomeAndGroup } from '../../common.js';
import { groupsOf } from '../../groups.js';
import { num, table, text } from '../../report-helpers.js';
import type { DataTable, Params, ToolOutput } from '../../tool.js';
import { errorBarSeries, groupStats } from '../shared/group-stats.js';
import { niceRange } from '../shared/chart-parts.js';
import { r6 } from '../shared/kde.js';

export interface Estimate {
  n: number;
  estimate: number;
  lower: number | null;
  upper: number | null;
  /** The interval's actual coverage (the median's is discrete and at least the level). */
  coverage: number | null;
}

/** R's median (mean of the two middle values for even n). */
function median(sorted: readonly number[]): number {
  const n = sorted.length;
  return n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
}

/**
 * The median with the order-statistic interval [x(k), x(n−k+1)], k = qbinom((1 − level)/2, n, 1/2)
 * (as R: sort(v)[c(k, n - k + 1)]); coverage 1 − 2·P(B ≤ k − 1). Null interval when k < 1 (n too small).
 */
export function medianCi(values: readonly number[], level: number): Estimate {
  const s = [...values].sort((a, b) => a - b);
  const n = s.length;
  const k = binomialQuantile((1 - level) / 2, n, 0.5);
  const ok = k >= 1 && n - k + 1 > k - 1;
  return { n, estimate: median(s), lower: ok ? s[k - 1]! : null, upper: ok ? s[n - k]! : null, coverage: ok ? 1 - 2 * binomialCdf(k - 1, n, 0.5) : null };
}

export function meanCi(values: readonly number[], level: number): Estimate {
  const g = groupStats(values, level);
  return { n: g.n, estimate: g.mean, lower: g.ciLower, upper: g.ciUpper, coverage: g.ciLower === null ? null : level };
}


export function run(data: DataTable, params: Params): ToolOutput {
  const { yName, gName } = outcomeAndGroup(data, params, '请选择数值变量和分组变量');
  let groups = groupsOf(data, yName, gName, { min: 1, max: 40 });
  const level = levelOf(params);
  const isMedian = params.center === 'median';
  const est = (v: readonly number[]) => (isMedian ? medianCi(v, level) : meanCi(v, level));
  let ests = groups.map((g) => est(g.values));
  if (params.order === 'value') {
    const order = ests.map((_, i) => i).sort((a, b) => ests[b]!.estimate - ests[a]!.estimate);
    groups = order.map((i) => groups[i]!);
    ests = order.map((i) => ests[i]!);
  }
  const all = est(groups.flatMap((g) => g.values));
  const horizontal = params.horizontal !== false;
  const what = isMedian ? '中位数' : '均数';
  const pct = Math.round(level * 1000) / 10;
  const names = groups.map((g, i) => `${g.name} (n=${ests[i]!.n})`);
  const range = niceRange([...ests, all].flatMap((e) => [e.estimate, ...(e.lower !== null ? [e.lower, e.upper!] : [])]));
  const valueAxis = { type: 'value', name: yName, nameLocation: 'middle', nameGap: horizontal ? 30 : 48, ...range, splitLine: { show: false }, axisLine: { show: true, onZero: false } };
  const catAxis = [
    { type: 'category', data: names, name: gName, nameLocation: 'middle', nameGap: horizontal ? 90 : 32, inverse: horizontal, axisTick: { alignWithLabel: true } },
    { type: 'value', min: -0.5, max: groups.length - 0.5, show: false, inverse: horizontal },
  ];
  const pt = (pos: number, v: number) => (horizontal ? [r6(v), pos] : [pos, r6(v)]);
  const series: Array<Record<string, unknown>> = [
    errorBarSeries(`${pct}%CI`, ests.flatMap((e, i) => (e.lower !== null && e.upper !== null ? [{ x: i, lower: e.lower, upper: e.upper }] : [])), { horizontal, cap: 0.15, color: '#222' }),
    { type: 'scatter', name: what, symbol: 'circle', symbolSize: 9, z: 4, ...(horizontal ? { yAxisIndex: 1 } : { xAxisIndex: 1 }), data: ests.map((e, i) => pt(i, e.estimate)) },
  ];
  if (params.overall !== false)
    series.push({ type: 'line', name: `全部（${what}）`, symbol: 'none', silent: true, lineStyle: { type: 'dashed', width: 1, color: '#888' }, ...(horizontal ? { yAxisIndex: 1 } : { xAxisIndex: 1 }), data: [pt(-0.5, all.estimate), pt(groups.length - 0.5, all.estimate)] });
  const option = {
    tooltip: { trigger: 'item' },
    legend: { data: [] },
    grid: { left: horizontal ? 120 : 64, right: 24, top: 24, bottom: 56 },
    xAxis: horizontal ? valueAxis : catAxis,
    yAxis: horizontal ? catAxis : valueAxis,
    series,
  };
  const results: ToolOutput['results'] = { groups: groups.length, n: all.n, [`overall.${isMedian ? 'median' : 'mean'}`]: all.estimate };
  if (all.lower !== null) Object.assign(results, { 'overall.ciLower': all.lower, 'overall.ciUpper': all.upper });
  groups.forEach((g, i) => {
    const e = ests[i]!;
    Object.assign(results, { [`n.${g.name}`]: e.n, [`${isMedian ? 'median' : 'mean'}.${g.name}`]: e.estimate });
    if (e.lower !== null) Object.assign(results, { [`ciLower.${g.name}`]: e.lower, [`ciUpper.${g.name}`]: e.upper });
    if (isMedian && e.coverage !== null) results[`coverage.${g.name}`] = e.coverage;
  });
  const row = (label: string, e: Estimate) => [label, e.n, num(e.estimate, 3), num(e.lower, 3), num(e.upper, 3), ...(isMedian ? [e.coverage === null ? null : num(100 * e.coverage, 1)] : [])];
  const notes = [
    isMedian ? `中位数的置信区间为次序统计量区间 [x(k), x(n−k+1)]，k 取二项分布 B(n, 0.5) 的 ${Math.round((1 - level) * 50000) / 1000}% 分位数；因离散，实际覆盖率不低于 ${pct}%。` : `均数的置信区间按 t 分布计算（R：t.test）。`,
    `“全部”为所有观测合并的${what}${params.overall !== false ? '，图中以虚线标出' : ''}。`,
  ];
  if (ests.some((e) => e.lower === null)) notes.push(`有组例数过少，无法计算${what}的 ${pct}% 置信区间。`);
  const sections: ToolOutput['sections'] = [
    { title: '图形', blocks: [{ type: 'chart', title: `图1 各${gName}${yName}的${what}及其 ${pct}% 置信区间`, option }] },
    {
      title: '点估计与置信区间',
      blocks: [table(`表1 各组${what}及其置信区间`, ['组别', 'n', what, `${pct}%CI 下限`, `${pct}%CI 上限`, ...(isMedian ? ['实际覆盖率（%）'] : [])], [...groups.map((g, i) => row(g.name, ests[i]!)), row('全部', all)], notes)],
    },
    {
      title: '说明',
      blocks: [text(`点为各组${what}，误差线为其 ${pct}% 置信区间${params.order === 'value' ? `，各组按${what}从大到小排列` : ''}。点图只做描述；组间是否不同请用方差分析或 Kruskal-Wallis 检验判断，不能只看置信区间是否重叠。`)],
    },
  ];
  return { title: `点图（误差线）：${yName} ~ ${gName}`, sections, results };
}
