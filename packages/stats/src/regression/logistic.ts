// Binary logistic regression by iteratively reweighted least squares (R: glm(family = binomial)).
import { StatsError } from '../errors.js';
import { chisqQuantile, chisqSf } from '../distributions/chisq.js';
import { normalQuantile } from '../distributions/normal.js';
import { quantile } from '../descriptive/quantile.js';
import { brent } from '../internal/root.js';
import { completeRows, design, levelsOf, waldCoefficient, withOddsRatio, type DesignColumn, type ModelTerms, type OddsRatioCoefficient } from './design.js';
import { binomialFamily, irls, irlsStandardError, MAX_ITERATIONS, type IrlsFit } from './glm.js';

export interface LogisticRegressionInput extends ModelTerms {
  /** Outcome with exactly two distinct values (0/1, or two categories). */
  y: ArrayLike<number | string | null | undefined>;
  /** The outcome value counted as the event (coded 1). Default: 1 for 0/1 data, else the second level in sorted order (R's factor). */
  event?: string | number;
  level?: number;
  /** Profile-likelihood CIs (R: confint on a glm). Default true; each needs a few refits per side. */
  profile?: boolean;
  /** Predicted probability above which a case is classified as the event (default 0.5, as SPSS). */
  cutoff?: number;
  /** Hosmer–Lemeshow groups (default 10). */
  groups?: number;
}

/** Wald z and CI of the coefficient; the odds ratio with exp of the Wald CI. */
export interface LogisticCoefficient extends OddsRatioCoefficient {
  /** exp of the profile-likelihood CI (null when not requested); an end is Infinity/0 when the profile never rises far enough. */
  oddsRatioProfileCi: readonly [number, number] | null;
}

export interface LogisticRegressionResult {
  coefficients: LogisticCoefficient[];
  /** The outcome value modelled as the event, and the reference. */
  event: string;
  reference: string;
  n: number;
  missing: number;
  events: number;
  deviance: number;
  nullDeviance: number;
  dfResidual: number;
  dfNull: number;
  logLik: number;
  aic: number;
  bic: number;
  /** Likelihood-ratio test of the model against the intercept-only (or empty) model. */
  modelChiSquare: number;
  modelDf: number;
  modelPValue: number;
  coxSnellR2: number;
  nagelkerkeR2: number;
  hosmerLemeshow: { statistic: number; df: number; pValue: number; groups: { observed: number; expected: number; n: number }[] } | null;
  classification: {
    cutoff: number;
    /** Counts: observed event/non-event × predicted event/non-event. */
    truePositive: number;
    falseNegative: number;
    falsePositive: number;
    trueNegative: number;
    sensitivity: number;
    specificity: number;
    accuracy: number;
  };
  fitted: number[];
  iterations: number;
  level: number;
}

/** Outcome as 0/1 with the event level named. */
function codeOutcome(values: ArrayLike<unknown>, rows: Int32Array, event: string | number | undefined): { y: Float64Array; event: string; reference: string } {
  const vals = Array.from(rows, (i) => values[i] as string | number);
  const levels = levelsOf(vals);
  if (levels.length !== 2) {
    throw new StatsError('INVALID_ARGUMENT', `二分类Logistic回归的因变量必须恰好有两个类别，当前有${levels.length}个`);
  }
  let ev = event === undefined ? levels[1]! : String(event);
  if (!levels.includes(ev)) throw new StatsError('INVALID_ARGUMENT', `指定的事件水平“${ev}”不在因变量的取值中`);
  const reference = levels.find((l) => l !== ev)!;
  return { y: Float64Array.from(vals, (v) => (String(v) === ev ? 1 : 0)), event: ev, reference };
}

/**
 * Separation (Albert & Anderson): when some cases' fitted probabilities reach 0 or 1 and all of them
 * are classified correctly, the likelihood keeps rising along a direction and no finite MLE exists.
 * Returns the kind and the terms whose coefficients run away (largest |β|·sd(x) first).
 */
function separation(fit: IrlsFit, y: Float64Array, cols: readonly DesignColumn[]): { kind: 'complete' | 'quasi-complete'; terms: string[] } | null {
  let extreme = 0;
  for (let i = 0; i < y.length; i++) {
    const m = fit.mu[i]!;
    const atZero = m < 1e-10;
    const atOne = m > 1 - 1e-10;
    if (!atZero && !atOne) continue;
    if ((atOne ? 1 : 0) !== y[i]) return null;
    extreme++;
  }
  if (extreme === 0) return null;
  const scaled = cols
    .map((c, j) => {
      let s = 0;
      let m = 0;
      for (let i = 0; i < c.values.length; i++) m += c.values[i]!;
      m /= c.values.length;
      for (let i = 0; i < c.values.length; i++) s += (c.values[i]! - m) ** 2;
      return { term: c.name, size: Math.abs(fit.beta[j]!) * Math.sqrt(s / c.values.length) };
    })
    .filter((t) => t.term !== '(Intercept)' && t.size > 5)
    .sort((a, b) => b.size - a.size);
  return { kind: extreme === y.length ? 'complete' : 'quasi-complete', terms: scaled.map((t) => t.term) };
}

/**
 * Hosmer–Lemeshow goodness of fit: cases grouped at the quantiles (type 7) of the fitted
 * probabilities (tied quantiles merged, as cut(…, unique(quantile(…)), include.lowest = TRUE)),
 * Σ (observed − expected)²/expected over both outcomes, df = groups − 2.
 */
function hosmerLemeshow(y: Float64Array, mu: Float64Array, g: number): LogisticRegressionResult['hosmerLemeshow'] {
  const probs = Array.from({ length: g + 1 }, (_, k) => k / g);
  const breaks = [...new Set(quantile(mu, probs))];
  const k = breaks.length - 1;
  if (k < 3) return null;
  const groups = Array.from({ length: k }, () => ({ observed: 0, expected: 0, n: 0 }));
  for (let i = 0; i < y.length; i++) {
    // Interval (b_{j-1}, b_j], the first one closed on the left.
    let lo = 1;
    let hi = k;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (mu[i]! <= breaks[mid]!) hi = mid;
      else lo = mid + 1;
    }
    const grp = groups[lo - 1]!;
    grp.observed += y[i]!;
    grp.expected += mu[i]!;
    grp.n++;
  }
  let statistic = 0;
  for (const grp of groups) {
    statistic += (grp.observed - grp.expected) ** 2 / grp.expected;
    statistic += (grp.n - grp.observed - (grp.n - grp.expected)) ** 2 / (grp.n - grp.expected);
  }
  const df = k - 2;
  return { statistic, df, pValue: chisqSf(statistic, df), groups };
}

/**
 * Binary logistic regression with R's glm conventions: treatment-coded factors, Wald z tests and
 * CIs, odds ratios with Wald and profile-likelihood CIs, deviance, AIC/BIC, likelihood-ratio model
 * test, Cox–Snell and Nagelkerke R², Hosmer–Lemeshow test and the classification table.
 * Rows with a missing value are dropped.
 * @throws StatsError for an outcome without exactly two classes, too few rows, collinear predictors,
 *   complete or quasi-complete separation (naming the terms), or a fit that does not converge.
 */
export function logisticRegression(input: LogisticRegressionInput): Readonly<LogisticRegressionResult> {
  const level = input.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new StatsError('INVALID_ARGUMENT', '置信水平必须在0到1之间');
  const cutoff = input.cutoff ?? 0.5;
  if (!(cutoff > 0 && cutoff < 1)) throw new StatsError('INVALID_ARGUMENT', '分类界值必须在0到1之间');
  const g = input.groups ?? 10;
  if (!Number.isInteger(g) || g < 3) throw new StatsError('INVALID_ARGUMENT', 'Hosmer–Lemeshow检验的分组数必须是不小于3的整数');
  const n0 = input.y.length;
  const rows = completeRows([input.y], input.predictors);
  const { y, event, reference } = codeOutcome(input.y, rows, input.event);
  const cols = design(input, rows);
  const n = y.length;
  const p = cols.length;
  if (n <= p) throw new StatsError('TOO_FEW_OBSERVATIONS', `观测数（${n}）必须多于模型参数个数（${p}）`);
  const names = cols.map((c) => c.name);
  const X = cols.map((c) => c.values);
  const fit = irls(binomialFamily, X, y, null, names);
  const sep = separation(fit, y, cols);
  if (sep) {
    const which = sep.terms.length ? `，涉及：${sep.terms.map((t) => `“${t}”`).join('、')}` : '';
    const kind = sep.kind === 'complete' ? '完全分离' : '准完全分离';
    throw new StatsError(
      'SEPARATION',
      `数据存在${kind}${which}：这些自变量（或其组合）能完美预测部分或全部结局，最大似然估计不存在（系数趋于无穷）。请合并稀疏类别、删除该变量，或改用Firth校正等惩罚方法`,
    );
  }
  if (!fit.converged) throw new StatsError('NOT_CONVERGED', `模型迭代${MAX_ITERATIONS}次仍未收敛，请检查自变量的量纲或共线性`);
  const intercept = input.intercept ?? true;
  const events = y.reduce((s, v) => s + v, 0);
  const muNull = intercept ? events / n : 0.5;
  const nullDeviance = binomialFamily.deviance(y, new Float64Array(n).fill(muNull));
  const z = normalQuantile(1 - (1 - level) / 2);
  const cutDev = chisqQuantile(level, 1);
  const coefficients = cols.map((c, j): LogisticCoefficient => {
    const se = irlsStandardError(fit, j, p);
    const profile = input.profile ?? true ? profileInterval(X, y, j, fit.beta, se, fit.deviance, cutDev, names) : null;
    return {
      ...withOddsRatio(waldCoefficient(c.name, fit.beta[j]!, se, z)),
      oddsRatioProfileCi: profile ? [Math.exp(profile[0]), Math.exp(profile[1])] : null,
    };
  });
  const modelDf = intercept ? p - 1 : p;
  const modelChiSquare = nullDeviance - fit.deviance;
  const coxSnellR2 = 1 - Math.exp(-modelChiSquare / n);
  const maxR2 = 1 - Math.exp(-nullDeviance / n);
  let tp = 0;
  let fn = 0;
  let fp = 0;
  let tn = 0;
  for (let i = 0; i < n; i++) {
    const predicted = fit.mu[i]! > cutoff;
    if (y[i] === 1) predicted ? tp++ : fn++;
    else predicted ? fp++ : tn++;
  }
  const logLik = -fit.deviance / 2;
  return {
    coefficients,
    event,
    reference,
    n,
    missing: n0 - n,
    events,
    deviance: fit.deviance,
    nullDeviance,
    dfResidual: n - p,
    dfNull: intercept ? n - 1 : n,
    logLik,
    aic: fit.deviance + 2 * p,
    bic: fit.deviance + Math.log(n) * p,
    modelChiSquare,
    modelDf,
    modelPValue: modelDf > 0 ? chisqSf(modelChiSquare, modelDf) : NaN,
    coxSnellR2,
    nagelkerkeR2: coxSnellR2 / maxR2,
    hosmerLemeshow: hosmerLemeshow(y, fit.mu, g),
    classification: {
      cutoff,
      truePositive: tp,
      falseNegative: fn,
      falsePositive: fp,
      trueNegative: tn,
      sensitivity: tp + fn > 0 ? tp / (tp + fn) : NaN,
      specificity: tn + fp > 0 ? tn / (tn + fp) : NaN,
      accuracy: (tp + tn) / n,
    },
    fitted: Array.from(fit.mu),
    iterations: fit.iterations,
    level,
  };
}

/**
 * Profile-likelihood interval of coefficient j: the values b where the deviance with β_j fixed at b
 * (the others refitted, b·x_j as an offset) exceeds the minimum by χ²₁(level). Each end is found by
 * Brent's method after stepping out from the MLE in Wald standard errors; an end is ±Infinity when
 * the profile deviance does not reach the cut within 64 standard errors.
 */
function profileInterval(
  X: readonly Float64Array[],
  y: Float64Array,
  j: number,
  beta: Float64Array,
  se: number,
  devMin: number,
  cut: number,
  names: readonly string[],
): [number, number] {
  const est = beta[j]!;
  const others = X.filter((_, k) => k !== j);
  const otherNames = names.filter((_, k) => k !== j);
  const xj = X[j]!;
  const offset = new Float64Array(y.length);
  // Each refit starts from the MLE's other coefficients (a cold start can diverge out here, as glm.fit does).
  const start = Float64Array.from(beta.filter((_, k) => k !== j));
  const excess = (b: number): number => {
    for (let i = 0; i < y.length; i++) offset[i] = b * xj[i]!;
    if (others.length === 0) {
      const mu = Float64Array.from(offset, binomialFamily.linkinv);
      return binomialFamily.deviance(y, mu) - devMin - cut;
    }
    return irls(binomialFamily, others, y, offset, otherNames, start).deviance - devMin - cut;
  };
  // A refit far out in the tail can fail (every weight near 0): treated as "not evaluable here".
  const safeExcess = (b: number): number => {
    try {
      return excess(b);
    } catch (e) {
      if (e instanceof StatsError) return NaN;
      throw e;
    }
  };
  const end = (dir: 1 | -1): number => {
    let inner = est;
    for (let step = 1; step <= 64; step *= 1.5) {
      let outer = est + dir * step * se;
      let f = safeExcess(outer);
      for (let k = 0; Number.isNaN(f) && k < 40; k++) {
        outer = (inner + outer) / 2;
        f = safeExcess(outer);
      }
      if (Number.isNaN(f)) break;
      if (f > 0) return brent(excess, Math.min(inner, outer), Math.max(inner, outer), 1e-10 * Math.max(1, se));
      inner = outer;
    }
    return dir * Infinity;
  };
  return [end(-1), end(1)];
}
