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

/**
 * Eigen-decomposition of a symmetric matrix by cyclic Jacobi rotations (accurate to rounding for
 * the small matrices of multivariate methods). Values in decreasing order; vectors row-major with
 * vector j in column j, each signed so that its largest-magnitude element is positive.
 */
export function symmetricEigen(A: ArrayLike<number>, p: number): { values: Float64Array; vectors: Float64Array } {
  const a = Float64Array.from(A);
  const v = new Float64Array(p * p);
  for (let i = 0; i < p; i++) v[i * p + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    let diag = 0;
    for (let i = 0; i < p; i++) {
      diag += a[i * p + i]! ** 2;
      for (let j = i + 1; j < p; j++) off += a[i * p + j]! ** 2;
    }
    if (off <= 1e-30 * diag || off === 0) break;
    for (let i = 0; i < p - 1; i++) {
      for (let j = i + 1; j < p; j++) {
        const aij = a[i * p + j]!;
        if (aij === 0) continue;
        const theta = (a[j * p + j]! - a[i * p + i]!) / (2 * aij);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < p; k++) {
          const aki = a[k * p + i]!;
          const akj = a[k * p + j]!;
          a[k * p + i] = c * aki - s * akj;
          a[k * p + j] = s * aki + c * akj;
        }
        for (let k = 0; k < p; k++) {
          const aik = a[i * p + k]!;
          const ajk = a[j * p + k]!;
          a[i * p + k] = c * aik - s * ajk;
          a[j * p + k] = s * aik + c * ajk;
        }
        for (let k = 0; k < p; k++) {
          const vki = v[k * p + i]!;
          const vkj = v[k * p + j]!;
          v[k * p + i] = c * vki - s * vkj;
          v[k * p + j] = s * vki + c * vkj;
        }
      }
    }
  }
  const order = Array.from({ length: p }, (_, i) => i).sort((x, y) => a[y * p + y]! - a[x * p + x]!);
  const values = new Float64Array(p);
  const vectors = new Float64Array(p * p);
  order.forEach((src, dst) => {
    values[dst] = a[src * p + src]!;
    let big = 0;
    for (let k = 0; k < p; k++) if (Math.abs(v[k * p + src]!) > Math.abs(big)) big = v[k * p + src]!;
    const sign = big < 0 ? -1 : 1;
    for (let k = 0; k < p; k++) vectors[k * p + dst] = sign * v[k * p + src]!;
  });
  return { values, vectors };
}

/** Determinant of a symmetric positive-definite matrix, on the log scale. */
export function spdLogDet(A: Float64Array, p: number, what = '矩阵'): number {
  const L = cholesky(A, p);
  if (!L) throw new StatsError('SINGULAR', `${what}奇异（或非正定）`);
  let s = 0;
  for (let i = 0; i < p; i++) s += 2 * Math.log(L[i * p + i]!);
  return s;
}

/** Determinant by Gaussian elimination with partial pivoting (small matrices). */
export function det(m: number[][]): number {
  const a = m.map((r) => [...r]);
  const n = a.length;
  let d = 1;
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[piv]![c]!)) piv = r;
    if (a[piv]![c] === 0) return 0;
    if (piv !== c) {
      [a[piv], a[c]] = [a[c]!, a[piv]!];
      d = -d;
    }
    d *= a[c]![c]!;
    for (let r = c + 1; r < n; r++) {
      const f = a[r]![c]! / a[c]![c]!;
      for (let k = c; k < n; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  return d;
}
