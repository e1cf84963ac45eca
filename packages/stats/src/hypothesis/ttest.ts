// t-tests: one-sample, paired, and two-sample (Student's and Welch's), as R's t.test.
import { StatsError } from '../errors.js';
import { tCdf, tQuantile, tSf } from '../distributions/t.js';
import { meanAndSs } from '../internal/sum.js';
import { nctNoncentralityInterval } from '../distributions/noncentral-t.js';
import { checkAlternative, checkLevel, finite, finiteView, hedgesJ, pFromTails, type Alternative, type TestOptions } from './common.js';

export interface TTestResult {
  method: string;
  alternative: Alternative;
  statistic: number;
  df: number;
  pValue: number;
  /** Mean (one-sample), mean difference (paired) or difference of means x − y (two-sample). */
  estimate: number;
  /** Standard error of the estimate. */
  se: number;
  /** Confidence interval of the estimate; one-sided tests give an infinite bound like R. */
  ci: readonly [number, number];
  level: number;
  /** Cohen's d: (mean − mu)/sd, d_z for paired data, pooled-sd d for two samples. */
  effectSize: number;
  /** Hedges' g = d·J(df), with the exact J. */
  hedgesG: number;
  /** CI of Cohen's d at `level` by inverting the noncentral t (two-sided, as effectsize::cohens_d). */
  effectSizeCi: readonly [number, number];
  n: number | readonly [number, number];
}

function interval(estimate: number, se: number, df: number, level: number, alternative: Alternative): [number, number] {
  if (alternative === 'less') return [-Infinity, estimate + tQuantile(level, df) * se];
  if (alternative === 'greater') return [estimate - tQuantile(level, df) * se, Infinity];
  const q = tQuantile(1 - (1 - level) / 2, df);
  return [estimate - q * se, estimate + q * se];
}

function prep(opts: TestOptions): { alternative: Alternative; level: number } {
  const alternative = opts.alternative ?? 'two.sided';
  const level = opts.level ?? 0.95;
  checkAlternative(alternative);
  checkLevel(level);
  return { alternative, level };
}

function oneSample(x: ArrayLike<number>, mu: number, opts: TestOptions, method: string, what: string): TTestResult {
  const { alternative, level } = prep(opts);
  const n = x.length;
  if (n < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', `${what}的有效观测数为${n}，t检验至少需要2个`);
  const { mean, ss } = meanAndSs(x);
  const sd = Math.sqrt(ss / (n - 1));
  if (!(sd > 0)) throw new StatsError('ZERO_VARIANCE', `${what}的所有值都相同（标准差为0），无法进行t检验`);
  const se = sd / Math.sqrt(n);
  const t = (mean - mu) / se;
  const df = n - 1;
  const d = (mean - mu) / sd;
  return {
    method,
    alternative,
    statistic: t,
    df,
    pValue: pFromTails(tCdf(t, df), tSf(t, df), alternative),
    estimate: mean,
    se,
    ci: interval(mean, se, df, level, alternative),
    level,
    effectSize: d,
    hedgesG: d * hedgesJ(df),
    effectSizeCi: scaled(nctNoncentralityInterval((mean - mu) / se, df, level), 1 / Math.sqrt(n)),
    n,
  };
}

const scaled = ([a, b]: [number, number], f: number): [number, number] => [a * f, b * f];

/**
 * One-sample t-test of H0: mean = mu (R: t.test(x, mu = mu)). Missing values are dropped.
 * @throws StatsError with fewer than 2 values or zero variance.
 */
export function oneSampleTTest(x: ArrayLike<number>, opts: TestOptions & { mu?: number } = {}): Readonly<TTestResult> {
  return oneSample(finite(x), opts.mu ?? 0, opts, 'One Sample t-test', '样本');
}

/**
 * Paired t-test on x − y (R: t.test(x, y, paired = TRUE)); pairs with a missing side are dropped.
 * `estimate` is the mean difference; `effectSize` is d_z = mean(diff)/sd(diff).
 */
export function pairedTTest(x: ArrayLike<number>, y: ArrayLike<number>, opts: TestOptions & { mu?: number } = {}): Readonly<TTestResult> {
  if (x.length !== y.length) throw new StatsError('INVALID_ARGUMENT', '配对数据的两列长度必须相同');
  const diff: number[] = [];
  for (let i = 0; i < x.length; i++) if (Number.isFinite(x[i]) && Number.isFinite(y[i])) diff.push(x[i]! - y[i]!);
  return oneSample(diff, opts.mu ?? 0, opts, 'Paired t-test', '配对差值');
}

/**
 * Two-sample t-test of H0: mean(x) − mean(y) = mu; Welch's by default, Student's with
 * varEqual (R: t.test(x, y, var.equal)). Cohen's d uses the pooled sd in both cases.
 */
export function twoSampleTTest(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  opts: TestOptions & { mu?: number; varEqual?: boolean } = {},
): Readonly<TTestResult> {
  const { alternative, level } = prep(opts);
  // Only read here: complete Float64Arrays are not copied.
  const a = finiteView(x);
  const b = finiteView(y);
  const nx = a.length;
  const ny = b.length;
  if (nx < 2 || ny < 2) throw new StatsError('GROUP_TOO_SMALL', `每组至少需要2个有效观测（当前为${nx}和${ny}）`);
  const ma = meanAndSs(a);
  const mb = meanAndSs(b);
  const vx = ma.ss / (nx - 1);
  const vy = mb.ss / (ny - 1);
  if (!(vx > 0) && !(vy > 0)) throw new StatsError('ZERO_VARIANCE', '两组数据的方差都为0，无法进行t检验');
  const estimate = ma.mean - mb.mean;
  const mu = opts.mu ?? 0;
  const pooledVar = (ma.ss + mb.ss) / (nx + ny - 2);
  let se: number;
  let df: number;
  if (opts.varEqual) {
    df = nx + ny - 2;
    se = Math.sqrt(pooledVar * (1 / nx + 1 / ny));
  } else {
    const sx = vx / nx;
    const sy = vy / ny;
    se = Math.sqrt(sx + sy);
    df = (sx + sy) ** 2 / (sx ** 2 / (nx - 1) + sy ** 2 / (ny - 1));
  }
  const t = (estimate - mu) / se;
  const d = estimate / Math.sqrt(pooledVar);
  return {
    method: opts.varEqual ? 'Two Sample t-test' : 'Welch Two Sample t-test',
    alternative,
    statistic: t,
    df,
    pValue: pFromTails(tCdf(t, df), tSf(t, df), alternative),
    estimate,
    se,
    ci: interval(estimate, se, df, level, alternative),
    level,
    effectSize: d,
    hedgesG: d * hedgesJ(nx + ny - 2),
    // The pooled t behind d, whichever test was asked for (effectsize::cohens_d, pooled_sd = TRUE).
    effectSizeCi: scaled(nctNoncentralityInterval(d / Math.sqrt(1 / nx + 1 / ny), nx + ny - 2, level), Math.sqrt(1 / nx + 1 / ny)),
    n: [nx, ny],
  };
}
