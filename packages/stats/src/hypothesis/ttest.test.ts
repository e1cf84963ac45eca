import { describe, expect, it } from 'vitest';
import { StatsError } from '../errors.js';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { oneSampleTTest, pairedTTest, twoSampleTTest, type TTestResult } from './ttest.js';

const T = fixture('ttest');
const REL = 1e-9;

function same(got: TTestResult, r: any, label: string) {
  expectClose(got.statistic, r.statistic, REL, `${label} t`);
  expectClose(got.df, r.df, REL, `${label} df`);
  expectClose(got.pValue, r.pValue, REL, `${label} p`);
  expectClose(got.se, r.se, REL, `${label} se`);
  r.ci.forEach((v: number | null, i: number) =>
    v === null ? expect(Math.abs(got.ci[i]!)).toBe(Infinity) : expectClose(got.ci[i]!, v, REL, `${label} ci[${i}]`),
  );
}

describe('t-tests agree with R t.test', () => {
  it('one-sample, two- and one-sided', () => {
    same(oneSampleTTest(T.a, { mu: 5 }), T.one, 'one');
    same(oneSampleTTest(T.a, { mu: 5, alternative: 'less', level: 0.9 }), T.oneLess, 'oneLess');
    expectClose(oneSampleTTest(T.a, { mu: 5 }).effectSize, T.dOne, REL, 'd');
  });

  it("Welch's and Student's two-sample", () => {
    const w = twoSampleTTest(T.a, T.b);
    same(w, T.welch, 'welch');
    expectClose(w.estimate, T.welch.estimate[0] - T.welch.estimate[1], REL, 'difference');
    same(twoSampleTTest(T.a, T.b, { varEqual: true }), T.student, 'student');
    same(twoSampleTTest(T.a, T.b, { alternative: 'greater' }), T.welchGreater, 'welchGreater');
    expectClose(w.effectSize, T.dTwo, REL, 'd');
    expectClose(w.hedgesG, T.gTwo, REL, 'g');
  });

  it('paired', () => {
    const p = pairedTTest(T.pre, T.post);
    same(p, T.paired, 'paired');
    expectClose(p.effectSize, T.dPaired, REL, 'dz');
  });

  it('CIs of Cohen\'s d by the noncentral t (R: the same inversion of pt(t, df, ncp))', () => {
    const N = fixture('noncentral');
    const two = twoSampleTTest(T.a, T.b).effectSizeCi;
    const one = oneSampleTTest(T.a, { mu: 5 }).effectSizeCi;
    const paired = pairedTTest(T.pre, T.post).effectSizeCi;
    [0, 1].forEach((i) => {
      expectClose(two[i]!, N.dTwoCi[i], 1e-8, `d two-sample ci${i}`);
      expectClose(one[i]!, N.dOneCi[i], 1e-8, `d one-sample ci${i}`);
      expectClose(paired[i]!, N.dPairedCi[i], 1e-8, `dz ci${i}`);
    });
  });

  it('refuses constant data, tiny groups and unequal paired lengths with clear messages', () => {
    expect(() => oneSampleTTest([2, 2, 2])).toThrow('标准差为0');
    expect(() => twoSampleTTest([1], [2, 3])).toThrow(StatsError);
    expect(() => pairedTTest([1, 2], [1])).toThrow('长度必须相同');
    expect(() => oneSampleTTest([1, 2], { level: 1.5 })).toThrow('置信水平');
  });
});

describe('t-test on values near the top of the double range', () => {
  it('says the numbers overflow instead of claiming both variances are 0', () => {
    const a = [1.7e308, 1.6e308, 1.5e308, 1.65e308];
    const b = [-1.7e308, -1.6e308, -1.55e308, -1.62e308];
    expect(() => twoSampleTTest(a, b)).toThrow('数值过大');
    expect(() => twoSampleTTest(a, b)).not.toThrow('方差都为0');
  });
});
