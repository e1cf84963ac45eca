// Tests of equal variances: Levene (mean or median centre), Bartlett, and the two-sample F test.
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { fCdf, fQuantile, fSf } from '../distributions/f.js';
import { median } from '../descriptive/quantile.js';
import { meanAndSs, sum } from '../internal/sum.js';
import { oneWayAnova, summarize } from './anova.js';
import { checkAlternative, checkLevel, finite, pFromTails, type TestOptions } from './common.js';
import { assertGroups, type Group } from './groups.js';

export interface VarianceTestResult {
  method: string;
  statistic: number;
  df1: number;
  df2: number;
  pValue: number;
}

/**
 * Levene's test: one-way ANOVA on |x − centre| (R: car::leveneTest; centre 'median' is the
 * Brown–Forsythe variant and car's default).
 */
export function leveneTest(groups: Group[], center: 'mean' | 'median' = 'median'): Readonly<VarianceTestResult> {
  assertGroups(groups);
  const dev = groups.map((g) => {
    const c = center === 'mean' ? meanAndSs(g.values).mean : median(g.values);
    return { name: g.name, values: g.values.map((v) => Math.abs(v - c)) };
  });
  let r;
  try {
    r = oneWayAnova(dev);
  } catch (e) {
    if (e instanceof StatsError && e.code === 'ZERO_VARIANCE') throw new StatsError('ZERO_VARIANCE', '各组离差完全相同，无法进行Levene检验');
    throw e;
  }
  return {
    method: center === 'mean' ? "Levene's test (mean)" : "Levene's test (median, Brown–Forsythe)",
    statistic: r.statistic,
    df1: r.df1,
    df2: r.df2,
    pValue: r.pValue,
  };
}

/** Bartlett's test of homogeneity of variances (R: bartlett.test). */
export function bartlettTest(groups: Group[]): Readonly<{ method: string; statistic: number; df: number; pValue: number }> {
  assertGroups(groups);
  const s = summarize(groups);
  if (s.some((g) => !(g.variance > 0))) throw new StatsError('ZERO_VARIANCE', '有组的方差为0，无法进行Bartlett检验');
  const k = s.length;
  const dfs = s.map((g) => g.n - 1);
  const N = sum(dfs);
  const pooled = sum(s.map((g, i) => dfs[i]! * g.variance)) / N;
  const stat =
    (N * Math.log(pooled) - sum(s.map((g, i) => dfs[i]! * Math.log(g.variance)))) /
    (1 + (sum(dfs.map((d) => 1 / d)) - 1 / N) / (3 * (k - 1)));
  return { method: "Bartlett's test", statistic: stat, df: k - 1, pValue: chisqSf(stat, k - 1) };
}

export interface FTestResult extends VarianceTestResult {
  /** Ratio of variances var(x)/var(y). */
  estimate: number;
  ci: readonly [number, number];
  level: number;
}

/** F test comparing two variances (R: var.test). */
export function varianceFTest(x: ArrayLike<number>, y: ArrayLike<number>, opts: TestOptions & { ratio?: number } = {}): Readonly<FTestResult> {
  const alternative = opts.alternative ?? 'two.sided';
  const level = opts.level ?? 0.95;
  checkAlternative(alternative);
  checkLevel(level);
  const a = finite(x);
  const b = finite(y);
  if (a.length < 2 || b.length < 2) throw new StatsError('GROUP_TOO_SMALL', '每组至少需要2个有效观测');
  const va = meanAndSs(a).ss / (a.length - 1);
  const vb = meanAndSs(b).ss / (b.length - 1);
  if (!(vb > 0)) throw new StatsError('ZERO_VARIANCE', '第二组的方差为0，无法计算方差比');
  const ratio = opts.ratio ?? 1;
  const df1 = a.length - 1;
  const df2 = b.length - 1;
  const est = va / vb;
  const F = est / ratio;
  let ci: [number, number];
  if (alternative === 'less') ci = [0, est / fQuantile(1 - level, df1, df2)];
  else if (alternative === 'greater') ci = [est / fQuantile(level, df1, df2), Infinity];
  else {
    const beta = (1 - level) / 2;
    ci = [est / fQuantile(1 - beta, df1, df2), est / fQuantile(beta, df1, df2)];
  }
  return {
    method: 'F test to compare two variances',
    statistic: F,
    df1,
    df2,
    pValue: pFromTails(fCdf(F, df1, df2), fSf(F, df1, df2), alternative),
    estimate: est,
    ci,
    level,
  };
}
