import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';
import fixture from './r-fixture.json' with { type: 'json' };

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'io-trial')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));
const params = { id: '患者编号', change: '最佳肿瘤变化率(%)', response: '最佳疗效' };

// Reference values: r-fixture.R (table, binom.test, quantile type 7).
describe('瀑布图 on the example, against R', () => {
  it('counts responses and gives ORR and DCR with the exact CIs of binom.test', () => {
    const out = run(table, params);
    for (const [k, v] of Object.entries(fixture.counts)) expect(out.results[`count.${k}`], k).toBe(v);
    expect(out.results.n).toBe(fixture.n);
    close(out.results.orr, fixture.orr);
    close(out.results.orrLower, fixture.orrCi[0]!, 1e-7);
    close(out.results.orrUpper, fixture.orrCi[1]!, 1e-7);
    close(out.results.dcr, fixture.dcr);
    close(out.results.dcrLower, fixture.dcrCi[0]!, 1e-7);
    close(out.results.dcrUpper, fixture.dcrCi[1]!, 1e-7);
    close(out.results.q1Change, fixture.quartiles[0]!);
    close(out.results.medianChange, fixture.quartiles[1]!);
    close(out.results.q3Change, fixture.quartiles[2]!);
    expect(out.results.shrink30).toBe(fixture.shrink30);
    // P08 shrank 35.8% but progressed (a new lesion): coloured as PD, noted under the table.
    expect(out.results.discordant).toBe(1);
  });

  it('sorts the bars from the largest increase to the deepest shrinkage, with the +20/−30 lines', () => {
    const out = run(table, params);
    const chart = out.sections[0]!.blocks[0]!;
    if (chart.type !== 'chart') throw new Error('chart expected');
    const o = chart.option as { xAxis: { data: string[] }; series: Array<{ name: string; data: Array<number | null>; markLine?: { data: Array<{ yAxis: number }> } }> };
    const heights = o.xAxis.data.map((_, i) => o.series.map((s) => s.data[i]).find((v) => v !== null && v !== undefined)!);
    expect(heights).toHaveLength(35);
    for (let i = 1; i < heights.length; i++) expect(heights[i]!).toBeLessThanOrEqual(heights[i - 1]!);
    expect(o.series.find((s) => s.markLine)!.markLine!.data.map((d) => d.yAxis)).toEqual([20, -30]);
  });

  it('derives the categories from the change when no response column is chosen', () => {
    const out = run(table, { id: '患者编号', change: '最佳肿瘤变化率(%)', response: '' });
    for (const k of ['CR', 'PR', 'SD', 'PD'] as const) expect(out.results[`count.${k}`], k).toBe(fixture.derivedCounts[k]);
    close(out.results.orrLower, fixture.derivedOrrCi[0]!, 1e-7);
    close(out.results.orrUpper, fixture.derivedOrrCi[1]!, 1e-7);
  });

  it('refuses bad input in Chinese', () => {
    expect(() => run(table, { id: '', change: '最佳肿瘤变化率(%)' })).toThrow('请选择患者编号和最佳变化百分比两列');
    expect(() => run(table, { id: '患者编号', change: '没有这列' })).toThrow('数据中没有变量“没有这列”');
    const fraction = { ...table, numeric: (n: string) => (n === 'x' ? [-150, 0.2] : table.numeric(n)), text: (n: string) => (n === 'id' ? ['A', 'B'] : table.text(n)), rows: 2, variables: [...table.variables, { ...table.variables[0]!, name: 'x' }, { ...table.variables[0]!, name: 'id' }] };
    expect(() => run(fraction, { id: 'id', change: 'x' })).toThrow('不能小于 −100%');
  });
});
