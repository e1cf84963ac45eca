// Small dense symmetric positive-definite algebra (row-major p×p) for information and covariance matrices.
import { StatsError } from '../errors.js';

/** Lower Cholesky factor L (A = LLᵀ), or null when A is not numerically positive definite. */
export function cholesky(A: Float64Array, p: number): Float64Array | null {
  const L = new Float64Array(p * p);
  for (let j = 0; j < p; j++) {
    let d = A[j * p + j]!;
    for (let k = 0; k < j; k++) d -= L[j * p + k]! ** 2;
    if (!(d > 1e-13 * Math.abs(A[j * p + j]!)) || !(d > 0)) return null;
    const ljj = Math.sqrt(d);
    L[j * p + j] = ljj;
    for (let i = j + 1; i < p; i++) {
      let s = A[i * p + j]!;
      for (let k = 0; k < j; k++) s -= L[i * p + k]! * L[j * p + k]!;
      L[i * p + j] = s / ljj;
    }
  }
  return L;
}

/** Solves A x = b for symmetric positive-definite A. */
export function spdSolve(A: Float64Array, b: ArrayLike<number>, p: number, what = '矩阵'): Float64Array {
  const L = cholesky(A, p);
  if (!L) throw new StatsError('SINGULAR', `${what}奇异（或非正定），无法求解`);
  return cholSolve(L, b, p);
}

function cholSolve(L: Float64Array, b: ArrayLike<number>, p: number): Float64Array {
  const y = new Float64Array(p);
  for (let i = 0; i < p; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= L[i * p + k]! * y[k]!;
    y[i] = s / L[i * p + i]!;
  }
  for (let i = p - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let k = i + 1; k < p; k++) s -= L[k * p + i]! * y[k]!;
    y[i] = s / L[i * p + i]!;
  }
  return y;
}

/** Inverse of a symmetric positive-definite matrix. */
export function spdInverse(A: Float64Array, p: number, what = '矩阵'): Float64Array {
  const L = cholesky(A, p);
  if (!L) throw new StatsError('SINGULAR', `${what}奇异（或非正定），无法求逆`);
  const inv = new Float64Array(p * p);
  const e = new Float64Array(p);
  for (let j = 0; j < p; j++) {
    e.fill(0);
    e[j] = 1;
    const col = cholSolve(L, e, p);
    for (let i = 0; i < p; i++) inv[i * p + j] = col[i]!;
  }
  return inv;
}
