import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { brierScore, concordanceIndex, hosmerLemeshow, lowess, survivalConcordance, validateCox, validateLogistic, type LogisticValidationResult, type ValidationIndex } from './validation.js';

const f = fixture('validation');
const d = f.data;
const columns = [d.age, d.bmi, d.sex.map((s: string) => (s === 'M' ? 1 : 0)), d.stage.map((s: string) => (s === 'II' ? 1 : 0)), d.stage.map((s: string) => (s === 'III' ? 1 : 0))];
const y: number[] = d.y;
const rIndex: Record<ValidationIndex, string | null> = { Dxy: 'Dxy', C: null, R2: 'R2', Intercept: 'Intercept', Slope: 'Slope', Brier: 'B' };

// rms's lrm stops its iterations earlier than our IRLS, so fitted risks agree to about 1e-7 (see the
// nomogram test); indexes computed from them are compared at 1e-6 relative.
describe('validation of a logistic model (rms::validate / rms::calibrate)', () => {
  const given = validateLogistic({ columns, y, samples: (f.samples as number[][]).map((s) => s.map((i) => i - 1)) });

  it('apparent performance, Hosmer–Lemeshow and lowess match R', () => {
    const p: number[] = f.fitted;
    given.fitted.forEach((v, i) => expectClose(v, p[i]!, 1e-6, `p[${i}]`));
    expectClose(concordanceIndex(p, y), f.apparent.c, 1e-12, 'C');
    expectClose(brierScore(y, p), f.apparent.brier, 1e-12, 'Brier');
    const hl = hosmerLemeshow(y, p);
    expectClose(hl.statistic, f.hoslem.statistic, 1e-10, 'HL');
    expect(hl.df).toBe(f.hoslem.df);
    expectClose(hl.pValue, f.hoslem.pValue, 1e-9, 'HL p');
    hl.groups.forEach((g, k) => {
      expect(g.n).toBe(f.hoslem.n[k]);
      expect(g.observed).toBe(f.hoslem.observed[k]);
      expectClose(g.expected, f.hoslem.expected[k], 1e-10, `E${k}`);
    });
    const lw = lowess(p, y, { iter: 0 });
    lw.y.forEach((v, i) => expectClose(v, f.lowess.y[i], 1e-10, `lowess[${i}]`, 1e-12));
    const lw3 = lowess(p, y);
    lw3.y.forEach((v, i) => expectClose(v, f.lowess.yIter3[i], 1e-10, `lowess3[${i}]`, 1e-12));
    const byName = new Map(given.indexes.map((r) => [r.index, r]));
    expectClose(byName.get('Dxy')!.apparent, f.apparent.dxy, 1e-9, 'Dxy');
    expectClose(byName.get('C')!.apparent, f.apparent.c, 1e-9, 'C');
    expectClose(byName.get('R2')!.apparent, f.apparent.r2, 1e-6, 'R2');
    expectClose(byName.get('Brier')!.apparent, f.apparent.brier, 1e-6, 'Brier');
  });

  it('with R’s bootstrap samples, training/test/optimism/corrected and the calibration curve match R', () => {
    for (const row of given.indexes) {
      const key = rIndex[row.index];
      if (!key) continue;
      const ref = f.validate5[key];
      expectClose(row.apparent, ref['index.orig'], 1e-6, `${key} apparent`);
      expectClose(row.training, ref.training, 1e-6, `${key} training`);
      expectClose(row.test, ref.test, 1e-6, `${key} test`);
      expectClose(row.optimism, ref.optimism, 1e-5, `${key} optimism`, 1e-8);
      expectClose(row.corrected, ref['index.corrected'], 1e-6, `${key} corrected`);
    }
    const c = f.calibrate5;
    given.calibration.predicted.forEach((v, k) => expectClose(v, c.predy[k], 1e-6, `predy[${k}]`));
    given.calibration.apparent.forEach((v, k) => expectClose(v, c.apparent[k], 1e-5, `apparent[${k}]`, 1e-7));
    given.calibration.corrected.forEach((v, k) => (c.corrected[k] === null ? expect(v).toBeNaN() : expectClose(v, c.corrected[k], 1e-5, `corrected[${k}]`, 1e-7)));
    expectClose(given.calibration.meanAbsoluteError, c.meanAbsoluteError, 1e-4, 'MAE');
  });

  it('the same seed gives the same numbers; R with B = 1000 agrees within Monte Carlo error', () => {
    const a = validateLogistic({ columns, y, B: 40, seed: 7 });
    const b = validateLogistic({ columns, y, B: 40, seed: 7 });
    expect(b.indexes).toEqual(a.indexes);
    expect(b.calibration).toEqual(a.calibration);
    const other = validateLogistic({ columns, y, B: 40, seed: 8 });
    expect(other.indexes[0]!.optimism).not.toBe(a.indexes[0]!.optimism);
    const big: LogisticValidationResult = validateLogistic({ columns, y, B: 400, seed: 3 });
    for (const row of big.indexes) {
      const key = rIndex[row.index];
      if (!key) continue;
      // Ours is a mean of 400 replicates, R's of 1000: the difference has SD SE₄₀₀·√(1 + 400/1000).
      const tol = 4 * Math.sqrt(1.4) * row.optimismSe;
      expect(Math.abs(row.optimism - f.validate1000[key].optimism), `${key}: ${row.optimism} vs ${f.validate1000[key].optimism} (tol ${tol})`).toBeLessThan(tol);
    }
    // The corrected curve: the mean absolute error of the predictions against it, within 0.01.
    expect(Math.abs(big.calibration.meanAbsoluteError - f.calibrate1000.meanAbsoluteError)).toBeLessThan(0.01);
  }, 180_000);

  it('refuses a constant outcome and too few rows', () => {
    expect(() => validateLogistic({ columns: [[1, 2, 3]], y: [1, 1, 1] })).toThrow();
    expect(() => validateLogistic({ columns: [[1, 2, 3, 4]], y: [0, 1, 0, 1] })).toThrow();
  });
});

// rms::validate.cph refits with coxphFit(eps = 1e-4, iter.max = 10), so its training/test indexes
// carry ~1e-5 of convergence error: compared at 1e-4 (absolute 1e-6 near 0). The original fit and
// the calibration groups (cph with eps = 1e-12) are compared at 1e-7.
describe('validation of a Cox model (rms::validate.cph / calibrate.cph KM)', () => {
  const cx = f.cox;
  const samples = (f.samples as number[][]).map((s) => s.map((i) => i - 1));
  const given = validateCox({ columns, time: cx.time, status: cx.status, u: cx.u, groups: cx.groups, samples });
  const rName: Record<string, string> = { Dxy: 'Dxy', R2: 'R2', Slope: 'Slope' };

  it('apparent C, baseline survival at u and the KM calibration groups match R', () => {
    expectClose(given.indexes.find((r) => r.index === 'C')!.apparent, cx.cIndex, 1e-9, 'C');
    expectClose(survivalConcordance([1, 2, 3], [3, 2, 1], [1, 1, 0]), 1, 1e-12, 'C of a perfect score');
    expectClose(given.baselineAtU, cx.baselineAtU, 1e-8, 'S0(u)');
    const c = given.calibration;
    c.forEach((g, k) => {
      expectClose(g.predicted, cx.calibrate5.predicted[k], 1e-7, `pred[${k}]`);
      expectClose(g.observed, cx.calibrate5.observed[k], 1e-9, `KM[${k}]`);
    });
  });

  it('with R’s bootstrap samples, the indexes and the calibration optimism match R', () => {
    for (const row of given.indexes) {
      const key = rName[row.index];
      if (!key) continue;
      const ref = cx.validate5[key];
      expectClose(row.apparent, ref['index.orig'], 1e-7, `${key} apparent`);
      expectClose(row.training, ref.training, 1e-4, `${key} training`);
      expectClose(row.test, ref.test, 1e-4, `${key} test`);
      expectClose(row.corrected, ref['index.corrected'], 1e-4, `${key} corrected`);
    }
    given.calibration.forEach((g, k) => expectClose(g.optimism, cx.calibrate5.optimism[k], 1e-4, `optimism[${k}]`, 1e-6));
  });

  it('the same seed repeats; R with B = 1000 agrees within Monte Carlo error', () => {
    const a = validateCox({ columns, time: cx.time, status: cx.status, u: cx.u, groups: cx.groups, B: 20, seed: 5 });
    const b = validateCox({ columns, time: cx.time, status: cx.status, u: cx.u, groups: cx.groups, B: 20, seed: 5 });
    expect(b.indexes).toEqual(a.indexes);
    expect(b.calibration).toEqual(a.calibration);
    const big = validateCox({ columns, time: cx.time, status: cx.status, u: cx.u, groups: cx.groups, B: 200, seed: 3 });
    for (const row of big.indexes) {
      const key = rName[row.index];
      if (!key) continue;
      const tol = 4 * Math.sqrt(1.2) * row.optimismSe;
      expect(Math.abs(row.optimism - cx.validate1000[key].optimism), `${key}: ${row.optimism} vs ${cx.validate1000[key].optimism} (tol ${tol})`).toBeLessThan(tol);
    }
  }, 180_000);
});
