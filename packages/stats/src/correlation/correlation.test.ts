import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { correlationMatrix, correlationTest, partialCorrelation } from './correlation.js';

const C = fixture('correlation');
const REL = 1e-9;
const same = (got: { estimate: number; statistic: number; pValue: number; ci: readonly number[] | null }, r: any, label: string) => {
  expectClose(got.estimate, r.estimate, REL, `${label} estimate`);
  expectClose(got.statistic, r.statistic, REL, `${label} statistic`);
  expectClose(got.pValue, r.pValue, REL, `${label} p`);
  if (r.ci) r.ci.forEach((v: number, i: number) => expectClose(got.ci![i]!, v, REL, `${label} ci${i}`));
};

describe('correlation agrees with R cor.test', () => {
  it('Pearson with the Fisher-z interval', () => same(correlationTest(C.x, C.y), C.pearson, 'pearson'));

  it('Spearman: exact without ties, t approximation with ties', () => {
    same(correlationTest(C.x, C.y, { method: 'spearman' }), C.spearman, 'spearman');
    same(correlationTest(C.tx, C.ty, { method: 'spearman' }), C.spearmanTies, 'spearman ties');
  });

  it("Spearman's exact p over a grid of n (enumeration to 9, AS 89 beyond)", () => {
    for (const g of C.spearmanGrid) {
      const two = correlationTest(g.x, g.y, { method: 'spearman' });
      const label = `n=${g.x.length} S=${g.S}`;
      expectClose(two.statistic, g.S, REL, `${label} S`, 1e-9);
      expectClose(two.pValue, g.pValue, 1e-9, `${label} p`, 1e-15);
      expectClose(correlationTest(g.x, g.y, { method: 'spearman', alternative: 'greater' }).pValue, g.greater, 1e-9, `${label} greater`, 1e-15);
    }
  });

  it('Kendall: exact without ties, z with ties, one-sided', () => {
    same(correlationTest(C.x, C.y, { method: 'kendall' }), C.kendall, 'kendall');
    same(correlationTest(C.tx, C.ty, { method: 'kendall' }), C.kendallTies, 'kendall ties');
    same(correlationTest(C.x, C.y, { method: 'kendall', alternative: 'less' }), C.kendallLess, 'kendall less');
  });

  it('partial correlation', () => {
    const r = partialCorrelation(C.x, C.y, [C.partial.z]);
    expectClose(r.estimate, C.partial.estimate, REL, 'r');
    expectClose(r.statistic, C.partial.statistic, REL, 't');
    expectClose(r.pValue, C.partial.pValue, REL, 'p');
    expect(r.df).toBe(C.partial.df);
  });

  it('correlation matrix and bad input', () => {
    const m = correlationMatrix({ a: C.x, b: C.y, c: C.partial.z });
    expectClose(m.r[0]![1]!, C.pearson.estimate, REL, 'r01');
    expect(m.r[1]![0]).toBe(m.r[0]![1]);
    expect(() => correlationTest([1, 2], [3, 4])).toThrow('至少需要3对');
    expect(() => correlationTest([1, 1, 1], [3, 4, 5])).toThrow('标准差为0');
  });
});
