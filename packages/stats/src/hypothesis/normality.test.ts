import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { ksTestNormal, qqPoints, shapiroWilk } from './normality.js';

const N = fixture('normality');

describe('normality tests agree with R', () => {
  it('Shapiro–Wilk for n from 3 to 5000', () => {
    for (const r of N.shapiro) {
      const got = shapiroWilk(r.x);
      // Same polynomial approximations as R's swilk.c, so W and p agree to 1e-9.
      expectClose(got.statistic, r.statistic, 1e-9, `W n=${r.x.length}`);
      expectClose(got.pValue, r.pValue, 1e-9, `p n=${r.x.length}`);
    }
  });

  it('Kolmogorov–Smirnov, exact and asymptotic', () => {
    const e = ksTestNormal(N.ks.x, N.ks.mean, N.ks.sd);
    expectClose(e.statistic, N.ks.statistic, 1e-12, 'D');
    expectClose(e.pValue, N.ks.pValue, 1e-9, 'exact p');
    const a = ksTestNormal(N.ks.x, N.ksAsymptotic.mean, N.ksAsymptotic.sd, { exact: false });
    expectClose(a.statistic, N.ksAsymptotic.statistic, 1e-12, 'D');
    expectClose(a.pValue, N.ksAsymptotic.pValue, 1e-9, 'asymptotic p');
  });

  it('Q–Q points use ppoints', () => {
    const q = qqPoints(N.qq.x);
    const want = [...N.qq.theoretical].sort((a: number, b: number) => a - b);
    q.theoretical.forEach((v, i) => expectClose(v, want[i], 1e-12, `q${i}`));
  });

  it('refuses out-of-range samples', () => {
    expect(() => shapiroWilk([1, 2])).toThrow('3到5000');
    expect(() => shapiroWilk([2, 2, 2, 2])).toThrow('所有数值都相同');
  });
});

describe('Lilliefors and Anderson–Darling agree with R nortest', () => {
  it('over n from 11 to 5000', async () => {
    const { lillieforsTest, andersonDarling } = await import('./normality.js');
    for (const r of N.nortest.filter(Boolean)) {
      const n = r.x.length;
      const l = lillieforsTest(r.x);
      expectClose(l.statistic, r.lillie, 1e-12, `Lilliefors D n=${n}`);
      expectClose(l.pValue, r.lillieP, 1e-9, `Lilliefors p n=${n}`, 1e-15);
      const a = andersonDarling(r.x);
      expectClose(a.statistic, r.ad, 1e-10, `A n=${n}`);
      expectClose(a.pValue, r.adP, 1e-9, `AD p n=${n}`, 1e-15);
    }
  });
});
