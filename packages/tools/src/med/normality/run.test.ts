import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
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
