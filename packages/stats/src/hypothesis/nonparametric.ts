// Rank tests: Mann–Whitney U (Wilcoxon rank-sum), Wilcoxon signed-rank, Kruskal–Wallis, as R
// computes them (exact distributions for small samples without ties, else the normal approximation
// with tie and continuity corrections).
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { binomialCdf, binomialPmf, binomialSf } from '../distributions/discrete.js';
import { normalCdf, normalQuantile, normalSf, normalUpperQuantile } from '../distributions/normal.js';
import { rank, tieSum } from '../internal/rank.js';
import { sorted, sum } from '../internal/sum.js';
import { tTwoSided } from '../distributions/t.js';
import { checkAlternative, finite, pFromTails, type Alternative } from './common.js';
import { assertGroups, type Group } from './groups.js';
import { pAdjust, type PAdjustMethod } from './p-adjust.js';

export interface RankTestOptions {
  alternative?: Alternative;
  /** Exact p-value; default: exact when both samples are under 50 and there are no ties (R's rule). */
  exact?: boolean;
  /** Continuity correction of the normal approximation (default true). */
  correct?: boolean;
}

export interface RankTestResult {
  method: string;
  alternative: Alternative;
  /** W (rank-sum) or V (signed-rank), as R reports it. */
  statistic: number;
  pValue: number;
  exact: boolean;
  /** z of the normal approximation (with corrections); null for exact tests. */
  z: number | null;
  /** Rank-biserial correlation r = 1 − 2U/(n₁n₂) (rank-sum) or (T⁺ − T⁻)/(T⁺ + T⁻) (signed-rank). */
  effectSize: number;
}

/** Cumulative counts of the Mann–Whitney U distribution for sample sizes m, n. */
function rankSumDistribution(m: number, n: number): Float64Array {
  return cumulative(rankSumCounts(m, n));
}

/** Counts of the Mann–Whitney U distribution (U = 0 … mn) for sample sizes m, n. */
function rankSumCounts(m: number, n: number): Float64Array {
  // c[i][j][w]: number of ways U = w with i and j observations; c(i,j,w) = c(i−1,j,w−j) + c(i,j−1,w).
  let prev: Float64Array[] = Array.from({ length: n + 1 }, () => Float64Array.of(1)); // i = 0
  for (let i = 1; i <= m; i++) {
    const cur: Float64Array[] = [Float64Array.of(1)];
    for (let j = 1; j <= n; j++) {
      const c = new Float64Array(i * j + 1);
      const a = prev[j]!;
      const b = cur[j - 1]!;
      for (let w = 0; w <= i * j; w++) c[w] = (w >= j && w - j < a.length ? a[w - j]! : 0) + (w < b.length ? b[w]! : 0);
      cur.push(c);
    }
    prev = cur;
  }
  return prev[n]!;
}

/** Cumulative counts of the signed-rank statistic V for n non-zero differences. */
function signedRankDistribution(n: number): Float64Array {
  const max = (n * (n + 1)) / 2;
  const c = new Float64Array(max + 1);
  c[0] = 1;
  for (let k = 1; k <= n; k++) for (let v = (k * (k + 1)) / 2; v >= k; v--) c[v]! += c[v - k]!;
  return cumulative(c);
}

function cumulative(counts: Float64Array): Float64Array {
  const out = new Float64Array(counts.length);
  let acc = 0;
  for (let i = 0; i < counts.length; i++) out[i] = acc += counts[i]!;
  return out;
}

/** P(S ≤ q) and P(S ≥ q) from cumulative counts, each summed on its own side (no 1 − p). */
function exactTails(cum: Float64Array, q: number): { lower: number; upper: number } {
  const total = cum[cum.length - 1]!;
  const lower = q < 0 ? 0 : cum[Math.min(q, cum.length - 1)]! / total;
  const upper = q <= 0 ? 1 : (total - cum[Math.min(q - 1, cum.length - 1)]!) / total;
  return { lower, upper };
}

function normalP(z: number, sigma: number, alternative: Alternative, correct: boolean): { p: number; z: number } {
  const c = correct ? (alternative === 'two.sided' ? Math.sign(z) * 0.5 : alternative === 'greater' ? 0.5 : -0.5) : 0;
  const zz = (z - c) / sigma;
  return { p: pFromTails(normalCdf(zz), normalSf(zz), alternative), z: zz };
}

/** Result from an exact null distribution, two-sided p doubling the tail on the statistic's side of the centre. */
function exactResult(cum: Float64Array, stat: number, centre: number, alternative: Alternative, method: string, effectSize: number): RankTestResult {
  const t = exactTails(cum, stat);
  const p = alternative === 'less' ? t.lower : alternative === 'greater' ? t.upper : Math.min(1, 2 * (stat > centre ? t.upper : t.lower));
  return { method, alternative, statistic: stat, pValue: p, exact: true, z: null, effectSize };
}

/** Result from the normal approximation with R's continuity correction. */
function approximateResult(
  stat: number,
  centre: number,
  sigma: number,
  alternative: Alternative,
  correct: boolean,
  name: string,
  effectSize: number,
): RankTestResult {
  const r = normalP(stat - centre, sigma, alternative, correct);
  return {
    method: `${name}${correct ? ' with continuity correction' : ''}`,
    alternative,
    statistic: stat,
    pValue: r.p,
    exact: false,
    z: r.z,
    effectSize,
  };
}

/**
 * Mann–Whitney U test (R: wilcox.test(x, y)); W is the rank sum of x minus nx(nx+1)/2.
 * @throws StatsError when a sample is empty or all values are identical.
 */
export function mannWhitneyU(x: ArrayLike<number>, y: ArrayLike<number>, opts: RankTestOptions = {}): Readonly<RankTestResult> {
  const alternative = opts.alternative ?? 'two.sided';
  checkAlternative(alternative);
  const a = finite(x);
  const b = finite(y);
  const m = a.length;
  const n = b.length;
  if (m < 1 || n < 1) throw new StatsError('GROUP_TOO_SMALL', `两组都需要至少1个有效观测（当前为${m}和${n}）`);
  const both = new Float64Array(m + n);
  both.set(a);
  both.set(b, m);
  const { ranks, ties } = rank(both);
  let rx = 0;
  for (let i = 0; i < m; i++) rx += ranks[i]!;
  const W = rx - (m * (m + 1)) / 2;
  const effectSize = 1 - (2 * W) / (m * n);
  const exact = opts.exact ?? (m < 50 && n < 50 && ties.length === 0);
  if (exact && ties.length === 0) {
    return exactResult(rankSumDistribution(m, n), W, (m * n) / 2, alternative, 'Wilcoxon rank sum exact test', effectSize);
  }
  const N = m + n;
  const sigma = Math.sqrt(((m * n) / 12) * (N + 1 - tieSum(ties) / (N * (N - 1))));
  if (!(sigma > 0)) throw new StatsError('ZERO_VARIANCE', '所有数值都相同，无法进行秩和检验');
  return approximateResult(W, (m * n) / 2, sigma, alternative, opts.correct ?? true, 'Wilcoxon rank sum test', effectSize);
}

/**
 * Differences x − y − mu of the complete pairs (or x − mu for one sample), without the zeroes that
 * R's signed-rank procedures drop; `zeroes` says whether any were dropped.
 */
function signedDifferences(x: ArrayLike<number>, y: ArrayLike<number> | null | undefined, mu: number): { nz: number[]; zeroes: boolean } {
  const d: number[] = [];
  if (y) {
    if (x.length !== y.length) throw new StatsError('INVALID_ARGUMENT', '配对数据的两列长度必须相同');
    for (let i = 0; i < x.length; i++) if (Number.isFinite(x[i]) && Number.isFinite(y[i])) d.push(x[i]! - y[i]! - mu);
  } else {
    for (const v of finite(x)) d.push(v - mu);
  }
  return { nz: d.filter((v) => v !== 0), zeroes: d.some((v) => v === 0) };
}

/**
 * Wilcoxon signed-rank test of x − mu, or of x − y for paired data (R: wilcox.test(x, mu) and
 * wilcox.test(x, y, paired = TRUE)). Zero differences are dropped, as R does.
 */
export function wilcoxonSignedRank(
  x: ArrayLike<number>,
  y?: ArrayLike<number> | null,
  opts: RankTestOptions & { mu?: number } = {},
): Readonly<RankTestResult> {
  const alternative = opts.alternative ?? 'two.sided';
  checkAlternative(alternative);
  const { nz, zeroes } = signedDifferences(x, y, opts.mu ?? 0);
  const n = nz.length;
  if (n < 1) throw new StatsError('TOO_FEW_OBSERVATIONS', '所有差值都为0，无法进行符号秩检验');
  const { ranks, ties } = rank(nz.map(Math.abs));
  let V = 0;
  for (let i = 0; i < n; i++) if (nz[i]! > 0) V += ranks[i]!;
  const total = (n * (n + 1)) / 2;
  const effectSize = (V - (total - V)) / total;
  const exact = (opts.exact ?? n < 50) && ties.length === 0 && !zeroes;
  if (exact) {
    return exactResult(signedRankDistribution(n), V, total / 2, alternative, 'Wilcoxon signed rank exact test', effectSize);
  }
  const sigma = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24 - tieSum(ties) / 48);
  return approximateResult(V, total / 2, sigma, alternative, opts.correct ?? true, 'Wilcoxon signed rank test', effectSize);
}

export interface KruskalWallisResult {
  method: string;
  statistic: number;
  df: number;
  pValue: number;
  /** ε² = H / ((N² − 1)/(N + 1)) = H/(N − 1). */
  epsilonSquared: number;
  /** Mean rank of each group, in group order. */
  meanRanks: { name: string; n: number; meanRank: number }[];
}

/** Kruskal–Wallis rank-sum test with the tie correction (R: kruskal.test). */
export function kruskalWallis(groups: Group[]): Readonly<KruskalWallisResult> {
  assertGroups(groups, 2, 1);
  const all = groups.flatMap((g) => g.values);
  const N = all.length;
  const { ranks, ties } = rank(all);
  let offset = 0;
  const meanRanks = groups.map((g) => {
    const r = sum(ranks.subarray(offset, offset + g.values.length));
    offset += g.values.length;
    return { name: g.name, n: g.values.length, meanRank: r / g.values.length };
  });
  const denom = 1 - tieSum(ties) / (N * N * N - N);
  if (!(denom > 0)) throw new StatsError('ZERO_VARIANCE', '所有数值都相同，无法进行Kruskal-Wallis检验');
  const H = ((12 / (N * (N + 1))) * sum(meanRanks.map((g) => g.n * g.meanRank * g.meanRank)) - 3 * (N + 1)) / denom;
  const df = groups.length - 1;
  return { method: 'Kruskal-Wallis rank sum test', statistic: H, df, pValue: chisqSf(H, df), epsilonSquared: H / (N - 1), meanRanks };
}

/**
 * Friedman rank-sum test for a complete block design: `data[block][treatment]` (R: friedman.test),
 * with Kendall's W as the effect size. Blocks with a missing value are dropped.
 */
export function friedmanTest(data: readonly (readonly number[])[]) {
  const rows = data.filter((r) => r.every((v) => Number.isFinite(v)));
  const n = rows.length;
  const k = rows[0]?.length ?? 0;
  if (k < 2) throw new StatsError('INVALID_ARGUMENT', 'Friedman检验至少需要2个处理（列）');
  if (n < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', `完整的区组只有${n}个，Friedman检验至少需要2个`);
  if (rows.some((r) => r.length !== k)) throw new StatsError('INVALID_ARGUMENT', '每个区组的处理数必须相同');
  const rankSums = new Float64Array(k);
  let tieTerm = 0;
  for (const r of rows) {
    const { ranks, ties } = rank(r);
    ranks.forEach((v, j) => (rankSums[j]! += v));
    tieTerm += tieSum(ties);
  }
  const denom = n * k * (k + 1) - tieTerm / (k - 1);
  if (!(denom > 0)) throw new StatsError('ZERO_VARIANCE', '每个区组内的数值都相同，无法进行Friedman检验');
  const stat = (12 * sum(Array.from(rankSums, (s) => (s - (n * (k + 1)) / 2) ** 2))) / denom;
  return {
    method: 'Friedman rank sum test',
    statistic: stat,
    df: k - 1,
    pValue: chisqSf(stat, k - 1),
    kendallW: stat / (n * (k - 1)),
    meanRanks: Array.from(rankSums, (s) => s / n),
  };
}

/** Sign test of paired data (R: binom.test on the signs of non-zero differences). */
export function signTest(x: ArrayLike<number>, y: ArrayLike<number>, opts: { alternative?: Alternative } = {}) {
  const alternative = opts.alternative ?? 'two.sided';
  checkAlternative(alternative);
  if (x.length !== y.length) throw new StatsError('INVALID_ARGUMENT', '配对数据的两列长度必须相同');
  let pos = 0;
  let n = 0;
  for (let i = 0; i < x.length; i++) {
    if (!Number.isFinite(x[i]) || !Number.isFinite(y[i]) || x[i] === y[i]) continue;
    n++;
    if (x[i]! > y[i]!) pos++;
  }
  if (n < 1) throw new StatsError('TOO_FEW_OBSERVATIONS', '所有配对差值都为0，无法进行符号检验');
  return { method: 'Sign test', statistic: pos, n, pValue: binomialTestP(pos, n, 0.5, alternative) };
}

/** Exact binomial test p-value as R's binom.test (two-sided: sum of outcomes no more likely than x). */
export function binomialTestP(x: number, n: number, p: number, alternative: Alternative): number {
  if (alternative === 'less') return binomialCdf(x, n, p);
  if (alternative === 'greater') return binomialSf(x - 1, n, p);
  const d = binomialPmf(x, n, p);
  const rel = 1 + 1e-7;
  const m = n * p;
  if (x === m) return 1;
  if (x < m) {
    let y = 0;
    for (let i = Math.ceil(m); i <= n; i++) if (binomialPmf(i, n, p) <= d * rel) y++;
    return Math.min(1, binomialCdf(x, n, p) + binomialSf(n - y, n, p));
  }
  let y = 0;
  for (let i = 0; i <= Math.floor(m); i++) if (binomialPmf(i, n, p) <= d * rel) y++;
  return Math.min(1, binomialCdf(y - 1, n, p) + binomialSf(x - 1, n, p));
}

/**
 * Dunn's test of pairwise mean-rank differences after Kruskal–Wallis, with the tie correction and
 * an adjustment of the p-values (default Holm). z is mean rank(B) − mean rank(A) over its SE.
 */
export function dunnTest(groups: Group[], adjust: PAdjustMethod = 'holm') {
  const kw = kruskalWallis(groups);
  const all = groups.flatMap((g) => g.values);
  const N = all.length;
  const { ties } = rank(all);
  const base = (N * (N + 1)) / 12 - tieSum(ties) / (12 * (N - 1));
  const comparisons: { comparison: string; groupA: string; groupB: string; z: number; pValue: number; pAdjusted: number }[] = [];
  const m = kw.meanRanks;
  for (let i = 0; i < m.length; i++) {
    for (let j = i + 1; j < m.length; j++) {
      const z = (m[j]!.meanRank - m[i]!.meanRank) / Math.sqrt(base * (1 / m[i]!.n + 1 / m[j]!.n));
      comparisons.push({ comparison: `${m[j]!.name}-${m[i]!.name}`, groupA: m[i]!.name, groupB: m[j]!.name, z, pValue: Math.min(1, 2 * normalSf(Math.abs(z))), pAdjusted: 0 });
    }
  }
  const adj = pAdjust(comparisons.map((c) => c.pValue), adjust);
  comparisons.forEach((c, i) => (c.pAdjusted = adj[i]!));
  return { method: "Dunn's test", adjust, comparisons };
}

/**
 * Conover–Iman pairwise comparisons after Kruskal–Wallis: t on N − k df with the pooled rank
 * variance S² and the tie-corrected H (Conover 1999, §5.2; PMCMRplus kwAllPairsConoverTest), p
 * adjusted (default Holm). t is mean rank(B) − mean rank(A) over its SE.
 */
export function conoverTest(groups: Group[], adjust: PAdjustMethod = 'holm') {
  const kw = kruskalWallis(groups);
  const all = groups.flatMap((g) => g.values);
  const N = all.length;
  const k = groups.length;
  if (N <= k) throw new StatsError('TOO_FEW_OBSERVATIONS', 'Conover检验的总观测数必须多于组数');
  const { ranks } = rank(all);
  let r2 = 0;
  for (const r of ranks) r2 += r * r;
  const s2 = (r2 - (N * (N + 1) ** 2) / 4) / (N - 1);
  const pooled = (s2 * (N - 1 - kw.statistic)) / (N - k);
  const df = N - k;
  const m = kw.meanRanks;
  const comparisons: { comparison: string; groupA: string; groupB: string; t: number; pValue: number; pAdjusted: number }[] = [];
  for (let i = 0; i < m.length; i++) {
    for (let j = i + 1; j < m.length; j++) {
      const t = (m[j]!.meanRank - m[i]!.meanRank) / Math.sqrt(pooled * (1 / m[i]!.n + 1 / m[j]!.n));
      comparisons.push({ comparison: `${m[j]!.name}-${m[i]!.name}`, groupA: m[i]!.name, groupB: m[j]!.name, t, pValue: tTwoSided(t, df), pAdjusted: 0 });
    }
  }
  const adj = pAdjust(comparisons.map((c) => c.pValue), adjust);
  comparisons.forEach((c, i) => (c.pAdjusted = adj[i]!));
  return { method: 'Conover-Iman test', adjust, df, comparisons };
}

/**
 * Jonckheere–Terpstra test for an ordered trend across groups (in the order given): JT counts the
 * pairs (x from an earlier group, y from a later one) with x < y, ties ½. Exact null distribution
 * (a convolution of Mann–Whitney distributions) when there are no ties and N ≤ 100, otherwise the
 * normal approximation with the tie-corrected variance (Hollander & Wolfe), no continuity correction.
 * 'greater' means values increase along the groups.
 */
export function jonckheereTerpstra(groups: Group[], opts: { alternative?: Alternative; exact?: boolean } = {}) {
  assertGroups(groups, 2, 1);
  const alternative = opts.alternative ?? 'two.sided';
  checkAlternative(alternative);
  let jt = 0;
  for (let a = 0; a < groups.length; a++) {
    for (let b = a + 1; b < groups.length; b++) {
      const y = sorted(groups[b]!.values);
      for (const x of groups[a]!.values) {
        // Count y > x and y = x by binary search.
        let lo = 0;
        let hi = y.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (y[mid]! <= x) lo = mid + 1;
          else hi = mid;
        }
        let eq = lo;
        while (eq > 0 && y[eq - 1] === x) eq--;
        jt += y.length - lo + 0.5 * (lo - eq);
      }
    }
  }
  const sizes = groups.map((g) => g.values.length);
  const N = sizes.reduce((s, n) => s + n, 0);
  const { ties } = rank(groups.flatMap((g) => g.values));
  const mean = (N * N - sizes.reduce((s, n) => s + n * n, 0)) / 4;
  const exact = (opts.exact ?? N <= 100) && ties.length === 0;
  const base = { method: 'Jonckheere-Terpstra test', alternative, statistic: jt, mean };
  if (exact) {
    let counts = Float64Array.of(1);
    let before = sizes[0]!;
    for (let g = 1; g < sizes.length; g++) {
      const mw = rankSumCounts(before, sizes[g]!);
      const next = new Float64Array(counts.length + mw.length - 1);
      for (let i = 0; i < counts.length; i++) {
        const ci = counts[i]!;
        if (ci === 0) continue;
        for (let j = 0; j < mw.length; j++) next[i + j] = next[i + j]! + ci * mw[j]!;
      }
      counts = next;
      before += sizes[g]!;
    }
    const r = exactResult(cumulative(counts), jt, mean, alternative, 'Jonckheere-Terpstra test', NaN);
    return { ...base, pValue: r.pValue, exact: true, z: null };
  }
  const sumN = (f: (n: number) => number) => sizes.reduce((s, n) => s + f(n), 0);
  const sumT = (f: (t: number) => number) => ties.reduce((s, t) => s + f(t), 0);
  const variance =
    (N * (N - 1) * (2 * N + 5) - sumN((n) => n * (n - 1) * (2 * n + 5)) - sumT((t) => t * (t - 1) * (2 * t + 5))) / 72 +
    (sumN((n) => n * (n - 1) * (n - 2)) * sumT((t) => t * (t - 1) * (t - 2))) / (36 * N * (N - 1) * (N - 2)) +
    (sumN((n) => n * (n - 1)) * sumT((t) => t * (t - 1))) / (8 * N * (N - 1));
  if (!(variance > 0)) throw new StatsError('ZERO_VARIANCE', '所有数值都相同，无法进行Jonckheere-Terpstra检验');
  const z = (jt - mean) / Math.sqrt(variance);
  return { ...base, pValue: pFromTails(normalCdf(z), normalSf(z), alternative), exact: false, z };
}

// ---------------------------------------------------------------------------------------------
// Hodges–Lehmann location estimates with their confidence intervals, as wilcox.test(conf.int =
// TRUE) computes them: from the ordered Walsh averages (signed-rank) or pairwise differences
// (rank-sum) at the exact quantiles of the null distribution, or, with ties/zeroes or n ≥ 50, by
// R's uniroot (Brent's zeroin, tol 1e-4) on the normal approximation of the statistic.

export interface LocationShiftOptions {
  alternative?: Alternative;
  /** Confidence level (default 0.95). */
  level?: number;
  /** As in the tests: default exact when n < 50 (each sample) and there are no ties or zeroes. */
  exact?: boolean;
  /** Continuity correction of the normal approximation used for the interval (default true). */
  correct?: boolean;
}

export interface LocationShiftResult {
  method: string;
  alternative: Alternative;
  /** Pseudo-median of x − y (signed-rank) or difference in location x − y (rank-sum). */
  estimate: number;
  /** Interval; one-sided alternatives have an infinite end. */
  ci: [number, number];
  /** Confidence level actually achieved (R lowers it when the requested one is not attainable). */
  level: number;
  exact: boolean;
}

const DBL_EPSILON = 2.220446049250313e-16;

/**
 * Brent's root finder exactly as R's R_zeroin2 (uniroot), so that roots of step functions land
 * where R's do. Returns b when |c − b| is within tol, as R does.
 */
export function zeroin(f: (x: number) => number, ax: number, bx: number, fa: number, fb: number, tol: number, maxIter = 1000): number {
  let a = ax;
  let b = bx;
  let c = a;
  let fc = fa;
  let maxit = maxIter + 1;
  if (fa === 0) return a;
  if (fb === 0) return b;
  while (maxit--) {
    const prevStep = b - a;
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b; b = c; c = a;
      fa = fb; fb = fc; fc = fa;
    }
    const tolAct = 2 * DBL_EPSILON * Math.abs(b) + tol / 2;
    let newStep = (c - b) / 2;
    if (Math.abs(newStep) <= tolAct || fb === 0) return b;
    if (Math.abs(prevStep) >= tolAct && Math.abs(fa) > Math.abs(fb)) {
      let p: number;
      let q: number;
      const cb = c - b;
      if (a === c) {
        const t1 = fb / fa;
        p = cb * t1;
        q = 1 - t1;
      } else {
        let qq = fa / fc;
        const t1 = fb / fc;
        const t2 = fb / fa;
        p = t2 * (cb * qq * (qq - t1) - (b - a) * (t1 - 1));
        qq = (qq - 1) * (t1 - 1) * (t2 - 1);
        q = qq;
      }
      if (p > 0) q = -q;
      else p = -p;
      if (p < 0.75 * cb * q - Math.abs(tolAct * q) / 2 && p < Math.abs((prevStep * q) / 2)) newStep = p / q;
    }
    if (Math.abs(newStep) < tolAct) newStep = newStep > 0 ? tolAct : -tolAct;
    a = b;
    fa = fb;
    b += newStep;
    fb = f(b);
    if ((fb > 0 && fc > 0) || (fb < 0 && fc < 0)) {
      c = a;
      fc = fa;
    }
  }
  return b;
}

/** R's qsignrank / qwilcox from counts: the smallest q with P(S ≤ q) ≥ p (10·ε slack as R). */
function discreteQuantile(counts: Float64Array, total: number, p: number): number {
  let P = 0;
  let q = 0;
  if (p <= 0.5) {
    const x = p - 10 * DBL_EPSILON;
    for (;;) {
      P += counts[q]! / total;
      if (P >= x) return q;
      q++;
    }
  }
  const x = 1 - p + 10 * DBL_EPSILON;
  for (;;) {
    P += counts[q]! / total;
    if (P > x) return counts.length - 1 - q;
    q++;
  }
}

const median = (v: Float64Array | number[]): number => {
  const n = v.length;
  return n % 2 ? v[(n - 1) / 2]! : (v[n / 2 - 1]! + v[n / 2]!) / 2;
};

/** R's signif(x, 2): round half to even at the second significant digit. */
function signif2(x: number): number {
  if (x === 0) return 0;
  const scale = 10 ** (1 - Math.floor(Math.log10(Math.abs(x))));
  const v = x * scale;
  const f = Math.floor(v);
  const r = v - f === 0.5 ? (f % 2 === 0 ? f : f + 1) : Math.round(v);
  return r / scale;
}

function checkLevel(level: number): void {
  if (!(level > 0 && level < 1)) throw new StatsError('INVALID_ARGUMENT', '置信水平必须在 0 与 1 之间');
}

/**
 * Hodges–Lehmann pseudo-median of x − mu (one sample) or of x − y (paired), with its confidence
 * interval, as R's wilcox.test(x, [y, paired = TRUE,] mu, conf.int = TRUE). Zero differences (from
 * mu) are dropped first, as R does.
 * @throws StatsError when every difference is zero, or all are tied so no interval exists.
 */
export function signedRankLocation(
  x: ArrayLike<number>,
  y?: ArrayLike<number> | null,
  opts: LocationShiftOptions & { mu?: number } = {},
): Readonly<LocationShiftResult> {
  const alternative = opts.alternative ?? 'two.sided';
  checkAlternative(alternative);
  const level = opts.level ?? 0.95;
  checkLevel(level);
  const mu = opts.mu ?? 0;
  const { nz, zeroes } = signedDifferences(x, y, mu);
  const n = nz.length;
  if (n < 1) throw new StatsError('TOO_FEW_OBSERVATIONS', '所有差值都为0，无法估计 Hodges-Lehmann 伪中位数');
  const { ties } = rank(nz.map(Math.abs));
  const exact = (opts.exact ?? n < 50) && ties.length === 0 && !zeroes;
  const xs = nz.map((v) => v + mu);
  let alpha = 1 - level;
  if (exact) {
    const walsh: number[] = [];
    for (let i = 0; i < n; i++) for (let j = i; j < n; j++) walsh.push(xs[i]! + xs[j]!);
    const diffs = Float64Array.from(walsh.sort((a, b) => a - b), (v) => v / 2);
    const total = (n * (n + 1)) / 2;
    const counts = new Float64Array(total + 1);
    counts[0] = 1;
    for (let k = 1; k <= n; k++) for (let v = (k * (k + 1)) / 2; v >= k; v--) counts[v]! += counts[v - k]!;
    const all = 2 ** n;
    const cum = cumulative(counts);
    const pLower = (q: number) => (q < 0 ? 0 : cum[q]! / all);
    let qu = discreteQuantile(counts, all, alternative === 'two.sided' ? alpha / 2 : alpha);
    if (qu === 0) qu = 1;
    const ql = total - qu;
    const achieved = (alternative === 'two.sided' ? 2 : 1) * pLower(qu - 1);
    const ci: [number, number] =
      alternative === 'two.sided' ? [diffs[qu - 1]!, diffs[ql]!] : alternative === 'greater' ? [diffs[qu - 1]!, Infinity] : [-Infinity, diffs[ql]!];
    const achievedLevel = achieved - alpha > alpha / 2 ? 1 - signif2(achieved) : level;
    return { method: 'Wilcoxon signed rank exact test', alternative, estimate: median(diffs), ci, level: achievedLevel, exact: true };
  }
  const correct = opts.correct ?? true;
  const W = (d: number, withCorrection: boolean): number => {
    const xd: number[] = [];
    for (const v of xs) {
      const e = v - d;
      if (e !== 0) xd.push(e);
    }
    const nx = xd.length;
    const r = rank(xd.map(Math.abs));
    let s = 0;
    for (let i = 0; i < nx; i++) if (xd[i]! > 0) s += r.ranks[i]!;
    const zd = s - (nx * (nx + 1)) / 4;
    const sigma = Math.sqrt((nx * (nx + 1) * (2 * nx + 1)) / 24 - tieSum(r.ties) / 48);
    const c = withCorrection ? (alternative === 'two.sided' ? Math.sign(zd) * 0.5 : alternative === 'greater' ? 0.5 : -0.5) : 0;
    return (zd - c) / sigma;
  };
  let mumin = Infinity;
  let mumax = -Infinity;
  for (const v of xs) {
    if (v < mumin) mumin = v;
    if (v > mumax) mumax = v;
  }
  const wMin = W(mumin, correct);
  const wMax = W(mumax, correct);
  if (!Number.isFinite(wMin) || !Number.isFinite(wMax)) throw new StatsError('ZERO_VARIANCE', '所有差值都为0或完全相同，无法计算伪中位数的置信区间');
  const root = (zq: number) => zeroin((d) => W(d, correct) - zq, mumin, mumax, wMin - zq, wMax - zq, 1e-4);
  let ci: [number, number];
  let achievedLevel = level;
  const sorted_ = Float64Array.from(xs).sort();
  if (alternative === 'two.sided') {
    while (wMin - normalUpperQuantile(alpha / 2) < 0 || wMax - normalQuantile(alpha / 2) > 0) alpha *= 2;
    if (alpha >= 1 || 1 - level < alpha * 0.75) achievedLevel = 1 - Math.min(1, alpha);
    ci = alpha < 1 ? [root(normalUpperQuantile(alpha / 2)), root(normalQuantile(alpha / 2))] : [median(sorted_), median(sorted_)];
  } else if (alternative === 'greater') {
    while (wMin - normalUpperQuantile(alpha) < 0) alpha *= 2;
    if (alpha >= 1 || 1 - level < alpha * 0.75) achievedLevel = 1 - Math.min(1, alpha);
    ci = [alpha < 1 ? root(normalUpperQuantile(alpha)) : median(sorted_), Infinity];
  } else {
    while (wMax - normalQuantile(alpha / 2) > 0) alpha *= 2;
    if (alpha >= 1 || 1 - level < alpha * 0.75) achievedLevel = 1 - Math.min(1, alpha);
    ci = [-Infinity, alpha < 1 ? root(normalQuantile(alpha)) : median(sorted_)];
  }
  const estimate = zeroin((d) => W(d, false), mumin, mumax, W(mumin, false), W(mumax, false), 1e-4);
  return { method: `Wilcoxon signed rank test${correct ? ' with continuity correction' : ''}`, alternative, estimate, ci, level: achievedLevel, exact: false };
}

/**
 * Hodges–Lehmann difference in location x − y (median of all pairwise differences) with its
 * confidence interval, as R's wilcox.test(x, y, conf.int = TRUE).
 * @throws StatsError when a sample is empty or all values are tied.
 */
export function rankSumLocation(x: ArrayLike<number>, y: ArrayLike<number>, opts: LocationShiftOptions = {}): Readonly<LocationShiftResult> {
  const alternative = opts.alternative ?? 'two.sided';
  checkAlternative(alternative);
  const level = opts.level ?? 0.95;
  checkLevel(level);
  const a = finite(x);
  const b = finite(y);
  const m = a.length;
  const n = b.length;
  if (m < 1 || n < 1) throw new StatsError('GROUP_TOO_SMALL', `两组都需要至少1个有效观测（当前为${m}和${n}）`);
  const both = new Float64Array(m + n);
  both.set(a);
  both.set(b, m);
  const { ties } = rank(both);
  const exact = (opts.exact ?? (m < 50 && n < 50)) && ties.length === 0;
  const alpha = 1 - level;
  if (exact) {
    const diffs = new Float64Array(m * n);
    for (let i = 0, k = 0; i < n; i++) for (let j = 0; j < m; j++) diffs[k++] = a[j]! - b[i]!;
    diffs.sort();
    const counts = rankSumCounts(m, n);
    let total = 0;
    for (const c of counts) total += c;
    const cum = cumulative(counts);
    let qu = discreteQuantile(counts, total, alternative === 'two.sided' ? alpha / 2 : alpha);
    if (qu === 0) qu = 1;
    const ql = m * n - qu;
    const achieved = (alternative === 'two.sided' ? 2 : 1) * (qu - 1 < 0 ? 0 : cum[qu - 1]! / total);
    const ci: [number, number] =
      alternative === 'two.sided' ? [diffs[qu - 1]!, diffs[ql]!] : alternative === 'greater' ? [diffs[qu - 1]!, Infinity] : [-Infinity, diffs[ql]!];
    return { method: 'Wilcoxon rank sum exact test', alternative, estimate: median(diffs), ci, level: achieved - alpha > alpha / 2 ? 1 - achieved : level, exact: true };
  }
  const correct = opts.correct ?? true;
  const N = m + n;
  const W = (d: number, withCorrection: boolean): number => {
    const dr = new Float64Array(N);
    for (let i = 0; i < m; i++) dr[i] = a[i]! - d;
    dr.set(b, m);
    const r = rank(dr);
    let s = 0;
    for (let i = 0; i < m; i++) s += r.ranks[i]!;
    const dz = s - (m * (m + 1)) / 2 - (m * n) / 2;
    const c = withCorrection ? (alternative === 'two.sided' ? Math.sign(dz) * 0.5 : alternative === 'greater' ? 0.5 : -0.5) : 0;
    const sigma = Math.sqrt(((m * n) / 12) * (N + 1 - tieSum(r.ties) / (N * (N - 1))));
    return (dz - c) / sigma;
  };
  let minA = Infinity, maxA = -Infinity, minB = Infinity, maxB = -Infinity;
  for (const v of a) { if (v < minA) minA = v; if (v > maxA) maxA = v; }
  for (const v of b) { if (v < minB) minB = v; if (v > maxB) maxB = v; }
  const mumin = minA - maxB;
  const mumax = maxA - minB;
  const wMin = W(mumin, correct);
  const wMax = W(mumax, correct);
  if (!Number.isFinite(wMin) || !Number.isFinite(wMax)) throw new StatsError('ZERO_VARIANCE', '所有数值都相同，无法计算位置差的置信区间');
  const root = (zq: number): number => {
    const fl = wMin - zq;
    if (fl <= 0) return mumin;
    const fu = wMax - zq;
    if (fu >= 0) return mumax;
    return zeroin((d) => W(d, correct) - zq, mumin, mumax, fl, fu, 1e-4);
  };
  const ci: [number, number] =
    alternative === 'two.sided'
      ? [root(normalUpperQuantile(alpha / 2)), root(normalQuantile(alpha / 2))]
      : alternative === 'greater'
        ? [root(normalUpperQuantile(alpha)), Infinity]
        : [-Infinity, root(normalQuantile(alpha))];
  const estimate = zeroin((d) => W(d, false), mumin, mumax, W(mumin, false), W(mumax, false), 1e-4);
  return { method: `Wilcoxon rank sum test${correct ? ' with continuity correction' : ''}`, alternative, estimate, ci, level, exact: false };
}

// ---------------------------------------------------------------------------------------------
// Two-sample Kolmogorov–Smirnov test as R 4.2's ks.test(x, y): D from the two ECDFs (compared only
// where the pooled sorted values change), exact p when m·n < 10000 by counting lattice paths
// (psmirnov, which also handles ties), otherwise the limiting distribution (pkstwo, tol 1e-6) or
// exp(−2·mn/(m+n)·D²) for one-sided alternatives.

export interface KsTwoSampleResult {
  method: string;
  alternative: Alternative;
  /** D (two-sided), D⁺ = max(F_x − F_y) ('greater'), D⁻ = max(F_y − F_x) ('less'). */
  statistic: number;
  pValue: number;
  exact: boolean;
  ties: boolean;
  nx: number;
  ny: number;
}

/** R's pkstwo: P(K ≤ x) of the limiting distribution, with R's series and stopping rules. */
function pkstwo(x: number, tol = 1e-6): number {
  const kMax = Math.trunc(Math.sqrt(2 - Math.log(tol)));
  if (x < 1) {
    const z = -((Math.PI / 2) * (Math.PI / 4)) / (x * x);
    const w = Math.log(x);
    let s = 0;
    for (let k = 1; k < kMax; k += 2) s += Math.exp(k * k * z - w);
    return s / (1 / Math.sqrt(2 * Math.PI));
  }
  const z = -2 * x * x;
  let s = -1;
  let k = 1;
  let old = 0;
  let next = 1;
  while (Math.abs(old - next) > tol) {
    old = next;
    next += 2 * s * Math.exp(z * k * k);
    s *= -1;
    k++;
  }
  return next;
}

/**
 * Two-sample Kolmogorov–Smirnov test (R 4.2: ks.test(x, y, alternative, exact)).
 * @throws StatsError when a sample is empty.
 */
export function ksTwoSample(x: ArrayLike<number>, y: ArrayLike<number>, opts: { alternative?: Alternative; exact?: boolean } = {}): Readonly<KsTwoSampleResult> {
  const alternative = opts.alternative ?? 'two.sided';
  checkAlternative(alternative);
  const a = finite(x);
  const b = finite(y);
  const m = a.length;
  const n = b.length;
  if (m < 1 || n < 1) throw new StatsError('GROUP_TOO_SMALL', `两组都需要至少1个有效观测（当前为${m}和${n}）`);
  const N = m + n;
  const exact = opts.exact ?? m * n < 10000;
  const w = new Float64Array(N);
  w.set(a);
  w.set(b, m);
  // order(w): stable, so within ties x comes before y as in R.
  const order = Array.from({ length: N }, (_, i) => i).sort((i, j) => w[i]! - w[j]! || i - j);
  const sw = order.map((i) => w[i]!);
  const changes: boolean[] = sw.map((v, i) => i === N - 1 || sw[i + 1] !== v);
  const ties = changes.some((c) => !c);
  let z = 0;
  let dTwo = 0;
  let dPlus = -Infinity;
  let dMinus = Infinity;
  for (let i = 0; i < N; i++) {
    z += order[i]! < m ? 1 / m : -1 / n;
    if (!changes[i]) continue;
    dTwo = Math.max(dTwo, Math.abs(z));
    dPlus = Math.max(dPlus, z);
    dMinus = Math.min(dMinus, z);
  }
  const statistic = alternative === 'two.sided' ? dTwo : alternative === 'greater' ? dPlus : -dMinus;
  const twoSided = alternative === 'two.sided';
  let p: number;
  if (exact) {
    const q = (0.5 + Math.floor(statistic * m * n - 1e-7)) / (m * n);
    // Lattice paths (u x-steps, v y-steps) whose |u/m − v/n| (or u/m − v/n) stays below q wherever
    // the pooled sorted values change; R's pfun.
    let lo = 0;
    let diag = Float64Array.of(1);
    for (let k = 1; k <= N; k++) {
      const newLo = Math.max(0, k - n);
      const newHi = Math.min(m, k);
      const next = new Float64Array(newHi - newLo + 1);
      for (let u = newLo; u <= newHi; u++) {
        const fromY = u - lo >= 0 && u - lo < diag.length ? diag[u - lo]! : 0;
        const fromX = u - 1 - lo >= 0 && u - 1 - lo < diag.length ? diag[u - 1 - lo]! : 0;
        let c = fromY + fromX;
        if (changes[k - 1]) {
          let d = u / m - (k - u) / n;
          if (twoSided) d = Math.abs(d);
          if (!(q > d)) c = 0;
        }
        next[u - newLo] = c;
      }
      diag = next;
      lo = newLo;
    }
    let logDenom = 0;
    for (let i = 1; i <= Math.min(m, n); i++) logDenom += Math.log((N - Math.min(m, n) + i) / i);
    p = 1 - diag[0]! / Math.exp(logDenom);
  } else {
    const nn = (m * n) / (m + n);
    p = twoSided ? (statistic < DBL_EPSILON ? 1 : 1 - pkstwo(Math.sqrt(nn) * statistic)) : Math.exp(-2 * nn * statistic * statistic);
  }
  return {
    method: `${exact ? 'Exact' : 'Asymptotic'} two-sample Kolmogorov-Smirnov test`,
    alternative,
    statistic,
    pValue: Math.min(1, Math.max(0, p)),
    exact,
    ties,
    nx: m,
    ny: n,
  };
}
