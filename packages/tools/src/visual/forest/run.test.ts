import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';
import fixture from './r-fixture.json' with { type: 'json' };

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'subgroup-forest')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));
const params = { label: '亚组', estimate: 'HR', lower: '95%CI下限', upper: '95%CI上限', weight: '例数', p: 'P值', scale: 'log', measure: 'HR' };

// Reference values: r-fixture.R (SE from the CI on the log scale, Wald P, weight shares).
describe('森林图 on the example, against R', () => {
  it('derives SE and P from the interval as R does, and keeps the P the file gives', () => {
    const out = run(table, params);
    expect(out.results.drawn).toBe(fixture.drawn);
    expect(out.results.excluded).toBe(fixture.excluded);
    for (const r of fixture.rows) {
      close(out.results[`se.${r.label}`], r.se);
      close(out.results[`p.${r.label}`], r.pGiven ?? r.pDerived);
    }
    const t = out.sections[1]!.blocks[0]!;
    if (t.type !== 'table') throw new Error('table expected');
    for (const r of fixture.rows) {
      const row = t.rows.find((x) => x[0] === r.label)!;
      expect(row[3]).toBe(Number(r.weightPct.toFixed(1)));
      expect(row[5]).toBe(r.pGiven === null ? '由置信区间推算' : '数据提供');
    }
    // The row without an upper limit stays in the table, not drawn, with its footnote.
    expect(t.rows.find((x) => x[0] === '从不吸烟')![5]).toBe('未绘制');
    expect(t.footnotes.some((f) => f.includes('从不吸烟'))).toBe(true);
  });

  it('draws a log axis with the reference at 1, one square and whisker per complete row', () => {
    const out = run(table, params);
    const chart = out.sections[0]!.blocks[0]!;
    if (chart.type !== 'chart') throw new Error('chart expected');
    const o = chart.option as { xAxis: { type: string; min: number; max: number }; series: Array<{ type: string; data: unknown[]; markLine?: { data: Array<{ xAxis: number }> } }> };
    expect(o.xAxis.type).toBe('log');
    expect(o.xAxis.min).toBeLessThanOrEqual(0.37);
    expect(o.xAxis.max).toBeGreaterThanOrEqual(1.28);
    expect(o.series[0]!.data).toHaveLength(fixture.drawn);
    expect(o.series[1]!.markLine!.data[0]!.xAxis).toBe(1);
    expect(out.results.belowReference).toBe(fixture.belowReference);
    expect(out.results.aboveReference).toBe(fixture.aboveReference);
  });

  it('derives P on a linear scale without logs, with the reference at 0', () => {
    const rows = { 亚组: ['A', 'B'], MD: [2, -0.5], lo: [0.5, -1.5], hi: [3.5, 0.5] };
    const data = {
      rows: 2,
      variables: ['亚组', 'MD', 'lo', 'hi'].map((name) => ({ name, type: name === '亚组' ? 'categorical' : 'numeric', valid: 2, missing: 0, distinct: 2, min: null, max: null, mean: null, levels: [] })) as never,
      numeric: (n: string) => (rows as Record<string, Array<number | string>>)[n]!.map(Number),
      text: (n: string) => (rows as Record<string, Array<number | string>>)[n]!.map(String),
    };
    const out = run(data, { label: '亚组', estimate: 'MD', lower: 'lo', upper: 'hi', scale: 'linear', measure: 'MD' });
    // SE = 3 / (2 × 1.959964); P = 2Φ(−2 / SE) = 2 * pnorm(-2 / (3 / (2 * qnorm(0.975)))) in R.
    close(out.results['p.A'], 0.00896764045955307, 1e-8);
    expect(out.results.reference).toBe(0);
  });

  it('refuses bad input in Chinese', () => {
    expect(() => run(table, { ...params, upper: '' })).toThrow('请选择名称、估计值、置信区间下限和上限四列');
    expect(() => run(table, { ...params, lower: 'HR', upper: 'HR' })).toThrow('三个不同的列');
    expect(() => run(table, { ...params, estimate: '不存在' })).toThrow('数据中没有变量“不存在”');
  });
});
