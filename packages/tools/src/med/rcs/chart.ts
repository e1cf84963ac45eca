// The dose–response figure as papers print it: the spline effect with its CI band, the no-effect
// line (1 for OR/HR, 0 for a mean difference), the reference value, and the exposure's distribution
// (histogram or rug) in a strip underneath on the same x axis. Plain JSON ECharts option.
import type { ReportBlock } from '@labstat/contracts';
import type { RcsEffect, RcsModel } from '@labstat/stats';
import { MAX_POINTS, sampleOf } from '../../charts.js';
import { maxOf, minOf } from '@labstat/stats';

export type Distribution = { kind: 'histogram'; edges: number[]; counts: number[] } | { kind: 'rug'; values: number[] } | null;

const AXIS_LINE = { lineStyle: { color: '#000' } };
const r = (v: number) => Number(v.toPrecision(7));

export function doseResponseChart(o: {
  title: string;
  curve: readonly RcsEffect[];
  model: RcsModel;
  xName: string;
  yName: string;
  reference: number;
  knots: readonly number[];
  distribution: Distribution;
  note: string;
}): ReportBlock {
  const lo = o.curve[0]!.x;
  const hi = o.curve[o.curve.length - 1]!.x;
  const none = o.model === 'linear' ? 0 : 1;
  const line = o.curve.map((e) => [r(e.x), r(e.effect)]);
  const lower = o.curve.map((e) => [r(e.x), r(e.effectLower)]);
  const width = o.curve.map((e) => [r(e.x), r(e.effectUpper - e.effectLower)]);
  const yMin = Math.min(none, minOf(o.curve.map((e) => e.effectLower)));
  const yMax = Math.max(none, maxOf(o.curve.map((e) => e.effectUpper)));
  const strip = o.distribution !== null;
  const series: Array<Record<string, unknown>> = [
    { type: 'line', name: 'CI', data: lower, symbol: 'none', lineStyle: { opacity: 0 }, stack: 'band', stackStrategy: 'all', silent: true, tooltip: { show: false }, z: 1 },
    { type: 'line', name: `${o.yName.replace(/（.*$/, '')} 置信区间`, data: width, symbol: 'none', lineStyle: { opacity: 0 }, areaStyle: { color: '#F56C6C', opacity: 0.2 }, stack: 'band', stackStrategy: 'all', silent: true, tooltip: { show: false }, z: 1 },
    { type: 'line', name: o.yName.replace(/（.*$/, ''), data: line, symbol: 'none', lineStyle: { width: 2, color: '#C0392B' }, itemStyle: { color: '#C0392B' }, z: 3 },
    { type: 'line', name: '无效应线', data: [[r(lo), none], [r(hi), none]], symbol: 'none', lineStyle: { type: 'dashed', color: '#606266', width: 1 }, silent: true, tooltip: { show: false }, z: 2 },
    { type: 'line', name: '参照值', data: [[r(o.reference), r(yMin)], [r(o.reference), r(yMax)]], symbol: 'none', lineStyle: { type: 'dotted', color: '#606266', width: 1 }, silent: true, tooltip: { show: false }, z: 2 },
    { type: 'scatter', name: '节点', data: o.knots.filter((k) => k >= lo && k <= hi).map((k) => [r(k), r(o.curve.reduce((a, e) => (Math.abs(e.x - k) < Math.abs(a.x - k) ? e : a)).effect)]), symbol: 'triangle', symbolSize: 7, itemStyle: { color: '#303133' }, z: 4 },
  ];
  if (o.distribution?.kind === 'histogram') {
    const { edges, counts } = o.distribution;
    const pts: Array<[number, number]> = [[r(edges[0]!), 0]];
    counts.forEach((c, i) => pts.push([r(edges[i]!), c], [r(edges[i + 1]!), c]));
    pts.push([r(edges[edges.length - 1]!), 0]);
    series.push({ type: 'line', name: '暴露分布', data: pts, xAxisIndex: 1, yAxisIndex: 1, symbol: 'none', silent: true, lineStyle: { width: 1, color: '#909399' }, areaStyle: { color: '#909399', opacity: 0.35 } });
  } else if (o.distribution?.kind === 'rug') {
    const vals = o.distribution.values.length > MAX_POINTS ? sampleOf(o.distribution.values, MAX_POINTS) : o.distribution.values;
    series.push({ type: 'scatter', name: '暴露分布', data: vals.map((v) => [r(v), 0.5]), xAxisIndex: 1, yAxisIndex: 1, symbol: 'rect', symbolSize: [1, 12], silent: true, itemStyle: { color: '#606266', opacity: 0.6 } });
  }
  const xAxis = { type: 'value', min: r(lo), max: r(hi), splitLine: { show: false }, axisLine: { ...AXIS_LINE, onZero: false } };
  return {
    type: 'chart',
    title: o.title,
    option: {
      tooltip: { trigger: 'axis' },
      legend: { data: [o.yName.replace(/（.*$/, ''), '节点'], top: 0 },
      graphic: [{ type: 'text', left: 80, top: 32, style: { text: o.note, fontSize: 12, fill: '#303133' } }],
      grid: strip
        ? [
            { left: 70, right: 30, top: 50, bottom: 150 },
            { left: 70, right: 30, height: 60, bottom: 45 },
          ]
        : [{ left: 70, right: 30, top: 50, bottom: 50 }],
      xAxis: strip
        ? [
            { ...xAxis, axisLabel: { show: false } },
            { ...xAxis, gridIndex: 1, name: o.xName, nameLocation: 'middle', nameGap: 28 },
          ]
        : [{ ...xAxis, name: o.xName, nameLocation: 'middle', nameGap: 28 }],
      yAxis: strip
        ? [
            { type: 'value', name: o.yName, nameLocation: 'middle', nameGap: 45, scale: true, splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true, onZero: false } },
            { type: 'value', gridIndex: 1, name: o.distribution?.kind === 'histogram' ? '例数' : '', nameLocation: 'middle', nameGap: 45, min: 0, ...(o.distribution?.kind === 'rug' ? { max: 1, show: false } : {}), splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true } },
          ]
        : [{ type: 'value', name: o.yName, nameLocation: 'middle', nameGap: 45, scale: true, splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true, onZero: false } }],
      series,
    },
  };
}
