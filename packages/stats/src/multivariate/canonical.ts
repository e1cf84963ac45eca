// Canonical correlation analysis as R's stats::cancor (centred data; raw coefficients scaled so each
// canonical variate has unit sum of squares), with canonical loadings, redundancy indices and Wilks'
// lambda sequential tests (Bartlett's χ² approximation).
import { chisqSf } from '../distributions/chisq.js';
import { StatsError } from '../errors.js';
import { symmetricEigen } from '../internal/linalg.js';

export interface CanonicalTest {
  /** Canonical pairs k…s tested together. */
  from: number;
  wilks: number;
  statistic: number;
  df: number;
  pValue: number;
}

export interface CanonicalResult {
  n: number;
  p: number;
  q: number;
  /** Canonical correlations, decreasing; s = min(p, q) of them. */
  cor: number[];
  /** Column means (cancor's xcenter, ycenter). */
  xcenter: number[];
  ycenter: number[];
  /** Raw coefficients as cancor (variables × s): (x − xcenter) × xcoef has unit sum of squares. Pair j signed so the largest-magnitude element of xcoef[, j] is positive. */
  xcoef: number[][];
  ycoef: number[][];
  /** Standardised coefficients (for z-scored variables and unit-variance variates). */
  xstd: number[][];
  ystd: number[][];
  /** Canonical loadings (structure coefficients): correlations of each variable with its own set's variates. */
  xload: number[][];
  yload: number[][];
  /** Cross loadings: correlations of each variable with the other set's variates. */
  xcross: number[][];
  ycross: number[][];
  /** Variance of each set explained by its own variate j, and redundancy (that × r²ⱼ). */
  xvariance: number[];
  yvariance: number[];
  xredundancy: number[];
  yredundancy: number[];
  /** Canonical variate scores with unit variance (n − 1), n × s each. */
  xscores: number[][];
  yscores: number[][];
  tests: CanonicalTest[];
}

function centred(x: readonly (readonly number[])[]): { c: number[][]; means: number[] } {
  const n = x.length;
  const k = x[0]!.length;
  const means = Array.from({ length: k }, (_, j) => x.reduce((s, r) => s + r[j]!, 0) / n);
  return { c: x.map((r) => r.map((v, j) => v - means[j]!)), means };
}

function cross(a: readonly number[][], b: readonly number[][]): Float64Array {
  const p = a[0]!.length;
  const q = b[0]!.length;
  const m = new Float64Array(p * q);
  a.forEach((ra, i) => {
    const rb = b[i]!;
    for (let u = 0; u < p; u++) for (let v = 0; v < q; v++) m[u * q + v]! += ra[u]! * rb[v]!;
  });
  return m;
}

/** Symmetric inverse square root of an SPD matrix, or null when singular. */
function invSqrt(A: Float64Array, p: number): Float64Array | null {
  const e = symmetricEigen(A, p);
  if (!(e.values[p - 1]! > 1e-10 * e.values[0]!)) return null;
  const out = new Float64Array(p * p);
  for (let a = 0; a < p; a++)
    for (let b = 0; b < p; b++) {
      let s = 0;
      for (let k = 0; k < p; k++) s += (e.vectors[a * p + k]! * e.vectors[b * p + k]!) / Math.sqrt(e.values[k]!);
      out[a * p + b] = s;
    }
  return out;
}

const mul = (A: Float64Array, B: Float64Array, r: number, m: number, c: number): Float64Array => {
  const out = new Float64Array(r * c);
  for (let i = 0; i < r; i++) for (let k = 0; k < m; k++) { const a = A[i * m + k]!; if (a !== 0) for (let j = 0; j < c; j++) out[i * c + j]! += a * B[k * c + j]!; }
  return out;
};

/**
 * Canonical correlation analysis of complete rows `x` (n × p) and `y` (n × q), as stats::cancor.
 * Wilks' Λ for pairs k…s is ∏ (1 − r²ⱼ); Bartlett's χ² = −(n − 1 − (p + q + 1)/2) ln Λ on (p − k + 1)(q − k + 1) df.
 * @throws StatsError for n ≤ p + q rows or a singular within-set covariance matrix (`which` says the set: 'x' or 'y').
 */
export function canonicalCorrelation(x: readonly (readonly number[])[], y: readonly (readonly number[])[]): CanonicalResult {
  const n = x.length;
  if (n === 0 || y.length !== n) throw new StatsError('INVALID_ARGUMENT', '两组变量的行数必须相同');
  const p = x[0]!.length;
  const q = y[0]!.length;
  if (p < 1 || q < 1) throw new StatsError('INVALID_ARGUMENT', '每组至少需要 1 个变量');
  if (n <= p + q) throw new StatsError('TOO_FEW_OBSERVATIONS', `完整观测数（${n}）须多于两组变量数之和（${p + q}）`);
  const X = centred(x);
  const Y = centred(y);
  const Sxx = cross(X.c, X.c);
  const Syy = cross(Y.c, Y.c);
  const Sxy = cross(X.c, Y.c);
  const Rx = invSqrt(Sxx, p);
  if (!Rx) throw new StatsError('SINGULAR', '第一组变量的协方差矩阵奇异（有变量为常数或变量间完全共线）');
  const Ry = invSqrt(Syy, q);
  if (!Ry) throw new StatsError('SINGULAR', '第二组变量的协方差矩阵奇异（有变量为常数或变量间完全共线）');
  const M = mul(mul(Rx, Sxy, p, p, q), Ry, p, q, q); // p × q
  const MMt = new Float64Array(p * p);
  for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) { let s = 0; for (let k = 0; k < q; k++) s += M[a * q + k]! * M[b * q + k]!; MMt[a * p + b] = s; }
  const e = symmetricEigen(MMt, p);
  const s = Math.min(p, q);
  const cor = Array.from(e.values.slice(0, s), (v) => Math.min(1, Math.sqrt(Math.max(v, 0))));
  if (!(cor[0]! > 0)) throw new StatsError('SINGULAR', '两组变量完全不相关，无法求典型相关');
  const xcoef = Array.from({ length: p }, () => new Array<number>(s).fill(0));
  const ycoef = Array.from({ length: q }, () => new Array<number>(s).fill(0));
  for (let j = 0; j < s; j++) {
    const u = Array.from({ length: p }, (_, a) => e.vectors[a * p + j]!);
    const a = Array.from({ length: p }, (_, i) => u.reduce((acc, v, k) => acc + Rx[i * p + k]! * v, 0));
    let big = 0;
    for (const v of a) if (Math.abs(v) > Math.abs(big)) big = v;
    const sign = big < 0 ? -1 : 1;
    a.forEach((v, i) => (xcoef[i]![j] = sign * v));
    // v = M'u / r, b = Ry v: the paired y direction (zero correlation leaves it undefined: use the eigenvector of M'M).
    let vv = Array.from({ length: q }, (_, k) => u.reduce((acc, uu, i) => acc + M[i * q + k]! * uu, 0));
    const norm = Math.sqrt(vv.reduce((acc, t) => acc + t * t, 0));
    if (norm > 1e-12) vv = vv.map((t) => t / norm);
    else {
      const f = symmetricEigen(mul(new Float64Array(Array.from({ length: q * p }, (_, idx) => M[(idx % p) * q + Math.floor(idx / p)]!)), M, q, p, q), q);
      vv = Array.from({ length: q }, (_, k) => f.vectors[k * q + j]!);
    }
    for (let i = 0; i < q; i++) ycoef[i]![j] = sign * vv.reduce((acc, t, k) => acc + Ry[i * q + k]! * t, 0);
  }
  const sdx = Array.from({ length: p }, (_, i) => Math.sqrt(Sxx[i * p + i]! / (n - 1)));
  const sdy = Array.from({ length: q }, (_, i) => Math.sqrt(Syy[i * q + i]! / (n - 1)));
  const k1 = Math.sqrt(n - 1);
  const xstd = xcoef.map((r, i) => r.map((v) => v * sdx[i]! * k1));
  const ystd = ycoef.map((r, i) => r.map((v) => v * sdy[i]! * k1));
  const xscores = X.c.map((r) => Array.from({ length: s }, (_, j) => k1 * r.reduce((acc, v, i) => acc + v * xcoef[i]![j]!, 0)));
  const yscores = Y.c.map((r) => Array.from({ length: s }, (_, j) => k1 * r.reduce((acc, v, i) => acc + v * ycoef[i]![j]!, 0)));
  // Loadings: corr(variable i, own variate j) = (S a_j)_i / sqrt(S_ii) for unit-SS variates.
  const load = (S: Float64Array, coef: number[][], k: number) => Array.from({ length: k }, (_, i) => Array.from({ length: s }, (_, j) => coef.reduce((acc, r, m) => acc + S[i * k + m]! * r[j]!, 0) / Math.sqrt(S[i * k + i]!)));
  const xload = load(Sxx, xcoef, p);
  const yload = load(Syy, ycoef, q);
  const xcross = xload.map((r) => r.map((v, j) => v * cor[j]!));
  const ycross = yload.map((r) => r.map((v, j) => v * cor[j]!));
  const meanSq = (L: number[][], j: number) => L.reduce((acc, r) => acc + r[j]! ** 2, 0) / L.length;
  const xvariance = cor.map((_, j) => meanSq(xload, j));
  const yvariance = cor.map((_, j) => meanSq(yload, j));
  const xredundancy = xvariance.map((v, j) => v * cor[j]! ** 2);
  const yredundancy = yvariance.map((v, j) => v * cor[j]! ** 2);
  const tests: CanonicalTest[] = cor.map((_, k) => {
    const wilks = cor.slice(k).reduce((acc, r) => acc * (1 - r * r), 1);
    const statistic = -(n - 1 - (p + q + 1) / 2) * Math.log(wilks);
    const df = (p - k) * (q - k);
    return { from: k + 1, wilks, statistic, df, pValue: chisqSf(statistic, df) };
  });
  return { n, p, q, cor, xcenter: X.means, ycenter: Y.means, xcoef, ycoef, xstd, ystd, xload, yload, xcross, ycross, xvariance, yvariance, xredundancy, yredundancy, xscores, yscores, tests };
}
