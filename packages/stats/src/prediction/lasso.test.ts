import { describe, expect, it } from 'vitest';
import { StatsError } from '../errors.js';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { lassoCv, lassoFolds, lassoPath, type LassoFamily, type LassoResponse } from './lasso.js';

interface Fit {
  family: LassoFamily;
  alpha: number;
  lambda: number[];
  intercept: number[];
  beta: number[][];
  df: number[];
  devRatio: number[];
  nullDev: number;
  cvm: number[];
  cvsd: number[];
  nzero: number[];
  lambdaMin: number;
  lambdaSe: number;
}
const f = fixture<{ x: number[][]; names: string[]; yGauss: number[]; yBin: number[]; time: number[]; status: number[]; foldid: number[]; fits: Fit[] }>('lasso');
const response = (family: LassoFamily): LassoResponse =>
  family === 'gaussian' ? { y: f.yGauss } : family === 'binomial' ? { y: f.yBin } : { time: f.time, status: f.status };

// glmnet was run with thresh = 1e-14 (our default threshold 1e-16); both solvers converge to the unique minimiser at each λ, so
// coefficients agree to ~1e-7 of their scale. Tolerance: 1e-6 relative to the largest |coefficient|
// of that predictor along the path (coefficients entering the model pass through 0).
describe('lassoPath against glmnet 4.1', () => {
  for (const r of f.fits) {
    it(`${r.family}, alpha = ${r.alpha}: λ sequence, coefficients, df, dev.ratio`, () => {
      const p = lassoPath(f.x, response(r.family), r.family, { alpha: r.alpha });
      expect(p.lambda.length).toBe(r.lambda.length);
      p.lambda.forEach((l, k) => expectClose(l, r.lambda[k]!, 1e-8, `lambda[${k}]`));
      const scale = f.names.map((_, j) => Math.max(1e-8, ...r.beta.map((b) => Math.abs(b[j]!))));
      for (let k = 0; k < r.lambda.length; k++) {
        for (let j = 0; j < f.names.length; j++) expectClose(p.beta[k]![j]!, r.beta[k]![j]!, 0, `beta[${k}][${f.names[j]}]`, 1e-6 * scale[j]!);
        expectClose(p.intercept[k]!, r.intercept[k]!, 1e-6, `intercept[${k}]`, 1e-9);
        expectClose(p.devRatio[k]!, r.devRatio[k]!, 1e-6, `devRatio[${k}]`, 1e-9);
      }
      expect(p.df).toEqual(r.df);
      expectClose(p.nullDeviance, r.nullDev, 1e-10, 'nulldev');
    });
  }
});

// With the fold ids given, cross-validation is deterministic: the same fold fits, the same
// interpolation at the full-data λ, so cvm and cvsd agree to the fits' precision.
describe('lassoCv with fold ids from R (cv.glmnet, grouped)', () => {
  for (const r of f.fits) {
    it(`${r.family}, alpha = ${r.alpha}: cvm, cvsd, λ.min, λ.1se`, () => {
      const cv = lassoCv(f.x, response(r.family), r.family, { alpha: r.alpha, foldId: f.foldid });
      expect(cv.cvm.length).toBe(r.cvm.length);
      cv.cvm.forEach((v, k) => expectClose(v, r.cvm[k]!, 1e-6, `cvm[${k}]`));
      cv.cvsd.forEach((v, k) => expectClose(v, r.cvsd[k]!, 1e-5, `cvsd[${k}]`));
      expect(cv.nzero).toEqual(r.nzero);
      expectClose(cv.lambdaMin, r.lambdaMin, 1e-8, 'lambda.min');
      expectClose(cv.lambdaSe, r.lambdaSe, 1e-8, 'lambda.1se');
      expect(cv.measure).toBe(r.family === 'gaussian' ? 'mse' : 'deviance');
    });
  }
});

describe('seeded folds', () => {
  it('are balanced and repeat exactly for the same seed', () => {
    const a = lassoFolds(103, 10, 2024);
    expect(lassoFolds(103, 10, 2024)).toEqual(a);
    expect(lassoFolds(103, 10, 7)).not.toEqual(a);
    const counts = Array.from({ length: 10 }, (_, k) => a.filter((v) => v === k + 1).length);
    expect(Math.min(...counts)).toBe(10);
    expect(Math.max(...counts)).toBe(11);
  });
  it('give the same CV curve run to run', () => {
    const a = lassoCv(f.x, { y: f.yBin }, 'binomial', { seed: 11 });
    const b = lassoCv(f.x, { y: f.yBin }, 'binomial', { seed: 11 });
    expect(b.cvm).toEqual(a.cvm);
    expect(b.lambdaMin).toBe(a.lambdaMin);
    expect(b.foldId).toEqual(a.foldId);
  });
});

describe('bad inputs', () => {
  it('refuses a constant predictor, a non-binary outcome and bad alpha', () => {
    expect(() => lassoPath([f.x[0]!, f.x[0]!.map(() => 3)], { y: f.yGauss }, 'gaussian')).toThrow(StatsError);
    expect(() => lassoPath([f.x[0]!], { y: f.yGauss }, 'binomial')).toThrow(/0\/1/);
    expect(() => lassoPath([f.x[0]!], { y: f.yGauss }, 'gaussian', { alpha: 2 })).toThrow(/alpha/);
  });
});
