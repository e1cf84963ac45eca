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

// Frequency-weighted and grouped rows (fixtures/make-logistic-weights.R): the fit on the rows as given
// (glm(weights =) or glm(cbind(events, trials − events))) for the estimates, deviance, logLik and AIC;
// the data written out one row per case for R², Hosmer–Lemeshow, the classification table, and (for
// frequency weights) df and BIC. P values of z ≈ 20 are checked to 1e-5: P = 2Φ(−|z|) magnifies the
// fit's relative error by about z².
const W = fixture('logistic-weights');

function sameWeighted(got: LogisticRegressionResult, r: any, label: string) {
  expect(got.coefficients.map((c) => c.term)).toEqual(r.names);
  got.coefficients.forEach((c, i) => {
    expectClose(c.estimate, r.estimate[i], ITER, `${label} ${c.term} b`);
    expectClose(c.se, r.se[i], ITER, `${label} ${c.term} se`);
    expectClose(c.statistic, r.z[i], ITER, `${label} ${c.term} z`);
    expectClose(c.pValue, r.p[i], 1e-5, `${label} ${c.term} p`);
    expectClose(Math.log(c.oddsRatioProfileCi![0]), r.profileLower[i], ITER, `${label} ${c.term} profile lower`);
    expectClose(Math.log(c.oddsRatioProfileCi![1]), r.profileUpper[i], ITER, `${label} ${c.term} profile upper`);
  });
  expect([got.n, got.rows, got.events, got.dfResidual, got.dfNull]).toEqual([r.n, r.rows, r.events, r.dfResidual, r.dfNull]);
  for (const k of ['deviance', 'nullDeviance', 'modelChiSquare', 'logLik', 'aic', 'bic'] as const) expectClose(got[k], r[k], ITER, `${label} ${k}`);
  expectClose(got.coxSnellR2, r.coxSnell, ITER, `${label} Cox-Snell`);
  expectClose(got.nagelkerkeR2, r.nagelkerke, ITER, `${label} Nagelkerke`);
  const hl = got.hosmerLemeshow!;
  expectClose(hl.statistic, r.hl, ITER, `${label} HL`);
  expect(hl.df).toBe(r.hlDf);
  expectClose(hl.pValue, r.hlP, ITER, `${label} HL p`);
  expect(hl.groups.map((g) => g.n)).toEqual(r.hlN);
  expect(hl.groups.map((g) => g.observed)).toEqual(r.hlObserved);
  hl.groups.forEach((g, i) => expectClose(g.expected, r.hlExpected[i], ITER, `${label} HL expected ${i}`));
  const c = got.classification;
  expect([c.truePositive, c.falseNegative, c.falsePositive, c.trueNegative]).toEqual([r.tp, r.fn, r.fp, r.tn]);
  expectClose(c.accuracy, (r.tp + r.tn) / r.n, 1e-12, `${label} accuracy`);
  got.fitted.forEach((m, i) => expectClose(m, r.fitted[i], ITER, `${label} fitted ${i}`));
}

describe('logistic regression on frequency-weighted rows agrees with R glm(weights =)', () => {
  it('UCB admissions as a frequency table (24 rows, 4526 cases)', () => {
    const u = W.ucb;
    const fit = logisticRegression({
      y: u.admit,
      event: 'Admitted',
      weights: u.freq,
      predictors: [
        { name: 'Gender', values: u.gender, type: 'categorical', reference: 'Male' },
        { name: 'Dept', values: u.dept, type: 'categorical', reference: 'A' },
      ],
    });
    expect(fit.weighting).toBe('frequency');
    sameWeighted(fit, u.frequency, 'UCB frequency');
  });

  it('budworm dead/alive rows with a numeric dose; rows of frequency 0 are left out', () => {
    const b = W.budwormFrequency;
    const fit = logisticRegression({
      y: b.died,
      weights: b.freq,
      predictors: [
        { name: 'sex', values: b.sex, type: 'categorical', reference: 'M' },
        num('ldose', b.ldose),
      ],
    });
    expect(fit.zeroWeight).toBe(2);
    expect(fit.counts!.cases.reduce((a, v) => a + v, 0)).toBe(240);
    sameWeighted(fit, b.frequency, 'budworm frequency');
  });

  it('equals the fit on the cases written out, one row each', () => {
    const b = W.budwormFrequency;
    const rep = <T,>(xs: T[]) => xs.flatMap((v, i) => Array<T>(b.freq[i]).fill(v));
    const expanded = logisticRegression({ y: rep(b.died), predictors: [{ name: 'sex', values: rep(b.sex), type: 'categorical', reference: 'M' }, num('ldose', rep(b.ldose))], profile: false });
    const weighted = logisticRegression({ y: b.died, weights: b.freq, predictors: [{ name: 'sex', values: b.sex, type: 'categorical', reference: 'M' }, num('ldose', b.ldose)], profile: false });
    expect(expanded.n).toBe(weighted.n);
    for (const k of ['deviance', 'aic', 'bic', 'nagelkerkeR2'] as const) expectClose(weighted[k], expanded[k], 1e-9, k);
    weighted.coefficients.forEach((c, i) => expectClose(c.se, expanded.coefficients[i]!.se, ITER, `se ${c.term}`));
    expect(weighted.hosmerLemeshow!.statistic).toBeCloseTo(expanded.hosmerLemeshow!.statistic, 8);
  });
});

describe('logistic regression on grouped events/trials rows agrees with R glm(cbind(events, trials − events))', () => {
  it('UCB admissions, admitted of applicants (12 groups)', () => {
    const u = W.ucbGrouped;
    const fit = logisticRegression({
      y: u.admitted,
      trials: u.applicants,
      predictors: [
        { name: 'Gender', values: u.gender, type: 'categorical', reference: 'Male' },
        { name: 'Dept', values: u.dept, type: 'categorical', reference: 'A' },
      ],
    });
    expect([fit.weighting, fit.event, fit.reference]).toEqual(['grouped', '事件', '未发生']);
    sameWeighted(fit, u.grouped, 'UCB grouped');
  });

  it('budworm deaths of 20 moths per dose and sex', () => {
    const b = W.budworm;
    const fit = logisticRegression({ y: b.dead, trials: b.total, predictors: [{ name: 'sex', values: b.sex, type: 'categorical', reference: 'M' }, num('ldose', b.ldose)] });
    sameWeighted(fit, b.grouped, 'budworm grouped');
    expect(fit.counts!.events).toEqual(b.dead);
  });
});

describe('logistic regression refuses bad weights and groups', () => {
  const x = [1, 2, 3, 4, 5, 6];
  const y = [0, 1, 0, 1, 1, 0];
  it('negative or non-integer frequency weights', () => {
    expect(() => logisticRegression({ y, weights: [1, 2, -1, 1, 1, 1], predictors: [num('x', x)] })).toThrow(/频数权重必须是非负整数（第3行为-1）/);
    expect(() => logisticRegression({ y, weights: [1, 2, 1.5, 1, 1, 1], predictors: [num('x', x)] })).toThrow(StatsError);
    expect(() => logisticRegression({ y, weights: [1, 2], predictors: [num('x', x)] })).toThrow('频数权重与因变量的长度不同');
  });
  it('events above trials, trials of 0, fractional events, weights with trials', () => {
    const t = [5, 5, 5, 5, 5, 5];
    expect(() => logisticRegression({ y: [1, 2, 6, 1, 3, 2], trials: t, predictors: [num('x', x)] })).toThrow('事件数不能大于总数（第3行：事件数6，总数5）');
    expect(() => logisticRegression({ y: [1, 2, 0, 1, 3, 2], trials: [5, 5, 0, 5, 5, 5], predictors: [num('x', x)] })).toThrow(/总数（试验数）必须是正整数（第3行为0）/);
    expect(() => logisticRegression({ y: [1, 2.5, 0, 1, 3, 2], trials: t, predictors: [num('x', x)] })).toThrow(/事件数必须是非负整数（第2行为2.5）/);
    expect(() => logisticRegression({ y: [1, 2, 0, 1, 3, 2], trials: t, weights: t, predictors: [num('x', x)] })).toThrow('不能同时使用');
  });
  it('missing trials or weights drop the row', () => {
    const fit = logisticRegression({ y: [1, 2, 0, 1, 3, 2, 4], trials: [5, 5, null, 5, 5, 5, 6], predictors: [num('x', [...x, 7])], profile: false });
    expect([fit.rows, fit.missing, fit.n]).toEqual([6, 1, 31]);
  });
});
