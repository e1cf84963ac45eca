// Kernel density estimates and histogram breaks shared by the distribution charts of group B
// (histogram, density, violin, ridgeline): the numbers R's bw.nrd0, density() and hist() give.
import { quantile } from '@labstat/stats';
import { ToolInputError } from '../../tool.js';

/** Standard deviation with denominator n − 1. */
export function sd(x: readonly number[]): number {
  const n = x.length;
  const m = x.reduce((a, b) => a + b, 0) / n;
  return Math.sqrt(x.reduce((a, v) => a + (v - m) ** 2, 0) / (n - 1));
}

/**
 * Silverman's rule of thumb as R's `bw.nrd0`: 0.9 · min(sd, IQR/1.34) · n^(−1/5), falling back to
 * sd, then |x₁|, then 1 when the spread is zero. Throws for fewer than 2 values.
 */
export function bwNrd0(x: readonly number[]): number {
  if (x.length < 2) throw new ToolInputError('估计核密度至少需要 2 个观测值');
  const hi = sd(x);
  const [q1, q3] = quantile(x, [0.25, 0.75]) as [number, number];
  let lo = Math.min(hi, (q3 - q1) / 1.34);
  if (!(lo > 0)) lo = hi || Math.abs(x[0]!) || 1;
  return 0.9 * lo * x.length ** -0.2;
}

/**
 * The Gaussian kernel density of `x` with bandwidth `bw` at each point of `grid`:
 * f(g) = mean(φ((g − xᵢ)/bw)) / bw, computed exactly (R's density() bins the data first, so it
 * agrees to about 1e-3 relative; the fixtures compare with the exact sum).
 */
export function kde(x: readonly number[], bw: number, grid: readonly number[]): number[] {
  const c = 1 / (x.length * bw * Math.sqrt(2 * Math.PI));
  // Large samples: the kernel is summed over a sorted copy and cut at 8 bandwidths (exp(−32) ≈ 1e-14).
  const s = [...x].sort((a, b) => a - b);
  return grid.map((g) => {
    let lo = 0;
    let hi = s.length;
    const from = g - 8 * bw;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (s[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    let sum = 0;
    for (let i = lo; i < s.length && s[i]! <= g + 8 * bw; i++) sum += Math.exp(-0.5 * ((g - s[i]!) / bw) ** 2);
    return sum * c;
  });
}

/** `n` evenly spaced points from `from` to `to`. */
export const linspace = (from: number, to: number, n: number): number[] => Array.from({ length: n }, (_, i) => from + ((to - from) * i) / (n - 1));

/** Rounded for the chart option: 6 significant digits are more than a figure can show. */
export const r6 = (v: number): number => Number(v.toPrecision(6));

/**
 * R's pretty(c(lo, up), n, min.n) (R_pretty with the defaults high.u.bias = 1.5, u5.bias = 0.5 + 1.5 × 1.5);
 * min.n defaults to n %/% 3 as in R; hist() passes 1.
 */
export function pretty(lo: number, up: number, n: number, minN = Math.floor(n / 3)): number[] {
  const h = 1.5;
  const h5 = 0.5 + 1.5 * h;
  let dx = up - lo;
  let cell: number;
  if (dx === 0 && up === 0) {
    cell = 1;
    if (minN > 1) cell /= minN;
    cell *= 0.75;
  } else {
    cell = Math.max(Math.abs(lo), Math.abs(up));
    const U = (1 + (h5 >= 1.5 * h + 0.5 ? 1 / (1 + h) : 1.5 / (1 + h5))) * Math.max(1, n) * Number.EPSILON;
    const small = dx < cell * U * 3;
    if (small) {
      if (cell > 10) cell = 9 + cell / 10;
      cell *= 0.75; // shrink.sml
      if (minN > 1) cell /= minN;
    } else {
      cell = dx;
      if (n > 1) cell /= n;
    }
  }
  const base = 10 ** Math.floor(Math.log10(cell));
  let unit = base;
  if (2 * base - cell < h * (cell - unit)) {
    unit = 2 * base;
    if (5 * base - cell < h5 * (cell - unit)) {
      unit = 5 * base;
      if (10 * base - cell < h * (cell - unit)) unit = 10 * base;
    }
  }
  let ns = Math.floor(lo / unit + 1e-7);
  let nu = Math.ceil(up / unit - 1e-7);
  while (ns * unit > lo + 1e-10 * unit) ns--;
  while (nu * unit < up - 1e-10 * unit) nu++;
  let k = Math.floor(0.5 + nu - ns);
  if (k < minN) {
    k = minN - k;
    const half = Math.floor(k / 2);
    if (ns >= 0) {
      nu += half;
      ns -= half + (k % 2);
    } else {
      ns -= half;
      nu += half + (k % 2);
    }
  }
  dx = nu - ns;
  return Array.from({ length: dx + 1 }, (_, i) => Number(((ns + i) * unit).toPrecision(12)));
}

/**
 * Counts in the cells of `breaks` as R's hist() (right-closed, the first cell closed on the left,
 * with hist's fuzz of 1e-7 of the median cell width).
 */
export function binCounts(x: readonly number[], breaks: readonly number[]): number[] {
  const widths = breaks.slice(1).map((b, i) => b - breaks[i]!);
  const sorted = [...widths].sort((a, b) => a - b);
  const fuzz = 1e-7 * sorted[Math.floor((sorted.length - 1) / 2)]!;
  const fb = breaks.map((b, i) => (i === 0 ? b - fuzz : b + fuzz));
  const counts = new Array<number>(breaks.length - 1).fill(0);
  for (const v of x) {
    let lo = 0;
    let hi = fb.length - 1;
    if (v < fb[0]! || v > fb[hi]!) continue;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (v <= fb[mid]!) hi = mid;
      else lo = mid;
    }
    counts[lo]!++;
  }
  return counts;
}
