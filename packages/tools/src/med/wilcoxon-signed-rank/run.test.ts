import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable } from '../../tool.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'hypertension-trial')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));

// Reference values: packages/tools/reference/nonparametric.R (wilcox.test(paired = TRUE, conf.int = TRUE)).
// The HL interval comes from R's uniroot (tol 1e-4); the engine runs the same zeroin, so 1e-9 holds.
describe('Wilcoxon 符号秩检验 on the example, against R', () => {
  it('V, P, pseudo-median and its CI, r = Z/√n', () => {
    const out = run(table, { x1: '治疗前收缩压', x2: '治疗后收缩压', alternative: 'two.sided', level: 0.95 });
    expect(out.results.statistic).toBe(6994);
    expect(out.results.exact).toBe(0);
    expect(out.results.nonZero).toBe(119);
    close(out.results.p, 1.076196357769583e-19);
    close(out.results.estimate, 13.999976360331065);
    close(out.results.ciLower, 12.000063797034572);
    close(out.results.ciUpper, 15.500001965151464);
    close(out.results.r, 0.8325719781887656);
  });
  it('one-sided at 90%', () => {
    const out = run(table, { x1: '治疗前收缩压', x2: '治疗后收缩压', alternative: 'greater', level: 0.9 });
    close(out.results.p, 5.3809817888479151e-20);
    close(out.results.ciLower, 12.500087031783547);
    expect(out.results.ciUpper).toBeNull();
  });
  it('refuses the same column, text columns and all-zero differences, naming the column', () => {
    expect(() => run(table, { x1: '治疗前收缩压', x2: '治疗前收缩压' })).toThrow('两个变量不能相同');
    expect(() => run(table, { x1: '治疗前收缩压', x2: '组别' })).toThrow('变量“组别”不是数值型变量');
    const same: DataTable = { ...table, numeric: (n) => table.numeric(n === '治疗后收缩压' ? '治疗前收缩压' : n) };
    expect(() => run(same, { x1: '治疗前收缩压', x2: '治疗后收缩压' })).toThrow(/差值全为 0/);
  });
});
