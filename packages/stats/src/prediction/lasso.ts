// LASSO and elastic-net paths for linear, logistic and Cox models, and their k-fold cross-validation,
// computed as R's glmnet (4.1) computes them: predictors standardised with 1/n variances, the λ
// sequence from λ_max down to λ_max·ratio on a log scale with glmnet's early stopping, coordinate
// descent with warm starts and covariance updates (a quadratic approximation of the log-likelihood
// for the logistic and Cox models: IRLS weights, and the Breslow partial-likelihood Hessian),
// coefficients returned on the original scale; cv.glmnet's fold curves, λ.min and λ.1se.
import { StatsError } from '../errors.js';
import { seededRandom } from '../internal/random.js';
import { maxOf, minOf } from '../descriptive/extent.js';

export type LassoFamily = 'gaussian' | 'binomial' | 'cox';

export interface LassoOptions {
  /** Elastic-net mixing α in [0, 1]: 1 = LASSO (default), 0 = ridge. */
  alpha?: number;
  /** Length of the λ sequence (default 100; glmnet's nlambda). */
  nlambda?: number;
  /** λ_min / λ_max (default 1e-4 when n > p, else 1e-2; glmnet's lambda.min.ratio). */
  lambdaMinRatio?: number;
  /** Convergence threshold of coordinate descent on the standardised scale (default 1e-16: coefficient changes below 1e-8). */
  thresh?: number;
  /** Maximum passes over the data per λ (default 100000). */
  maxit?: number;
}

export interface LassoResponse {
  /** Gaussian: the outcome; binomial: 1 = event, 0 = no event. Unused for Cox. */
  y?: readonly number[];
  /** Cox: follow-up times (> 0) and status (1 = event, 0 = censored). */
  time?: readonly number[];
  status?: readonly number[];
}

export interface LassoPath {
  family: LassoFamily;
  alpha: number;
  /** The λ values in decreasing order (glmnet's `lambda`). */
  lambda: number[];
  /** Intercept at each λ (0 for Cox). */
  intercept: number[];
  /** beta[k][j]: coefficient of predictor j at lambda[k], on the original scale. */
  beta: number[][];
  /** Number of nonzero coefficients at each λ (glmnet's `df`). */
  df: number[];
  /** Fraction of null deviance explained (glmnet's `dev.ratio`). */
  devRatio: number[];
  /** Null deviance (gaussian: total sum of squares; binomial: −2 log L of the intercept-only model; Cox: 2(ℓ_sat − ℓ(0))). */
  nullDeviance: number;
}

const SML = 1e-5;
const DEVMAX = 0.999;
const MNLAM = 5;
const EPS = 1e-6;

const soft = (u: number, t: number) => (u > t ? u - t : u < -t ? u + t : 0);

interface Standardised {
  n: number;
  p: number;
  z: Float64Array[];
  mean: number[];
  sd: number[];
}

function standardise(x: readonly (readonly number[])[], n: number): Standardised {
  const p = x.length;
  const z: Float64Array[] = [];
  const mean: number[] = [];
  const sd: number[] = [];
  for (let j = 0; j < p; j++) {
    const c = x[j]!;
    if (c.length !== n) throw new StatsError('INVALID_ARGUMENT', `第 ${j + 1} 个自变量的长度（${c.length}）与结局（${n}）不一致`);
    let m = 0;
    for (let i = 0; i < n; i++) {
      if (!Number.isFinite(c[i]!)) throw new StatsError('NON_FINITE', `第 ${j + 1} 个自变量含有缺失值或非数值（第 ${i + 1} 个值）`);
      m += c[i]!;
    }
    m /= n;
    let v = 0;
    for (let i = 0; i < n; i++) v += (c[i]! - m) ** 2;
    const s = Math.sqrt(v / n);
    if (!(s > 1e-12 * Math.max(1, Math.abs(m)))) throw new StatsError('ZERO_VARIANCE', `第 ${j + 1} 个自变量取值恒定，无法纳入 LASSO`);
    const col = new Float64Array(n);
    for (let i = 0; i < n; i++) col[i] = (c[i]! - m) / s;
    z.push(col);
    mean.push(m);
    sd.push(s);
  }
  return { n, p, z, mean, sd };
}

const dot = (a: Float64Array, b: Float64Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};

/** Breslow risk-set structure of a Cox response: event times in order, who is at risk, ties. */
interface CoxSets {
  /** Observation indices sorted by time (ascending). */
  order: number[];
  /** Distinct event times ascending, deaths at each, and the first sorted position at risk. */
  eventTimes: number[];
  deaths: number[];
  riskStart: number[];
}

function coxSets(time: readonly number[], status: readonly number[]): CoxSets {
  const n = time.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => time[a]! - time[b]! || status[b]! - status[a]!);
  const eventTimes: number[] = [];
  const deaths: number[] = [];
  for (const i of order) {
    if (status[i] !== 1) continue;
    if (eventTimes.length > 0 && eventTimes[eventTimes.length - 1] === time[i]) deaths[deaths.length - 1]! += 1;
    else {
      eventTimes.push(time[i]!);
      deaths.push(1);
    }
  }
  const riskStart: number[] = [];
  let pos = 0;
  for (const t of eventTimes) {
    while (time[order[pos]!]! < t) pos++;
    riskStart.push(pos);
  }
  return { order, eventTimes, deaths, riskStart };
}

/** Breslow log partial likelihood Σ dᵢηᵢ − Σ_k D_k log Σ_{R_k} exp(η) (unit weights). */
function coxLogLik(sets: CoxSets, status: readonly number[], eta: ArrayLike<number>): number {
  const n = sets.order.length;
  let ll = 0;
  for (let i = 0; i < n; i++) if (status[i] === 1) ll += eta[i]!;
  // Risk-set sums from the end; the centring constant keeps exp() finite and cancels.
  let c = 0;
  for (let i = 0; i < n; i++) c = Math.max(c, eta[i]!);
  const cum = new Float64Array(n + 1);
  for (let s = n - 1; s >= 0; s--) cum[s] = cum[s + 1]! + Math.exp(eta[sets.order[s]!]! - c);
  for (let k = 0; k < sets.eventTimes.length; k++) ll -= sets.deaths[k]! * (Math.log(cum[sets.riskStart[k]!]!) + c);
  return ll;
}

const coxSaturated = (sets: CoxSets) => -sets.deaths.reduce((s, d) => s + d * Math.log(d), 0);

function checkOptions(o: LassoOptions, n: number, p: number) {
  const alpha = o.alpha ?? 1;
  if (!(alpha >= 0 && alpha <= 1)) throw new StatsError('INVALID_ARGUMENT', 'α（alpha）须在 0 与 1 之间');
  const nlambda = o.nlambda ?? 100;
  if (!Number.isInteger(nlambda) || nlambda < 2) throw new StatsError('INVALID_ARGUMENT', 'λ 的个数（nlambda）须为不小于 2 的整数');
  const ratio = o.lambdaMinRatio ?? (n < p ? 0.01 : 1e-4);
  if (!(ratio > 0 && ratio < 1)) throw new StatsError('INVALID_ARGUMENT', 'λ 最小比例（lambdaMinRatio）须在 0 与 1 之间');
  return { alpha, nlambda, ratio, thresh: o.thresh ?? 1e-16, maxit: o.maxit ?? 100000 };
}

/**
 * The elastic-net regularisation path (R: glmnet::glmnet(x, y, family, alpha), standardize = TRUE).
 * Minimises −(1/n)·log-likelihood + λ[α‖β‖₁ + (1 − α)/2‖β‖²] over standardised predictors
 * (gaussian: ½·mean squared error of the outcome scaled to unit variance, as glmnet does; the
 * reported λ is multiplied back by the outcome's SD). The sequence starts at the smallest λ with all
 * coefficients 0 and stops early as glmnet does (deviance explained changes by < 1e-5 — relative
 * for gaussian, absolute for binomial, 1e-3 over four steps for Cox — or exceeds 0.999/0.99).
 * Cox: Breslow ties; a censored time equal to an event time is in that event's risk set. The outer
 * loop is a proximal Newton step with the full p × p Hessian (glmnet uses a diagonal approximation in
 * the observations); both reach the same optimum, checked against glmnet in the tests.
 * @param x predictors as columns, each of length n (no missing values)
 * @throws StatsError for a constant predictor, non-finite values, a non-binary binomial outcome,
 *   a Cox outcome with fewer than 2 events, or bad options
 */
export function lassoPath(x: readonly (readonly number[])[], response: LassoResponse, family: LassoFamily, options: LassoOptions = {}): LassoPath {
  const n = family === 'cox' ? (response.time ?? []).length : (response.y ?? []).length;
  if (x.length === 0) throw new StatsError('INVALID_ARGUMENT', '至少需要一个自变量');
  if (family === 'cox' ? !response.time || !response.status : !response.y) throw new StatsError('INVALID_ARGUMENT', family === 'cox' ? 'Cox LASSO 需要生存时间与结局状态' : 'LASSO 需要结局变量');
  if (n < 3) throw new StatsError('TOO_FEW_OBSERVATIONS', '观测数太少，无法拟合 LASSO');
  const o = checkOptions(options, n, x.length);
  const st = standardise(x, n);
  switch (family) {
    case 'gaussian':
      return gaussianPath(st, response.y!, o);
    case 'binomial':
      return binomialPath(st, response.y!, o);
    case 'cox':
      return coxPath(st, response.time!, response.status!, o);
  }
}

type Opts = ReturnType<typeof checkOptions>;

/** λ for step m: m = 0 gives λ_max (all coefficients zero), then λ_max·alf^m. */
const lambdaAt = (lmax: number, m: number, o: Opts) => lmax * Math.max(EPS, o.ratio) ** (m / (o.nlambda - 1));

function finishPath(family: LassoFamily, alpha: number, st: Standardised, lambdas: number[], b0s: number[], betas: number[][], dev: number[], nullDeviance: number, scale = 1): LassoPath {
  const beta = betas.map((b) => b.map((v, j) => (scale * v) / st.sd[j]!));
  const intercept = b0s.map((b0, k) => (family === 'cox' ? 0 : b0 - beta[k]!.reduce((s, v, j) => s + v * st.mean[j]!, 0)));
  return {
    family,
    alpha,
    lambda: lambdas.map((l) => l * scale),
    intercept,
    beta,
    df: betas.map((b) => b.filter((v) => v !== 0).length),
    devRatio: dev,
    nullDeviance,
  };
}

function stopHere(m: number, dev: number[], o: Opts, relative: boolean): boolean {
  if (m + 1 < Math.min(MNLAM, o.nlambda)) return false;
  const change = relative ? (dev[m] === 0 ? Infinity : (dev[m]! - dev[m - 1]!) / dev[m]!) : dev[m]! - (m === 0 ? 0 : dev[m - 1]!);
  return change < SML || dev[m]! > DEVMAX;
}

/**
 * One penalised weighted least-squares problem solved by coordinate descent with covariance
 * updates (glmnet's "covariance" method): minimise ½ Σ wᵢ(ζᵢ − b₀ − zᵢβ)² + l1‖β‖₁ + l2/2‖β‖²
 * given the gradient g_j = Σ zᵢⱼ rᵢ at the current β (r the weighted working residuals) and, with an
 * intercept, s = Σ rᵢ. Each coordinate step updates g through one column of the weighted Gram
 * matrix Z'WZ, computed when the coordinate first moves (so a pass costs O(p·|active|), not O(n·p)).
 * Passes alternate between all coordinates and the nonzero ones until the largest weighted squared
 * change is below `thr`.
 */
class WeightedCd {
  private readonly cols = new Map<number, Float64Array>();
  /** Σ wᵢ zᵢⱼ (intercept coupling), when there is an intercept. */
  private readonly zw: Float64Array | null;
  readonly v: Float64Array;
  sw = 0;

  constructor(
    private readonly z: readonly Float64Array[],
    private readonly w: Float64Array | null,
    intercept: boolean,
    /** A dense Gram (Hessian) matrix to use instead of Z'WZ. */
    dense: Float64Array[] | null = null,
  ) {
    const p = z.length;
    const n = z[0]!.length;
    this.v = new Float64Array(p);
    if (dense) {
      dense.forEach((c, j) => {
        this.cols.set(j, c);
        this.v[j] = c[j]!;
      });
    } else if (w) {
      for (let i = 0; i < n; i++) this.sw += w[i]!;
      for (let j = 0; j < p; j++) {
        const zj = z[j]!;
        let s = 0;
        for (let i = 0; i < n; i++) s += w[i]! * zj[i]! * zj[i]!;
        this.v[j] = s;
      }
    } else {
      this.sw = 1;
      this.v.fill(1);
    }
    this.zw = intercept && w ? Float64Array.from(z, (zj) => dot(zj, w)) : null;
  }

  private col(j: number): Float64Array {
    let c = this.cols.get(j);
    if (c) return c;
    const p = this.z.length;
    const zj = this.z[j]!;
    const n = zj.length;
    c = new Float64Array(p);
    const w = this.w;
    const wz = new Float64Array(n);
    if (w) for (let i = 0; i < n; i++) wz[i] = zj[i]! * w[i]!;
    else for (let i = 0; i < n; i++) wz[i] = zj[i]! / n;
    for (let k = 0; k < p; k++) {
      const other = this.cols.get(k);
      // The Gram matrix is symmetric: reuse entries of columns already computed.
      c[k] = k === j ? this.v[j]! : other ? other[j]! : dot(this.z[k]!, wz);
    }
    this.cols.set(j, c);
    return c;
  }

  /** Solves in place; returns the intercept change (0 without an intercept). */
  solve(beta: number[], g: Float64Array, s: { value: number } | null, l1: number, l2: number, thr: number, tick: () => void): number {
    const p = beta.length;
    const v = this.v;
    let b0 = 0;
    const update = (j: number): number => {
      const b = soft(g[j]! + v[j]! * beta[j]!, l1) / (v[j]! + l2);
      const d = b - beta[j]!;
      if (d === 0) return 0;
      beta[j] = b;
      const c = this.col(j);
      for (let k = 0; k < p; k++) g[k]! -= d * c[k]!;
      if (s && this.zw) s.value -= d * this.zw[j]!;
      return v[j]! * d * d;
    };
    const intercept = (): number => {
      if (!s || !this.zw) return 0;
      const d0 = s.value / this.sw;
      if (d0 === 0) return 0;
      b0 += d0;
      for (let k = 0; k < p; k++) g[k]! -= d0 * this.zw[k]!;
      s.value = 0;
      return this.sw * d0 * d0;
    };
    for (;;) {
      let dlx = 0;
      for (let j = 0; j < p; j++) dlx = Math.max(dlx, update(j));
      dlx = Math.max(dlx, intercept());
      tick();
      if (dlx < thr) return b0;
      for (;;) {
        let d = 0;
        for (let j = 0; j < p; j++) if (beta[j] !== 0) d = Math.max(d, update(j));
        d = Math.max(d, intercept());
        tick();
        if (d < thr) break;
      }
    }
  }
}

function linearPredictor(z: readonly Float64Array[], beta: readonly number[], b0: number, eta: Float64Array): void {
  eta.fill(b0);
  for (let j = 0; j < z.length; j++) {
    const b = beta[j]!;
    if (b === 0) continue;
    const zj = z[j]!;
    for (let i = 0; i < eta.length; i++) eta[i]! += b * zj[i]!;
  }
}

const notConverged = (what: string, m: number) => new StatsError('NOT_CONVERGED', `${what}在 λ 序列第 ${m + 1} 个值处未收敛`);

function gaussianPath(st: Standardised, y: readonly number[], o: Opts): LassoPath {
  const { n, p, z } = st;
  if (y.length !== n || y.some((v) => !Number.isFinite(v))) throw new StatsError('NON_FINITE', '结局变量含有缺失值或非数值');
  const ym = y.reduce((a, b) => a + b, 0) / n;
  const ys = Math.sqrt(y.reduce((a, v) => a + (v - ym) ** 2, 0) / n);
  if (!(ys > 0)) throw new StatsError('ZERO_VARIANCE', '结局变量取值恒定');
  const yc = Float64Array.from(y, (v) => (v - ym) / ys);
  const g = Float64Array.from(z, (zj) => dot(zj, yc) / n);
  const beta = new Array<number>(p).fill(0);
  let lmax = 0;
  for (let j = 0; j < p; j++) lmax = Math.max(lmax, Math.abs(g[j]!));
  lmax /= Math.max(o.alpha, 1e-3);
  const cd = new WeightedCd(z, null, false);
  const lambdas: number[] = [];
  const betas: number[][] = [];
  const dev: number[] = [];
  let passes = 0;
  // R² = 1 − RSS/TSS with TSS = 1 (standardised outcome): RSS/n = 1 − 2β'c + β'Gβ, c = Z'y/n.
  const c0 = Float64Array.from(g);
  for (let m = 0; m < o.nlambda; m++) {
    const lam = lambdaAt(lmax, m, o);
    // glmnet solves its first λ at λ = ∞ (all coefficients 0, labelled λ_max). With α > 0 the
    // solution at λ_max is 0 anyway; ridge (α = 0) would otherwise give tiny nonzero values.
    if (m > 0)
      cd.solve(beta, g, null, lam * o.alpha, lam * (1 - o.alpha), o.thresh, () => {
        if (++passes > o.maxit) throw notConverged('LASSO 坐标下降', m);
      });
    // β'(c + g) = 2β'c − β'Gβ because g = c − Gβ.
    let rsq = 0;
    for (let j = 0; j < p; j++) rsq += beta[j]! * (c0[j]! + g[j]!);
    lambdas.push(lam);
    betas.push([...beta]);
    dev.push(rsq);
    if (stopHere(m, dev, o, true)) break;
  }
  return finishPath('gaussian', o.alpha, st, lambdas, lambdas.map(() => ym), betas, dev, n * ys * ys, ys);
}

function binomialPath(st: Standardised, y: readonly number[], o: Opts): LassoPath {
  const { n, p, z } = st;
  if (y.length !== n || y.some((v) => v !== 0 && v !== 1)) throw new StatsError('INVALID_ARGUMENT', '二分类结局须编码为 0/1');
  const ybar = y.reduce((a, b) => a + b, 0) / n;
  if (ybar === 0 || ybar === 1) throw new StatsError('INVALID_ARGUMENT', '二分类结局只有一个类别');
  const nullDev = -2 * n * (ybar * Math.log(ybar) + (1 - ybar) * Math.log(1 - ybar));
  const deviance = (eta: Float64Array) => {
    let d = 0;
    for (let i = 0; i < n; i++) {
      const e = eta[i]!;
      // −2[y·η − log(1 + e^η)], stable for large |η|
      d += 2 * ((e > 0 ? e + Math.log1p(Math.exp(-e)) : Math.log1p(Math.exp(e))) - y[i]! * e);
    }
    return d;
  };
  const beta = new Array<number>(p).fill(0);
  let b0 = Math.log(ybar / (1 - ybar));
  const eta = new Float64Array(n).fill(b0);
  let lmax = 0;
  for (let j = 0; j < p; j++) {
    let g = 0;
    for (let i = 0; i < n; i++) g += z[j]![i]! * (y[i]! - ybar);
    lmax = Math.max(lmax, Math.abs(g / n));
  }
  lmax /= Math.max(o.alpha, 1e-3);
  const lambdas: number[] = [];
  const b0s: number[] = [];
  const betas: number[][] = [];
  const dev: number[] = [];
  let passes = 0;
  for (let m = 0; m < o.nlambda; m++) {
    const lam = lambdaAt(lmax, m, o);
    for (let outer = 0; ; outer++) {
      // IRLS: weights p(1 − p)/n, working residuals (y − p)/n.
      const w = new Float64Array(n);
      const r = new Float64Array(n);
      let sr = 0;
      for (let i = 0; i < n; i++) {
        const q = 1 / (1 + Math.exp(-eta[i]!));
        w[i] = (q * (1 - q)) / n;
        r[i] = (y[i]! - q) / n;
        sr += r[i]!;
      }
      const cd = new WeightedCd(z, w, true);
      const g = Float64Array.from(z, (zj) => dot(zj, r));
      const old = [...beta];
      const old0 = b0;
      // The inner problem is solved 100 times tighter than the outer test, so that its own
      // stopping error cannot keep the IRLS loop going.
      b0 += cd.solve(beta, g, { value: sr }, lam * o.alpha, lam * (1 - o.alpha), o.thresh / 100, () => {
        if (++passes > o.maxit) throw notConverged('LASSO 坐标下降', m);
      });
      linearPredictor(z, beta, b0, eta);
      let change = cd.sw * (b0 - old0) ** 2;
      for (let j = 0; j < p; j++) change = Math.max(change, cd.v[j]! * (beta[j]! - old[j]!) ** 2);
      if (change < o.thresh) break;
      if (outer > 1000) throw notConverged('LASSO Logistic 模型的迭代（可能存在完全分离）', m);
    }
    lambdas.push(lam);
    b0s.push(b0);
    betas.push([...beta]);
    dev.push(1 - deviance(eta) / nullDev);
    if (stopHere(m, dev, o, false)) break;
  }
  return finishPath('binomial', o.alpha, st, lambdas, b0s, betas, dev, nullDev);
}

function coxPath(st: Standardised, time: readonly number[], status: readonly number[], o: Opts): LassoPath {
  const { n, p, z } = st;
  if (time.length !== n || status.length !== n) throw new StatsError('INVALID_ARGUMENT', '生存时间、结局与自变量的长度不一致');
  if (time.some((t) => !(t > 0) || !Number.isFinite(t))) throw new StatsError('INVALID_ARGUMENT', '生存时间须为大于 0 的数值');
  if (status.some((s) => s !== 0 && s !== 1)) throw new StatsError('INVALID_ARGUMENT', '结局须编码为 1（事件）/0（删失）');
  const sets = coxSets(time, status);
  if (sets.eventTimes.length < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', '事件数太少（至少需要两个不同的事件时间）');
  const eta = new Float64Array(n);
  const ll0 = coxLogLik(sets, status, eta);
  const lsat = coxSaturated(sets);
  const nullDev = 2 * (lsat - ll0);
  // Gradient and Hessian of (1/n)·(Breslow log partial likelihood) in the standardised predictors
  // at η: risk-set sums S0, S1, S2 accumulated from the longest time down. glmnet's coxnet uses a
  // diagonal approximation of the Hessian in the observations; the full p × p Hessian gives the same
  // optimum in far fewer outer iterations (proximal Newton, with step halving as a safeguard).
  // Predictors row by row in time order, so the backward scan reads memory in sequence.
  const zs = new Float64Array(n * p);
  sets.order.forEach((i, pos) => {
    for (let j = 0; j < p; j++) zs[pos * p + j] = z[j]![i]!;
  });
  const newton = (): { g: Float64Array; h: Float64Array[] } => {
    const g = new Float64Array(p);
    const h = Array.from({ length: p }, () => new Float64Array(p));
    let c = 0;
    for (let i = 0; i < n; i++) c = Math.max(c, eta[i]!);
    let s0 = 0;
    const s1 = new Float64Array(p);
    const s2 = new Float64Array(p * p);
    const zi = new Float64Array(p);
    let k = sets.eventTimes.length - 1;
    for (let pos = n - 1; pos >= 0; pos--) {
      const i = sets.order[pos]!;
      const e = Math.exp(eta[i]! - c);
      for (let j = 0; j < p; j++) zi[j] = zs[pos * p + j]!;
      s0 += e;
      for (let j = 0; j < p; j++) {
        const ez = e * zi[j]!;
        s1[j]! += ez;
        for (let l = j; l < p; l++) s2[j * p + l]! += ez * zi[l]!;
      }
      if (status[i] === 1) for (let j = 0; j < p; j++) g[j]! += zi[j]! / n;
      while (k >= 0 && sets.riskStart[k] === pos) {
        const dk = sets.deaths[k]! / n;
        for (let j = 0; j < p; j++) {
          const m1 = s1[j]! / s0;
          g[j]! -= dk * m1;
          for (let l = j; l < p; l++) h[j]![l]! += dk * (s2[j * p + l]! / s0 - m1 * (s1[l]! / s0));
        }
        k--;
      }
    }
    for (let j = 0; j < p; j++) for (let l = 0; l < j; l++) h[j]![l] = h[l]![j]!;
    return { g, h };
  };
  const objective = (b: readonly number[], l1: number, l2: number) => -coxLogLik(sets, status, eta) / n + b.reduce((a, v) => a + l1 * Math.abs(v) + (l2 / 2) * v * v, 0);
  let lmax = 0;
  const g0 = newton().g;
  for (let j = 0; j < p; j++) lmax = Math.max(lmax, Math.abs(g0[j]!));
  lmax /= Math.max(o.alpha, 1e-3);
  const beta = new Array<number>(p).fill(0);
  const lambdas: number[] = [];
  const betas: number[][] = [];
  const dev: number[] = [];
  let passes = 0;
  const devMax = (DEVMAX * 0.99) / 0.999;
  for (let m = 0; m < o.nlambda; m++) {
    const lam = lambdaAt(lmax, m, o);
    const l1 = lam * o.alpha;
    const l2 = lam * (1 - o.alpha);
    for (let it = 0; ; it++) {
      const { g, h } = newton();
      const cd = new WeightedCd(z, null, false, h);
      const old = [...beta];
      const before = objective(old, l1, l2);
      cd.solve(beta, g, null, l1, l2, o.thresh / 100, () => {
        if (++passes > o.maxit) throw notConverged('LASSO Cox 模型的坐标下降', m);
      });
      linearPredictor(z, beta, 0, eta);
      for (let half = 0; half < 30 && objective(beta, l1, l2) > before + 1e-13 * Math.abs(before); half++) {
        for (let j = 0; j < p; j++) beta[j] = (old[j]! + beta[j]!) / 2;
        linearPredictor(z, beta, 0, eta);
      }
      let change = 0;
      for (let j = 0; j < p; j++) change = Math.max(change, cd.v[j]! * (beta[j]! - old[j]!) ** 2);
      if (change < o.thresh) break;
      if (it > 1000) throw notConverged('LASSO Cox 模型的迭代', m);
    }
    lambdas.push(lam);
    betas.push([...beta]);
    dev.push((coxLogLik(sets, status, eta) - ll0) / (lsat - ll0));
    if (m + 1 >= Math.min(MNLAM, o.nlambda)) {
      const back = dev[m - Math.min(MNLAM, o.nlambda) + 1]!;
      if ((dev[m]! - back) / dev[m]! < SML * 100 || dev[m]! > devMax) break;
    }
  }
  return finishPath('cox', o.alpha, st, lambdas, lambdas.map(() => 0), betas, dev, nullDev);
}

/** Coefficients (intercept first) of a path at arbitrary λ, interpolated as glmnet's predict(s =). */
export function lassoCoefficientsAt(path: LassoPath, s: number): { intercept: number; beta: number[] } {
  const lam = path.lambda;
  const k = lam.length;
  if (k === 1) return { intercept: path.intercept[0]!, beta: [...path.beta[0]!] };
  const span = lam[0]! - lam[k - 1]!;
  const pos = lam.map((l) => (lam[0]! - l) / span);
  let f = (lam[0]! - s) / span;
  f = Math.min(1, Math.max(0, f));
  let left = 0;
  while (left < k - 2 && pos[left + 1]! <= f) left++;
  let right = left + 1;
  if (f >= pos[k - 1]!) left = right = k - 1;
  else if (f === pos[left]) right = left;
  const frac = left === right ? 1 : (f - pos[right]!) / (pos[left]! - pos[right]!);
  const mix = (a: number, b: number) => a * frac + b * (1 - frac);
  return { intercept: mix(path.intercept[left]!, path.intercept[right]!), beta: path.beta[left]!.map((b, j) => mix(b, path.beta[right]![j]!)) };
}

export interface LassoCvOptions extends LassoOptions {
  /** Number of folds (default 10; at least 3). */
  nfolds?: number;
  /** Seed of the fold assignment (default 2024). */
  seed?: number;
  /** Fold of each observation, 1 … K (overrides nfolds and seed; as cv.glmnet's foldid). */
  foldId?: readonly number[];
}

export interface LassoCvResult {
  path: LassoPath;
  /** The λ sequence of the full-data path (cv.glmnet's `lambda`). */
  lambda: number[];
  /** Mean cross-validated error: MSE (gaussian), binomial deviance, or Cox partial-likelihood deviance. */
  cvm: number[];
  cvsd: number[];
  nzero: number[];
  measure: 'mse' | 'deviance';
  lambdaMin: number;
  lambdaSe: number;
  /** Indices (0-based) of λ.min and λ.1se in `lambda`. */
  indexMin: number;
  indexSe: number;
  /** Fold of each observation (1 … K). */
  foldId: number[];
  nfolds: number;
}

/**
 * Seeded fold assignment: a random permutation of 1, 2, …, K, 1, 2, … (length n), like cv.glmnet's
 * sample(rep(seq(nfolds), length = n)) but with the engine's xoshiro generator, so the folds differ
 * from R's while repeating exactly for the same seed.
 */
export function lassoFolds(n: number, nfolds: number, seed: number): number[] {
  const ids = Array.from({ length: n }, (_, i) => (i % nfolds) + 1);
  const rng = seededRandom(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  return ids;
}

/**
 * k-fold cross-validation of the elastic-net path (R: glmnet::cv.glmnet with type.measure
 * "default" and grouped = TRUE): each fold's model is fitted on its own λ sequence and its
 * coefficients interpolated at the full-data λ values; the error is the mean squared error
 * (gaussian), the binomial deviance (probabilities clipped to [1e-5, 1 − 1e-5]), or for Cox the
 * grouped partial-likelihood deviance (deviance on all data minus deviance on the training part,
 * divided by the fold's events). cvm is the fold-weighted mean, cvsd its standard error;
 * λ.min minimises cvm and λ.1se is the largest λ with cvm ≤ cvm(λ.min) + cvsd(λ.min).
 * @throws StatsError for fewer than 3 folds, a fold with no training events, or as lassoPath
 */
export function lassoCv(x: readonly (readonly number[])[], response: LassoResponse, family: LassoFamily, options: LassoCvOptions = {}): LassoCvResult {
  const n = family === 'cox' ? (response.time ?? []).length : (response.y ?? []).length;
  const path = lassoPath(x, response, family, options);
  let foldId: number[];
  if (options.foldId) {
    foldId = [...options.foldId];
    if (foldId.length !== n || foldId.some((f) => !Number.isInteger(f) || f < 1)) throw new StatsError('INVALID_ARGUMENT', '折编号须为 1 起的整数，且与观测数一致');
  } else {
    const k = options.nfolds ?? 10;
    if (!Number.isInteger(k) || k < 3) throw new StatsError('INVALID_ARGUMENT', '交叉验证的折数须为不小于 3 的整数');
    if (k > n) throw new StatsError('INVALID_ARGUMENT', `交叉验证的折数（${k}）不能多于观测数（${n}）`);
    foldId = lassoFolds(n, k, options.seed ?? 2024);
  }
  const K = maxOf(foldId);
  if (K < 3) throw new StatsError('INVALID_ARGUMENT', '交叉验证至少需要 3 折');
  const lambda = path.lambda;
  const L = lambda.length;
  const sub = <T>(a: readonly T[], keep: (i: number) => boolean) => a.filter((_, i) => keep(i));
  const raw: number[][] = [];
  const wts: number[] = [];
  const sets = family === 'cox' ? coxSets(response.time!, response.status!) : null;
  for (let f = 1; f <= K; f++) {
    const train = (i: number) => foldId[i] !== f;
    const xt = x.map((c) => sub(c, train));
    const rt: LassoResponse = family === 'cox' ? { time: sub(response.time!, train), status: sub(response.status!, train) } : { y: sub(response.y!, train) };
    let fp: LassoPath;
    try {
      fp = lassoPath(xt, rt, family, options);
    } catch (err) {
      if (err instanceof StatsError) throw new StatsError(err.code, `交叉验证第 ${f} 折的训练集：${err.message}`);
      throw err;
    }
    const coefs = lambda.map((l) => lassoCoefficientsAt(fp, l));
    const idx = foldId.map((g, i) => (g === f ? i : -1)).filter((i) => i >= 0);
    const eta = (c: { intercept: number; beta: number[] }, i: number) => c.intercept + c.beta.reduce((s, b, j) => s + b * x[j]![i]!, 0);
    if (family === 'cox') {
      const time = response.time!;
      const status = response.status!;
      const trIdx = foldId.map((g, i) => (g !== f ? i : -1)).filter((i) => i >= 0);
      const trSets = coxSets(sub(time, train), sub(status, train));
      const trStatus = sub(status, train);
      const lsatAll = coxSaturated(sets!);
      const lsatTr = coxSaturated(trSets);
      raw.push(
        coefs.map((c) => {
          const all = Array.from({ length: n }, (_, i) => eta(c, i));
          const tr = trIdx.map((i) => all[i]!);
          return 2 * (lsatAll - coxLogLik(sets!, status, all)) - 2 * (lsatTr - coxLogLik(trSets, trStatus, tr));
        }),
      );
      wts.push(idx.reduce((s, i) => s + status[i]!, 0));
    } else {
      const y = response.y!;
      raw.push(
        coefs.map((c) => {
          let s = 0;
          for (const i of idx) {
            const e = eta(c, i);
            if (family === 'gaussian') s += (y[i]! - e) ** 2;
            else {
              const pr = Math.min(1 - 1e-5, Math.max(1e-5, 1 / (1 + Math.exp(-e))));
              s += -2 * (y[i] === 1 ? Math.log(pr) : Math.log(1 - pr));
            }
          }
          return s / idx.length;
        }),
      );
      wts.push(idx.length);
    }
  }
  if (family === 'cox') {
    for (let f = 0; f < K; f++) {
      if (!(wts[f]! > 0)) throw new StatsError('TOO_FEW_OBSERVATIONS', `交叉验证第 ${f + 1} 折没有事件，无法计算 Cox 偏似然偏差；请减少折数`);
      raw[f] = raw[f]!.map((v) => v / wts[f]!);
    }
  }
  const W = wts.reduce((a, b) => a + b, 0);
  const cvm: number[] = [];
  const cvsd: number[] = [];
  for (let k = 0; k < L; k++) {
    let m = 0;
    for (let f = 0; f < K; f++) m += wts[f]! * raw[f]![k]!;
    m /= W;
    let v = 0;
    for (let f = 0; f < K; f++) v += wts[f]! * (raw[f]![k]! - m) ** 2;
    cvm.push(m);
    cvsd.push(Math.sqrt(v / W / (K - 1)));
  }
  const best = minOf(cvm);
  // λ decreases along the sequence, so the first index is the largest λ (getOptcv.glmnet).
  const indexMin = cvm.findIndex((c) => c <= best);
  const limit = cvm[indexMin]! + cvsd[indexMin]!;
  const indexSe = cvm.findIndex((c) => c <= limit);
  return {
    path,
    lambda,
    cvm,
    cvsd,
    nzero: path.df,
    measure: family === 'gaussian' ? 'mse' : 'deviance',
    lambdaMin: lambda[indexMin]!,
    lambdaSe: lambda[indexSe]!,
    indexMin,
    indexSe,
    foldId,
    nfolds: K,
  };
}
