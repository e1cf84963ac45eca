// 小提琴图: each group's kernel density (bw.nrd0) mirrored around its position, trimmed to the
// group's range, with an inner box (quartiles, median, whiskers to 1.5 IQR) and optional points.
// The violins are stacked areas on a hidden category y axis of the density grid, so the fill runs
// horizontally; the visible y axis is a value axis over the same range.
import { MAX_MARKS } from '../../charts.js';
import { outcomeAndGroup } from '../../common.js';
import { fiveNumbers, groupsOf } from '../../groups.js';
import { num, table, text } from '../../report-helpers.js';
import { type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { bwNrd0, kde, linspace, pretty, r6, sd } from '../shared/kde.js';
import { maxOf } from '@labstat/stats';

/** Deterministic jitter in ±0.12 so the same data always draws the same picture. */
const jitter = (i: number) => {
  const x = Math.sin(i * 12.9898) * 43758.5453;
  return (x - Math.floor(x) - 0.5) * 0.24;
};

/** Smallest and largest of many values (a spread into Math.min overflows the stack past ~10^5 values). */
function range(values: readonly number[]): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return [lo, hi];
}

export function run(data: DataTable, params: Params): ToolOutput {
  const { yName, gName } = outcomeAndGroup(data, params, '请选择数值变量和分组变量');
  const groups = groupsOf(data, yName, gName, { min: 1, max: 12 });
  const all = groups.flatMap((g) => g.values);
  const ticks = pretty(...range(all), 5, 1);
  const grid = linspace(ticks[0]!, ticks[ticks.length - 1]!, 201);
  const stats = groups.map((g) => {
    const f = fiveNumbers(g.values);
    const iqr = f[3] - f[1];
    const inside = g.values.filter((v) => v >= f[1] - 1.5 * iqr && v <= f[3] + 1.5 * iqr);
    const n = g.values.length;
    const [lowerWhisker, upperWhisker] = range(inside);
    return { n, five: f, lowerWhisker, upperWhisker, mean: g.values.reduce((a, b) => a + b, 0) / n, sd: n > 1 ? sd(g.values) : NaN, bw: n > 1 ? bwNrd0(g.values) : NaN };
  });
  const dens = groups.map((g, i) => (Number.isFinite(stats[i]!.bw) ? kde(g.values, stats[i]!.bw, grid).map((d, j) => (grid[j]! < stats[i]!.five[0] || grid[j]! > stats[i]!.five[4] ? 0 : d)) : grid.map(() => 0)));
  const top = maxOf(dens.flat()) || 1;
  const series: Array<Record<string, unknown>> = [];
  groups.forEach((g, i) => {
    const w = dens[i]!.map((d) => (d / top) * 0.42);
    const common = { type: 'line', symbol: 'none', stack: `violin${i}`, stackStrategy: 'all', xAxisIndex: 1, yAxisIndex: 1, name: g.name };
    // Only the grid rows within the group's range (and one either side, where the width is 0).
    const first = Math.max(0, w.findIndex((v) => v > 0) - 1);
    const last = Math.min(w.length - 1, w.length - w.slice().reverse().findIndex((v) => v > 0));
    const rows = w.map((v, j) => [v, j] as const).filter(([, j]) => j >= first && j <= last);
    series.push({ ...common, silent: true, lineStyle: { opacity: 0 }, tooltip: { show: false }, data: rows.map(([v, j]) => [r6(i - v), j]) });
    series.push({ ...common, lineStyle: { width: 1 }, areaStyle: { opacity: 0.6 }, data: rows.map(([v, j]) => [r6(2 * v), j]) });
  });
  let pointNote = '';
  if (params.points === true) {
    const total = all.length;
    // An overlay over the violins: at most about MAX_MARKS points, as over box plots.
    const every = Math.ceil(total / MAX_MARKS);
    if (every > 1) pointNote = `观测共 ${total} 个，数据点每 ${every} 个绘制 1 个（按数据顺序等间隔抽取）。`;
    let k = 0;
    series.push({ type: 'scatter', name: '观测值', xAxisIndex: 1, symbolSize: 4, itemStyle: { color: '#444' }, data: groups.flatMap((g, gi) => g.values.filter(() => k++ % every === 0).map((v, j) => [r6(gi + jitter(j + gi * 7919)), v])) });
  }
  if (params.box !== false) {
    series.push({ type: 'lines', name: '须线', coordinateSystem: 'cartesian2d', xAxisIndex: 1, silent: true, z: 4, lineStyle: { color: '#222', width: 1, opacity: 1 }, data: stats.map((s, i) => ({ coords: [[i, s.lowerWhisker], [i, s.upperWhisker]] })) });
    series.push({ type: 'lines', name: '四分位间距', coordinateSystem: 'cartesian2d', xAxisIndex: 1, silent: true, z: 5, lineStyle: { color: '#222', width: 7, opacity: 1 }, data: stats.map((s, i) => ({ coords: [[i, s.five[1]], [i, s.five[3]]] })) });
    series.push({ type: 'scatter', name: '中位数', xAxisIndex: 1, z: 6, itemStyle: { color: '#fff', borderColor: '#222', borderWidth: 1 }, data: stats.map((s, i) => [i, s.five[2]]) });
  }
  const option = {
    tooltip: { trigger: 'item' },
    legend: { data: groups.map((g) => g.name), top: 0 },
    grid: { left: 64, right: 24, top: 36, bottom: 56 },
    xAxis: [
      { type: 'category', data: groups.map((g, i) => `${g.name}\n(n=${stats[i]!.n})`), name: gName, nameLocation: 'middle', nameGap: 40, axisTick: { alignWithLabel: true } },
      { type: 'value', min: -0.5, max: groups.length - 0.5, show: false },
    ],
    yAxis: [
      { type: 'value', name: yName, nameLocation: 'middle', nameGap: 48, min: ticks[0], max: ticks[ticks.length - 1], splitLine: { show: false }, axisLine: { onZero: false } },
      { type: 'category', data: grid.map((v) => String(r6(v))), boundaryGap: false, show: false },
    ],
    series,
  };
  const results: ToolOutput['results'] = { groups: groups.length, n: all.length };
  groups.forEach((g, i) => {
    const s = stats[i]!;
    Object.assign(results, { [`n.${g.name}`]: s.n, [`median.${g.name}`]: s.five[2], [`q1.${g.name}`]: s.five[1], [`q3.${g.name}`]: s.five[3], [`mean.${g.name}`]: s.mean });
    if (Number.isFinite(s.bw)) results[`bandwidth.${g.name}`] = s.bw;
  });
  const missing = data.rows - all.length;
  return {
    title: `小提琴图：${yName} ~ ${gName}`,
    sections: [
      { title: '图形', blocks: [{ type: 'chart', title: `图1 各组${yName}的小提琴图`, option }] },
      {
        title: '分布概括',
        blocks: [
          table(
            '表1 各组分布概括',
            ['组别', 'n', '最小值', 'P25', '中位数', 'P75', '最大值', '均数', '标准差', '核密度带宽'],
            groups.map((g, i) => {
              const s = stats[i]!;
              return [g.name, s.n, num(s.five[0], 2), num(s.five[1], 2), num(s.five[2], 2), num(s.five[3], 2), num(s.five[4], 2), num(s.mean, 2), num(s.sd, 2), num(s.bw, 4)];
            }),
            [
              '四分位数按 R 的默认算法（type 7）；核密度为高斯核，带宽按 bw.nrd0；各组按同一比例缩放，两端截至各组最小值与最大值。',
              ...(pointNote ? [pointNote] : []),
              ...(missing > 0 ? [`${missing} 行因${yName}或${gName}缺失未纳入。`] : []),
            ],
          ),
        ],
      },
      { title: '说明', blocks: [text(`小提琴的宽度表示该数值附近观测的密集程度。${params.box !== false ? '内嵌粗线为 P25~P75，白点为中位数，细线为须线（延伸至 1.5 倍四分位间距以内的最远观测）。' : ''}`)] },
    ],
    results,
  };
}
