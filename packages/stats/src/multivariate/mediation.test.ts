// Mediation and moderation against lm() in R (fixtures/make-mediation.R). Least squares: 1e-9
// relative; P values 1e-7; the bootstrap is checked on R's own resample index sets, and ours is
// checked for reproducibility (same seed, same numbers) and for agreement with R's in distribution.
import { describe, expect, it } from 'vitest';
import { StatsError } from '../errors.js';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { categoricalModerationAnalysis, mediationAnalysis, moderationAnalysis, type PathCoefficient } from './mediation.js';

const R = fixture('mediation');
const M = R.mediation;
const col = (rows: Array<Record<string, number>>, k: string) => rows.map((r) => r[k]!);
const d = M.data as Array<Record<string, number>>;
const base = { x: col(d, 'x'), mediators: [col(d, 'm1'), col(d, 'm2')], y: col(d, 'y'), covariates: [col(d, 'age')], mediatorNames: ['m1', 'm2'] };
const LS = 1e-9;

/** R's summary row: estimate, SE, t, P. */
function same(got: PathCoefficient, want: number[], label: string) {
  expectClose(got.estimate, want[0]!, LS, `${label} estimate`);
  expectClose(got.se, want[1]!, LS, `${label} SE`);
  expectClose(got.statistic, want[2]!, LS, `${label} t`);
  expectClose(got.pValue, want[3]!, 1e-7, `${label} P`);
}

describe('mediationAnalysis (parallel mediators, covariate)', () => {
  const res = mediationAnalysis({ ...base, resamples: M.resamples });
  it('paths a, b, c, c′ and R² as lm', () => {
    same(res.a[0]!, M.a[0], 'a1');
    same(res.a[1]!, M.a[1], 'a2');
    same(res.b[0]!, M.b[0], 'b1');
    same(res.b[1]!, M.b[1], 'b2');
    same(res.c, M.c, 'c');
    same(res.cPrime, M.cPrime, "c'");
    res.models.forEach((m, i) => expectClose(m.rSquared, M.rsq[i], LS, `R² ${m.outcome}`));
  });
  it('indirect effects, total = c − c′, Sobel', () => {
    expectClose(res.indirect[0]!.estimate, M.indirect[0], LS, 'a1b1');
    expectClose(res.indirect[1]!.estimate, M.indirect[1], LS, 'a2b2');
    expectClose(res.indirect[2]!.estimate, M.total, LS, 'total');
    expectClose(res.indirect[2]!.estimate, res.c.estimate - res.cPrime.estimate, 1e-9, 'c − c′');
    for (const j of [0, 1]) {
      expectClose(res.indirect[j]!.sobel!.se, M.sobel[j][0], LS, `Sobel SE ${j}`);
      expectClose(res.indirect[j]!.sobel!.statistic, M.sobel[j][1], LS, `Sobel z ${j}`);
      expectClose(res.indirect[j]!.sobel!.pValue, M.sobel[j][2], 1e-7, `Sobel P ${j}`);
    }
    expectClose(res.proportionMediated, M.total / M.c[0], LS, 'proportion');
  });
  it('bootstrap on R’s resamples: replicates, SE and percentile CI', () => {
    expect(res.bootstrap).toBe(200);
    for (let r = 0; r < 3; r++) for (let j = 0; j < 3; j++) expectClose(res.replicates[j]![r]!, M.firstReps[r][j], 1e-8, `replicate ${r},${j}`);
    for (let j = 0; j < 3; j++) {
      expectClose(res.indirect[j]!.bootSe, M.boot[j].se, 1e-8, `boot SE ${j}`);
      expectClose(res.indirect[j]!.ci[0], M.boot[j].ci[0], 1e-8, `CI low ${j}`);
      expectClose(res.indirect[j]!.ci[1], M.boot[j].ci[1], 1e-8, `CI high ${j}`);
    }
  });
  it('our seeded bootstrap repeats exactly and agrees with R’s in distribution', () => {
    const one = mediationAnalysis({ ...base, bootstrap: 2000, seed: 7 });
    const two = mediationAnalysis({ ...base, bootstrap: 2000, seed: 7 });
    expect(two.indirect.map((e) => [e.bootSe, ...e.ci])).toEqual(one.indirect.map((e) => [e.bootSe, ...e.ci]));
    const other = mediationAnalysis({ ...base, bootstrap: 2000, seed: 8 });
    expect(other.indirect[2]!.ci[0]).not.toBe(one.indirect[2]!.ci[0]);
    // Monte Carlo: 2000 of ours vs 200 of R's resamples — SE within 20%, limits within 0.05.
    for (let j = 0; j < 3; j++) {
      expect(Math.abs(one.indirect[j]!.bootSe - M.boot[j].se)).toBeLessThan(0.2 * M.boot[j].se);
      expect(Math.abs(one.indirect[j]!.ci[0] - M.boot[j].ci[0])).toBeLessThan(0.05);
      expect(Math.abs(one.indirect[j]!.ci[1] - M.boot[j].ci[1])).toBeLessThan(0.05);
    }
  });
  it('refuses bad input', () => {
    expect(() => mediationAnalysis({ ...base, mediators: [] })).toThrow(StatsError);
    expect(() => mediationAnalysis({ ...base, mediators: [base.x.map(() => 1)], mediatorNames: ['常数'] })).toThrow(/常数/);
    expect(() => mediationAnalysis({ x: [1, 2, 3], mediators: [[1, 3, 2]], y: [2, 1, 3] })).toThrow(/太少/);
    expect(() => mediationAnalysis({ ...base, mediators: [base.x], mediatorNames: ['X的复制'], bootstrap: 0 })).toThrow(StatsError);
  });
});

describe('moderationAnalysis', () => {
  const dm = R.moderation.data as Array<Record<string, number>>;
  const input = { x: col(dm, 'x'), w: col(dm, 'w'), y: col(dm, 'y'), covariates: [col(dm, 'cov')] };
  for (const [name, center] of [['centred', true], ['raw', false]] as const) {
    it(`${name}: coefficients, ΔR², simple slopes at mean ± SD, Johnson–Neyman bounds`, () => {
      const want = R.moderation[name];
      const res = moderationAnalysis({ ...input, center });
      res.coefficients.forEach((c, i) => same(c, want.coef[i], `${name} ${c.term}`));
      expectClose(res.rSquared, want.rsq, LS, 'R²');
      expectClose(res.deltaRSquared, want.drsq, 1e-8, 'ΔR²');
      res.simpleSlopes.forEach((s, i) => {
        expectClose(s.estimate, want.slopes[i][0], LS, `slope ${i}`);
        expectClose(s.se, want.slopes[i][1], LS, `slope SE ${i}`);
        expectClose(s.statistic, want.slopes[i][2], LS, `slope t ${i}`);
        expectClose(s.pValue, want.slopes[i][3], 1e-7, `slope P ${i}`);
      });
      expect(res.johnsonNeyman.bounds.length).toBe(want.jn.length);
      res.johnsonNeyman.bounds.forEach((b, i) => expectClose(b, want.jn[i], 1e-9, `J–N ${i}`));
    });
  }
  it('refuses a constant moderator', () => {
    expect(() => moderationAnalysis({ ...input, w: input.w.map(() => 3), wName: '社会支持' })).toThrow(/社会支持/);
  });
});

describe('categoricalModerationAnalysis', () => {
  const G = R.categorical;
  const rows = G.data as Array<Record<string, number | string>>;
  const input = { x: rows.map((r) => r.x as number), w: rows.map((r) => r.g as string), levels: ['A', 'B', 'C'], y: rows.map((r) => r.y as number), covariates: [rows.map((r) => r.cov as number)] };
  it('coefficients, joint F of the products, ΔR² and the slope per level as lm/anova', () => {
    const res = categoricalModerationAnalysis(input);
    res.coefficients.forEach((c, i) => same(c, G.coef[i], c.term));
    expectClose(res.rSquared, G.rsq, LS, 'R²');
    expectClose(res.deltaRSquared, G.drsq, 1e-8, 'ΔR²');
    expectClose(res.f, G.f, 1e-8, 'F');
    expectClose(res.pValue, G.p, 1e-7, 'P');
    expect([res.df1, res.df2]).toEqual([2, 173]);
    res.simpleSlopes.forEach((s, i) => {
      expectClose(s.estimate, G.slopes[i][0], LS, `slope ${s.level}`);
      expectClose(s.se, G.slopes[i][1], LS, `SE ${s.level}`);
      expectClose(s.pValue, G.slopes[i][3], 1e-7, `P ${s.level}`);
    });
  });
  it('refuses one level and tiny levels', () => {
    expect(() => categoricalModerationAnalysis({ x: input.x, y: input.y, w: input.w.map(() => 'A') })).toThrow(/一个类别/);
    const w = input.w.map((v, i) => (i < 2 ? 'D' : v));
    expect(() => categoricalModerationAnalysis({ ...input, w, levels: ['A', 'B', 'C', 'D'] })).toThrow(/“D”只有 2 例/);
  });
});
