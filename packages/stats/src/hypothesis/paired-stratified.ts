// Paired, stratified and ordered-group tests on counts that complete the contingency-table family:
// McNemar's exact test with the discordant-pair odds ratio, Bowker's test of symmetry, the
// Breslow–Day test of a common odds ratio (with Tarone's correction) and the Cochran–Armitage trend
// test with its departure from linearity.
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { binomialCdf } from '../distributions/discrete.js';
import { proportionCi } from '../diagnostic/accuracy.js';
import { checkLevel } from './common.js';
import type { Table } from './categorical.js';

const isCount = (v: number) => Number.isInteger(v) && v >= 0;

export interface McNemarExactResult {
  /** Discordant pairs: b (first positive, second negative) and c (the reverse). */
  b: number;
  c: number;
  /** Two-sided exact binomial p of b in b + c at 1/2 (R: binom.test(b, b + c)). */
  pValue: number;
  /** Conditional odds ratio b/c (Infinity when c = 0). */
  oddsRatio: number;
  /** Exact CI of b/c: the Clopper–Pearson interval of b/(b + c) mapped by p/(1 − p). */
  ci: readonly [number, number];
  level: number;
}

/**
 * McNemar's exact test of a paired 2×2 table from its discordant counts: the two-sided binomial test
 * of b out of b + c at 1/2 (R: binom.test(b, b + c, 0.5)), with the conditional odds ratio b/c and its
 * exact CI (exact2x2::mcnemar.exact; Breslow & Day 1980, §7.2).
 * @throws StatsError when the counts are not non-negative integers or b + c = 0.
 */
export function mcnemarExact(b: number, c: number, level = 0.95): Readonly<McNemarExactResult> {
  if (!isCount(b) || !isCount(c)) throw new StatsError('INVALID_ARGUMENT', '不一致对子数必须是非负整数');
  if (b + c === 0) throw new StatsError('INVALID_ARGUMENT', '两个不一致格子的频数都为0，无法进行McNemar检验');
  checkLevel(level);
  const n = b + c;
  // The binomial at 1/2 is symmetric, so R's two-sided p is twice the smaller tail (1 at the centre).
  const pValue = 2 * b === n ? 1 : Math.min(1, 2 * binomialCdf(Math.min(b, c), n, 0.5));
  const [lo, hi] = proportionCi(b, n, 'clopper-pearson', level);
  const odds = (p: number) => (p >= 1 ? Infinity : p / (1 - p));
  return { b, c, pValue, oddsRatio: c === 0 ? Infinity : b / c, ci: [odds(lo), odds(hi)], level };
}

export interface BowkerResult {
  method: string;
  statistic: number;
  /** Pairs of off-diagonal cells used: k(k − 1)/2 less the pairs where both cells are 0. */
  df: number;
  pValue: number;
  /** Pairs (i, j), i < j, with n_ij + n_ji = 0: they carry no information and are left out. */
  emptyPairs: number;
}

/**
 * Bowker's test of symmetry of a k×k paired table, Σ_{i<j} (n_ij − n_ji)² / (n_ij + n_ji) on
 * k(k − 1)/2 df (R: mcnemar.test for k > 2). R returns NaN when a pair of cells is empty; here such
 * pairs are left out and the df reduced, which is what the statistic means (Bowker 1948).
 * @throws StatsError for a table that is not square, has fewer than 2 rows, or no discordant pair.
 */
export function bowkerTest(table: Table): Readonly<BowkerResult> {
  const k = table.length;
  if (k < 2 || table.some((r) => r.length !== k)) throw new StatsError('INVALID_ARGUMENT', '配对表必须是行列数相同的方表（至少2×2）');
  for (const r of table) for (const v of r) if (!isCount(v)) throw new StatsError('INVALID_ARGUMENT', '列联表的频数必须是非负整数');
  let statistic = 0;
  let df = 0;
  let emptyPairs = 0;
  for (let i = 0; i < k; i++)
    for (let j = i + 1; j < k; j++) {
      const s = table[i]![j]! + table[j]![i]!;
      if (s === 0) {
        emptyPairs++;
        continue;
      }
      statistic += (table[i]![j]! - table[j]![i]!) ** 2 / s;
      df++;
    }
  if (df === 0) throw new StatsError('INVALID_ARGUMENT', '配对表没有不一致的对子（非对角线格子全为0），无法检验对称性');
  return { method: 'Bowker test of symmetry', statistic, df, pValue: chisqSf(statistic, df), emptyPairs };
}

export interface BreslowDayResult {
  /** Breslow–Day statistic Σ (a_k − A_k)² / Var_k at the Mantel–Haenszel odds ratio. */
  statistic: number;
  /** Tarone's corrected statistic: minus (Σa_k − ΣA_k)² / ΣVar_k. */
  taroneStatistic: number;
  /** Strata used less one. */
  df: number;
  pValue: number;
  taronePValue: number;
  /** Strata with a zero margin (no information on the odds ratio), left out. */
  strataSkipped: number;
  /** Fitted a_k under the common odds ratio (NaN for a skipped stratum). */
  expected: number[];
}

/**
 * Breslow–Day test of homogeneity of the odds ratios of K 2×2 tables [[a, b], [c, d]] at a common
 * odds ratio ψ (the Mantel–Haenszel estimate), with Tarone's (1985) correction. With row total r1,
 * column total c1 and n, A_k solves A(n − r1 − c1 + A) / ((r1 − A)(c1 − A)) = ψ within its margins; Var_k is
 * 1/(1/A + 1/(r1 − A) + 1/(c1 − A) + 1/(n − r1 − c1 + A)). Strata with a zero margin are left out
 * (DescTools::BreslowDayTest; Breslow & Day 1980, §4.4).
 * @throws StatsError when ψ is not finite and positive, or fewer than 2 strata are informative.
 */
export function breslowDayTest(strata: readonly Table[], oddsRatio: number): Readonly<BreslowDayResult> {
  if (!(oddsRatio > 0 && Number.isFinite(oddsRatio))) throw new StatsError('ZERO_VARIANCE', '合并OR为0或无穷大，无法进行Breslow–Day检验');
  let bd = 0;
  let sumA = 0;
  let sumE = 0;
  let sumV = 0;
  let used = 0;
  const expected: number[] = [];
  for (const t of strata) {
    if (t.length !== 2 || t.some((r) => r.length !== 2)) throw new StatsError('INVALID_ARGUMENT', '每个分层必须是2×2表');
    const [[a, b], [c, d]] = t as [[number, number], [number, number]];
    for (const v of [a, b, c, d]) if (!isCount(v)) throw new StatsError('INVALID_ARGUMENT', '列联表的频数必须是非负整数');
    const r1 = a + b;
    const c1 = a + c;
    const n = a + b + c + d;
    if (r1 === 0 || c1 === 0 || r1 === n || c1 === n) {
      expected.push(NaN);
      continue;
    }
    const lo = Math.max(0, r1 + c1 - n);
    const hi = Math.min(r1, c1);
    // (ψ − 1)A² − [ψ(r1 + c1) + n − r1 − c1]A + ψ r1 c1 = 0, the root inside (lo, hi).
    let A: number;
    if (Math.abs(oddsRatio - 1) < 1e-12) A = (r1 * c1) / n;
    else {
      const qa = oddsRatio - 1;
      const qb = -(oddsRatio * (r1 + c1) + n - r1 - c1);
      const qc = oddsRatio * r1 * c1;
      const disc = Math.sqrt(qb * qb - 4 * qa * qc);
      // The stable pair of roots; keep the one within the margins.
      const q = -0.5 * (qb + Math.sign(qb) * disc);
      const roots = [q / qa, qc / q];
      A = roots.find((x) => x > lo - 1e-9 && x < hi + 1e-9) ?? roots[0]!;
    }
    const v = 1 / (1 / A + 1 / (r1 - A) + 1 / (c1 - A) + 1 / (n - r1 - c1 + A));
    bd += (a - A) ** 2 / v;
    sumA += a;
    sumE += A;
    sumV += v;
    used++;
    expected.push(A);
  }
  if (used < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', '可用于Breslow–Day检验的分层少于2个（边际频数为0的分层不提供信息）');
  const tarone = bd - (sumA - sumE) ** 2 / sumV;
  const df = used - 1;
  return { statistic: bd, taroneStatistic: tarone, df, pValue: chisqSf(bd, df), taronePValue: chisqSf(tarone, df), strataSkipped: strata.length - used, expected };
}

export interface TrendResult {
  /** Signed Z: positive when the proportion rises with the score. */
  z: number;
  /** Z² (R: prop.trend.test). */
  statistic: number;
  pValue: number;
  /** Change in proportion per unit of score (weighted least squares slope). */
  slope: number;
  /** Pearson χ² of the 2×k table on k − 1 df (R: prop.test(x, n)). */
  overall: { statistic: number; df: number; pValue: number };
  /** Departure from a linear trend: overall − trend on k − 2 df (null for two groups). */
  departure: { statistic: number; df: number; pValue: number } | null;
}

/**
 * Cochran–Armitage test for a linear trend in proportions across ordered groups with scores (R:
 * prop.trend.test), signed, with the Pearson χ² of the whole table and its remainder after the
 * trend, the test of departure from linearity (Armitage 1955; Altman 1991, §10.7.4).
 * @throws StatsError for fewer than 2 groups, counts out of range, all proportions 0 or 1, or equal scores.
 */
export function cochranArmitageTrend(successes: readonly number[], totals: readonly number[], scores?: readonly number[]): Readonly<TrendResult> {
  const k = successes.length;
  if (k < 2 || totals.length !== k) throw new StatsError('INVALID_ARGUMENT', '趋势检验至少需要2组，且事件数与总数的组数相同');
  const s = scores ?? successes.map((_, i) => i + 1);
  if (s.length !== k || s.some((v) => !Number.isFinite(v))) throw new StatsError('INVALID_ARGUMENT', '评分的个数必须与组数相同且都是有限数值');
  for (let i = 0; i < k; i++) {
    if (!(totals[i]! > 0) || !isCount(successes[i]!) || successes[i]! > totals[i]!) throw new StatsError('INVALID_ARGUMENT', '每组的事件数必须在0到该组总数之间');
  }
  const X = successes.reduce((a, b) => a + b, 0);
  const N = totals.reduce((a, b) => a + b, 0);
  const p = X / N;
  if (p === 0 || p === 1) throw new StatsError('ZERO_VARIANCE', '所有组的事件率都为0或都为1，无法进行趋势检验');
  const sm = s.reduce((a, v, i) => a + totals[i]! * v, 0) / N;
  const sxx = s.reduce((a, v, i) => a + totals[i]! * (v - sm) ** 2, 0);
  if (!(sxx > 0)) throw new StatsError('ZERO_VARIANCE', '各组的评分都相同，无法进行趋势检验');
  // T = Σ x_i (s_i − s̄); Var T = p(1 − p) Σ n_i (s_i − s̄)², as prop.trend.test's regression form.
  const T = successes.reduce((a, x, i) => a + x * (s[i]! - sm), 0);
  const z = T / Math.sqrt(p * (1 - p) * sxx);
  const statistic = z * z;
  let overall = 0;
  for (let i = 0; i < k; i++) overall += (successes[i]! - totals[i]! * p) ** 2 / (totals[i]! * p * (1 - p));
  const dep = Math.max(0, overall - statistic);
  return {
    z,
    statistic,
    pValue: chisqSf(statistic, 1),
    slope: T / sxx,
    overall: { statistic: overall, df: k - 1, pValue: chisqSf(overall, k - 1) },
    departure: k > 2 ? { statistic: dep, df: k - 2, pValue: chisqSf(dep, k - 2) } : null,
  };
}

