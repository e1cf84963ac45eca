import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { correlationMatrix, correlationTest, kendallPairCounts, kendallPairCountsQuadratic, partialCorrelation } from './correlation.js';

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

describe("Kendall's pair counts by Knight's O(n log n) algorithm", () => {
  let seed = 20261123;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const draw = (n: number, levels: number) => Array.from({ length: n }, () => (levels > 0 ? Math.floor(rnd() * levels) : rnd()));

  it('agrees with comparing every pair: joint ties, ties in x only, in y only, none, −0 and 0', () => {
    const cases: Array<[number[], number[]]> = [];
    for (const n of [2, 3, 7, 16, 17, 33, 200, 1000]) {
      for (const [lx, ly] of [[3, 3], [5, 0], [0, 4], [0, 0], [2, 50], [1, 6]] as const) cases.push([draw(n, lx), draw(n, ly)]);
    }
    cases.push([[0, -0, 1, 1, -1], [-0, 0, 0, 2, 2]]);
    cases.push([Array.from({ length: 300 }, (_, i) => i), Array.from({ length: 300 }, (_, i) => 300 - i)]);
    cases.push([Array.from({ length: 300 }, (_, i) => -i * 1.5), Array.from({ length: 300 }, (_, i) => Math.floor(i / 7))]);
    for (const [x, y] of cases) {
      const fast = kendallPairCounts(x, y);
      const slow = kendallPairCountsQuadratic(x, y);
      const label = `n=${x.length}`;
      expect({ c: fast.concordant, d: fast.discordant, tx: fast.tiedX, ty: fast.tiedY, txy: fast.tiedXY }, label).toEqual({
        c: slow.concordant,
        d: slow.discordant,
        tx: slow.tiedX,
        ty: slow.tiedY,
        txy: slow.tiedXY,
      });
      expect(fast.concordant + fast.discordant + fast.tiedX + fast.tiedY - fast.tiedXY).toBe((x.length * (x.length - 1)) / 2);
    }
  });

  it('ties are listed by value, as R\'s table() does', () => {
    const k = kendallPairCounts([3, 1, 3, 1, 1, 2], [5, 5, 6, 6, 7, 7]);
    expect(k.xTies).toEqual([3, 2]);
    expect(k.yTies).toEqual([2, 2, 2]);
  });

  // Its time is in `npm run bench` (target: under 2 s); an O(n²) count would not finish within the test's limit.
  it('1,000,000 pairs with ties', () => {
    const n = 1_000_000;
    const x = Float64Array.from({ length: n }, () => Math.round(rnd() * 1000) / 10);
    const y = Float64Array.from(x, (v) => v + Math.round(rnd() * 300) / 10);
    const res = correlationTest(x, y, { method: 'kendall' });
    expect(res.n).toBe(n);
    expect(res.estimate).toBeGreaterThan(0.5);
  });
});
