// 均值柱状图: a bar per group at its mean, error bars of SD, SE or the t interval, and brackets
// with stars for the pairs the chosen comparison finds different (in "sig" series).
import { outcomeAndGroup, levelOf } from '../../common.js';
import { niceCeil, stars } from '../../charts.js';
import { groupsOf } from '../../groups.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { r6 } from '../shared/kde.js';
import { compareGroups, errorBar, errorBarSeries, errorKindOf, errorLabel, groupStats, sigBrackets } from '../shared/group-stats.js';
import { maxOf, minOf } from '@labstat/stats';

export function run(data: DataTable, params: Params): ToolOutput {
  const { yName, gName } = outcomeAndGroup(data, params, '请选择数值变量和分组变量');
  const groups = groupsOf(data, yName, gName, { min: 1, max: 12 });
  const level = levelOf(params);
  const kind = errorKindOf(params);
  const stats = groups.map((g) => groupStats(g.values, level));
  const bars = stats.map((s) => errorBar(s, kind));
  const cmp = compareGroups(groups, String(params.marks ?? 'parametric'));
  const hiAll = Math.max(0, maxOf(stats.map((s, i) => bars[i]?.[1] ?? s.mean)));
  const loAll = Math.min(0, minOf(stats.map((s, i) => bars[i]?.[0] ?? s.mean)));
  const span = hiAll - loAll || 1;
  const sig = sigBrackets(cmp.pairs, (n) => groups.findIndex((g) => g.name === n), hiAll, span * 0.09);
  const series: Array<Record<string, unknown>> = [
    { type: 'bar', name: yName, colorBy: 'data', barWidth: '55%', itemStyle: { borderColor: '#222', borderWidth: 1 }, data: stats.map((s) => r6(s.mean)) },
    errorBarSeries('误差线', stats.flatMap((_, i) => (bars[i] ? [{ x: i, lower: bars[i]![0], upper: bars[i]![1] }] : [])), { color: '#222' }),
    ...sig.series,
  ];
  const option = {
    tooltip: { trigger: 'item' },
    // One bar series coloured by group: the category labels name the groups, a legend would not.
    legend: { data: [] },
    grid: { left: 64, right: 24, top: 24, bottom: 56 },
    xAxis: [
      { type: 'category', data: groups.map((g, i) => `${g.name}\n(n=${stats[i]!.n})`), name: gName, nameLocation: 'middle', nameGap: 40, axisTick: { alignWithLabel: true } },
      { type: 'value', min: -0.5, max: groups.length - 0.5, show: false },
    ],
    yAxis: { type: 'value', name: yName, nameLocation: 'middle', nameGap: 48, min: loAll < 0 ? undefined : 0, max: niceCeil(sig.top + span * 0.06, span), splitLine: { show: false } },
    series,
  };
  const pct = Math.round(level * 1000) / 10;
  const results: ToolOutput['results'] = { groups: groups.length, n: stats.reduce((a, s) => a + s.n, 0) };
  groups.forEach((g, i) => {
    const s = stats[i]!;
    Object.assign(results, { [`mean.${g.name}`]: s.mean, [`sd.${g.name}`]: s.sd, [`se.${g.name}`]: s.se });
    if (s.ciLower !== null) Object.assign(results, { [`ciLower.${g.name}`]: s.ciLower, [`ciUpper.${g.name}`]: s.ciUpper });
  });
  if (cmp.overall) Object.assign(results, { statistic: cmp.overall.statistic, p: cmp.overall.p });
  for (const c of cmp.pairs) results[`p.${c.label}`] = c.p;
  const sections: ToolOutput['sections'] = [
    { title: '图形', blocks: [{ type: 'chart', title: `图1 各组${yName}的均值柱状图（${errorLabel(kind, level)}）`, option }] },
    {
      title: '描述统计',
      blocks: [
        table(
          '表1 各组均数与误差线',
          ['组别', 'n', '均数', '标准差', '标准误', `${pct}%CI 下限`, `${pct}%CI 上限`],
          groups.map((g, i) => [g.name, stats[i]!.n, num(stats[i]!.mean, 3), num(stats[i]!.sd, 3), num(stats[i]!.se, 3), num(stats[i]!.ciLower, 3), num(stats[i]!.ciUpper, 3)]),
          [`误差线为${errorLabel(kind, level)}；置信区间按 t 分布计算。`, ...(stats.some((s) => s.n < 2) ? ['有组只有 1 个观测，无法计算标准差与误差线。'] : [])],
        ),
      ],
    },
  ];
  if (cmp.method) {
    const blocks = [];
    if (cmp.overall) blocks.push(table(`表2 整体比较（${cmp.overall.name}）`, ['检验', '统计量', '自由度', 'P'], [[cmp.overall.name, num(cmp.overall.statistic, 3), cmp.overall.df, formatP(cmp.overall.p)]]));
    blocks.push(table(`${cmp.overall ? '表3' : '表2'} 组间比较（${cmp.method}）`, ['比较', 'P', '标注'], cmp.pairs.map((c) => [c.label, formatP(c.p), stars(c.p)]), ['* P<0.05，** P<0.01，*** P<0.001，ns 不显著（图中只标注显著的组对）。']));
    sections.push({ title: '组间比较', blocks });
  }
  sections.push({ title: '说明', blocks: [text(`柱高为各组均数，误差线为${errorLabel(kind, level)}。${cmp.method ? `显著性标注采用${cmp.method}${cmp.overall ? `（整体比较为${cmp.overall.name}）` : ''}。` : ''}`)] });
  return { title: `均值柱状图：${yName} ~ ${gName}`, sections, results };
}
