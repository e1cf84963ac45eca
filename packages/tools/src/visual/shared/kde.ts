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

/** R's pretty() (R 4.2): one implementation, the engine's. */
export { prettyTicks as pretty } from '@labstat/stats';

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
