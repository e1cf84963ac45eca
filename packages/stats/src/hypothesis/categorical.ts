// Tests on contingency tables: chi-square (independence and goodness of fit), Fisher's exact test
// (2×2 with the conditional MLE odds ratio; R×C by the network algorithm in fisher-rxc.ts), McNemar, effect sizes.
import gammaln from '@stdlib/math-base-special-gammaln';
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { normalQuantile } from '../distributions/normal.js';
import { brent } from '../internal/root.js';
import { checkAlternative, checkLevel, type Alternative } from './common.js';
import { fisherNetworkP, fisherSimulatedP } from './fisher-rxc.js';
import { maxOf } from '../descriptive/extent.js';

/** A contingency table as rows of counts. */
export type Table = readonly (readonly number[])[];

function checkTable(t: Table, minRows = 2, minCols = 2): { r: number; c: number } {
  const r = t.length;
  const c = t[0]?.length ?? 0;
  if (r < minRows || c < minCols) throw new StatsError('INVALID_ARGUMENT', `列联表至少需要${minRows}行${minCols}列`);
  for (const row of t) {
    if (row.length !== c) throw new StatsError('INVALID_ARGUMENT', '列联表每行的列数必须相同');
    for (const v of row) if (!Number.isInteger(v) || v < 0) throw new StatsError('INVALID_ARGUMENT', '列联表的频数必须是非负整数');
  }
  return { r, c };
}

function margins(t: Table) {
  const rows = t.map((row) => row.reduce((a, b) => a + b, 0));
  const cols = t[0]!.map((_, j) => t.reduce((a, row) => a + row[j]!, 0));
  const n = rows.reduce((a, b) => a + b, 0);
  return { rows, cols, n };
}

export interface ChiSquareResult {
  method: string;
  statistic: number;
  df: number;
  pValue: number;
  expected: number[][];
  /** Cells with expected count below 5, and their share (the usual validity check). */
  lowExpected: { count: number; share: number; min: number };
  /** φ for 2×2 (signed-free, from the uncorrected statistic) or Cramér's V otherwise. */
  cramersV: number;
  yates: boolean;
  /** Pearson residuals (O − E)/√E, as chisq.test()$residuals. */
  residuals: number[][];
  /** Standardized (adjusted) residuals (O − E)/√(E(1 − r_i/n)(1 − c_j/n)), as chisq.test()$stdres. */
  stdres: number[][];
}

/**
 * Pearson's chi-square test of independence (R: chisq.test(table, correct)). Yates' continuity
 * correction applies to 2×2 tables when `correct` (default true), as in R.
 */
export function chiSquareTest(table: Table, opts: { correct?: boolean } = {}): Readonly<ChiSquareResult> {
  const { r, c } = checkTable(table);
  const { rows, cols, n } = margins(table);
  if (rows.some((v) => v === 0) || cols.some((v) => v === 0)) throw new StatsError('INVALID_ARGUMENT', '列联表中有整行或整列为0，请删除后再检验');
  const expected = rows.map((ri) => cols.map((cj) => (ri * cj) / n));
  const yates = (opts.correct ?? true) && r === 2 && c === 2;
  let stat = 0;
  let plain = 0;
  let low = 0;
  let min = Infinity;
  for (let i = 0; i < r; i++) {
    for (let j = 0; j < c; j++) {
      const e = expected[i]![j]!;
      const dev = Math.abs(table[i]![j]! - e);
      const y = yates ? Math.min(0.5, dev) : 0;
      stat += (dev - y) ** 2 / e;
      plain += dev ** 2 / e;
      if (e < 5) low++;
      min = Math.min(min, e);
    }
  }
  const df = (r - 1) * (c - 1);
  return {
    method: yates ? "Pearson's Chi-squared test with Yates' continuity correction" : "Pearson's Chi-squared test",
    statistic: stat,
    df,
    pValue: chisqSf(stat, df),
    expected,
    lowExpected: { count: low, share: low / (r * c), min },
    cramersV: Math.sqrt(plain / (n * (Math.min(r, c) - 1))),
    yates,
    residuals: expected.map((row, i) => row.map((e, j) => (table[i]![j]! - e) / Math.sqrt(e))),
    stdres: expected.map((row, i) => row.map((e, j) => (table[i]![j]! - e) / Math.sqrt(e * (1 - rows[i]! / n) * (1 - cols[j]! / n)))),
  };
}

/**
 * Likelihood-ratio test of independence, G² = 2 Σ O log(O/E) on (r−1)(c−1) df (as MASS::loglm or
 * DescTools::GTest without correction; empty cells contribute 0).
 */
export function gTest(table: Table): Readonly<{ method: string; statistic: number; df: number; pValue: number }> {
  const { r, c } = checkTable(table);
  const { rows, cols, n } = margins(table);
  if (rows.some((v) => v === 0) || cols.some((v) => v === 0)) throw new StatsError('INVALID_ARGUMENT', '列联表中有整行或整列为0，请删除后再检验');
  let g = 0;
  for (let i = 0; i < r; i++) {
    for (let j = 0; j < c; j++) {
      const o = table[i]![j]!;
      if (o > 0) g += o * Math.log((o * n) / (rows[i]! * cols[j]!));
    }
  }
  g *= 2;
  const df = (r - 1) * (c - 1);
  return { method: 'Log likelihood ratio (G-test) test of independence', statistic: g, df, pValue: chisqSf(g, df) };
}

/** Chi-square goodness of fit of observed counts to probabilities p (default equal; R: chisq.test(x, p)). */
export function chiSquareGoodnessOfFit(observed: readonly number[], p?: readonly number[]) {
  if (observed.length < 2) throw new StatsError('INVALID_ARGUMENT', '拟合优度检验至少需要2个类别');
  for (const v of observed) if (!(v >= 0) || !Number.isFinite(v)) throw new StatsError('INVALID_ARGUMENT', '观测频数必须是非负数');
  const k = observed.length;
  const probs = p ?? Array(k).fill(1 / k);
  if (probs.length !== k) throw new StatsError('INVALID_ARGUMENT', '期望比例的个数必须与类别数相同');
  const ps = probs.reduce((a, b) => a + b, 0);
  if (Math.abs(ps - 1) > Math.sqrt(Number.EPSILON) || probs.some((v) => v < 0)) throw new StatsError('INVALID_ARGUMENT', '期望比例必须非负且总和为1');
  const n = observed.reduce((a, b) => a + b, 0);
  const expected = probs.map((q) => n * q);
  if (expected.some((e) => !(e > 0))) throw new StatsError('INVALID_ARGUMENT', '期望频数必须大于0');
  const stat = observed.reduce((a, o, i) => a + (o - expected[i]!) ** 2 / expected[i]!, 0);
  return { method: 'Chi-squared test for given probabilities', statistic: stat, df: k - 1, pValue: chisqSf(stat, k - 1), expected };
}

const lchoose = (n: number, k: number) => gammaln(n + 1) - gammaln(k + 1) - gammaln(n - k + 1);

export interface FisherResult {
  method: string;
  alternative: Alternative;
  pValue: number;
  /** R×C only: the p is a Monte Carlo estimate (the exact network exceeded its work budget, or simulation was asked for). */
  simulated?: { B: number; seed: number; ci: readonly [number, number] } | null;
  /** Conditional maximum-likelihood odds ratio (2×2 only). */
  oddsRatio: number | null;
  ci: readonly [number, number] | null;
  level: number;
}

export interface FisherOptions {
  alternative?: Alternative;
  level?: number;
  /** R×C: 'auto' (default) simulates only when the exact network exceeds `budget`; true always; false never (then throws). */
  simulate?: 'auto' | boolean;
  /** Monte Carlo replicates (default 1e5, as a stated default; R's is 2000). */
  B?: number;
  seed?: number;
  /** Work budget of the exact network (past values pushed along edges; default 2e6, about a second). */
  budget?: number;
}

/**
 * Fisher's exact test (R: fisher.test). 2×2 tables get the conditional MLE odds ratio and its
 * exact CI; R×C tables get the exact p by a network algorithm (Mehta & Patel 1983, as R's FEXACT),
 * or past the work budget a seeded Monte Carlo p with fixed margins (fisher.test(simulate.p.value = TRUE)).
 * @throws StatsError when an R×C table exceeds the budget and `simulate` is false.
 */
export function fisherExact(table: Table, opts: FisherOptions = {}): Readonly<FisherResult> {
  const { r, c } = checkTable(table);
  const alternative = opts.alternative ?? 'two.sided';
  const level = opts.level ?? 0.95;
  checkAlternative(alternative);
  checkLevel(level);
  if (r === 2 && c === 2) return fisher2x2(table, alternative, level);
  if (alternative !== 'two.sided') throw new StatsError('INVALID_ARGUMENT', '大于2×2的列联表只能做双侧检验');
  const method = "Fisher's Exact Test for Count Data";
  const simulate = opts.simulate ?? 'auto';
  const exact = simulate === true ? null : fisherNetworkP(table, opts.budget);
  if (exact !== null) return { method, alternative, pValue: exact, oddsRatio: null, ci: null, level, simulated: null };
  if (simulate === false) throw new StatsError('INVALID_ARGUMENT', '列联表过大，精确检验的计算量超出限制，请改用卡方检验或蒙特卡罗模拟');
  const sim = fisherSimulatedP(table, opts.B ?? 1e5, opts.seed ?? 20261122);
  return { method: `${method} with simulated p-value (based on ${sim.B} replicates)`, alternative, pValue: sim.pValue, oddsRatio: null, ci: null, level, simulated: { B: sim.B, seed: sim.seed, ci: sim.ci } };
}

function fisher2x2(t: Table, alternative: Alternative, level: number): FisherResult {
  const x = t[0]![0]!;
  const m = t[0]![0]! + t[1]![0]!;
  const n = t[0]![1]! + t[1]![1]!;
  const k = t[0]![0]! + t[0]![1]!;
  const lo = Math.max(0, k - n);
  const hi = Math.min(k, m);
  const support: number[] = [];
  for (let s = lo; s <= hi; s++) support.push(s);
  const logdc = support.map((s) => lchoose(m, s) + lchoose(n, k - s) - lchoose(m + n, k));
  const dn = (ncp: number) => {
    const d = logdc.map((l, i) => l + Math.log(ncp) * support[i]!);
    const mx = maxOf(d);
    const e = d.map((v) => Math.exp(v - mx));
    const s = e.reduce((a, b) => a + b, 0);
    return e.map((v) => v / s);
  };
  const mean = (ncp: number) => {
    if (ncp === 0) return lo;
    if (ncp === Infinity) return hi;
    return dn(ncp).reduce((a, d, i) => a + support[i]! * d, 0);
  };
  const pn = (q: number, ncp: number, upper: boolean) => {
    if (ncp === 1) {
      const d = logdc.map(Math.exp);
      return support.reduce((a, s, i) => a + ((upper ? s >= q : s <= q) ? d[i]! : 0), 0);
    }
    if (ncp === 0) return upper ? Number(q <= lo) : Number(q >= lo);
    if (ncp === Infinity) return upper ? Number(q <= hi) : Number(q >= hi);
    const d = dn(ncp);
    return support.reduce((a, s, i) => a + ((upper ? s >= q : s <= q) ? d[i]! : 0), 0);
  };

  let pValue: number;
  if (alternative === 'less') pValue = pn(x, 1, false);
  else if (alternative === 'greater') pValue = pn(x, 1, true);
  else {
    const d = logdc.map(Math.exp);
    const dx = d[x - lo]! * (1 + 1e-7);
    pValue = Math.min(1, d.reduce((a, v) => a + (v <= dx ? v : 0), 0));
  }

  let oddsRatio: number;
  if (x === lo) oddsRatio = 0;
  else if (x === hi) oddsRatio = Infinity;
  else {
    const mu = mean(1);
    oddsRatio =
      mu > x ? brent((t) => mean(t) - x, 0, 1, 1e-14) : mu < x ? 1 / brent((t) => mean(1 / t) - x, Number.EPSILON, 1, 1e-14) : 1;
  }

  const upperBound = (alpha: number) => {
    if (x === hi) return Infinity;
    const p = pn(x, 1, false);
    if (p < alpha) return brent((t) => pn(x, t, false) - alpha, 0, 1, 1e-14);
    if (p > alpha) return 1 / brent((t) => pn(x, 1 / t, false) - alpha, Number.EPSILON, 1, 1e-14);
    return 1;
  };
  const lowerBound = (alpha: number) => {
    if (x === lo) return 0;
    const p = pn(x, 1, true);
    if (p > alpha) return brent((t) => pn(x, t, true) - alpha, 0, 1, 1e-14);
    if (p < alpha) return 1 / brent((t) => pn(x, 1 / t, true) - alpha, Number.EPSILON, 1, 1e-14);
    return 1;
  };
  const ci: [number, number] =
    alternative === 'less'
      ? [0, upperBound(1 - level)]
      : alternative === 'greater'
        ? [lowerBound(1 - level), Infinity]
        : [lowerBound((1 - level) / 2), upperBound((1 - level) / 2)];
  return { method: "Fisher's Exact Test for Count Data", alternative, pValue, oddsRatio, ci, level };
}

/** McNemar's test for paired 2×2 tables (R: mcnemar.test; continuity correction by default). */
export function mcnemarTest(table: Table, opts: { correct?: boolean } = {}) {
  checkTable(table, 2, 2);
  if (table.length !== 2 || table[0]!.length !== 2) throw new StatsError('INVALID_ARGUMENT', 'McNemar检验需要2×2配对表');
  const b = table[0]![1]!;
  const c = table[1]![0]!;
  if (b + c === 0) throw new StatsError('INVALID_ARGUMENT', '两个不一致格子的频数都为0，无法进行McNemar检验');
  // As R: no correction when b = c (the corrected statistic would be 1/(b + c) instead of 0).
  const correct = (opts.correct ?? true) && b !== c;
  const stat = (Math.abs(b - c) - (correct ? 1 : 0)) ** 2 / (b + c);
  return { method: "McNemar's Chi-squared test", statistic: stat, df: 1, pValue: chisqSf(stat, 1) };
}

/**
 * Odds ratio (ad/bc) and risk ratio of a 2×2 table [[a, b], [c, d]] (rows exposed/unexposed,
 * columns event/no event), with Wald CIs on the log scale; 0.5 is added to every cell when one is 0.
 */
export function oddsRiskRatio(table: Table, level = 0.95) {
  checkTable(table, 2, 2);
  checkLevel(level);
  let [[a, b], [c, d]] = table as [[number, number], [number, number]];
  const adjusted = a === 0 || b === 0 || c === 0 || d === 0;
  if (adjusted) [a, b, c, d] = [a + 0.5, b + 0.5, c + 0.5, d + 0.5];
  const z = normalQuantile(1 - (1 - level) / 2);
  const or = (a * d) / (b * c);
  const seOr = Math.sqrt(1 / a + 1 / b + 1 / c + 1 / d);
  const rr = a / (a + b) / (c / (c + d));
  const seRr = Math.sqrt(1 / a - 1 / (a + b) + 1 / c - 1 / (c + d));
  return {
    oddsRatio: or,
    oddsRatioCi: [or * Math.exp(-z * seOr), or * Math.exp(z * seOr)] as const,
    riskRatio: rr,
    riskRatioCi: [rr * Math.exp(-z * seRr), rr * Math.exp(z * seRr)] as const,
    level,
    adjusted,
  };
}

/**
 * Cochran–Armitage test for trend in proportions (R: prop.trend.test): the weighted-regression
 * chi-square of the observed proportions on the scores (default 1, 2, …, k).
 */
export function cochranArmitage(successes: readonly number[], totals: readonly number[], scores?: readonly number[]) {
  const k = successes.length;
  if (k < 2 || totals.length !== k) throw new StatsError('INVALID_ARGUMENT', '趋势检验至少需要2组，且事件数与总数的组数相同');
  const s = scores ?? successes.map((_, i) => i + 1);
  if (s.length !== k) throw new StatsError('INVALID_ARGUMENT', '评分的个数必须与组数相同');
  for (let i = 0; i < k; i++) {
    if (!(totals[i]! > 0) || successes[i]! < 0 || successes[i]! > totals[i]!) throw new StatsError('INVALID_ARGUMENT', '每组的事件数必须在0到该组总数之间');
  }
  const X = successes.reduce((a, b) => a + b, 0);
  const N = totals.reduce((a, b) => a + b, 0);
  const p = X / N;
  if (p === 0 || p === 1) throw new StatsError('ZERO_VARIANCE', '所有组的事件率都为0或都为1，无法进行趋势检验');
  const w = totals.map((n) => n / (p * (1 - p)));
  const W = w.reduce((a, b) => a + b, 0);
  const f = successes.map((x, i) => x / totals[i]!);
  const fm = f.reduce((a, v, i) => a + w[i]! * v, 0) / W;
  const sm = s.reduce((a, v, i) => a + w[i]! * v, 0) / W;
  const sxy = f.reduce((a, v, i) => a + w[i]! * (v - fm) * (s[i]! - sm), 0);
  const sxx = s.reduce((a, v, i) => a + w[i]! * (v - sm) ** 2, 0);
  if (!(sxx > 0)) throw new StatsError('ZERO_VARIANCE', '各组的评分都相同，无法进行趋势检验');
  const stat = (sxy * sxy) / sxx;
  return { method: 'Chi-squared Test for Trend in Proportions', statistic: stat, df: 1, pValue: chisqSf(stat, 1) };
}

/**
 * Cochran–Mantel–Haenszel test for K stratified 2×2 tables with the Mantel–Haenszel common odds
 * ratio and its Robins–Breslow–Greenland CI (R: mantelhaen.test; continuity correction by default).
 */
export function cmhTest(strata: readonly Table[], opts: { correct?: boolean; level?: number } = {}) {
  const level = opts.level ?? 0.95;
  checkLevel(level);
  if (strata.length < 1) throw new StatsError('INVALID_ARGUMENT', '至少需要1个分层');
  let delta = 0;
  let variance = 0;
  const cells: [number, number, number, number][] = [];
  for (const t of strata) {
    checkTable(t);
    if (t.length !== 2 || t[0]!.length !== 2) throw new StatsError('INVALID_ARGUMENT', 'CMH检验的每个分层必须是2×2表');
    const [[a, b], [c, d]] = t as [[number, number], [number, number]];
    const n = a + b + c + d;
    if (n < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', '每个分层至少需要2个观测');
    const row1 = a + b;
    const col1 = a + c;
    delta += a - (row1 * col1) / n;
    variance += (row1 * (n - row1) * col1 * (n - col1)) / (n * n * (n - 1));
    cells.push([a, b, c, d]);
  }
  if (!(variance > 0)) throw new StatsError('ZERO_VARIANCE', '各分层的边际频数使方差为0，无法进行CMH检验');
  const yates = (opts.correct ?? true) && Math.abs(delta) >= 0.5 ? 0.5 : 0;
  const stat = (Math.abs(delta) - yates) ** 2 / variance;
  const mh = mantelHaenszelOddsRatio(cells);
  const or = Math.exp(mh.logOr);
  const sd = mh.se;
  const z = normalQuantile(1 - (1 - level) / 2);
  return {
    method: 'Mantel-Haenszel chi-squared test',
    statistic: stat,
    df: 1,
    pValue: chisqSf(stat, 1),
    oddsRatio: or,
    ci: [or * Math.exp(-z * sd), or * Math.exp(z * sd)] as const,
    level,
  };
}

/**
 * Mantel–Haenszel common odds ratio of 2×2 tables [a, b, c, d] on the log scale with the
 * Robins–Breslow–Greenland SE (shared by the CMH test and meta-analysis). Non-finite when
 * Σad/n or Σbc/n is 0.
 */
export function mantelHaenszelOddsRatio(tables: readonly (readonly [number, number, number, number])[]): { logOr: number; se: number } {
  let R = 0;
  let S = 0;
  let PR = 0;
  let PSQR = 0;
  let QS = 0;
  for (const [a, b, c, d] of tables) {
    const n = a + b + c + d;
    const r = (a * d) / n;
    const s = (b * c) / n;
    const P = (a + d) / n;
    const Q = (b + c) / n;
    R += r;
    S += s;
    PR += P * r;
    PSQR += P * s + Q * r;
    QS += Q * s;
  }
  return { logOr: Math.log(R / S), se: Math.sqrt(PR / (2 * R * R) + PSQR / (2 * R * S) + QS / (2 * S * S)) };
}
