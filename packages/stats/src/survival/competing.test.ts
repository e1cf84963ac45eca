import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { cumulativeIncidence, cumulativeIncidenceAt, fineGray } from './competing.js';
import type { Predictor } from '../regression/design.js';

const R = fixture('competing');
const REL = 1e-9; // cuminc, timepoints and Gray's test are closed forms
// crr stops Newton–Raphson at gtol = 1e-6, so its estimates are ~1e-6 from the exact optimum; we take
// the same steps with the same stopping rule and land on the same iterate, so they agree to rounding
// (the variance's q(u) sums run in another order): 1e-9.
const CRR = 1e-9;

function sameCurves(r: any, label: string, options: Parameters<typeof cumulativeIncidence>[2] = {}) {
  const res = cumulativeIncidence(r.time, r.cause, { group: r.group, groupLevels: r.groupLevels, ...options });
  expect(res.curves.map((c) => `${c.group} ${c.cause}`)).toEqual(r.curves.map((c: any) => c.name));
  res.curves.forEach((c, k) => {
    const rc = r.curves[k];
    expect(c.time, `${label} ${rc.name} times`).toEqual(rc.time);
    c.estimate.forEach((v, i) => expectClose(v, rc.est[i], REL, `${label} ${rc.name} F[${i}]`, 1e-15));
    c.variance.forEach((v, i) => expectClose(v, rc.var[i], REL, `${label} ${rc.name} var[${i}]`, 1e-18));
  });
  return res;
}

function sameTests(tests: ReturnType<typeof cumulativeIncidence>['tests'], r: any, label: string) {
  expect(tests!.map((t) => String(t.cause))).toEqual(r.cause);
  tests!.forEach((t, i) => {
    expectClose(t.statistic, r.stat[i], REL, `${label} Gray stat ${t.cause}`);
    expectClose(t.pValue, r.pv[i], 1e-8, `${label} Gray p ${t.cause}`);
    expect(t.df).toBe(r.df[i]);
  });
}

function sameTimepoints(res: ReturnType<typeof cumulativeIncidence>, r: any, label: string) {
  res.curves.forEach((c, k) => {
    cumulativeIncidenceAt(c, r.times).forEach((a, j) => {
      const e = r.tpEst[k][j];
      const v = r.tpVar[k][j];
      if (e === null) expect(a.estimate, `${label} ${k} at ${a.time}`).toBeNull();
      else expectClose(a.estimate!, e, REL, `${label} ${k} F(${a.time})`, 1e-15);
      if (v === null) expect(a.variance).toBeNull();
      else expectClose(a.variance!, v, REL, `${label} ${k} var(${a.time})`, 1e-18);
    });
  });
}

function sameCrr(r: any, X: number[][], failCode: number, label: string) {
  const predictors: Predictor[] = r.names.map((name: string, j: number) => ({ name, type: 'numeric', values: X.map((row) => row[j]!) }));
  const fit = fineGray({ time: r.time, cause: r.cause, predictors, failCode });
  const c = r[`crr${failCode}`];
  expect(fit.converged).toBe(c.converged);
  fit.coefficients.forEach((co, j) => {
    expect(co.term).toBe(c.names[j]);
    expectClose(co.estimate, c.coef[j], CRR, `${label} coef ${co.term}`);
    expectClose(co.se, c.se[j], CRR, `${label} se ${co.term}`);
    expectClose(co.statistic, c.z[j], CRR, `${label} z ${co.term}`);
    expectClose(co.pValue, c.p[j], 1e-6, `${label} p ${co.term}`);
    expectClose(co.hazardRatioCi[0], c.lower[j], CRR, `${label} lower ${co.term}`);
    expectClose(co.hazardRatioCi[1], c.upper[j], CRR, `${label} upper ${co.term}`);
  });
  const p = fit.coefficients.length;
  fit.covariance.forEach((row, i) => row.forEach((v, j) => expectClose(v, c.var[i][j], CRR, `${label} var[${i},${j}]`, 1e-15)));
  expectClose(fit.logLik, c.loglik, 1e-10, `${label} loglik`);
  expectClose(fit.logLikNull, c.loglikNull, 1e-12, `${label} loglik.null`);
  expect(fit.likelihoodRatio.df).toBe(p);
  return fit;
}

describe('cumulative incidence agrees with cmprsk::cuminc and timepoints', () => {
  it('the example: two regimens, cancer death and other death', () => {
    const e = R.example;
    const res = sameCurves(e, 'example');
    sameTests(res.tests, e.tests, 'example');
    sameTimepoints(res, e, 'example');
  });
  it('integer times with heavy ties, three causes and three groups; ρ = 1 and strata in Gray’s test', () => {
    const t = R.ties;
    const res = sameCurves({ ...t, groupLevels: ['a', 'b', 'c'] }, 'ties');
    sameTests(res.tests, t.tests, 'ties');
    sameTimepoints(res, t, 'ties');
    sameTests(cumulativeIncidence(t.time, t.cause, { group: t.group, rho: 1 }).tests, t.testsRho1, 'rho = 1');
    sameTests(cumulativeIncidence(t.time, t.cause, { group: t.group, strata: t.strata }).tests, t.testsStrata, 'strata');
  });
  it('one group gives curves and no test; each curve ends at the group’s largest time', () => {
    const t = R.ties;
    const res = cumulativeIncidence(t.time, t.cause);
    expect(res.tests).toBeNull();
    expect(res.curves.length).toBe(3);
    for (const c of res.curves) expect(c.time.at(-1)).toBe(Math.max(...t.time));
  });
  it('refuses bad codes and all-censored data', () => {
    expect(() => cumulativeIncidence([1, 2], [0, 1.5])).toThrow(/正整数/);
    expect(() => cumulativeIncidence([1, 2], [0, 0])).toThrow(/没有发生/);
    expect(() => cumulativeIncidence([1, -2], [1, 0])).toThrow(/非负/);
  });
});

describe('Fine–Gray model agrees with cmprsk::crr', () => {
  it('the example, cancer death (five covariates)', () => sameCrr({ ...R.example, names: R.example.crr1.names }, R.example.X, 1, 'crr1'));
  it('the example, other death as the event of interest', () => sameCrr({ ...R.example, names: R.example.crr2.names }, R.example.X, 2, 'crr2'));
  it('tied integer times, cause 1 and cause 3', () => {
    sameCrr({ ...R.ties, names: R.ties.crr1.names }, R.ties.X, 1, 'ties crr1');
    sameCrr({ ...R.ties, names: R.ties.crr3.names }, R.ties.X, 3, 'ties crr3');
  });
  it('dummy-codes a categorical predictor against its reference level', () => {
    const e = R.example;
    const fit = fineGray({ time: e.time, cause: e.cause, failCode: 1, predictors: [{ name: '方案', type: 'categorical', values: e.group, reference: '标准方案' }] });
    const num = fineGray({ time: e.time, cause: e.cause, failCode: 1, predictors: [{ name: '方案新方案', type: 'numeric', values: e.group.map((g: string) => (g === '新方案' ? 1 : 0)) }] });
    expect(fit.coefficients[0]!.term).toBe('方案新方案');
    expect(fit.coefficients[0]!.estimate).toBe(num.coefficients[0]!.estimate);
  });
  it('refuses a model with no event of interest or fewer events than parameters', () => {
    const predictors: Predictor[] = [{ name: 'x', type: 'numeric', values: [1, 2, 3, 4] }];
    expect(() => fineGray({ time: [1, 2, 3, 4], cause: [0, 2, 2, 0], predictors })).toThrow(/没有发生关注事件/);
    expect(() => fineGray({ time: [1, 2, 3, 4], cause: [1, 2, 2, 0], predictors })).toThrow(/多于模型参数/);
  });
});
