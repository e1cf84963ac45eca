// 山脊图: each group's kernel density (bw.nrd0 × adjust) on its own baseline, all on one scale
// (the tallest peak spans `overlap` rows), first group at the bottom as ggridges draws it.
import { quantile, maxOf } from '@labstat/stats';
import { outcomeAndGroup } from '../../common.js';
import { groupsOf } from '../../groups.js';
import { num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { bwNrd0, kde, linspace, pretty, r6, sd } from '../shared/kde.js';

export function run(data: DataTable, params: Params): ToolOutput {
  const { yName, gName } = outcomeAndGroup(data, params, '请选择数值变量和分组变量');
  const adjust = typeof params.adjust === 'number' ? params.adjust : 1;
  const overlap = typeof params.overlap === 'number' ? params.overlap : 1.5;
  if (!(adjust >= 0.2 && adjust <= 5)) throw new ToolInputError('带宽倍数须在 0.2~5 之间');
  if (!(overlap >= 0.5 && overlap <= 3)) throw new ToolInputError('重叠程度须在 0.5~3 之间');
  const groups = groupsOf(data, yName, gName, { min: 2, max: 20 });
  for (const g of groups) if (g.values.length < 2) throw new ToolInputError(`“${g.name}”组的有效数值少于 2 个，无法估计核密度`);
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
  const k = groups.length;
  const series: Array<Record<string, unknown>> = [];
  // Drawn from the top row down, so a lower (nearer) ridge covers the one behind it.
  for (let i = k - 1; i >= 0; i--) {
    const base = i - 0.4;
    const common = { type: 'line', symbol: 'none', stack: `ridge${i}`, stackStrategy: 'all', xAxisIndex: 0, yAxisIndex: 1, z: 2 + k - i };
    series.push({ ...common, name: groups[i]!.name, silent: true, lineStyle: { opacity: 0 }, tooltip: { show: false }, data: grid.map((x) => [r6(x), base]) });
    series.push({ ...common, name: groups[i]!.name, lineStyle: { width: 1.5 }, areaStyle: { opacity: 0.75 }, data: grid.map((x, j) => [r6(x), r6((dens[i]![j]! / top) * overlap)]) });
  }
  const ticks = pretty(lo, hi, 5, 1);
  const option = {
    tooltip: { trigger: 'item' },
    legend: { data: groups.map((g) => g.name), top: 0 },
    grid: { left: 90, right: 30, top: 36, bottom: 50 },
    xAxis: { type: 'value', name: yName, nameLocation: 'middle', nameGap: 28, min: ticks[0], max: ticks[ticks.length - 1], splitLine: { show: false }, axisLine: { onZero: false } },
    yAxis: [
      { type: 'category', data: [...groups.map((g) => g.name), ''], axisTick: { show: false }, splitLine: { show: false } },
      { type: 'value', min: -0.5, max: k + 0.5, show: false },
    ],
    series,
  };
  const stats = groups.map((g, i) => {
    const n = g.values.length;
    const mean = g.values.reduce((a, b) => a + b, 0) / n;
    return { n, mean, sd: sd(g.values), median: quantile(g.values, 0.5)[0]!, bw: bws[i]!, peak: grid[dens[i]!.indexOf(maxOf(dens[i]!))]! };
  });
  const results: ToolOutput['results'] = { n: stats.reduce((a, s) => a + s.n, 0), groups: k, adjust };
  groups.forEach((g, i) => Object.assign(results, { [`n.${g.name}`]: stats[i]!.n, [`mean.${g.name}`]: stats[i]!.mean, [`median.${g.name}`]: stats[i]!.median, [`bandwidth.${g.name}`]: stats[i]!.bw, [`mode.${g.name}`]: stats[i]!.peak }));
  const missing = data.rows - (results.n as number);
  return {
    title: `山脊图：${yName} ~ ${gName}`,
    sections: [
      { title: '图形', blocks: [{ type: 'chart', title: `图1 各${gName}${yName}的山脊图`, option }] },
      {
        title: '密度估计',
        blocks: [
          table(
            '表1 各组描述统计与核密度带宽',
            ['组别', 'n', '均数', '标准差', '中位数', '带宽', '密度峰值位置'],
            groups.map((g, i) => [g.name, stats[i]!.n, num(stats[i]!.mean, 3), num(stats[i]!.sd, 3), num(stats[i]!.median, 3), num(stats[i]!.bw, 4), num(stats[i]!.peak, 3)]),
            [`高斯核，带宽 = bw.nrd0 × ${adjust}；各组曲线按同一比例缩放，最高的峰占 ${overlap} 行高。`, ...(missing > 0 ? [`${missing} 行因${yName}或${gName}缺失未纳入。`] : [])],
          ),
        ],
      },
      { title: '说明', blocks: [text('每一行是一组的核密度曲线，各组共用同一横轴与同一纵向比例：曲线越靠右数值越大，越矮越宽表示越分散。')] },
    ],
    results,
  };
}
