// Normality: Shapiro–Wilk (Royston 1995, AS R94: n from 3 to 5000), Kolmogorov–Smirnov against a
// normal distribution, Lilliefors, Anderson–Darling, and Q–Q plot points.
import { StatsError } from '../errors.js';
import { normalCdf, normalQuantile, normalSf } from '../distributions/normal.js';
import { meanAndSs, sorted, sum } from '../internal/sum.js';
import { finite } from './common.js';

export interface NormalityResult {
  method: string;
  statistic: number;
  pValue: number;
  n: number;
}

const poly = (c: readonly number[], x: number) => c.reduceRight((acc, ci) => acc * x + ci, 0);

// Royston's polynomial approximations (Applied Statistics 1995, 44: 547–551).
const C1 = [0, 0.221157, -0.147981, -2.07119, 4.434685, -2.706056];
const C2 = [0, 0.042981, -0.293762, -1.752461, 5.682633, -3.582633];
const C3 = [0.544, -0.39978, 0.025054, -6.714e-4];
const C4 = [1.3822, -0.77857, 0.062767, -0.0020322];
const C5 = [-1.5861, -0.31082, -0.083751, 0.0038915];
const C6 = [-0.4803, -0.082676, 0.0030302];
const G = [-2.273, 0.459];

/** Shapiro–Wilk coefficients a₁ … a_{n/2} (positive, for the upper half of the order statistics). */
function swCoefficients(n: number): number[] {
  const half = Math.floor(n / 2);
  if (n === 3) return [Math.SQRT1_2];
  const m: number[] = [];
  for (let i = 1; i <= half; i++) m.push(normalQuantile((i - 0.375) / (n + 0.25)));
  const summ2 = 2 * sum(m.map((v) => v * v));
  const ssumm2 = Math.sqrt(summ2);
  const rsn = 1 / Math.sqrt(n);
  const a1 = poly(C1, rsn) - m[0]! / ssumm2;
  const a: number[] = [a1];
  let start: number;
  let fac: number;
  if (n > 5) {
    const a2 = -m[1]! / ssumm2 + poly(C2, rsn);
    fac = Math.sqrt((summ2 - 2 * m[0]! ** 2 - 2 * m[1]! ** 2) / (1 - 2 * a1 ** 2 - 2 * a2 ** 2));
    a.push(a2);
    start = 2;
  } else {
    fac = Math.sqrt((summ2 - 2 * m[0]! ** 2) / (1 - 2 * a1 ** 2));
    start = 1;
  }
  for (let i = start; i < half; i++) a.push(-m[i]! / fac);
  return a;
}

/**
 * Shapiro–Wilk W test (R: shapiro.test). Missing values are dropped.
 * @throws StatsError for n outside 3…5000 or identical values.
 */
export function shapiroWilk(values: ArrayLike<number>): Readonly<NormalityResult> {
  const x = sorted(finite(values));
  const n = x.length;
  if (n < 3 || n > 5000) throw new StatsError('TOO_FEW_OBSERVATIONS', `Shapiro-Wilk检验要求样本量在3到5000之间（当前为${n}）`);
  const range = x[n - 1]! - x[0]!;
  if (!(range > 0)) throw new StatsError('ZERO_VARIANCE', '所有数值都相同，无法进行正态性检验');
  const a = swCoefficients(n);
  // Scale by the range first, as AS R94 does, to keep the sums well conditioned.
  const xs = Array.from(x, (v) => (v - x[0]!) / range);
  let num = 0;
  for (let i = 0; i < a.length; i++) num += a[i]! * (xs[n - 1 - i]! - xs[i]!);
  const { ss } = meanAndSs(xs);
  const w = Math.min(1, (num * num) / ss);
  let p: number;
  if (n === 3) {
    p = Math.max(0, (6 / Math.PI) * (Math.asin(Math.sqrt(w)) - Math.PI / 3));
  } else {
    let y = Math.log1p(-w);
    let mu: number;
    let s: number;
    if (n <= 11) {
      const gamma = poly(G, n);
      if (y >= gamma) return { method: 'Shapiro-Wilk normality test', statistic: w, pValue: 1e-99, n };
      y = -Math.log(gamma - y);
      mu = poly(C3, n);
      s = Math.exp(poly(C4, n));
    } else {
      const ln = Math.log(n);
      mu = poly(C5, ln);
      s = Math.exp(poly(C6, ln));
    }
    p = normalSf(y, mu, s);
  }
  return { method: 'Shapiro-Wilk normality test', statistic: w, pValue: p, n };
}

/** Kolmogorov distribution: P(K ≤ x) for the limiting √n·D (Marsaglia–Tsang–Wang series). */
function kolmogorovUpper(x: number): number {
  if (x <= 0) return 1;
  if (x < 1) {
    // Jacobi-theta form, accurate for small x: P(K ≤ x) = √(2π)/x Σ exp(−(2k−1)²π²/(8x²)).
    const z = -(Math.PI * Math.PI) / (8 * x * x);
    let s = 0;
    for (let k = 1; k < 20; k += 2) s += Math.exp(k * k * z);
    return 1 - (Math.sqrt(2 * Math.PI) / x) * s;
  }
  let s = 0;
  for (let k = 1; k <= 100; k++) {
    const term = Math.exp(-2 * k * k * x * x);
    s += (k % 2 ? 1 : -1) * term;
    if (term < 1e-300) break;
  }
  return Math.min(1, Math.max(0, 2 * s));
}

/** Exact P(D_n < d) for the one-sample two-sided statistic (Marsaglia, Tsang & Wang 2003). */
function kolmogorovExact(n: number, d: number): number {
  const k = Math.floor(n * d) + 1;
  const m = 2 * k - 1;
  const h = k - n * d;
  const H = Array.from({ length: m }, () => new Float64Array(m));
  for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) H[i]![j] = i - j + 1 < 0 ? 0 : 1;
  for (let i = 0; i < m; i++) {
    H[i]![0]! -= h ** (i + 1);
    H[m - 1]![i]! -= h ** (m - i);
  }
  H[m - 1]![0]! += 2 * h - 1 > 0 ? (2 * h - 1) ** m : 0;
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < m; j++) {
      if (i - j + 1 > 0) for (let g = 1; g <= i - j + 1; g++) H[i]![j]! /= g;
    }
  }
  // Q = H^n, tracking a power-of-ten exponent to avoid overflow.
  let eQ = 0;
  const mul = (A: Float64Array[], B: Float64Array[]) =>
    A.map((row) => {
      const out = new Float64Array(m);
      for (let j = 0; j < m; j++) {
        let s = 0;
        for (let t = 0; t < m; t++) s += row[t]! * B[t]![j]!;
        out[j] = s;
      }
      return out;
    });
  const pow = (A: Float64Array[], e: number): { M: Float64Array[]; exp: number } => {
    if (e === 1) return { M: A, exp: 0 };
    const half = pow(A, Math.floor(e / 2));
    let M = mul(half.M, half.M);
    let exp = 2 * half.exp;
    if (e % 2 === 1) M = mul(A, M);
    if (M[k - 1]![k - 1]! > 1e140) {
      M = M.map((r) => r.map((v) => v * 1e-140));
      exp += 140;
    }
    return { M, exp };
  };
  const { M, exp } = pow(H, n);
  eQ = exp;
  let s = M[k - 1]![k - 1]!;
  for (let i = 1; i <= n; i++) {
    s = (s * i) / n;
    if (s < 1e-140) {
      s *= 1e140;
      eQ -= 140;
    }
  }
  return s * 10 ** eQ;
}

/**
 * One-sample Kolmogorov–Smirnov test against N(mean, sd) with given parameters (R: ks.test(x,
 * "pnorm", mean, sd)); exact p for n < 100 without ties, else the asymptotic distribution.
 */
export function ksTestNormal(values: ArrayLike<number>, mean: number, sd: number, opts: { exact?: boolean } = {}): Readonly<NormalityResult> {
  const x = sorted(finite(values));
  const n = x.length;
  if (n < 1) throw new StatsError('TOO_FEW_OBSERVATIONS', 'K-S检验至少需要1个数值');
  if (!(sd > 0)) throw new StatsError('INVALID_ARGUMENT', '标准差必须是正数');
  const d = ksStatistic(x, (v) => normalCdf(v, mean, sd));
  const ties = x.some((v, i) => i > 0 && v === x[i - 1]);
  const exact = (opts.exact ?? n < 100) && !ties;
  const p = exact ? 1 - kolmogorovExact(n, d) : kolmogorovUpper(Math.sqrt(n) * d);
  return { method: `${exact ? 'Exact' : 'Asymptotic'} one-sample Kolmogorov-Smirnov test`, statistic: d, pValue: Math.min(1, Math.max(0, p)), n };
}

function ksStatistic(x: Float64Array, cdf: (v: number) => number): number {
  const n = x.length;
  let d = 0;
  for (let i = 0; i < n; i++) {
    const f = cdf(x[i]!);
    d = Math.max(d, (i + 1) / n - f, f - i / n);
  }
  return d;
}

/**
 * Lilliefors test: K–S against a normal with the sample mean and sd, with Dallal–Wilkinson's
 * p-value approximation (R: nortest::lillie.test).
 */
export function lillieforsTest(values: ArrayLike<number>): Readonly<NormalityResult> {
  const x = sorted(finite(values));
  const n = x.length;
  if (n < 5) throw new StatsError('TOO_FEW_OBSERVATIONS', `Lilliefors检验至少需要5个数值（当前为${n}）`);
  const { mean, ss } = meanAndSs(x);
  const sd = Math.sqrt(ss / (n - 1));
  if (!(sd > 0)) throw new StatsError('ZERO_VARIANCE', '所有数值都相同，无法进行正态性检验');
  const K = ksStatistic(x, (v) => normalCdf(v, mean, sd));
  let Kd = K;
  let nd = n;
  if (n > 100) {
    Kd = K * (n / 100) ** 0.49;
    nd = 100;
  }
  let p = Math.exp(-7.01256 * Kd * Kd * (nd + 2.78019) + 2.99587 * Kd * Math.sqrt(nd + 2.78019) - 0.122119 + 0.974598 / Math.sqrt(nd) + 1.67997 / nd);
  if (p > 0.1) {
    const KK = (Math.sqrt(n) - 0.01 + 0.85 / Math.sqrt(n)) * K;
    if (KK <= 0.302) p = 1;
    else if (KK <= 0.5) p = 2.76773 - 19.828315 * KK + 80.709644 * KK ** 2 - 138.55152 * KK ** 3 + 81.218052 * KK ** 4;
    else if (KK <= 0.9) p = -4.901232 + 40.662806 * KK - 97.490286 * KK ** 2 + 94.029866 * KK ** 3 - 32.355711 * KK ** 4;
    else if (KK <= 1.31) p = 6.198765 - 19.558097 * KK + 23.186922 * KK ** 2 - 12.234627 * KK ** 3 + 2.423045 * KK ** 4;
    else p = 0;
  }
  return { method: 'Lilliefors (Kolmogorov-Smirnov) normality test', statistic: K, pValue: Math.min(1, Math.max(0, p)), n };
}

/** Anderson–Darling normality test with the sample mean and sd (R: nortest::ad.test). */
export function andersonDarling(values: ArrayLike<number>): Readonly<NormalityResult> {
  const x = sorted(finite(values));
  const n = x.length;
  if (n < 8) throw new StatsError('TOO_FEW_OBSERVATIONS', `Anderson-Darling检验至少需要8个数值（当前为${n}）`);
  const { mean, ss } = meanAndSs(x);
  const sd = Math.sqrt(ss / (n - 1));
  if (!(sd > 0)) throw new StatsError('ZERO_VARIANCE', '所有数值都相同，无法进行正态性检验');
  let s = 0;
  for (let i = 0; i < n; i++) {
    const zi = (x[i]! - mean) / sd;
    const zj = (x[n - 1 - i]! - mean) / sd;
    s += (2 * i + 1) * (Math.log(normalCdf(zi)) + Math.log(normalSf(zj)));
  }
  const A = -n - s / n;
  const AA = (1 + 0.75 / n + 2.25 / (n * n)) * A;
  let p: number;
  if (AA < 0.2) p = 1 - Math.exp(-13.436 + 101.14 * AA - 223.73 * AA * AA);
  else if (AA < 0.34) p = 1 - Math.exp(-8.318 + 42.796 * AA - 59.938 * AA * AA);
  else if (AA < 0.6) p = Math.exp(0.9177 - 4.279 * AA - 1.38 * AA * AA);
  else if (AA < 10) p = Math.exp(1.2937 - 5.709 * AA + 0.0186 * AA * AA);
  else p = 3.7e-24;
  return { method: 'Anderson-Darling normality test', statistic: A, pValue: p, n };
}

/** Points of a normal Q–Q plot: theoretical quantiles at R's ppoints, paired with the sorted sample. */
export function qqPoints(values: ArrayLike<number>): { theoretical: number[]; sample: number[] } {
  const x = sorted(finite(values));
  const n = x.length;
  if (n < 1) throw new StatsError('TOO_FEW_OBSERVATIONS', 'Q-Q图至少需要1个数值');
  const a = n <= 10 ? 3 / 8 : 0.5;
  const theoretical = Array.from({ length: n }, (_, i) => normalQuantile((i + 1 - a) / (n + 1 - 2 * a)));
  return { theoretical, sample: Array.from(x) };
}
