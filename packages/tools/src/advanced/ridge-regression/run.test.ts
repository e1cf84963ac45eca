// 岭回归 on the example (示例数据_糖化血红蛋白影响因素.csv) against glmnet: reference/ridge-regression.R
// runs cv.glmnet(alpha = 0, thresh 1e-14) on the tool's own folds (reference/ridge-folds.txt, checked
// below to equal lassoFolds(217, 10, 2024)), lm() and car::vif(). Tolerances: λ 1e-8 relative; CV
// error 1e-6 (SD 1e-5); dev.ratio 1e-7; ridge coefficients 1e-5 relative (BMI, 体重 and 腰围 are
// collinear, so coordinate descent creeps along that direction and both solvers stop on a threshold:
// the largest gap, 性别男, is 2.7e-7 of 0.066); OLS coefficients and VIF 1e-9.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lassoFolds } from '@labstat/stats';
import { describe, expect, it } from 'vitest';
import { rScript } from '../../r-code.js';
import { ToolInputError } from '../../tool.js';
import { closeTo, exampleSetup } from '../run-test-setup.js';
import { definition } from './definition.js';
import { run } from './run.js';

const { table, example } = exampleSetup(definition);
const close = closeTo(); // every check states its tolerance

const COLUMNS = ['年龄', '病程年', 'BMI', '体重kg', '腰围cm', '收缩压', '甘油三酯', '高密度脂蛋白', '每周运动分钟', '性别男'];
const R = {
  lambdaMax: 617.653512436,
  lambdaMin: 0.0617653512436,
  lambdaSe: 0.435742342675,
  cvm: [0.392639462423, 0.429630486983],
  cvsd: [0.0418266316934, 0.0467096966752],
  devRatio: [0.61548288086, 0.564998960862],
  intercept: [2.69011740129774, 3.48828368565615],
  min: [0.00352888977092, 0.09788248206206, 0.05634243251691, -0.00144453944435, 0.02275012496982, -0.00137950452146, 0.27894935377302, 0.02039949075254, -0.00316967811811, -0.06626714607092],
  se: [0.00137457912152, 0.0714491969153, 0.03687887316259, 0.0041160588572, 0.0167341318414, 0.00069170580448, 0.21103343943035, -0.011829318812, -0.00233574804091, -0.05443147349642],
  ols: [0.00445308806011, 0.10445331653509, 0.0759849600275, -0.0074575607932, 0.02309322569549, -0.00215969432233, 0.2950712211517, 0.03026612071531, -0.00333908586717, -0.00970657466666],
  vif: [1.25529666408, 1.03865111688, 8.24216794459, 6.86021393484, 5.04992004287, 1.34128211899, 1.02622236704, 1.12314768281, 1.03184508635, 3.5109703968],
};

describe('ridge-regression', () => {
  it('uses the folds given to R', () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const file = fs.readFileSync(path.join(here, '../../../reference/ridge-folds.txt'), 'utf8').trim().split(/\s+/).map(Number);
    expect(lassoFolds(217, 10, 2024)).toEqual(file);
  });

  it('matches cv.glmnet(alpha = 0), lm() and car::vif() on the example', () => {
    const out = run(table, example);
    const r = out.results;
    expect(r.n).toBe(217);
    expect(r.excluded).toBe(3);
    expect(r.nLambda).toBe(100);
    close(r.lambdaMax, R.lambdaMax, 'λ_max', 1e-8);
    close(r.lambdaMin, R.lambdaMin, 'λ.min', 1e-8);
    close(r.lambdaSe, R.lambdaSe, 'λ.1se', 1e-8);
    close(r.cvmMin, R.cvm[0]!, 'cvm λ.min', 1e-6);
    close(r.cvmSe, R.cvm[1]!, 'cvm λ.1se', 1e-6);
    close(r.cvsdMin, R.cvsd[0]!, 'cvsd λ.min', 1e-5);
    close(r.rSquaredMin, R.devRatio[0]!, 'dev.ratio λ.min', 1e-7);
    close(r.rSquaredSe, R.devRatio[1]!, 'dev.ratio λ.1se', 1e-7);
    close(r.interceptMin, R.intercept[0]!, 'intercept λ.min', 1e-5);
    close(r.interceptSe, R.intercept[1]!, 'intercept λ.1se', 1e-5);
    COLUMNS.forEach((c, j) => {
      close(r[`coefMin.${c}`], R.min[j]!, `λ.min ${c}`, 1e-5);
      close(r[`coefSe.${c}`], R.se[j]!, `λ.1se ${c}`, 1e-5);
      close(r[`ols.${c}`], R.ols[j]!, `OLS ${c}`, 1e-9);
      close(r[`vif.${c}`], R.vif[j]!, `VIF ${c}`, 1e-9);
    });
    expect(r.highVif).toBe('BMI、体重kg、腰围cm');
    expect(out.sections.flatMap((s) => s.blocks).filter((b) => b.type === 'chart')).toHaveLength(2);
  });

  it('is reproducible with the same seed and differs with another', () => {
    const a = run(table, example).results;
    expect(run(table, example).results).toEqual(a);
    expect(run(table, { ...example, seed: 7 }).results.cvmMin).not.toBe(a.cvmMin);
  });

  it('still fits when OLS cannot (an exactly collinear column)', () => {
    const base = table;
    const twice: typeof table = {
      ...base,
      variables: [...base.variables, { ...base.variables.find((v) => v.name === 'BMI')!, name: 'BMI2' }],
      numeric: (n) => (n === 'BMI2' ? base.numeric('BMI').map((v) => (v === null ? null : 2 * v)) : base.numeric(n)),
      text: (n) => (n === 'BMI2' ? base.text('BMI') : base.text(n)),
    };
    const out = run(twice, { ...example, x: [...(example.x as string[]), 'BMI2'] });
    expect(out.results.olsRSquared).toBeNull();
    expect(JSON.stringify(out.sections[1])).toContain('普通最小二乘无法拟合');
  });

  it('refuses bad input in Chinese', () => {
    expect(() => run(table, { ...example, x: ['BMI'], factors: [] })).toThrow(ToolInputError);
    expect(() => run(table, { ...example, y: '' })).toThrow(/请选择因变量/);
    expect(() => run(table, { ...example, nfolds: 2 })).toThrow(/交叉验证折数/);
  });

  it('has an R script', () => {
    expect(rScript(definition.key, example, 'a.csv')).toContain('cv.glmnet(');
  });
});
