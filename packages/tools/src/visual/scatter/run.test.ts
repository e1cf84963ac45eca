import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_MARKS } from '../../charts.js';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable } from '../../tool.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'hypertension-trial')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));

// Reference values: fixtures/make-fixtures.R (lm, predict(interval = "confidence"), hist()).
interface Fit { n: number; intercept: number; slope: number; rSquared: number; p: number; x: number[]; fit: number[]; lower: number[]; upper: number[] }
const R = JSON.parse(fs.readFileSync(new URL('./fixtures/scatter.json', import.meta.url), 'utf8')) as {
  overall: Fit;
  groups: Record<string, Fit>;
  levels: string[];
  histX: { edges: number[]; counts: number[][] };
  histY: { edges: number[]; counts: number[][] };
};

type Series = { type: string; name?: string; data: Array<[number, number]>; stack?: string; xAxisIndex?: number; yAxisIndex?: number; areaStyle?: unknown };
const seriesOf = (out: ReturnType<typeof run>) => (out.sections[0]!.blocks[0] as { option: { series: Series[] } }).option.series;

/** The drawn line and band of series `name` (line, stacked lower bound, stacked width) on the main grid. */
function bandOf(series: Series[], name: string) {
  const mine = series.filter((s) => s.type === 'line' && s.name === name && !s.xAxisIndex);
  const lower = mine.find((s) => s.stack && !s.areaStyle)!.data;
  const width = mine.find((s) => s.areaStyle)!.data;
  const line = mine.find((s) => !s.stack)!.data;
  return { line, lower, upper: width.map((p, i) => [p[0], p[1] + lower[i]![1]] as [number, number]) };
}

function expectBand(drawn: ReturnType<typeof bandOf>, r: Fit) {
  expect(drawn.line).toHaveLength(r.x.length);
  r.x.forEach((x, i) => {
    close(drawn.line[i]![0], x, 1e-8);
    close(drawn.line[i]![1], r.fit[i]!, 1e-8);
    close(drawn.lower[i]![1], r.lower[i]!, 1e-8);
    close(drawn.upper[i]![1], r.upper[i]!, 1e-8);
  });
}

describe('散点图 on the example, against R', () => {
  it('fits the line R fits and draws its mean confidence band', () => {
    const out = run(table, { x: '治疗前收缩压', y: '治疗后收缩压', group: '', fit: true, level: 0.95 });
    close(out.results.intercept, R.overall.intercept);
    close(out.results.slope, R.overall.slope);
    close(out.results.rSquared, R.overall.rSquared);
    close(out.results.p, R.overall.p, 1e-7);
    expectBand(bandOf(seriesOf(out), '拟合线（R² = 0.574）'), R.overall);
  });

  it('draws one series, line and band per group, each as R fits it', () => {
    const out = run(table, { x: '治疗前收缩压', y: '治疗后收缩压', group: '组别', fit: true, level: 0.95 });
    const series = seriesOf(out);
    for (const level of R.levels) {
      const r = R.groups[level]!;
      expect(series.filter((s) => s.type === 'scatter' && s.name === level)[0]!.data).toHaveLength(r.n);
      close(out.results[`slope.${level}`], r.slope);
      close(out.results[`intercept.${level}`], r.intercept);
      close(out.results[`rSquared.${level}`], r.rSquared);
      close(out.results[`p.${level}`], r.p, 1e-7);
      expectBand(bandOf(series, level), r);
    }
    // The overall fit stays in the results and the table's first row.
    close(out.results.slope, R.overall.slope);
  });

  it('marginal histograms count as R hist() with 20 equal bins', () => {
    const out = run(table, { x: '治疗前收缩压', y: '治疗后收缩压', group: '组别', fit: true, marginal: true, level: 0.95 });
    const series = seriesOf(out);
    R.levels.forEach((level, gi) => {
      const top = series.find((s) => s.name === level && s.xAxisIndex === 1)!.data;
      const right = series.find((s) => s.name === level && s.xAxisIndex === 2)!.data;
      // Outline points: [edge0, 0], then (left edge, count), (right edge, count) per bin, then [last edge, 0].
      expect(R.histX.counts[gi]!.map((_, i) => top[1 + 2 * i]![1])).toEqual(R.histX.counts[gi]);
      expect(R.histY.counts[gi]!.map((_, i) => right[1 + 2 * i]![0])).toEqual(R.histY.counts[gi]);
      R.histX.edges.slice(0, -1).forEach((e, i) => close(top[1 + 2 * i]![0], e, 1e-7));
    });
    const tableX = out.sections.find((s) => s.title === '边际分布')!.blocks[0] as { rows: unknown[][] };
    expect(tableX.rows.map((r) => r[1])).toEqual(R.histX.counts[0]);
  });

  it('draws a seeded sample of 5,000 points above 5,000, fits on all of them', () => {
    const n = 40_000;
    let s = 7;
    const rand = () => ((s = (s * 16807) % 2147483647) / 2147483647);
    const x = Array.from({ length: n }, () => rand() * 10);
    const y = x.map((v) => 2 + 0.5 * v + (rand() - 0.5));
    const g = x.map((_, i) => (i % 4 === 0 ? '甲' : '乙'));
    const big: DataTable = {
      rows: n,
      variables: [
        { name: 'x', type: 'numeric', valid: n, missing: 0, distinct: n, min: null, max: null, mean: null, levels: [] },
        { name: 'y', type: 'numeric', valid: n, missing: 0, distinct: n, min: null, max: null, mean: null, levels: [] },
        { name: 'g', type: 'categorical', valid: n, missing: 0, distinct: 2, min: null, max: null, mean: null, levels: [] },
      ],
      numeric: (name) => (name === 'x' ? x : y),
      text: () => g,
    };
    const a = run(big, { x: 'x', y: 'y', group: 'g', fit: true, marginal: true, level: 0.95 });
    const b = run(big, { x: 'x', y: 'y', group: 'g', fit: true, marginal: true, level: 0.95 });
    const points = seriesOf(a).filter((t) => t.type === 'scatter');
    expect(points.reduce((k, t) => k + t.data.length, 0)).toBe(MAX_MARKS);
    expect(points.find((t) => t.name === '甲')!.data).toHaveLength(MAX_MARKS / 4);
    expect(JSON.stringify(seriesOf(a))).toBe(JSON.stringify(seriesOf(b)));
    expect(a.results.n).toBe(n);
    expect(JSON.stringify(a).length).toBeLessThan(400_000);
    expect(JSON.stringify(a.sections)).toContain(`随机抽取 ${MAX_MARKS} 点`);
    expect(JSON.stringify(a.sections)).toContain(`不放回抽取的 ${MAX_MARKS} 个点`);
  });

  it('refuses bad input with a Chinese message', () => {
    expect(() => run(table, { x: '年龄', y: '年龄' })).toThrow('同一个变量');
    expect(() => run(table, { x: '', y: '年龄' })).toThrow('请选择横轴和纵轴变量');
    expect(() => run(table, { x: '年龄', y: '不存在' })).toThrow('数据中没有变量');
    expect(() => run(table, { x: '年龄', y: 'BMI', group: '编号' })).toThrow('着色最多 12 组');
  });
});
