import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { kruskalWallis, mannWhitneyU, wilcoxonSignedRank } from './nonparametric.js';

const N = fixture('nonparametric');
const REL = 1e-9;
const same = (got: { statistic: number; pValue: number }, r: any, label: string) => {
  expectClose(got.statistic, r.statistic, REL, `${label} statistic`);
  expectClose(got.pValue, r.pValue, REL, `${label} p`);
};

describe('rank tests agree with R wilcox.test / kruskal.test', () => {
  it('Mann–Whitney: exact, with ties, without correction, large samples', () => {
    const e = mannWhitneyU(N.x1, N.y1);
    expect(e.exact).toBe(true);
    same(e, N.mwExact, 'exact');
    same(mannWhitneyU(N.x1, N.y1, { alternative: 'less' }), N.mwExactLess, 'exact less');
    same(mannWhitneyU(N.tx, N.ty), N.mwTies, 'ties');
    same(mannWhitneyU(N.tx, N.ty, { correct: false }), N.mwTiesNoCorrect, 'ties no correction');
    same(mannWhitneyU(N.big1, N.big2), N.mwLarge, 'large');
  });

  it('Wilcoxon signed-rank: paired exact, paired with ties, one-sample', () => {
    same(wilcoxonSignedRank(N.x1, N.y1), N.srExact, 'paired exact');
    same(wilcoxonSignedRank(N.tx.slice(0, 9), N.ty, { exact: false }), N.srTies, 'paired ties');
    same(wilcoxonSignedRank(N.x1, null, { mu: 1.5 }), N.srOne, 'one-sample');
  });

  it('Kruskal–Wallis with ties', () => {
    const r = kruskalWallis(N.kw.groups.map((values: number[], i: number) => ({ name: `g${i}`, values })));
    same(r, N.kw, 'kw');
    expect(r.df).toBe(N.kw.df);
  });

  it('refuses all-zero differences and constant data', () => {
    expect(() => wilcoxonSignedRank([1, 2], [1, 2])).toThrow('差值都为0');
    expect(() => mannWhitneyU(Array(60).fill(3), Array(60).fill(3))).toThrow('所有数值都相同');
  });
});

describe('Friedman and sign tests agree with R', async () => {
  const { friedmanTest, signTest } = await import('./nonparametric.js');
  const P = fixture('posthoc');
  it('Friedman', () => {
    const r = friedmanTest(P.friedman.data);
    expectClose(r.statistic, P.friedman.statistic, REL, 'Friedman chi2');
    expectClose(r.pValue, P.friedman.pValue, REL, 'Friedman p');
    expect(r.df).toBe(P.friedman.df);
  });
  it('sign test (binom.test on signs)', () => {
    const r = signTest(P.sign.x, P.sign.y);
    expect([r.statistic, r.n]).toEqual([P.sign.positive, P.sign.n]);
    expectClose(r.pValue, P.sign.pValue, REL, 'sign p');
  });
});
