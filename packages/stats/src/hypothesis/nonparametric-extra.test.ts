import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { fleissKappa } from '../diagnostic/agreement.js';
import { splitGroups } from './groups.js';
import { conoverTest, jonckheereTerpstra } from './nonparametric.js';

const R = fixture('nonparametric-extra');
const REL = 1e-9;

describe('Conover and Jonckheere–Terpstra agree with their formulas in R', () => {
  const groups = splitGroups(R.ozone, R.month);

  it('Conover–Iman pairwise t on N − k df, Holm-adjusted (airquality ozone by month, with ties)', () => {
    const c = conoverTest(groups);
    expect(c.df).toBe(R.ozone.length - 5);
    c.comparisons.forEach((x, i) => {
      expectClose(x.t, R.conover.t[i], REL, `t ${x.comparison}`);
      expectClose(x.pValue, R.conover.p[i], REL, `p ${x.comparison}`);
      expectClose(x.pAdjusted, R.conover.holm[i], REL, `holm ${x.comparison}`);
    });
  });

  it('JT exact null distribution equals full enumeration of a 3/3/4 design', () => {
    const g = (R.jtSmall as number[][]).map((values, i) => ({ name: `g${i + 1}`, values }));
    const up = jonckheereTerpstra(g, { alternative: 'greater' });
    expect(up.exact).toBe(true);
    expect(up.statistic).toBe(R.jtSmallStat);
    expectClose(up.pValue, R.jtSmallGreater, 1e-12, 'P(JT ≥ obs)');
    expectClose(jonckheereTerpstra(g, { alternative: 'less' }).pValue, R.jtSmallLess, 1e-12, 'P(JT ≤ obs)');
    expectClose(jonckheereTerpstra(g).pValue, 2 * R.jtSmallGreater, 1e-12, 'two-sided');
  });

  it('JT normal approximation with tie-corrected variance (ozone by month)', () => {
    const jt = jonckheereTerpstra(groups);
    expect(jt.exact).toBe(false);
    expect(jt.statistic).toBe(R.jtOzone.statistic);
    expectClose(jt.z!, R.jtOzone.z, REL, 'z');
    expectClose(jt.pValue, R.jtOzone.p, REL, 'p');
    expectClose(jonckheereTerpstra(groups, { alternative: 'greater' }).pValue, R.jtOzone.pGreater, REL, 'p greater');
  });
});

describe("Fleiss' kappa", () => {
  it('reproduces the 10-subject, 14-rater worked example (κ = 0.210) and its SE and per-category kappas', () => {
    const labels = ['A', 'B', 'C', 'D', 'E'];
    const ratings = (R.fleissCounts as number[][]).map((row) => row.flatMap((count, j) => Array<string>(count).fill(labels[j]!)));
    const f = fleissKappa([...ratings, ['A', null, ...Array<string>(12).fill('B')]]);
    expect(f.subjects).toBe(10);
    expect(f.excluded).toBe(1);
    expect(f.kappa.toFixed(3)).toBe('0.210');
    expectClose(f.kappa, R.fleiss.kappa, REL, 'kappa');
    expectClose(f.se, R.fleiss.se, REL, 'se');
    expectClose(f.z, R.fleiss.z, REL, 'z');
    f.categories.forEach((c, j) => {
      expectClose(c.kappa, R.fleiss.categoryKappa[j], REL, `kappa ${c.category}`);
      expectClose(c.z, R.fleiss.categoryZ[j], REL, `z ${c.category}`);
    });
  });

  it('refuses a single rater or a single category', () => {
    expect(() => fleissKappa([['a'], ['b']])).toThrow(/至少需要2名评价者/);
    expect(() => fleissKappa([['a', 'a'], ['a', 'a']])).toThrow(/同一类别/);
  });
});
