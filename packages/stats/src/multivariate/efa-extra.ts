// Pieces of exploratory factor analysis that factor.ts lacks: Horn's parallel analysis (seeded, as
// psych::fa.parallel with SMC = TRUE and sim = TRUE), direct oblimin rotation (GPArotation::oblimin,
// gradient projection), factanal-style sorting of a loading matrix with its factor correlations, and
// regression (Thurstone) factor scores for any pattern and Φ.
import { StatsError } from '../errors.js';
import { spdInverse, spdSolve, symmetricEigen } from '../internal/linalg.js';
import { seededRandom } from '../internal/random.js';
import { completeData, type NumericColumn } from './data.js';

export interface ParallelAnalysisResult {
  n: number;
  p: number;
  iterations: number;
  seed: number;
  /** The quantile of the simulated eigenvalues an observed one must exceed (psych's `quant`). */
  quantile: number;
  /** Eigenvalues of the observed correlation matrix (components) and of it with squared multiple correlations on the diagonal (factors). */
  observed: { pc: number[]; fa: number[] };
  /** Mean and `quantile` of the same eigenvalues over `iterations` sets of n × p independent normal data. */
  simulated: { pcMean: number[]; pcQuantile: number[]; faMean: number[]; faQuantile: number[] };
  /** Leading observed eigenvalues above the simulated quantile: the number of components and of factors to keep. */
  components: number;
  factors: number;
}

/** Sample quantile of sorted values (R's type 7). */
function quantile7(sorted: readonly number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

function eigenvaluesWithSmc(cor: Float64Array, p: number): { pc: number[]; fa: number[] } {
  const pc = Array.from(symmetricEigen(cor, p).values);
  const inv = spdInverse(cor, p, '相关矩阵');
  const reduced = Float64Array.from(cor);
  for (let j = 0; j < p; j++) reduced[j * p + j] = 1 - 1 / inv[j * p + j]!;
  return { pc, fa: Array.from(symmetricEigen(reduced, p).values) };
}

/** Leading values of `observed` above `threshold` (psych: which(!(observed > threshold))[1] − 1). */
const leadingAbove = (observed: readonly number[], threshold: readonly number[]): number => {
  const first = observed.findIndex((v, i) => !(v > threshold[i]!));
  return first < 0 ? observed.length : first;
};

/**
 * Horn's parallel analysis on a p × p correlation matrix (row-major) of n observations: the observed
 * eigenvalues of R (principal components) and of R with squared multiple correlations on its diagonal
 * (principal factors, psych::fa.parallel(SMC = TRUE)), against the same eigenvalues of `iterations`
 * correlation matrices of n × p standard normal data drawn from a seeded generator. Keeps the leading
 * components/factors whose observed eigenvalue exceeds the simulated `quantile` (default 0.95, psych's
 * `quant`). The observed eigenvalues are exactly R's; the simulated ones depend on the generator, so
 * they match psych only in distribution, and repeat exactly for a seed.
 * @throws StatsError when n ≤ p (the simulated correlation matrices would be singular) or the options are out of range.
 */
export function parallelAnalysis(
  cor: ArrayLike<number>,
  p: number,
  n: number,
  options: { iterations?: number; seed?: number; quantile?: number } = {},
): ParallelAnalysisResult {
  const iterations = options.iterations ?? 100;
  const seed = options.seed ?? 2024;
  const q = options.quantile ?? 0.95;
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > 10000) throw new StatsError('INVALID_ARGUMENT', '平行分析的模拟次数必须是1到10000之间的整数');
  if (!(q > 0 && q < 1)) throw new StatsError('INVALID_ARGUMENT', '平行分析的分位数必须在0与1之间');
  if (n <= p + 1) throw new StatsError('TOO_FEW_OBSERVATIONS', `平行分析的观测数（${n}）必须多于变量数（${p}）+ 1`);
  const observed = eigenvaluesWithSmc(Float64Array.from(cor), p);
  const rng = seededRandom(seed);
  const pcs: number[][] = Array.from({ length: p }, () => []);
  const fas: number[][] = Array.from({ length: p }, () => []);
  const x = Array.from({ length: p }, () => new Float64Array(n));
  const c = new Float64Array(p * p);
  for (let it = 0; it < iterations; it++) {
    // Column by column, as R fills matrix(rnorm(n * p), n, p).
    for (let j = 0; j < p; j++) {
      const col = x[j]!;
      let m = 0;
      for (let i = 0; i < n; i++) m += col[i] = rng.normal();
      m /= n;
      let ss = 0;
      for (let i = 0; i < n; i++) ss += (col[i] = col[i]! - m) ** 2;
      const sd = Math.sqrt(ss);
      for (let i = 0; i < n; i++) col[i] = col[i]! / sd;
    }
    for (let a = 0; a < p; a++) {
      c[a * p + a] = 1;
      for (let b = a + 1; b < p; b++) {
        let s = 0;
        const xa = x[a]!;
        const xb = x[b]!;
        for (let i = 0; i < n; i++) s += xa[i]! * xb[i]!;
        c[a * p + b] = c[b * p + a] = s;
      }
    }
    const e = eigenvaluesWithSmc(c, p);
    for (let j = 0; j < p; j++) {
      pcs[j]!.push(e.pc[j]!);
      fas[j]!.push(e.fa[j]!);
    }
  }
  const mean = (v: number[]) => v.reduce((s, y) => s + y, 0) / v.length;
  const quant = (v: number[]) => quantile7([...v].sort((a, b) => a - b), q);
  const simulated = { pcMean: pcs.map(mean), pcQuantile: pcs.map(quant), faMean: fas.map(mean), faQuantile: fas.map(quant) };
  return {
    n,
    p,
    iterations,
    seed,
    quantile: q,
    observed,
    simulated,
    components: leadingAbove(observed.pc, simulated.pcQuantile),
    factors: leadingAbove(observed.fa, simulated.faQuantile),
  };
}

// ---------------------------------------------------------------------------------------------
// Small dense k × k helpers (row-major number[][]).

const mul = (a: number[][], b: number[][]): number[][] => a.map((row) => b[0]!.map((_, j) => row.reduce((s, v, r) => s + v * b[r]![j]!, 0)));
const transpose = (a: number[][]): number[][] => a[0]!.map((_, j) => a.map((row) => row[j]!));

/** Inverse of a general square matrix by Gauss–Jordan with partial pivoting. */
function inverse(a: number[][]): number[][] {
  const k = a.length;
  const m = a.map((row, i) => [...row, ...Array.from({ length: k }, (_, j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < k; c++) {
    let piv = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[piv]![c]!)) piv = r;
    if (!(Math.abs(m[piv]![c]!) > 1e-300)) throw new StatsError('SINGULAR', '旋转矩阵奇异，无法进行斜交旋转');
    [m[c], m[piv]] = [m[piv]!, m[c]!];
    const d = m[c]![c]!;
    for (let j = 0; j < 2 * k; j++) m[c]![j] = m[c]![j]! / d;
    for (let r = 0; r < k; r++) {
      if (r === c) continue;
      const f = m[r]![c]!;
      if (f !== 0) for (let j = 0; j < 2 * k; j++) m[r]![j] = m[r]![j]! - f * m[c]![j]!;
    }
  }
  return m.map((row) => row.slice(k));
}

/** The oblimin criterion and its gradient in L (GPArotation's vgQ.oblimin). */
function obliminCriterion(L: number[][], gamma: number): { f: number; gq: number[][] } {
  const p = L.length;
  const k = L[0]!.length;
  const sq = L.map((row) => row.map((v) => v * v));
  // X = L² (1 − I), then (I − γ/p · 11ᵀ) X.
  let X = sq.map((row) => row.map((_, j) => row.reduce((s, v, c) => (c === j ? s : s + v), 0)));
  if (gamma !== 0) {
    const colMean = Array.from({ length: k }, (_, j) => X.reduce((s, row) => s + row[j]!, 0) / p);
    X = X.map((row) => row.map((v, j) => v - gamma * colMean[j]!));
  }
  let f = 0;
  for (let i = 0; i < p; i++) for (let j = 0; j < k; j++) f += sq[i]![j]! * X[i]![j]!;
  return { f: f / 4, gq: L.map((row, i) => row.map((v, j) => v * X[i]![j]!)) };
}

/** Projected-gradient norm accepted when the line search stalls (GPArotation stalls near 5e-9 on bfi). */
const STALL_TOLERANCE = 1e-6;

export interface ObliqueRotation {
  /** Rotated pattern loadings (variables × factors). */
  loadings: number[][];
  /** Factor correlations TᵀT. */
  phi: number[][];
  /** The rotation T (loadings = A (T⁻¹)ᵀ). */
  rotation: number[][];
  iterations: number;
  converged: boolean;
}

/**
 * Direct oblimin rotation (γ = 0: quartimin, psych's and GPArotation's default) by the gradient
 * projection algorithm of Bernaards & Jennrich (2005), step for step as GPArotation::GPFoblq without
 * Kaiser normalisation, from the identity; stops when the projected gradient's norm is below `eps`
 * (default 1e-8), or when the step length underflows (then converged if that norm is below 1e-6).
 * @throws StatsError for fewer than two factors or a singular rotation.
 */
export function oblimin(loadings: readonly (readonly number[])[], options: { gamma?: number; eps?: number; maxIterations?: number } = {}): ObliqueRotation {
  const A = loadings.map((r) => [...r]);
  const k = A[0]?.length ?? 0;
  if (k < 2) throw new StatsError('INVALID_ARGUMENT', '斜交旋转至少需要2个因子');
  const gamma = options.gamma ?? 0;
  const eps = options.eps ?? 1e-8;
  const maxit = options.maxIterations ?? 10000;
  let T: number[][] = Array.from({ length: k }, (_, i) => Array.from({ length: k }, (_, j) => (i === j ? 1 : 0)));
  const gradient = (Tm: number[][], L: number[][], gq: number[][]) => transpose(mul(mul(transpose(L), gq), inverse(Tm))).map((row) => row.map((v) => -v));
  let L = mul(A, transpose(inverse(T)));
  let crit = obliminCriterion(L, gamma);
  let f = crit.f;
  let G = gradient(T, L, crit.gq);
  let al = 1;
  let s = Infinity;
  let iter = 0;
  for (; iter <= maxit; iter++) {
    const colDot = Array.from({ length: k }, (_, j) => T.reduce((acc, row, r) => acc + row[j]! * G[r]![j]!, 0));
    const Gp = G.map((row, r) => row.map((v, j) => v - T[r]![j]! * colDot[j]!));
    s = Math.sqrt(Gp.reduce((acc, row) => acc + row.reduce((b, v) => b + v * v, 0), 0));
    if (s < eps) break;
    al *= 2;
    let Tt = T;
    let Lt = L;
    let critT = crit;
    for (let i = 0; i <= 10; i++) {
      const X = T.map((row, r) => row.map((v, j) => v - al * Gp[r]![j]!));
      const v = Array.from({ length: k }, (_, j) => 1 / Math.sqrt(X.reduce((acc, row) => acc + row[j]! ** 2, 0)));
      Tt = X.map((row) => row.map((x, j) => x * v[j]!));
      Lt = mul(A, transpose(inverse(Tt)));
      critT = obliminCriterion(Lt, gamma);
      if (f - critT.f > 0.5 * s * s * al) break;
      al /= 2;
    }
    T = Tt;
    L = Lt;
    crit = critT;
    f = critT.f;
    G = gradient(T, L, crit.gq);
    // The step has shrunk to nothing: the criterion no longer moves in double precision.
    if (al < 1e-300) break;
  }
  // A stall counts as converged when the projected gradient is already at the precision limit.
  return { loadings: L, phi: mul(transpose(T), T), rotation: T, iterations: Math.min(iter, maxit), converged: s < Math.max(eps, STALL_TOLERANCE) };
}

/**
 * factanal's sortLoadings for a pattern and, when oblique, its factor correlations: columns by
 * decreasing sum of squared loadings, each signed to a positive column sum (Φ follows).
 */
export function sortFactors(loadings: readonly (readonly number[])[], phi: readonly (readonly number[])[] | null): { loadings: number[][]; phi: number[][] | null; order: number[]; signs: number[] } {
  const k = loadings[0]!.length;
  const ss = Array.from({ length: k }, (_, f) => loadings.reduce((s, row) => s + row[f]! ** 2, 0));
  const order = Array.from({ length: k }, (_, f) => f).sort((a, b) => ss[b]! - ss[a]!);
  const signs = order.map((f) => (loadings.reduce((s, row) => s + row[f]!, 0) < 0 ? -1 : 1));
  return {
    loadings: loadings.map((row) => order.map((f, c) => signs[c]! * row[f]!)),
    phi: phi ? order.map((f, a) => order.map((g, b) => signs[a]! * signs[b]! * phi[f]![g]!)) : null,
    order,
    signs,
  };
}

/**
 * Regression (Thurstone) factor scores of the listwise-complete rows: standardised data × R⁻¹ S, S the
 * structure matrix (pattern × Φ; the pattern for orthogonal factors), as psych::factor.scores(method =
 * "regression") and factanal(scores = "regression").
 * @returns the input row index of each complete row and its scores.
 */
export function regressionScores(columns: readonly NumericColumn[], pattern: readonly (readonly number[])[], phi: readonly (readonly number[])[] | null): { rows: number[]; scores: number[][]; weights: number[][] } {
  const d = completeData(columns, undefined, 2, 3, '因子得分');
  const { p, n } = d;
  const k = pattern[0]!.length;
  if (pattern.length !== p) throw new StatsError('INVALID_ARGUMENT', '载荷矩阵的行数必须等于变量数');
  const S = phi ? pattern.map((row) => Array.from({ length: k }, (_, b) => row.reduce((s, v, a) => s + v * phi[a]![b]!, 0))) : pattern.map((r) => [...r]);
  const weights = Array.from({ length: p }, () => new Array<number>(k).fill(0));
  for (let f = 0; f < k; f++) {
    const col = spdSolve(d.cor, S.map((row) => row[f]!), p, '相关矩阵');
    for (let i = 0; i < p; i++) weights[i]![f] = col[i]!;
  }
  const scores = Array.from({ length: n }, (_, r) =>
    Array.from({ length: k }, (_, f) => {
      let s = 0;
      for (let i = 0; i < p; i++) s += ((d.x[i]![r]! - d.means[i]!) / d.sds[i]!) * weights[i]![f]!;
      return s;
    }),
  );
  return { rows: d.rows, scores, weights };
}

/**
 * The listwise-complete correlation matrix of the columns (row-major p × p), with n, the rows kept and
 * the rows dropped: what KMO, Bartlett and parallel analysis take.
 * @throws StatsError for fewer than two variables or three complete rows, or a constant column (named).
 */
export function completeCorrelation(columns: readonly NumericColumn[], names?: readonly string[]): { cor: Float64Array; n: number; p: number; rows: number[]; excluded: number; names: string[] } {
  const d = completeData(columns, names, 2, 3, '相关矩阵');
  return { cor: d.cor, n: d.n, p: d.p, rows: d.rows, excluded: d.excluded, names: d.names };
}
