// Generalised linear models fitted by iteratively reweighted least squares, as R's glm.fit: the
// family supplies the inverse link, its derivative, the variance function, the deviance and the start.
// Prior weights (R's glm(weights =)) scale each observation's deviance and working weight; binomial
// proportions with weights = trials are the grouped (events/trials) form.
import { qrSolve } from './qr.js';

export interface GlmFamily {
  linkinv(eta: number): number;
  /** dμ/dη. */
  muEta(eta: number): number;
  variance(mu: number): number;
  /** Σ wᵢ·dᵢ, the unit deviances weighted by the prior weights (all 1 when `weights` is absent). */
  deviance(y: Float64Array, mu: Float64Array, weights?: Float64Array | null): number;
  /** R's mustart for one observation with prior weight `weight` (default 1). */
  start(y: number, weight?: number): number;
  link(mu: number): number;
}

const EPS = Number.EPSILON;
const THRESH = 30; // R's logit_linkinv clamps |η| beyond 30

/** y·log(y/μ) with the 0·log 0 = 0 convention. */
const ylogy = (y: number, mu: number) => (y > 0 ? y * Math.log(y / mu) : 0);

/**
 * Binomial with the logit link: y is 0/1, or the proportion events/trials with the trials as prior
 * weights (R: glm(cbind(events, trials − events) ~ …, binomial)).
 */
export const binomialFamily: GlmFamily = {
  linkinv: (eta) => (eta < -THRESH ? EPS : eta > THRESH ? 1 - EPS : 1 / (1 + Math.exp(-eta))),
  muEta: (eta) => {
    const a = Math.abs(eta);
    if (a > THRESH) return EPS;
    const e = Math.exp(-a);
    return e / ((1 + e) * (1 + e));
  },
  variance: (mu) => mu * (1 - mu),
  deviance: (y, mu, weights) => {
    let d = 0;
    for (let i = 0; i < y.length; i++) {
      const yi = y[i]!;
      const m = mu[i]!;
      const unit = yi === 1 ? -2 * Math.log(m) : yi === 0 ? -2 * Math.log(1 - m) : 2 * (ylogy(yi, m) + ylogy(1 - yi, 1 - m));
      d += weights ? weights[i]! * unit : unit;
    }
    return d;
  },
  // R's binomial()$initialize: (w·y + 0.5)/(w + 1).
  start: (y, w = 1) => (w * y + 0.5) / (w + 1),
  link: (mu) => Math.log(mu / (1 - mu)),
};

/** Poisson with the log link (R: poisson()). */
export const poissonFamily: GlmFamily = {
  linkinv: (eta) => Math.max(Math.exp(eta), EPS),
  muEta: (eta) => Math.max(Math.exp(eta), EPS),
  variance: (mu) => mu,
  deviance: (y, mu, weights) => {
    let d = 0;
    for (let i = 0; i < y.length; i++) d += (weights ? weights[i]! : 1) * 2 * (ylogy(y[i]!, mu[i]!) - (y[i]! - mu[i]!));
    return d;
  },
  start: (y) => y + 0.1,
  link: (mu) => Math.log(mu),
};

/** Negative binomial with known θ and the log link (R: MASS::negative.binomial(theta)). */
export function negativeBinomialFamily(theta: number): GlmFamily {
  return {
    linkinv: poissonFamily.linkinv,
    muEta: poissonFamily.muEta,
    variance: (mu) => mu + (mu * mu) / theta,
    deviance: (y, mu, weights) => {
      let d = 0;
      for (let i = 0; i < y.length; i++) {
        const yi = y[i]!;
        d += (weights ? weights[i]! : 1) * 2 * (yi * Math.log(Math.max(1, yi) / mu[i]!) - (yi + theta) * Math.log((yi + theta) / (mu[i]! + theta)));
      }
      return d;
    },
    start: (y) => y + (y === 0 ? 1 / 6 : 0),
    link: (mu) => Math.log(mu),
  };
}

export interface IrlsFit {
  beta: Float64Array;
  rInverse: Float64Array;
  eta: Float64Array;
  mu: Float64Array;
  deviance: number;
  iterations: number;
  converged: boolean;
}

/** Standard error of coefficient j: the norm of row j of R⁻¹ (so Var(β̂) = R⁻¹R⁻ᵀ). */
export function irlsStandardError(fit: Pick<IrlsFit, 'rInverse'>, j: number, p: number): number {
  let v = 0;
  for (let k = j; k < p; k++) v += fit.rInverse[j * p + k]! ** 2;
  return Math.sqrt(v);
}

export const MAX_ITERATIONS = 50;
const TOLERANCE = 1e-12;
const PREDICT_BLOCK = 512;

// The per-row loops of irls are functions of their own: V8 then optimises each small loop as a
// whole instead of compiling irls loop by loop (OSR) and falling back to the interpreter after each.

/**
 * η = offset + Σ_j x_j·b_j (added in column order, as a per-row sum would, but column by column over
 * blocks of rows that stay in cache) and μ = linkinv(η).
 */
function linearPredictor(
  family: GlmFamily,
  cols: readonly Float64Array[],
  b: Float64Array,
  offset: Float64Array | null,
  eta: Float64Array,
  mu: Float64Array,
): void {
  const n = eta.length;
  const p = cols.length;
  for (let start = 0; start < n; start += PREDICT_BLOCK) {
    const end = Math.min(start + PREDICT_BLOCK, n);
    if (offset) for (let i = start; i < end; i++) eta[i] = offset[i]!;
    else for (let i = start; i < end; i++) eta[i] = 0;
    for (let j = 0; j < p; j++) {
      const c = cols[j]!;
      const bj = b[j]!;
      for (let i = start; i < end; i++) eta[i]! += c[i]! * bj;
    }
    for (let i = start; i < end; i++) mu[i] = family.linkinv(eta[i]!);
  }
}

/** R's mustart and η = link(mustart), the start without coefficients. */
function startingValues(family: GlmFamily, y: Float64Array, prior: Float64Array | null, eta: Float64Array, mu: Float64Array): void {
  for (let i = 0; i < y.length; i++) {
    mu[i] = family.start(y[i]!, prior ? prior[i]! : 1);
    eta[i] = family.link(mu[i]!);
  }
}

/** IRLS working weights w = √prior·μ'(η)/√V(μ) and weighted working responses w·z, z = η − offset + (y − μ)/μ'(η). */
function workingResponse(
  family: GlmFamily,
  eta: Float64Array,
  mu: Float64Array,
  y: Float64Array,
  offset: Float64Array | null,
  prior: Float64Array | null,
  wt: Float64Array,
  wz: Float64Array,
): void {
  for (let i = 0; i < eta.length; i++) {
    const g = family.muEta(eta[i]!);
    const w = (prior ? Math.sqrt(prior[i]!) : 1) * (g / Math.sqrt(family.variance(mu[i]!)));
    const off = offset ? offset[i]! : 0;
    wz[i] = w * (eta[i]! - off + (y[i]! - mu[i]!) / g);
    wt[i] = w;
  }
}

/**
 * IRLS as R's glm.fit (same start, link clamps and deviance criterion, run to a tighter tolerance).
 * Given `start` coefficients it begins there instead, and any step that raises the deviance is
 * halved (up to 30 times) so the iteration cannot run off, which a profile far from the MLE needs.
 * `weights` are R's prior weights (non-negative; null or absent = all 1): each observation's working
 * weight and unit deviance are multiplied by its weight, so an observation with weight 0 drops out
 * and one with weight k counts as k identical observations.
 */
export function irls(
  family: GlmFamily,
  cols: readonly Float64Array[],
  y: Float64Array,
  offset: Float64Array | null,
  names: readonly string[],
  start?: Float64Array,
  weights?: Float64Array | null,
): IrlsFit {
  const prior = weights ?? null;
  const n = y.length;
  const p = cols.length;
  const eta = new Float64Array(n);
  const mu = new Float64Array(n);
  const predict = (b: Float64Array) => linearPredictor(family, cols, b, offset, eta, mu);
  let beta: Float64Array = new Float64Array(p);
  if (start) {
    beta = Float64Array.from(start);
    predict(beta);
  } else startingValues(family, y, prior, eta, mu);
  let previous: Float64Array | null = start ? beta : null;
  let devOld = family.deviance(y, mu, prior);
  // Working weights w and responses w·z; the QR reads the weighted columns w·x_j straight from
  // cols and w, so they are never written out.
  const wt = new Float64Array(n);
  const wz = new Float64Array(n);
  let rInverse: Float64Array = new Float64Array(p * p);
  let deviance = devOld;
  for (let it = 1; it <= MAX_ITERATIONS; it++) {
    workingResponse(family, eta, mu, y, offset, prior, wt, wz);
    const fit = qrSolve(cols, wz, names, wt);
    beta = fit.coefficients;
    rInverse = fit.rInverse;
    predict(beta);
    deviance = family.deviance(y, mu, prior);
    for (let half = 0; previous && half < 30 && !(deviance <= devOld * (1 + 1e-12)); half++) {
      for (let j = 0; j < p; j++) beta[j] = (beta[j]! + previous[j]!) / 2;
      predict(beta);
      deviance = family.deviance(y, mu, prior);
    }
    previous = Float64Array.from(beta);
    if (Math.abs(deviance - devOld) / (Math.abs(deviance) + 0.1) < TOLERANCE) return { beta, rInverse, eta, mu, deviance, iterations: it, converged: true };
    devOld = deviance;
  }
  return { beta, rInverse, eta, mu, deviance, iterations: MAX_ITERATIONS, converged: false };
}

