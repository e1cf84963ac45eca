// The two figures of a penalised-regression report: the coefficient path (ridge trace) against
// log(λ) and the cross-validation curve with ±1 SE bars, both marking λ.min and λ.1se.
import type { LassoCvResult } from '@labstat/stats';
import type { ReportBlock } from '@labstat/contracts';
import { PALETTE } from '../../charts.js';

const FONT_FAMILY = 'Times New Roman, SimSun, serif';
const r6 = (v: number) => Number(v.toPrecision(6));
const axis = (name: string, gap: number) => ({ type: 'value', name, nameLocation: 'middle', nameGap: gap, scale: true, splitLine: { show: false }, axisLine: { show: true, lineStyle: { color: '#000' } } });

function lambdaMarks(cv: LassoCvResult): Record<string, unknown> {
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
        { xAxis: r6(Math.log(cv.lambdaMin)), label: { formatter: 'λ.min', position: 'end' } },
        { xAxis: r6(Math.log(cv.lambdaSe)), label: { formatter: 'λ.1se', position: 'end' } },
      ],
    },
  };
}

/** Standardised coefficients (coefficient × the column's 1/n SD) along the path. */
export function pathChart(cv: LassoCvResult, labels: readonly string[], sd: readonly number[], title: string): ReportBlock {
  const xs = cv.lambda.map((l) => r6(Math.log(l)));
  const series: Array<Record<string, unknown>> = labels.map((c, j) => ({
    type: 'line',
    name: c,
    symbol: 'none',
    data: cv.path.beta.map((b, k) => [xs[k]!, r6(b[j]! * sd[j]!)]),
    lineStyle: { width: 1.5, color: PALETTE[j % PALETTE.length], type: j < PALETTE.length ? 'solid' : 'dashed' },
    itemStyle: { color: PALETTE[j % PALETTE.length] },
  }));
  series.push(lambdaMarks(cv));
  return {
    type: 'chart',
    title,
    option: {
      textStyle: { fontFamily: FONT_FAMILY },
      tooltip: { trigger: 'axis' },
      legend: { type: 'scroll', bottom: 0, data: [...labels] },
      grid: { left: 70, right: 30, top: 40, bottom: 80 },
      xAxis: axis('log(λ)', 28),
      yAxis: axis('标准化系数', 50),
      series,
    },
  };
}

/** Mean CV error with ±1 SE bars per λ. */
export function cvChart(cv: LassoCvResult, yName: string, title: string): ReportBlock {
  const xs = cv.lambda.map((l) => r6(Math.log(l)));
  const half = (Math.abs(xs[0]! - xs[xs.length - 1]!) / cv.lambda.length) * 0.3;
  return {
    type: 'chart',
    title,
    option: {
      textStyle: { fontFamily: FONT_FAMILY },
      tooltip: { trigger: 'item' },
      legend: { bottom: 0, data: ['交叉验证误差（均值）', '± 1 个标准误'] },
      grid: { left: 70, right: 30, top: 40, bottom: 60 },
      xAxis: axis('log(λ)', 28),
      yAxis: axis(yName, 50),
      series: [
        {
          type: 'lines',
          name: '± 1 个标准误',
          coordinateSystem: 'cartesian2d',
          silent: true,
          lineStyle: { color: '#909399', width: 1, opacity: 1 },
          data: xs.flatMap((x, k) => {
            const lo = r6(cv.cvm[k]! - cv.cvsd[k]!);
            const up = r6(cv.cvm[k]! + cv.cvsd[k]!);
            return [{ coords: [[x, lo], [x, up]] }, { coords: [[x - half, up], [x + half, up]] }, { coords: [[x - half, lo], [x + half, lo]] }];
          }),
        },
        { type: 'scatter', name: '交叉验证误差（均值）', symbolSize: 6, itemStyle: { color: '#F56C6C' }, data: xs.map((x, k) => [x, r6(cv.cvm[k]!)]) },
        lambdaMarks(cv),
      ],
    },
  };
}
