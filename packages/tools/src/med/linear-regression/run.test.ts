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
    close(out.results['beta.治疗前收缩压'], 0.80280720527123584);
    close(out.results['beta.年龄'], -0.00749840675755544, 1e-8);
    close(out.results['beta.BMI'], 0.03592244455224298);
    close(out.results['beta.组别试验组'], -0.31551285020715819);
    expect(out.results.perfectFit).toBe(0);
  });

  it('reports an exact fit as such: F and t infinite, with a warning, never rounding noise', () => {
    const xs = Array.from({ length: 12 }, (_, i) => i + 1);
    const exact = {
      rows: xs.length,
      variables: ['x', 'y'].map((name) => ({ name, type: 'numeric' as const, valid: 12, missing: 0, distinct: 12, min: null, max: null, mean: null, levels: [] })),
      numeric: (name: string) => (name === 'x' ? xs : xs.map((v) => 3 + 2 * v)),
      text: () => [],
    };
    const out = run(exact as never, { y: 'y', x: ['x'], level: 0.95 });
    expect(out.results.perfectFit).toBe(1);
    expect(out.results.statistic).toBeNull();
    expect(out.results.p).toBe(0);
    const said = JSON.stringify(out.sections);
    expect(said).toContain('完全拟合');
    expect(said).toContain('∞');
  });
  it('refuses the outcome as a predictor', () => {
    expect(() => run(table, { y: '年龄', x: ['年龄'] })).toThrow('不能同时作为自变量');
    expect(() => run(table, { y: '年龄' })).toThrow('至少选择一个自变量');
  });
});
