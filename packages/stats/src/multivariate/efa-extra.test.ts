// Parallel analysis and oblimin against R (fixtures/make-efa.R on psych::bfi, the data of
// multivariate.json). Tolerances: eigenvalues 1e-9 relative (closed form); oblimin loadings and Φ 1e-6
// absolute (GPArotation stops at a projected gradient of 1e-8 and stalls near 5e-9, γ = 0.5 near 4e-8,
// so 1e-5 there); psych::fa's own oblimin (eps 1e-5) 1e-3; regression scores 1e-6.
import { describe, expect, it } from 'vitest';
import { StatsError } from '../errors.js';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { completeData } from './data.js';
import { oblimin, parallelAnalysis, regressionScores, sortFactors } from './efa-extra.js';
import { factorAnalysis } from './factor.js';

const M = fixture('multivariate');
const R = fixture('efa');
const names = Object.keys(M.data);
const columns = names.map((k) => M.data[k] as (number | null)[]);

const expectMatrix = (actual: number[][], expected: number[][], abs: number, label: string) => {
  expect(actual.length).toBe(expected.length);
  actual.forEach((row, i) => row.forEach((v, j) => expectClose(v, expected[i]![j]!, 0, `${label}[${i},${j}]`, abs)));
};

describe('parallel analysis (psych::fa.parallel, SMC = TRUE)', () => {
  const d = completeData(columns, names, 3, 4, 'test');
  const pa = parallelAnalysis(d.cor, d.p, d.n, { iterations: 50, seed: 7 });

  it('observed eigenvalues of R and of R with SMCs equal psych', () => {
    expect(d.n).toBe(R.n);
    pa.observed.pc.forEach((v, i) => expectClose(v, R.parallel.pc[i], 1e-9, `pc ${i}`));
    pa.observed.fa.forEach((v, i) => expectClose(v, R.parallel.fa[i], 1e-9, `fa ${i}`));
  });

  it('repeats exactly for a seed, changes with it, and its simulated eigenvalues are near psych’s', () => {
    const again = parallelAnalysis(d.cor, d.p, d.n, { iterations: 50, seed: 7 });
    expect(again.simulated).toEqual(pa.simulated);
    expect(parallelAnalysis(d.cor, d.p, d.n, { iterations: 50, seed: 8 }).simulated.pcMean).not.toEqual(pa.simulated.pcMean);
    // Null eigenvalues of 2436 × 15 normal data: close to 1, decreasing; psych's means (another generator) within 0.02.
    pa.simulated.pcMean.forEach((v, i) => expect(Math.abs(v - R.parallel.simPc[i]), `sim pc ${i}`).toBeLessThan(0.02));
    pa.simulated.faMean.forEach((v, i) => expect(Math.abs(v - R.parallel.simFa[i]), `sim fa ${i}`).toBeLessThan(0.02));
    pa.simulated.pcQuantile.forEach((v, i) => expect(v).toBeGreaterThanOrEqual(pa.simulated.pcMean[i]! - 1e-3));
    expect(pa.components).toBe(R.parallel.ncomp);
    expect(pa.factors).toBe(R.parallel.nfact);
  });

  it('refuses too few rows and bad options', () => {
    expect(() => parallelAnalysis(d.cor, d.p, 15)).toThrow(StatsError);
    expect(() => parallelAnalysis(d.cor, d.p, d.n, { quantile: 1 })).toThrow(/分位数/);
  });
});

describe('oblimin (GPArotation::oblimin, psych::fa rotate = "oblimin")', () => {
  const A = R.unrotated as number[][];

  it('quartimin (γ = 0): pattern and factor correlations', () => {
    const ob = oblimin(A);
    expect(ob.converged).toBe(true);
    const s = sortFactors(ob.loadings, ob.phi);
    expectMatrix(s.loadings, R.oblimin.loadings, 1e-6, 'oblimin');
    expectMatrix(s.phi!, R.oblimin.phi, 1e-6, 'Φ');
    expectMatrix(s.loadings, R.psych.loadings, 1e-3, 'psych oblimin');
    expectMatrix(s.phi!, R.psych.phi, 1e-3, 'psych Φ');
    // Oblique rotation keeps the communalities: diag(L Φ Lᵀ) = rowSums(A²).
    s.loadings.forEach((row, i) => {
      const h = row.reduce((acc, a, f) => acc + row.reduce((b, c, g) => b + a * s.phi![f]![g]! * c, 0), 0);
      expectClose(h, A[i]!.reduce((acc, v) => acc + v * v, 0), 1e-10, `h2 ${i}`);
    });
  });

  it('γ = 0.5 (biquartimin)', () => {
    const ob = oblimin(A, { gamma: 0.5 });
    const s = sortFactors(ob.loadings, ob.phi);
    expectMatrix(s.loadings, R.oblimin05.loadings, 1e-5, 'oblimin γ 0.5');
    expectMatrix(s.phi!, R.oblimin05.phi, 1e-5, 'Φ γ 0.5');
  });

  it('regression factor scores of the oblique solution (psych::factor.scores)', () => {
    const ob = oblimin(A);
    const s = sortFactors(ob.loadings, ob.phi);
    const sc = regressionScores(columns, s.loadings, s.phi);
    expect(sc.rows.length).toBe(R.n);
    expectMatrix(sc.scores.slice(0, 5), R.scores, 1e-6, 'scores');
  });

  it('the engine’s own PA loadings rotate to the same solution', () => {
    const fa = factorAnalysis(columns, { names, factors: 3, rotation: 'none' });
    const ob = oblimin(fa.loadings);
    const s = sortFactors(ob.loadings, ob.phi);
    expectMatrix(s.loadings, R.oblimin.loadings, 1e-6, 'oblimin from engine PA');
  });

  it('refuses a single factor', () => {
    expect(() => oblimin([[0.5], [0.6]])).toThrow(/至少需要2个因子/);
  });
});
