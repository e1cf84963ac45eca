// Fisher's linear discriminant analysis as R's MASS::lda (method "moment"): the linear discriminants,
// proportion of trace, resubstitution and leave-one-out (lda(CV = TRUE)) classification, and Wilks'
// lambda tests of the discriminant functions (Bartlett's χ² approximation).
import { chisqSf } from '../distributions/chisq.js';
import { StatsError } from '../errors.js';
import { symmetricEigen } from '../internal/linalg.js';
import { maxOf } from '../descriptive/extent.js';

export interface LdaOptions {
  /** Prior probabilities: 'proportional' to the group sizes (lda's default) or 'equal'. */
  prior?: 'proportional' | 'equal';
  /** Singular values below tol × the largest are dropped (lda's tol = 1e-4). */
  tol?: number;
}

export interface LdaFunctionTest {
  /** Functions k…s tested together ("k through s"). */
  from: number;
  /** Eigenvalue of E⁻¹H and canonical correlation of function `from`. */
  eigenvalue: number;
  canonicalCorrelation: number;
  wilks: number;
  statistic: number;
  df: number;
  pValue: number;
}

export interface LdaResult {
  n: number;
  p: number;
  groups: number;
  counts: number[];
  prior: number[];
  /** Group means, groups × variables. */
  means: number[][];
  /** Coefficients of the linear discriminants (lda's scaling), variables × functions; each column signed so its largest-magnitude element is positive. */
  scaling: number[][];
  /** Standardised coefficients: scaling × pooled within-group SD. */
  standardized: number[][];
  /** lda's svd (between-to-within SD ratios) and proportion of trace (svd² / Σ svd²). */
  svd: number[];
  proportionOfTrace: number[];
  /** Discriminant scores (predict.lda()$x): (x − Σ prior·mean) × scaling. */
  scores: number[][];
  /** Resubstitution and leave-one-out predicted groups (0-based) and posteriors. */
  predicted: number[];
  posterior: number[][];
  cvPredicted: number[];
  cvPosterior: number[][];
  /** Wilks' lambda sequential tests, one per function. */
  tests: LdaFunctionTest[];
}

/**
 * Linear discriminant analysis of complete rows `x` (n × p) in groups `group` (codes 0…g−1, every group present).
 * Matches MASS::lda / predict.lda / lda(CV = TRUE). Wilks' Λ for functions k…s is ∏ 1/(1 + λⱼ) over the
 * eigenvalues λ of E⁻¹H, with χ² = −(n − 1 − (p + g)/2) ln Λ on (p − k + 1)(g − k) df (Bartlett 1947).
 * @throws StatsError for fewer than two groups, a group with one row, n ≤ p + g − 1 rows, or a singular
 *   pooled within-group covariance matrix (a variable constant within groups or collinear).
 */
export function linearDiscriminant(x: readonly (readonly number[])[], group: readonly number[], options: LdaOptions = {}): LdaResult {
  const n = x.length;
  if (n === 0 || group.length !== n) throw new StatsError('INVALID_ARGUMENT', '数据与分组的长度必须相同');
  const p = x[0]!.length;
  const g = maxOf(group) + 1;
  if (g < 2) throw new StatsError('INVALID_ARGUMENT', '判别分析至少需要 2 个组');
  const counts = new Array<number>(g).fill(0);
  for (const k of group) counts[k]!++;
  if (counts.some((c) => c < 2)) throw new StatsError('TOO_FEW_OBSERVATIONS', '每组至少需要 2 个观测');
  if (n <= p + g - 1) throw new StatsError('TOO_FEW_OBSERVATIONS', `完整观测数（${n}）须多于变量数与组数之和减 1（${p + g - 1}）`);
  const prior = options.prior === 'equal' ? counts.map(() => 1 / g) : counts.map((c) => c / n);
  const tol = options.tol ?? 1e-4;

  const means = Array.from({ length: g }, () => new Array<number>(p).fill(0));
  x.forEach((row, i) => row.forEach((v, j) => (means[group[i]!]![j]! += v / counts[group[i]!]!)));
  // Pooled within-group covariance W (divisor n − g).
  const W = new Float64Array(p * p);
  x.forEach((row, i) => {
    const m = means[group[i]!]!;
    for (let a = 0; a < p; a++) for (let b = 0; b <= a; b++) W[a * p + b]! += ((row[a]! - m[a]!) * (row[b]! - m[b]!)) / (n - g);
  });
  for (let a = 0; a < p; a++) for (let b = 0; b < a; b++) W[b * p + a] = W[a * p + b]!;
  const we = symmetricEigen(W, p);
  const maxEig = we.values[0]!;
  if (!(maxEig > 0) || !(we.values[p - 1]! > 1e-10 * maxEig)) throw new StatsError('SINGULAR', '组内协方差矩阵奇异：有变量在各组内为常数或变量间完全共线');
  // Symmetric inverse square root S0 = W^(-1/2) and inverse W⁻¹.
  const S0 = new Float64Array(p * p);
  const Winv = new Float64Array(p * p);
  for (let a = 0; a < p; a++)
    for (let b = 0; b < p; b++) {
      let s = 0;
      let t = 0;
      for (let k = 0; k < p; k++) {
        const vv = we.vectors[a * p + k]! * we.vectors[b * p + k]!;
        s += vv / Math.sqrt(we.values[k]!);
        t += vv / we.values[k]!;
      }
      S0[a * p + b] = s;
      Winv[a * p + b] = t;
    }
  const mulS0 = (v: readonly number[]): number[] => Array.from({ length: p }, (_, b) => v.reduce((s, va, a) => s + va * S0[a * p + b]!, 0));

  // Between part as lda: rows sqrt(n·prior/(g − 1)) (mean − xbar) S0; its right singular vectors.
  const xbar = Array.from({ length: p }, (_, j) => means.reduce((s, m, k) => s + prior[k]! * m[j]!, 0));
  const rowsB = means.map((m, k) => mulS0(m.map((v, j) => v - xbar[j]!)).map((v) => v * Math.sqrt((n * prior[k]!) / (g - 1))));
  const M = new Float64Array(p * p);
  for (const r of rowsB) for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) M[a * p + b]! += r[a]! * r[b]!;
  const me = symmetricEigen(M, p);
  const sv = Array.from(me.values, (v) => Math.sqrt(Math.max(v, 0)));
  const rank = sv.filter((v) => v > tol * sv[0]!).length;
  if (rank === 0) throw new StatsError('SINGULAR', '各组均数完全相同，无法求判别函数');
  const scaling = Array.from({ length: p }, () => new Array<number>(rank).fill(0));
  for (let j = 0; j < rank; j++) {
    const col = Array.from({ length: p }, (_, a) => {
      let s = 0;
      for (let b = 0; b < p; b++) s += S0[a * p + b]! * me.vectors[b * p + j]!;
      return s;
    });
    let big = 0;
    for (const v of col) if (Math.abs(v) > Math.abs(big)) big = v;
    const sign = big < 0 ? -1 : 1;
    col.forEach((v, a) => (scaling[a]![j] = sign * v));
  }
  const svd = sv.slice(0, rank);
  const sumSq = svd.reduce((s, v) => s + v * v, 0);
  const proportionOfTrace = svd.map((v) => (v * v) / sumSq);
  const wsd = Array.from({ length: p }, (_, a) => Math.sqrt(W[a * p + a]!));
  const standardized = scaling.map((r, a) => r.map((v) => v * wsd[a]!));

  const project = (v: readonly number[]) => Array.from({ length: rank }, (_, j) => v.reduce((s, va, a) => s + (va - xbar[a]!) * scaling[a]![j]!, 0));
  const scores = x.map(project);
  const dm = means.map(project);
  const argmax = (v: readonly number[]) => v.reduce((best, val, k) => (val > v[best]! ? k : best), 0);
  const normalise = (negDist: number[]) => {
    const top = maxOf(negDist);
    const e = negDist.map((v) => Math.exp(v - top));
    const s = e.reduce((a, b) => a + b, 0);
    return e.map((v) => v / s);
  };
  const posterior = scores.map((s) => normalise(dm.map((d, k) => s.reduce((acc, v, j) => acc + v * d[j]!, 0) - 0.5 * d.reduce((acc, v) => acc + v * v, 0) + Math.log(prior[k]!))));
  const predicted = posterior.map(argmax);

  // Leave-one-out as lda(CV = TRUE): Mahalanobis distances with the pooled W, updated for the row left out.
  const K = g;
  const quad = (u: readonly number[], v: readonly number[]) => {
    let s = 0;
    for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) s += u[a]! * Winv[a * p + b]! * v[b]!;
    return s;
  };
  const cvPosterior = x.map((row, i) => {
    const own = group[i]!;
    const nc = counts[own]!;
    const cc = nc / ((nc - 1) * (n - K));
    const dev2 = row.map((v, a) => v - means[own]![a]!);
    const d2own = quad(dev2, dev2);
    const dist = means.map((m, k) => {
      const dev = row.map((v, a) => v - m[a]!);
      if (k === own) return (((d2own * (n - 1 - K)) / (n - K)) * (nc / (nc - 1)) ** 2) / (1 - cc * d2own);
      const tmp = quad(dev, dev2);
      return ((n - 1 - K) / (n - K)) * (quad(dev, dev) + (cc * tmp * tmp) / (1 - cc * d2own));
    });
    return normalise(dist.map((d, k) => -0.5 * d + Math.log(prior[k]!)));
  });
  const cvPredicted = cvPosterior.map(argmax);

  // Wilks' lambda: eigenvalues of E⁻¹H = those of S0 H S0 / (n − g), H about the grand mean.
  const grand = Array.from({ length: p }, (_, j) => means.reduce((s, m, k) => s + (counts[k]! * m[j]!) / n, 0));
  const Hs = new Float64Array(p * p);
  means.forEach((m, k) => {
    const r = mulS0(m.map((v, j) => v - grand[j]!));
    for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) Hs[a * p + b]! += (counts[k]! * r[a]! * r[b]!) / (n - g);
  });
  const s = Math.min(p, g - 1);
  const lambdas = Array.from(symmetricEigen(Hs, p).values.slice(0, s), (v) => Math.max(v, 0));
  const tests: LdaFunctionTest[] = lambdas.map((l, k) => {
    const wilks = lambdas.slice(k).reduce((acc, v) => acc / (1 + v), 1);
    const statistic = -(n - 1 - (p + g) / 2) * Math.log(wilks);
    const df = (p - k) * (g - 1 - k);
    return { from: k + 1, eigenvalue: l, canonicalCorrelation: Math.sqrt(l / (1 + l)), wilks, statistic, df, pValue: chisqSf(statistic, df) };
  });

  return { n, p, groups: g, counts, prior, means, scaling, standardized, svd, proportionOfTrace, scores, predicted, posterior, cvPredicted, cvPosterior, tests };
}
