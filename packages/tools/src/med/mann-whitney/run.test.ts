import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'hypertension-trial')!.file);

// Reference values: packages/tools/reference/tools.R (wilcox.test, exact = FALSE, correct = TRUE).
describe('Mann-Whitney U检验 on the example, against R', () => {
  it('W and the normal approximation with ties', () => {
    const out = run(table, { y: '治疗后收缩压', group: '组别', alternative: 'two.sided' });
    expect(out.results.statistic).toBe(2133);
    expect(out.results.exact).toBe(0);
    expect(Math.abs((out.results.p as number) - 0.0808193550943387)).toBeLessThan(1e-12);
  });
  it('needs exactly two groups', () => {
    expect(() => run(table, { y: '年龄', group: '编号' })).toThrow('最多 2 个组');
  });
});

// Reference values: packages/tools/reference/nonparametric.R (wilcox.test(conf.int = TRUE); the
// interval by R's uniroot, which the engine reproduces step for step: 1e-9).
describe('Mann-Whitney Hodges–Lehmann location shift, against R', () => {
  it('estimate and 95% CI', () => {
    const out = run(table, { y: '治疗后收缩压', group: '组别', alternative: 'two.sided', level: 0.95 });
    const close = (a: unknown, b: number) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(1e-9 * Math.abs(b));
    close(out.results.estimate, 4.9999603269831603);
    close(out.results.ciLower, -0.99998059864561673);
    close(out.results.ciUpper, 10.000002750668806);
    expect(out.results.rankBiserial).toBeTypeOf('number');
  });
});
