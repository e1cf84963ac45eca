import { describe, expect, it } from 'vitest';
import { StatsError } from '../errors.js';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { factorAnalysis } from './factor.js';
import { principalComponents } from './pca.js';
import { cronbachAlpha, mcdonaldOmega } from './reliability.js';

const R = fixture('multivariate');
const names = Object.keys(R.data);
const columns = names.map((k) => R.data[k] as (number | null)[]);
const REL = 1e-9;

function expectMatrix(actual: number[][], expected: number[][], tol: number, label: string, upToSign = false): void {
  expect(actual.length).toBe(expected.length);
  const cols = expected[0]!.length;
  for (let c = 0; c < cols; c++) {
    const sign = upToSign && Math.sign(actual[0]![c]!) !== Math.sign(expected[0]![c]!) ? -1 : 1;
    actual.forEach((row, i) => expectClose(sign * row[c]!, expected[i]![c]!, tol, `${label}[${i},${c}]`, tol));
  }
}

describe('PCA and factor analysis agree with R (prcomp, psych, factanal)', () => {
  it('PCA on the correlation matrix: eigenvalues, eigenvectors and scores (prcomp, up to sign)', () => {
    const pc = principalComponents(columns, { names, components: 3 });
    expect(pc.n).toBe(R.n);
    expect(pc.excluded).toBe(2800 - R.n);
    pc.eigenvalues.forEach((v, i) => expectClose(v, R.pca.eigenvalues[i], REL, `eigenvalue ${i}`));
    expectMatrix(pc.eigenvectors, R.pca.rotation, 1e-9, 'rotation', true);
    expectMatrix(pc.scores.slice(0, 5), R.pca.scores, 1e-9, 'scores', true);
    expect(pc.cumulative[14]).toBeCloseTo(100, 10);
    expect(principalComponents(columns, { names }).components).toBe(R.pca.eigenvalues.filter((v: number) => v > 1).length);
  });

  it('KMO and Bartlett (psych::KMO, cortest.bartlett)', () => {
    const fa = factorAnalysis(columns, { names, factors: 3 });
    expectClose(fa.kmo.overall, R.kmo.overall, REL, 'KMO');
    fa.kmo.perVariable.forEach((v, i) => expectClose(v, R.kmo.perVariable[i], REL, `MSA ${i}`));
    expectClose(fa.bartlett.statistic, R.bartlett.statistic, REL, 'Bartlett');
    expect(fa.bartlett.df).toBe(R.bartlett.df);
  });

  it('principal-axis factoring, unrotated, varimax and promax (psych::fa fm = "pa" to its fixed point; stats rotations)', () => {
    const none = factorAnalysis(columns, { names, factors: 3, rotation: 'none' });
    expect(none.converged).toBe(true);
    expectMatrix(none.loadings, R.pa.unrotated, 1e-6, 'PA');
    const vm = factorAnalysis(columns, { names, factors: 3, rotation: 'varimax' });
    expectMatrix(vm.loadings, R.pa.varimax, 1e-6, 'PA varimax');
    vm.communalities.forEach((h, i) => expectClose(h, vm.loadings[i]!.reduce((s, v) => s + v * v, 0), 1e-12, 'rotation keeps communalities'));
    const pm = factorAnalysis(columns, { names, factors: 3, rotation: 'promax' });
    expectMatrix(pm.loadings, R.pa.promax, 1e-6, 'PA promax');
    expectMatrix(pm.factorCorrelations!, R.pa.promaxPhi, 1e-6, 'PA promax Φ');
  });

  it('maximum likelihood: loadings, uniquenesses, χ² fit test, varimax and regression scores (factanal)', () => {
    const none = factorAnalysis(columns, { names, factors: 3, extraction: 'ml', rotation: 'none' });
    expect(none.converged).toBe(true);
    expectMatrix(none.loadings, R.ml.unrotated, 1e-6, 'ML');
    none.uniquenesses.forEach((u, i) => expectClose(u, R.ml.uniquenesses[i], 1e-6, `uniqueness ${i}`));
    expectClose(none.fitTest!.statistic, R.ml.statistic, 1e-6, 'chi-square');
    expect(none.fitTest!.df).toBe(R.ml.df);
    expectClose(none.fitTest!.pValue, R.ml.p, 1e-5, 'p');
    const vm = factorAnalysis(columns, { names, factors: 3, extraction: 'ml', rotation: 'varimax' });
    expectMatrix(vm.loadings, R.ml.varimax, 1e-6, 'ML varimax');
    expectMatrix(vm.scores.slice(0, 5), R.ml.scores, 1e-6, 'scores');
  });

  it('refuses too many factors and constant variables with a clear message', () => {
    expect(() => factorAnalysis(columns, { names, factors: 15 })).toThrow(/最多可提取14个因子/);
    expect(() => factorAnalysis(columns, { names, factors: 11, extraction: 'ml' })).toThrow(/最大似然法最多可提取10个因子/);
    expect(() => principalComponents([[1, 2, 3, 4], [5, 5, 5, 5]], { names: ['a', 'b'] })).toThrow(/“b”的取值全部相同/);
    expect(() => principalComponents([[1, 2, 3, 4]])).toThrow(StatsError);
  });
});

describe('reliability agrees with R (psych::alpha; omega from factanal)', () => {
  const items = ['C1', 'C2', 'C3', 'C4', 'C5'].map((k) => (R.data[k] as (number | null)[]).map((v) => (v === null || !k.match(/C[45]/) ? v : 7 - v)));
  const all = ['C1', 'C2', 'C3', 'C4', 'C5'].map((k) => R.data[k] as (number | null)[]);
  // The fixture's references use the rows complete on all 15 items.
  const keep = columns[0]!.map((_, i) => columns.every((c) => c[i] !== null));
  const itemsComplete = items.map((c) => c.filter((_, i) => keep[i]));

  it("Cronbach's alpha, standardised alpha, Feldt CI and item statistics", () => {
    const a = cronbachAlpha(itemsComplete, { names: ['C1', 'C2', 'C3', 'C4', 'C5'] });
    expectClose(a.alpha, R.alpha.alpha, REL, 'alpha');
    expectClose(a.standardizedAlpha, R.alpha.std, REL, 'std alpha');
    expectClose(a.averageCorrelation, R.alpha.averageR, REL, 'average r');
    expectClose(a.ci[0], R.alpha.lower, 1e-8, 'lower');
    expectClose(a.ci[1], R.alpha.upper, 1e-8, 'upper');
    a.itemStatistics.forEach((s, j) => {
      expectClose(s.correctedItemTotal, R.alpha.rDrop[j], REL, `r.drop ${j}`);
      expectClose(s.mean, R.alpha.mean[j], REL, `mean ${j}`);
      expectClose(s.sd, R.alpha.sd[j], REL, `sd ${j}`);
      expectClose(s.alphaIfDeleted, R.alpha.alphaDrop[j], REL, `alpha.drop ${j}`);
      expectClose(s.squaredMultipleCorrelation, R.alpha.smc[j], REL, `smc ${j}`);
      expectClose(s.scaleVarianceIfDeleted, R.alpha.scaleVarIfDeleted[j], REL, `var if deleted ${j}`);
    });
    expect(all.length).toBe(5);
  });

  it("McDonald's omega total from the one-factor ML model", () => {
    const o = mcdonaldOmega(itemsComplete);
    expectClose(o.omega, R.omega.omega, 1e-6, 'omega');
    o.loadings.forEach((l, i) => expectClose(l, R.omega.loadings[i], 1e-6, `loading ${i}`));
  });
});
