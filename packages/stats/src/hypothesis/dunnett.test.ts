import { describe, expect, it } from 'vitest';
import { dunnettLambdas, dunnettQuantile, dunnettSf } from '../distributions/dunnett.js';
import { tQuantile, tSf } from '../distributions/t.js';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { splitGroups } from './groups.js';
import { dunnettTest, postHoc } from './posthoc.js';

const D = fixture('dunnett');

describe('Dunnett distribution', () => {
  it('agrees with mvtnorm::pmvt (error bound ≤ 4e-7) in both tails, finite and infinite df', () => {
    for (const c of D.dist) {
      const p = dunnettSf(c.c, dunnettLambdas(c.n, c.n0), c.df ?? Infinity, c.twoSided ? 'two-sided' : 'greater');
      expect(Math.abs(p - c.p), JSON.stringify(c)).toBeLessThan(1e-6);
    }
  });

  it('with one comparison is exactly the t distribution, far into the tail', () => {
    const lambda = dunnettLambdas([7], 9);
    for (const df of [3, 12, 60]) {
      for (const t of [0.5, 2, 6, 25]) {
        expectClose(dunnettSf(t, lambda, df), 2 * tSf(t, df), 1e-9, `two-sided t=${t} df=${df}`);
        expectClose(dunnettSf(t, lambda, df, 'greater'), tSf(t, df), 1e-9, `one-sided t=${t} df=${df}`);
      }
      expectClose(dunnettQuantile(0.95, lambda, df), tQuantile(0.975, df), 1e-9, `quantile df=${df}`);
    }
  });

  it('with independent comparisons (λ = 0) is the Šidák product', () => {
    const p1 = 2 * tSf(2.5, Infinity);
    expectClose(dunnettSf(2.5, [0, 0, 0], Infinity), 1 - (1 - p1) ** 3, 1e-10, 'sidak');
  });
});

describe("Dunnett's test agrees with multcomp::glht", () => {
  for (const name of ['plant', 'unbalanced'] as const) {
    it(`${name}: estimates, SEs, t, single-step p and simultaneous intervals`, () => {
      const ref = D[name];
      const r = dunnettTest(splitGroups(ref.y, ref.g));
      expect(r.comparisons.map((c) => `${c.groupB} - ${c.groupA}`)).toEqual(ref.names);
      r.comparisons.forEach((c, i) => {
        expectClose(c.difference, ref.estimate[i], 1e-12, `${c.comparison} estimate`);
        expectClose(c.se, ref.se[i], 1e-12, `${c.comparison} se`);
        expectClose(c.statistic, ref.t[i], 1e-12, `${c.comparison} t`);
        expect(c.df).toBe(ref.df);
        expect(Math.abs(c.pValue - ref.p[i])).toBeLessThan(1e-6);
        // multcomp's own intervals use qmvt at its default precision (≈1e-3 on the quantile).
        expect(Math.abs(c.ci![0] - ref.lower[i])).toBeLessThan(2e-3 * ref.se[i]);
        expect(Math.abs(c.ci![1] - ref.upper[i])).toBeLessThan(2e-3 * ref.se[i]);
      });
      // qmvt finds its quantile by a stochastic search (≈1e-4 here); ours solves sf(c) = 0.05.
      const crit = (r.comparisons[0]!.ci![1] - r.comparisons[0]!.difference) / r.comparisons[0]!.se;
      expect(Math.abs(crit - ref.crit)).toBeLessThan(5e-4);
      const lambda = dunnettLambdas(r.comparisons.map((c) => ref.g.filter((g: string) => g === c.groupB).length), ref.g.filter((g: string) => g === r.comparisons[0]!.groupA).length);
      expectClose(dunnettSf(crit, lambda, ref.df), 0.05, 1e-9, 'sf at the critical value');
    });
  }

  it('one-sided tests, a named control, and postHoc(…, "dunnett")', () => {
    const ref = D.unbalanced;
    const groups = splitGroups(ref.y, ref.g);
    const greater = dunnettTest(groups, { alternative: 'greater' });
    const lambda = dunnettLambdas(groups.slice(1).map((g) => g.values.length), groups[0]!.values.length);
    greater.comparisons.forEach((c) => {
      expectClose(c.pValue, dunnettSf(c.statistic, lambda, c.df, 'greater'), 1e-12, c.comparison);
      expect(c.ci![1]).toBe(Infinity);
    });
    const less = dunnettTest(groups, { alternative: 'less' });
    less.comparisons.forEach((c, i) => expectClose(c.pValue, dunnettSf(-greater.comparisons[i]!.statistic, lambda, c.df, 'greater'), 1e-12, c.comparison));
    expect(dunnettTest(groups, { control: '高剂量' }).comparisons.map((c) => c.groupA)).toEqual(['高剂量', '高剂量', '高剂量']);
    expect(postHoc(groups, 'dunnett').comparisons.map((c) => c.comparison)).toEqual(['低剂量-对照', '中剂量-对照', '高剂量-对照']);
    expect(() => dunnettTest(groups, { control: '无' })).toThrow('找不到对照组“无”');
  });
});
