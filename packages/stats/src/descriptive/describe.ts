// Descriptive statistics of one numeric variable, as SPSS and R report them.
import { StatsError, overflowError } from '../errors.js';
import { tQuantile } from '../distributions/t.js';
import { meanAndSs } from '../internal/sum.js';
import { quantileInRange, type QuantileType } from './quantile.js';

export interface DescribeOptions {
  /** Confidence level of the CI of the mean (default 0.95). */
  level?: number;
  /** Quantile type for median, quartiles and IQR (default 7, R's default; SPSS uses 6). */
  quantileType?: QuantileType;
}

export interface Description {
  /** Observations used (finite values). */
  n: number;
  /** Values that were missing (NaN, ±Infinity, null or undefined). */
  missing: number;
  mean: number;
  /** Sample standard deviation (n − 1 denominator). */
  sd: number;
  /** sd²; Infinity when sd passes 1.3e154 (the square leaves the double range; sd stays exact). */
  variance: number;
  /** Standard error of the mean, sd/√n. */
  se: number;
  min: number;
  max: number;
  range: number;
  median: number;
  q1: number;
  q3: number;
  iqr: number;
  /** Moment skewness g1 = m3 / m2^1.5 (R: e1071::skewness type 1); NaN for a constant variable, as R. */
  skewness: number;
  /** Sample-adjusted skewness G1 (SPSS, SAS, Excel SKEW). */
  skewnessAdjusted: number;
  /** Standard error of G1 as SPSS reports it. */
  skewnessSe: number;
  /** Moment excess kurtosis g2 = m4 / m2² − 3; NaN for a constant variable, as R. */
  kurtosis: number;
  /** Sample-adjusted excess kurtosis G2 (SPSS, SAS, Excel KURT). */
  kurtosisAdjusted: number;
  kurtosisSe: number;
  /** sd / mean; NaN-free: reported as null when the mean is 0. */
  cv: number | null;
  /** null unless every value is positive. */
  geometricMean: number | null;
  /** null unless every value is positive. */
  harmonicMean: number | null;
  /** t-based confidence interval of the mean. */
  ci: readonly [number, number];
  level: number;
  /** Lag-1 autocorrelation, Σ(xᵢ−x̄)(xᵢ₊₁−x̄) / Σ(xᵢ−x̄)² (the NIST StRD definition). */
  autocorrelation: number;
}

/**
 * Splits out the finite values; everything else counts as missing. When `values` is a Float64Array
 * with no missing value, `x` is `values` itself (no copy): read it, do not modify it.
 */
export function finiteValues(values: ArrayLike<number | null | undefined>): { x: Float64Array; missing: number } {
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v === 'number' && Number.isFinite(v)) n++;
  }
  // Complete typed data are read in place; otherwise copied once, counted first, so 1e6 values
  // never pass through a growing JS array.
  if (n === values.length && values instanceof Float64Array) return { x: values, missing: 0 };
  const x = new Float64Array(n);
  let k = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v === 'number' && Number.isFinite(v)) x[k++] = v;
  }
  return { x, missing: values.length - n };
}

/**
 * Describes a numeric variable. Missing values are counted and left out. Values beyond 2^500 in
 * magnitude are handled by exact power-of-two scaling, so finite data give finite answers.
 * @throws StatsError TOO_FEW_OBSERVATIONS with fewer than 2 finite values.
 * @throws StatsError OVERFLOW when the mean, range, IQR or CI cannot be represented (values near ±1.8e308).
 */
export function describe(values: ArrayLike<number | null | undefined>, opts: DescribeOptions = {}): Readonly<Description> {
  const level = opts.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new StatsError('INVALID_ARGUMENT', '置信水平必须在0到1之间');
  const { x, missing } = finiteValues(values);
  const n = x.length;
  if (n < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', `有效观测数为${n}，描述统计至少需要2个数值`);

  let min = x[0]!;
  let max = x[0]!;
  for (let i = 1; i < n; i++) {
    const v = x[i]!;
    if (v < min) min = v;
    else if (v > max) max = v;
  }
  const allPositive = min > 0;
  // Values beyond 2^500 are scaled by a power of two (exact) so sums and squares stay finite;
  // moments are rescaled at the end, and what still cannot be represented is refused by name.
  const scale = magnitudeScale(Math.max(Math.abs(min), Math.abs(max)));
  const y = scale === 1 ? x : x.map((v) => v / scale);
  const { mean: my, ss } = meanAndSs(y);
  const m = my * scale;
  const sdScaled = Math.sqrt(ss / (n - 1));
  const sd = sdScaled * scale;
  const variance = sd * sd;
  const m2 = ss / n;
  // Third and fourth moments, the lag-1 cross-product and (all values positive) the log and
  // reciprocal sums in one pass (scale-free ratios).
  let s3 = 0;
  let s4 = 0;
  let s2 = 0;
  let lagSum = 0;
  let logSum = 0;
  let invSum = 0;
  for (let i = 0; i < n; i++) {
    const d = y[i]! - my;
    const d2 = d * d;
    s2 += d2;
    s3 += d2 * d;
    s4 += d2 * d2;
    if (i + 1 < n) lagSum += d * (y[i + 1]! - my);
  }
  if (allPositive) {
    for (let i = 0; i < n; i++) {
      const v = x[i]!;
      logSum += Math.log(v);
      invSum += 1 / v;
    }
  }
  const m3 = s3 / n;
  const m4 = s4 / n;
  // A constant variable has no shape: R's moments give 0/0 = NaN, and so do we.
  const g1 = m2 > 0 ? m3 / m2 ** 1.5 : NaN;
  const g2 = m2 > 0 ? m4 / (m2 * m2) - 3 : NaN;
  const G1 = n > 2 ? (g1 * Math.sqrt(n * (n - 1))) / (n - 2) : NaN;
  const G2 = n > 3 ? (((n + 1) * g2 + 6) * (n - 1)) / ((n - 2) * (n - 3)) : NaN;
  const skewSe = n > 2 ? Math.sqrt((6 * n * (n - 1)) / ((n - 2) * (n + 1) * (n + 3))) : NaN;
  const kurtSe = n > 3 ? 2 * skewSe * Math.sqrt((n * n - 1) / ((n - 3) * (n + 5))) : NaN;

  // Quartiles by selection among the few values in their buckets of [min, max]: no sort, and no
  // copy of the data (R's quantile() partially sorts a copy).
  const [q1, med, q3] = quantileInRange(x, [0.25, 0.5, 0.75], opts.quantileType ?? 7, min, max) as [number, number, number];
  const se = sd / Math.sqrt(n);
  const tq = tQuantile(1 - (1 - level) / 2, n - 1);
  const ci: [number, number] = [m - tq * se, m + tq * se];
  if (![m, sd, max - min, q3 - q1, ci[0], ci[1]].every(Number.isFinite)) throw overflowError();
  const lag = ss > 0 ? lagSum / s2 : 0;

  return {
    n,
    missing,
    mean: m,
    sd,
    variance,
    se,
    min,
    max,
    range: max - min,
    median: med,
    q1,
    q3,
    iqr: q3 - q1,
    skewness: g1,
    skewnessAdjusted: G1,
    skewnessSe: skewSe,
    kurtosis: g2,
    kurtosisAdjusted: G2,
    kurtosisSe: kurtSe,
    cv: m !== 0 ? sd / m : null,
    geometricMean: allPositive ? Math.exp(logSum / n) : null,
    harmonicMean: allPositive ? n / invSum : null,
    ci,
    level,
    autocorrelation: lag,
  };
}

/** 1, or a power of two within a factor 2 of max |x| when that passes 2^500 (squares would overflow). */
function magnitudeScale(big: number): number {
  return big > 2 ** 500 ? 2 ** (Math.ceil(Math.log2(big)) - 1) : 1;
}

/** The most frequent value(s), ascending; every value when all are equally frequent. */
export function mode(values: ArrayLike<number>): number[] {
  const counts = new Map<number, number>();
  for (let i = 0; i < values.length; i++) counts.set(values[i]!, (counts.get(values[i]!) ?? 0) + 1);
  let top = 0;
  for (const c of counts.values()) if (c > top) top = c;
  return [...counts].filter(([, c]) => c === top).map(([v]) => v).sort((a, b) => a - b);
}

export interface FrequencyRow<T> {
  value: T;
  count: number;
  /** Percent of all rows, missing included (SPSS "Percent"). */
  percent: number;
  /** Percent of non-missing rows (SPSS "Valid Percent"). */
  validPercent: number;
  cumulativePercent: number;
}

export interface FrequencyTable<T> {
  rows: FrequencyRow<T>[];
  n: number;
  missing: number;
}

/**
 * Frequency table with percentages and cumulative percentages; levels sorted like R's table()
 * (numbers ascending, text by Unicode order) unless `levels` gives the order.
 */
export function frequencies<T extends string | number>(
  values: ArrayLike<T | null | undefined>,
  levels?: readonly T[],
): FrequencyTable<T> {
  const counts = new Map<T, number>();
  let missing = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v)) || v === '') missing++;
    else counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  const total = values.length;
  const valid = total - missing;
  const order =
    levels ??
    [...counts.keys()].sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));
  let cum = 0;
  const rows = order.map((value) => {
    const count = counts.get(value) ?? 0;
    cum += count;
    return {
      value,
      count,
      percent: total ? (100 * count) / total : 0,
      validPercent: valid ? (100 * count) / valid : 0,
      cumulativePercent: valid ? (100 * cum) / valid : 0,
    };
  });
  return { rows, n: valid, missing };
}
