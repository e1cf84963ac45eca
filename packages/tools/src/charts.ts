// ECharts options the report page draws and the server will render to SVG/PNG (DESIGN §5).
// Plain JSON only: no functions, so options survive storage and server-side rendering.
import type { Group } from '@labstat/stats';
import { fiveNumbers } from './groups.js';
import type { ReportBlock } from '@labstat/contracts';

export const PALETTE = ['#409EFF', '#F56C6C', '#67C23A', '#E6A23C', '#909399', '#8E6FD8', '#36CFC9', '#FF85C0'];
const FONT = { fontFamily: 'Times New Roman, SimSun, serif' };
/** Black axis lines, as journal figures draw them. */
const AXIS_LINE = { lineStyle: { color: '#000' } };

export interface BoxplotOptions {
  title: string;
  yName: string;
  /** Draw every observation as a jittered point over the box. */
  points?: boolean;
  /** Pairwise comparisons; those with p < 0.05 get a bracket with stars between their boxes. */
  marks?: Array<{ groupA: string; groupB: string; p: number }>;
}

/** Deterministic jitter so the same data always draws the same picture. */
function jitter(i: number): number {
  const x = Math.sin(i * 12.9898) * 43758.5453;
  return (x - Math.floor(x) - 0.5) * 0.24;
}

export function boxplotChart(groups: Group[], o: BoxplotOptions): ReportBlock {
  const boxes = groups.map((g) => fiveNumbers(g.values));
  let top = Math.max(...boxes.map((b) => b[4]));
  const bottom = Math.min(...boxes.map((b) => b[0]));
  const span = top - bottom || 1;
  const series: Array<Record<string, unknown>> = [
    {
      type: 'boxplot',
      name: o.yName,
      data: boxes.map((b, i) => ({ value: b, itemStyle: { color: `${PALETTE[i % PALETTE.length]}33`, borderColor: PALETTE[i % PALETTE.length] } })),
    },
  ];
  if (o.points) {
    let k = 0;
    series.push({
      type: 'scatter',
      name: '观测值',
      symbolSize: 5,
      itemStyle: { color: '#303133', opacity: 0.55 },
      data: groups.flatMap((g, gi) => g.values.map((v) => [gi + jitter(k++), v])),
      xAxisIndex: 1,
    });
  }
  const markLines: Array<Record<string, unknown>> = [];
  const at = (name: string) => groups.findIndex((g) => g.name === name);
  for (const { groupA, groupB, p } of (o.marks ?? []).filter((m) => m.p < 0.05)) {
    const [a, b, label] = [at(groupA), at(groupB), stars(p)];
    top += span * 0.08;
    markLines.push({ type: 'lines', coordinateSystem: 'cartesian2d', xAxisIndex: 1, polyline: true, lineStyle: { color: '#303133', width: 1 }, data: [{ coords: [[a, top - span * 0.03], [a, top], [b, top], [b, top - span * 0.03]] }] });
    markLines.push({ type: 'scatter', xAxisIndex: 1, symbolSize: 0, data: [[(a + b) / 2, top]], label: { show: true, formatter: label, position: 'top', color: '#303133', fontSize: 14 } });
  }
  series.push(...markLines);
  const names = groups.map((g) => `${g.name}\n(n=${g.values.length})`);
  return {
    type: 'chart',
    title: o.title,
    option: {
      textStyle: FONT,
      tooltip: { trigger: 'item' },
      grid: { left: 60, right: 24, top: 30, bottom: 50 },
      xAxis: [
        { type: 'category', data: names, axisLine: AXIS_LINE, axisTick: { alignWithLabel: true } },
        { type: 'value', min: -0.5, max: groups.length - 0.5, show: false },
      ],
      yAxis: { type: 'value', name: o.yName, scale: true, max: niceCeil(top + span * 0.04, span), splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true, onZero: false } },
      series,
    },
  };
}

/** A round axis end above `x` (steps of 1, 2 or 5 × 10^k), so the top label is a clean number. */
export function niceCeil(x: number, span: number): number {
  const raw = span / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  return Number((Math.ceil(x / step) * step).toPrecision(12));
}

/** Significance stars as journals print them. */
export const stars = (p: number): string => (p < 0.001 ? '***' : p < 0.01 ? '**' : p < 0.05 ? '*' : 'ns');

export interface ScatterOptions {
  title: string;
  xName: string;
  yName: string;
  /** Fitted line and its confidence band, as [x, y] points sorted by x. */
  fit?: { line: Array<[number, number]>; lower: Array<[number, number]>; upper: Array<[number, number]>; label: string };
  /** Points coloured by group. */
  groups?: Array<{ name: string; points: Array<[number, number]> }>;
}

export function scatterChart(points: Array<[number, number]>, o: ScatterOptions): ReportBlock {
  const sets = o.groups ?? [{ name: '观测值', points }];
  const series: Array<Record<string, unknown>> = sets.map((g, i) => ({
    type: 'scatter',
    name: g.name,
    symbolSize: 6,
    itemStyle: { color: PALETTE[i % PALETTE.length], opacity: 0.75 },
    data: g.points,
  }));
  if (o.fit) {
    // The band is drawn as the lower bound plus a stacked (upper − lower) area.
    series.push({ type: 'line', name: 'CI下限', data: o.fit.lower, symbol: 'none', lineStyle: { opacity: 0 }, stack: 'ci', silent: true });
    series.push({
      type: 'line',
      name: '置信带',
      data: o.fit.upper.map((p, i) => [p[0], p[1] - o.fit!.lower[i]![1]]),
      symbol: 'none',
      lineStyle: { opacity: 0 },
      areaStyle: { color: '#409EFF', opacity: 0.18 },
      stack: 'ci',
      silent: true,
    });
    series.push({ type: 'line', name: o.fit.label, data: o.fit.line, symbol: 'none', itemStyle: { color: '#303133' }, lineStyle: { color: '#303133', width: 2 } });
  }
  return {
    type: 'chart',
    title: o.title,
    option: {
      textStyle: FONT,
      tooltip: { trigger: 'item' },
      legend: { data: [...sets.map((g) => g.name), ...(o.fit ? [o.fit.label] : [])], top: 0 },
      grid: { left: 60, right: 30, top: 40, bottom: 50 },
      xAxis: { type: 'value', name: o.xName, nameLocation: 'middle', nameGap: 28, scale: true, splitLine: { show: false }, axisLine: AXIS_LINE },
      yAxis: { type: 'value', name: o.yName, scale: true, splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true, onZero: false } },
      series,
    },
  };
}

export interface RocCurveSeries {
  /** Legend label, e.g. “S100B（AUC = 0.731）”. */
  name: string;
  /** [1 − specificity, sensitivity] of every threshold. */
  points: Array<[number, number]>;
  /** The chosen cut-off, marked on the curve. */
  best?: [number, number];
}

/**
 * A long curve in the unit square cut to the points that move it by at least 1/1000 (first and last
 * kept), so tens of thousands of thresholds draw the same picture from a small option.
 */
function thinCurve(points: Array<[number, number]>): Array<[number, number]> {
  if (points.length <= 2000) return points;
  const out: Array<[number, number]> = [points[0]!];
  for (let i = 1; i < points.length - 1; i++) {
    const last = out[out.length - 1]!;
    if (Math.abs(points[i]![0] - last[0]) >= 1e-3 || Math.abs(points[i]![1] - last[1]) >= 1e-3) out.push(points[i]!);
  }
  out.push(points[points.length - 1]!);
  return out;
}

/** ROC curves in the unit square with the chance diagonal; AUCs go in the legend labels. */
export function rocChart(curves: RocCurveSeries[], o: { title: string; bestLabel?: string }): ReportBlock {
  const round = (p: [number, number]): [number, number] => [Number(p[0].toFixed(6)), Number(p[1].toFixed(6))];
  const series: Array<Record<string, unknown>> = curves.map((c, i) => ({
    type: 'line',
    name: c.name,
    data: thinCurve([...c.points].sort((a, b) => a[0] - b[0] || a[1] - b[1])).map(round),
    symbol: 'none',
    itemStyle: { color: PALETTE[i % PALETTE.length] },
    lineStyle: { color: PALETTE[i % PALETTE.length], width: 2 },
  }));
  const bests = curves.flatMap((c, i) => (c.best ? [{ value: round(c.best), itemStyle: { color: PALETTE[i % PALETTE.length] } }] : []));
  if (bests.length > 0) series.push({ type: 'scatter', name: o.bestLabel ?? '最佳截断点', data: bests, symbolSize: 8, z: 3 });
  series.push({ type: 'line', name: '参考线', data: [[0, 0], [1, 1]], symbol: 'none', silent: true, lineStyle: { color: '#909399', type: 'dashed', width: 1 }, itemStyle: { color: '#909399' } });
  return {
    type: 'chart',
    title: o.title,
    option: {
      textStyle: FONT,
      tooltip: { trigger: 'item' },
      legend: { data: curves.map((c) => c.name), bottom: 0, orient: 'vertical' },
      grid: { left: 60, right: 30, top: 30, bottom: 40 + 22 * curves.length, containLabel: false },
      xAxis: { type: 'value', name: '1 − 特异度', nameLocation: 'middle', nameGap: 28, min: 0, max: 1, interval: 0.2, splitLine: { show: false }, axisLine: AXIS_LINE },
      yAxis: { type: 'value', name: '灵敏度', nameLocation: 'middle', nameGap: 40, min: 0, max: 1, interval: 0.2, splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true } },
      series,
    },
  };
}

export interface SurvivalCurve {
  name: string;
  /** The Kaplan–Meier table: every distinct time with S and its pointwise CI (null where undefined). */
  rows: ReadonlyArray<{ time: number; survival: number; lower: number | null; upper: number | null; nCensor: number }>;
}

// A filled plus sign: ECharts fills path symbols, so the censor mark is drawn as a cross of bars.
const PLUS = 'path://M-1,-0.2H-0.2V-1H0.2V-0.2H1V0.2H0.2V1H-0.2V0.2H-1Z';

/** Rough width in pixels of a label at 12 px: CJK characters full width, others about half. */
const labelWidth = (s: string) => [...s].reduce((w, ch) => w + (/[\u2e80-\uffff]/.test(ch) ? 13 : 7), 0);

/**
 * Kaplan–Meier curves as step lines (S held until the next time) from (0, 1), one colour per group,
 * with optional CI bands and censor marks; the x ticks are given so a number-at-risk table printed
 * under the plot lines up with them. A group's band and marks share its legend entry.
 *
 * With `atRisk` (one count per tick for each curve, in the order of `curves`), the numbers at risk
 * are printed under the plot as journals print them: a second grid below the curves, its hidden x
 * axis the same scale as the curves' so each count sits under its tick, one row per group in the
 * group's colour.
 */
export function survivalChart(
  curves: readonly SurvivalCurve[],
  o: { title: string; timeName: string; ticks: readonly number[]; ciBand: boolean; censorMarks: boolean; note?: string; atRisk?: ReadonlyArray<readonly number[]> },
): ReportBlock {
  const series: Array<Record<string, unknown>> = [];
  // Large files: a step is drawn only where S has moved by 1/2000 since the last one drawn, and at
  // most 400 censor marks per group (every k-th); the title says so.
  const MAX_ROWS = 2000;
  let thinned = false;
  curves.forEach((g, i) => {
    const color = PALETTE[i % PALETTE.length];
    let rows = g.rows;
    if (rows.length > MAX_ROWS) {
      thinned = true;
      let last = 1;
      rows = rows.filter((r, j) => {
        const keep = j === rows.length - 1 || Math.abs(r.survival - last) >= 1 / MAX_ROWS;
        if (keep) last = r.survival;
        return keep;
      });
    }
    series.push({ type: 'line', name: g.name, step: 'end', symbol: 'none', data: [[0, 1], ...rows.map((r) => [r.time, r.survival])], itemStyle: { color }, lineStyle: { color, width: 2 }, z: 3 });
    if (o.ciBand) {
      // The band is the lower bound plus a stacked (upper − lower) area; an undefined bound (S of 1
      // or 0 on the log-log scale) is the estimate itself.
      const lower = rows.map((r) => r.lower ?? (r.survival === 1 ? 1 : 0));
      const upper = rows.map((r) => r.upper ?? (r.survival === 0 ? 0 : 1));
      const band = { type: 'line', name: g.name, step: 'end', symbol: 'none', stack: `ci${i}`, silent: true, lineStyle: { opacity: 0 }, tooltip: { show: false } };
      series.push({ ...band, data: [[0, 1], ...rows.map((r, j) => [r.time, lower[j]!])] });
      series.push({ ...band, areaStyle: { color, opacity: 0.15 }, data: [[0, 0], ...rows.map((r, j) => [r.time, Math.max(0, upper[j]! - lower[j]!)])] });
    }
    if (o.censorMarks) {
      const marks = g.rows.filter((r) => r.nCensor > 0);
      const every = Math.ceil(marks.length / 400);
      if (every > 1) thinned = true;
      series.push({ type: 'scatter', name: g.name, symbol: PLUS, symbolSize: 8, itemStyle: { color }, z: 4, data: marks.filter((_, j) => j % every === 0).map((r) => [r.time, r.survival]) });
    }
  });
  const step = o.ticks.length > 1 ? o.ticks[1]! - o.ticks[0]! : 1;
  const xAxis = { type: 'value', name: o.timeName, nameLocation: 'middle', nameGap: 28, min: 0, max: o.ticks[o.ticks.length - 1], interval: step, splitLine: { show: false }, axisLine: AXIS_LINE };
  const yAxis = { type: 'value', name: '生存率', min: 0, max: 1, interval: 0.2, splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true } };
  const note = o.note ? [{ type: 'text', right: 40, top: 48, style: { text: o.note, fontSize: 13, fill: '#303133' } }] : [];
  const title = thinned ? `${o.title}（数据量大：曲线按 0.05% 的精度绘制，删失标记抽样显示）` : o.title;
  if (!o.atRisk) {
    return {
      type: 'chart',
      title,
      option: { textStyle: FONT, tooltip: { trigger: 'item' }, legend: { data: curves.map((g) => g.name), top: 0 }, grid: { left: 60, right: 30, top: 40, bottom: 50 }, xAxis, yAxis, ...(note.length ? { graphic: note } : {}), series },
    };
  }
  // The number-at-risk rows: both grids share the left edge (wide enough for the longest group
  // name), so the counts stand exactly under the curves' ticks.
  const rowHeight = curves.length <= 4 ? 20 : 16;
  const riskHeight = rowHeight * curves.length;
  const riskBottom = 8;
  // The count at tick 0 is centred on the left edge, so the names stand a half-count further left.
  const nameGap = 8 + Math.ceil(labelWidth(String(Math.max(...o.atRisk.flat(), 0))) / 2);
  const left = Math.min(180, Math.max(60, Math.max(...curves.map((g) => labelWidth(g.name))) + nameGap + 10));
  const colorOf = (i: number) => PALETTE[i % PALETTE.length];
  curves.forEach((g, i) => {
    series.push({
      type: 'scatter',
      id: `atRisk${i}`,
      xAxisIndex: 1,
      yAxisIndex: 1,
      symbolSize: 0,
      silent: true,
      tooltip: { show: false },
      label: { show: true, position: 'inside', fontSize: 12, color: colorOf(i) },
      data: o.ticks.map((t, j) => ({ value: [t, g.name], label: { formatter: String(o.atRisk![i]?.[j] ?? '') } })),
    });
  });
  return {
    type: 'chart',
    title,
    option: {
      textStyle: FONT,
      tooltip: { trigger: 'item' },
      legend: { data: curves.map((g) => g.name), top: 0 },
      grid: [
        { left, right: 30, top: 40, bottom: riskBottom + riskHeight + 24 + 50 },
        { left, right: 30, bottom: riskBottom, height: riskHeight },
      ],
      xAxis: [xAxis, { ...xAxis, gridIndex: 1, name: '', show: false }],
      yAxis: [
        yAxis,
        {
          type: 'category',
          gridIndex: 1,
          inverse: true,
          data: curves.map((g, i) => ({ value: g.name, textStyle: { color: colorOf(i) } })),
          axisLine: { show: false },
          axisTick: { show: false },
          splitLine: { show: false },
          axisLabel: { fontSize: 12, margin: nameGap },
        },
      ],
      graphic: [...note, { type: 'text', left: 8, bottom: riskBottom + riskHeight + 6, style: { text: '风险人数', fontSize: 12, fontWeight: 'bold', fill: '#303133' } }],
      series,
    },
  };
}

export interface ForestRow {
  /** Left-hand label, e.g. “年龄” or “性别：女”. */
  label: string;
  /** Ratio and its CI; null for a row without an estimate (a reference level or a heading). */
  estimate: number | null;
  lower: number | null;
  upper: number | null;
  /** Right-hand text, e.g. “1.59 (1.30–1.94)” or “参照”. */
  text: string;
}

/**
 * A forest plot of ratios (HR, OR, RR) on a log axis with the no-effect line at 1: labels on the
 * left, the estimate with its CI as a square and whisker, the numbers on the right, first row on top.
 */
export function forestChart(rows: readonly ForestRow[], o: { title: string; xName: string }): ReportBlock {
  const n = rows.length;
  const ends = rows.flatMap((r) => [r.lower, r.upper, r.estimate]).filter((v): v is number => v !== null && Number.isFinite(v) && v > 0);
  const lo = Math.min(1, ...ends);
  const hi = Math.max(1, ...ends);
  const base = hi / lo <= 64 ? 2 : 10;
  const min = base ** Math.floor(Math.log(lo) / Math.log(base) + 1e-9);
  const max = base ** Math.ceil(Math.log(hi) / Math.log(base) - 1e-9);
  const shown = rows.map((r, i) => ({ r, i })).filter(({ r }) => r.estimate !== null && r.lower !== null && r.upper !== null && r.lower > 0 && Number.isFinite(r.upper));
  const hiddenAxis = { type: 'category', inverse: true, axisTick: { show: false }, axisLine: { show: false } };
  return {
    type: 'chart',
    title: o.title,
    option: {
      textStyle: FONT,
      tooltip: { trigger: 'item' },
      grid: { left: 20, right: 20, top: 20, bottom: 50, containLabel: true },
      xAxis: { type: 'log', logBase: base, min, max, name: o.xName, nameLocation: 'middle', nameGap: 28, splitLine: { show: false }, axisLine: { ...AXIS_LINE, onZero: false } },
      yAxis: [
        { ...hiddenAxis, data: rows.map((r) => r.label) },
        { ...hiddenAxis, position: 'right', data: rows.map((r) => r.text) },
        { type: 'value', min: -0.5, max: n - 0.5, inverse: true, show: false },
      ],
      series: [
        {
          type: 'lines',
          coordinateSystem: 'cartesian2d',
          yAxisIndex: 2,
          silent: true,
          lineStyle: { color: '#303133', width: 1.5 },
          data: shown.map(({ r, i }) => ({ coords: [[r.lower, i], [r.upper, i]] })),
        },
        {
          type: 'scatter',
          yAxisIndex: 2,
          symbol: 'rect',
          symbolSize: 9,
          itemStyle: { color: '#303133' },
          data: shown.map(({ r, i }) => [r.estimate, i]),
          markLine: { silent: true, symbol: 'none', label: { show: false }, lineStyle: { color: '#909399', type: 'dashed' }, data: [{ xAxis: 1 }] },
        },
      ],
    },
  };
}

/**
 * Residuals against time with their running level: the points, the mean of each tenth of them in
 * time order (a step-free trend line) and a dashed reference line (the constant effect). Above
 * `maxPoints` every k-th point is drawn, and the title says so; the trend uses all of them.
 */
export function residualChart(points: ReadonlyArray<readonly [number, number]>, o: { title: string; xName: string; yName: string; reference: number; referenceLabel: string; maxPoints?: number }): ReportBlock {
  const sorted = [...points].sort((a, b) => a[0] - b[0]);
  const n = sorted.length;
  const bins = Math.max(2, Math.min(10, Math.floor(n / 5)));
  const trend: Array<[number, number]> = [];
  for (let b = 0; b < bins; b++) {
    const part = sorted.slice(Math.floor((b * n) / bins), Math.floor(((b + 1) * n) / bins));
    if (part.length === 0) continue;
    trend.push([part.reduce((s, p) => s + p[0], 0) / part.length, part.reduce((s, p) => s + p[1], 0) / part.length]);
  }
  const max = o.maxPoints ?? 1500;
  const step = Math.ceil(n / max);
  const shown = step > 1 ? sorted.filter((_, i) => i % step === 0) : sorted;
  const round = (v: number) => Number(v.toPrecision(8));
  return {
    type: 'chart',
    title: step > 1 ? `${o.title}（共 ${n} 点，每 ${step} 点绘 1 点）` : o.title,
    option: {
      textStyle: FONT,
      tooltip: { trigger: 'item' },
      legend: { data: ['残差', '分段均值', o.referenceLabel], top: 0 },
      grid: { left: 60, right: 30, top: 40, bottom: 50 },
      xAxis: { type: 'value', name: o.xName, nameLocation: 'middle', nameGap: 28, scale: true, splitLine: { show: false }, axisLine: { ...AXIS_LINE, onZero: false } },
      yAxis: { type: 'value', name: o.yName, scale: true, splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true, onZero: false } },
      series: [
        { type: 'scatter', name: '残差', symbolSize: 4, itemStyle: { color: '#909399', opacity: 0.6 }, data: shown.map(([x, y]) => [round(x), round(y)]) },
        { type: 'line', name: '分段均值', symbolSize: 5, itemStyle: { color: PALETTE[0] }, lineStyle: { color: PALETTE[0], width: 2 }, data: trend.map(([x, y]) => [round(x), round(y)]) },
        {
          type: 'line',
          name: o.referenceLabel,
          symbol: 'none',
          lineStyle: { color: PALETTE[1], type: 'dashed' },
          itemStyle: { color: PALETTE[1] },
          data: n > 0 ? [[round(sorted[0]![0]), round(o.reference)], [round(sorted[n - 1]![0]), round(o.reference)]] : [],
        },
      ],
    },
  };
}

/** One line of a means profile: a mean with its error bar at each x category (null where absent). */
export interface ProfileSeries {
  name: string;
  points: ReadonlyArray<{ mean: number; lower: number; upper: number } | null>;
}

/**
 * Means with error bars joined across categories (interaction plots, repeated-measures profile
 * plots). Error bars are drawn as short vertical segments on a hidden value axis, series dodged a
 * little so their bars do not overlap.
 */
export function profileChart(categories: readonly string[], series: readonly ProfileSeries[], o: { title: string; xName: string; yName: string; barLabel: string }): ReportBlock {
  const round = (v: number) => Number(v.toPrecision(8));
  const width = Math.min(0.3, 0.08 * (series.length - 1));
  const dodge = (s: number) => (series.length === 1 ? 0 : -width / 2 + (width * s) / (series.length - 1));
  const out: Array<Record<string, unknown>> = [];
  series.forEach((s, si) => {
    const color = PALETTE[si % PALETTE.length];
    const pts = s.points.map((p, i) => (p ? [round(i + dodge(si)), round(p.mean)] : null)).filter((p): p is number[] => p !== null);
    out.push({ type: 'line', name: s.name, xAxisIndex: 1, data: pts, symbolSize: 7, itemStyle: { color }, lineStyle: { color, width: 2 } });
    out.push({
      type: 'lines',
      name: s.name,
      coordinateSystem: 'cartesian2d',
      xAxisIndex: 1,
      polyline: true,
      silent: true,
      lineStyle: { color, width: 1.2 },
      data: s.points.flatMap((p, i) => {
        if (!p) return [];
        const x = i + dodge(si);
        const cap = 0.04;
        return [{ coords: [[round(x - cap), round(p.upper)], [round(x + cap), round(p.upper)], [round(x), round(p.upper)], [round(x), round(p.lower)], [round(x - cap), round(p.lower)], [round(x + cap), round(p.lower)]] }];
      }),
    });
  });
  return {
    type: 'chart',
    title: o.title,
    option: {
      textStyle: FONT,
      tooltip: { trigger: 'item' },
      ...(series.length > 1 ? { legend: { data: series.map((s) => s.name), top: 0 } } : {}),
      grid: { left: 60, right: 30, top: 40, bottom: 60 },
      xAxis: [
        { type: 'category', data: [...categories], name: o.xName, nameLocation: 'middle', nameGap: 32, axisLine: AXIS_LINE, axisTick: { alignWithLabel: true } },
        { type: 'value', min: -0.5, max: categories.length - 0.5, show: false },
      ],
      yAxis: { type: 'value', name: o.yName, scale: true, splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true, onZero: false } },
      series: out,
      graphic: [{ type: 'text', right: 10, bottom: 4, style: { text: o.barLabel, fontSize: 11, fill: '#606266' } }],
    },
  };
}
