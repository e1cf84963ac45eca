// Ridge regression (elastic net with α = 0) against glmnet 4.1: fixtures/make-ridge.R. glmnet takes
// λ_max from α = 0.001 and reports its first λ with all coefficients 0; the engine does the same.
// Tolerances as lasso.test.ts: λ 1e-8 relative; coefficients 1e-6 of the predictor's largest
// |coefficient| along the path; CV error 1e-6 relative.
import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { lassoCv, lassoPath } from './lasso.js';

const data = fixture<{ x: number[][]; names: string[]; yGauss: number[]; foldid: number[] }>('lasso');
const r = fixture<{ lambda: number[]; intercept: number[]; beta: number[][]; devRatio: number[]; cvm: number[]; cvsd: number[]; lambdaMin: number; lambdaSe: number }>('ridge');

describe('ridge (alpha = 0) against glmnet', () => {
  it('λ sequence, coefficients and dev.ratio of the path', () => {
    const p = lassoPath(data.x, { y: data.yGauss }, 'gaussian', { alpha: 0 });
    expect(p.lambda.length).toBe(r.lambda.length);
    p.lambda.forEach((l, k) => expectClose(l, r.lambda[k]!, 1e-8, `lambda[${k}]`));
    expect(p.beta[0]!.every((b) => b === 0)).toBe(true);
    const scale = data.names.map((_, j) => Math.max(...r.beta.map((b) => Math.abs(b[j]!))));
    for (let k = 0; k < r.lambda.length; k++) {
      for (let j = 0; j < data.names.length; j++) expectClose(p.beta[k]![j]!, r.beta[k]![j]!, 0, `beta[${k}][${j}]`, 1e-6 * scale[j]!);
      expectClose(p.intercept[k]!, r.intercept[k]!, 1e-6, `intercept[${k}]`, 1e-9);
      expectClose(p.devRatio[k]!, r.devRatio[k]!, 1e-6, `devRatio[${k}]`, 1e-9);
    }
  });
  it('cross-validation with glmnet’s folds', () => {
    const cv = lassoCv(data.x, { y: data.yGauss }, 'gaussian', { alpha: 0, foldId: data.foldid });
    cv.cvm.forEach((m, k) => expectClose(m, r.cvm[k]!, 1e-6, `cvm[${k}]`));
    cv.cvsd.forEach((s, k) => expectClose(s, r.cvsd[k]!, 1e-5, `cvsd[${k}]`));
    expectClose(cv.lambdaMin, r.lambdaMin, 1e-8, 'lambda.min');
    expectClose(cv.lambdaSe, r.lambdaSe, 1e-8, 'lambda.1se');
  });
});
