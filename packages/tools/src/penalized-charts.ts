// The two figures of a penalised-regression report (LASSO, elastic net, ridge): the coefficient path
// against log(λ) and the cross-validation curve with ±1 SE bars and, for selection, the number of
// variables kept along the top; both mark λ.min and λ.1se.
import type { ReportBlock } from '@labstat/contracts';
import type { LassoCvResult } from '@labstat/stats';
import { PALETTE } from './charts.js';
import { maxOf, minOf } from '@labstat/stats';

const FONT_FAMILY = 'Times New Roman, SimSun, serif';
const log = (v: number) => Math.log(v);
const r6 = (v: number) => Number(v.toPrecision(6));

/** Standardised coefficients (coefficient × the column's 1/n SD) along the path. */
export function pathChart(cv: LassoCvResult, columns: readonly string[], sd: readonly number[], title: string): ReportBlock {
  const lmin = log(cv.lambdaMin);
  const lse = log(cv.lambdaSe);
  const xs = cv.lambda.map(log);
  const series: Array<Record<string, unknown>> = columns.map((c, j) => ({
    type: 'line',
    name: c,
    symbol: 'none',
    data: cv.path.beta.map((b, k) => [r6(xs[k]!), r6(b[j]! * sd[j]!)]),
    lineStyle: { width: 1.5, color: PALETTE[j % PALETTE.length], type: j < PALETTE.length ? 'solid' : 'dashed' },
    itemStyle: { color: PALETTE[j % PALETTE.length] },
  }));
  series.push(lambdaLines(lmin, lse));
  return {
    type: 'chart',
    title,
    option: {
      textStyle: { fontFamily: FONT_FAMILY },
      tooltip: { trigger: 'axis' },
      legend: { type: 'scroll', bottom: 0, data: columns },
      grid: { left: 70, right: 30, top: 40, bottom: 80 },
      xAxis: { type: 'value', name: 'log(λ)', nameLocation: 'middle', nameGap: 28, scale: true, splitLine: { show: false }, axisLine: { lineStyle: { color: '#000' } } },
      yAxis: { type: 'value', name: '标准化系数', nameLocation: 'middle', nameGap: 50, splitLine: { show: false }, axisLine: { show: true, lineStyle: { color: '#000' } } },
      series,
    },
  };
}

function lambdaLines(lmin: number, lse: number): Record<string, unknown> {
  return {
    type: 'line',
    name: 'λ',
    data: [],
    silent: true,
    markLine: {
      symbol: 'none',
      silent: true,
      lineStyle: { type: 'dashed', color: '#606266' },
      data: [
        { xAxis: r6(lmin), label: { formatter: 'λ.min', position: 'end' } },
        { xAxis: r6(lse), label: { formatter: 'λ.1se', position: 'end' } },
      ],
    },
  };
}

/** Mean CV error with ±1 SE bars per λ; `counts` writes the number of variables kept along the top. */
export function cvChart(cv: LassoCvResult, yName: string, title: string, counts = true): ReportBlock {
  const xs = cv.lambda.map((l) => r6(log(l)));
  const up = cv.cvm.map((m, k) => m + cv.cvsd[k]!);
  const lo = cv.cvm.map((m, k) => m - cv.cvsd[k]!);
  const top = maxOf(up);
  const bottom = minOf(lo);
  const span = top - bottom || 1;
  const step = Math.max(1, Math.round(cv.lambda.length / 12));
  // The error-bar lines do not widen the axis by themselves: start it at a round value below them.
  const unit = 10 ** Math.floor(Math.log10(span)) / 2;
  const axisMin = Number((Math.floor(bottom / unit) * unit).toPrecision(10));
  const half = (Math.abs(xs[0]! - xs[xs.length - 1]!) / cv.lambda.length) * 0.3;
  return {
    type: 'chart',
    title,
    option: {
      textStyle: { fontFamily: FONT_FAMILY },
      tooltip: { trigger: 'item' },
      legend: { bottom: 0, data: ['交叉验证误差（均值）', '± 1 个标准误'] },
      grid: { left: 70, right: 30, top: 50, bottom: 60 },
      xAxis: { type: 'value', name: 'log(λ)', nameLocation: 'middle', nameGap: 28, scale: true, splitLine: { show: false }, axisLine: { lineStyle: { color: '#000' } } },
      yAxis: { type: 'value', name: yName, nameLocation: 'middle', nameGap: 50, min: axisMin, splitLine: { show: false }, axisLine: { show: true, lineStyle: { color: '#000' } } },
      series: [
        {
          type: 'lines',
          name: '± 1 个标准误',
          coordinateSystem: 'cartesian2d',
          silent: true,
          lineStyle: { color: '#909399', width: 1, opacity: 1 },
          data: xs.flatMap((x, k) => [
            { coords: [[x, r6(lo[k]!)], [x, r6(up[k]!)]] },
            { coords: [[x - half, r6(up[k]!)], [x + half, r6(up[k]!)]] },
            { coords: [[x - half, r6(lo[k]!)], [x + half, r6(lo[k]!)]] },
          ]),
        },
        { type: 'scatter', name: '交叉验证误差（均值）', symbolSize: 6, itemStyle: { color: '#F56C6C' }, data: xs.map((x, k) => [x, r6(cv.cvm[k]!)]) },
        ...(counts
          ? [
              {
                type: 'scatter',
                name: '入选变量数',
                symbolSize: 0,
                silent: true,
                label: { show: true, position: 'inside', color: '#303133' },
                data: xs.flatMap((x, k) => (k % step === 0 ? [{ value: [x, r6(top + span * 0.08)], label: { formatter: String(cv.nzero[k]) } }] : [])),
              },
            ]
          : []),
        lambdaLines(log(cv.lambdaMin), log(cv.lambdaSe)),
      ],
    },
  };
}

