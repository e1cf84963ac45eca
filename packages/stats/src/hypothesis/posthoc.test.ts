import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { splitGroups } from './groups.js';
import { postHoc } from './posthoc.js';

const A = fixture('anova');
const P = fixture('posthoc');
const groups = splitGroups(A.values, A.groups);

describe('post-hoc comparisons agree with R (PlantGrowth)', () => {
  it('Tukey HSD (TukeyHSD)', () => {
    const r = postHoc(groups, 'tukey');
    expect(r.comparisons.map((c) => c.comparison)).toEqual(P.tukey.names);
    r.comparisons.forEach((c, i) => {
      expectClose(c.difference, P.tukey.diff[i], 1e-12, `${c.comparison} diff`);
      expectClose(c.ci![0], P.tukey.lower[i], 1e-7, `${c.comparison} lower`);
      expectClose(c.ci![1], P.tukey.upper[i], 1e-7, `${c.comparison} upper`);
      expectClose(c.pValue, P.tukey.p[i], 1e-6, `${c.comparison} p`);
    });
  });

  it('pooled-sd pairwise t-tests, unadjusted (LSD) and Bonferroni (pairwise.t.test)', () => {
    const order = [0, 1, 2]; // R's lower triangle: trt1-ctrl, trt2-ctrl, trt2-trt1
    const lsd = postHoc(groups, 'lsd');
    const bon = postHoc(groups, 'bonferroni');
    order.forEach((k) => {
      expectClose(lsd.comparisons[k]!.pValue, P.pairwiseNone[k], 1e-10, `lsd ${k}`);
      expectClose(bon.comparisons[k]!.pValue, P.pairwiseBonferroni[k], 1e-10, `bonferroni ${k}`);
    });
  });

  it('Games–Howell, against its definition written out in R', () => {
    const r = postHoc(groups, 'games-howell');
    r.comparisons.forEach((c, i) => {
      const ref = P.gamesHowell[i];
      expectClose(c.difference, ref.diff, 1e-12, `${c.comparison} diff`);
      expectClose(c.df, ref.df, 1e-12, `${c.comparison} df`);
      expectClose(c.pValue, ref.p, 1e-6, `${c.comparison} p`);
      expectClose(c.ci![0], ref.lower, 1e-6, `${c.comparison} lower`);
      expectClose(c.ci![1], ref.upper, 1e-6, `${c.comparison} upper`);
    });
  });
});
