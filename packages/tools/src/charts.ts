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
