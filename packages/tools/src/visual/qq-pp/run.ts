// Q-Q 图与 P-P 图: normal Q-Q plots with R's qqline (through the quartiles) and a pointwise
// confidence band (as car::qqPlot), P-P plots against the normal with the sample mean and SD, and
// Shapiro–Wilk per group. Above MAX_POINTS observations MAX_MARKS evenly spaced order statistics are drawn.
import { normalCdf, normalQuantile, quantile } from '@labstat/stats';
import { markShares, MAX_MARKS, MAX_POINTS } from '../../charts.js';
import { levelOf, requireVariables } from '../../common.js';
import { groupsOf, shapiroOf } from '../../groups.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { r6, sd as sdOf } from '../shared/kde.js';

/** R's ppoints(n): (i − a)/(n + 1 − 2a), a = 3/8 for n ≤ 10, else 1/2. */
export function ppoints(n: number): number[] {
  const a = n <= 10 ? 3 / 8 : 1 / 2;
  return Array.from({ length: n }, (_, i) => (i + 1 - a) / (n + 1 - 2 * a));
}

export interface QqSummary {
  name: string;
  n: number;
  mean: number;
  sd: number;
  intercept: number;
  slope: number;
  sorted: number[];
  z: number[];
  lower: number[];
  upper: number[];
  outside: number;
  /** Empirical (ppoints) and fitted normal probabilities of the sorted values. */
  empirical: number[];
  fitted: number[];
}

/** The Q-Q line through the quartiles (R: qqline) and the pointwise band fit ± z·(slope/φ(z))·√(P(1−P)/n). */
export function qqSummary(name: string, values: readonly number[], level: number): QqSummary {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const P = ppoints(n);
  const z = P.map((p) => normalQuantile(p));
  const [y1, y2] = quantile(sorted, [0.25, 0.75]) as [number, number];
  const [x1, x2] = [normalQuantile(0.25), normalQuantile(0.75)];
  const slope = (y2 - y1) / (x2 - x1);
  const intercept = y1 - slope * x1;
  const zz = normalQuantile(1 - (1 - level) / 2);
  const half = z.map((zi, i) => ((zz * slope) / (Math.exp(-zi * zi / 2) / Math.sqrt(2 * Math.PI))) * Math.sqrt((P[i]! * (1 - P[i]!)) / n));
  const lower = z.map((zi, i) => intercept + slope * zi - half[i]!);
  const upper = z.map((zi, i) => intercept + slope * zi + half[i]!);
  const outside = sorted.filter((v, i) => v < lower[i]! || v > upper[i]!).length;
  const mean = sorted.reduce((a, b) => a + b, 0) / n;
  const sd = sdOf(sorted);
  return { name, n, mean, sd, intercept, slope, sorted, z, lower, upper, outside, empirical: P, fitted: sorted.map((v) => normalCdf(v, mean, sd)) };
}

/** Indices drawn: all, or evenly spaced order statistics (ends kept) when the data are large. */
const drawn = (n: number, k: number): number[] => (k >= n ? Array.from({ length: n }, (_, i) => i) : Array.from({ length: k }, (_, i) => Math.round((i * (n - 1)) / (k - 1))));

export function run(data: DataTable, params: Params): ToolOutput {
  const xName = String(params.x ?? '');
  const gName = String(params.group ?? '');
  if (!xName) throw new ToolInputError('请选择数值变量');
  requireVariables(data, [xName, ...(gName ? [gName] : [])]);
  const groups = gName
    ? groupsOf(data, xName, gName, { min: 1, max: 8 })
    : [{ name: xName, values: data.numeric(xName).filter((v): v is number => v !== null && Number.isFinite(v)) }];
  for (const g of groups) if (g.values.length < 3) throw new ToolInputError(`${gName ? `组“${g.name}”` : `变量“${xName}”`}只有 ${g.values.length} 个有效值，至少需要 3 个`);
  for (const g of groups) if (g.values.every((v) => v === g.values[0])) throw new ToolInputError(`${gName ? `组“${g.name}”` : `变量“${xName}”`}的取值全部相同，无法绘制 Q-Q 图`);
  const level = levelOf(params);
  const plot = String(params.plot ?? 'both');
  const band = params.band !== false;
  const sums = groups.map((g) => qqSummary(g.name, g.values, level));
  const total = sums.reduce((a, s) => a + s.n, 0);
  const shares = markShares(sums.map((s) => s.n), MAX_MARKS);
  const idx = sums.map((s, i) => drawn(s.n, total > MAX_POINTS ? Math.min(s.n, Math.max(2, shares[i]!)) : s.n));
  const shown = idx.reduce((a, i) => a + i.length, 0);
  const thinNote = total > MAX_POINTS ? `共 ${total} 个观测，超过 ${MAX_POINTS} 个：图中按顺序均匀取 ${shown} 个分位点绘制（每组最小与最大值保留），参考线、置信带与检验均用全部数据。` : '';
  const grouped = sums.length > 1;
  const legend = grouped ? { legend: { data: sums.map((s) => s.name), top: 0 } } : { legend: { data: [] } };
  const axis = (nameText: string, gap: number) => ({ type: 'value', name: nameText, nameLocation: 'middle', nameGap: gap, scale: true, splitLine: { show: false }, axisLine: { show: true, onZero: false } });
  const blocks: ToolOutput['sections'][number]['blocks'] = [];
  if (plot !== 'pp') {
    const series: Array<Record<string, unknown>> = [];
    sums.forEach((s, k) => {
      const ii = idx[k]!;
      series.push({ type: 'scatter', name: s.name, symbolSize: 5, data: ii.map((i) => [r6(s.z[i]!), r6(s.sorted[i]!)]) });
      const ends = [s.z[0]!, s.z[s.n - 1]!];
      series.push({ type: 'line', name: s.name, symbol: 'none', silent: true, lineStyle: { width: 1.5 }, data: ends.map((z) => [r6(z), r6(s.intercept + s.slope * z)]) });
      if (band)
        for (const b of [s.lower, s.upper]) series.push({ type: 'line', name: s.name, symbol: 'none', silent: true, smooth: false, lineStyle: { width: 1, type: 'dashed' }, data: ii.map((i) => [r6(s.z[i]!), r6(b[i]!)]) });
    });
    blocks.push({
      type: 'chart',
      title: `图${blocks.length + 1} ${xName}的正态 Q-Q 图${band ? `（虚线为 ${Math.round(level * 1000) / 10}% 逐点置信带）` : ''}`,
      option: { tooltip: { trigger: 'item' }, ...legend, grid: { left: 70, right: 24, top: grouped ? 40 : 20, bottom: 50 }, xAxis: axis('理论分位数（标准正态）', 28), yAxis: axis(`样本分位数（${xName}）`, 52), series },
    });
  }
  if (plot !== 'qq') {
    const series: Array<Record<string, unknown>> = sums.map((s, k) => ({ type: 'scatter', name: s.name, symbolSize: 5, data: idx[k]!.map((i) => [r6(s.fitted[i]!), r6(s.empirical[i]!)]) }));
    series.push({ type: 'line', name: '参考线 y = x', symbol: 'none', silent: true, lineStyle: { width: 1.2, color: '#555' }, data: [[0, 0], [1, 1]] });
    blocks.push({
      type: 'chart',
      title: `图${blocks.length + 1} ${xName}的正态 P-P 图`,
      option: {
        tooltip: { trigger: 'item' },
        ...legend,
        grid: { left: 70, right: 24, top: grouped ? 40 : 20, bottom: 50 },
        xAxis: { ...axis('理论累积概率（拟合的正态分布）', 28), scale: false, min: 0, max: 1 },
        yAxis: { ...axis('经验累积概率', 52), scale: false, min: 0, max: 1 },
        series,
      },
    });
  }
  const sw = sums.map((s) => (s.n <= 5000 ? shapiroOf(s.sorted) : null));
  const pct = Math.round(level * 1000) / 10;
  const results: ToolOutput['results'] = { n: total, groups: sums.length };
  const key = (s: QqSummary, k: string) => (grouped ? `${k}.${s.name}` : k);
  sums.forEach((s, k) => {
    Object.assign(results, { [key(s, 'n')]: s.n, [key(s, 'mean')]: s.mean, [key(s, 'sd')]: s.sd, [key(s, 'intercept')]: s.intercept, [key(s, 'slope')]: s.slope, [key(s, 'outsideBand')]: s.outside });
    const w = sw[k];
    if (w) Object.assign(results, { [key(s, 'W')]: w.statistic, [key(s, 'p')]: w.pValue });
  });
  const notes = [`参考线过样本第 1、3 四分位数与相应的正态分位数（R：qqline）；置信带按 ${pct}% 逐点计算（同 car::qqPlot）。`];
  if (sw.some((w) => w === null)) notes.push('例数超过 5000（或少于 3）的组不做 Shapiro-Wilk 检验，请以 Q-Q 图判断。');
  if (thinNote) notes.push(thinNote);
  const sections: ToolOutput['sections'] = [
    { title: '图形', blocks },
    {
      title: '正态性',
      blocks: [
        table(
          '表1 正态性概括',
          [gName ? '组别' : '变量', 'n', '均数', '标准差', 'qqline 截距', 'qqline 斜率', '置信带外点数', 'Shapiro-Wilk W', 'P'],
          sums.map((s, k) => [s.name, s.n, num(s.mean, 3), num(s.sd, 3), num(s.intercept, 3), num(s.slope, 3), s.outside, num(sw[k]?.statistic ?? null, 4), sw[k] ? formatP(sw[k]!.pValue) : null]),
          notes,
        ),
      ],
    },
    {
      title: '说明',
      blocks: [
        text(
          'Q-Q 图的横轴为标准正态分布的理论分位数，纵轴为样本的有序观测值；数据服从正态分布时点大致落在参考线上。P-P 图比较经验累积概率与按样本均数、标准差拟合的正态分布的累积概率，点大致落在 y = x 上提示正态。' +
            '样本量大时 Shapiro-Wilk 检验对微小偏离也很敏感，应结合图形判断。',
        ),
      ],
    },
  ];
  return { title: `Q-Q 图与 P-P 图：${xName}${gName ? ` ~ ${gName}` : ''}`, sections, results };
}
