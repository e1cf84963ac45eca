import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';
import fixture from './r-fixture.json' with { type: 'json' };

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'hospital-antibiotics')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));
const params = { item: '医院', first: '2019年抗菌药物使用率(%)', second: '2023年抗菌药物使用率(%)', sort: 'diff' };

// Reference values: r-fixture.R (t.test(second, first, paired = TRUE)).
describe('哑铃图 on the example, against R', () => {
  it('tests the differences as R does', () => {
    const out = run(table, params);
    expect(out.results.n).toBe(fixture.n);
    close(out.results.meanDifference, fixture.mean);
    close(out.results.ciLower, fixture.ci[0]!);
    close(out.results.ciUpper, fixture.ci[1]!);
    close(out.results.statistic, fixture.t);
    expect(out.results.df).toBe(fixture.df);
    close(out.results.p, fixture.p, 1e-6);
    expect(out.results.increased).toBe(fixture.increased);
    expect(out.results.decreased).toBe(fixture.decreased);
    expect(out.results.maxDifferenceItem).toBe(fixture.top);
    expect(out.results.minDifferenceItem).toBe(fixture.bottom);
  });

  it('sorts the items by their difference, largest on top, one line per item', () => {
    const out = run(table, params);
    const chart = out.sections[0]!.blocks[0]!;
    if (chart.type !== 'chart') throw new Error('chart expected');
    const o = chart.option as { yAxis: { data: string[] }; series: Array<{ data: unknown[] }> };
    expect(o.yAxis.data[0]).toBe(fixture.top);
    expect(o.yAxis.data[o.yAxis.data.length - 1]).toBe(fixture.bottom);
    expect(o.series[0]!.data).toHaveLength(fixture.n);
    const t = out.sections[1]!.blocks[0]!;
    expect(t.type === 'table' && t.footnotes.some((f) => f.includes('港口医院') && f.includes('未绘制'))).toBe(true);
  });

  it('refuses bad input in Chinese', () => {
    expect(() => run(table, { ...params, second: '' })).toThrow('请选择项目名称和两列数值');
    expect(() => run(table, { ...params, second: params.first })).toThrow('不能是同一个变量');
    expect(() => run(table, { ...params, item: '医院等级' })).toThrow('有重复的名称');
  });
});
