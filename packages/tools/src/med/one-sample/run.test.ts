import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'hypertension-trial')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));

// Reference values: packages/tools/reference/nonparametric.R (shapiro.test, t.test(mu = 140),
// wilcox.test(mu = 140, conf.int = TRUE)). Shapiro–Wilk to 1e-6 (the engine's AS R94 polynomial
// approximations, as the stats tests use); the rest 1e-9.
describe('单样本检验 on the example, against R', () => {
  const out = run(table, { y: '治疗后收缩压', mu: 140, alternative: 'two.sided', level: 0.95 });
  it('recommends t after Shapiro–Wilk and reports t and d', () => {
    expect(out.results.recommended).toBe('t');
    close(out.results.shapiroW, 0.99099557445632347, 1e-6);
    close(out.results.shapiroP, 0.62593482208041828, 1e-6);
    close(out.results.tStatistic, 1.9466872294423248);
    close(out.results.tP, 0.053928801337638721);
    close(out.results.ciLower, 139.95437276622025);
    close(out.results.ciUpper, 145.36229390044639);
    close(out.results.cohensD, 0.17770741799546602);
    expect(out.results.statistic).toBe(out.results.tStatistic);
  });
  it('one-sample Wilcoxon with the Hodges–Lehmann estimate and CI', () => {
    expect(out.results.wilcoxonStatistic).toBe(3938);
    close(out.results.wilcoxonP, 0.039900895210996989);
    close(out.results.estimate, 142.99994936068336);
    close(out.results.hlLower, 140.00007366391935);
    close(out.results.hlUpper, 145.50003080764529);
  });
  it('refuses text, a constant column and too few values, naming the column', () => {
    expect(() => run(table, { y: '组别', mu: 0 })).toThrow('变量“组别”不是数值型变量');
    const constant = { ...table, numeric: () => Array<number | null>(table.rows).fill(5) };
    expect(() => run(constant, { y: '年龄', mu: 0 })).toThrow('变量“年龄”的所有值都相同');
    const few = { ...table, numeric: () => [1, 2, ...Array<number | null>(table.rows - 2).fill(null)] };
    expect(() => run(few, { y: '年龄', mu: 0 })).toThrow('有效观测少于 3 个');
  });
});
