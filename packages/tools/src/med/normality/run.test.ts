import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_MARKS } from '../../charts.js';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable } from '../../tool.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'hypertension-trial')!.file);
const close = (a: unknown, b: number, rel: number) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));

// Reference values: packages/tools/reference/tools.R (shapiro.test, nortest::lillie.test, ad.test).
describe('正态性检验 on the example, against R', () => {
  it('Shapiro-Wilk, Lilliefors and Anderson-Darling', () => {
    const out = run(table, { vars: ['治疗前收缩压'], group: '' });
    close(out.results['shapiroW.治疗前收缩压'], 0.987745865825173, 1e-9);
    close(out.results['shapiroP.治疗前收缩压'], 0.355963253003227, 1e-6);
    close(out.results['lillieforsP.治疗前收缩压'], 0.3157508805411906, 1e-6);
    close(out.results['adP.治疗前收缩压'], 0.268666883177896, 1e-6);
  });
  it('tests each group and skips missing values', () => {
    const out = run(table, { vars: ['总胆固醇'], group: '组别' });
    expect(Object.keys(out.results)).toContain('shapiroP.总胆固醇.试验组');
    expect(() => run(table, { vars: [] })).toThrow('至少选择一个');
  });
});

// Reference values: fixtures/make-fixtures.R (qqnorm, qqline).
describe('正态性检验 Q-Q plots, one per variable with a series per group, against R', () => {
  const R = JSON.parse(fs.readFileSync(new URL('./fixtures/qq.json', import.meta.url), 'utf8')) as Record<string, { intercept: number; slope: number; n: number; theoretical: number[]; sample: number[] }>;
  it('draws every variable and group with R’s qqnorm points and qqline', () => {
    const out = run(table, { vars: ['治疗前收缩压', '总胆固醇'], group: '组别' });
    const charts = out.sections.find((s) => s.title === '图形')!.blocks as Array<{ type: string; title: string; option: { series: Array<{ type: string; name: string; data: number[][] }> } }>;
    expect(charts.map((c) => c.title)).toEqual(['图1 治疗前收缩压（按组别分组）的正态 Q-Q 图', '图2 总胆固醇（按组别分组）的正态 Q-Q 图']);
    charts.forEach((c, ci) => {
      const v = ci === 0 ? '治疗前收缩压' : '总胆固醇';
      for (const g of ['对照组', '试验组']) {
        const r = R[`${v}.${g}`]!;
        close(out.results[`qqIntercept.${v}.${g}`], r.intercept, 1e-12);
        close(out.results[`qqSlope.${v}.${g}`], r.slope, 1e-12);
        const pts = c.option.series.find((s) => s.type === 'scatter' && s.name === g)!.data;
        expect(pts).toHaveLength(r.n);
        pts.forEach(([t, y], i) => {
          expect(Math.abs(t! - r.theoretical[i]!)).toBeLessThan(1e-6);
          expect(y).toBe(r.sample[i]);
        });
        const line = c.option.series.find((s) => s.type === 'line' && s.name === g)!.data;
        close(line[0]![1], r.intercept + r.slope * line[0]![0]!, 1e-6);
      }
    });
  });

  it('draws large samples at evenly spaced order statistics', () => {
    const n = 30_000;
    const values = Array.from({ length: n }, (_, i) => Math.sqrt(i));
    const big: DataTable = {
      rows: n,
      variables: [{ name: 'v', type: 'numeric', valid: n, missing: 0, distinct: n, min: null, max: null, mean: null, levels: [] }],
      numeric: () => values,
      text: () => [],
    };
    const out = run(big, { vars: ['v'], group: '' });
    const chart = out.sections.find((s) => s.title === '图形')!.blocks[0] as { title: string; option: { series: Array<{ data: number[][] }> } };
    const pts = chart.option.series[0]!.data;
    expect(pts.length).toBe(MAX_MARKS);
    expect(pts[0]![1]).toBe(0);
    expect(pts[pts.length - 1]![1]).toBeCloseTo(Math.sqrt(n - 1), 5);
    expect(chart.title).toContain(`均匀取 ${MAX_MARKS} 个分位点`);
  });
});
