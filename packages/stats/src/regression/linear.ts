// Multiple linear regression with numeric and categorical predictors and interactions (R: lm).
import { StatsError } from '../errors.js';
import { fSf } from '../distributions/f.js';
import { tQuantile, tTwoSided } from '../distributions/t.js';
import { meanAndSs } from '../internal/sum.js';
import { qrLeastSquares } from './qr.js';

export interface Predictor {
  name: string;
  values: ArrayLike<number | string | null | undefined>;
  type: 'numeric' | 'categorical';
  /** Reference level of a categorical predictor (default: the first level in sorted order, as R's factor). */
  reference?: string;
}

export interface LinearRegressionInput {
  y: ArrayLike<number | null | undefined>;
  yName?: string;
  predictors: Predictor[];
  /** Pairs of predictor names whose interaction enters the model (R: a:b). */
  interactions?: [string, string][];
  intercept?: boolean;
  level?: number;
}

export interface Coefficient {
  term: string;
  estimate: number;
  se: number;
  statistic: number;
  pValue: number;
  ci: readonly [number, number];
}

export interface LinearRegressionResult {
  coefficients: Coefficient[];
  n: number;
  /** Rows dropped because a value was missing. */
  missing: number;
  rSquared: number;
  adjRSquared: number;
  /** Residual standard error. */
  sigma: number;
  fStatistic: number;
  df1: number;
  df2: number;
  fPValue: number;
  logLik: number;
  aic: number;
  bic: number;
  residuals: number[];
  fitted: number[];
  leverage: number[];
  cooksDistance: number[];
  durbinWatson: number;
  /** Variance inflation factor per non-intercept column (null with fewer than 2 such columns). */
  vif: { term: string; vif: number }[] | null;
  level: number;
}

interface DesignColumn {
  name: string;
  values: Float64Array;
}

/** Marks null, undefined, '' and non-finite numbers (a typed array only needs the finiteness test). */
function markMissing(values: ArrayLike<unknown>, missing: Uint8Array): void {
  const n = missing.length;
  if (values instanceof Float64Array) {
    for (let i = 0; i < n; i++) if (!(values[i]! - values[i]! === 0)) missing[i] = 1;
    return;
  }
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (typeof v === 'number' ? !(v - v === 0) : v === null || v === undefined || v === '') missing[i] = 1;
  }
}

/** The kept rows as numbers; null when one of them is not a finite number (text in a numeric variable). */
function numericColumn(values: ArrayLike<unknown>, rows: Int32Array, n0: number): Float64Array | null {
  if (values instanceof Float64Array && rows.length === n0) return values.slice(); // finiteness checked by markMissing
  const col = new Float64Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const v = Number(values[rows[r]!]);
    if (!Number.isFinite(v)) return null;
    col[r] = v;
  }
  return col;
}

/** A plain array copy (Array.from goes through the iterator protocol, several times slower on 10⁶ values). */
function toArray(values: Float64Array): number[] {
  const out = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i]!;
  return out;
}

function levelsOf(values: (string | number)[], reference?: string): string[] {
  const set = [...new Set(values.map(String))];
  const numeric = set.every((s) => s.trim() !== '' && Number.isFinite(Number(s)));
  set.sort(numeric ? (a, b) => Number(a) - Number(b) : (a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (reference !== undefined) {
    if (!set.includes(reference)) throw new StatsError('INVALID_ARGUMENT', `参照水平“${reference}”不在变量的取值中`);
    return [reference, ...set.filter((s) => s !== reference)];
  }
  return set;
}

/** Builds the design matrix (dummy coding with R's treatment contrasts). */
function design(input: LinearRegressionInput, rows: Int32Array): DesignColumn[] {
  const blocks = new Map<string, DesignColumn[]>();
  for (const p of input.predictors) {
    if (p.type === 'numeric') {
      const col = numericColumn(p.values, rows, p.values.length);
      if (!col) throw new StatsError('NON_FINITE', `自变量“${p.name}”含有非数值内容，请将其设为分类变量或清理数据`);
      blocks.set(p.name, [{ name: p.name, values: col }]);
    } else {
      const vals = Array.from(rows, (i) => p.values[i]!);
      const levels = levelsOf(vals as (string | number)[], p.reference);
      if (levels.length < 2) throw new StatsError('ZERO_VARIANCE', `分类变量“${p.name}”只有一个水平，无法纳入模型`);
      blocks.set(
        p.name,
        levels.slice(1).map((lv) => ({ name: `${p.name}${lv}`, values: Float64Array.from(vals, (v) => (String(v) === lv ? 1 : 0)) })),
      );
    }
  }
  const cols: DesignColumn[] = [];
  if (input.intercept ?? true) cols.push({ name: '(Intercept)', values: new Float64Array(rows.length).fill(1) });
  for (const p of input.predictors) cols.push(...blocks.get(p.name)!);
  for (const [a, b] of input.interactions ?? []) {
    const A = blocks.get(a);
    const B = blocks.get(b);
    if (!A || !B) throw new StatsError('INVALID_ARGUMENT', `交互项中的变量“${!A ? a : b}”不在自变量中`);
    for (const ca of A) for (const cb of B) cols.push({ name: `${ca.name}:${cb.name}`, values: ca.values.map((v, i) => v * cb.values[i]!) });
  }
  return cols;
}

/**
 * Ordinary least squares with R's lm conventions: treatment-coded factors, t tests and CIs per
 * coefficient, overall F test, R² (about the mean, or about 0 without intercept), AIC/BIC,
 * residual diagnostics (leverage, Cook's distance, Durbin–Watson) and VIF. Rows with a missing
 * value in any variable are dropped.
 * @throws StatsError for too few rows, a constant or collinear predictor, or non-numeric values.
 */
export function linearRegression(input: LinearRegressionInput): Readonly<LinearRegressionResult> {
  const level = input.level ?? 0.95;
  const n0 = input.y.length;
  for (const p of input.predictors) {
    if (p.values.length !== n0) throw new StatsError('INVALID_ARGUMENT', `自变量“${p.name}”与因变量的长度不同`);
  }
  const missing = new Uint8Array(n0);
  markMissing(input.y, missing);
  for (const p of input.predictors) markMissing(p.values, missing);
  let kept = 0;
  for (let i = 0; i < n0; i++) if (!missing[i]) kept++;
  const rows = new Int32Array(kept);
  for (let i = 0, r = 0; i < n0; i++) if (!missing[i]) rows[r++] = i;
  const y = numericColumn(input.y, rows, n0);
  if (!y) throw new StatsError('NON_FINITE', '因变量含有非数值内容');
  const cols = design(input, rows);
  const fit = qrLeastSquares(
    cols.map((c) => c.values),
    y,
    cols.map((c) => c.name),
  );
  const { n, p } = fit;
  const intercept = input.intercept ?? true;
  const df2 = n - p;
  const sigma2 = fit.rss / df2;
  const sigma = Math.sqrt(sigma2);
  const tq = tQuantile(1 - (1 - level) / 2, df2);
  const coefficients = cols.map((c, j) => {
    let v = 0;
    for (let k = j; k < p; k++) v += fit.rInverse[j * p + k]! ** 2;
    const se = Math.sqrt(v * sigma2);
    const est = fit.coefficients[j]!;
    const t = est / se;
    return { term: c.name, estimate: est, se, statistic: t, pValue: tTwoSided(t, df2), ci: [est - tq * se, est + tq * se] as const };
  });
  const tss = intercept ? meanAndSs(y).ss : y.reduce((s, v) => s + v * v, 0);
  const df1 = intercept ? p - 1 : p;
  const rSquared = 1 - fit.rss / tss;
  const adjRSquared = 1 - (1 - rSquared) * ((n - (intercept ? 1 : 0)) / df2);
  const fStatistic = df1 > 0 ? (tss - fit.rss) / df1 / sigma2 : NaN;
  const logLik = 0.5 * -n * (Math.log(2 * Math.PI) + 1 - Math.log(n) + Math.log(fit.rss));
  const e = fit.residuals;
  let dwNum = 0;
  for (let i = 1; i < n; i++) dwNum += (e[i]! - e[i - 1]!) ** 2;
  const cooks = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const h = fit.leverage[i]!;
    cooks[i] = (e[i]! * e[i]! * h) / (p * sigma2 * (1 - h) ** 2);
  }
  return {
    coefficients,
    n,
    missing: n0 - n,
    rSquared,
    adjRSquared,
    sigma,
    fStatistic,
    df1,
    df2,
    fPValue: df1 > 0 ? fSf(fStatistic, df1, df2) : NaN,
    logLik,
    aic: -2 * logLik + 2 * (p + 1),
    bic: -2 * logLik + Math.log(n) * (p + 1),
    residuals: toArray(e),
    fitted: toArray(fit.fitted),
    leverage: toArray(fit.leverage),
    cooksDistance: cooks,
    durbinWatson: dwNum / fit.rss,
    vif: vifOf(cols, fit.rInverse, intercept),
    level,
  };
}

/**
 * VIF_j = [(XᵀX)⁻¹]_jj · Σ(x_j − x̄_j)²: with an intercept in the model the non-intercept block of
 * (XᵀX)⁻¹ is the inverse of the centred cross-product matrix, so this equals 1/(1 − R²_j) without
 * refitting. Null without an intercept (VIF is not defined there) or with fewer than 2 predictors.
 */
function vifOf(cols: DesignColumn[], rInverse: Float64Array, hasIntercept: boolean): { term: string; vif: number }[] | null {
  const p = cols.length;
  if (!hasIntercept || p < 3) return null;
  const out: { term: string; vif: number }[] = [];
  for (let j = 1; j < p; j++) {
    let v = 0;
    for (let k = j; k < p; k++) v += rInverse[j * p + k]! ** 2;
    out.push({ term: cols[j]!.name, vif: v * meanAndSs(cols[j]!.values).ss });
  }
  return out;
}
