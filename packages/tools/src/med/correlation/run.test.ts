import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'hypertension-trial')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));

// Reference values: packages/tools/reference/tools.R (cor.test).
describe('相关分析 on the example, against R', () => {
  it('Pearson with the Fisher-z interval', () => {
    const out = run(table, { vars: ['年龄', '治疗前收缩压'], method: 'pearson', alternative: 'two.sided', level: 0.95 });
    close(out.results.r, -0.0524488042564021);
    close(out.results.statistic, -0.5705251102966693);
    close(out.results.p, 0.5694064161277402);
    close(out.results.ciLower, -0.2295323114768588);
    close(out.results.ciUpper, 0.127995822776173);
  });
  it('Spearman with ties (t approximation as R)', () => {
    const out = run(table, { vars: ['年龄', '治疗前收缩压'], method: 'spearman', alternative: 'two.sided', level: 0.95 });
    close(out.results.r, -0.0458511105060629);
    close(out.results.p, 0.6189929178124451, 1e-7);
  });
  it('a matrix for three variables', () => {
    const out = run(table, { vars: ['年龄', 'BMI', '治疗前收缩压'], method: 'pearson' });
    close(out.results['r.年龄~治疗前收缩压'], -0.0524488042564021);
    expect(() => run(table, { vars: ['年龄'] })).toThrow('至少选择两个变量');
  });
});
