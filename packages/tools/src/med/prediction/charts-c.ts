// The figures of the nomogram and validation tools (group C): the nomogram as journals print it
// (one horizontal axis per predictor under a Points axis, then Total Points and the risk or survival
// axes) and the calibration plot (apparent and bias-corrected curves, the ideal line and the
// distribution of predictions). Plain ECharts JSON, as charts.ts, which has neither.
import type { NomogramResult } from '@labstat/stats';
import type { ReportBlock } from '@labstat/contracts';
import { maxOf, minOf } from '@labstat/stats';

const FONT = { fontFamily: 'Times New Roman, SimSun, serif' };
const AXIS_LINE = { lineStyle: { color: '#000' } };
const r4 = (v: number) => Number(v.toFixed(4));

interface AxisRow {
  label: string;
  /** Tick positions on the 0–100 drawing scale and their labels. */
  ticks: Array<{ x: number; label: string }>;
}

/** Labels closer than this (in drawing units, 0–100) to the previous label go below the axis. */
const CROWDED = 5;

/**
 * The nomogram: the Points axis (0–100) on top, each predictor's axis with its values at their
 * points, Total Points (drawn to the same width as its own 0–max range), the linear predictor and
 * one axis per outcome (risk, or survival at each time) placed by total points.
 */
export function nomogramChart(nom: NomogramResult, o: { title: string; outcomeLabels: string[]; lpLabel?: string }): ReportBlock {
  const totalMax = nom.totalPoints[nom.totalPoints.length - 1]!;
  const byTotal = (p: number) => (p * 100) / totalMax;
  const fmtP = (v: number) => String(Number(v.toPrecision(6)));
  const rows: AxisRow[] = [
    { label: '得分（Points）', ticks: Array.from({ length: 11 }, (_, k) => ({ x: k * 10, label: String(k * 10) })) },
    ...nom.predictors.map((p) => ({ label: p.name, ticks: p.points.map((x, k) => ({ x, label: p.labels[k]! })) })),
    { label: '总分（Total Points）', ticks: nom.totalPoints.map((t) => ({ x: byTotal(t), label: fmtP(t) })) },
    ...(o.lpLabel ? [{ label: o.lpLabel, ticks: nom.linearPredictor.values.map((v, k) => ({ x: byTotal(nom.linearPredictor.points[k]!), label: fmtP(v) })) }] : []),
    ...nom.outcome.map((a, k) => ({ label: o.outcomeLabels[k] ?? '', ticks: a.values.map((v, j) => ({ x: byTotal(a.points[j]!), label: fmtP(v) })) })),
  ].map((r) => ({ ...r, ticks: r.ticks.filter((t) => t.x >= -1e-9 && t.x <= 100 + 1e-9) }));
  const lines: Array<{ coords: number[][] }> = [];
  const labelsAbove: Array<{ name: string; value: number[] }> = [];
  const labelsBelow: Array<{ name: string; value: number[] }> = [];
  rows.forEach((r, i) => {
    if (r.ticks.length === 0) return;
    const xs = r.ticks.map((t) => t.x);
    lines.push({ coords: [[r4(minOf(xs)), i], [r4(maxOf(xs)), i]] });
    let last = -Infinity;
    let below = false;
    const sorted = [...r.ticks].sort((a, b) => a.x - b.x);
    // An axis squeezed into a few points (a predictor with almost no effect) labels its two ends only.
    const squeezed = maxOf(xs) - minOf(xs) < 2 * CROWDED && sorted.length > 2;
    for (const [k, t] of sorted.entries()) {
      lines.push({ coords: [[r4(t.x), i], [r4(t.x), i - 0.15]] });
      if (squeezed && k > 0 && k < sorted.length - 1) continue;
      below = t.x - last < CROWDED ? !below : false;
      (below ? labelsBelow : labelsAbove).push({ name: t.label, value: [r4(t.x), i] });
      if (!below) last = t.x;
    }
  });
  const n = rows.length;
  const labelSeries = (data: Array<{ name: string; value: number[] }>, position: 'top' | 'bottom') => ({
    type: 'scatter',
    yAxisIndex: 1,
    silent: true,
    symbolSize: 1,
    itemStyle: { color: 'rgba(0,0,0,0)' },
    label: { show: true, position, formatter: '{b}', fontSize: 11, color: '#000', distance: position === 'top' ? 8 : 4 },
    data,
  });
  return {
    type: 'chart',
    title: o.title,
    option: {
      textStyle: FONT,
      grid: { left: 20, right: 40, top: 20, bottom: 20, containLabel: true },
      xAxis: { type: 'value', min: -2, max: 102, show: false },
      yAxis: [
        { type: 'category', inverse: true, data: rows.map((r) => r.label), axisTick: { show: false }, axisLine: { show: false }, axisLabel: { fontSize: 12, color: '#000' } },
        { type: 'value', min: -0.5, max: n - 0.5, inverse: true, show: false },
      ],
      series: [
        { type: 'lines', coordinateSystem: 'cartesian2d', yAxisIndex: 1, silent: true, lineStyle: { color: '#000', width: 1 }, data: lines },
        labelSeries(labelsAbove, 'top'),
        labelSeries(labelsBelow, 'bottom'),
      ],
    },
  };
}

/**
 * Calibration plot: the ideal diagonal, the apparent and bias-corrected lowess curves over the
 * predicted-risk grid, and a histogram of the predicted risks along the bottom (rms plot.calibrate).
 */
export function calibrationChart(c: { predicted: number[]; apparent: number[]; corrected: number[] }, fitted: readonly number[], o: { title: string; B: number }): ReportBlock {
  const bins = 50;
  const counts = new Array<number>(bins).fill(0);
  for (const p of fitted) counts[Math.min(bins - 1, Math.floor(p * bins))]!++;
  const maxCount = maxOf(counts);
  const curve = (ys: number[]) => c.predicted.flatMap((x, k) => (Number.isFinite(ys[k]!) ? [[r4(x), r4(ys[k]!)]] : []));
  return {
    type: 'chart',
    title: o.title,
    option: {
      textStyle: FONT,
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0, data: ['理想', '表观（Apparent）', `偏差校正（Bootstrap B = ${o.B}）`] },
      grid: { left: 60, right: 30, top: 30, bottom: 70 },
      xAxis: { type: 'value', name: '预测概率', nameLocation: 'middle', nameGap: 28, min: 0, max: 1, interval: 0.2, splitLine: { show: false }, axisLine: AXIS_LINE },
      yAxis: [
        { type: 'value', name: '实际概率', nameLocation: 'middle', nameGap: 40, min: 0, max: 1, interval: 0.2, splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true } },
        // Counts scaled so the tallest bar reaches an eighth of the plot.
        { type: 'value', min: 0, max: Math.max(1, maxCount) * 8, show: false },
      ],
      series: [
        { type: 'line', name: '理想', data: [[0, 0], [1, 1]], symbol: 'none', lineStyle: { color: '#909399', type: 'dashed', width: 1 }, itemStyle: { color: '#909399' } },
        { type: 'line', name: '表观（Apparent）', data: curve(c.apparent), symbol: 'none', lineStyle: { color: '#409EFF', type: 'dotted', width: 2 }, itemStyle: { color: '#409EFF' } },
        { type: 'line', name: `偏差校正（Bootstrap B = ${o.B}）`, data: curve(c.corrected), symbol: 'none', lineStyle: { color: '#000', width: 2 }, itemStyle: { color: '#000' } },
        {
          type: 'bar',
          name: '预测概率分布',
          yAxisIndex: 1,
          silent: true,
          barWidth: 5,
          itemStyle: { color: '#C0C4CC' },
          data: counts.map((k, b) => [r4((b + 0.5) / bins), k]),
        },
      ],
    },
  };
}

/**
 * Calibration of survival at one time by risk group (rms plot of calibrate.cph with cmethod "KM"):
 * mean predicted against Kaplan–Meier observed survival per group, apparent (open) and
 * bias-corrected (filled) points, and the ideal diagonal.
 */
export function groupCalibrationChart(groups: ReadonlyArray<{ predicted: number; observed: number; corrected: number }>, o: { title: string; axisName: string }): ReportBlock {
  const ok = groups.filter((g) => Number.isFinite(g.predicted) && Number.isFinite(g.observed));
  const pts = (key: 'observed' | 'corrected') => ok.filter((g) => Number.isFinite(g[key])).map((g) => [r4(g.predicted), r4(g[key])]);
  return {
    type: 'chart',
    title: o.title,
    option: {
      textStyle: FONT,
      tooltip: { trigger: 'item' },
      legend: { bottom: 0, data: ['理想', '表观（Kaplan–Meier）', '偏差校正'] },
      grid: { left: 60, right: 30, top: 30, bottom: 70 },
      xAxis: { type: 'value', name: `预测的${o.axisName}`, nameLocation: 'middle', nameGap: 28, min: 0, max: 1, interval: 0.2, splitLine: { show: false }, axisLine: AXIS_LINE },
      yAxis: { type: 'value', name: `实际的${o.axisName}`, nameLocation: 'middle', nameGap: 40, min: 0, max: 1, interval: 0.2, splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true } },
      series: [
        { type: 'line', name: '理想', data: [[0, 0], [1, 1]], symbol: 'none', lineStyle: { color: '#909399', type: 'dashed', width: 1 }, itemStyle: { color: '#909399' } },
        { type: 'line', name: '表观（Kaplan–Meier）', data: pts('observed'), symbol: 'emptyCircle', symbolSize: 8, lineStyle: { color: '#409EFF', type: 'dotted', width: 1.5 }, itemStyle: { color: '#409EFF' } },
        { type: 'line', name: '偏差校正', data: pts('corrected'), symbol: 'circle', symbolSize: 8, lineStyle: { color: '#000', width: 1.5 }, itemStyle: { color: '#000' } },
      ],
    },
  };
}
