import { describe, expect, it } from 'vitest';
import { StatsError } from '../errors.js';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { logisticRegression, type LogisticRegressionResult } from './logistic.js';

const R = fixture('logistic');
const ITER = 1e-6; // iterative fits (the R reference is run to glm epsilon 1e-14, so agreement is far closer)
const num = (name: string, values: number[]) => ({ name, values, type: 'numeric' as const });

function same(got: LogisticRegressionResult, r: any, label: string) {
  expect(got.coefficients.map((c) => c.term)).toEqual(r.names);
  got.coefficients.forEach((c, i) => {
    expectClose(c.estimate, r.estimate[i], ITER, `${label} ${c.term} b`);
    expectClose(c.se, r.se[i], ITER, `${label} ${c.term} se`);
    expectClose(c.statistic, r.z[i], ITER, `${label} ${c.term} z`);
    expectClose(c.pValue, r.p[i], ITER, `${label} ${c.term} p`);
    expectClose(Math.log(c.oddsRatioProfileCi![0]), r.profileLower[i], ITER, `${label} ${c.term} profile lower`);
    expectClose(Math.log(c.oddsRatioProfileCi![1]), r.profileUpper[i], ITER, `${label} ${c.term} profile upper`);
    expectClose(c.oddsRatio, Math.exp(r.estimate[i]), ITER, `${label} ${c.term} OR`);
  });
  for (const [k, rk] of [['deviance', 'deviance'], ['nullDeviance', 'nullDeviance'], ['aic', 'aic'], ['bic', 'bic'], ['logLik', 'logLik'], ['coxSnellR2', 'coxSnell'], ['nagelkerkeR2', 'nagelkerke']] as const) {
    expectClose(got[k], r[rk], ITER, `${label} ${k}`);
  }
  expectClose(got.hosmerLemeshow!.statistic, r.hl, ITER, `${label} HL`);
  expect(got.hosmerLemeshow!.df).toBe(r.hlDf);
  expectClose(got.hosmerLemeshow!.pValue, r.hlP, ITER, `${label} HL p`);
  const c = got.classification;
  expect([c.truePositive, c.falseNegative, c.falsePositive, c.trueNegative]).toEqual([r.tp, r.fn, r.fp, r.tn]);
  got.fitted.forEach((m, i) => expectClose(m, r.fitted[i], ITER, `${label} fitted ${i}`));
}

describe('logistic regression agrees with R glm(binomial)', () => {
  it('numeric and categorical predictors (MASS birthwt), profile-likelihood CIs solved exactly', () => {
    const b = R.birthwt;
    const fit = logisticRegression({
      y: b.low,
      predictors: [num('age', b.age), num('lwt', b.lwt), { name: 'race', values: b.race, type: 'categorical' }, num('smoke', b.smoke), num('ht', b.ht)],
    });
    same(fit, b, 'birthwt');
    expect(fit.event).toBe('1');
    expect(fit.modelDf).toBe(6);
    expectClose(fit.modelChiSquare, b.nullDeviance - b.deviance, ITER, 'LR chi-square');
  });

  it('mtcars am ~ wt + hp, with the event given by name and text outcomes', () => {
    const m = R.mtcars;
    same(logisticRegression({ y: m.am, predictors: [num('wt', m.wt), num('hp', m.hp)] }), m, 'mtcars');
    const text = logisticRegression({ y: m.am.map((v: number) => (v ? '手动' : '自动')), event: '手动', predictors: [num('wt', m.wt), num('hp', m.hp)], profile: false });
    expectClose(text.coefficients[1]!.estimate, m.estimate[1], ITER, 'text outcome');
    expect(text.coefficients[1]!.oddsRatioProfileCi).toBeNull();
    expect(text.reference).toBe('自动');
  });
});

describe('logistic regression refuses what has no answer', () => {
  const x = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  it('reports complete separation and names the predictor', () => {
    const err = (() => {
      try {
        logisticRegression({ y: [0, 0, 0, 0, 0, 1, 1, 1, 1, 1], predictors: [num('x', x)] });
      } catch (e) {
        return e as StatsError;
      }
    })();
    expect(err).toBeInstanceOf(StatsError);
    expect(err!.code).toBe('SEPARATION');
    expect(err!.message).toContain('完全分离');
    expect(err!.message).toContain('“x”');
  });

  it('reports quasi-complete separation from a category whose cases all share the outcome', () => {
    // a and b mix both outcomes along z; every case in c is an event.
    const g = [...'aaaaaa', ...'bbbbbb', ...'ccc'];
    const y = [0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 1, 1, 1];
    const z = [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 2, 4, 6];
    expect(() => logisticRegression({ y, predictors: [{ name: 'g', values: g, type: 'categorical' }, num('z', z)] })).toThrow(/准完全分离.*“gc”/);
  });

  it('needs exactly two outcome classes and a known event level', () => {
    expect(() => logisticRegression({ y: [0, 1, 2, 0, 1, 2], predictors: [num('x', x.slice(0, 6))] })).toThrow('恰好有两个类别');
    expect(() => logisticRegression({ y: [0, 1, 0, 1, 1, 0], event: 3, predictors: [num('x', x.slice(0, 6))] })).toThrow('事件水平“3”');
    expect(() => logisticRegression({ y: [0, 1, 0], predictors: [num('a', [1, 2, 3]), num('b', [3, 1, 2])] })).toThrow('观测数（3）必须多于');
  });

  it('drops incomplete rows', () => {
    const fit = logisticRegression({ y: [0, 0, 1, null, 1, 0, 1, 1, 0, 1], predictors: [num('x', [1, 2, 3, 4, 5, 6, 7, NaN, 2, 4])], profile: false });
    expect(fit.n).toBe(8);
    expect(fit.missing).toBe(2);
  });
});
