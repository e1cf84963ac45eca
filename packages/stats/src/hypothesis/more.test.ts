import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { brownForsytheAnova } from './anova.js';
import { cmhTest, cochranArmitage } from './categorical.js';
import { splitGroups } from './groups.js';
import { dunnTest } from './nonparametric.js';

const M = fixture('more');
const A = fixture('anova');
const REL = 1e-9;

describe('trend, stratified, Brown–Forsythe and Dunn agree with R', () => {
  it('Cochran–Armitage (prop.trend.test), default and given scores', () => {
    const r = cochranArmitage(M.trend.x, M.trend.n);
    expectClose(r.statistic, M.trend.statistic, REL, 'X2');
    expectClose(r.pValue, M.trend.pValue, REL, 'p');
    const s = cochranArmitage(M.trend.x, M.trend.n, [0, 1, 2, 4]);
    expectClose(s.statistic, M.trend.scoredStatistic, REL, 'scored X2');
    expectClose(s.pValue, M.trend.scoredP, REL, 'scored p');
  });

  it('Cochran–Mantel–Haenszel (mantelhaen.test) with the common OR and its CI', () => {
    const r = cmhTest(M.cmh.strata);
    expectClose(r.statistic, M.cmh.statistic, REL, 'X2');
    expectClose(r.pValue, M.cmh.pValue, REL, 'p');
    expectClose(r.oddsRatio, M.cmh.estimate, REL, 'OR');
    expectClose(r.ci[0], M.cmh.ci[0], REL, 'ci0');
    expectClose(r.ci[1], M.cmh.ci[1], REL, 'ci1');
    expectClose(cmhTest(M.cmh.strata, { correct: false }).statistic, M.cmh.statisticNoCorrect, REL, 'X2 uncorrected');
  });

  it('Brown–Forsythe ANOVA (formula written out in R)', () => {
    const r = brownForsytheAnova(splitGroups(A.values, A.groups));
    for (const k of ['statistic', 'df1', 'df2', 'pValue'] as const) expectClose(r[k], M.brownForsythe[k], REL, k);
  });

  it("Dunn's test with tie correction and Holm adjustment", () => {
    const r = dunnTest(splitGroups(M.dunn.x, M.dunn.g));
    r.comparisons.forEach((c, i) => {
      expectClose(c.z, M.dunn.z[i], REL, `${c.comparison} z`);
      expectClose(c.pValue, M.dunn.p[i], REL, `${c.comparison} p`);
      expectClose(c.pAdjusted, M.dunn.holm[i], REL, `${c.comparison} holm`);
    });
    expect(r.comparisons.map((c) => c.comparison)).toEqual(['b-a', 'c-a', 'c-b']);
  });
});
