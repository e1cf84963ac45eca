// Sample quantiles of the nine Hyndman–Fan types, exactly as R's quantile() computes them.
import { orderStatistics, orderStatisticsInRange } from '../internal/select.js';
import { StatsError, assertFinite, assertMinLength, assertProbability } from '../errors.js';

export type QuantileType = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

const FUZZ = 4 * Number.EPSILON;
const AB: Record<4 | 5 | 6 | 8 | 9, [number, number]> = {
  4: [0, 1],
  5: [0.5, 0.5],
  6: [0, 0],
  8: [1 / 3, 1 / 3],
  9: [3 / 8, 3 / 8],
};

/**
 * Quantiles of `x` at probabilities `probs` (R: quantile(x, probs, type)). Type 7 is R's default.
 * @throws StatsError for empty or non-finite data, probabilities outside [0, 1] or an unknown type.
 */
export function quantile(x: ArrayLike<number>, probs: number | readonly number[], type: QuantileType = 7): number[] {
  assertMinLength(x, 1);
  assertFinite(x);
  const ps = typeof probs === 'number' ? [probs] : probs;
  ps.forEach((p) => assertProbability(p, '分位数概率'));
  if (![1, 2, 3, 4, 5, 6, 7, 8, 9].includes(type)) throw new StatsError('INVALID_ARGUMENT', '分位数类型必须是1到9');
  return quantileBySelection(Float64Array.from(x), ps, type);
}

/** Like quantile() for data already sorted ascending (no checks). */
export function quantileSorted(xs: ArrayLike<number>, ps: readonly number[], type: QuantileType = 7): number[] {
  return quantileAt((i) => xs[i]!, xs.length, ps, type);
}

/**
 * Quantiles of unsorted data by selection (O(n) on average instead of a sort). `x` is rearranged.
 */
export function quantileBySelection(x: Float64Array, ps: readonly number[], type: QuantileType = 7): number[] {
  const wanted: number[] = [];
  quantileAt((i) => (wanted.push(i), 0), x.length, ps, type);
  const values = orderStatistics(x, wanted);
  return quantileAt((i) => values.get(i)!, x.length, ps, type);
}

/**
 * Like quantileBySelection(), without rearranging or copying `x` when its extremes `min` and `max`
 * are known (the order statistics come from orderStatisticsInRange, with the same values).
 */
export function quantileInRange(x: ArrayLike<number>, ps: readonly number[], type: QuantileType, min: number, max: number): number[] {
  const wanted: number[] = [];
  quantileAt((i) => (wanted.push(i), 0), x.length, ps, type);
  const values = orderStatisticsInRange(x, wanted, min, max) ?? orderStatistics(Float64Array.from(x), wanted);
  return quantileAt((i) => values.get(i)!, x.length, ps, type);
}

/** R's quantile types over a 0-based accessor of the sorted values (each p reads two positions). */
function quantileAt(get: (i: number) => number, n: number, ps: readonly number[], type: QuantileType): number[] {
  const at = (i: number) => get(Math.min(Math.max(i, 1), n) - 1); // 1-based, clamped like R's padding
  return ps.map((p) => {
    if (type === 7) {
      const index = 1 + (n - 1) * p;
      const lo = Math.floor(index);
      const h = index - lo;
      const qlo = at(lo);
      const qhi = at(Math.ceil(index));
      return h > 0 && qhi !== qlo ? (1 - h) * qlo + h * qhi : qlo;
    }
    let j: number;
    let h: number;
    if (type <= 3) {
      const nppm = type === 3 ? n * p - 0.5 : n * p;
      j = Math.floor(nppm + FUZZ);
      h = type === 1 ? (nppm > j ? 1 : 0) : type === 2 ? ((nppm > j ? 1 : 0) + 1) / 2 : nppm !== j || j % 2 === 1 ? 1 : 0;
    } else {
      const [a, b] = AB[type as 4 | 5 | 6 | 8 | 9];
      const nppm = a + p * (n + 1 - a - b);
      j = Math.floor(nppm + FUZZ);
      h = nppm - j;
      if (Math.abs(h) < FUZZ) h = 0;
    }
    const x0 = at(j);
    const x1 = at(j + 1);
    if (h === 1) return x1;
    if (h > 0 && h < 1 && x0 !== x1) return (1 - h) * x0 + h * x1;
    return x0;
  });
}

/** Median (R: median). */
export function median(x: ArrayLike<number>): number {
  return quantile(x, 0.5, 7)[0]!;
}
