// 逐步回归 on the example (示例数据_糖化血红蛋白影响因素.csv) against R: reference/stepwise-regression.R
// runs step() (both/AIC, backward/BIC, forward/AIC keeping 年龄) and prints the final lm() fits,
// confint() and car::vif(). Tolerances: coefficients, SEs, CIs, R², F 1e-9 relative; extractAIC 1e-9.
import { describe, expect, it } from 'vitest';
import { rScript } from '../../r-code.js';
import { ToolInputError } from '../../tool.js';
import { closeTo, exampleSetup } from '../run-test-setup.js';
import { definition } from './definition.js';
import { run } from './run.js';

const { table, example } = exampleSetup(definition);

const close = closeTo(1e-9);
const FINAL = {
  b: { 病程年: 0.103481616137, BMI: 0.0792236117869, 甘油三酯: 0.292583774753, 每周运动分钟: -0.00335358970896 },
  se: { 病程年: 0.00733650358488, BMI: 0.0113982990112, 甘油三酯: 0.0548901530246, 每周运动分钟: 0.000635106403767 },
  ciLower: { 病程年: 0.0890197754576, BMI: 0.056755090862, 甘油三酯: 0.184383371289, 每周运动分钟: -0.00460552225685 },
  ciUpper: { 病程年: 0.117943456816, BMI: 0.101692132712, 甘油三酯: 0.400784178216, 每周运动分钟: -0.00210165716108 },
};

describe('stepwise-regression', () => {
  it('both directions by AIC: the variables, final model and extractAIC of R step()', () => {
    const out = run(table, example);
    const r = out.results;
    expect(r.n).toBe(217);
    expect(r.excluded).toBe(3);
    expect(r.selectedVariables).toBe('病程年、BMI、甘油三酯、每周运动分钟');
    expect([r.step1, r.step2, r.step3, r.step4]).toEqual(['加入病程年', '加入BMI', '加入甘油三酯', '加入每周运动分钟']);
    close(r.finalCriterion, -212.731754448395, 'extractAIC');
    // extractAIC after each step (R: the step() trace).
    [-128.721047057, -164.826847093, -187.918876253, -212.731754448].forEach((v, k) => close(r[`stepValue${k + 1}`], v, `AIC after step ${k + 1}`, 1e-10));
    for (const [k, vals] of Object.entries(FINAL)) for (const [v, want] of Object.entries(vals)) close(r[`${k}.${v}`], want, `${k}.${v}`);
    close(r.rSquared, 0.612227425249, 'R²', 1e-10);
    close(r.adjRSquared, 0.604910961575, 'adj R²', 1e-10);
    close(r.fStatistic, 83.6780516493, 'F', 1e-10);
    close(r.maxVif, 1.01712815, 'VIF', 1e-8);
    const steps = out.sections[1]!.blocks[0]!;
    expect(steps.type === 'table' && steps.rows.length).toBe(5);
  });

  it('backward by BIC: R step(k = log(n)) removes the same terms in the same order', () => {
    const r = run(table, { ...example, direction: 'backward', criterion: 'bic' }).results;
    expect([1, 2, 3, 4, 5, 6].map((k) => r[`step${k}`])).toEqual(['剔除性别', '剔除高密度脂蛋白', '剔除收缩压', '剔除年龄', '剔除体重kg', '剔除腰围cm']);
    close(r.finalCriterion, -195.832267680693, 'BIC');
    close(r['b.BMI'], FINAL.b.BMI, 'b.BMI');
  });

  it('forward by AIC with a forced variable', () => {
    const r = run(table, { ...example, direction: 'forward', keep: ['年龄'] }).results;
    expect(r.selectedVariables).toBe('年龄、病程年、BMI、甘油三酯、每周运动分钟');
    close(r.finalCriterion, -211.130354964771, 'extractAIC');
    close(r['b.年龄'], 0.00271822039053, 'b.年龄');
    close(r['p.年龄'], 0.534059182261, 'p.年龄');
  });

  it('the SPSS p-value criterion enters by partial F and stops above P = 0.05', () => {
    const out = run(table, { ...example, criterion: 'p' });
    const steps = out.sections[1]!.blocks[0]!;
    if (steps.type !== 'table') throw new Error('table expected');
    expect(steps.columns).toContain('偏 F 检验 P');
    expect(out.results.selectedVariables).toBe('病程年、BMI、甘油三酯、每周运动分钟');
    // R: add1(fit, scope, test = "F") along the path; the smallest remaining p (腰围cm) is 0.281 > 0.05.
    [1.15337029828e-26, 9.17615173087e-10, 7.15727556622e-7, 3.18525853757e-7].forEach((v, k) => close(out.results[`stepValue${k + 1}`], v, `entry p ${k + 1}`, 1e-6));
    expect(out.results.steps).toBe(4);
  });

  it('refuses bad input in Chinese', () => {
    expect(() => run(table, { ...example, x: ['BMI'], factors: [] })).toThrow(ToolInputError);
    expect(() => run(table, { ...example, keep: ['编号'] })).toThrow(/强制保留的变量“编号”/);
    expect(() => run(table, { ...example, criterion: 'p', pEnter: 0.2, pRemove: 0.1 })).toThrow(/进入标准/);
    const small: typeof table = { ...table, rows: 8, numeric: (n) => table.numeric(n).slice(0, 8), text: (n) => table.text(n).slice(0, 8) };
    expect(() => run(small, example)).toThrow(/不多于全模型的参数个数/);
  });

  it('refuses an exactly collinear candidate, naming it', () => {
    const twice: typeof table = {
      ...table,
      variables: [...table.variables, { ...table.variables.find((v) => v.name === 'BMI')!, name: 'BMI2' }],
      numeric: (n) => (n === 'BMI2' ? table.numeric('BMI').map((v) => (v === null ? null : 2 * v)) : table.numeric(n)),
      text: (n) => (n === 'BMI2' ? table.text('BMI') : table.text(n)),
    };
    expect(() => run(twice, { ...example, x: [...(example.x as string[]), 'BMI2'] })).toThrow(/完全共线.*BMI2/);
  });

  it('has an R script', () => {
    const script = rScript(definition.key, example, 'hba1c-factors.csv')!;
    expect(script).toContain('step(');
    expect(rScript(definition.key, { ...example, criterion: 'p' }, 'a.csv')).toContain('drop1(');
  });
});
