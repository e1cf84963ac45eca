// 密度图: Gaussian kernel densities (bandwidth bw.nrd0 × adjust, per group) on one grid from
// min − 3·bw to max + 3·bw as R's density(cut = 3), with an optional rug of the observations.
import { quantile, maxOf } from '@labstat/stats';
import { requireVariables } from '../../common.js';
import { groupsOf } from '../../groups.js';
import { num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { bwNrd0, kde, linspace, pretty, r6, sd } from '../shared/kde.js';

/** Rug marks drawn at most; above it every k-th order statistic (an even spread of quantiles). */
const MAX_RUG = 1000;

/** The analysed values: one group per level of `gName`, or the whole column under its own name. */
export function valuesBy(data: DataTable, xName: string, gName: string, max = 8) {
  return gName
    ? groupsOf(data, xName, gName, { min: 1, max })
    : [{ name: xName, values: data.numeric(xName).filter((v): v is number => v !== null && Number.isFinite(v)) }];
}

export function run(data: DataTable, params: Params): ToolOutput {
  const xName = String(params.x ?? '');
  const gName = String(params.group ?? '');
  if (!xName) throw new ToolInputError('请选择要绘制密度图的定量变量');
  if (xName === gName) throw new ToolInputError('定量变量与分组变量不能是同一个变量');
  requireVariables(data, gName ? [xName, gName] : [xName]);
  const adjust = typeof params.adjust === 'number' ? params.adjust : 1;
  if (!(adjust >= 0.2 && adjust <= 5)) throw new ToolInputError('带宽倍数须在 0.2~5 之间');
  const groups = valuesBy(data, xName, gName);
  for (const g of groups) if (g.values.length < 2) throw new ToolInputError(`“${g.name}”的有效数值少于 2 个，无法估计核密度`);
  const bws = groups.map((g) => bwNrd0(g.values) * adjust);
  let lo = Infinity;
  let hi = -Infinity;
  groups.forEach((g, i) => {
    for (const v of g.values) {
      lo = Math.min(lo, v - 3 * bws[i]!);
      hi = Math.max(hi, v + 3 * bws[i]!);
    }
  });
  const grid = linspace(lo, hi, 256);
  const dens = groups.map((g, i) => kde(g.values, bws[i]!, grid));
  const top = maxOf(dens.flat());
  const series: Array<Record<string, unknown>> = groups.map((g, i) => ({
    type: 'line',
    name: g.name,
    symbol: 'none',
    lineStyle: { width: 2 },
    areaStyle: { opacity: 0.2 },
    data: grid.map((x, j) => [r6(x), r6(dens[i]![j]!)]),
  }));
  let rugNote = '';
  if (params.rug !== false) {
    groups.forEach((g, i) => {
      const s = [...g.values].sort((a, b) => a - b);
      const step = Math.ceil(s.length / MAX_RUG);
      if (step > 1) rugNote = `观测较多，地毯线每组最多绘制 ${MAX_RUG} 条（按排序后每隔若干个取一个，即均匀分布的分位数）。`;
      const marks = s.filter((_, j) => j % step === 0);
      // Each group's ticks in its own band under the axis line, so groups do not hide each other.
      const y0 = -top * 0.04 * (i + 1);
      series.push({ type: 'lines', name: g.name, coordinateSystem: 'cartesian2d', silent: true, lineStyle: { width: 1, opacity: 0.6 }, data: marks.map((v) => ({ coords: [[r6(v), r6(y0)], [r6(v), r6(y0 + top * 0.03)]] })) });
    });
  }
  const ticks = pretty(lo, hi, 5, 1);
  const option = {
    tooltip: { trigger: 'axis' },
    ...(groups.length > 1 ? { legend: { data: groups.map((g) => g.name), top: 0 } } : {}),
    grid: { left: 64, right: 30, top: groups.length > 1 ? 40 : 24, bottom: 50 },
    xAxis: { type: 'value', name: xName, nameLocation: 'middle', nameGap: 28, min: ticks[0], max: ticks[ticks.length - 1], splitLine: { show: false }, axisLine: { onZero: false } },
    yAxis: { type: 'value', name: '密度', nameLocation: 'middle', nameGap: 48, min: params.rug !== false ? r6(-top * 0.04 * groups.length - top * 0.01) : 0, axisLabel: { showMinLabel: params.rug === false }, splitLine: { show: false }, axisLine: { onZero: false } },
    series,
  };
  const stats = groups.map((g, i) => {
    const n = g.values.length;
    const mean = g.values.reduce((a, b) => a + b, 0) / n;
    const peak = grid[dens[i]!.indexOf(maxOf(dens[i]!))]!;
    return { n, mean, sd: sd(g.values), median: quantile(g.values, 0.5)[0]!, bw: bws[i]!, peak };
  });
  const results: ToolOutput['results'] = { n: stats.reduce((a, s) => a + s.n, 0), groups: groups.length, adjust };
  groups.forEach((g, i) => {
    const key = gName ? `.${g.name}` : '';
    const s = stats[i]!;
    Object.assign(results, { [`n${key}`]: s.n, [`mean${key}`]: s.mean, [`sd${key}`]: s.sd, [`median${key}`]: s.median, [`bandwidth${key}`]: s.bw, [`mode${key}`]: s.peak });
  });
  const missing = data.rows - (results.n as number);
  return {
    title: `密度图：${xName}${gName ? ` ~ ${gName}` : ''}`,
    sections: [
      { title: '图形', blocks: [{ type: 'chart', title: `图1 ${xName}的核密度图${gName ? `（按${gName}）` : ''}`, option }] },
      {
        title: '密度估计',
        blocks: [
          table(
            '表1 各组描述统计与核密度带宽',
            ['组别', 'n', '均数', '标准差', '中位数', '带宽', '密度峰值位置'],
            groups.map((g, i) => [g.name, stats[i]!.n, num(stats[i]!.mean, 3), num(stats[i]!.sd, 3), num(stats[i]!.median, 3), num(stats[i]!.bw, 4), num(stats[i]!.peak, 3)]),
            [
              `高斯核，带宽 = bw.nrd0 × ${adjust}（R：density(x, bw = "nrd0", adjust = ${adjust})）；曲线画到各组数据两端外 3 个带宽处。`,
              ...(rugNote ? [rugNote] : []),
              ...(missing > 0 ? [`${missing} 行因${xName}${gName ? `或${gName}` : ''}缺失未纳入。`] : []),
            ],
          ),
        ],
      },
      { title: '说明', blocks: [text(`核密度曲线是直方图的平滑版本，曲线下面积为 1；峰的位置表示数值最集中的区域，多个峰提示可能混有不同的亚群。${params.rug !== false ? '横轴下方的短竖线（地毯线）为原始观测值。' : ''}`)] },
    ],
    results,
  };
}
