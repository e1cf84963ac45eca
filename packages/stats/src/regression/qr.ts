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
 *
 * Two routes to the same factorisation. First a blocked pass: rows are taken BLOCK at a time into a
 * small cache-resident matrix under the running R of [X | y] and reduced by Householder reflections
 * (the triangular-on-top-of-block scheme of TSQR), so the data is read once. When that R is well
 * conditioned (diagonal ratio below 1e6) residuals are y − Xβ and leverage ‖x_i R⁻¹‖², both accurate
 * to about cond·ε. Otherwise (NIST's polynomial problems, near-collinear designs) the fit is redone
 * by the column-by-column Householder QR that keeps the reflectors, with residuals from the exact
 * orthogonal complement Q₂Q₂ᵀy and leverage from Q₁.
 * @throws StatsError SINGULAR naming the first column that is a linear combination of earlier ones
 *   (relative pivot below 1e-7, R's lm tolerance).
 */
export function qrLeastSquares(columns: readonly ArrayLike<number>[], y: ArrayLike<number>, names?: readonly string[]): QrFit {
  const p = columns.length;
  const n = y.length;
  if (p === 0) throw new StatsError('INVALID_ARGUMENT', '模型中没有自变量');
  if (n <= p) throw new StatsError('TOO_FEW_OBSERVATIONS', `观测数（${n}）必须多于模型参数个数（${p}）`);
  const blocked = blockedFactor(columns, y, names, null);
  if (!blocked) return householderFit(columns, y, names);
  const { coefficients, rInverse } = solveTriangular(blocked.R, blocked.qtyHead, p);
  const fitted = new Float64Array(n);
  for (let j = 0; j < p; j++) {
    const c = columns[j]!;
    const b = coefficients[j]!;
    for (let i = 0; i < n; i++) fitted[i]! += b * c[i]!;
  }
  const residuals = new Float64Array(n);
  for (let i = 0; i < n; i++) residuals[i] = y[i]! - fitted[i]!;
  return { coefficients, rInverse, residuals, fitted, leverage: leverageFromRInverse(columns, rInverse, n, p), rss: blocked.rss, n, p };
}

/**
 * Coefficients, R⁻¹ and the residual sum of squares only (no per-row diagnostics), for iterative fits.
 * With `rowWeights` the columns are taken as multiplied row by row by them (wᵢ·xᵢⱼ, y as given):
 * the weighted least squares step of IRLS without writing the weighted columns out.
 */
export function qrSolve(
  columns: readonly ArrayLike<number>[],
  y: ArrayLike<number>,
  names?: readonly string[],
  rowWeights?: ArrayLike<number> | null,
): Pick<QrFit, 'coefficients' | 'rInverse' | 'rss'> {
  const p = columns.length;
  if (p === 0) throw new StatsError('INVALID_ARGUMENT', '模型中没有自变量');
  if (y.length <= p) throw new StatsError('TOO_FEW_OBSERVATIONS', `观测数（${y.length}）必须多于模型参数个数（${p}）`);
  const blocked = blockedFactor(columns, y, names, rowWeights ?? null);
  if (!blocked) {
    const w = rowWeights;
    return householderFit(w ? columns.map((c) => Float64Array.from(c, (v, i) => w[i]! * v)) : columns, y, names);
  }
  return { ...solveTriangular(blocked.R, blocked.qtyHead, p), rss: blocked.rss };
}

const BLOCK = 256;
const SINGULAR_TOLERANCE = 1e-7;
const WELL_CONDITIONED = 1e6;

function singular(k: number, names: readonly string[] | undefined): StatsError {
  const name = names?.[k] ?? `第${k + 1}列`;
  return new StatsError('SINGULAR', `自变量“${name}”与其他自变量完全共线（或为常数），无法估计，请删除该变量`);
}

/**
 * The blocked pass → R, (Qᵀy)[0:p] and RSS; null when R is ill conditioned or a sum of squares
 * leaves the safe range. With `rowWeights` the columns (not y) are read as wᵢ·xᵢⱼ.
 */
function blockedFactor(
  columns: readonly ArrayLike<number>[],
  y: ArrayLike<number>,
  names: readonly string[] | undefined,
  rowWeights: ArrayLike<number> | null,
): { R: Float64Array; qtyHead: Float64Array; rss: number } | null {
  const p = columns.length;
  const n = y.length;
  const q = p + 1; // [X | y]
  const ld = q + BLOCK;
  // Column-major work matrix: rows 0..q−1 hold the running R, rows q.. the current block.
  const W = new Float64Array(q * ld);
  const sources = [...columns, y];
  const colSs = new Float64Array(q);
  for (let start = 0; start < n; start += BLOCK) {
    const m = Math.min(BLOCK, n - start);
    for (let j = 0; j < q; j++) colSs[j]! += loadBlock(W, j * ld + q, sources[j]!, j < p ? rowWeights : null, start, m);
    reduceBlock(W, ld, q, m);
  }
  for (const ss of colSs) if (!(ss < 1e280) || (ss > 0 && ss < 1e-280)) return null;
  const R = new Float64Array(p * p);
  for (let i = 0; i < p; i++) for (let j = i; j < p; j++) R[i * p + j] = W[j * ld + i]!;
  let dMax = 0;
  let dMin = Infinity;
  for (let k = 0; k < p; k++) {
    const d = Math.abs(R[k * p + k]!);
    if (!(d > SINGULAR_TOLERANCE * Math.sqrt(colSs[k]!)) || colSs[k] === 0) throw singular(k, names);
    dMax = Math.max(dMax, d);
    dMin = Math.min(dMin, d);
  }
  if (!(dMax / dMin < WELL_CONDITIONED)) return null;
  const qtyHead = new Float64Array(p);
  for (let i = 0; i < p; i++) qtyHead[i] = W[p * ld + i]!;
  return { R, qtyHead, rss: W[p * ld + p]! ** 2 };
}

/** Copies rows start..start+m−1 of a column (times the row weights, when given) to W at `off`; returns their sum of squares. */
function loadBlock(W: Float64Array, off: number, src: ArrayLike<number>, rowWeights: ArrayLike<number> | null, start: number, m: number): number {
  let ss = 0;
  if (rowWeights) {
    for (let i = 0; i < m; i++) {
      const v = rowWeights[start + i]! * src[start + i]!;
      W[off + i] = v;
      ss += v * v;
    }
  } else {
    for (let i = 0; i < m; i++) {
      const v = src[start + i]!;
      W[off + i] = v;
      ss += v * v;
    }
  }
  return ss;
}

/**
 * One block of the blocked pass: Householder reflections that fold the m block rows (rows q.. of
 * the column-major W, leading dimension ld) into the running q×q triangle on top. A function of
 * its own so V8 optimises it as a whole after a few blocks (one long function with several hot
 * loops is optimised loop by loop and falls back to the interpreter after each).
 */
function reduceBlock(W: Float64Array, ld: number, q: number, m: number): void {
  for (let k = 0; k < q; k++) {
    const vOff = k * ld + q; // the block part of the reflector is column k of the block itself
    let ss = 0;
    for (let i = 0; i < m; i++) ss += W[vOff + i]! * W[vOff + i]!;
    if (ss === 0) continue;
    const akk = W[k * ld + k]!;
    const norm = Math.sqrt(akk * akk + ss);
    const alpha = akk > 0 ? -norm : norm;
    const v0 = akk - alpha;
    const beta = 2 / (v0 * v0 + ss);
    // Four, then two columns per sweep: the reflector is loaded once for all of them (each
    // column's sums run in the same order as one at a time).
    let j = k + 1;
    for (; j + 3 < q; j += 4) {
      const aOff = j * ld + q;
      const bOff = aOff + ld;
      const cOff = bOff + ld;
      const dOff = cOff + ld;
      let da = v0 * W[j * ld + k]!;
      let db = v0 * W[(j + 1) * ld + k]!;
      let dc = v0 * W[(j + 2) * ld + k]!;
      let dd = v0 * W[(j + 3) * ld + k]!;
      for (let i = 0; i < m; i++) {
        const v = W[vOff + i]!;
        da += v * W[aOff + i]!;
        db += v * W[bOff + i]!;
        dc += v * W[cOff + i]!;
        dd += v * W[dOff + i]!;
      }
      da *= beta;
      db *= beta;
      dc *= beta;
      dd *= beta;
      W[j * ld + k]! -= da * v0;
      W[(j + 1) * ld + k]! -= db * v0;
      W[(j + 2) * ld + k]! -= dc * v0;
      W[(j + 3) * ld + k]! -= dd * v0;
      for (let i = 0; i < m; i++) {
        const v = W[vOff + i]!;
        W[aOff + i]! -= da * v;
        W[bOff + i]! -= db * v;
        W[cOff + i]! -= dc * v;
        W[dOff + i]! -= dd * v;
      }
    }
    for (; j + 1 < q; j += 2) {
      const aOff = j * ld + q;
      const bOff = aOff + ld;
      let da = v0 * W[j * ld + k]!;
      let db = v0 * W[(j + 1) * ld + k]!;
      for (let i = 0; i < m; i++) {
        const v = W[vOff + i]!;
        da += v * W[aOff + i]!;
        db += v * W[bOff + i]!;
      }
      da *= beta;
      db *= beta;
      W[j * ld + k]! -= da * v0;
      W[(j + 1) * ld + k]! -= db * v0;
      for (let i = 0; i < m; i++) {
        const v = W[vOff + i]!;
        W[aOff + i]! -= da * v;
        W[bOff + i]! -= db * v;
      }
    }
    if (j < q) {
      const jOff = j * ld + q;
      let d = v0 * W[j * ld + k]!;
      for (let i = 0; i < m; i++) d += W[vOff + i]! * W[jOff + i]!;
      d *= beta;
      W[j * ld + k]! -= d * v0;
      for (let i = 0; i < m; i++) W[jOff + i]! -= d * W[vOff + i]!;
    }
    W[k * ld + k] = alpha;
  }
}

/** Column-by-column Householder QR keeping the reflectors (the accurate route for ill-conditioned designs). */
function householderFit(columns: readonly ArrayLike<number>[], y: ArrayLike<number>, names: readonly string[] | undefined): QrFit {
  const p = columns.length;
  const n = y.length;
  const A = columns.map((c) => Float64Array.from(c)); // column-major working copy
  const qty = Float64Array.from(y);
  const vs: Float64Array[] = [];
  const betas: number[] = [];
  const colNorm = A.map((c) => norm2(c, 0));
  for (let k = 0; k < p; k++) {
    const a = A[k]!;
    const norm = norm2(a, k);
    if (!(norm > SINGULAR_TOLERANCE * colNorm[k]!) || colNorm[k] === 0) throw singular(k, names);
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
  const R = new Float64Array(p * p);
  for (let i = 0; i < p; i++) for (let j = i; j < p; j++) R[i * p + j] = A[j]![i]!;
  const { coefficients, rInverse } = solveTriangular(R, qty.subarray(0, p), p);
  // Residuals from the tail of Qᵀy (exact orthogonal complement), mapped back by Q.
  const r = new Float64Array(n);
  for (let i = p; i < n; i++) r[i] = qty[i]!;
  let rss = 0;
  for (let i = p; i < n; i++) rss += qty[i]! * qty[i]!;
  for (let k = p - 1; k >= 0; k--) reflect(vs[k]!, betas[k]!, k, r);
  const fitted = new Float64Array(n);
  for (let i = 0; i < n; i++) fitted[i] = y[i]! - r[i]!;
  return { coefficients, rInverse, residuals: r, fitted, leverage: leverageFromQ(vs, betas, n, p), rss, n, p };
}

/** Back substitution R β = (Qᵀy)[0:p] and R⁻¹, R row-major upper triangular. */
function solveTriangular(R: Float64Array, qtyHead: ArrayLike<number>, p: number): { coefficients: Float64Array; rInverse: Float64Array } {
  const coefficients = new Float64Array(p);
  for (let i = p - 1; i >= 0; i--) {
    let s = qtyHead[i]!;
    for (let j = i + 1; j < p; j++) s -= R[i * p + j]! * coefficients[j]!;
    coefficients[i] = s / R[i * p + i]!;
  }
  const rInverse = new Float64Array(p * p);
  for (let j = 0; j < p; j++) {
    rInverse[j * p + j] = 1 / R[j * p + j]!;
    for (let i = j - 1; i >= 0; i--) {
      let s = 0;
      for (let k = i + 1; k <= j; k++) s += R[i * p + k]! * rInverse[k * p + j]!;
      rInverse[i * p + j] = -s / R[i * p + i]!;
    }
  }
  return { coefficients, rInverse };
}

/**
 * Leverage h_i = ‖x_i R⁻¹‖² (well-conditioned R only: accurate to about cond·ε), BLOCK rows at a
 * time: column m of X R⁻¹ is Σ_{j ≤ m} R⁻¹_jm x_j, squared into h while the block is in cache.
 */
function leverageFromRInverse(columns: readonly ArrayLike<number>[], rInv: Float64Array, n: number, p: number): Float64Array {
  const leverage = new Float64Array(n);
  const z = new Float64Array(BLOCK);
  for (let start = 0; start < n; start += BLOCK) {
    const m = Math.min(BLOCK, n - start);
    for (let col = 0; col < p; col++) {
      z.fill(0);
      let j = 0;
      for (; j + 1 <= col; j += 2) {
        const a = rInv[j * p + col]!;
        const b = rInv[(j + 1) * p + col]!;
        const sa = columns[j]!;
        const sb = columns[j + 1]!;
        for (let i = 0; i < m; i++) z[i]! += a * sa[start + i]! + b * sb[start + i]!;
      }
      if (j === col) {
        const a = rInv[j * p + col]!;
        const sa = columns[j]!;
        for (let i = 0; i < m; i++) z[i]! += a * sa[start + i]!;
      }
      for (let i = 0; i < m; i++) leverage[start + i]! += z[i]! * z[i]!;
    }
  }
  return leverage;
}

/** Leverage h_i = ‖row i of Q₁‖², Q₁ formed from the reflectors: Q e_j only needs reflectors k ≤ j. */
function leverageFromQ(vs: Float64Array[], betas: number[], n: number, p: number): Float64Array {
  const leverage = new Float64Array(n);
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
