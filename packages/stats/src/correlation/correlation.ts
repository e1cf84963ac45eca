// Correlation: Pearson (with the Fisher-z CI), Spearman and Kendall's tau-b with R's p-values,
// partial correlation, and correlation matrices.
import { StatsError } from '../errors.js';
import { normalCdf, normalQuantile, normalSf } from '../distributions/normal.js';
import { tCdf, tSf } from '../distributions/t.js';
import { rank, sortWithKeys } from '../internal/rank.js';
import { finishMoments } from '../internal/sum.js';
import { qrLeastSquares } from '../regression/qr.js';
import { checkAlternative, checkLevel, pFromTails, type Alternative } from '../hypothesis/common.js';

export type CorrelationMethod = 'pearson' | 'spearman' | 'kendall';

export interface CorrelationResult {
  method: CorrelationMethod;
  alternative: Alternative;
  /** r, ρ or τ_b. */
  estimate: number;
  /** t (Pearson; Spearman with ties), S (Spearman exact), T (Kendall exact) or z (Kendall with ties), as R reports. */
  statistic: number;
  statisticName: 't' | 'S' | 'T' | 'z';
  df: number | null;
  pValue: number;
  /** Fisher-z confidence interval (Pearson with n ≥ 4 only). */
  ci: readonly [number, number] | null;
  level: number;
  n: number;
  exact: boolean;
}

export interface CorrelationOptions {
  method?: CorrelationMethod;
  alternative?: Alternative;
  level?: number;
  /** Exact p-values for Spearman (n < 1290) and Kendall (n < 50) without ties; default as R. */
  exact?: boolean;
}

/**
 * Complete pairs of x and y, counted first and copied once into typed arrays. Two complete
 * Float64Arrays are returned as they are (no copy of 10⁶ values): read them, do not modify them.
 */
function pairs(x: ArrayLike<number>, y: ArrayLike<number>): [Float64Array, Float64Array] {
  if (x.length !== y.length) throw new StatsError('INVALID_ARGUMENT', '两个变量的长度必须相同');
  let m = 0;
  for (let i = 0; i < x.length; i++) if (Number.isFinite(x[i]) && Number.isFinite(y[i])) m++;
  if (m === x.length && x instanceof Float64Array && y instanceof Float64Array) return [x, y];
  const a = new Float64Array(m);
  const b = new Float64Array(m);
  for (let i = 0, k = 0; i < x.length; i++) {
    if (Number.isFinite(x[i]) && Number.isFinite(y[i])) {
      a[k] = x[i]!;
      b[k++] = y[i]!;
    }
  }
  return [a, b];
}

/**
 * Pearson's r of complete data, via centred sums: each variable's mean and Σ(x − x̄)² exactly as
 * meanAndSs computes them, and the compensated Σ(x − x̄)(y − ȳ), in three passes over both
 * variables together (the cross-product runs beside the sums of squares; it is redone only when
 * meanAndSs's exact decimal reading replaces a mean).
 */
export function pearsonR(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const n = x.length;
  // Pass 1: compensated sums (as sum()).
  let sx = 0;
  let cx = 0;
  let sy = 0;
  let cy = 0;
  for (let i = 0; i < n; i++) {
    const u = x[i]!;
    const v = y[i]!;
    const tx = sx + u;
    cx += Math.abs(sx) >= Math.abs(u) ? sx - tx + u : u - tx + sx;
    sx = tx;
    const ty = sy + v;
    cy += Math.abs(sy) >= Math.abs(v) ? sy - ty + v : v - ty + sy;
    sy = ty;
  }
  // Pass 2: the means' refinement (as mean()).
  const x0 = (sx + cx) / n;
  const y0 = (sy + cy) / n;
  let dx = 0;
  let dy = 0;
  for (let i = 0; i < n; i++) {
    dx += x[i]! - x0;
    dy += y[i]! - y0;
  }
  const ax = x0 + dx / n;
  const ay = y0 + dy / n;
  // Pass 3: sums of squares (as sumSquaredDeviations()) and the cross-product, all compensated.
  let qx = 0;
  let kx = 0;
  let ex = 0;
  let qy = 0;
  let ky = 0;
  let ey = 0;
  let s = 0;
  let c = 0;
  for (let i = 0; i < n; i++) {
    const du = x[i]! - ax;
    const dv = y[i]! - ay;
    ex += du;
    const u2 = du * du;
    const tx = qx + u2;
    kx += qx >= u2 ? qx - tx + u2 : u2 - tx + qx;
    qx = tx;
    ey += dv;
    const v2 = dv * dv;
    const ty = qy + v2;
    ky += qy >= v2 ? qy - ty + v2 : v2 - ty + qy;
    qy = ty;
    const w = du * dv;
    const t = s + w;
    c += Math.abs(s) >= Math.abs(w) ? s - t + w : w - t + s;
    s = t;
  }
  const mx = finishMoments(ax, qx + kx - (ex * ex) / n, n, () => x);
  const my = finishMoments(ay, qy + ky - (ey * ey) / n, n, () => y);
  if (!(mx.ss > 0) || !(my.ss > 0)) throw new StatsError('ZERO_VARIANCE', '变量的所有值都相同（标准差为0），无法计算相关系数');
  const sxy = mx.mean === ax && my.mean === ay ? s + c : crossProduct(x, y, mx.mean, my.mean);
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(mx.ss * my.ss)));
}

/** Neumaier-compensated Σ(x − ax)(y − ay). */
function crossProduct(x: ArrayLike<number>, y: ArrayLike<number>, ax: number, ay: number): number {
  let s = 0;
  let c = 0;
  for (let i = 0; i < x.length; i++) {
    const v = (x[i]! - ax) * (y[i]! - ay);
    const t = s + v;
    c += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s;
    s = t;
  }
  return s + c;
}

/**
 * Correlation test of x and y (R: cor.test). Incomplete pairs are dropped.
 * @throws StatsError with fewer than 3 complete pairs or a constant variable.
 */
export function correlationTest(x: ArrayLike<number>, y: ArrayLike<number>, opts: CorrelationOptions = {}): Readonly<CorrelationResult> {
  const method = opts.method ?? 'pearson';
  const alternative = opts.alternative ?? 'two.sided';
  const level = opts.level ?? 0.95;
  checkAlternative(alternative);
  checkLevel(level);
  const [a, b] = pairs(x, y);
  const n = a.length;
  if (n < 3) throw new StatsError('TOO_FEW_OBSERVATIONS', `完整的成对观测只有${n}对，相关分析至少需要3对`);
  if (method === 'pearson') return pearson(a, b, alternative, level);
  if (method === 'spearman') return spearman(a, b, alternative, level, opts.exact);
  if (method === 'kendall') return kendall(a, b, alternative, level, opts.exact);
  throw new StatsError('INVALID_ARGUMENT', '相关方法必须是 pearson、spearman 或 kendall');
}

function tTest(r: number, n: number, alternative: Alternative) {
  const df = n - 2;
  const t = r === 1 || r === -1 ? r * Infinity : r * Math.sqrt(df / (1 - r * r));
  return { t, df, p: pFromTails(tCdf(t, df), tSf(t, df), alternative) };
}

function pearson(a: Float64Array, b: Float64Array, alternative: Alternative, level: number): CorrelationResult {
  const n = a.length;
  const r = pearsonR(a, b);
  const { t, df, p } = tTest(r, n, alternative);
  let ci: [number, number] | null = null;
  if (n > 3) {
    const z = Math.atanh(r);
    const se = 1 / Math.sqrt(n - 3);
    if (alternative === 'less') ci = [-1, Math.tanh(z + normalQuantile(level) * se)];
    else if (alternative === 'greater') ci = [Math.tanh(z - normalQuantile(level) * se), 1];
    else {
      const q = normalQuantile(1 - (1 - level) / 2);
      ci = [Math.tanh(z - q * se), Math.tanh(z + q * se)];
    }
  }
  return { method: 'pearson', alternative, estimate: r, statistic: t, statisticName: 't', df, pValue: p, ci, level, n, exact: false };
}

// Edgeworth-series coefficients of Best & Roberts (1975), Algorithm AS 89.
const AS89 = [0.2274, 0.2531, 0.1745, 0.0758, 0.1033, 0.3932, 0.0879, 0.0151, 0.0072, 0.0831, 0.0131, 4.6e-4] as const;

/** P(S ≥ s) for Spearman's S = Σd² with n distinct ranks: exact for n ≤ 9, AS 89 series above. */
function spearmanUpper(s: number, n: number): number {
  if (s <= 0) return 1;
  const n3 = (n * (n * n - 1)) / 3;
  if (s > n3) return 0;
  if (n <= 9) {
    const perm = Array.from({ length: n }, (_, i) => i + 1);
    let count = 0;
    let total = 0;
    const visit = (k: number) => {
      if (k === n) {
        let d2 = 0;
        for (let i = 0; i < n; i++) d2 += (perm[i]! - i - 1) ** 2;
        total++;
        if (d2 >= s) count++;
        return;
      }
      for (let i = k; i < n; i++) {
        [perm[k], perm[i]] = [perm[i]!, perm[k]!];
        visit(k + 1);
        [perm[k], perm[i]] = [perm[i]!, perm[k]!];
      }
    };
    visit(0);
    return count / total;
  }
  const [c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12] = AS89;
  const b = 1 / n;
  const x = ((6 * (s - 1) * b) / (n * n - 1) - 1) * Math.sqrt(1 / b - 1);
  let y = x * x;
  const u = x * b * (c1 + b * (c2 + c3 * b) + y * (-c4 + b * (c5 + c6 * b) - y * b * (c7 + c8 * b - y * (c9 - c10 * b + y * b * (c11 - c12 * y)))));
  y = u / Math.exp(y / 2);
  return Math.min(1, Math.max(0, y + normalSf(x)));
}

function spearman(a: Float64Array, b: Float64Array, alternative: Alternative, level: number, exactOpt?: boolean): CorrelationResult {
  const n = a.length;
  const ra = rank(a);
  const rb = rank(b);
  const rho = pearsonR(ra.ranks, rb.ranks);
  const ties = ra.ties.length > 0 || rb.ties.length > 0;
  const exact = (exactOpt ?? n < 1290) && !ties;
  const S = ((n * n * n - n) * (1 - rho)) / 6;
  if (!exact) {
    const { df, p } = tTest(rho, n, alternative);
    return { method: 'spearman', alternative, estimate: rho, statistic: S, statisticName: 'S', df, pValue: p, ci: null, level, n, exact: false };
  }
  const q = Math.round(S);
  // P(S ≤ q) = 1 − P(S ≥ q + 2): S takes even values only when there are no ties.
  const lower = (v: number) => 1 - spearmanUpper(v + 2, n);
  const upper = (v: number) => spearmanUpper(v, n);
  let p: number;
  if (alternative === 'greater') p = lower(q);
  else if (alternative === 'less') p = upper(q);
  else p = Math.min(1, 2 * (q > (n * n * n - n) / 6 ? upper(q) : lower(q)));
  return { method: 'spearman', alternative, estimate: rho, statistic: S, statisticName: 'S', df: null, pValue: p, ci: null, level, n, exact: true };
}

/** Pair counts behind Kendall's τ_b: all n(n−1)/2 pairs split by sign, ties in x, y and both. */
export interface KendallCounts {
  n: number;
  concordant: number;
  discordant: number;
  /** Pairs tied in x (joint ties included), in y, and in both. */
  tiedX: number;
  tiedY: number;
  tiedXY: number;
  /** Sizes of the tie groups (> 1) of x and of y, in ascending order of value (R's table() order). */
  xTies: number[];
  yTies: number[];
}

/**
 * Kendall pair counts by Knight's algorithm (1966, "A computer method for calculating Kendall's tau
 * with ungrouped data", JASA 61): sort the pairs by (x, y), count the pairs tied in x and tied in
 * both on that order, then merge-sort the y's counting exchanges — each exchange is one discordant
 * pair, and pairs tied in x are already in y order so they never exchange. O(n log n).
 */
export function kendallPairCounts(a: ArrayLike<number>, b: ArrayLike<number>): KendallCounts {
  const n = a.length;
  // y's dense ranks (so the merge compares integers) and its tie groups; equal values have equal
  // sort keys, so groups are runs of the sorted keys.
  const byY = sortWithKeys(b);
  const ry = new Int32Array(n);
  const yTies: number[] = [];
  let tiedY = 0;
  let dense = 0;
  for (let i = 0; i < n; ) {
    const h = byY.hi[i]!;
    const l = byY.lo[i]!;
    let j = i;
    while (j + 1 < n && byY.hi[j + 1] === h && byY.lo[j + 1] === l) j++;
    for (let k = i; k <= j; k++) ry[byY.order[k]!] = dense;
    dense++;
    const t = j - i + 1;
    if (t > 1) {
      yTies.push(t);
      tiedY += (t * (t - 1)) / 2;
    }
    i = j + 1;
  }
  // Stable sort by x of the y order: pairs in (x, y) order.
  const byXY = sortWithKeys(a, byY.order);
  const xTies: number[] = [];
  let tiedX = 0;
  let tiedXY = 0;
  const seq = new Int32Array(n);
  for (let k = 0; k < n; k++) seq[k] = ry[byXY.order[k]!]!;
  for (let i = 0; i < n; ) {
    const h = byXY.hi[i]!;
    const l = byXY.lo[i]!;
    let j = i;
    while (j + 1 < n && byXY.hi[j + 1] === h && byXY.lo[j + 1] === l) j++;
    const t = j - i + 1;
    if (t > 1) {
      xTies.push(t);
      tiedX += (t * (t - 1)) / 2;
      // Runs of equal y inside the x group are the joint ties.
      for (let k = i; k <= j; ) {
        let m = k;
        while (m + 1 <= j && seq[m + 1] === seq[k]) m++;
        const u = m - k + 1;
        tiedXY += (u * (u - 1)) / 2;
        k = m + 1;
      }
    }
    i = j + 1;
  }
  const discordant = countExchanges(seq);
  const n0 = (n * (n - 1)) / 2;
  const concordant = n0 - tiedX - tiedY + tiedXY - discordant;
  return { n, concordant, discordant, tiedX, tiedY, tiedXY, xTies, yTies };
}

/** Exchanges a stable bottom-up merge sort makes to sort `v` ascending (strict inversions); `v` is rearranged. */
function countExchanges(v: Int32Array): number {
  const n = v.length;
  let src: Int32Array = v;
  let dst: Int32Array = new Int32Array(n);
  let exchanges = 0;
  // Insertion sort of short runs first (fewer passes over memory), counting the same inversions.
  const RUN = 16;
  for (let lo = 0; lo < n; lo += RUN) {
    const hi = Math.min(lo + RUN, n);
    for (let i = lo + 1; i < hi; i++) {
      const x = src[i]!;
      let j = i - 1;
      while (j >= lo && src[j]! > x) {
        src[j + 1] = src[j]!;
        j--;
      }
      exchanges += i - 1 - j;
      src[j + 1] = x;
    }
  }
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        if (src[j]! < src[i]!) {
          exchanges += mid - i;
          dst[k++] = src[j++]!;
        } else dst[k++] = src[i++]!;
      }
      while (i < mid) dst[k++] = src[i++]!;
      while (j < hi) dst[k++] = src[j++]!;
    }
    const t = src;
    src = dst;
    dst = t;
  }
  return exchanges;
}

/**
 * The same counts by comparing every pair, O(n²): the reference the O(n log n) counts are tested
 * against. Not for data of any size.
 */
export function kendallPairCountsQuadratic(a: ArrayLike<number>, b: ArrayLike<number>): Omit<KendallCounts, 'xTies' | 'yTies'> {
  const n = a.length;
  let tiedX = 0;
  let tiedY = 0;
  let tiedXY = 0;
  let concordant = 0;
  let discordant = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const d = Math.sign(a[j]! - a[i]!) * Math.sign(b[j]! - b[i]!);
      const ex = a[j] === a[i];
      const ey = b[j] === b[i];
      if (ex) tiedX++;
      if (ey) tiedY++;
      if (ex && ey) tiedXY++;
      if (d > 0) concordant++;
      else if (d < 0) discordant++;
    }
  }
  return { n, concordant, discordant, tiedX, tiedY, tiedXY };
}

/** Cumulative counts of permutations of n by number of inversions (Mahonian numbers). */
function kendallCounts(n: number): Float64Array {
  let c = Float64Array.of(1);
  for (let m = 2; m <= n; m++) {
    const next = new Float64Array(c.length + m - 1);
    let window = 0;
    for (let k = 0; k < next.length; k++) {
      window += k < c.length ? c[k]! : 0;
      if (k - m >= 0 && k - m < c.length) window -= c[k - m]!;
      next[k] = window;
    }
    c = next;
  }
  return c;
}

function kendall(a: Float64Array, b: Float64Array, alternative: Alternative, level: number, exactOpt?: boolean): CorrelationResult {
  const n = a.length;
  const k = kendallPairCounts(a, b);
  const n0p = (n * (n - 1)) / 2;
  const denom = Math.sqrt((n0p - k.tiedX) * (n0p - k.tiedY));
  if (!(denom > 0)) throw new StatsError('ZERO_VARIANCE', '变量的所有值都相同，无法计算Kendall相关系数');
  const tau = (k.concordant - k.discordant) / denom;
  const concordant = k.concordant;
  const xt = k.xTies;
  const yt = k.yTies;
  const ties = xt.length > 0 || yt.length > 0;
  const exact = (exactOpt ?? n < 50) && !ties;
  if (exact) {
    const counts = kendallCounts(n);
    const total = counts.reduce((x, y) => x + y, 0);
    const q = concordant;
    const le = (k: number) => counts.slice(0, k + 1).reduce((x, y) => x + y, 0) / total;
    const ge = (k: number) => counts.slice(Math.max(0, k)).reduce((x, y) => x + y, 0) / total;
    let p: number;
    if (alternative === 'greater') p = ge(q);
    else if (alternative === 'less') p = le(q);
    else p = Math.min(1, 2 * (q > (n * (n - 1)) / 4 ? ge(q) : le(q)));
    return { method: 'kendall', alternative, estimate: tau, statistic: q, statisticName: 'T', df: null, pValue: p, ci: null, level, n, exact: true };
  }
  const sumT = (t: number[], f: (x: number) => number) => t.reduce((s, x) => s + f(x), 0);
  const n0 = (n * (n - 1)) / 2;
  const t1 = sumT(xt, (t) => (t * (t - 1)) / 2);
  const t2 = sumT(yt, (t) => (t * (t - 1)) / 2);
  const S = tau * Math.sqrt((n0 - t1) * (n0 - t2));
  const v0 = n * (n - 1) * (2 * n + 5);
  const vt = sumT(xt, (t) => t * (t - 1) * (2 * t + 5));
  const vu = sumT(yt, (t) => t * (t - 1) * (2 * t + 5));
  const v1 = sumT(xt, (t) => t * (t - 1)) * sumT(yt, (t) => t * (t - 1));
  const v2 = sumT(xt, (t) => t * (t - 1) * (t - 2)) * sumT(yt, (t) => t * (t - 1) * (t - 2));
  const varS = (v0 - vt - vu) / 18 + v1 / (2 * n * (n - 1)) + v2 / (9 * n * (n - 1) * (n - 2));
  const z = S / Math.sqrt(varS);
  return {
    method: 'kendall',
    alternative,
    estimate: tau,
    statistic: z,
    statisticName: 'z',
    df: null,
    pValue: pFromTails(normalCdf(z), normalSf(z), alternative),
    ci: null,
    level,
    n,
    exact: false,
  };
}

/**
 * Partial correlation of x and y controlling for the columns of `z` (Pearson on the residuals of
 * least-squares fits on z), with its t test on n − 2 − k df (R: ppcor::pcor.test).
 */
export function partialCorrelation(x: ArrayLike<number>, y: ArrayLike<number>, z: readonly ArrayLike<number>[]) {
  const n = x.length;
  if (y.length !== n || z.some((c) => c.length !== n)) throw new StatsError('INVALID_ARGUMENT', '所有变量的长度必须相同');
  const keep: number[] = [];
  for (let i = 0; i < n; i++) if (Number.isFinite(x[i]) && Number.isFinite(y[i]) && z.every((c) => Number.isFinite(c[i]))) keep.push(i);
  const k = z.length;
  const m = keep.length;
  if (m - 2 - k < 1) throw new StatsError('TOO_FEW_OBSERVATIONS', `完整观测只有${m}个，控制${k}个变量的偏相关至少需要${k + 3}个`);
  const Z = [new Float64Array(m).fill(1), ...z.map((c) => Float64Array.from(keep, (i) => c[i]!))];
  const names = ['(Intercept)', ...z.map((_, j) => `控制变量${j + 1}`)];
  const rx = qrLeastSquares(Z, Float64Array.from(keep, (i) => x[i]!), names).residuals;
  const ry = qrLeastSquares(Z, Float64Array.from(keep, (i) => y[i]!), names).residuals;
  const r = pearsonR(rx, ry);
  const df = m - 2 - k;
  const t = r * Math.sqrt(df / (1 - r * r));
  return { estimate: r, statistic: t, df, pValue: Math.min(1, 2 * tSf(Math.abs(t), df)), n: m };
}

export interface CorrelationMatrix {
  names: string[];
  /** r[i][j]; the diagonal is 1. */
  r: number[][];
  p: number[][];
  n: number[][];
}

/** Pairwise correlation matrix with p-values (pairwise-complete observations). */
export function correlationMatrix(columns: Record<string, ArrayLike<number>>, opts: CorrelationOptions = {}): CorrelationMatrix {
  const names = Object.keys(columns);
  const k = names.length;
  const r = Array.from({ length: k }, () => Array<number>(k).fill(1));
  const p = Array.from({ length: k }, () => Array<number>(k).fill(0));
  const n = Array.from({ length: k }, () => Array<number>(k).fill(0));
  for (let i = 0; i < k; i++) {
    for (let j = i; j < k; j++) {
      if (i === j) {
        n[i]![i] = Array.from(columns[names[i]!]!).filter(Number.isFinite).length;
        continue;
      }
      const res = correlationTest(columns[names[i]!]!, columns[names[j]!]!, opts);
      r[i]![j] = r[j]![i] = res.estimate;
      p[i]![j] = p[j]![i] = res.pValue;
      n[i]![j] = n[j]![i] = res.n;
    }
  }
  return { names, r, p, n };
}
