// Restricted cubic splines (Harrell): knots at the default quantiles of Hmisc::rcspline.eval, the
// basis of rms::rcs, and a spline exposure fitted in a linear, logistic or Cox model with optional
// covariates — overall and nonlinearity tests (Wald as rms::anova, likelihood ratio as lrtest) and
// the effect curve against a reference value with pointwise CIs (rms::Predict(ref.zero = TRUE)).
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { fSf } from '../distributions/f.js';
import { normalQuantile } from '../distributions/normal.js';
import { tQuantile } from '../distributions/t.js';
import { quantile } from '../descriptive/quantile.js';
import { spdInverse } from '../internal/linalg.js';
import { completeRows, design, type Predictor } from '../regression/design.js';
import { linearRegression } from '../regression/linear.js';
import { logisticRegression } from '../regression/logistic.js';
import { coxRegression } from '../survival/cox.js';
import { maxOf, minOf } from '../descriptive/extent.js';

/** R's seq(from, to, length.out = n). */
function seq(from: number, to: number, n: number): number[] {
  if (n === 1) return [from];
  const by = (to - from) / (n - 1);
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? to : from + i * by));
}

const sortedUnique = (xs: readonly number[]) => [...new Set(xs)].sort((a, b) => a - b);

/** Share of the values outside the outer knots on each side (Hmisc::rcspline.eval's `outer`). */
const outerShare = (nk: number) => (nk > 6 ? 0.025 : nk > 3 ? 0.05 : 0.1);

/**
 * Harrell's default knot quantiles for `nk` knots (3–7), as Hmisc::rcspline.eval:
 * seq(outer, 1 − outer, length = nk) — 3 → .10/.50/.90; 4 → .05/.35/.65/.95;
 * 5 → .05/.275/.5/.725/.95; 6 → .05 … .95 by .18; 7 → .025 … .975 by .158.
 */
export function rcsKnotQuantiles(nk: number): number[] {
  if (!Number.isInteger(nk) || nk < 3 || nk > 7) throw new StatsError('INVALID_ARGUMENT', '样条的节点数必须是 3 到 7 之间的整数');
  return seq(outerShare(nk), 1 - outerShare(nk), nk);
}

/**
 * Knots of a restricted cubic spline with `nk` knots, as Hmisc::rcspline.eval(x, nk = nk,
 * knots.only = TRUE) (what rms::rcs(x, nk) uses): type-7 quantiles at
 * seq(outer, 1 − outer, length = nk) with outer 0.1 for 3 knots, 0.025 for 7 and 0.05 otherwise
 * (3 → .10/.50/.90; 4 → .05/.35/.65/.95; 5 → .05/.275/.5/.725/.95); with fewer than 100 values the
 * outer knots are the 5th smallest and 5th largest values; a minimum (or maximum) holding ≥ 5% of
 * the values while no interior value does (fractied) takes the next distinct value as the first
 * (last) knot and the other knots are placed in the values between; with nk + 2 or fewer distinct
 * values the knots are the interior distinct values. Missing values are ignored.
 * @throws StatsError for nk outside 3…7, fewer than 6 values, or fewer than 3 distinct knots.
 */
export function rcsKnots(x: ArrayLike<number | null | undefined>, nk = 4): number[] {
  if (!Number.isInteger(nk) || nk < 3 || nk > 7) throw new StatsError('INVALID_ARGUMENT', '样条的节点数必须是 3 到 7 之间的整数');
  let xx: number[] = [];
  for (let i = 0; i < x.length; i++) {
    const v = x[i];
    if (typeof v === 'number' && Number.isFinite(v)) xx.push(v);
  }
  const n = xx.length;
  if (n < 6) throw new StatsError('TOO_FEW_OBSERVATIONS', '未给出节点且有效观测少于 6 个，无法确定样条节点');
  const xu = sortedUnique(xx);
  const nxu = xu.length;
  let knots: number[];
  if (nxu - 2 <= nk) {
    knots = xu.slice(1, -1);
  } else {
    const outer = outerShare(nk);
    let nke = nk;
    let first: number[] = [];
    let last: number[] = [];
    let overrideFirst = false;
    let overrideLast = false;
    const counts = new Map<number, number>();
    for (const v of xx) counts.set(v, (counts.get(v) ?? 0) + 1);
    const f = xu.map((v) => counts.get(v)! / n);
    const fractied = 0.05;
    if (maxOf(f.slice(1, -1)) < fractied) {
      if (f[0]! >= fractied) {
        const firstKnot = minOf(xx.filter((v) => v > xu[0]!));
        first = [firstKnot];
        xx = xx.filter((v) => v > firstKnot);
        nke--;
        overrideFirst = true;
      }
      if (f[nxu - 1]! >= fractied) {
        const mx = maxOf(xx);
        const lastKnot = maxOf(xx.filter((v) => v < mx));
        last = [lastKnot];
        xx = xx.filter((v) => v < lastKnot);
        nke--;
        overrideLast = true;
      }
    }
    if (nke === 1) {
      knots = quantile(xx, [0.5]);
    } else if (nxu <= nke) {
      knots = xu;
    } else {
      const p = nke === 2 ? seq(0.5, 1 - outer, 2) : seq(outer, 1 - outer, nke);
      knots = quantile(xx, p);
      if (sortedUnique(knots).length < Math.min(nke, 3)) {
        knots = quantile(xx, seq(outer, 1 - outer, 2 * nke));
        if (first.length > 0 && sortedUnique(knots).length < 3) {
          const mid = last.length > 0 ? (first[0]! + last[0]!) / 2 : quantile(xx, [0.5])[0]!;
          knots = [first[0]!, mid, last.length > 0 ? last[0]! : quantile(xx, [1 - outer])[0]!].sort((a, b) => a - b);
        }
        if (sortedUnique(knots).length < 3) throw new StatsError('ZERO_VARIANCE', '变量的不同取值太少，无法得到 3 个不同的样条节点');
      }
      if (xx.length < 100) {
        const s = [...xx].sort((a, b) => a - b);
        if (!overrideFirst) knots[0] = s[4]!;
        if (!overrideLast) knots[nke - 1] = s[s.length - 5]!;
      }
    }
    knots = [...first, ...knots, ...last];
  }
  knots = sortedUnique(knots);
  if (knots.length < 3) throw new StatsError('ZERO_VARIANCE', '变量的不同取值太少，无法得到 3 个不同的样条节点');
  return knots;
}

/**
 * The restricted cubic spline basis of rms::rcs (Hmisc::rcspline.eval(x, knots, inclx = TRUE),
 * norm = 2): columns x and, for j = 1 … k − 2,
 * [(x − t_j)₊³ − (x − t_{k−1})₊³ (t_k − t_j)/(t_k − t_{k−1}) + (x − t_k)₊³ (t_{k−1} − t_j)/(t_k − t_{k−1})] / (t_k − t_1)².
 * Linear beyond the outer knots. Returns k − 1 columns.
 * @throws StatsError for fewer than 3 knots or knots not strictly increasing.
 */
export function rcsBasis(x: ArrayLike<number>, knots: readonly number[]): number[][] {
  const k = knots.length;
  if (k < 3) throw new StatsError('INVALID_ARGUMENT', '样条至少需要 3 个节点');
  for (let j = 1; j < k; j++) if (!(knots[j]! > knots[j - 1]!)) throw new StatsError('INVALID_ARGUMENT', '样条节点必须严格递增且互不相同');
  const tk = knots[k - 1]!;
  const tk1 = knots[k - 2]!;
  const kd = (tk - knots[0]!) ** (2 / 3);
  const cube = (v: number) => Math.max(v / kd, 0) ** 3;
  const out: number[][] = [Array.from(x)];
  for (let j = 0; j < k - 2; j++) {
    const tj = knots[j]!;
    out.push(Array.from(x, (v) => cube(v - tj) + ((tk1 - tj) * cube(v - tk) - (tk - tj) * cube(v - tk1)) / (tk - tk1)));
  }
  return out;
}

export type RcsModel = 'linear' | 'logistic' | 'cox';

export interface RcsInput {
  model: RcsModel;
  /** The exposure modelled by the spline. */
  x: ArrayLike<number | null | undefined>;
  /** Name of the exposure (the spline columns are named x, x', x'', … as rms). Default 'x'. */
  xName?: string;
  /** Linear: the numeric outcome; logistic: 0/1 (1 = event). */
  y?: ArrayLike<number | null | undefined>;
  /** Cox: follow-up time and status (1 = event, 0 = censored). */
  time?: ArrayLike<number | null | undefined>;
  status?: ArrayLike<number | null | undefined>;
  /** Adjustment covariates (numeric or categorical with a reference level). */
  covariates?: Predictor[];
  /** Number of knots (3–7, default 4) placed by rcsKnots, or the knots themselves. */
  knots?: number | readonly number[];
  /** Reference value of the exposure (effect 0 / ratio 1). Default: the median of the analysed x. */
  reference?: number;
  /** Exposure values where the effect is tabulated (besides the curve). */
  at?: readonly number[];
  /** Number of curve points (default 100) between `range` (default: the 10th smallest and 10th largest x, as rms datadist's prediction limits; min/max when n < 20). */
  points?: number;
  range?: readonly [number, number];
  level?: number;
}

export interface RcsTest {
  /** Wald χ² (rms::anova); for a linear model F = χ²/df with the residual df as rms::anova.ols. */
  statistic: number;
  df: number;
  pValue: number;
  /** Linear model only: the F statistic, its denominator df (its P is `pValue`). */
  f: number | null;
  df2: number | null;
  /** Likelihood-ratio test of the same terms from nested fits (lrtest; −2Δ log L for all models). */
  lr: { statistic: number; df: number; pValue: number };
}

export interface RcsEffect {
  x: number;
  /** Difference in the linear predictor from the reference value (log OR, log HR, or mean difference). */
  estimate: number;
  se: number;
  lower: number;
  upper: number;
  /** On the reported scale: exp() for logistic/Cox (OR/HR), the difference itself for linear. */
  effect: number;
  effectLower: number;
  effectUpper: number;
}

export interface RcsResult {
  model: RcsModel;
  n: number;
  /** Rows dropped for a missing value. */
  missing: number;
  /** Events (logistic: outcome = 1; Cox: status = 1); null for linear. */
  events: number | null;
  knots: number[];
  reference: number;
  /** Spline coefficients (x, x', x'', …) and covariates, in the model's order (intercept first when present). */
  coefficients: Array<{ term: string; estimate: number; se: number }>;
  /** Spline column names. */
  splineTerms: string[];
  /** Covariance matrix of the spline coefficients (row-major, (k−1)²). */
  splineCovariance: number[];
  overall: RcsTest;
  nonlinear: RcsTest;
  /** Effect curve on the grid, the reference included. */
  curve: RcsEffect[];
  /** Effect at `at`. */
  effects: RcsEffect[];
  /** Critical value of the pointwise intervals (t with the residual df for linear, else normal). */
  critical: number;
  /** Model fit: AIC, and for linear R² and residual SD. */
  aic: number;
  rSquared: number | null;
  sigma: number | null;
  level: number;
}

/** βᵀ V⁻¹ β for the sub-block `idx` of a covariance (row-major p×p). */
function waldChiSquare(beta: readonly number[], cov: Float64Array, p: number, idx: readonly number[]): number {
  const m = idx.length;
  const sub = new Float64Array(m * m);
  for (let a = 0; a < m; a++) for (let b = 0; b < m; b++) sub[a * m + b] = cov[idx[a]! * p + idx[b]!]!;
  const inv = spdInverse(sub, m, '样条系数的协方差矩阵');
  let s = 0;
  for (let a = 0; a < m; a++) for (let b = 0; b < m; b++) s += beta[idx[a]!]! * inv[a * m + b]! * beta[idx[b]!]!;
  return s;
}

/**
 * (Xᵀ W X)⁻¹ with the columns scaled to unit root-mean-square first (better conditioned), then scaled back.
 */
function weightedCrossInverse(cols: readonly ArrayLike<number>[], w: ArrayLike<number> | null): Float64Array {
  const p = cols.length;
  const n = cols[0]!.length;
  const scale = cols.map((c) => {
    let s = 0;
    for (let i = 0; i < n; i++) s += c[i]! ** 2;
    return Math.sqrt(s / n) || 1;
  });
  const A = new Float64Array(p * p);
  for (let a = 0; a < p; a++) {
    for (let b = 0; b <= a; b++) {
      let s = 0;
      const ca = cols[a]!;
      const cb = cols[b]!;
      for (let i = 0; i < n; i++) s += (w ? w[i]! : 1) * ca[i]! * cb[i]!;
      A[a * p + b] = A[b * p + a] = s / (scale[a]! * scale[b]!);
    }
  }
  const inv = spdInverse(A, p, '信息矩阵');
  for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) inv[a * p + b]! /= scale[a]! * scale[b]!;
  return inv;
}

/** Observed information of the Cox partial likelihood at β (Efron ties), as coxph's imat. */
function coxInformation(cols: readonly ArrayLike<number>[], beta: readonly number[], time: readonly number[], status: readonly number[]): Float64Array {
  const p = cols.length;
  const n = time.length;
  const X = cols.map((c) => {
    let m = 0;
    for (let i = 0; i < n; i++) m += c[i]!;
    m /= n;
    return Float64Array.from({ length: n }, (_, i) => c[i]! - m);
  });
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => time[b]! - time[a]!);
  const info = new Float64Array(p * p);
  const s1 = new Float64Array(p);
  const s2 = new Float64Array(p * p);
  const e1 = new Float64Array(p);
  const e2 = new Float64Array(p * p);
  const a1 = new Float64Array(p);
  let s0 = 0;
  for (let q = 0; q < n; ) {
    const t = time[order[q]!]!;
    let e0 = 0;
    let d = 0;
    e1.fill(0);
    e2.fill(0);
    for (; q < n && time[order[q]!] === t; q++) {
      const i = order[q]!;
      let eta = 0;
      for (let j = 0; j < p; j++) eta += beta[j]! * X[j]![i]!;
      const r = Math.exp(eta);
      s0 += r;
      for (let j = 0; j < p; j++) {
        s1[j]! += r * X[j]![i]!;
        for (let k = 0; k <= j; k++) s2[j * p + k]! += r * X[j]![i]! * X[k]![i]!;
      }
      if (status[i]) {
        d++;
        e0 += r;
        for (let j = 0; j < p; j++) {
          e1[j]! += r * X[j]![i]!;
          for (let k = 0; k <= j; k++) e2[j * p + k]! += r * X[j]![i]! * X[k]![i]!;
        }
      }
    }
    for (let l = 0; l < d; l++) {
      const frac = l / d;
      const denom = s0 - frac * e0;
      for (let j = 0; j < p; j++) a1[j] = (s1[j]! - frac * e1[j]!) / denom;
      for (let j = 0; j < p; j++) for (let k = 0; k <= j; k++) info[j * p + k]! += (s2[j * p + k]! - frac * e2[j * p + k]!) / denom - a1[j]! * a1[k]!;
    }
  }
  for (let j = 0; j < p; j++) for (let k = 0; k < j; k++) info[k * p + j] = info[j * p + k]!;
  return info;
}

/**
 * A restricted cubic spline of one exposure in a linear (R: rms::ols / lm), logistic (rms::lrm /
 * glm) or Cox model (rms::cph / coxph, Efron ties), adjusted for `covariates`. The spline columns
 * (rcsBasis at rcsKnots or the given knots) enter the engine's linearRegression,
 * logisticRegression or coxRegression as numeric predictors. Tests, as rms::anova: overall
 * association (all k − 1 spline coefficients) and nonlinearity (the k − 2 nonlinear ones) by Wald
 * χ² βᵀV⁻¹β with V the model covariance (σ²(XᵀX)⁻¹, (XᵀWX)⁻¹ at the fitted probabilities, or the
 * inverse Cox information at β̂); for a linear model F = χ²/df on (df, n − p) as anova.ols. The
 * likelihood-ratio tests of the same hypotheses come from the nested fits (no exposure; exposure
 * linear), as rms::lrtest. The effect curve is the difference in the linear predictor from the
 * reference value, (B(x) − B(ref))ᵀβ, with pointwise CIs ± z·SE (t with the residual df for a linear
 * model), as rms::Predict(fit, x, ref.zero = TRUE); exp() gives the OR or HR.
 * Rows with a missing value in the exposure, the outcome or a covariate are dropped first; the
 * knots and the default reference are computed on the analysed rows.
 * @throws StatsError for missing inputs of the chosen model, too few rows or events, a constant
 *   exposure, knots outside 3–7 or not increasing, and the errors of the underlying fits.
 */
export function restrictedCubicSpline(input: RcsInput): Readonly<RcsResult> {
  const level = input.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new StatsError('INVALID_ARGUMENT', '置信水平必须在0到1之间');
  const model = input.model;
  const xName = input.xName ?? 'x';
  const outcomes: ArrayLike<unknown>[] = [input.x];
  if (model === 'cox') {
    if (!input.time || !input.status) throw new StatsError('INVALID_ARGUMENT', 'Cox 模型需要时间与结局状态');
    outcomes.push(input.time, input.status);
  } else {
    if (!input.y) throw new StatsError('INVALID_ARGUMENT', '需要结局变量');
    outcomes.push(input.y);
  }
  for (const o of outcomes) if (o.length !== input.x.length) throw new StatsError('INVALID_ARGUMENT', '暴露变量与结局变量的长度不同');
  const covariates = input.covariates ?? [];
  const rows = Array.from(completeRows(outcomes, covariates));
  const n = rows.length;
  const x = rows.map((i) => Number(input.x[i]));
  if (x.some((v) => !Number.isFinite(v))) throw new StatsError('NON_FINITE', '暴露变量含有非数值内容');
  if (x.every((v) => v === x[0])) throw new StatsError('ZERO_VARIANCE', '暴露变量取值恒定，无法拟合样条');
  const knots = typeof input.knots === 'object' ? sortedUnique([...input.knots]) : rcsKnots(x, input.knots ?? 4);
  if (typeof input.knots === 'object' && (input.knots.length < 3 || input.knots.length > 7 || knots.length !== input.knots.length)) {
    throw new StatsError('INVALID_ARGUMENT', '自定义节点须为 3 到 7 个互不相同的数值');
  }
  const basis = rcsBasis(x, knots);
  const splineTerms = basis.map((_, j) => xName + "'".repeat(j));
  const clash = covariates.find((c) => splineTerms.includes(c.name));
  if (clash) throw new StatsError('INVALID_ARGUMENT', `协变量名“${clash.name}”与样条项重名`);
  const splinePreds: Predictor[] = basis.map((values, j) => ({ name: splineTerms[j]!, values, type: 'numeric' }));
  const covPreds: Predictor[] = covariates.map((c) => ({ ...c, values: rows.map((i) => c.values[i]!) }));
  const all = [...splinePreds, ...covPreds];
  const linearOnly = [{ name: xName, values: x, type: 'numeric' as const }, ...covPreds];
  const sub = (v: ArrayLike<number | null | undefined>) => rows.map((i) => Number(v[i]));
  const allRows = Int32Array.from({ length: n }, (_, i) => i);

  let beta: number[];
  let names: string[];
  let cov: Float64Array;
  let events: number | null = null;
  let lrOverall: number;
  let lrNonlinear: number;
  let dfResidual: number | null = null;
  let aic: number;
  let rSquared: number | null = null;
  let sigma: number | null = null;
  if (model === 'linear') {
    const y = sub(input.y!);
    const fit = linearRegression({ y, predictors: all, yName: 'y' });
    const lin = linearRegression({ y, predictors: linearOnly, yName: 'y' });
    let logLikNone: number;
    if (covPreds.length > 0) logLikNone = linearRegression({ y, predictors: covPreds, yName: 'y' }).logLik;
    else {
      const m = y.reduce((a, b) => a + b, 0) / n;
      const rss = y.reduce((a, v) => a + (v - m) ** 2, 0);
      logLikNone = -(n / 2) * (Math.log((2 * Math.PI * rss) / n) + 1);
    }
    beta = fit.coefficients.map((c) => c.estimate);
    names = fit.coefficients.map((c) => c.term);
    const cols = design({ predictors: all }, allRows).map((c) => c.values);
    cov = weightedCrossInverse(cols, null).map((v) => v * fit.sigma ** 2);
    lrOverall = 2 * (fit.logLik - logLikNone);
    lrNonlinear = 2 * (fit.logLik - lin.logLik);
    dfResidual = fit.df2;
    aic = fit.aic;
    rSquared = fit.rSquared;
    sigma = fit.sigma;
  } else if (model === 'logistic') {
    const y = sub(input.y!);
    if (y.some((v) => v !== 0 && v !== 1)) throw new StatsError('INVALID_ARGUMENT', 'Logistic 模型的结局须编码为 0/1');
    events = y.reduce((a, b) => a + b, 0);
    const opts = { y, event: 1, profile: false } as const;
    const fit = logisticRegression({ ...opts, predictors: all });
    const lin = logisticRegression({ ...opts, predictors: linearOnly });
    const devNone = covPreds.length > 0 ? logisticRegression({ ...opts, predictors: covPreds }).deviance : fit.nullDeviance;
    beta = fit.coefficients.map((c) => c.estimate);
    names = fit.coefficients.map((c) => c.term);
    const cols = design({ predictors: all }, allRows).map((c) => c.values);
    cov = weightedCrossInverse(cols, fit.fitted.map((m) => m * (1 - m)));
    lrOverall = devNone - fit.deviance;
    lrNonlinear = lin.deviance - fit.deviance;
    aic = fit.aic;
  } else {
    const time = sub(input.time!);
    const status = sub(input.status!);
    if (status.some((v) => v !== 0 && v !== 1)) throw new StatsError('INVALID_ARGUMENT', '结局状态须编码为 0/1（1 = 发生事件）');
    events = status.reduce((a, b) => a + b, 0);
    const fit = coxRegression({ time, status, predictors: all });
    const lin = coxRegression({ time, status, predictors: linearOnly });
    const llNone = covPreds.length > 0 ? coxRegression({ time, status, predictors: covPreds }).logLik : fit.logLikNull;
    beta = fit.coefficients.map((c) => c.estimate);
    names = fit.coefficients.map((c) => c.term);
    const cols = design({ predictors: all, intercept: false }, allRows).map((c) => c.values);
    const info = coxInformation(cols, beta, time, status);
    cov = spdInverse(info, cols.length, '信息矩阵');
    lrOverall = 2 * (fit.logLik - llNone);
    lrNonlinear = 2 * (fit.logLik - lin.logLik);
    aic = fit.aic;
  }
  const p = beta.length;
  const idx = splineTerms.map((t) => names.indexOf(t));
  const test = (terms: number[], lr: number): RcsTest => {
    const chi = waldChiSquare(beta, cov, p, terms);
    const df = terms.length;
    const lrTest = { statistic: lr, df, pValue: chisqSf(lr, df) };
    if (dfResidual !== null) return { statistic: chi, df, pValue: fSf(chi / df, df, dfResidual), f: chi / df, df2: dfResidual, lr: lrTest };
    return { statistic: chi, df, pValue: chisqSf(chi, df), f: null, df2: null, lr: lrTest };
  };
  const overall = test(idx, lrOverall);
  const nonlinear = test(idx.slice(1), lrNonlinear);

  const reference = input.reference ?? quantile(x, [0.5])[0]!;
  if (!Number.isFinite(reference)) throw new StatsError('INVALID_ARGUMENT', '参照值必须是有限数值');
  const critical = dfResidual !== null ? tQuantile(1 - (1 - level) / 2, dfResidual) : normalQuantile(1 - (1 - level) / 2);
  const refBasis = rcsBasis([reference], knots).map((c) => c[0]!);
  const vs = idx.map((a) => idx.map((b) => cov[a * p + b]!));
  const bs = idx.map((a) => beta[a]!);
  const effectsAt = (xs: readonly number[]): RcsEffect[] => {
    const B = rcsBasis(xs, knots);
    return xs.map((xv, i) => {
      const d = B.map((col, j) => col[i]! - refBasis[j]!);
      const estimate = d.reduce((s, v, j) => s + v * bs[j]!, 0);
      let v = 0;
      for (let a = 0; a < d.length; a++) for (let b = 0; b < d.length; b++) v += d[a]! * vs[a]![b]! * d[b]!;
      const se = Math.sqrt(Math.max(v, 0));
      const lower = estimate - critical * se;
      const upper = estimate + critical * se;
      const tr = model === 'linear' ? (u: number) => u : Math.exp;
      return { x: xv, estimate, se, lower, upper, effect: tr(estimate), effectLower: tr(lower), effectUpper: tr(upper) };
    });
  };
  const sorted = [...x].sort((a, b) => a - b);
  const [lo, hi] = input.range ?? (n >= 20 ? [sorted[9]!, sorted[n - 10]!] : [sorted[0]!, sorted[n - 1]!]);
  const np = input.points ?? 100;
  if (!(Number.isInteger(np) && np >= 2)) throw new StatsError('INVALID_ARGUMENT', '曲线的点数必须是不小于 2 的整数');
  const grid = sortedUnique([...seq(lo, hi, np), ...(reference >= lo && reference <= hi ? [reference] : [])]);
  return {
    model,
    n,
    missing: input.x.length - n,
    events,
    knots,
    reference,
    coefficients: names.map((term, j) => ({ term, estimate: beta[j]!, se: Math.sqrt(cov[j * p + j]!) })),
    splineTerms,
    splineCovariance: vs.flat(),
    overall,
    nonlinear,
    curve: effectsAt(grid),
    effects: effectsAt(input.at ?? []),
    critical,
    aic,
    rSquared,
    sigma,
    level,
  };
}
