// Agreement between raters or methods: Cohen's kappa (weighted), ICC (Shrout–Fleiss / McGraw–Wong),
// Kendall's W, Bland–Altman limits of agreement.
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { fQuantile, fSf } from '../distributions/f.js';
import { normalQuantile, normalSf } from '../distributions/normal.js';
import { tQuantile } from '../distributions/t.js';
import { rank, tieSum } from '../internal/rank.js';

export interface KappaResult {
  kappa: number;
  /** Large-sample SE (Fleiss, Cohen & Everitt 1969) and the CI κ ± z·SE. */
  se: number;
  ci: readonly [number, number];
  /** z test of κ = 0 with the SE under the null hypothesis. */
  statistic: number;
  pValue: number;
  observedAgreement: number;
  expectedAgreement: number;
  categories: string[];
  /** Counts, rater 1 in rows, rater 2 in columns, categories in the order above. */
  table: number[][];
  n: number;
  weights: 'none' | 'linear' | 'quadratic';
}

/**
 * Cohen's kappa of two raters, unweighted or with linear or quadratic agreement weights over the
 * ordered categories (numeric order when every category is a number, else as given by `categories`
 * or sorted). Pairs with a missing rating are dropped.
 */
export function cohenKappa(
  rater1: ArrayLike<string | number | null | undefined>,
  rater2: ArrayLike<string | number | null | undefined>,
  options: { weights?: 'none' | 'linear' | 'quadratic'; categories?: readonly (string | number)[]; level?: number } = {},
): KappaResult {
  if (rater1.length !== rater2.length) throw new StatsError('INVALID_ARGUMENT', '两位评价者的评分个数不同');
  const weights = options.weights ?? 'none';
  const level = options.level ?? 0.95;
  const pairs: [string, string][] = [];
  for (let i = 0; i < rater1.length; i++) {
    const a = rater1[i];
    const b = rater2[i];
    if (a === null || a === undefined || a === '' || b === null || b === undefined || b === '') continue;
    pairs.push([String(a), String(b)]);
  }
  const n = pairs.length;
  if (n < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', '有效的配对评分少于2对');
  let categories = options.categories ? options.categories.map(String) : [...new Set(pairs.flat())];
  if (!options.categories) {
    const numeric = categories.every((c) => Number.isFinite(Number(c)));
    categories.sort(numeric ? (x, y) => Number(x) - Number(y) : (x, y) => (x < y ? -1 : x > y ? 1 : 0));
  }
  for (const [a, b] of pairs) {
    if (!categories.includes(a) || !categories.includes(b)) throw new StatsError('INVALID_ARGUMENT', `评分“${!categories.includes(a) ? a : b}”不在指定的类别中`);
  }
  categories = [...categories];
  const k = categories.length;
  if (k < 2) throw new StatsError('ZERO_VARIANCE', '所有评分都属于同一类别，无法计算Kappa');
  const index = new Map(categories.map((c, i) => [c, i]));
  const table = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (const [a, b] of pairs) table[index.get(a)!]![index.get(b)!]!++;
  const w = (i: number, j: number) =>
    weights === 'none' ? (i === j ? 1 : 0) : weights === 'linear' ? 1 - Math.abs(i - j) / (k - 1) : 1 - ((i - j) * (i - j)) / ((k - 1) * (k - 1));
  const p = table.map((row) => row.map((c) => c / n));
  const rowP = p.map((row) => row.reduce((s, v) => s + v, 0));
  const colP = categories.map((_, j) => p.reduce((s, row) => s + row[j]!, 0));
  let po = 0;
  let pe = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      po += w(i, j) * p[i]![j]!;
      pe += w(i, j) * rowP[i]! * colP[j]!;
    }
  }
  if (pe >= 1) throw new StatsError('ZERO_VARIANCE', '期望一致率为1，Kappa无定义');
  const kappa = (po - pe) / (1 - pe);
  const wRow = categories.map((_, i) => categories.reduce((s, __, j) => s + colP[j]! * w(i, j), 0));
  const wCol = categories.map((_, j) => categories.reduce((s, __, i) => s + rowP[i]! * w(i, j), 0));
  let a = 0;
  let a0 = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      a += p[i]![j]! * (w(i, j) - (wRow[i]! + wCol[j]!) * (1 - kappa)) ** 2;
      a0 += rowP[i]! * colP[j]! * (w(i, j) - (wRow[i]! + wCol[j]!)) ** 2;
    }
  }
  const variance = (a - (kappa - pe * (1 - kappa)) ** 2) / (n * (1 - pe) ** 2);
  const variance0 = (a0 - pe * pe) / (n * (1 - pe) ** 2);
  const se = Math.sqrt(Math.max(0, variance));
  const z = normalQuantile(1 - (1 - level) / 2);
  const statistic = kappa / Math.sqrt(variance0);
  return {
    kappa,
    se,
    ci: [kappa - z * se, kappa + z * se],
    statistic,
    pValue: 2 * normalSf(Math.abs(statistic)),
    observedAgreement: po,
    expectedAgreement: pe,
    categories,
    table,
    n,
    weights,
  };
}

export interface IccRow {
  /** Shrout–Fleiss name (ICC1, ICC2, ICC3, ICC1k, ICC2k, ICC3k) and the McGraw–Wong description. */
  type: 'ICC1' | 'ICC2' | 'ICC3' | 'ICC1k' | 'ICC2k' | 'ICC3k';
  description: string;
  icc: number;
  f: number;
  df1: number;
  df2: number;
  pValue: number;
  ci: readonly [number, number];
}

/**
 * Intraclass correlations of n subjects (rows) rated by k raters (columns, complete data) in the six
 * Shrout–Fleiss forms with F tests and CIs, as psych::ICC (one-way random, two-way random absolute
 * agreement, two-way mixed consistency; single rater and mean of k raters).
 */
export function intraclassCorrelation(ratings: readonly (readonly number[])[], options: { level?: number } = {}): { rows: IccRow[]; n: number; k: number } {
  const level = options.level ?? 0.95;
  const n = ratings.length;
  if (n < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', '至少需要2个被评对象');
  const k = ratings[0]!.length;
  if (k < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', '至少需要2位评价者（或2次测量）');
  for (const row of ratings) {
    if (row.length !== k) throw new StatsError('INVALID_ARGUMENT', '每个被评对象的评分个数必须相同');
    for (const v of row) if (!Number.isFinite(v)) throw new StatsError('NON_FINITE', '评分中含有缺失值或非数值，请先删除不完整的行');
  }
  let grand = 0;
  for (const row of ratings) for (const v of row) grand += v;
  grand /= n * k;
  const rowMeans = ratings.map((row) => row.reduce((s, v) => s + v, 0) / k);
  const colMeans = Array.from({ length: k }, (_, j) => ratings.reduce((s, row) => s + row[j]!, 0) / n);
  let ssTotal = 0;
  for (const row of ratings) for (const v of row) ssTotal += (v - grand) ** 2;
  const ssRows = k * rowMeans.reduce((s, m) => s + (m - grand) ** 2, 0);
  const ssCols = n * colMeans.reduce((s, m) => s + (m - grand) ** 2, 0);
  const ssError = ssTotal - ssRows - ssCols;
  const msr = ssRows / (n - 1);
  const msc = ssCols / (k - 1);
  const mse = ssError / ((n - 1) * (k - 1));
  const msw = (ssCols + ssError) / (n * (k - 1));
  if (!(mse > 0) || !(msw > 0)) throw new StatsError('ZERO_VARIANCE', '评分在被评对象内没有变异，ICC无定义');
  const alpha = 1 - level;
  const qf = (p: number, d1: number, d2: number) => fQuantile(p, d1, d2);
  // One-way.
  const f1 = msr / msw;
  const df1a = n - 1;
  const df2a = n * (k - 1);
  const fl1 = f1 / qf(1 - alpha / 2, df1a, df2a);
  const fu1 = f1 * qf(1 - alpha / 2, df2a, df1a);
  // Two-way.
  const f3 = msr / mse;
  const df2b = (n - 1) * (k - 1);
  const fl3 = f3 / qf(1 - alpha / 2, df1a, df2b);
  const fu3 = f3 * qf(1 - alpha / 2, df2b, df1a);
  const icc1 = (msr - msw) / (msr + (k - 1) * msw);
  const icc2 = (msr - mse) / (msr + (k - 1) * mse + (k * (msc - mse)) / n);
  const icc3 = (msr - mse) / (msr + (k - 1) * mse);
  // ICC2 bounds: Satterthwaite df for the denominator (Shrout & Fleiss 1979, eq. 11–12).
  const fj = msc / mse;
  const vn = (k - 1) * (n - 1) * (k * icc2 * fj + n * (1 + (k - 1) * icc2) - k * icc2) ** 2;
  const vd = (n - 1) * k * k * icc2 * icc2 * fj * fj + (n * (1 + (k - 1) * icc2) - k * icc2) ** 2;
  const v = vn / vd;
  const f2u = qf(1 - alpha / 2, n - 1, v);
  const f2l = qf(1 - alpha / 2, v, n - 1);
  const l2 = (n * (msr - f2u * mse)) / (f2u * (k * msc + (k * n - k - n) * mse) + n * msr);
  const u2 = (n * (f2l * msr - mse)) / (k * msc + (k * n - k - n) * mse + n * f2l * msr);
  const spearmanBrown = (r: number) => (k * r) / (1 + (k - 1) * r);
  const row = (type: IccRow['type'], description: string, icc: number, f: number, d1: number, d2: number, ci: [number, number]): IccRow => ({
    type,
    description,
    icc,
    f,
    df1: d1,
    df2: d2,
    pValue: fSf(f, d1, d2),
    ci,
  });
  return {
    n,
    k,
    rows: [
      row('ICC1', '单向随机，单次测量', icc1, f1, df1a, df2a, [(fl1 - 1) / (fl1 + k - 1), (fu1 - 1) / (fu1 + k - 1)]),
      row('ICC2', '双向随机，绝对一致，单次测量', icc2, f3, df1a, df2b, [l2, u2]),
      row('ICC3', '双向混合，一致性，单次测量', icc3, f3, df1a, df2b, [(fl3 - 1) / (fl3 + k - 1), (fu3 - 1) / (fu3 + k - 1)]),
      row('ICC1k', '单向随机，k次测量平均', (msr - msw) / msr, f1, df1a, df2a, [1 - 1 / fl1, 1 - 1 / fu1]),
      row('ICC2k', '双向随机，绝对一致，k次测量平均', (msr - mse) / (msr + (msc - mse) / n), f3, df1a, df2b, [spearmanBrown(l2), spearmanBrown(u2)]),
      row('ICC3k', '双向混合，一致性，k次测量平均', (msr - mse) / msr, f3, df1a, df2b, [1 - 1 / fl3, 1 - 1 / fu3]),
    ],
  };
}

/**
 * Kendall's coefficient of concordance W of m raters ranking n objects (ratings ranked within each
 * rater, ties given mid-ranks and corrected for): W = 12S/(m²(n³ − n) − mΣ(t³ − t)); χ² = m(n − 1)W
 * on n − 1 df (the Friedman statistic).
 */
export function kendallW(ratings: readonly (readonly number[])[]): { w: number; statistic: number; df: number; pValue: number; m: number; n: number } {
  const m = ratings.length;
  if (m < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', '至少需要2位评价者');
  const n = ratings[0]!.length;
  if (n < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', '至少需要2个被评对象');
  const sums = new Float64Array(n);
  let ties = 0;
  for (const r of ratings) {
    if (r.length !== n) throw new StatsError('INVALID_ARGUMENT', '每位评价者的评分个数必须相同');
    for (const v of r) if (!Number.isFinite(v)) throw new StatsError('NON_FINITE', '评分中含有缺失值或非数值');
    const rk = rank(r);
    for (let j = 0; j < n; j++) sums[j]! += rk.ranks[j]!;
    ties += tieSum(rk.ties);
  }
  const mean = (m * (n + 1)) / 2;
  let s = 0;
  for (const v of sums) s += (v - mean) ** 2;
  const denominator = m * m * (n ** 3 - n) - m * ties;
  if (!(denominator > 0)) throw new StatsError('ZERO_VARIANCE', '所有评价者对所有对象的评分都相同，W无定义');
  const w = (12 * s) / denominator;
  const statistic = m * (n - 1) * w;
  return { w, statistic, df: n - 1, pValue: chisqSf(statistic, n - 1), m, n };
}

export interface BlandAltmanResult {
  n: number;
  /** Mean difference (method 1 − method 2) with its CI. */
  bias: number;
  biasCi: readonly [number, number];
  sd: number;
  lower: number;
  upper: number;
  /** CIs of the limits: LoA ± t·s·√(1/n + z²/(2(n − 1))) (Bland & Altman 1999). */
  lowerCi: readonly [number, number];
  upperCi: readonly [number, number];
  /** Points to plot: mean of the two methods against their difference. */
  points: { mean: number; difference: number }[];
  level: number;
}

/** Bland–Altman analysis of two measurement methods on the same subjects (incomplete pairs dropped). */
export function blandAltman(method1: ArrayLike<number | null | undefined>, method2: ArrayLike<number | null | undefined>, options: { level?: number } = {}): BlandAltmanResult {
  if (method1.length !== method2.length) throw new StatsError('INVALID_ARGUMENT', '两种测量方法的数据个数不同');
  const level = options.level ?? 0.95;
  const points: { mean: number; difference: number }[] = [];
  for (let i = 0; i < method1.length; i++) {
    const a = method1[i];
    const b = method2[i];
    if (typeof a === 'number' && typeof b === 'number' && Number.isFinite(a) && Number.isFinite(b)) points.push({ mean: (a + b) / 2, difference: a - b });
  }
  const n = points.length;
  if (n < 3) throw new StatsError('TOO_FEW_OBSERVATIONS', `有效的配对测量为${n}对，至少需要3对`);
  const bias = points.reduce((s, p) => s + p.difference, 0) / n;
  const sd = Math.sqrt(points.reduce((s, p) => s + (p.difference - bias) ** 2, 0) / (n - 1));
  const z = normalQuantile(1 - (1 - level) / 2);
  const t = tQuantile(1 - (1 - level) / 2, n - 1);
  const lower = bias - z * sd;
  const upper = bias + z * sd;
  const seBias = sd / Math.sqrt(n);
  const seLimit = sd * Math.sqrt(1 / n + (z * z) / (2 * (n - 1)));
  return {
    n,
    bias,
    biasCi: [bias - t * seBias, bias + t * seBias],
    sd,
    lower,
    upper,
    lowerCi: [lower - t * seLimit, lower + t * seLimit],
    upperCi: [upper - t * seLimit, upper + t * seLimit],
    points,
    level,
  };
}

/**
 * Fleiss' kappa for m raters assigning subjects to nominal categories (Fleiss 1971), with the
 * standard error under κ = 0 of Fleiss, Nee & Landis (1979) and its z test, and a kappa per category
 * (as irr::kappam.fleiss with detail = TRUE). `ratings[subject][rater]`; subjects with a missing
 * rating are dropped.
 */
export function fleissKappa(ratings: readonly (readonly (string | number | null | undefined)[])[]): {
  kappa: number;
  se: number;
  z: number;
  pValue: number;
  subjects: number;
  raters: number;
  excluded: number;
  categories: { category: string; proportion: number; kappa: number; z: number; pValue: number }[];
} {
  const complete = ratings.filter((r) => r.every((v) => v !== null && v !== undefined && v !== '' && !(typeof v === 'number' && !Number.isFinite(v))));
  const N = complete.length;
  const m = complete[0]?.length ?? 0;
  if (m < 2) throw new StatsError('INVALID_ARGUMENT', "Fleiss' kappa至少需要2名评价者");
  if (complete.some((r) => r.length !== m)) throw new StatsError('INVALID_ARGUMENT', '每个对象的评价者人数必须相同');
  if (N < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', `完整评价的对象只有${N}个，至少需要2个`);
  const labels = [...new Set(complete.flat().map(String))].sort((a, b) => {
    const x = Number(a);
    const y = Number(b);
    return Number.isFinite(x) && Number.isFinite(y) ? x - y : a.localeCompare(b, 'zh-CN');
  });
  if (labels.length < 2) throw new StatsError('ZERO_VARIANCE', '所有评价都属于同一类别，无法计算kappa');
  const idx = new Map(labels.map((l, j) => [l, j]));
  const counts = complete.map((r) => {
    const c = new Array<number>(labels.length).fill(0);
    for (const v of r) c[idx.get(String(v))!]!++;
    return c;
  });
  const p = labels.map((_, j) => counts.reduce((s, c) => s + c[j]!, 0) / (N * m));
  const pBar = counts.reduce((s, c) => s + (c.reduce((t, x) => t + x * x, 0) - m) / (m * (m - 1)), 0) / N;
  const pe = p.reduce((s, x) => s + x * x, 0);
  const kappa = (pBar - pe) / (1 - pe);
  const pq = p.reduce((s, x) => s + x * (1 - x), 0);
  const pqq = p.reduce((s, x) => s + x * (1 - x) * (1 - 2 * x), 0);
  const se = (Math.sqrt(2 / (N * m * (m - 1))) * Math.sqrt(pq * pq - pqq)) / pq;
  const z = kappa / se;
  const seCategory = Math.sqrt(2 / (N * m * (m - 1)));
  return {
    kappa,
    se,
    z,
    pValue: 2 * normalSf(Math.abs(z)),
    subjects: N,
    raters: m,
    excluded: ratings.length - N,
    categories: labels.map((category, j) => {
      const kj = 1 - counts.reduce((s, c) => s + c[j]! * (m - c[j]!), 0) / (N * m * (m - 1) * p[j]! * (1 - p[j]!));
      const zj = kj / seCategory;
      return { category, proportion: p[j]!, kappa: kj, z: zj, pValue: 2 * normalSf(Math.abs(zj)) };
    }),
  };
}
