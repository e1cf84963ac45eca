// Estimated marginal means (least-squares means) of a factorial linear model with covariates, and
// their pairwise comparisons with the model's error term — as R's emmeans(lm(...), ~ A), pairs().
// Means average the cell predictions with equal weights over the other factors, covariates at
// their means; the comparison family is all pairs of the means (within each level of `by`).
import { StatsError } from '../errors.js';
import { tQuantile, tSf } from '../distributions/t.js';
import { tukeyQuantile, tukeySf } from '../distributions/tukey.js';
import { qrLeastSquares } from '../regression/qr.js';

export type EmmAdjust = 'tukey' | 'bonferroni' | 'none';

export interface EmmeansInput {
  y: ArrayLike<number | null | undefined>;
  /** Factors; `levels` fixes their order (default: order of first appearance among complete rows). */
  factors: { name: string; values: ArrayLike<string | number | null | undefined>; levels?: readonly string[] }[];
  covariates?: { name: string; values: ArrayLike<number | null | undefined> }[];
  /** As factorialAnova: 'full' (default), 'none', or explicit sets of factor names. */
  interactions?: 'full' | 'none' | string[][];
}

export interface EmmeansOptions {
  /** Factors whose level combinations get a mean (e.g. ['A'] or ['A', 'B']). */
  specs: string[];
  /** A factor among `specs` within whose levels the others are compared (emmeans' `~ A | B`). */
  by?: string;
  /** Confidence level (default 0.95). */
  level?: number;
  /** Multiplicity adjustment of the pairwise comparisons (default 'tukey', as pairs()). */
  adjust?: EmmAdjust;
  /** Compute the pairwise comparisons (default true; the Tukey critical value costs a quadrature). */
  compare?: boolean;
}

export interface MarginalMean {
  /** Level of each factor in `specs`. */
  levels: Record<string, string>;
  estimate: number;
  se: number;
  df: number;
  lower: number;
  upper: number;
}

export interface EmmComparison {
  /** Level of `by`, when given. */
  by: string | null;
  /** Labels of the two means ("A1 B1"), difference a − b (emmeans' order: earlier minus later). */
  a: string;
  b: string;
  estimate: number;
  se: number;
  df: number;
  statistic: number;
  pValue: number;
  lower: number;
  upper: number;
}

export interface EmmeansResult {
  means: MarginalMean[];
  comparisons: EmmComparison[];
  adjust: EmmAdjust;
  level: number;
  /** Residual mean square and degrees of freedom of the model. */
  mse: number;
  df: number;
  /** Levels of every factor, in the order used. */
  factorLevels: Record<string, string[]>;
  /** Residuals of the fitted model, in the order of the complete rows. */
  residuals: Float64Array;
  n: number;
}

// qtukey by quadrature and root finding is the slow step; reports ask for the same (k, df, level) repeatedly.
const tukeyCritical = new Map<string, number>();
function tukeyCrit(level: number, k: number, df: number): number {
  const key = `${level}|${k}|${df}`;
  let q = tukeyCritical.get(key);
  if (q === undefined) {
    q = tukeyQuantile(level, k, df);
    if (tukeyCritical.size > 256) tukeyCritical.clear();
    tukeyCritical.set(key, q);
  }
  return q;
}

const isMissing = (v: unknown) => v === null || v === undefined || v === '' || (typeof v === 'number' && !Number.isFinite(v));

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
 * @throws StatsError for an unknown spec or by factor, a factor with one level, a singular design
 *   (an empty cell with the interaction), or too few rows.
 */
export function estimatedMarginalMeans(input: EmmeansInput, options: EmmeansOptions): Readonly<EmmeansResult> {
  const level = options.level ?? 0.95;
  const adjust = options.adjust ?? 'tukey';
  if (!(level > 0 && level < 1)) throw new StatsError('INVALID_ARGUMENT', '置信水平必须在0与1之间');
  const covs = input.covariates ?? [];
  const factorNames = input.factors.map((f) => f.name);
  for (const s of options.specs) if (!factorNames.includes(s)) throw new StatsError('INVALID_ARGUMENT', `“${s}”不是模型中的因素`);
  if (options.specs.length < 1) throw new StatsError('INVALID_ARGUMENT', '至少指定一个因素');
  if (options.by !== undefined && !options.specs.includes(options.by)) throw new StatsError('INVALID_ARGUMENT', `分层因素“${options.by}”必须在所求均值的因素中`);
  const n0 = input.y.length;
  const all = [...input.factors, ...covs];
  if (all.some((v) => v.values.length !== n0)) throw new StatsError('INVALID_ARGUMENT', '各变量的长度必须与因变量相同');
  const rows: number[] = [];
  for (let i = 0; i < n0; i++) if (!isMissing(input.y[i]) && all.every((v) => !isMissing(v.values[i]))) rows.push(i);
  const n = rows.length;
  const y = Float64Array.from(rows, (i) => Number(input.y[i]));

  const factorLevels: Record<string, string[]> = {};
  // Per factor: its coded columns (sum-to-zero: level j → 1, last level → −1), and the code row of each level.
  const codes = new Map<string, { columns: Float64Array[]; row: (level: string | null) => number[] }>();
  for (const f of input.factors) {
    const vals = rows.map((i) => String(f.values[i]));
    const seen = [...new Set(vals)];
    const levels = f.levels ? f.levels.filter((l) => seen.includes(l)) : seen;
    if (f.levels && seen.some((l) => !levels.includes(l))) throw new StatsError('INVALID_ARGUMENT', `因素“${f.name}”的数据中有未列出的水平`);
    if (levels.length < 2) throw new StatsError('ZERO_VARIANCE', `因素“${f.name}”只有一个水平，无法估计边际均值`);
    factorLevels[f.name] = levels;
    const k = levels.length;
    const code = (v: string) => levels.slice(0, -1).map((lv) => (v === lv ? 1 : v === levels[k - 1] ? -1 : 0));
    codes.set(f.name, {
      columns: levels.slice(0, -1).map((lv) => Float64Array.from(vals, (v) => (v === lv ? 1 : v === levels[k - 1] ? -1 : 0))),
      // Averaged over the levels, each sum-to-zero column is exactly 0.
      row: (lv) => (lv === null ? new Array<number>(k - 1).fill(0) : code(lv)),
    });
  }
  const covMeans = new Map<string, number>();
  const covCols = new Map<string, Float64Array>();
  for (const c of covs) {
    const col = Float64Array.from(rows, (i) => Number(c.values[i]));
    if (col.some((v) => !Number.isFinite(v))) throw new StatsError('NON_FINITE', `协变量“${c.name}”含有非数值内容`);
    covCols.set(c.name, col);
    covMeans.set(c.name, col.reduce((a, v) => a + v, 0) / n);
  }
  const inter =
    input.interactions === 'none' ? [] : input.interactions === undefined || input.interactions === 'full' ? fullInteractions(factorNames) : input.interactions;
  // Same column order as factorialAnova: intercept, covariates, main effects, interactions.
  const columns: Float64Array[] = [new Float64Array(n).fill(1)];
  const names: string[] = ['(Intercept)'];
  const rowParts: ((at: Record<string, string | null>) => number[])[] = [() => [1]];
  for (const c of covs) {
    columns.push(covCols.get(c.name)!);
    names.push(c.name);
    rowParts.push(() => [covMeans.get(c.name)!]);
  }
  for (const f of input.factors) {
    const cd = codes.get(f.name)!;
    columns.push(...cd.columns);
    names.push(...cd.columns.map(() => f.name));
    rowParts.push((at) => cd.row(at[f.name] ?? null));
  }
  for (const parts of inter) {
    for (const p of parts) if (!codes.has(p)) throw new StatsError('INVALID_ARGUMENT', `交互项中的变量“${p}”不在模型中`);
    let cols: Float64Array[] = [new Float64Array(n).fill(1)];
    for (const p of parts) cols = cols.flatMap((a) => codes.get(p)!.columns.map((b) => a.map((v, i) => v * b[i]!)));
    columns.push(...cols);
    names.push(...cols.map(() => parts.join(':')));
    rowParts.push((at) => {
      let r = [1];
      for (const p of parts) {
        const c = codes.get(p)!.row(at[p] ?? null);
        r = r.flatMap((a) => c.map((b) => a * b));
      }
      return r;
    });
  }
  const p = columns.length;
  if (n <= p) throw new StatsError('TOO_FEW_OBSERVATIONS', `观测数（${n}）必须多于模型参数个数（${p}）`);
  const fit = qrLeastSquares(columns, y, names);
  const df = n - p;
  const mse = fit.rss / df;
  const Ri = fit.rInverse;
  const beta = fit.coefficients;
  // Estimate and SE of a linear function l·β; Var = MSE·‖R⁻ᵀl‖².
  const linear = (l: number[]) => {
    let est = 0;
    for (let j = 0; j < p; j++) est += l[j]! * beta[j]!;
    let v = 0;
    for (let c = 0; c < p; c++) {
      let s = 0;
      for (let r = 0; r <= c; r++) s += Ri[r * p + c]! * l[r]!;
      v += s * s;
    }
    return { est, se: Math.sqrt(mse * v) };
  };

  // The grid of spec levels, the first factor varying fastest (emmeans' order).
  let grid: Record<string, string>[] = [{}];
  for (const s of options.specs) grid = factorLevels[s]!.flatMap((lv) => grid.map((g) => ({ ...g, [s]: lv })));
  const tCrit = tQuantile(1 - (1 - level) / 2, df);
  const L = grid.map((g) => rowParts.flatMap((f) => f(g)));
  const means: MarginalMean[] = grid.map((g, i) => {
    const { est, se } = linear(L[i]!);
    return { levels: g, estimate: est, se, df, lower: est - tCrit * se, upper: est + tCrit * se };
  });

  const label = (g: Record<string, string>) => options.specs.filter((s) => s !== options.by).map((s) => g[s]).join(' ');
  const families = options.by === undefined ? [{ by: null as string | null, idx: grid.map((_, i) => i) }] : factorLevels[options.by]!.map((lv) => ({ by: lv as string | null, idx: grid.map((g, i) => (g[options.by!] === lv ? i : -1)).filter((i) => i >= 0) }));
  const comparisons: EmmComparison[] = [];
  for (const fam of options.compare === false ? [] : families) {
    const k = fam.idx.length;
    const m = (k * (k - 1)) / 2;
    // With two means the studentized range is exactly √2·|t| (Q = |Z1 − Z2|/s), so Tukey is the t test.
    const tukey = adjust === 'tukey' && k > 2;
    const crit = tukey ? tukeyCrit(level, k, df) / Math.SQRT2 : adjust === 'bonferroni' ? tQuantile(1 - (1 - level) / (2 * m), df) : tCrit;
    for (let x = 0; x < k; x++) {
      for (let z = x + 1; z < k; z++) {
        const i = fam.idx[x]!;
        const j = fam.idx[z]!;
        const { est, se } = linear(L[i]!.map((v, c) => v - L[j]![c]!));
        const t = est / se;
        const raw = 2 * tSf(Math.abs(t), df);
        const pValue = tukey ? tukeySf(Math.abs(t) * Math.SQRT2, k, df) : adjust === 'bonferroni' ? Math.min(1, raw * m) : raw;
        comparisons.push({ by: fam.by, a: label(grid[i]!), b: label(grid[j]!), estimate: est, se, df, statistic: t, pValue, lower: est - crit * se, upper: est + crit * se });
      }
    }
  }
  return { means, comparisons, adjust, level, mse, df, factorLevels, residuals: fit.residuals, n };
}
