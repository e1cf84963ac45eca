// Least squares through a Householder QR decomposition (never the normal equations).
import { StatsError } from '../errors.js';

export interface QrFit {
  /** Coefficients in column order. */
  coefficients: Float64Array;
  /** R⁻¹ (upper triangular, p×p, row-major), for the covariance (XᵀX)⁻¹ = R⁻¹R⁻ᵀ. */
  rInverse: Float64Array;
  residuals: Float64Array;
  fitted: Float64Array;
  /** Diagonal of the hat matrix. */
  leverage: Float64Array;
  rss: number;
  n: number;
  p: number;
}

/**
 * Fits y ≈ Xβ for X given as p columns of length n.
 * @throws StatsError SINGULAR naming the first column that is a linear combination of earlier ones
 *   (relative pivot below 1e-7, R's lm tolerance).
 */
export function qrLeastSquares(columns: readonly ArrayLike<number>[], y: ArrayLike<number>, names?: readonly string[]): QrFit {
  const p = columns.length;
  const n = y.length;
  if (p === 0) throw new StatsError('INVALID_ARGUMENT', '模型中没有自变量');
  if (n <= p) throw new StatsError('TOO_FEW_OBSERVATIONS', `观测数（${n}）必须多于模型参数个数（${p}）`);
  const A = columns.map((c) => Float64Array.from(c)); // column-major working copy
  const qty = Float64Array.from(y);
  const vs: Float64Array[] = [];
  const betas: number[] = [];
  const colNorm = A.map((c) => norm2(c, 0));
  for (let k = 0; k < p; k++) {
    const a = A[k]!;
    const norm = norm2(a, k);
    if (!(norm > 1e-7 * colNorm[k]!) || colNorm[k] === 0) {
      const name = names?.[k] ?? `第${k + 1}列`;
      throw new StatsError('SINGULAR', `自变量“${name}”与其他自变量完全共线（或为常数），无法估计，请删除该变量`);
    }
    const alpha = a[k]! > 0 ? -norm : norm;
    const v = new Float64Array(n);
    for (let i = k; i < n; i++) v[i] = a[i]!;
    v[k]! -= alpha;
    let vnorm2 = 0;
    for (let i = k; i < n; i++) vnorm2 += v[i]! * v[i]!;
    const beta = vnorm2 > 0 ? 2 / vnorm2 : 0;
    vs.push(v);
    betas.push(beta);
    for (let j = k; j < p; j++) reflect(v, beta, k, A[j]!);
    reflect(v, beta, k, qty);
  }
  // Back substitution R β = (Qᵀy)[0:p].
  const coef = new Float64Array(p);
  for (let i = p - 1; i >= 0; i--) {
    let s = qty[i]!;
    for (let j = i + 1; j < p; j++) s -= A[j]![i]! * coef[j]!;
    coef[i] = s / A[i]![i]!;
  }
  const rInv = new Float64Array(p * p);
  for (let j = 0; j < p; j++) {
    rInv[j * p + j] = 1 / A[j]![j]!;
    for (let i = j - 1; i >= 0; i--) {
      let s = 0;
      for (let k = i + 1; k <= j; k++) s += A[k]![i]! * rInv[k * p + j]!;
      rInv[i * p + j] = -s / A[i]![i]!;
    }
  }
  // Residuals from the tail of Qᵀy (exact orthogonal complement), mapped back by Q.
  const r = new Float64Array(n);
  for (let i = p; i < n; i++) r[i] = qty[i]!;
  let rss = 0;
  for (let i = p; i < n; i++) rss += qty[i]! * qty[i]!;
  const applyQ = (x: Float64Array) => {
    for (let k = p - 1; k >= 0; k--) reflect(vs[k]!, betas[k]!, k, x);
  };
  applyQ(r);
  const fitted = new Float64Array(n);
  for (let i = 0; i < n; i++) fitted[i] = y[i]! - r[i]!;
  return { coefficients: coef, rInverse: rInv, residuals: r, fitted, leverage: leverageOf(columns, A, vs, betas, rInv, n, p), rss, n, p };
}

/**
 * Leverage h_i = ‖row i of Q₁‖². A well-conditioned R (diagonal ratio below 1e6) allows the one-pass
 * h_i = ‖x_i R⁻¹‖², accurate to about cond·ε; otherwise Q₁ is formed from the reflectors.
 */
function leverageOf(columns: readonly ArrayLike<number>[], A: Float64Array[], vs: Float64Array[], betas: number[], rInv: Float64Array, n: number, p: number): Float64Array {
  const leverage = new Float64Array(n);
  let dMax = 0;
  let dMin = Infinity;
  for (let j = 0; j < p; j++) {
    const d = Math.abs(A[j]![j]!);
    dMax = Math.max(dMax, d);
    dMin = Math.min(dMin, d);
  }
  if (dMax / dMin < 1e6) {
    const z = new Float64Array(p);
    for (let i = 0; i < n; i++) {
      // z = x_i R⁻¹ (R⁻¹ upper triangular): z_m = Σ_{j ≤ m} x_ij R⁻¹_jm.
      z.fill(0);
      for (let j = 0; j < p; j++) {
        const xij = columns[j]![i]!;
        if (xij === 0) continue;
        for (let m = j; m < p; m++) z[m]! += xij * rInv[j * p + m]!;
      }
      let h = 0;
      for (let m = 0; m < p; m++) h += z[m]! * z[m]!;
      leverage[i] = h;
    }
    return leverage;
  }
  // Q e_j only needs reflectors k ≤ j (the later ones are zero on row j).
  const e = new Float64Array(n);
  for (let j = 0; j < p; j++) {
    e.fill(0);
    e[j] = 1;
    for (let k = j; k >= 0; k--) reflect(vs[k]!, betas[k]!, k, e);
    for (let i = 0; i < n; i++) leverage[i]! += e[i]! * e[i]!;
  }
  return leverage;
}

/** Euclidean norm of a[from:]; rescaled by the largest magnitude only when the plain sum of squares over- or underflows. */
function norm2(a: ArrayLike<number>, from: number): number {
  let plain = 0;
  for (let i = from; i < a.length; i++) plain += a[i]! * a[i]!;
  if (plain > 1e-280 && plain < 1e280) return Math.sqrt(plain);
  let scale = 0;
  for (let i = from; i < a.length; i++) scale = Math.max(scale, Math.abs(a[i]!));
  if (scale === 0) return 0;
  let s = 0;
  for (let i = from; i < a.length; i++) {
    const v = a[i]! / scale;
    s += v * v;
  }
  return scale * Math.sqrt(s);
}

/** x ← (I − β v vᵀ) x on rows from..n−1. */
function reflect(v: Float64Array, beta: number, from: number, x: Float64Array): void {
  const n = x.length;
  let d = 0;
  for (let i = from; i < n; i++) d += v[i]! * x[i]!;
  d *= beta;
  if (d === 0) return;
  for (let i = from; i < n; i++) x[i]! -= d * v[i]!;
}
