// Generalised estimating equations (Liang & Zeger 1986) as geepack::geeglm fits them: Gaussian
// (identity), binomial (logit) and Poisson (log) marginal models with an independence,
// exchangeable or AR(1) working correlation, the scale and correlation parameters solved from
// geepack's moment estimating equations (Yan & Fine 2004), and the sandwich (robust) and naive
// (model-based) covariances of the coefficients; QIC as geepack::QIC.
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { normalQuantile } from '../distributions/normal.js';
import { spdInverse, spdSolve } from '../internal/linalg.js';
import { binomialFamily, irls, poissonFamily, type GlmFamily } from './glm.js';
import { maxOf, minOf } from '../descriptive/extent.js';

export type GeeFamily = 'gaussian' | 'binomial' | 'poisson';
export type GeeCorrelation = 'independence' | 'exchangeable' | 'ar1';

export interface GeeInput {
  /** Outcome: any number (gaussian), 0/1 (binomial), a count ≥ 0 (poisson). */
  y: ArrayLike<number>;
  /** Design columns, the intercept included when wanted (R's model.matrix). */
  columns: readonly ArrayLike<number>[];
  names: readonly string[];
  /** Cluster of each row (rows of a cluster need not be adjacent). */
  id: ArrayLike<string | number>;
  /**
   * Position of each row within its cluster (geeglm's `waves`, an integer such as the visit
   * number): rows are ordered by it and AR(1) correlations are α^|wⱼ − wₖ|.
   */
  wave: ArrayLike<number>;
}

export interface GeeOptions {
  family: GeeFamily;
  correlation: GeeCorrelation;
  /** Largest absolute change of any parameter between iterations at convergence (default 1e-10). */
  tolerance?: number;
  /** Default 100. */
  maxIterations?: number;
  /** Confidence level of the Wald intervals (default 0.95). */
  level?: number;
}

export interface GeeCoefficient {
  term: string;
  estimate: number;
  /** Sandwich (robust) standard error, geeglm's san.se. */
  se: number;
  /** Model-based standard error (geese's vbeta.naiv). */
  naiveSe: number;
  /** Wald χ² = (estimate / se)², 1 df. */
  statistic: number;
  pValue: number;
  ci: readonly [number, number];
}

export interface GeeResult {
  family: GeeFamily;
  correlation: GeeCorrelation;
  coefficients: readonly GeeCoefficient[];
  /** Sandwich covariance (row-major p×p). */
  robustCov: Float64Array;
  naiveCov: Float64Array;
  /** Scale φ (geeglm's "Estimated Scale Parameters"): Σ rᵢ² / N of the Pearson residuals. */
  scale: number;
  /** Working correlation parameter α (null for independence). */
  alpha: number | null;
  n: number;
  clusters: number;
  clusterSize: { min: number; max: number; mean: number };
  iterations: number;
  /** geepack::QIC: QIC, QICu, the quasi-likelihood under independence and the trace penalty CIC. */
  qic: { qic: number; qicu: number; quasiLikelihood: number; cic: number };
  /** Fitted means in the input's row order. */
  fitted: Float64Array;
}

const gaussianFamily: GlmFamily = {
  linkinv: (eta) => eta,
  muEta: () => 1,
  variance: () => 1,
  deviance: (y, mu) => {
    let d = 0;
    for (let i = 0; i < y.length; i++) d += (y[i]! - mu[i]!) ** 2;
    return d;
  },
  start: (y) => y,
  link: (mu) => mu,
};
const FAMILIES: Record<GeeFamily, GlmFamily> = { gaussian: gaussianFamily, binomial: binomialFamily, poisson: poissonFamily };

interface Cluster {
  rows: number[];
  waves: number[];
}

/** Working correlation matrix of one cluster (row-major). */
function workingCorrelation(c: Cluster, correlation: GeeCorrelation, alpha: number): Float64Array {
  const s = c.rows.length;
  const R = new Float64Array(s * s);
  for (let j = 0; j < s; j++)
    for (let k = 0; k < s; k++)
      R[j * s + k] = j === k ? 1 : correlation === 'exchangeable' ? alpha : correlation === 'ar1' ? alpha ** Math.abs(c.waves[j]! - c.waves[k]!) : 0;
  return R;
}

interface State {
  beta: Float64Array;
  alpha: number;
  scale: number;
}

/**
 * Fits a GEE model, as geeglm(y ~ …, family, id, waves, corstr) with geepack's defaults (scale
 * estimated for every family, identity links for scale and correlation).
 *
 * The iteration is geepack's: starting from the independence GLM, each round takes a Fisher-scoring
 * step for β with the current α and φ, sets φ = Σr²/N from the Pearson residuals r, then solves
 * α's estimating equation Σ ∂ρ/∂α (rⱼrₖ/φ − ρⱼₖ) = 0 over the within-cluster pairs (for
 * exchangeable the mean of rⱼrₖ/φ; for AR(1) a Gauss–Newton step with ρ = α^|wⱼ−wₖ|), until no
 * parameter changes by more than `tolerance`. The robust covariance is A⁻¹(ΣUᵢUᵢᵀ)A⁻¹ with
 * A = ΣDᵢᵀVᵢ⁻¹Dᵢ, Vᵢ = φRᵢ; the naive covariance is A⁻¹.
 *
 * @throws StatsError INVALID_ARGUMENT on inputs of different lengths or an invalid outcome;
 *   TOO_FEW_OBSERVATIONS with fewer than 2 clusters or fewer rows than coefficients; SINGULAR when
 *   the design is collinear or the working correlation is not positive definite; NOT_CONVERGED.
 * @see Højsgaard, Halekoh & Yan (2006) The R package geepack for generalized estimating equations. JSS 15(2).
 */
export function gee(input: GeeInput, options: GeeOptions): GeeResult {
  const { y, columns, names, id, wave } = input;
  const { family, correlation } = options;
  const tolerance = options.tolerance ?? 1e-10;
  const maxIterations = options.maxIterations ?? 100;
  const level = options.level ?? 0.95;
  const n = y.length;
  const p = columns.length;
  if (names.length !== p) throw new StatsError('INVALID_ARGUMENT', '设计矩阵的列名与列数不一致');
  if (id.length !== n || wave.length !== n || columns.some((c) => c.length !== n)) throw new StatsError('INVALID_ARGUMENT', '结局、自变量、个体编号与时间的长度不同');
  if (p === 0) throw new StatsError('INVALID_ARGUMENT', '模型没有任何系数');
  for (let i = 0; i < n; i++) {
    const v = y[i]!;
    if (!Number.isFinite(v)) throw new StatsError('NON_FINITE', '结局含有非数值');
    if (family === 'binomial' && v !== 0 && v !== 1) throw new StatsError('INVALID_ARGUMENT', '二分类结局须为 0/1');
    if (family === 'poisson' && (v < 0 || !Number.isInteger(v))) throw new StatsError('INVALID_ARGUMENT', '计数结局须为非负整数');
    if (!Number.isFinite(wave[i]!)) throw new StatsError('NON_FINITE', '时间含有非数值');
  }

  // Clusters in order of first appearance, rows ordered by wave within each (stable).
  const byId = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const key = String(id[i]);
    const list = byId.get(key);
    if (list) list.push(i);
    else byId.set(key, [i]);
  }
  const clusters: Cluster[] = [...byId.values()].map((rows) => {
    const sorted = rows.slice().sort((a, b) => wave[a]! - wave[b]! || a - b);
    return { rows: sorted, waves: sorted.map((i) => wave[i]!) };
  });
  if (clusters.length < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', '个体（聚类）少于 2 个，无法拟合 GEE');
  if (n <= p) throw new StatsError('TOO_FEW_OBSERVATIONS', `观测数（${n}）不多于模型系数个数（${p}）`);
  if (correlation !== 'independence' && clusters.every((c) => c.rows.length < 2)) throw new StatsError('TOO_FEW_OBSERVATIONS', '每个个体都只有 1 次观测，无法估计组内相关');

  const fam = FAMILIES[family];
  const cols = columns.map((c) => Float64Array.from(c));
  const yv = Float64Array.from(y);
  const fit0 = irls(fam, cols, yv, null, names);
  if (fit0.beta.some((b) => !Number.isFinite(b))) throw new StatsError('SINGULAR', '设计矩阵共线（某些自变量可由其他变量线性表示），无法估计');

  const eta = new Float64Array(n);
  const mu = new Float64Array(n);
  const pr = new Float64Array(n); // Pearson residuals
  const dRow = new Float64Array(n * p); // D = (dμ/dη / √V) x
  const evaluate = (beta: Float64Array) => {
    for (let i = 0; i < n; i++) {
      let e = 0;
      for (let j = 0; j < p; j++) e += cols[j]![i]! * beta[j]!;
      eta[i] = e;
      const m = fam.linkinv(e);
      mu[i] = m;
      const rootV = Math.sqrt(fam.variance(m));
      pr[i] = (yv[i]! - m) / rootV;
      const g = fam.muEta(e) / rootV;
      for (let j = 0; j < p; j++) dRow[i * p + j] = g * cols[j]![i]!;
    }
  };
  const meanSquare = () => {
    let s = 0;
    for (let i = 0; i < n; i++) s += pr[i]! ** 2;
    return s / n;
  };

  /** Σ Dᵢᵀ Rᵢ⁻¹ Dᵢ, Σ Dᵢᵀ Rᵢ⁻¹ rᵢ and the per-cluster scores Dᵢᵀ Rᵢ⁻¹ rᵢ (φ left out). */
  const scoreParts = (alpha: number) => {
    const H = new Float64Array(p * p);
    const G = new Float64Array(p);
    const U: Float64Array[] = [];
    for (const c of clusters) {
      const s = c.rows.length;
      let Rinv: Float64Array;
      try {
        Rinv = s === 1 || correlation === 'independence' ? workingCorrelation(c, 'independence', 0) : spdInverse(workingCorrelation(c, correlation, alpha), s);
      } catch {
        throw new StatsError('NOT_CONVERGED', `工作相关矩阵不正定（α = ${alpha.toFixed(4)}），GEE 无法收敛；请改用其他相关结构`);
      }
      const RD = new Float64Array(s * p); // Rinv D
      const Rr = new Float64Array(s);
      for (let a = 0; a < s; a++) {
        for (let b = 0; b < s; b++) {
          const w = Rinv[a * s + b]!;
          if (w === 0) continue;
          const rb = c.rows[b]!;
          for (let j = 0; j < p; j++) RD[a * p + j] = RD[a * p + j]! + w * dRow[rb * p + j]!;
          Rr[a] = Rr[a]! + w * pr[rb]!;
        }
      }
      const u = new Float64Array(p);
      for (let a = 0; a < s; a++) {
        const ra = c.rows[a]!;
        for (let j = 0; j < p; j++) {
          const dj = dRow[ra * p + j]!;
          u[j] = u[j]! + dj * Rr[a]!;
          for (let k = 0; k < p; k++) H[j * p + k] = H[j * p + k]! + dj * RD[a * p + k]!;
        }
      }
      for (let j = 0; j < p; j++) G[j] = G[j]! + u[j]!;
      U.push(u);
    }
    return { H, G, U };
  };

  /** One step of α's estimating equation at the current residuals and scale. */
  const alphaStep = (alpha: number, scale: number): number => {
    if (correlation === 'independence') return 0;
    let h = 0;
    let g = 0;
    for (const c of clusters) {
      const s = c.rows.length;
      for (let a = 0; a < s - 1; a++)
        for (let b = a + 1; b < s; b++) {
          const z = (pr[c.rows[a]!]! * pr[c.rows[b]!]!) / scale;
          if (correlation === 'exchangeable') {
            h += 1;
            g += z - alpha;
          } else {
            const d = Math.abs(c.waves[b]! - c.waves[a]!);
            const e = d === 1 ? 1 : d * alpha ** (d - 1);
            h += e * e;
            g += e * (z - alpha ** d);
          }
        }
    }
    if (!(h > 0)) throw new StatsError('TOO_FEW_OBSERVATIONS', '没有同一个体的成对观测，无法估计组内相关');
    return g / h;
  };

  /** Fitted probabilities at 0 or 1: the binary outcome is separated and the coefficients run off. */
  const separated = () => family === 'binomial' && mu.some((m) => m < 1e-8 || m > 1 - 1e-8);
  const SEPARATION = '结局被自变量完全分离（某一组或某一取值范围内结局全为 0 或全为 1），系数趋于无穷，无法估计；请合并类别或删除相应变量';

  const state: State = { beta: Float64Array.from(fit0.beta), alpha: 0, scale: 0 };
  evaluate(state.beta);
  state.scale = meanSquare();
  let iterations = 0;
  let converged = false;
  for (let it = 1; it <= maxIterations; it++) {
    iterations = it;
    const { H, G } = scoreParts(state.alpha);
    let del: Float64Array;
    try {
      del = spdSolve(H, G, p);
    } catch {
      if (separated()) throw new StatsError('SEPARATION', SEPARATION);
      throw new StatsError('SINGULAR', '信息矩阵奇异：自变量共线或某个自变量在分析的行中取值恒定');
    }
    for (let j = 0; j < p; j++) state.beta[j] = state.beta[j]! + del[j]!;
    evaluate(state.beta);
    const scale = meanSquare();
    const dScale = scale - state.scale;
    state.scale = scale;
    const dAlpha = alphaStep(state.alpha, state.scale);
    state.alpha += dAlpha;
    const change = Math.max(maxOf(Array.from(del, Math.abs)), Math.abs(dScale), Math.abs(dAlpha));
    if (!Number.isFinite(change)) break;
    if (change <= tolerance) {
      converged = true;
      break;
    }
  }
  if (!converged && separated()) throw new StatsError('SEPARATION', SEPARATION);
  if (!converged) throw new StatsError('NOT_CONVERGED', `GEE 迭代 ${maxIterations} 次仍未收敛（可能存在完全分离、取值恒定的自变量或过于稀疏的结局）`);
  if (correlation !== 'independence' && !(Math.abs(state.alpha) < 1)) throw new StatsError('NOT_CONVERGED', `估计的组内相关系数 α = ${state.alpha.toFixed(4)} 超出 (−1, 1)，工作相关结构不适合这组数据`);

  // Covariances at the solution (φ enters A and the scores; it cancels in the sandwich).
  const { H, U } = scoreParts(state.alpha);
  const phi = state.scale;
  const A = H.map((v) => v / phi);
  let naive: Float64Array;
  try {
    naive = spdInverse(A, p);
  } catch {
    if (separated()) throw new StatsError('SEPARATION', SEPARATION);
    throw new StatsError('SINGULAR', '信息矩阵奇异：自变量共线或某个自变量在分析的行中取值恒定');
  }
  const meat = new Float64Array(p * p);
  for (const u of U) for (let j = 0; j < p; j++) for (let k = 0; k < p; k++) meat[j * p + k] = meat[j * p + k]! + (u[j]! * u[k]!) / (phi * phi);
  const robust = sandwich(naive, meat, p);

  const z = normalQuantile(1 - (1 - level) / 2);
  const coefficients = names.map((term, j): GeeCoefficient => {
    const estimate = state.beta[j]!;
    const se = Math.sqrt(robust[j * p + j]!);
    const statistic = (estimate / se) ** 2;
    return { term, estimate, se, naiveSe: Math.sqrt(naive[j * p + j]!), statistic, pValue: chisqSf(statistic, 1), ci: [estimate - z * se, estimate + z * se] };
  });
  const fitted = Float64Array.from(mu);

  // geepack::QIC: quasi-likelihood at the fit; penalty tr(Ω_I V_R) with Ω_I the model-based
  // information of the independence fit.
  let quasi = 0;
  for (let i = 0; i < n; i++) {
    const yi = yv[i]!;
    const m = mu[i]!;
    quasi += family === 'gaussian' ? -((yi - m) ** 2) / 2 : family === 'poisson' ? yi * Math.log(m) - m : yi * Math.log(m / (1 - m)) + Math.log(1 - m);
  }
  let omega: Float64Array;
  if (correlation === 'independence') omega = A;
  else {
    const ind = gee(input, { ...options, correlation: 'independence' });
    omega = spdInverse(ind.naiveCov, p);
  }
  let cic = 0;
  for (let j = 0; j < p; j++) for (let k = 0; k < p; k++) cic += omega[j * p + k]! * robust[k * p + j]!;

  const sizes = clusters.map((c) => c.rows.length);
  return {
    family,
    correlation,
    coefficients,
    robustCov: robust,
    naiveCov: naive,
    scale: phi,
    alpha: correlation === 'independence' ? null : state.alpha,
    n,
    clusters: clusters.length,
    clusterSize: { min: minOf(sizes), max: maxOf(sizes), mean: n / clusters.length },
    iterations,
    qic: { qic: -2 * (quasi - cic), qicu: -2 * (quasi - p), quasiLikelihood: quasi, cic },
    fitted,
  };
}

function sandwich(bread: Float64Array, meat: Float64Array, p: number): Float64Array {
  const tmp = new Float64Array(p * p);
  for (let i = 0; i < p; i++) for (let k = 0; k < p; k++) {
    let s = 0;
    for (let j = 0; j < p; j++) s += bread[i * p + j]! * meat[j * p + k]!;
    tmp[i * p + k] = s;
  }
  const out = new Float64Array(p * p);
  for (let i = 0; i < p; i++) for (let k = 0; k < p; k++) {
    let s = 0;
    for (let j = 0; j < p; j++) s += tmp[i * p + j]! * bread[j * p + k]!;
    out[i * p + k] = s;
  }
  return out;
}

/**
 * Joint Wald χ² test that the coefficients at `indices` are all zero, with the robust covariance
 * (a factor's overall test; what geepack's anova(full, reduced) gives).
 * @throws StatsError SINGULAR when their covariance block is singular.
 */
export function geeWald(fit: GeeResult, indices: readonly number[]): { statistic: number; df: number; pValue: number } {
  const p = fit.coefficients.length;
  const k = indices.length;
  if (k === 0) throw new StatsError('INVALID_ARGUMENT', '没有要检验的系数');
  const V = new Float64Array(k * k);
  indices.forEach((a, i) => indices.forEach((b, j) => (V[i * k + j] = fit.robustCov[a * p + b]!)));
  const b = indices.map((a) => fit.coefficients[a]!.estimate);
  const x = spdSolve(V, b, k, '系数的协方差矩阵');
  const statistic = b.reduce((s, v, i) => s + v * x[i]!, 0);
  return { statistic, df: k, pValue: chisqSf(statistic, k) };
}
