import { describe, expect, it } from 'vitest';
import { StatsError } from '../errors.js';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { rcsBasis, rcsKnotQuantiles, rcsKnots, restrictedCubicSpline, type RcsResult } from './rcs.js';

// fixtures/make-rcs.R: Hmisc::rcspline.eval knots and basis; rms ols/lrm/cph with rcs(), anova(),
// lrtest() and Predict(ref.zero = TRUE).
const R = fixture('rcs');
const D = R.data;
const EXACT = 1e-9; // knots, basis, least squares
// lrm and cph are iterative (the R fits are run to eps = 1e-12); our covariance is built at the
// fitted values of the engine's fits, R's at its last Newton step. Agreement is ~1e-9; tolerance 1e-7.
const ITER = 1e-7;
const covariates = [
  { name: 'age', values: D.age as number[], type: 'numeric' as const },
  { name: 'sex', values: D.sex as string[], type: 'categorical' as const, reference: '女' },
];

function checkTests(got: RcsResult, r: any, tol: number, label: string) {
  // rms anova rows: [χ², df, P] (lrm, cph) or [df, SS, MS, F, P] (ols).
  if (got.model === 'linear') {
    expectClose(got.overall.f!, r.anova.overall[3], tol, `${label} overall F`);
    expectClose(got.overall.pValue, r.anova.overall[4], 1e-6, `${label} overall P`);
    expectClose(got.nonlinear.f!, r.anova.nonlinear[3], tol, `${label} nonlinear F`);
    expectClose(got.nonlinear.pValue, r.anova.nonlinear[4], 1e-6, `${label} nonlinear P`);
    expect(got.overall.df).toBe(r.anova.overall[0]);
    expect(got.nonlinear.df).toBe(r.anova.nonlinear[0]);
  } else {
    expectClose(got.overall.statistic, r.anova.overall[0], tol, `${label} overall Wald`);
    expect(got.overall.df).toBe(r.anova.overall[1]);
    expectClose(got.overall.pValue, r.anova.overall[2], tol * 10, `${label} overall P`);
    expectClose(got.nonlinear.statistic, r.anova.nonlinear[0], tol, `${label} nonlinear Wald`);
    expect(got.nonlinear.df).toBe(r.anova.nonlinear[1]);
    expectClose(got.nonlinear.pValue, r.anova.nonlinear[2], tol * 10, `${label} nonlinear P`);
  }
}

function checkPredict(got: RcsResult, r: any, tol: number, label: string) {
  got.effects.forEach((e, i) => {
    expect(e.x).toBe(r.predict.x[i]);
    const abs = 1e-10 * (Math.abs(r.predict.upper[i]) + 1);
    expectClose(e.estimate, r.predict.yhat[i], tol, `${label} yhat at ${e.x}`, abs);
    expectClose(e.lower, r.predict.lower[i], tol, `${label} lower at ${e.x}`, abs);
    expectClose(e.upper, r.predict.upper[i], tol, `${label} upper at ${e.x}`, abs);
    if (got.model !== 'linear') expectClose(e.effect, Math.exp(r.predict.yhat[i]), tol, `${label} ratio at ${e.x}`);
  });
}

describe('rcsKnots (Hmisc::rcspline.eval)', () => {
  it('places 3–7 knots at Harrell’s quantiles', () => {
    [3, 4, 5, 6, 7].forEach((k, i) => R.knots.all[i].forEach((v: number, j: number) => expectClose(rcsKnots(D.sbp, k)[j]!, v, EXACT, `${k} knots #${j}`)));
  });
  it('uses the 5th smallest/largest values as outer knots when n < 100', () => {
    [3, 4, 5, 6, 7].forEach((k, i) => {
      const got = rcsKnots(R.knotInput.small, k);
      expect(got.length).toBe(R.knots.small[i].length);
      R.knots.small[i].forEach((v: number, j: number) => expectClose(got[j]!, v, EXACT, `small ${k} knots #${j}`));
    });
  });
  it('moves the first knot off a pile-up at the minimum (fractied)', () => {
    [3, 4, 5].forEach((k, i) => {
      const got = rcsKnots(R.knotInput.tied, k);
      expect(got.length).toBe(R.knots.tied[i].length);
      R.knots.tied[i].forEach((v: number, j: number) => expectClose(got[j]!, v, EXACT, `tied ${k} knots #${j}`));
    });
  });
  it('takes the interior distinct values when there are few', () => {
    expect(rcsKnots(R.knotInput.few, 5)).toEqual(R.knots.few);
  });
  it('lists Harrell’s default quantiles', () => {
    const want: Record<number, number[]> = { 3: [0.1, 0.5, 0.9], 4: [0.05, 0.35, 0.65, 0.95], 5: [0.05, 0.275, 0.5, 0.725, 0.95], 6: [0.05, 0.23, 0.41, 0.59, 0.77, 0.95] };
    for (const [k, qs] of Object.entries(want)) rcsKnotQuantiles(Number(k)).forEach((q, i) => expectClose(q, qs[i]!, 1e-12, `${k} knots q${i}`));
    expect(rcsKnotQuantiles(7).map((q) => Number(q.toFixed(4)))).toEqual([0.025, 0.1833, 0.3417, 0.5, 0.6583, 0.8167, 0.975]);
    expect(() => rcsKnotQuantiles(8)).toThrow(StatsError);
  });
  it('refuses bad knot counts and too few values', () => {
    expect(() => rcsKnots(D.sbp, 2)).toThrow(StatsError);
    expect(() => rcsKnots(D.sbp, 8)).toThrow(StatsError);
    expect(() => rcsKnots([1, 2, 3, 4, 5], 3)).toThrow(StatsError);
  });
});

describe('rcsBasis (rms::rcs, norm = 2)', () => {
  it('matches rcspline.eval(inclx = TRUE)', () => {
    const got = rcsBasis(R.basis.at, R.basis.knots);
    expect(got.length).toBe(R.basis.values.length);
    got.forEach((col, j) => col.forEach((v, i) => expectClose(v, R.basis.values[j][i], EXACT, `basis ${j} at ${R.basis.at[i]}`, 1e-12)));
  });
  it('is linear beyond the outer knots', () => {
    const b = rcsBasis([200, 210, 220], R.basis.knots);
    for (const col of b) expectClose(col[2]! - col[1]!, col[1]! - col[0]!, 1e-9, 'linear tail');
  });
  it('refuses unsorted or too few knots', () => {
    expect(() => rcsBasis([1], [1, 2])).toThrow(StatsError);
    expect(() => rcsBasis([1], [1, 3, 2])).toThrow(StatsError);
  });
});

describe('restrictedCubicSpline', () => {
  it('linear model (ols) with covariates: coefficients, anova F, partial F = Wald F, LR and Predict', () => {
    const got = restrictedCubicSpline({ model: 'linear', x: D.sbp, xName: 'sbp', y: D.yc, covariates, knots: 4, at: R.at });
    expect(got.reference).toBe(R.reference);
    got.coefficients.forEach((c, j) => expectClose(c.estimate, R.ols.coef[j], EXACT, `ols coef ${c.term}`));
    expectClose(got.sigma!, R.ols.sigma, EXACT, 'sigma');
    checkTests(got, R.ols, 1e-8, 'ols');
    expectClose(got.overall.f!, R.ols.ftest.overall[0], 1e-8, 'partial F overall');
    expectClose(got.nonlinear.f!, R.ols.ftest.nonlinear[0], 1e-8, 'partial F nonlinear');
    expectClose(got.overall.lr.statistic, R.ols.lr.overall, 1e-8, 'LR overall');
    expectClose(got.nonlinear.lr.statistic, R.ols.lr.nonlinear, 1e-8, 'LR nonlinear');
    checkPredict(got, R.ols, 1e-8, 'ols');
  });

  it('logistic model (lrm) with covariates', () => {
    const got = restrictedCubicSpline({ model: 'logistic', x: D.sbp, xName: 'sbp', y: D.yb, covariates, at: R.at });
    expect(got.events).toBe(D.yb.reduce((a: number, b: number) => a + b, 0));
    got.coefficients.forEach((c, j) => expectClose(c.estimate, R.lrm.coef[j], ITER, `lrm coef ${c.term}`));
    checkTests(got, R.lrm, ITER, 'lrm');
    expectClose(got.overall.lr.statistic, R.lrm.lr.overall[0], ITER, 'LR overall');
    expectClose(got.nonlinear.lr.statistic, R.lrm.lr.nonlinear[0], ITER, 'LR nonlinear');
    expectClose(got.nonlinear.lr.pValue, R.lrm.lr.nonlinear[2], ITER, 'LR nonlinear P');
    checkPredict(got, R.lrm, ITER, 'lrm');
  });

  it('logistic model with 5 knots and no covariates', () => {
    const got = restrictedCubicSpline({ model: 'logistic', x: D.sbp, xName: 'sbp', y: D.yb, knots: 5, at: R.at });
    R.lrm5.knots.forEach((v: number, j: number) => expectClose(got.knots[j]!, v, EXACT, `knot ${j}`));
    got.coefficients.forEach((c, j) => expectClose(c.estimate, R.lrm5.coef[j], ITER, `lrm5 coef ${c.term}`));
    checkTests(got, R.lrm5, ITER, 'lrm5');
    checkPredict(got, R.lrm5, ITER, 'lrm5');
  });

  it('Cox model (cph, Efron) with covariates', () => {
    const got = restrictedCubicSpline({ model: 'cox', x: D.sbp, xName: 'sbp', time: D.time, status: D.status, covariates, at: R.at });
    got.coefficients.forEach((c, j) => expectClose(c.estimate, R.cph.coef[j], ITER, `cph coef ${c.term}`));
    checkTests(got, R.cph, ITER, 'cph');
    expectClose(got.overall.lr.statistic, R.cph.lr.overall[0], ITER, 'LR overall');
    expectClose(got.nonlinear.lr.statistic, R.cph.lr.nonlinear[0], ITER, 'LR nonlinear');
    checkPredict(got, R.cph, ITER, 'cph');
  });

  it('Cox model with user-given knots', () => {
    const got = restrictedCubicSpline({ model: 'cox', x: D.sbp, xName: 'sbp', time: D.time, status: D.status, knots: R.cph3.knots, at: R.at });
    expect(got.knots).toEqual(R.cph3.knots);
    got.coefficients.forEach((c, j) => expectClose(c.estimate, R.cph3.coef[j], ITER, `cph3 coef ${c.term}`));
    checkTests(got, R.cph3, ITER, 'cph3');
    checkPredict(got, R.cph3, ITER, 'cph3');
  });

  it('drops rows with a missing value and computes the knots on the rest', () => {
    const x = [...D.sbp];
    x[0] = null;
    const got = restrictedCubicSpline({ model: 'linear', x, y: D.yc });
    expect(got.n).toBe(D.sbp.length - 1);
    expect(got.missing).toBe(1);
    expect(got.knots).toEqual(rcsKnots(D.sbp.slice(1), 4));
    // The curve passes through 0 at the reference with zero width.
    const at = got.curve.find((e) => e.x === got.reference)!;
    expect(at.estimate).toBeCloseTo(0, 12);
    expect(at.se).toBeCloseTo(0, 12);
  });

  it('refuses bad inputs', () => {
    expect(() => restrictedCubicSpline({ model: 'cox', x: D.sbp, y: D.yb })).toThrow(StatsError);
    expect(() => restrictedCubicSpline({ model: 'logistic', x: D.sbp, y: D.yc })).toThrow(StatsError);
    expect(() => restrictedCubicSpline({ model: 'linear', x: D.sbp.map(() => 1), y: D.yc })).toThrow(StatsError);
    expect(() => restrictedCubicSpline({ model: 'linear', x: D.sbp, y: D.yc, knots: [120, 120, 140] })).toThrow(StatsError);
    expect(() => restrictedCubicSpline({ model: 'linear', x: D.sbp, y: D.yc, knots: 9 })).toThrow(StatsError);
  });
});
