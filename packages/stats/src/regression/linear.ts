// Multiple linear regression with numeric and categorical predictors and interactions (R: lm).
import { StatsError } from '../errors.js';
import { fSf } from '../distributions/f.js';
import { tQuantile, tTwoSided } from '../distributions/t.js';
import { meanAndSs } from '../internal/sum.js';
import { qrLeastSquares } from './qr.js';
import { completeRows, design, numericColumn, toArray, type Coefficient, type DesignColumn, type ModelTerms } from './design.js';

export interface LinearRegressionInput extends ModelTerms {
  y: ArrayLike<number | null | undefined>;
  yName?: string;
  level?: number;
}

export type { Coefficient } from './design.js';

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
  /**
   * Standardized coefficient (beta) per non-intercept column: b·sd(column)/sd(y) over the model
   * matrix, as SPSS's Beta and R's lm.beta (factors by their dummy columns).
   */
  standardized: { term: string; beta: number }[];
  /**
   * The fit is exact to rounding (summary.lm's test: residual variance < (mean(f)² + var(f))·1e-30).
   * Then the certified answers are used: residual SD and SEs 0, R² 1, F and t infinite, P 0
   * (NIST Wampler1), instead of ratios of rounding noise.
   */
  perfectFit: boolean;
  /** Variance inflation factor per non-intercept column (null with fewer than 2 such columns). */
  vif: { term: string; vif: number }[] | null;
  level: number;
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
  const rows = completeRows([input.y], input.predictors);
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
  const fittedSs = meanAndSs(fit.fitted);
  const perfectFit = df2 > 0 && sigma2 < (fittedSs.mean ** 2 + fittedSs.ss / Math.max(1, n - 1)) * 1e-30;
  const coefficients = cols.map((c, j) => {
    const est = fit.coefficients[j]!;
    if (perfectFit) return { term: c.name, estimate: est, se: 0, statistic: est === 0 ? 0 : Math.sign(est) * Infinity, pValue: est === 0 ? 1 : 0, ci: [est, est] as const };
    let v = 0;
    for (let k = j; k < p; k++) v += fit.rInverse[j * p + k]! ** 2;
    const se = Math.sqrt(v * sigma2);
    const t = est / se;
    return { term: c.name, estimate: est, se, statistic: t, pValue: tTwoSided(t, df2), ci: [est - tq * se, est + tq * se] as const };
  });
  const sdY = Math.sqrt(meanAndSs(y).ss / (n - 1));
  const standardized = cols
    .map((c, j) => ({ c, b: fit.coefficients[j]! }))
    .filter(({ c }) => c.name !== '(Intercept)')
    .map(({ c, b }) => ({ term: c.name, beta: (b * Math.sqrt(meanAndSs(c.values).ss / (n - 1))) / sdY }));
  const tss = intercept ? meanAndSs(y).ss : y.reduce((s, v) => s + v * v, 0);
  const df1 = intercept ? p - 1 : p;
  const rSquared = perfectFit ? 1 : 1 - fit.rss / tss;
  const adjRSquared = perfectFit ? 1 : 1 - (1 - rSquared) * ((n - (intercept ? 1 : 0)) / df2);
  const fStatistic = df1 > 0 ? (perfectFit ? Infinity : (tss - fit.rss) / df1 / sigma2) : NaN;
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
    sigma: perfectFit ? 0 : sigma,
    fStatistic,
    df1,
    df2,
    fPValue: df1 > 0 ? (perfectFit ? 0 : fSf(fStatistic, df1, df2)) : NaN,
    logLik,
    aic: -2 * logLik + 2 * (p + 1),
    bic: -2 * logLik + Math.log(n) * (p + 1),
    residuals: toArray(e),
    fitted: toArray(fit.fitted),
    leverage: toArray(fit.leverage),
    cooksDistance: cooks,
    durbinWatson: dwNum / fit.rss,
    standardized,
    perfectFit,
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
