import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { ksTwoSample, rankSumLocation, signedRankLocation, type LocationShiftResult } from './nonparametric.js';
import type { Alternative } from './common.js';

// fixtures/make-nonparametric-location.R: wilcox.test(conf.int = TRUE) and ks.test(x, y) in R 4.2.
const R = fixture('nonparametric-location');
const num = (v: number | string): number => (v === 'Inf' ? Infinity : v === '-Inf' ? -Infinity : Number(v));

interface Case {
  name: string;
  x: number[] | number;
  y: number[] | number | null;
  alternative: Alternative;
  level: number;
  mu?: number;
  correct: boolean;
  exact: boolean;
  result: { estimate: number; ci: Array<number | string>; level: number };
}

// The interval and estimate come from the Walsh averages / pairwise differences (exact: identical
// numbers, 1e-12) or from R's uniroot on a step function; the engine runs the same zeroin steps on
// the same function values, so these agree to rounding too (1e-9).
function check(r: LocationShiftResult, c: Case): void {
  expect(r.exact, c.name).toBe(c.exact);
  const rel = c.exact ? 1e-12 : 1e-9;
  expectClose(r.estimate, c.result.estimate, rel, `${c.name} estimate`);
  expectClose(r.ci[0], num(c.result.ci[0]!), rel, `${c.name} lower`);
  expectClose(r.ci[1], num(c.result.ci[1]!), rel, `${c.name} upper`);
  expectClose(r.level, c.result.level, 1e-12, `${c.name} achieved level`);
}
const arr = (v: number[] | number): number[] => (Array.isArray(v) ? v : [v]);

describe('Hodges–Lehmann estimates and intervals agree with wilcox.test(conf.int = TRUE)', () => {
  for (const c of R.signedRank as Case[]) {
    it(`signed rank: ${c.name}`, () => {
      check(signedRankLocation(arr(c.x), c.y === null ? null : arr(c.y), { alternative: c.alternative, level: c.level, mu: c.mu, correct: c.correct }), c);
    });
  }
  for (const c of R.rankSum as Case[]) {
    it(`rank sum: ${c.name}`, () => {
      check(rankSumLocation(arr(c.x), arr(c.y!), { alternative: c.alternative, level: c.level, correct: c.correct }), c);
    });
  }
  it('refuses all-zero differences and all-tied samples', () => {
    expect(() => signedRankLocation([1, 2, 3], [1, 2, 3])).toThrow(/所有差值都为0/);
    expect(() => rankSumLocation([2, 2, 2], [2, 2])).toThrow(/所有数值都相同/);
  });
});

describe('two-sample Kolmogorov–Smirnov agrees with ks.test (R 4.2)', () => {
  for (const c of R.ks as Array<{ name: string; x: number[]; y: number[]; alternative: Alternative; exact: boolean; statistic: number; p: number }>) {
    it(c.name, () => {
      const r = ksTwoSample(c.x, c.y, { alternative: c.alternative, exact: c.exact });
      expect(r.exact).toBe(c.exact);
      expectClose(r.statistic, c.statistic, 1e-12, 'D');
      // R's exact p is 1 − count/choose(m + n, m) via lgamma: ~1e-15 absolute noise.
      expectClose(r.pValue, c.p, 1e-9, 'p', 1e-14);
    });
  }
  it('defaults to exact when m·n < 10000, even with ties (R 4.2)', () => {
    expect(ksTwoSample([1, 2, 2, 3], [2, 3, 4]).exact).toBe(true);
    expect(ksTwoSample(Array.from({ length: 100 }, (_, i) => i), Array.from({ length: 100 }, (_, i) => i + 0.5)).exact).toBe(false);
  });
});
