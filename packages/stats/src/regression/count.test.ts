import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { negativeBinomialRegression, poissonRegression, type CountRegressionResult } from './count.js';

const R = fixture('count');
const ITER = 1e-6;
const cat = (name: string, values: string[], reference?: string) => ({ name, values, type: 'categorical' as const, reference });

function same(got: CountRegressionResult, r: any, label: string) {
  const byName = new Map(got.coefficients.map((c) => [c.term, c]));
  expect(got.coefficients).toHaveLength(r.names.length);
  r.names.forEach((name: string, i: number) => {
    const c = byName.get(name);
    expect(c, `${label} ${name}`).toBeDefined();
    expectClose(c!.estimate, r.estimate[i], ITER, `${label} ${name} b`);
    expectClose(c!.se, r.se[i], ITER, `${label} ${name} se`);
    expectClose(c!.statistic, r.z[i], ITER, `${label} ${name} z`);
    expectClose(c!.pValue, r.p[i], ITER, `${label} ${name} p`);
  });
  for (const k of ['deviance', 'nullDeviance', 'aic', 'bic', 'logLik', 'dispersion'] as const) expectClose(got[k], r[k], ITER, `${label} ${k}`);
  got.fitted.forEach((m, i) => expectClose(m, r.fitted[i], ITER, `${label} fitted ${i}`));
}

describe('count regression agrees with R', () => {
  it('Poisson, two factors (warpbreaks)', () => {
    const w = R.warpbreaks;
    same(poissonRegression({ y: w.breaks, predictors: [cat('wool', w.wool), cat('tension', w.tension, 'L')] }), w, 'warpbreaks');
  });

  it('Poisson with an exposure offset (MASS Insurance: claims per policy holder)', () => {
    const d = R.insurance;
    const fit = poissonRegression({
      y: d.claims,
      offset: d.holders.map(Math.log),
      predictors: [cat('District', d.district), cat('Age', d.age, '<25')],
    });
    same(fit, d, 'insurance');
  });

  it('negative binomial with θ by maximum likelihood (MASS quine, glm.nb)', () => {
    const q = R.quine;
    const fit = negativeBinomialRegression({ y: q.days, predictors: [cat('Eth', q.eth), cat('Sex', q.sex), cat('Age', q.age), cat('Lrn', q.lrn)] });
    same(fit, q, 'quine');
    expectClose(fit.theta!, q.theta, ITER, 'theta');
    expectClose(fit.thetaSe!, q.thetaSe, 1e-5, 'theta SE');
  });

  it('refuses non-counts, all zeros and a bad offset', () => {
    const x = { name: 'x', values: [1, 2, 3, 4, 5], type: 'numeric' as const };
    expect(() => poissonRegression({ y: [1, 2, 1.5, 3, 4], predictors: [x] })).toThrow('非负整数');
    expect(() => poissonRegression({ y: [0, 0, 0, 0, 0], predictors: [x] })).toThrow('全为0');
    expect(() => poissonRegression({ y: [1, 2, 3, 4, 5], offset: [1, 2], predictors: [x] })).toThrow('偏移量与因变量的长度不同');
  });
});
