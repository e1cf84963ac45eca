import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'hypertension-trial')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));

// Reference values: packages/tools/reference/tools.R (summary(lm), confint, AIC).
describe('线性回归 on the example, against R', () => {
  it('coefficients, intervals, fit and AIC with a dummy-coded group', () => {
    const out = run(table, { y: '治疗后收缩压', x: ['治疗前收缩压', '年龄', 'BMI'], factors: ['组别'], level: 0.95 });
    close(out.results['b.(Intercept)'], -25.2798109756822704);
    close(out.results['b.治疗前收缩压'], 1.0801806194744659);
    close(out.results['b.年龄'], -0.0120958826870784, 1e-8);
    close(out.results['b.组别试验组'], -9.4168557227783634);
    close(out.results['p.治疗前收缩压'], 8.87133138241938e-29, 1e-7);
    close(out.results['p.组别试验组'], 3.91308515257334e-8, 1e-8);
    close(out.results['ciLower.组别试验组'], -12.581995732162163);
    close(out.results['ciUpper.BMI'], 0.658694655419122);
    close(out.results.rSquared, 0.68184951129407);
    close(out.results.adjRSquared, 0.670686336251756);
    close(out.results.statistic, 61.0802490070755);
    close(out.results.p, 1.78096040585027e-27, 1e-7);
    close(out.results.aic, 856.709069307172);
  });
  it('refuses the outcome as a predictor', () => {
    expect(() => run(table, { y: '年龄', x: ['年龄'] })).toThrow('不能同时作为自变量');
    expect(() => run(table, { y: '年龄' })).toThrow('至少选择一个自变量');
  });
});
