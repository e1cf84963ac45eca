import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { cmhTest, mcnemarTest } from './categorical.js';
import { bowkerTest, breslowDayTest, cochranArmitageTrend, mcnemarExact } from './paired-stratified.js';

// fixtures/make-paired-stratified.R (binom.test, mcnemar.test, mantelhaen.test, prop.trend.test,
// prop.test; Breslow–Day written out in R). Relative tolerance 1e-9.
const F = fixture('paired-stratified');
const REL = 1e-9;
const inf = (v: number | string) => (v === 'Inf' ? Infinity : (v as number));

describe('McNemar, Bowker, Breslow–Day and Cochran–Armitage agree with R', () => {
  it('exact McNemar p (binom.test) and the discordant-pair OR with its exact CI', () => {
    for (const c of F.mcnemarExact) {
      const r = mcnemarExact(c.b, c.c, c.level);
      const tag = `${c.b}/${c.c}`;
      expectClose(r.pValue, c.pValue, REL, `${tag} p`);
      expect(r.oddsRatio === inf(c.oddsRatio) || Math.abs(r.oddsRatio - c.oddsRatio) <= REL * c.oddsRatio, `${tag} OR`).toBe(true);
      if (c.lower === 0) expect(r.ci[0]).toBe(0);
      else expectClose(r.ci[0], c.lower, REL, `${tag} lower`);
      if (c.upper === 'Inf') expect(r.ci[1]).toBe(Infinity);
      else expectClose(r.ci[1], c.upper, REL, `${tag} upper`);
    }
  });

  it('the corrected McNemar statistic is 0 when b = c, as mcnemar.test', () => {
    const r = mcnemarTest(F.mcnemarEqual.table);
    expect(r.statistic).toBe(F.mcnemarEqual.corrected);
    expect(r.pValue).toBe(F.mcnemarEqual.pValue);
  });

  it("Bowker's symmetry test (mcnemar.test on k×k), and an empty pair left out", () => {
    for (const c of F.bowker) {
      const r = bowkerTest(c.table);
      expectClose(r.statistic, c.statistic, REL, 'X2');
      expect(r.df).toBe(c.df);
      expectClose(r.pValue, c.pValue, REL, 'p');
    }
    const e = bowkerTest(F.bowkerEmpty.table);
    expectClose(e.statistic, F.bowkerEmpty.statistic, REL, 'X2');
    expect([e.df, e.emptyPairs]).toEqual([F.bowkerEmpty.df, 1]);
    expectClose(e.pValue, F.bowkerEmpty.pValue, REL, 'p');
    expect(() => bowkerTest([[3, 0], [0, 4]])).toThrow('没有不一致的对子');
    expect(() => bowkerTest([[3, 0, 1], [0, 4, 2]])).toThrow('方表');
  });

  it('Breslow–Day with Tarone at the MH odds ratio (UCBAdmissions and others), and the CMH test', () => {
    for (const c of F.breslowDay) {
      const cmh = cmhTest(c.strata);
      expectClose(cmh.oddsRatio, c.oddsRatio, REL, 'OR');
      expectClose(cmh.ci[0], c.ci[0], REL, 'ci0');
      expectClose(cmh.ci[1], c.ci[1], REL, 'ci1');
      expectClose(cmh.statistic, c.cmh, REL, 'CMH');
      expectClose(cmh.pValue, c.cmhP, REL, 'CMH p');
      expectClose(cmhTest(c.strata, { correct: false }).statistic, c.cmhUncorrected, REL, 'CMH uncorrected');
      const r = breslowDayTest(c.strata, cmh.oddsRatio);
      expectClose(r.statistic, c.statistic, REL, 'BD');
      expectClose(r.taroneStatistic, c.taroneStatistic, REL, 'Tarone');
      expect(r.df).toBe(c.df);
      expectClose(r.pValue, c.pValue, REL, 'BD p');
      expectClose(r.taronePValue, c.taronePValue, REL, 'Tarone p');
      expect(r.expected.filter(Number.isFinite).length).toBe(c.expected.length);
      r.expected.filter(Number.isFinite).forEach((a, i) => expectClose(a, c.expected[i], REL, `A${i}`));
    }
    expect(breslowDayTest(F.breslowDay[2].strata, 2).strataSkipped).toBe(1);
    expect(() => breslowDayTest([[[3, 1], [2, 5]]], 2)).toThrow('少于2个');
    expect(() => breslowDayTest([[[3, 1], [2, 5]], [[1, 1], [1, 1]]], Infinity)).toThrow('无穷大');
  });

  it('Cochran–Armitage: signed Z, prop.trend.test χ², overall χ² and departure from linearity', () => {
    for (const c of F.trend) {
      const r = cochranArmitageTrend(c.x, c.n, c.score);
      expectClose(r.z, c.z, REL, 'Z');
      expectClose(r.statistic, c.statistic, REL, 'X2');
      expectClose(r.pValue, c.pValue, REL, 'p');
      expectClose(r.slope, c.slope, REL, 'slope');
      expectClose(r.overall.statistic, c.overall, REL, 'overall');
      expectClose(r.overall.pValue, c.overallP, REL, 'overall p');
      if (c.x.length > 2) {
        expectClose(r.departure!.statistic, c.departure, REL, 'departure');
        expect(r.departure!.df).toBe(c.departureDf);
        expectClose(r.departure!.pValue, c.departureP, REL, 'departure p');
      } else expect(r.departure).toBeNull();
    }
    expect(() => cochranArmitageTrend([0, 0], [5, 6])).toThrow('都为0或都为1');
    expect(() => cochranArmitageTrend([1, 2], [5, 6], [3, 3])).toThrow('评分都相同');
  });
});
