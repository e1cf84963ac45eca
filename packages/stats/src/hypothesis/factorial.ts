// Factorial ANOVA with sums of squares of type I (sequential), II (hierarchical) and III (marginal,
// sum-to-zero coding), for balanced or unbalanced designs, with covariates (ANCOVA). R: anova(lm)
// for type I; car::Anova(type = 2 / 3) with contr.sum for types II and III.
import { StatsError } from '../errors.js';
import { fSf } from '../distributions/f.js';
import { qrLeastSquares } from '../regression/qr.js';

export interface FactorialAnovaInput {
  y: ArrayLike<number | null | undefined>;
  factors: { name: string; values: ArrayLike<string | number | null | undefined> }[];
  covariates?: { name: string; values: ArrayLike<number | null | undefined> }[];
  /** 'full' (all interactions among the factors, the default), 'none', or explicit sets of factor names. */
  interactions?: 'full' | 'none' | string[][];
  type?: 1 | 2 | 3;
}

export interface AnovaRow {
  term: string;
  ss: number;
  df: number;
  ms: number;
  statistic: number;
  pValue: number;
  /** SS_term / (SS_term + SS_residual). */
  partialEtaSquared: number;
}

export interface FactorialAnovaResult {
  type: 1 | 2 | 3;
  rows: AnovaRow[];
  residual: { ss: number; df: number; ms: number };
  /** Type III only: the test that the intercept (the unweighted grand mean under sum-to-zero coding,
   * covariates at 0) is zero, the first row of car::Anova(type = 3). */
  intercept?: AnovaRow;
  n: number;
  missing: number;
}

interface Term {
  name: string;
  /** Factor and covariate names in the term. */
  parts: string[];
  columns: Float64Array[];
}

const missing = (v: unknown) => v === null || v === undefined || v === '' || (typeof v === 'number' && !Number.isFinite(v));

/** All subsets of size ≥ 2 of the factor names, by increasing size (R's a*b*c order). */
function fullInteractions(names: string[]): string[][] {
  const out: string[][] = [];
  for (let size = 2; size <= names.length; size++) {
    const rec = (start: number, acc: string[]) => {
      if (acc.length === size) return void out.push([...acc]);
      for (let i = start; i < names.length; i++) rec(i + 1, [...acc, names[i]!]);
    };
    rec(0, []);
  }
  return out;
}

/**
 * @throws StatsError for too few rows, a factor with one level, an empty cell that makes the design
 *   singular, or non-numeric covariates.
 */
export function factorialAnova(input: FactorialAnovaInput): Readonly<FactorialAnovaResult> {
  const type = input.type ?? 3;
  const n0 = input.y.length;
  const covs = input.covariates ?? [];
  if (input.factors.length < 1 && covs.length < 1) throw new StatsError('INVALID_ARGUMENT', '至少需要1个因素或协变量');
  const all = [...input.factors, ...covs];
  if (all.some((v) => v.values.length !== n0)) throw new StatsError('INVALID_ARGUMENT', '各变量的长度必须与因变量相同');
  const rows: number[] = [];
  for (let i = 0; i < n0; i++) if (!missing(input.y[i]) && all.every((v) => !missing(v.values[i]))) rows.push(i);
  const n = rows.length;
  const y = Float64Array.from(rows, (i) => Number(input.y[i]));

  // Sum-to-zero coding: level l (l < k) → 1, last level → −1, others 0.
  const blocks = new Map<string, Float64Array[]>();
  for (const f of input.factors) {
    const vals = rows.map((i) => String(f.values[i]));
    const levels = [...new Set(vals)].sort();
    if (levels.length < 2) throw new StatsError('ZERO_VARIANCE', `因素“${f.name}”只有一个水平，无法进行方差分析`);
    const last = levels[levels.length - 1]!;
    blocks.set(
      f.name,
      levels.slice(0, -1).map((lv) => Float64Array.from(vals, (v) => (v === lv ? 1 : v === last ? -1 : 0))),
    );
  }
  for (const c of covs) {
    const col = Float64Array.from(rows, (i) => Number(c.values[i]));
    if (col.some((v) => !Number.isFinite(v))) throw new StatsError('NON_FINITE', `协变量“${c.name}”含有非数值内容`);
    blocks.set(c.name, [col]);
  }
  const inter =
    input.interactions === 'none' ? [] : input.interactions === undefined || input.interactions === 'full' ? fullInteractions(input.factors.map((f) => f.name)) : input.interactions;
  const terms: Term[] = [
    ...covs.map((c) => ({ name: c.name, parts: [c.name], columns: blocks.get(c.name)! })),
    ...input.factors.map((f) => ({ name: f.name, parts: [f.name], columns: blocks.get(f.name)! })),
    ...inter.map((parts) => {
      for (const p of parts) if (!blocks.has(p)) throw new StatsError('INVALID_ARGUMENT', `交互项中的变量“${p}”不在模型中`);
      let cols: Float64Array[] = [new Float64Array(n).fill(1)];
      for (const p of parts) cols = cols.flatMap((a) => blocks.get(p)!.map((b) => a.map((v, i) => v * b[i]!)));
      return { name: parts.join(':'), parts, columns: cols };
    }),
  ];
  const intercept = new Float64Array(n).fill(1);
  const rss = (use: Term[]) => {
    const cols = [intercept, ...use.flatMap((t) => t.columns)];
    if (n <= cols.length) throw new StatsError('TOO_FEW_OBSERVATIONS', `观测数（${n}）必须多于模型参数个数（${cols.length}）`);
    return qrLeastSquares(cols, y, ['(Intercept)', ...use.flatMap((t) => t.columns.map(() => t.name))]).rss;
  };
  const fullRss = rss(terms);
  const dfRes = n - 1 - terms.reduce((a, t) => a + t.columns.length, 0);
  const msRes = fullRss / dfRes;
  const contains = (outer: Term, inner: Term) => outer !== inner && inner.parts.every((p) => outer.parts.includes(p));

  const ssOf = (t: Term, i: number): number => {
    if (type === 1) return rss(terms.slice(0, i)) - rss(terms.slice(0, i + 1));
    if (type === 2) {
      const base = terms.filter((o) => o !== t && !contains(o, t));
      return rss(base) - rss([...base, t]);
    }
    return rss(terms.filter((o) => o !== t)) - fullRss;
  };
  const out = terms.map((t, i) => {
    const ss = Math.max(0, ssOf(t, i));
    const df = t.columns.length;
    const F = ss / df / msRes;
    return { term: t.name, ss, df, ms: ss / df, statistic: F, pValue: fSf(F, df, dfRes), partialEtaSquared: ss / (ss + fullRss) };
  });
  const result: FactorialAnovaResult = { type, rows: out, residual: { ss: fullRss, df: dfRes, ms: msRes }, n, missing: n0 - n };
  if (type === 3) {
    const cols = terms.flatMap((t) => t.columns);
    const ss = Math.max(0, qrLeastSquares(cols, y, terms.flatMap((t) => t.columns.map(() => t.name))).rss - fullRss);
    const F = ss / msRes;
    result.intercept = { term: '(Intercept)', ss, df: 1, ms: ss, statistic: F, pValue: fSf(F, 1, dfRes), partialEtaSquared: ss / (ss + fullRss) };
  }
  return result;
}
