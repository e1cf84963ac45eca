import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { oneWayAnova, welchAnova } from './anova.js';
import { splitGroups } from './groups.js';
import { bartlettTest, leveneTest, varianceFTest } from './variance.js';

const A = fixture('anova');
const REL = 1e-9;
const groups = splitGroups(A.values, A.groups);

describe('one-way ANOVA and variance tests agree with R (PlantGrowth)', () => {
  it('classic one-way ANOVA with effect sizes', () => {
    const r = oneWayAnova(groups);
    expectClose(r.statistic, A.oneway.statistic, REL, 'F');
    expectClose(r.pValue, A.oneway.pValue, REL, 'p');
    expectClose(r.ssBetween, A.oneway.ssBetween, REL, 'SSb');
    expectClose(r.ssWithin, A.oneway.ssWithin, REL, 'SSw');
    expect([r.df1, r.df2]).toEqual([A.oneway.df1, A.oneway.df2]);
    expectClose(r.etaSquared, A.oneway.ssBetween / (A.oneway.ssBetween + A.oneway.ssWithin), REL, 'eta2');
    // ε² written out from R's sums of squares (effectsize is not in Debian).
    const msw = A.oneway.ssWithin / A.oneway.df2;
    expectClose(r.epsilonSquared, (A.oneway.ssBetween - A.oneway.df1 * msw) / (A.oneway.ssBetween + A.oneway.ssWithin), REL, 'epsilon2');
    expect(r.groups.map((g) => g.name)).toEqual(['ctrl', 'trt1', 'trt2']);
  });

  it("Welch's ANOVA", () => {
    const r = welchAnova(groups);
    for (const k of ['statistic', 'df1', 'df2', 'pValue'] as const) expectClose(r[k], A.welch[k], REL, k);
  });

  it("Levene's test (mean and median) and Bartlett's test", () => {
    for (const [center, ref] of [['mean', A.leveneMean], ['median', A.leveneMedian]] as const) {
      const r = leveneTest(groups, center);
      for (const k of ['statistic', 'df1', 'df2', 'pValue'] as const) expectClose(r[k], ref[k], REL, `${center} ${k}`);
    }
    const b = bartlettTest(groups);
    for (const k of ['statistic', 'df', 'pValue'] as const) expectClose(b[k], A.bartlett[k], REL, k);
  });

  it('F test of two variances', () => {
    const r = varianceFTest(A.varTest.a, A.varTest.b);
    for (const k of ['statistic', 'df1', 'df2', 'pValue'] as const) expectClose(r[k], A.varTest[k], REL, k);
    expectClose(r.ci[0], A.varTest.ci[0], REL, 'ci0');
    expectClose(r.ci[1], A.varTest.ci[1], REL, 'ci1');
  });

  it('refuses a single group and a group of one', () => {
    expect(() => oneWayAnova(splitGroups([1, 2, 3], ['a', 'a', 'a']))).toThrow('至少需要2个组');
    expect(() => oneWayAnova(splitGroups([1, 2, 3], ['a', 'a', 'b']))).toThrow('组“b”只有1个有效观测');
    expect(() => oneWayAnova(splitGroups([1, 1, 2, 2], ['a', 'a', 'b', 'b']))).toThrow('组内方差为0');
  });
});
