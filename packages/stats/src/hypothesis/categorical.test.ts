import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { chiSquareGoodnessOfFit, chiSquareTest, fisherExact, mcnemarTest, oddsRiskRatio } from './categorical.js';

const C = fixture('categorical');
const REL = 1e-9;
/** R's matrix() is column-major; JSON gives it back as rows. */
const rows = (m: number[][]) => m;

describe('contingency-table tests agree with R', () => {
  it('chi-square of independence with and without Yates, with expected counts', () => {
    const r = chiSquareTest(rows(C.table));
    expectClose(r.statistic, C.chisq.statistic, REL, 'X2');
    expectClose(r.pValue, C.chisq.pValue, REL, 'p');
    expect(r.df).toBe(C.chisq.df);
    r.expected.flat().forEach((e, i) => expectClose(e, C.chisq.expected.flat()[i], REL, `E${i}`));
    const y = chiSquareTest(rows(C.table22));
    expect(y.yates).toBe(true);
    expectClose(y.statistic, C.chisq22.statistic, REL, 'Yates X2');
    expectClose(y.pValue, C.chisq22.pValue, REL, 'Yates p');
    const ny = chiSquareTest(rows(C.table22), { correct: false });
    expectClose(ny.statistic, C.chisq22NoYates.statistic, REL, 'X2 no Yates');
    expectClose(ny.pValue, C.chisq22NoYates.pValue, REL, 'p no Yates');
  });

  it('goodness of fit', () => {
    const g = chiSquareGoodnessOfFit(C.gof.observed, C.gof.p);
    expectClose(g.statistic, C.gof.statistic, REL, 'X2');
    expectClose(g.pValue, C.gof.pValue, REL, 'p');
  });

  it("Fisher's exact test: 2×2 p-values, conditional MLE odds ratio and CI, and R×C", () => {
    expectClose(fisherExact(rows(C.tea)).pValue, C.fisherTea.pValue, REL, 'tea two-sided');
    expectClose(fisherExact(rows(C.tea), { alternative: 'less' }).pValue, C.fisherTea.less, REL, 'tea less');
    expectClose(fisherExact(rows(C.tea), { alternative: 'greater' }).pValue, C.fisherTea.greater, REL, 'tea greater');
    const f = fisherExact(rows(C.table22));
    expectClose(f.pValue, C.fisher22.pValue, REL, 'p');
    expectClose(f.oddsRatio!, C.fisher22.oddsRatio, 1e-6, 'conditional MLE OR');
    // fisher.test stops its root search at ~1e-4; the same equations solved tightly in R agree to 1e-9.
    expectClose(f.ci![0], C.fisher22.ciTight[0], 1e-9, 'ci0');
    expectClose(f.ci![1], C.fisher22.ciTight[1], 1e-9, 'ci1');
    expectClose(f.ci![0], C.fisher22.ci[0], 1e-4, 'ci0 vs fisher.test');
    expectClose(f.ci![1], C.fisher22.ci[1], 1e-4, 'ci1 vs fisher.test');
    expectClose(fisherExact(rows(C.fisherRxC.table)).pValue, C.fisherRxC.pValue, 1e-7, 'RxC');
  });

  it('McNemar', () => {
    const m = mcnemarTest(rows(C.table22));
    expectClose(m.statistic, C.mcnemar.statistic, REL, 'X2');
    expectClose(m.pValue, C.mcnemar.pValue, REL, 'p');
  });

  it('odds and risk ratios with Wald CIs', () => {
    const r = oddsRiskRatio([
      [20, 80],
      [10, 90],
    ]);
    expect(r.oddsRatio).toBeCloseTo(2.25, 12);
    expect(r.riskRatio).toBeCloseTo(2, 12);
    expect(r.oddsRatioCi[0]).toBeCloseTo(2.25 * Math.exp(-1.959963984540054 * Math.sqrt(1 / 20 + 1 / 80 + 1 / 10 + 1 / 90)), 10);
  });

  it('refuses bad tables', () => {
    expect(() => chiSquareTest([[1, 2]])).toThrow('至少需要2行2列');
    expect(() => chiSquareTest([[1, -2], [3, 4]])).toThrow('非负整数');
    expect(() => chiSquareTest([[0, 0], [3, 4]])).toThrow('整行或整列为0');
  });
});
