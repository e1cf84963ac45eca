// Count regression: Poisson (R: glm(family = poisson)) and negative binomial (R: MASS::glm.nb),
// log link, optional offset (the log of each case's exposure).
import digamma from '@stdlib/math-base-special-digamma';
import gammaln from '@stdlib/math-base-special-gammaln';
import trigamma from '@stdlib/math-base-special-trigamma';
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { normalQuantile } from '../distributions/normal.js';
import { completeRows, design, expRatio, numericColumn, waldCoefficient, type Coefficient, type ModelTerms } from './design.js';
import { irls, irlsStandardError, MAX_ITERATIONS, negativeBinomialFamily, poissonFamily, type GlmFamily, type IrlsFit } from './glm.js';

export interface CountRegressionInput extends ModelTerms {
  /** Non-negative integer counts. */
  y: ArrayLike<number | null | undefined>;
  /** Added to the linear predictor with coefficient 1: usually log(exposure time or population). */
  offset?: ArrayLike<number | null | undefined>;
  level?: number;
}

/** Wald z and CI of the coefficient, with exp of both. */
export interface RateCoefficient extends Coefficient {
  /** exp(estimate): the incidence rate ratio, with exp of the Wald CI. */
  rateRatio: number;
  rateRatioCi: readonly [number, number];
}

export interface CountRegressionResult {
  model: 'poisson' | 'negative-binomial';
  coefficients: RateCoefficient[];
  n: number;
  missing: number;
  deviance: number;
  nullDeviance: number;
  dfResidual: number;
  dfNull: number;
  logLik: number;
  aic: number;
  bic: number;
  /** Likelihood-ratio test against the intercept-only model (with the same offset and θ). */
  modelChiSquare: number;
  modelDf: number;
  modelPValue: number;
  /** Pearson χ² / residual df: near 1 when the variance matches the model, well above 1 under overdispersion. */
  dispersion: number;
  /** Negative binomial only: θ (variance μ + μ²/θ) with its standard error. */
  theta: number | null;
  thetaSe: number | null;
  fitted: number[];
  iterations: number;
  level: number;
}

interface Prepared {
  y: Float64Array;
  offset: Float64Array | null;
  X: Float64Array[];
  names: string[];
  n0: number;
  intercept: boolean;
}

function prepare(input: CountRegressionInput): Prepared {
  const outcomes: ArrayLike<unknown>[] = [input.y];
  if (input.offset) {
    if (input.offset.length !== input.y.length) throw new StatsError('INVALID_ARGUMENT', '偏移量与因变量的长度不同');
    outcomes.push(input.offset);
  }
  const rows = completeRows(outcomes, input.predictors);
  const y = numericColumn(input.y, rows, input.y.length);
  if (!y) throw new StatsError('NON_FINITE', '因变量含有非数值内容');
  for (const v of y) if (!(v >= 0) || !Number.isInteger(v)) throw new StatsError('INVALID_ARGUMENT', `计数模型的因变量必须是非负整数（发现${v}）`);
  const offset = input.offset ? numericColumn(input.offset, rows, input.offset.length) : null;
  if (input.offset && !offset) throw new StatsError('NON_FINITE', '偏移量含有非数值内容');
  const cols = design(input, rows);
  if (y.length <= cols.length) throw new StatsError('TOO_FEW_OBSERVATIONS', `观测数（${y.length}）必须多于模型参数个数（${cols.length}）`);
  if (y.every((v) => v === 0)) throw new StatsError('ZERO_VARIANCE', '因变量全为0，无法拟合计数模型');
  return { y, offset, X: cols.map((c) => c.values), names: cols.map((c) => c.name), n0: input.y.length, intercept: input.intercept ?? true };
}

/** Deviance of the intercept-only (or empty) model with the same offset. */
function nullDevianceOf(family: GlmFamily, d: Prepared): number {
  const n = d.y.length;
  if (d.intercept) return irls(family, [new Float64Array(n).fill(1)], d.y, d.offset, ['(Intercept)']).deviance;
  const mu = Float64Array.from({ length: n }, (_, i) => family.linkinv(d.offset ? d.offset[i]! : 0));
  return family.deviance(d.y, mu);
}

function summarise(
  model: CountRegressionResult['model'],
  family: GlmFamily,
  d: Prepared,
  fit: IrlsFit,
  logLik: number,
  extraParameters: number,
  theta: number | null,
  thetaSe: number | null,
  level: number,
): CountRegressionResult {
  const n = d.y.length;
  const p = d.X.length;
  const z = normalQuantile(1 - (1 - level) / 2);
  const coefficients = d.names.map((term, j): RateCoefficient => {
    const w = waldCoefficient(term, fit.beta[j]!, irlsStandardError(fit, j, p), z);
    const r = expRatio(w);
    return { ...w, rateRatio: r.ratio, rateRatioCi: r.ci };
  });
  let pearson = 0;
  for (let i = 0; i < n; i++) pearson += (d.y[i]! - fit.mu[i]!) ** 2 / family.variance(fit.mu[i]!);
  const nullDeviance = nullDevianceOf(family, d);
  const modelDf = d.intercept ? p - 1 : p;
  const modelChiSquare = nullDeviance - fit.deviance;
  const k = p + extraParameters;
  return {
    model,
    coefficients,
    n,
    missing: d.n0 - n,
    deviance: fit.deviance,
    nullDeviance,
    dfResidual: n - p,
    dfNull: d.intercept ? n - 1 : n,
    logLik,
    aic: -2 * logLik + 2 * k,
    bic: -2 * logLik + Math.log(n) * k,
    modelChiSquare,
    modelDf,
    modelPValue: modelDf > 0 ? chisqSf(modelChiSquare, modelDf) : NaN,
    dispersion: pearson / (n - p),
    theta,
    thetaSe,
    fitted: Array.from(fit.mu),
    iterations: fit.iterations,
    level,
  };
}

function converged(fit: IrlsFit): IrlsFit {
  if (!fit.converged) throw new StatsError('NOT_CONVERGED', `模型迭代${MAX_ITERATIONS}次仍未收敛，请检查自变量（例如某类别的计数全为0）`);
  return fit;
}

/**
 * Poisson regression with the log link: rate ratios with Wald CIs, deviance, AIC/BIC, LR model test
 * and the Pearson dispersion statistic (well above 1 suggests the negative binomial model).
 */
export function poissonRegression(input: CountRegressionInput): Readonly<CountRegressionResult> {
  const level = input.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new StatsError('INVALID_ARGUMENT', '置信水平必须在0到1之间');
  const d = prepare(input);
  const fit = converged(irls(poissonFamily, d.X, d.y, d.offset, d.names));
  let logLik = 0;
  for (let i = 0; i < d.y.length; i++) logLik += d.y[i]! * Math.log(fit.mu[i]!) - fit.mu[i]! - gammaln(d.y[i]! + 1);
  return summarise('poisson', poissonFamily, d, fit, logLik, 0, null, null, level);
}

function nbLogLik(y: Float64Array, mu: Float64Array, theta: number): number {
  let l = 0;
  for (let i = 0; i < y.length; i++) {
    const yi = y[i]!;
    l += gammaln(theta + yi) - gammaln(theta) - gammaln(yi + 1) + theta * Math.log(theta) + yi * Math.log(mu[i]! + (yi === 0 ? 1 : 0)) - (theta + yi) * Math.log(theta + mu[i]!);
  }
  return l;
}

/** Maximum-likelihood θ given the means (Newton on the score, as MASS::theta.ml) and its SE. */
function thetaMl(y: Float64Array, mu: Float64Array): { theta: number; se: number } {
  const n = y.length;
  let s = 0;
  for (let i = 0; i < n; i++) s += (y[i]! / mu[i]! - 1) ** 2;
  let theta = n / s;
  let info = 0;
  for (let it = 0; it < 100; it++) {
    let score = 0;
    info = 0;
    for (let i = 0; i < n; i++) {
      const yi = y[i]!;
      const m = mu[i]!;
      score += digamma(theta + yi) - digamma(theta) + Math.log(theta) + 1 - Math.log(theta + m) - (yi + theta) / (m + theta);
      info += -trigamma(theta + yi) + trigamma(theta) - 1 / theta + 2 / (m + theta) - (yi + theta) / (m + theta) ** 2;
    }
    const step = score / info;
    let next = theta + step;
    while (!(next > 0)) next = (next + theta) / 2;
    const done = Math.abs(next - theta) <= 1e-12 * theta;
    theta = next;
    if (done) break;
  }
  if (!Number.isFinite(theta) || theta > 1e8) {
    throw new StatsError('NOT_CONVERGED', '负二项模型的离散参数θ趋于无穷：数据没有过度离散，请改用Poisson回归');
  }
  return { theta, se: Math.sqrt(1 / info) };
}

/**
 * Negative binomial regression (NB2: variance μ + μ²/θ) with the log link, θ by maximum likelihood
 * alternating with IRLS until both settle, as MASS::glm.nb. AIC counts θ as a parameter.
 */
export function negativeBinomialRegression(input: CountRegressionInput): Readonly<CountRegressionResult> {
  const level = input.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new StatsError('INVALID_ARGUMENT', '置信水平必须在0到1之间');
  const d = prepare(input);
  let fit = converged(irls(poissonFamily, d.X, d.y, d.offset, d.names));
  let { theta, se } = thetaMl(d.y, fit.mu);
  let iterations = fit.iterations;
  for (let outer = 0; outer < 50; outer++) {
    fit = converged(irls(negativeBinomialFamily(theta), d.X, d.y, d.offset, d.names, fit.beta));
    iterations += fit.iterations;
    const next = thetaMl(d.y, fit.mu);
    const change = Math.abs(next.theta - theta) / theta;
    theta = next.theta;
    se = next.se;
    if (change < 1e-10) break;
  }
  fit = converged(irls(negativeBinomialFamily(theta), d.X, d.y, d.offset, d.names, fit.beta));
  const result = summarise('negative-binomial', negativeBinomialFamily(theta), d, fit, nbLogLik(d.y, fit.mu, theta), 1, theta, se, level);
  return { ...result, iterations: iterations + fit.iterations };
}
