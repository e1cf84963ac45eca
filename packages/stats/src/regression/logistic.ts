// Binary logistic regression by iteratively reweighted least squares (R: glm(family = binomial)),
// on one row per case, on rows with frequency weights, or on grouped events/trials rows.
import gammaln from '@stdlib/math-base-special-gammaln';
import { StatsError } from '../errors.js';
import { chisqQuantile, chisqSf } from '../distributions/chisq.js';
import { normalQuantile } from '../distributions/normal.js';
import { quantile, quantileInRange } from '../descriptive/quantile.js';
import { brent } from '../internal/root.js';
import { completeRows, design, levelsOf, toArray, waldCoefficient, withOddsRatio, type DesignColumn, type ModelTerms, type OddsRatioCoefficient } from './design.js';
import { binomialFamily, irls, irlsStandardError, MAX_ITERATIONS, type IrlsFit } from './glm.js';

export interface LogisticRegressionInput extends ModelTerms {
  /**
   * Outcome with exactly two distinct values (0/1, or two categories); with `trials`, the number of
   * events in each row (a non-negative integer).
   */
  y: ArrayLike<number | string | null | undefined>;
  /**
   * Frequency (case) weights: row i stands for wᵢ identical cases (non-negative integers; a row with
   * weight 0 is left out, a missing weight drops the row). R: glm(…, weights = w). Not with `trials`.
   */
  weights?: ArrayLike<number | null | undefined>;
  /**
   * Grouped binomial input: the number of trials in each row (positive integers), `y` holding the
   * events. R: glm(cbind(events, trials − events) ~ …, binomial).
   */
  trials?: ArrayLike<number | null | undefined>;
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
  /** The outcome value modelled as the event, and the reference ('事件'/'未发生' for grouped input). */
  event: string;
  reference: string;
  /** 'none': one row per case; 'frequency': rows with case weights; 'grouped': events/trials rows. */
  weighting: 'none' | 'frequency' | 'grouped';
  /** Cases counted: the rows, Σ weights, or Σ trials. */
  n: number;
  /** Data rows (groups) in the fit: complete and, for frequency weights, with a weight above 0. */
  rows: number;
  /** Rows dropped for a missing value. */
  missing: number;
  /** Rows left out because their frequency weight is 0. */
  zeroWeight: number;
  /** Cases with the event (Σ over rows of events, or of weight × outcome). */
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
  /** Fitted probability of each row in the fit. */
  fitted: number[];
  /** Per row in the fit: events and cases it stands for (null for one row per case). */
  counts: { events: number[]; cases: number[] } | null;
  iterations: number;
  level: number;
}

interface Outcome {
  /** 0/1, or the proportion events/trials. */
  y: Float64Array;
  /** Prior weights (weights, or trials), null for one row per case. */
  prior: Float64Array | null;
  /** Events per row (y·prior). */
  events: Float64Array;
  event: string;
  reference: string;
  weighting: LogisticRegressionResult['weighting'];
  rows: Int32Array;
  zeroWeight: number;
}

const isCount = (v: number) => Number.isInteger(v) && v >= 0;

/**
 * The outcome in R's glm form. Frequency weights must be non-negative integers (rows with 0 are
 * dropped); grouped rows need integer events 0 ≤ e ≤ trials and trials ≥ 1. Positions in the
 * messages are 1-based rows of the input.
 */
function prepareOutcome(input: LogisticRegressionInput, complete: Int32Array): Outcome {
  if (input.weights && input.trials) throw new StatsError('INVALID_ARGUMENT', '频数权重与分组数据（事件数/总数）不能同时使用：分组数据的每行已代表“总数”个研究对象');
  if (input.trials) {
    const y = new Float64Array(complete.length);
    const prior = new Float64Array(complete.length);
    for (let r = 0; r < complete.length; r++) {
      const i = complete[r]!;
      const e = Number(input.y[i]);
      const t = Number(input.trials[i]);
      if (!isCount(e)) throw new StatsError('INVALID_ARGUMENT', `事件数必须是非负整数（第${i + 1}行为${String(input.y[i])}）`);
      if (!(Number.isInteger(t) && t >= 1)) throw new StatsError('INVALID_ARGUMENT', `总数（试验数）必须是正整数（第${i + 1}行为${String(input.trials[i])}）；总数为0的行不含任何研究对象，请删除`);
      if (e > t) throw new StatsError('INVALID_ARGUMENT', `事件数不能大于总数（第${i + 1}行：事件数${e}，总数${t}）`);
      y[r] = e / t;
      prior[r] = t;
    }
    const events = Float64Array.from(complete, (i) => Number(input.y[i]));
    return { y, prior, events, event: '事件', reference: '未发生', weighting: 'grouped', rows: complete, zeroWeight: 0 };
  }
  let rows = complete;
  let prior: Float64Array | null = null;
  let zeroWeight = 0;
  if (input.weights) {
    const w = input.weights;
    for (const i of complete) {
      const v = Number(w[i]);
      if (!isCount(v)) throw new StatsError('INVALID_ARGUMENT', `频数权重必须是非负整数（第${i + 1}行为${String(w[i])}）：每行代表的研究对象例数`);
    }
    rows = complete.filter((i) => Number(w[i]) > 0);
    zeroWeight = complete.length - rows.length;
    prior = Float64Array.from(rows, (i) => Number(w[i]));
  }
  const coded = codeOutcome(input.y, rows, input.event);
  const events = prior ? Float64Array.from(coded.y, (v, r) => v * prior![r]!) : coded.y;
  return { ...coded, prior, events, weighting: prior ? 'frequency' : 'none', rows, zeroWeight };
}

/** Outcome as 0/1 with the event level named. */
function codeOutcome(values: ArrayLike<unknown>, rows: Int32Array, event: string | number | undefined): { y: Float64Array; event: string; reference: string } {
  const numeric = codeNumericOutcome(values, rows, event);
  if (numeric) return numeric;
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
 * codeOutcome for an outcome of two distinct numbers, without turning 10⁵ values into strings: for
 * numbers String(a) === String(b) exactly when a === b, and levelsOf sorts numeric levels by value.
 * null (the general route, which also words the errors) for text, or other than two levels, or an
 * event that is not one of them.
 */
function codeNumericOutcome(values: ArrayLike<unknown>, rows: Int32Array, event: string | number | undefined): { y: Float64Array; event: string; reference: string } | null {
  if (rows.length === 0) return null;
  const a = values[rows[0]!];
  if (typeof a !== 'number') return null;
  let b = a; // the second level once seen
  for (let r = 1; r < rows.length; r++) {
    const v = values[rows[r]!];
    if (v === a || v === b) continue;
    if (typeof v !== 'number' || b !== a) return null;
    b = v;
  }
  if (b === a) return null;
  const levels = [String(Math.min(a, b)), String(Math.max(a, b))];
  const ev = event === undefined ? levels[1]! : String(event);
  if (!levels.includes(ev)) return null;
  const evValue = ev === levels[0] ? Math.min(a, b) : Math.max(a, b);
  const reference = levels.find((l) => l !== ev)!;
  const y = new Float64Array(rows.length);
  for (let r = 0; r < rows.length; r++) y[r] = values[rows[r]!] === evValue ? 1 : 0;
  return { y, event: ev, reference };
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
 * Type 7 quantiles of the cases' fitted probabilities when row i stands for cases[i] cases with
 * probability mu[i]: the quantiles of the expanded vector, found from cumulative counts.
 */
function expandedQuantiles(mu: Float64Array, cases: Float64Array, probs: readonly number[]): number[] {
  const order = Array.from(mu.keys()).sort((a, b) => mu[a]! - mu[b]!);
  const ends: number[] = [];
  let total = 0;
  for (const i of order) ends.push((total += cases[i]!));
  /** The k-th (0-based) value of the sorted expanded vector. */
  const at = (k: number) => {
    let lo = 0;
    let hi = ends.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ends[mid]! > k) hi = mid;
      else lo = mid + 1;
    }
    return mu[order[lo]!]!;
  };
  return probs.map((p) => {
    const h = (total - 1) * p;
    const lo = Math.floor(h);
    const a = at(lo);
    return h === lo ? a : a + (h - lo) * (at(lo + 1) - a);
  });
}

/** Type 7 quantiles of fitted probabilities (finite by construction), without copying them. */
function quantileOfFitted(mu: Float64Array, probs: readonly number[]): number[] {
  if (mu.length === 0) return quantile(mu, probs);
  let min = mu[0]!;
  let max = mu[0]!;
  for (let i = 1; i < mu.length; i++) {
    const v = mu[i]!;
    if (v < min) min = v;
    else if (v > max) max = v;
  }
  return quantileInRange(mu, probs, 7, min, max);
}

/** Observed and expected events and cases in the intervals (b_{j−1}, b_j] of the breaks, the first one closed on the left. */
function groupSums(observed: Float64Array, mu: Float64Array, breaks: readonly number[], cases: Float64Array | null): { observed: number; expected: number; n: number }[] {
  const k = breaks.length - 1;
  const o = new Float64Array(k);
  const e = new Float64Array(k);
  const m = new Float64Array(k);
  for (let i = 0; i < mu.length; i++) {
    let lo = 1;
    let hi = k;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (mu[i]! <= breaks[mid]!) hi = mid;
      else lo = mid + 1;
    }
    const c = cases ? cases[i]! : 1;
    o[lo - 1]! += observed[i]!;
    e[lo - 1]! += mu[i]! * c;
    m[lo - 1]! += c;
  }
  return Array.from({ length: k }, (_, j) => ({ observed: o[j]!, expected: e[j]!, n: m[j]! }));
}

/**
 * Hosmer–Lemeshow goodness of fit: cases grouped at the quantiles (type 7) of the fitted
 * probabilities (tied quantiles merged, as cut(…, unique(quantile(…)), include.lowest = TRUE)),
 * Σ (observed − expected)²/expected over both outcomes, df = groups − 2. With weighted or grouped
 * rows the cases are the expanded ones (every case of a row shares its probability, so a row never
 * straddles two groups): the test on the data written out one row per case.
 */
function hosmerLemeshow(observed: Float64Array, mu: Float64Array, g: number, cases: Float64Array | null = null): LogisticRegressionResult['hosmerLemeshow'] {
  const probs = Array.from({ length: g + 1 }, (_, k) => k / g);
  const breaks = [...new Set(cases ? expandedQuantiles(mu, cases, probs) : quantileOfFitted(mu, probs))];
  const k = breaks.length - 1;
  if (k < 3) return null;
  const groups = groupSums(observed, mu, breaks, cases);
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
 *
 * Frequency weights (`weights`) give exactly the fit of the data written out one row per case
 * (R: glm(weights = w) for the estimates, SEs, deviance, logLik and AIC); the counts that depend on
 * the number of observations follow the cases too: dfResidual = Σw − p and BIC with log Σw (R's
 * BIC() on a weighted glm counts rows instead). Grouped input (`trials`) follows
 * glm(cbind(events, trials − events)) throughout: the deviance against the grouped saturated model,
 * logLik and AIC with the binomial coefficients (binomial()$aic), dfResidual = groups − p and BIC
 * with log(groups). In every form Cox–Snell and Nagelkerke R² are those of the one-row-per-case
 * data, with n = the number of cases (Σw or Σtrials), as SPSS weighting and rms::lrm on the
 * expanded data: 1 − exp(−LR/n), divided by 1 − exp(−(−2 log L₀)/n) with L₀ the case-level
 * likelihood of the null model. Hosmer–Lemeshow, the classification table and `events` count
 * cases (weighted counts).
 * @throws StatsError for an outcome without exactly two classes, too few rows, collinear predictors,
 *   complete or quasi-complete separation (naming the terms), a fit that does not converge, a
 *   negative or non-integer frequency weight, events that are not integers in 0…trials, trials < 1,
 *   or weights and trials together.
 */
export function logisticRegression(input: LogisticRegressionInput): Readonly<LogisticRegressionResult> {
  const level = input.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new StatsError('INVALID_ARGUMENT', '置信水平必须在0到1之间');
  const cutoff = input.cutoff ?? 0.5;
  if (!(cutoff > 0 && cutoff < 1)) throw new StatsError('INVALID_ARGUMENT', '分类界值必须在0到1之间');
  const g = input.groups ?? 10;
  if (!Number.isInteger(g) || g < 3) throw new StatsError('INVALID_ARGUMENT', 'Hosmer–Lemeshow检验的分组数必须是不小于3的整数');
  const n0 = input.y.length;
  const extra = input.trials ?? input.weights;
  if (extra && extra.length !== n0) throw new StatsError('INVALID_ARGUMENT', `${input.trials ? '总数' : '频数权重'}与因变量的长度不同`);
  const complete = completeRows(extra ? [input.y, extra] : [input.y], input.predictors);
  const outcome = prepareOutcome(input, complete);
  const { y, prior, event, reference, weighting, rows } = outcome;
  // The fit, the separation check and the profiles only read the columns: no copies of the predictors.
  const cols = design(input, rows, true);
  const nRows = y.length;
  const p = cols.length;
  const cases = prior ? prior.reduce((a, b) => a + b, 0) : nRows;
  if (cases <= p) throw new StatsError('TOO_FEW_OBSERVATIONS', `观测数（${cases}）必须多于模型参数个数（${p}）`);
  const names = cols.map((c) => c.name);
  const X = cols.map((c) => c.values);
  const fit = irls(binomialFamily, X, y, null, names, undefined, prior);
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
  const events = outcome.events.reduce((s, v) => s + v, 0);
  const muNull = intercept ? events / cases : 0.5;
  const nullDeviance = binomialFamily.deviance(y, new Float64Array(nRows).fill(muNull), prior);
  const z = normalQuantile(1 - (1 - level) / 2);
  const cutDev = chisqQuantile(level, 1);
  const coefficients = cols.map((c, j): LogisticCoefficient => {
    const se = irlsStandardError(fit, j, p);
    const profile = input.profile ?? true ? profileInterval(X, y, prior, j, fit.beta, se, fit.deviance, cutDev, names) : null;
    return {
      ...withOddsRatio(waldCoefficient(c.name, fit.beta[j]!, se, z)),
      oddsRatioProfileCi: profile ? [Math.exp(profile[0]), Math.exp(profile[1])] : null,
    };
  });
  const modelDf = intercept ? p - 1 : p;
  const modelChiSquare = nullDeviance - fit.deviance;
  const grouped = weighting === 'grouped';
  // −2 log L₀ of the one-row-per-case data: the null deviance unless rows are grouped proportions.
  const caseNull = grouped ? -2 * (events * Math.log(muNull) + (cases - events) * Math.log(1 - muNull)) : nullDeviance;
  const coxSnellR2 = 1 - Math.exp(-modelChiSquare / cases);
  const maxR2 = 1 - Math.exp(-caseNull / cases);
  const { tp, fn, fp, tn } = classificationCounts(fit.mu, outcome.events, prior, cutoff);
  // Grouped rows: binomial()$aic, −2 Σ log dbinom(eᵢ, tᵢ, μᵢ), i.e. the deviance's saturated term and the log binomial coefficients.
  let logLik = -fit.deviance / 2;
  if (grouped) {
    logLik = 0;
    for (let i = 0; i < nRows; i++) {
      const t = prior![i]!;
      const e = outcome.events[i]!;
      const m = fit.mu[i]!;
      logLik += gammaln(t + 1) - gammaln(e + 1) - gammaln(t - e + 1) + (e > 0 ? e * Math.log(m) : 0) + (t - e > 0 ? (t - e) * Math.log(1 - m) : 0);
    }
  }
  // Observations for the residual df and BIC: cases (rows written out) unless grouped, where R counts groups.
  const nObs = grouped ? nRows : cases;
  return {
    coefficients,
    event,
    reference,
    weighting,
    n: cases,
    rows: nRows,
    missing: n0 - complete.length,
    zeroWeight: outcome.zeroWeight,
    events,
    deviance: fit.deviance,
    nullDeviance,
    dfResidual: nObs - p,
    dfNull: intercept ? nObs - 1 : nObs,
    logLik,
    aic: -2 * logLik + 2 * p,
    bic: -2 * logLik + Math.log(nObs) * p,
    modelChiSquare,
    modelDf,
    modelPValue: modelDf > 0 ? chisqSf(modelChiSquare, modelDf) : NaN,
    coxSnellR2,
    nagelkerkeR2: coxSnellR2 / maxR2,
    hosmerLemeshow: hosmerLemeshow(outcome.events, fit.mu, g, prior),
    classification: {
      cutoff,
      truePositive: tp,
      falseNegative: fn,
      falsePositive: fp,
      trueNegative: tn,
      sensitivity: tp + fn > 0 ? tp / (tp + fn) : NaN,
      specificity: tn + fp > 0 ? tn / (tn + fp) : NaN,
      accuracy: (tp + tn) / cases,
    },
    fitted: toArray(fit.mu),
    counts: prior ? { events: Array.from(outcome.events), cases: Array.from(prior) } : null,
    iterations: fit.iterations,
    level,
  };
}

/**
 * The classification table in cases: observed events and non-events by predicted class
 * (μ > cutoff). Its own function, as the other per-row loops, so V8 optimises the loop on its own
 * and need not compile the whole of logisticRegression.
 */
function classificationCounts(mu: Float64Array, events: Float64Array, prior: Float64Array | null, cutoff: number): { tp: number; fn: number; fp: number; tn: number } {
  let tp = 0;
  let fn = 0;
  let fp = 0;
  let tn = 0;
  for (let i = 0; i < mu.length; i++) {
    const predicted = mu[i]! > cutoff;
    const c = prior ? prior[i]! : 1;
    const e = events[i]!;
    if (predicted) {
      tp += e;
      fp += c - e;
    } else {
      fn += e;
      tn += c - e;
    }
  }
  return { tp, fn, fp, tn };
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
  prior: Float64Array | null,
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
      return binomialFamily.deviance(y, mu, prior) - devMin - cut;
    }
    return irls(binomialFamily, others, y, offset, otherNames, start, prior).deviance - devMin - cut;
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
