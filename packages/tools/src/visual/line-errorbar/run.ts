// 折线图（误差线）: long-format data (time, value, group) summarised at each time point per group
// as mean ± SD/SE/CI, drawn as lines with error bars (groups dodged slightly so bars do not overlap).
import { levelOf, requireVariables } from '../../common.js';
import { num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { errorBar, errorBarSeries, errorKindOf, errorLabel, groupStats, type GroupStats } from '../shared/group-stats.js';
import { r6 } from '../shared/kde.js';
import { niceRange } from '../shared/chart-parts.js';

const has = (v: string | null | undefined): v is string => v !== null && v !== undefined && v.trim() !== '';

export function run(data: DataTable, params: Params): ToolOutput {
  const tName = String(params.time ?? '');
  const yName = String(params.y ?? '');
  const gName = String(params.group ?? '');
  if (!tName || !yName) throw new ToolInputError('请选择时间变量和数值变量');
  requireVariables(data, [tName, yName, ...(gName ? [gName] : [])]);
  if (tName === yName || tName === gName) throw new ToolInputError('时间变量不能与数值变量或分组变量相同');
  const t = data.text(tName).map((v) => (has(v) ? v.trim() : null));
  const y = data.numeric(yName);
  const g = gName ? data.text(gName).map((v) => (has(v) ? v.trim() : null)) : t.map(() => yName);
  const rows: number[] = [];
  for (let i = 0; i < data.rows; i++) if (t[i] !== null && g[i] !== null && y[i] !== null && Number.isFinite(y[i]!)) rows.push(i);
  if (rows.length === 0) throw new ToolInputError(`“${yName}”没有可用的观测（时间${gName ? '、分组' : ''}与数值均不缺失）`);
  let times = [...new Set(rows.map((i) => t[i]!))];
  if (times.every((v) => Number.isFinite(Number(v)))) times = times.sort((a, b) => Number(a) - Number(b));
  const groups = [...new Set(rows.map((i) => g[i]!))].sort();
  if (times.length < 2) throw new ToolInputError(`时间变量“${tName}”至少需要 2 个时间点`);
  if (times.length > 30) throw new ToolInputError(`时间变量“${tName}”有 ${times.length} 个不同取值，最多 30 个时间点；请检查是否选错了变量`);
  if (groups.length > 10) throw new ToolInputError(`分组变量“${gName}”有 ${groups.length} 个组，最多 10 个`);
  const level = levelOf(params);
  const kind = errorKindOf(params);
  const cells = groups.map((gr) =>
    times.map((tm) => {
      const v = rows.filter((i) => g[i] === gr && t[i] === tm).map((i) => y[i]!);
      return v.length > 0 ? groupStats(v, level) : null;
    }),
  );
  // Dodge: groups spread over ±0.08 of a category so their error bars stay apart.
  const off = (k: number) => (groups.length === 1 ? 0 : -0.08 + (0.16 * k) / (groups.length - 1));
  const series: Array<Record<string, unknown>> = [];
  groups.forEach((gr, k) => {
    series.push({
      type: 'line',
      name: gr,
      xAxisIndex: 1,
      symbol: 'circle',
      symbolSize: 7,
      connectNulls: true,
      lineStyle: { width: 2 },
      data: times.map((_, j) => (cells[k]![j] ? [r6(j + off(k)), r6(cells[k]![j]!.mean)] : null)).filter((d) => d !== null),
    });
    const bars = times.flatMap((_, j) => {
      const s = cells[k]![j];
      const b = s ? errorBar(s, kind) : null;
      return b ? [{ x: j + off(k), lower: b[0], upper: b[1] }] : [];
    });
    series.push(errorBarSeries(gr, bars, { cap: 0.05 }));
  });
  const range = niceRange(cells.flat().flatMap((c) => (c ? [c.mean, ...(errorBar(c, kind) ?? [])] : [])));
  const option = {
    tooltip: { trigger: 'item' },
    legend: { data: groups, top: 0 },
    grid: { left: 64, right: 24, top: gName ? 40 : 24, bottom: 56 },
    xAxis: [
      { type: 'category', data: times, name: tName, nameLocation: 'middle', nameGap: 32, axisTick: { alignWithLabel: true } },
      { type: 'value', min: -0.5, max: times.length - 0.5, show: false },
    ],
    yAxis: { type: 'value', name: yName, nameLocation: 'middle', nameGap: 48, ...range, splitLine: { show: false }, axisLine: { show: true, onZero: false } },
    series,
  };
  const pct = Math.round(level * 1000) / 10;
  const results: ToolOutput['results'] = { n: rows.length, timePoints: times.length, groups: groups.length };
  const key = (gr: string, tm: string) => (gName ? `${gr}.${tm}` : tm);
  groups.forEach((gr, k) =>
    times.forEach((tm, j) => {
      const s = cells[k]![j];
      if (!s) return;
      Object.assign(results, { [`n.${key(gr, tm)}`]: s.n, [`mean.${key(gr, tm)}`]: s.mean });
      if (Number.isFinite(s.sd)) Object.assign(results, { [`sd.${key(gr, tm)}`]: s.sd, [`se.${key(gr, tm)}`]: s.se });
      if (s.ciLower !== null) Object.assign(results, { [`ciLower.${key(gr, tm)}`]: s.ciLower, [`ciUpper.${key(gr, tm)}`]: s.ciUpper });
    }),
  );
  // Change from the first to the last time point of each group (means of whoever was measured then).
  groups.forEach((gr, k) => {
    const first = cells[k]![0];
    const last = cells[k]![times.length - 1];
    if (first && last) results[gName ? `change.${gr}` : 'change'] = last.mean - first.mean;
  });
  const statRow = (s: GroupStats | null) => (s ? [s.n, num(s.mean, 3), num(s.sd, 3), num(s.se, 3), num(s.ciLower, 3), num(s.ciUpper, 3)] : [0, null, null, null, null, null]);
  const excluded = data.rows - rows.length;
  const notes = [`误差线为${errorLabel(kind, level)}；置信区间按 t 分布计算。`, excluded > 0 ? `${excluded} 行因时间、${gName ? '分组或' : ''}数值缺失而未纳入。` : '所用变量均无缺失值。'];
  if (cells.some((c) => c.some((s) => s !== null && s.n < 2))) notes.push('有时间点只有 1 个观测，无法计算标准差与误差线。');
  if (cells.some((c) => c.some((s) => s === null))) notes.push('有组在某些时间点没有观测，折线跨过该时间点连接。');
  const sections: ToolOutput['sections'] = [
    { title: '图形', blocks: [{ type: 'chart', title: `图1 ${yName}随${tName}的变化（${errorLabel(kind, level)}）`, option }] },
    {
      title: '描述统计',
      blocks: [
        table(
          '表1 各时间点的均数与误差线',
          [tName, ...(gName ? [gName] : []), 'n', '均数', '标准差', '标准误', `${pct}%CI 下限`, `${pct}%CI 上限`],
          times.flatMap((tm, j) => groups.map((gr, k) => [tm, ...(gName ? [gr] : []), ...statRow(cells[k]![j]!)])),
          notes,
        ),
      ],
    },
    {
      title: '说明',
      blocks: [
        text(
          `折线连接各时间点${gName ? '各组' : ''}的均数，误差线为${errorLabel(kind, level)}。` +
            '折线图只做描述；同一对象重复测量的数据，组间与时间效应请用重复测量方差分析或线性混合模型检验。',
        ),
      ],
    },
  ];
  return { title: `折线图（误差线）：${yName} ~ ${tName}${gName ? ` × ${gName}` : ''}`, sections, results };
}
