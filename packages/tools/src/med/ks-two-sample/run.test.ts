import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'hypertension-trial')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));

// Reference values: packages/tools/reference/nonparametric.R (ks.test in R 4.2: exact with ties
// since 60·60 < 10000). p to 1e-9 relative (R's 1 − count/choose via lgamma adds ~1e-15).
describe('两样本 Kolmogorov–Smirnov on the example, against R', () => {
  it('D and the exact P with ties', () => {
    const out = run(table, { y: '治疗后收缩压', group: '组别', alternative: 'two.sided' });
    close(out.results.statistic, 0.21666666666666667, 1e-12);
    close(out.results.p, 0.091611049135744249);
    expect(out.results.exact).toBe(1);
    expect(out.results.ties).toBe(1);
    const chart = out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'chart');
    expect(chart).toBeTruthy();
  });
  it('one-sided (less)', () => {
    const out = run(table, { y: '治疗后收缩压', group: '组别', alternative: 'less' });
    close(out.results.statistic, 0.21666666666666667, 1e-12);
    close(out.results.p, 0.045810011691626018);
  });
  it('refuses more than two groups, text outcomes and a one-member group', () => {
    expect(() => run(table, { y: '年龄', group: '编号' })).toThrow('最多 2 个组');
    expect(() => run(table, { y: '疗效', group: '组别' })).toThrow('变量“疗效”不是数值型变量');
    const g = table.text('组别');
    const first = g.indexOf('试验组');
    const one = { ...table, numeric: (n: string) => table.numeric(n).map((v, i) => (g[i] === '试验组' && i !== first ? null : v)) };
    expect(() => run(one, { y: '治疗后收缩压', group: '组别' })).toThrow(/只有 1 个有效观测|每组至少需要 2 个/);
  });
});
