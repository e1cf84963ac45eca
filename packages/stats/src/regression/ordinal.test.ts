import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { ordinalRegression } from './ordinal.js';

const R = fixture('multinomial');
const input = {
  y: R.partic as string[],
  order: ['not.work', 'parttime', 'fulltime'],
  predictors: [
    { name: 'hincome', values: R.hincome as number[], type: 'numeric' as const },
    { name: 'children', values: R.children as string[], type: 'categorical' as const },
  ],
};

describe('ordinal logistic regression agrees with R (ordinal::clm; Brant by its formula)', () => {
  it('thresholds, coefficients, SEs, log-likelihood and LR test (Womenlf)', () => {
    const o = ordinalRegression(input);
    expect(o.thresholds.map((t) => t.term)).toEqual(['not.work|parttime', 'parttime|fulltime']);
    o.thresholds.forEach((t, j) => {
      expectClose(t.estimate, R.clm.alpha[j], 1e-6, `alpha ${j}`);
      expectClose(t.se, Math.sqrt(R.clm.vcov[j][j]), 1e-6, `alpha se ${j}`);
    });
    o.coefficients.forEach((c, k) => {
      expectClose(c.estimate, R.clm.beta[k], 1e-6, c.term);
      expectClose(c.se, Math.sqrt(R.clm.vcov[k + 2][k + 2]), 1e-6, `${c.term} se`);
      expectClose(c.oddsRatio, Math.exp(R.clm.beta[k]), 1e-6, `${c.term} OR`);
    });
    expectClose(o.logLik, R.clm.logLik, 1e-10, 'logLik');
    expectClose(o.modelChiSquare, 2 * (R.clm.logLik - R.clm.nullLogLik), 1e-8, 'LR');
    expect(o.modelDf).toBe(2);
  });

  it("Brant's test of proportional odds, omnibus and per variable", () => {
    const b = ordinalRegression(input).brant!;
    expectClose(b.omnibus.chiSquare, R.brant.omnibus, 1e-7, 'omnibus');
    expect(b.omnibus.df).toBe(R.brant.df);
    b.terms.forEach((t, k) => {
      expectClose(t.chiSquare, R.brant.each[k], 1e-7, t.term);
      expect(t.df).toBe(1);
    });
  });

  it('refuses two levels and unknown categories', () => {
    expect(() => ordinalRegression({ ...input, y: input.y.map((v) => (v === 'parttime' ? 'not.work' : v)), order: undefined })).toThrow(/至少需要3个等级/);
    expect(() => ordinalRegression({ ...input, order: ['not.work', 'fulltime'] })).toThrow(/“parttime”不在指定的等级顺序中/);
  });
});
