// Polynomial regression y = b0 + b1·x + … + bd·x^d with coefficients on raw powers of x. Raw powers
// are nearly collinear (NIST Filip defeats lm), so the fit runs on t = (x − c)/s mapped onto [−1, 1]
// and the coefficients and their covariance are carried back to powers of x exactly.
import { assertFinite, StatsError } from '../errors.js';
import { qrLeastSquares } from './qr.js';

export interface PolynomialFit {
  degree: number;
  /** Coefficients of x^0 … x^degree. */
  coefficients: number[];
  /** Their standard errors. */
  se: number[];
  /** √(RSS / (n − degree − 1)). */
  residualSd: number;
  rSquared: number;
  n: number;
  /** Residual degrees of freedom. */
  df: number;
}

const binomial = (n: number, k: number) => {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
};

/**
 * Least squares polynomial of the given degree (1–20).
 * @throws StatsError for non-finite values, too few points, or fewer distinct x values than terms.
 */
export function polynomialRegression(x: ArrayLike<number>, y: ArrayLike<number>, degree: number): PolynomialFit {
  if (!Number.isInteger(degree) || degree < 1 || degree > 20) throw new StatsError('INVALID_ARGUMENT', '多项式次数应为1到20之间的整数');
  if (x.length !== y.length) throw new StatsError('INVALID_ARGUMENT', '自变量与因变量的观测数不一致');
  assertFinite(x, '自变量');
  assertFinite(y, '因变量');
  const n = y.length;
  const p = degree + 1;
  if (n <= p) throw new StatsError('TOO_FEW_OBSERVATIONS', `观测数（${n}）必须多于模型参数个数（${p}）`);
  if (new Set(Array.from(x)).size < p) throw new StatsError('SINGULAR', `自变量的不同取值少于${p}个，无法拟合${degree}次多项式`);

  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    min = Math.min(min, x[i]!);
    max = Math.max(max, x[i]!);
  }
  const c = (min + max) / 2;
  const s = (max - min) / 2;
  const t = Array.from(x, (v) => (v - c) / s);
  const fit = qrLeastSquares(
    Array.from({ length: p }, (_, k) => t.map((v) => v ** k)),
    y,
    Array.from({ length: p }, (_, k) => (k === 0 ? '常数项' : `x^${k}`)),
  );
  const df = n - p;
  const sigma2 = fit.rss / df;

  // b = T g with T[k][j] = C(j,k) (−c)^(j−k) / s^j for j ≥ k; Cov(b) = T Cov(g) Tᵀ.
  const T = Array.from({ length: p }, (_, k) => Array.from({ length: p }, (_, j) => (j < k ? 0 : (binomial(j, k) * (-c) ** (j - k)) / s ** j)));
  const g = Array.from(fit.coefficients);
  const coefficients = T.map((row) => row.reduce((a, tkj, j) => a + tkj * g[j]!, 0));
  // Cov(g) = σ² R⁻¹R⁻ᵀ, so Cov(b) = σ² (T R⁻¹)(T R⁻¹)ᵀ.
  const TR = T.map((row) => Array.from({ length: p }, (_, m) => row.reduce((a, tkj, j) => a + tkj * fit.rInverse[j * p + m]!, 0)));
  const se = TR.map((row) => Math.sqrt(sigma2 * row.reduce((a, v) => a + v * v, 0)));

  let mean = 0;
  for (let i = 0; i < n; i++) mean += y[i]!;
  mean /= n;
  let tss = 0;
  for (let i = 0; i < n; i++) tss += (y[i]! - mean) ** 2;
  if (tss === 0) throw new StatsError('ZERO_VARIANCE', '因变量为常数，无法拟合');
  return { degree, coefficients, se, residualSd: Math.sqrt(sigma2), rSquared: 1 - fit.rss / tss, n, df };
}
