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
