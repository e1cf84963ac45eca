import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import {
  diagnosticSampleSize,
  logRankSampleSize,
  meanMarginSampleSize,
  noncentralChisqSf,
  noncentralFSf,
  powerAnova,
  powerChisq,
  powerCorrelation,
  powerPropTest,
  powerTTest,
} from './power.js';

const R = fixture('power');
const ITER = 1e-6; // solved by root finding (R's uniroot is looser still)
const REL = 1e-9;

describe('power and sample size agree with R (stats, pwr)', () => {
  it('t tests: power, n, delta and significance level as power.t.test', () => {
    expectClose(powerTTest({ n: 20, delta: 1, sd: 1.5 }).power, R.t1, REL, 'power');
    expectClose(powerTTest({ power: 0.9, delta: 0.5 }).n, R.t2, 1e-4, 'n'); // R's uniroot tolerance is ~1e-4 in n
    expectClose(powerTTest({ n: 30, power: 0.8, type: 'paired', alternative: 'one-sided' }).delta, R.t3, 1e-4, 'delta');
    expectClose(powerTTest({ n: 25, delta: 0.6, power: 0.7, sigLevel: null }).sigLevel, R.t4, 1e-4, 'sig.level');
    expectClose(powerTTest({ n: 15, delta: 0.8, type: 'one-sample' }).power, R.t5, REL, 'one-sample power');
  });

  it('two proportions, ANOVA, correlation, chi-square', () => {
    expectClose(powerPropTest({ p1: 0.5, p2: 0.75, power: 0.9 }).n, R.p1, 1e-4, 'prop n');
    expectClose(powerPropTest({ n: 50, p1: 0.5, p2: 0.75 }).power, R.p2, REL, 'prop power');
    expectClose(powerAnova({ k: 4, f: 0.25, power: 0.8 }).n, R.a1, 1e-4, 'anova n');
    expectClose(powerAnova({ k: 3, n: 20, f: 0.4 }).power, R.a2, ITER, 'anova power');
    expectClose(powerCorrelation({ r: 0.3, power: 0.8 }).n, R.r1, 1e-4, 'r n');
    expectClose(powerCorrelation({ n: 50, r: 0.3 }).power, R.r2, REL, 'r power');
    expectClose(powerChisq({ w: 0.3, df: 2, power: 0.8 }).n, R.c1, 1e-4, 'chisq N');
    expectClose(powerChisq({ w: 0.3, n: 100, df: 3 }).power, R.c2, ITER, 'chisq power');
  });

  it('noncentral F and chi-square upper tails', () => {
    expectClose(noncentralFSf(3.2, 3, 40, 7.5), R.ncf, ITER, 'F');
    expectClose(noncentralChisqSf(9, 4, 6.2), R.ncc, ITER, 'chisq');
    expectClose(noncentralFSf(2.5, 5, 60, 180), R.ncfFar, ITER, 'F, large λ');
  });

  it('log-rank events (Schoenfeld, Freedman), Buderer, non-inferiority and equivalence of means', () => {
    const s = logRankSampleSize({ hazardRatio: 0.5, eventProbability: 0.6 });
    expectClose(s.events, R.schoenfeld, REL, 'Schoenfeld');
    expectClose(s.n, R.schoenfeld / 0.6, REL, 'n');
    expectClose(logRankSampleSize({ hazardRatio: 0.5, eventProbability: 0.6, method: 'freedman' }).events, R.freedman, REL, 'Freedman');
    const b = diagnosticSampleSize({ sensitivity: 0.9, specificity: 0.85, prevalence: 0.2, precision: 0.05 });
    expectClose(b.nForSensitivity, R.buderer[0], REL, 'Buderer sens');
    expectClose(b.nForSpecificity, R.buderer[1], REL, 'Buderer spec');
    expectClose(meanMarginSampleSize({ difference: 0, sd: 10, margin: -5, design: 'non-inferiority', sigLevel: 0.025 }).n, R.niMeans, REL, 'NI');
    expectClose(meanMarginSampleSize({ difference: 1, sd: 10, margin: 5, design: 'equivalence' }).n, R.eqMeans, REL, 'equivalence');
  });

  it('asks for exactly one unknown and refuses impossible inputs', () => {
    expect(() => powerTTest({ n: 20 })).toThrow('必须恰好留空一个待求');
    expect(() => powerTTest({ n: 20, delta: 1, power: 0.8 })).toThrow('必须恰好留空一个待求');
    expect(() => powerPropTest({ p1: 0.5, p2: 0.5, n: 10 })).toThrow('两组比例不能相等');
    expect(() => meanMarginSampleSize({ difference: 6, sd: 1, margin: 5, design: 'equivalence' })).toThrow('等效设计要求');
  });
});
