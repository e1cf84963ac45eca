// Rank tests: Mann–Whitney U (Wilcoxon rank-sum), Wilcoxon signed-rank, Kruskal–Wallis, as R
// computes them (exact distributions for small samples without ties, else the normal approximation
// with tie and continuity corrections).
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { binomialCdf, binomialPmf, binomialSf } from '../distributions/discrete.js';
import { normalCdf, normalSf } from '../distributions/normal.js';
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
  const mu = opts.mu ?? 0;
  const d: number[] = [];
  if (y) {
    if (x.length !== y.length) throw new StatsError('INVALID_ARGUMENT', '配对数据的两列长度必须相同');
    for (let i = 0; i < x.length; i++) if (Number.isFinite(x[i]) && Number.isFinite(y[i])) d.push(x[i]! - y[i]! - mu);
  } else {
    for (const v of finite(x)) d.push(v - mu);
  }
  const zeroes = d.some((v) => v === 0);
  const nz = d.filter((v) => v !== 0);
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
