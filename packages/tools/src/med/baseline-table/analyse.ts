// The numbers of a Table 1, row by row: summaries per group, the test the rules choose, the SMD.
// Pure numbers; run.ts formats them. A test that cannot run becomes a note on its row.
import {
  chiSquareTest,
  describe,
  fisherExact,
  fisherNetworkP,
  kruskalWallis,
  leveneTest,
  mannWhitneyU,
  oneWayAnova,
  shapiroWilk,
  StatsError,
  twoSampleTTest,
  welchAnova,
  type Group,
} from '@labstat/stats';

export type TestMethod = 'student' | 'welch' | 'mann-whitney' | 'anova' | 'welch-anova' | 'kruskal-wallis' | 'chisq' | 'fisher';

export interface TestResult {
  method: TestMethod;
  /** t, F, W (rank-sum, as R's wilcox.test), H or χ²; null for Fisher's test. */
  statistic: number | null;
  /** t and χ² df; F's numerator df. */
  df: number | null;
  /** F's denominator df. */
  df2: number | null;
  p: number;
  /** Mann–Whitney: z of the normal approximation (null when the exact distribution was used). */
  z: number | null;
  /** Chosen automatically χ² although an expected count is below 5 (exact test too large). */
  fallback: boolean;
}

export interface Summary {
  n: number;
  mean: number;
  sd: number;
  median: number;
  q1: number;
  q3: number;
}

interface RowBase {
  name: string;
  /** Missing values of this variable among the rows analysed. */
  missing: number;
  test: TestResult | null;
  smd: number | null;
  /** Why the test (or SMD) could not be computed, in Chinese. */
  note: string | null;
}

export interface ContinuousRow extends RowBase {
  kind: 'continuous';
  display: 'mean' | 'median';
  /** 'auto' when Shapiro–Wilk decided; 'user' when the form did. */
  decidedBy: 'auto' | 'user';
  /** Shapiro–Wilk P per group (null where the group is outside 3–5000 values or constant). */
  shapiro: Array<number | null>;
  leveneP: number | null;
  overall: Summary | null;
  groups: Array<Summary | null>;
  distinct: number;
}

export interface CategoricalRow extends RowBase {
  kind: 'categorical';
  levels: string[];
  /** counts[group][level]. */
  counts: number[][];
  overall: number[];
  minExpected: number | null;
  /** Set when the number of tables with these margins (past the budget) stopped the exact test. */
  tables: number | null;
}

export type Row = ContinuousRow | CategoricalRow;

/**
 * Tables with these margins above which the engine's Fisher R×C test (full enumeration, ~1.5 µs a
 * table) is not run here: about 0.75 s for one variable at most.
 */
export const EXACT_BUDGET = 5e5;

const failure = (err: unknown): string => {
  if (err instanceof StatsError) return err.message;
  throw err;
};

export function summary(values: number[]): Summary | null {
  if (values.length === 0) return null;
  const d = describe(values);
  return { n: d.n, mean: d.mean, sd: d.sd, median: d.median, q1: d.q1, q3: d.q3 };
}

/**
 * Shapiro–Wilk P of a group: null when the test does not apply (fewer than 3 or more than 5000
 * values); 0 for a constant group of 3 or more (no spread is not a normal sample).
 */
export function shapiroP(values: number[]): number | null {
  if (values.length < 3 || values.length > 5000) return null;
  if (values.every((v) => v === values[0])) return 0;
  try {
    return shapiroWilk(values).pValue;
  } catch (err) {
    failure(err);
    return null;
  }
}

/** tableone's SMD of a continuous variable: |m1 − m2| / √((s1² + s2²) / 2). */
export function smdContinuous(a: Summary | null, b: Summary | null): number | null {
  if (!a || !b || a.n < 2 || b.n < 2) return null;
  const s = Math.sqrt((a.sd ** 2 + b.sd ** 2) / 2);
  if (s > 0) return Math.abs(a.mean - b.mean) / s;
  return a.mean === b.mean ? 0 : null;
}

/**
 * The multi-level SMD of Yang & Dalton (2012), as tableone: with p, q the level proportions of two
 * groups without the first level, √((p − q)ᵀ S⁻¹ (p − q)), S the mean of their multinomial
 * covariances. Levels absent from both groups make S singular along their axis only (their
 * difference is 0 too), so dropping them gives what tableone's generalized inverse gives.
 */
export function smdCategorical(a: number[], b: number[]): number | null {
  const na = a.reduce((s, v) => s + v, 0);
  const nb = b.reduce((s, v) => s + v, 0);
  if (na === 0 || nb === 0) return null;
  const idx: number[] = [];
  for (let j = 1; j < a.length; j++) if (a[j]! > 0 || b[j]! > 0) idx.push(j);
  const p = idx.map((j) => a[j]! / na);
  const q = idx.map((j) => b[j]! / nb);
  const k = idx.length;
  if (k === 0) return 0;
  const S = new Float64Array(k * k);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) S[i * k + j] = i === j ? (p[i]! * (1 - p[i]!) + q[i]! * (1 - q[i]!)) / 2 : -(p[i]! * p[j]! + q[i]! * q[j]!) / 2;
  }
  const d = p.map((v, i) => v - q[i]!);
  const x = choleskySolve(S, d, k);
  if (!x) return null;
  const quad = d.reduce((s, v, i) => s + v * x[i]!, 0);
  return Math.sqrt(Math.max(0, quad));
}

/** Solves S x = b for a symmetric positive definite S (k×k, row-major); null when S is not. */
function choleskySolve(S: Float64Array, b: number[], k: number): number[] | null {
  const L = new Float64Array(k * k);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j <= i; j++) {
      let s = S[i * k + j]!;
      for (let m = 0; m < j; m++) s -= L[i * k + m]! * L[j * k + m]!;
      if (i === j) {
        if (!(s > 1e-14)) return null;
        L[i * k + i] = Math.sqrt(s);
      } else L[i * k + j] = s / L[j * k + j]!;
    }
  }
  const y = new Array<number>(k);
  for (let i = 0; i < k; i++) {
    let s = b[i]!;
    for (let m = 0; m < i; m++) s -= L[i * k + m]! * y[m]!;
    y[i] = s / L[i * k + i]!;
  }
  const x = new Array<number>(k);
  for (let i = k - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let m = i + 1; m < k; m++) s -= L[m * k + i]! * x[m]!;
    x[i] = s / L[i * k + i]!;
  }
  return x;
}

/** The largest SMD over all pairs of groups (the SMD itself for two groups). */
export function maxPairwise<T>(groups: T[], smd: (a: T, b: T) => number | null): number | null {
  let best: number | null = null;
  for (let i = 0; i < groups.length; i++) {
    for (let j = i + 1; j < groups.length; j++) {
      const s = smd(groups[i]!, groups[j]!);
      if (s === null) return null;
      best = best === null ? s : Math.max(best, s);
    }
  }
  return best;
}

/**
 * How many tables share these margins — the number the engine's Fisher R×C test enumerates — or
 * `budget + 1` once there are more. With two rows (or columns) it is counted directly: the ways to
 * fill one row under the column totals. Otherwise the tables are walked as the engine walks them,
 * only counting, and the walk stops at the budget.
 */
export function tableCount(counts: number[][], budget = EXACT_BUDGET): number {
  const rows = counts.map((r) => r.reduce((a, b) => a + b, 0));
  const cols = counts[0]!.map((_, j) => counts.reduce((a, r) => a + r[j]!, 0));
  const twoRow = (pair: number[], caps: number[]): number => {
    const target = Math.min(pair[0]!, pair[1]!);
    let ways = new Float64Array(target + 1);
    ways[0] = 1;
    for (const cap of caps) {
      const next = new Float64Array(target + 1);
      let window = 0;
      for (let s = 0; s <= target; s++) {
        window += ways[s]!;
        if (s - cap - 1 >= 0) window -= ways[s - cap - 1]!;
        next[s] = window;
      }
      ways = next;
    }
    return Math.min(ways[target]!, budget + 1);
  };
  if (rows.length === 2) return twoRow(rows, cols);
  if (cols.length === 2) return twoRow(cols, rows);
  const r = rows.length;
  const c = cols.length;
  const colLeft = [...cols];
  let count = 0;
  // Returns true once the budget is passed.
  const fill = (i: number, j: number, rowLeft: number): boolean => {
    if (i === r - 1) return ++count > budget;
    if (j === c - 1) {
      if (rowLeft > colLeft[j]!) return false;
      colLeft[j]! -= rowLeft;
      const stop = fill(i + 1, 0, rows[i + 1]!);
      colLeft[j]! += rowLeft;
      return stop;
    }
    let capacityRight = 0;
    for (let jj = j + 1; jj < c; jj++) capacityRight += colLeft[jj]!;
    for (let v = Math.max(0, rowLeft - capacityRight), hi = Math.min(rowLeft, colLeft[j]!); v <= hi; v++) {
      colLeft[j]! -= v;
      const stop = fill(i, j + 1, rowLeft - v);
      colLeft[j]! += v;
      if (stop) return true;
    }
    return false;
  };
  fill(0, 0, rows[0]!);
  return count;
}

/** The table with rows and columns swapped (Fisher's P is the same; the engine is faster with fewer columns). */
const transpose = (t: number[][]): number[][] => t[0]!.map((_, j) => t.map((row) => row[j]!));

export function continuousRow(
  name: string,
  groups: Group[],
  missing: number,
  forced: 'mean' | 'median' | null,
  withTest = true,
): ContinuousRow {
  const all = groups.flatMap((g) => g.values);
  const summaries = groups.map((g) => summary(g.values));
  const shapiro = groups.length > 0 ? groups.map((g) => shapiroP(g.values)) : [];
  const autoNormal = shapiro.every((p) => p === null || p >= 0.05);
  const display = forced ?? (autoNormal ? 'mean' : 'median');
  const row: ContinuousRow = {
    kind: 'continuous',
    name,
    missing,
    display,
    decidedBy: forced ? 'user' : 'auto',
    shapiro,
    leveneP: null,
    overall: summary(all),
    groups: summaries,
    distinct: new Set(all).size,
    test: null,
    smd: null,
    note: null,
  };
  if (groups.length < 2) return row;
  row.smd = maxPairwise(summaries, smdContinuous);
  if (!withTest) return row;
  const empty = groups.find((g) => g.values.length === 0);
  if (empty) {
    row.note = `“${empty.name}”组无有效值，未做检验`;
    return row;
  }
  try {
    if (display === 'mean') {
      try {
        row.leveneP = leveneTest(groups, 'median').pValue;
      } catch (err) {
        failure(err);
      }
      const welch = row.leveneP !== null && row.leveneP < 0.05;
      if (groups.length === 2) {
        const r = twoSampleTTest(groups[0]!.values, groups[1]!.values, { varEqual: !welch });
        row.test = { method: welch ? 'welch' : 'student', statistic: r.statistic, df: r.df, df2: null, p: r.pValue, z: null, fallback: false };
      } else {
        const r = welch ? welchAnova(groups) : oneWayAnova(groups);
        row.test = { method: welch ? 'welch-anova' : 'anova', statistic: r.statistic, df: r.df1, df2: r.df2, p: r.pValue, z: null, fallback: false };
      }
    } else if (groups.length === 2) {
      const r = mannWhitneyU(groups[0]!.values, groups[1]!.values);
      row.test = { method: 'mann-whitney', statistic: r.statistic, df: null, df2: null, p: r.pValue, z: r.z, fallback: false };
    } else {
      const r = kruskalWallis(groups);
      row.test = { method: 'kruskal-wallis', statistic: r.statistic, df: r.df, df2: null, p: r.pValue, z: null, fallback: false };
    }
  } catch (err) {
    row.note = failure(err);
  }
  return row;
}

/** `values[group]` are the non-missing category labels of each group; `levels` in order of first appearance. */
export function categoricalRow(name: string, levels: string[], values: string[][], missing: number, withTest = true): CategoricalRow {
  const at = new Map(levels.map((l, i) => [l, i]));
  const counts = values.map((vs) => {
    const c = new Array<number>(levels.length).fill(0);
    for (const v of vs) c[at.get(v)!]!++;
    return c;
  });
  const overall = levels.map((_, j) => counts.reduce((s, c) => s + c[j]!, 0));
  const row: CategoricalRow = { kind: 'categorical', name, missing, levels, counts, overall, minExpected: null, tables: null, test: null, smd: null, note: null };
  if (values.length < 2) return row;
  row.smd = maxPairwise(counts, smdCategorical);
  if (!withTest) return row;
  if (levels.length < 2) {
    row.note = '只有一个类别，无需检验';
    return row;
  }
  const emptyGroup = counts.findIndex((c) => c.every((v) => v === 0));
  if (emptyGroup >= 0) {
    row.note = '有组在该变量上无有效值，未做检验';
    return row;
  }
  try {
    const chi = chiSquareTest(counts, { correct: false });
    row.minExpected = chi.lowExpected.min;
    const asChi = (fallback: boolean): TestResult => ({ method: 'chisq', statistic: chi.statistic, df: chi.df, df2: null, p: chi.pValue, z: null, fallback });
    if (chi.lowExpected.count === 0) row.test = asChi(false);
    else {
      // 2×2 by fisherExact; larger tables by the engine's network algorithm, which answers null past
      // its work budget (about a second) — then Pearson χ², marked as a fallback.
      const t = levels.length > counts.length ? transpose(counts) : counts;
      const p = t.length === 2 && t[0]!.length === 2 ? fisherExact(t).pValue : fisherNetworkP(t);
      row.test = p === null ? asChi(true) : { method: 'fisher', statistic: null, df: null, df2: null, p, z: null, fallback: false };
    }
  } catch (err) {
    row.note = failure(err);
  }
  return row;
}
