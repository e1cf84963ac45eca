import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';
import fixture from './r-fixture.json' with { type: 'json' };

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'hospital-antibiotics')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));
const params = { item: '医院', value: '2023年抗菌药物使用率(%)', group: '医院等级', aggregate: 'none' };

// Reference values: r-fixture.R (order, mean, quantile type 7, tapply by group).
describe('棒棒糖图 on the example, against R', () => {
  it('sorts the items as R does and describes them by group', () => {
    const out = run(table, params);
    const chart = out.sections[0]!.blocks[0]!;
    if (chart.type !== 'chart') throw new Error('chart expected');
    expect((chart.option as { yAxis: { data: string[] } }).yAxis.data).toEqual(fixture.order);
    expect(out.results.n).toBe(fixture.n);
    close(out.results.mean, fixture.mean);
    close(out.results.q1, fixture.q[0]!);
    close(out.results.median, fixture.q[1]!);
    close(out.results.q3, fixture.q[2]!);
    for (const [g, m] of Object.entries(fixture.groupMean)) {
      close(out.results[`mean.${g}`], m);
      close(out.results[`median.${g}`], fixture.groupMedian[g as keyof typeof fixture.groupMedian]);
      expect(out.results[`n.${g}`]).toBe(fixture.groupN[g as keyof typeof fixture.groupN]);
    }
  });

  it('summarises several rows of one item when asked, and refuses them otherwise', () => {
    const out = run(table, { item: '医院等级', value: '2023年抗菌药物使用率(%)', group: '', aggregate: 'mean' });
    close(out.results.max, Math.max(...Object.values(fixture.groupMean)));
    expect(out.results.maxItem).toBe('三级');
    const med = run(table, { item: '医院等级', value: '2023年抗菌药物使用率(%)', group: '', aggregate: 'median' });
    close(med.results.min, fixture.groupMedian['二级']);
    expect(() => run(table, { item: '医院等级', value: '2023年抗菌药物使用率(%)', aggregate: 'none' })).toThrow('请在“同一项目多行时”选择汇总方式');
  });

  it('refuses bad input in Chinese', () => {
    expect(() => run(table, { item: '医院', value: '' })).toThrow('请选择项目名称和数值两列');
    expect(() => run(table, { item: '医院', value: '不存在' })).toThrow('数据中没有变量“不存在”');
  });
});
