// Comparison of survival curves: log-rank and its weighted relatives, stratified, and pairwise
// (R: survival::survdiff for the log-rank and Peto–Peto; Gehan–Breslow and Tarone–Ware by their weights).
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { pAdjust, type PAdjustMethod } from '../hypothesis/p-adjust.js';
import { spdSolve } from '../internal/linalg.js';
import { survivalData } from './kaplan-meier.js';

/**
 * Weight at each event time: log-rank 1; Gehan–Breslow (generalised Wilcoxon) the number at risk;
 * Tarone–Ware its square root; Peto–Peto the pooled Kaplan–Meier S(t−) (survdiff rho = 1).
 */
export type SurvivalTest = 'logrank' | 'gehan-breslow' | 'tarone-ware' | 'peto-peto';

export interface LogRankOptions {
  test?: SurvivalTest;
  /** Stratum of each case: the test sums within-stratum scores and variances (R: strata()). */
  strata?: ArrayLike<string | number>;
}

export interface LogRankResult {
  test: SurvivalTest;
  /**
   * Per group: `observed`/`expected` are event counts (unweighted); `weightedObserved`/`weightedExpected`
   * sum w·d and w·d·n_g/n as survdiff prints them for rho ≠ 0 (equal to the counts for the log-rank),
   * and `variance` is the diagonal of the score's variance (survdiff's (O−E)²/V uses it).
   */
  groups: { group: string; n: number; observed: number; expected: number; weightedObserved: number; weightedExpected: number; variance: number }[];
  statistic: number;
  df: number;
  pValue: number;
}

function keysOf(values: ArrayLike<string | number | null | undefined>, what: string): string[] {
  return Array.from({ length: values.length }, (_, i) => {
    const v = values[i];
    if (v === null || v === undefined || v === '') throw new StatsError('NON_FINITE', `${what}含有缺失值（第${i + 1}个）`);
    return String(v);
  });
}

function sortLevels(levels: string[]): string[] {
  const numeric = levels.every((s) => s.trim() !== '' && Number.isFinite(Number(s)));
  return levels.sort(numeric ? (a, b) => Number(a) - Number(b) : (a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * k-sample test of equal survival. Per event time within a stratum: score U_g += w(d_g − d·n_g/n),
 * variance V_gh += w²·d(n−d)/(n−1)·(n_g/n)(δ_gh − n_h/n); χ² = UᵀV⁻U on the first k−1 groups, df k−1.
 * Observed and expected are reported both as event counts and weighted (survdiff's obs/exp for rho ≠ 0).
 * @throws StatsError for fewer than two groups, no events, or invalid times/status.
 */
export function logRankTest(
  time: ArrayLike<number>,
  status: ArrayLike<number | boolean>,
  group: ArrayLike<string | number>,
  options: LogRankOptions = {},
): LogRankResult {
  const test = options.test ?? 'logrank';
  if (!['logrank', 'gehan-breslow', 'tarone-ware', 'peto-peto'].includes(test)) throw new StatsError('INVALID_ARGUMENT', `未知的检验方法：${test}`);
  const d = survivalData(time, status);
  const n = d.time.length;
  if (group.length !== n) throw new StatsError('INVALID_ARGUMENT', '分组变量与生存时间的长度不同');
  const g = keysOf(group, '分组变量');
  const levels = sortLevels([...new Set(g)]);
  const k = levels.length;
  if (k < 2) throw new StatsError('GROUP_TOO_SMALL', '比较生存曲线至少需要两个组');
  const gi = Int32Array.from(g, (v) => levels.indexOf(v));
  let strata: string[] = new Array<string>(n).fill('');
  if (options.strata) {
    if (options.strata.length !== n) throw new StatsError('INVALID_ARGUMENT', '分层变量与生存时间的长度不同');
    strata = keysOf(options.strata, '分层变量');
  }
  const U = new Float64Array(k);
  const V = new Float64Array(k * k);
  const observed = new Float64Array(k);
  const expected = new Float64Array(k);
  const wObserved = new Float64Array(k);
  const wExpected = new Float64Array(k);
  const sizes = new Float64Array(k);
  for (const x of gi) sizes[x]!++;
  for (const stratum of new Set(strata)) {
    const idx = Array.from({ length: n }, (_, i) => i)
      .filter((i) => strata[i] === stratum)
      .sort((a, b) => d.time[a]! - d.time[b]!);
    const atRisk = new Float64Array(k);
    for (const i of idx) atRisk[gi[i]!]!++;
    let total = idx.length;
    let km = 1; // pooled Kaplan–Meier just before the current time (Peto–Peto weight)
    for (let p = 0; p < idx.length; ) {
      const t = d.time[idx[p]!]!;
      const events = new Float64Array(k);
      const leaving = new Float64Array(k);
      let dt = 0;
      while (p < idx.length && d.time[idx[p]!] === t) {
        const i = idx[p]!;
        leaving[gi[i]!]!++;
        if (d.status[i]) {
          events[gi[i]!]!++;
          dt++;
        }
        p++;
      }
      if (dt > 0) {
        const w = test === 'logrank' ? 1 : test === 'gehan-breslow' ? total : test === 'tarone-ware' ? Math.sqrt(total) : km;
        const varFactor = total > 1 ? (dt * (total - dt)) / (total - 1) : 0;
        for (let a = 0; a < k; a++) {
          const ea = (dt * atRisk[a]!) / total;
          observed[a]! += events[a]!;
          expected[a]! += ea;
          wObserved[a]! += w * events[a]!;
          wExpected[a]! += w * ea;
          U[a]! += w * (events[a]! - ea);
          for (let b = 0; b < k; b++) {
            V[a * k + b]! += w * w * varFactor * (atRisk[a]! / total) * ((a === b ? 1 : 0) - atRisk[b]! / total);
          }
        }
        km *= 1 - dt / total;
      }
      for (let a = 0; a < k; a++) atRisk[a]! -= leaving[a]!;
      total -= leaving.reduce((s, v) => s + v, 0);
    }
  }
  if (observed.reduce((s, v) => s + v, 0) === 0) throw new StatsError('TOO_FEW_OBSERVATIONS', '没有发生任何事件，无法比较生存曲线');
  const m = k - 1;
  const Vm = new Float64Array(m * m);
  for (let a = 0; a < m; a++) for (let b = 0; b < m; b++) Vm[a * m + b] = V[a * k + b]!;
  const x = spdSolve(Vm, U.subarray(0, m), m, '检验统计量的方差矩阵');
  let statistic = 0;
  for (let a = 0; a < m; a++) statistic += U[a]! * x[a]!;
  return {
    test,
    groups: levels.map((lv, a) => ({
      group: lv,
      n: sizes[a]!,
      observed: observed[a]!,
      expected: expected[a]!,
      weightedObserved: wObserved[a]!,
      weightedExpected: wExpected[a]!,
      variance: V[a * k + a]!,
    })),
    statistic,
    df: m,
    pValue: chisqSf(statistic, m),
  };
}

export interface PairwiseLogRankRow {
  group1: string;
  group2: string;
  statistic: number;
  pValue: number;
  pAdjusted: number;
}

/** Every pair of groups compared on its own cases, p-values adjusted together (as survminer::pairwise_survdiff). */
export function pairwiseLogRank(
  time: ArrayLike<number>,
  status: ArrayLike<number | boolean>,
  group: ArrayLike<string | number>,
  options: LogRankOptions & { adjust?: PAdjustMethod } = {},
): PairwiseLogRankRow[] {
  const g = keysOf(group, '分组变量');
  const levels = sortLevels([...new Set(g)]);
  if (levels.length < 2) throw new StatsError('GROUP_TOO_SMALL', '比较生存曲线至少需要两个组');
  const rows: Omit<PairwiseLogRankRow, 'pAdjusted'>[] = [];
  for (let a = 0; a < levels.length; a++) {
    for (let b = a + 1; b < levels.length; b++) {
      const keep = g.flatMap((v, i) => (v === levels[a] || v === levels[b] ? [i] : []));
      const r = logRankTest(
        keep.map((i) => time[i]!),
        keep.map((i) => status[i]!),
        keep.map((i) => g[i]!),
        { test: options.test, strata: options.strata ? keep.map((i) => options.strata![i]!) : undefined },
      );
      rows.push({ group1: levels[a]!, group2: levels[b]!, statistic: r.statistic, pValue: r.pValue });
    }
  }
  const adjusted = pAdjust(
    rows.map((r) => r.pValue),
    options.adjust ?? 'holm',
  );
  return rows.map((r, i) => ({ ...r, pAdjusted: adjusted[i]! }));
}
