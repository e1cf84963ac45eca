// One-way ANOVA (classic and Welch) with effect sizes.
import { StatsError } from '../errors.js';
import { fSf } from '../distributions/f.js';
import { meanAndSs, meanAndSsByPart, sum } from '../internal/sum.js';
import { assertGroups, type Group } from './groups.js';

export interface GroupSummary {
  name: string;
  n: number;
  mean: number;
  sd: number;
  variance: number;
}

export interface OneWayAnovaResult {
  method: string;
  statistic: number;
  df1: number;
  df2: number;
  pValue: number;
  ssBetween: number;
  ssWithin: number;
  ssTotal: number;
  msBetween: number;
  msWithin: number;
  /** η² = SS_between / SS_total. */
  etaSquared: number;
  /** ω² = (SS_between − df1·MS_within) / (SS_total + MS_within). */
  omegaSquared: number;
  /** ε² = (SS_between − df1·MS_within) / SS_total (Kelley 1935; effectsize::epsilon_squared). */
  epsilonSquared: number;
  groups: GroupSummary[];
}

export function summarize(groups: Group[]): GroupSummary[] {
  return groups.map((g) => summary(g, meanAndSs(g.values)));
}

function summary(g: Group, { mean, ss }: { mean: number; ss: number }): GroupSummary {
  const variance = g.values.length > 1 ? ss / (g.values.length - 1) : NaN;
  return { name: g.name, n: g.values.length, mean, sd: Math.sqrt(variance), variance };
}

/**
 * Classic one-way ANOVA (R: anova(lm(y ~ g))).
 * @throws StatsError with fewer than 2 groups, a group with fewer than 2 values, or no variation within groups.
 */
export function oneWayAnova(groups: Group[]): Readonly<OneWayAnovaResult> {
  assertGroups(groups);
  // Each group's moments and the pooled ones in three passes over the values, never concatenated.
  const moments = meanAndSsByPart(groups.map((g) => g.values));
  const k = groups.length;
  const { mean: grand, ss: ssTotal } = moments.total;
  const summaries = groups.map((g, i) => summary(g, moments.parts[i]!));
  const N = sum(summaries.map((s) => s.n));
  const ssWithin = sum(moments.parts.map((m) => m.ss));
  const ssBetween = sum(summaries.map((s) => s.n * (s.mean - grand) ** 2));
  if (!(ssWithin > 0)) throw new StatsError('ZERO_VARIANCE', '各组内部数值完全相同（组内方差为0），无法进行方差分析');
  const df1 = k - 1;
  const df2 = N - k;
  const msBetween = ssBetween / df1;
  const msWithin = ssWithin / df2;
  const F = msBetween / msWithin;
  return {
    method: 'One-way ANOVA',
    statistic: F,
    df1,
    df2,
    pValue: fSf(F, df1, df2),
    ssBetween,
    ssWithin,
    ssTotal,
    msBetween,
    msWithin,
    etaSquared: ssBetween / ssTotal,
    omegaSquared: (ssBetween - df1 * msWithin) / (ssTotal + msWithin),
    epsilonSquared: (ssBetween - df1 * msWithin) / ssTotal,
    groups: summaries,
  };
}

export interface WelchAnovaResult {
  method: string;
  statistic: number;
  df1: number;
  df2: number;
  pValue: number;
  groups: GroupSummary[];
}

/** Welch's ANOVA for unequal variances (R: oneway.test(var.equal = FALSE)). */
export function welchAnova(groups: Group[]): Readonly<WelchAnovaResult> {
  assertGroups(groups);
  const s = summarize(groups);
  if (s.some((g) => !(g.variance > 0))) throw new StatsError('ZERO_VARIANCE', '有组的方差为0，无法进行Welch方差分析');
  const k = s.length;
  const w = s.map((g) => g.n / g.variance);
  const W = sum(w);
  const mw = sum(s.map((g, i) => w[i]! * g.mean)) / W;
  const between = sum(s.map((g, i) => w[i]! * (g.mean - mw) ** 2)) / (k - 1);
  const tmp = sum(s.map((g, i) => (1 - w[i]! / W) ** 2 / (g.n - 1))) / (k * k - 1);
  const F = between / (1 + 2 * (k - 2) * tmp);
  const df2 = 1 / (3 * tmp);
  return { method: "Welch's ANOVA", statistic: F, df1: k - 1, df2, pValue: fSf(F, k - 1, df2), groups: s };
}

/**
 * Brown–Forsythe test for equality of means under unequal variances (F* with Satterthwaite df2;
 * Brown & Forsythe 1974).
 */
export function brownForsytheAnova(groups: Group[]): Readonly<WelchAnovaResult> {
  assertGroups(groups);
  const s = summarize(groups);
  const N = sum(s.map((g) => g.n));
  const grand = sum(s.map((g) => g.n * g.mean)) / N;
  const c = s.map((g) => (1 - g.n / N) * g.variance);
  const C = sum(c);
  if (!(C > 0)) throw new StatsError('ZERO_VARIANCE', '各组方差都为0，无法进行Brown-Forsythe检验');
  const F = sum(s.map((g) => g.n * (g.mean - grand) ** 2)) / C;
  const df2 = 1 / sum(s.map((g, i) => (c[i]! / C) ** 2 / (g.n - 1)));
  const df1 = s.length - 1;
  return { method: 'Brown-Forsythe ANOVA', statistic: F, df1, df2, pValue: fSf(F, df1, df2), groups: s };
}
