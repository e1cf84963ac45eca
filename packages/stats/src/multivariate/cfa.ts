// Confirmatory factor analysis of a simple-structure measurement model (each item on one factor,
// factors correlated), fitted by maximum likelihood as lavaan::cfa(model, estimator = "ML") does:
// marker-variable identification, S with divisor N, expected information for the standard errors,
// lavaan's fit measures and its modification indices (Saris, Satorra & Sörbom 1987).
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { normalSf } from '../distributions/normal.js';
import { cholesky, spdInverse, spdLogDet } from '../internal/linalg.js';
import { brent } from '../internal/root.js';
import { noncentralChisqSf } from '../power/power.js';
import { completeData, type NumericColumn } from './data.js';

/** One factor of the model: its name and the (0-based) indices of its items among the columns. */
export interface CfaFactorSpec {
  name: string;
  items: readonly number[];
}

export interface CfaOptions {
  /** Item names (default V1, V2, …). */
  names?: readonly string[];
  /** The factors, in order; the first item of each is its marker (loading fixed at 1). */
  factors: readonly CfaFactorSpec[];
  /** Fisher-scoring iterations (default 500). */
  maxIterations?: number;
}

/** A free or fixed parameter with its ML estimate, SE, z and P, and the std.all solution. */
export interface CfaParameter {
  estimate: number;
  /** NaN for a fixed parameter (the marker loadings). */
  se: number;
  statistic: number;
  pValue: number;
  std: number;
  stdSe: number;
  stdStatistic: number;
  stdPValue: number;
}

export interface CfaLoading extends CfaParameter {
  factor: number;
  item: number;
  /** The marker loading, fixed at 1. */
  fixed: boolean;
}

export interface CfaFactorCovariance extends CfaParameter {
  /** Factor indices (a === b: the factor's variance). */
  a: number;
  b: number;
}

export interface CfaResidual extends CfaParameter {
  item: number;
}

export interface CfaModIndex {
  kind: 'loading' | 'residual';
  /** loading: the factor index; residual: the first item. */
  lhs: number;
  /** The item (for a residual covariance, the second item). */
  rhs: number;
  mi: number;
  /** Expected parameter change, and it standardised as lavaan's sepc.all. */
  epc: number;
  sepcAll: number;
}

export interface CfaFit {
  npar: number;
  /** lavaan's fmin: half the ML discrepancy F. */
  fmin: number;
  chiSquare: number;
  df: number;
  pValue: number;
  baselineChiSquare: number;
  baselineDf: number;
  cfi: number;
  tli: number;
  rmsea: number;
  rmseaCi: readonly [number, number];
  /** P(RMSEA ≤ 0.05), the test of close fit. */
  rmseaPClose: number;
  /** Bentler's SRMR: residual covariances scaled by the sample SDs, over the p(p+1)/2 elements. */
  srmr: number;
  logLik: number;
  unrestrictedLogLik: number;
  aic: number;
  bic: number;
}

export interface CfaReliability {
  /** Average variance extracted: mean squared standardised loading. */
  ave: number;
  /** Composite reliability (Σλ)² / ((Σλ)² + Σ(1 − λ²)) from the standardised loadings. */
  cr: number;
}

export interface CfaResult {
  n: number;
  p: number;
  m: number;
  excluded: number;
  rows: number[];
  names: string[];
  factorNames: string[];
  loadings: CfaLoading[];
  /** Factor variances and covariances (std: correlations), lower triangle row by row. */
  factorCovariances: CfaFactorCovariance[];
  residuals: CfaResidual[];
  /** Factor correlation matrix (m×m row-major). */
  factorCorrelations: Float64Array;
  fit: CfaFit;
  reliability: CfaReliability[];
  /** Modification indices of every cross-loading and residual covariance, largest first. */
  modIndices: CfaModIndex[];
  /** Items whose residual variance is negative (Heywood case; lavaan warns). */
  heywood: number[];
  iterations: number;
  /** Sample covariance (divisor N) and the model-implied covariance, p×p row-major. */
  sampleCovariance: Float64Array;
  impliedCovariance: Float64Array;
}

// Each parameter's ∂Σ/∂θ is c (x yᵀ + y xᵀ) for two vectors of a fixed set: e_i (0..p−1),
// v_j = ΛΦe_j (p..p+m−1) and Λ_j, the j-th column of Λ (p+m..p+2m−1). Traces then reduce to inner
// products with the Gram matrix XᵀAX, so the information costs O(q²) after O(p³).
interface Term {
  x: number;
  y: number;
  c: number;
}

interface Model {
  p: number;
  m: number;
  factorOf: Int32Array;
  /** Free loadings: [item, factor]. */
  free: Array<[number, number]>;
  q: number;
}

const LOG_2PI = Math.log(2 * Math.PI);

function unpack(model: Model, theta: Float64Array): { L: Float64Array; Phi: Float64Array; Th: Float64Array } {
  const { p, m, factorOf, free } = model;
  const L = new Float64Array(p * m);
  const markers = new Set<number>();
  for (let i = 0; i < p; i++) {
    const j = factorOf[i]!;
    if (!markers.has(j)) {
      markers.add(j);
      L[i * m + j] = 1;
    }
  }
  let k = 0;
  for (const [i, j] of free) L[i * m + j] = theta[k++]!;
  const Phi = new Float64Array(m * m);
  for (let a = 0; a < m; a++)
    for (let b = 0; b <= a; b++) {
      Phi[a * m + b] = Phi[b * m + a] = theta[k++]!;
    }
  const Th = new Float64Array(p);
  for (let i = 0; i < p; i++) Th[i] = theta[k++]!;
  return { L, Phi, Th };
}

function implied(model: Model, L: Float64Array, Phi: Float64Array, Th: Float64Array): { Sigma: Float64Array; LPhi: Float64Array } {
  const { p, m } = model;
  const LPhi = new Float64Array(p * m);
  for (let i = 0; i < p; i++)
    for (let b = 0; b < m; b++) {
      let s = 0;
      for (let a = 0; a < m; a++) s += L[i * m + a]! * Phi[a * m + b]!;
      LPhi[i * m + b] = s;
    }
  const Sigma = new Float64Array(p * p);
  for (let i = 0; i < p; i++)
    for (let k = 0; k <= i; k++) {
      let s = 0;
      for (let b = 0; b < m; b++) s += LPhi[i * m + b]! * L[k * m + b]!;
      if (i === k) s += Th[i]!;
      Sigma[i * p + k] = Sigma[k * p + i] = s;
    }
  return { Sigma, LPhi };
}

/** The terms of the free parameters, in θ order. */
function freeTerms(model: Model): Term[] {
  const { p, m, free } = model;
  const t: Term[] = free.map(([i, j]) => ({ x: i, y: p + j, c: 1 }));
  for (let a = 0; a < m; a++) for (let b = 0; b <= a; b++) t.push(a === b ? { x: p + m + a, y: p + m + a, c: 0.5 } : { x: p + m + a, y: p + m + b, c: 1 });
  for (let i = 0; i < p; i++) t.push({ x: i, y: i, c: 0.5 });
  return t;
}

/** XᵀMX for the vector set (e_i, v_j, Λ_j) and a symmetric p×p matrix M. */
function gram(model: Model, M: Float64Array, L: Float64Array, LPhi: Float64Array): Float64Array {
  const { p, m } = model;
  const r = p + 2 * m;
  const col = (v: number, i: number) => (v < p ? (v === i ? 1 : 0) : v < p + m ? LPhi[i * m + (v - p)]! : L[i * m + (v - p - m)]!);
  // MX (p × r)
  const MX = new Float64Array(p * r);
  for (let i = 0; i < p; i++) {
    for (let v = 0; v < p; v++) MX[i * r + v] = M[i * p + v]!;
    for (let v = p; v < r; v++) {
      let s = 0;
      for (let k = 0; k < p; k++) s += M[i * p + k]! * col(v, k);
      MX[i * r + v] = s;
    }
  }
  const G = new Float64Array(r * r);
  for (let u = 0; u < r; u++)
    for (let v = 0; v <= u; v++) {
      let s: number;
      if (u < p) s = MX[u * r + v]!;
      else {
        s = 0;
        for (let i = 0; i < p; i++) s += col(u, i) * MX[i * r + v]!;
      }
      G[u * r + v] = G[v * r + u] = s;
    }
  return G;
}

/** tr(A Σ_k A Σ_l) from the Gram matrix of A. */
function infoEntry(G: Float64Array, r: number, s: Term, t: Term): number {
  return 2 * s.c * t.c * (G[s.x * r + t.y]! * G[s.y * r + t.x]! + G[s.x * r + t.x]! * G[s.y * r + t.y]!);
}

function matMul(A: Float64Array, B: Float64Array, p: number): Float64Array {
  const C = new Float64Array(p * p);
  for (let i = 0; i < p; i++)
    for (let k = 0; k < p; k++) {
      const a = A[i * p + k]!;
      if (a === 0) continue;
      for (let j = 0; j < p; j++) C[i * p + j] = C[i * p + j]! + a * B[k * p + j]!;
    }
  return C;
}

interface State {
  F: number;
  Sigma: Float64Array;
  A: Float64Array;
  L: Float64Array;
  Phi: Float64Array;
  Th: Float64Array;
  LPhi: Float64Array;
}

/** F = log|Σ| + tr(SΣ⁻¹) − log|S| − p, or null when Σ is not positive definite. */
function evaluate(model: Model, theta: Float64Array, S: Float64Array, logDetS: number): State | null {
  const { p } = model;
  const { L, Phi, Th } = unpack(model, theta);
  const { Sigma, LPhi } = implied(model, L, Phi, Th);
  if (!cholesky(Sigma, p)) return null;
  const A = spdInverse(Sigma, p);
  let tr = 0;
  for (let i = 0; i < p * p; i++) tr += S[i]! * A[i]!;
  const F = spdLogDet(Sigma, p) + tr - logDetS - p;
  return Number.isFinite(F) ? { F, Sigma, A, L, Phi, Th, LPhi } : null;
}

/** Σ_k c_k·2 xᵀWy for W = A(Σ − S)A, the gradient of F. */
function gradient(model: Model, st: State, S: Float64Array, terms: readonly Term[]): Float64Array {
  const { p } = model;
  const D = new Float64Array(p * p);
  for (let i = 0; i < p * p; i++) D[i] = st.Sigma[i]! - S[i]!;
  const W = matMul(matMul(st.A, D, p), st.A, p);
  const GW = gram(model, W, st.L, st.LPhi);
  const r = p + 2 * model.m;
  return Float64Array.from(terms, (t) => 2 * t.c * GW[t.x * r + t.y]!);
}

function information(model: Model, st: State, terms: readonly Term[]): { H: Float64Array; G: Float64Array } {
  const G = gram(model, st.A, st.L, st.LPhi);
  const r = model.p + 2 * model.m;
  const q = terms.length;
  const H = new Float64Array(q * q);
  for (let k = 0; k < q; k++) for (let l = 0; l <= k; l++) H[k * q + l] = H[l * q + k] = infoEntry(G, r, terms[k]!, terms[l]!);
  return { H, G };
}

const twoSidedP = (z: number) => 2 * normalSf(Math.abs(z));

/**
 * Confirmatory factor analysis by maximum likelihood (Fisher scoring with the analytic gradient
 * and expected information), matching lavaan::cfa(model, data, estimator = "ML"): the first item
 * of each factor is its marker (loading 1), factor variances and covariances free, residual
 * variances free and unbounded (a negative one is reported in `heywood`, as lavaan warns). The
 * sample covariance uses divisor N; χ² = N·F_ML; SEs from the expected information (N units);
 * std.all SEs by the delta method. Fit: CFI, TLI against the independence model, RMSEA with its
 * 90% interval and P(RMSEA ≤ .05), Bentler's SRMR, AIC/BIC; per factor AVE and composite
 * reliability from the standardised loadings; modification indices of every cross-loading and
 * residual covariance with EPC and sepc.all as lavaan::modindices.
 * Rows with a missing value in any item are dropped (listwise).
 * @throws StatsError INVALID_ARGUMENT for a factor with one item (or a lone factor with two), an
 *   item on two factors or none listed, TOO_FEW_OBSERVATIONS when complete rows do not exceed the
 *   items, ZERO_VARIANCE for a constant item, SINGULAR for a non-positive-definite sample
 *   covariance, NOT_CONVERGED when the optimiser fails.
 */
export function cfa(columns: readonly NumericColumn[], options: CfaOptions): CfaResult {
  const p = columns.length;
  const names = options.names ? [...options.names] : columns.map((_, j) => `V${j + 1}`);
  const specs = options.factors;
  const m = specs.length;
  if (m < 1) throw new StatsError('INVALID_ARGUMENT', '验证性因子分析至少需要 1 个因子');
  const factorOf = new Int32Array(p).fill(-1);
  const order: number[] = [];
  specs.forEach((f, j) => {
    if (f.items.length < 2) throw new StatsError('INVALID_ARGUMENT', `因子“${f.name}”只有 ${f.items.length} 个条目，模型不可识别：每个因子至少需要 2 个条目（一般应有 3 个以上）`);
    if (m === 1 && f.items.length < 3) throw new StatsError('INVALID_ARGUMENT', `只有 1 个因子时至少需要 3 个条目，因子“${f.name}”只有 2 个，模型不可识别`);
    for (const i of f.items) {
      if (!Number.isInteger(i) || i < 0 || i >= p) throw new StatsError('INVALID_ARGUMENT', `因子“${f.name}”的条目序号 ${i} 无效`);
      if (factorOf[i] !== -1) throw new StatsError('INVALID_ARGUMENT', `条目“${names[i]}”同时属于因子“${specs[factorOf[i]!]!.name}”和“${f.name}”：本模型每个条目只能属于一个因子`);
      factorOf[i] = j;
      order.push(i);
    }
  });
  const missing = names.filter((_, i) => factorOf[i] === -1);
  if (missing.length > 0) throw new StatsError('INVALID_ARGUMENT', `条目${missing.map((v) => `“${v}”`).join('、')}未分配到任何因子`);
  const data = completeData(columns, names, 2, 2, '验证性因子分析');
  const n = data.n;
  if (n <= p) throw new StatsError('TOO_FEW_OBSERVATIONS', `完整观测数（${n}）须多于条目数（${p}），样本协方差矩阵才可能正定（一般建议样本量在 200 以上或为条目数的 10 倍）`);
  const S = Float64Array.from(data.cov, (v) => (v * (n - 1)) / n);
  if (!cholesky(S, p)) throw new StatsError('SINGULAR', '样本协方差矩阵非正定（某个条目是其他条目的线性组合，或两列完全相同），无法做验证性因子分析');
  const logDetS = spdLogDet(S, p);

  // The marker is the first listed item of each factor; free loadings in the listed order.
  const free: Array<[number, number]> = [];
  for (const f of specs) for (const i of f.items.slice(1)) free.push([i, specs.indexOf(f)]);
  const q = free.length + (m * (m + 1)) / 2 + p;
  const model: Model = { p, m, factorOf, free, q };
  const df = (p * (p + 1)) / 2 - q;
  if (df < 0) throw new StatsError('INVALID_ARGUMENT', `模型的自由参数（${q} 个）多于样本协方差的独立元素（${(p * (p + 1)) / 2} 个），不可识别`);

  // Start: φ_jj from the marker's covariances with its factor's other items, λ = S_ir/φ_jj, θ from the remainder.
  const theta = new Float64Array(q);
  const phiStart = specs.map((f) => {
    const r = f.items[0]!;
    const srr = S[r * p + r]!;
    const mean = f.items.slice(1).reduce((s, i) => s + Math.abs(S[r * p + i]!), 0) / (f.items.length - 1);
    return Math.min(0.95 * srr, Math.max(0.05 * srr, mean));
  });
  const lamStart = new Float64Array(p);
  specs.forEach((f, j) => f.items.forEach((i, k) => (lamStart[i] = k === 0 ? 1 : S[f.items[0]! * p + i]! / phiStart[j]!)));
  let k0 = 0;
  for (const [i] of free) theta[k0++] = lamStart[i]!;
  // Factor covariances from the items' covariances (a zero start leaves a two-item factor unidentified).
  const phiCov = (a: number, b: number) => {
    let s = 0;
    for (const i of specs[a]!.items) for (const k of specs[b]!.items) s += S[i * p + k]! / (lamStart[i]! * lamStart[k]!);
    const r = s / (specs[a]!.items.length * specs[b]!.items.length) / Math.sqrt(phiStart[a]! * phiStart[b]!);
    return Math.max(-0.8, Math.min(0.8, r)) * Math.sqrt(phiStart[a]! * phiStart[b]!);
  };
  const phiAt = k0;
  for (let a = 0; a < m; a++) for (let b = 0; b <= a; b++) theta[k0++] = a === b ? phiStart[a]! : phiCov(a, b);
  for (let i = 0; i < p; i++) {
    const sii = S[i * p + i]!;
    theta[k0++] = Math.max(0.1 * sii, sii - lamStart[i]! ** 2 * phiStart[factorOf[i]!]!);
  }

  const terms = freeTerms(model);
  let st = evaluate(model, theta, S, logDetS);
  // Shrink the starting covariances towards 0 until the implied covariance is positive definite.
  for (let shrink = 0; !st && shrink < 30; shrink++) {
    for (let a = 0, k = phiAt; a < m; a++) for (let b = 0; b <= a; b++, k++) if (a !== b) theta[k] = theta[k]! * 0.5;
    st = evaluate(model, theta, S, logDetS);
  }
  if (!st) throw new StatsError('NOT_CONVERGED', '验证性因子分析的初始值无效，无法开始迭代');
  const maxIterations = options.maxIterations ?? 500;
  let iterations = 0;
  let converged = false;
  for (; iterations < maxIterations; iterations++) {
    const g = gradient(model, st, S, terms);
    const { H } = information(model, st, terms);
    let step: Float64Array;
    try {
      step = solveSpd(H, g, q);
    } catch {
      throw new StatsError('NOT_CONVERGED', '验证性因子分析的信息矩阵奇异，模型可能不可识别（如某因子的条目间相关接近 0，或因子间相关接近 ±1）');
    }
    let maxG = 0;
    for (const v of g) maxG = Math.max(maxG, Math.abs(v));
    let maxStep = 0;
    for (const v of step) maxStep = Math.max(maxStep, Math.abs(v));
    if (maxG < 1e-10 || maxStep < 1e-12) {
      converged = true;
      break;
    }
    let t = 1;
    let next: State | null = null;
    let trial = theta;
    for (let h = 0; h < 40; h++, t /= 2) {
      trial = Float64Array.from(theta, (v, k) => v - t * step[k]!);
      next = evaluate(model, trial, S, logDetS);
      if (next && next.F <= st.F + 1e-13 * Math.max(1, Math.abs(st.F))) break;
      next = null;
    }
    if (!next) {
      // No descent along the scoring direction: at the optimum to rounding when the gradient is tiny.
      if (maxG < 1e-7) converged = true;
      break;
    }
    theta.set(trial);
    st = next;
  }
  if (!converged) throw new StatsError('NOT_CONVERGED', `验证性因子分析迭代 ${iterations} 次未收敛：模型可能设定不当（如某因子的条目间相关很弱，或两因子实为同一维度），请检查各因子的条目`);

  const { Sigma, A, L, Phi, Th } = st;
  const { H, G } = information(model, st, terms);
  const Hinv = spdInverseSafe(H, q);
  const vcov = Float64Array.from(Hinv, (v) => (2 / n) * v);
  const se = Float64Array.from({ length: q }, (_, k) => Math.sqrt(vcov[k * q + k]!));

  // Standardised solution and its delta-method SEs (central differences of the std.all map).
  const stdOf = (th: Float64Array): Float64Array => {
    const u = unpack(model, th);
    const sig = implied(model, u.L, u.Phi, u.Th).Sigma;
    const out: number[] = [];
    for (let i = 0; i < p; i++) {
      const j = factorOf[i]!;
      out.push((u.L[i * m + j]! * Math.sqrt(u.Phi[j * m + j]!)) / Math.sqrt(sig[i * p + i]!));
    }
    for (let a = 0; a < m; a++) for (let b = 0; b <= a; b++) out.push(u.Phi[a * m + b]! / Math.sqrt(u.Phi[a * m + a]! * u.Phi[b * m + b]!));
    for (let i = 0; i < p; i++) out.push(u.Th[i]! / sig[i * p + i]!);
    return Float64Array.from(out);
  };
  const std0 = stdOf(theta);
  const ns = std0.length;
  const J = new Float64Array(ns * q);
  for (let k = 0; k < q; k++) {
    const h = 1e-5 * Math.max(1, Math.abs(theta[k]!));
    const up = Float64Array.from(theta);
    const dn = Float64Array.from(theta);
    up[k] = theta[k]! + h;
    dn[k] = theta[k]! - h;
    const fu = stdOf(up);
    const fd = stdOf(dn);
    for (let s = 0; s < ns; s++) J[s * q + k] = (fu[s]! - fd[s]!) / (2 * h);
  }
  const stdSe = new Float64Array(ns);
  for (let s = 0; s < ns; s++) {
    let v = 0;
    for (let k = 0; k < q; k++) {
      const jk = J[s * q + k]!;
      if (jk === 0) continue;
      for (let l = 0; l < q; l++) v += jk * vcov[k * q + l]! * J[s * q + l]!;
    }
    stdSe[s] = Math.sqrt(Math.max(v, 0));
  }
  const stdPart = (s: number) => {
    const z = stdSe[s]! > 1e-12 ? std0[s]! / stdSe[s]! : NaN;
    return { std: std0[s]!, stdSe: stdSe[s]! > 1e-12 ? stdSe[s]! : NaN, stdStatistic: z, stdPValue: Number.isFinite(z) ? twoSidedP(z) : NaN };
  };
  const freePart = (k: number, est: number) => {
    const z = est / se[k]!;
    return { estimate: est, se: se[k]!, statistic: z, pValue: twoSidedP(z) };
  };
  const fixedPart = { estimate: 1, se: NaN, statistic: NaN, pValue: NaN };

  const freeIndex = new Map<number, number>();
  free.forEach(([i], k) => freeIndex.set(i, k));
  const loadings: CfaLoading[] = [];
  specs.forEach((f, j) =>
    f.items.forEach((i, pos) => {
      const base = pos === 0 ? fixedPart : freePart(freeIndex.get(i)!, L[i * m + j]!);
      loadings.push({ factor: j, item: i, fixed: pos === 0, ...base, ...stdPart(i) });
    }),
  );
  const factorCovariances: CfaFactorCovariance[] = [];
  let k = free.length;
  let s = p;
  for (let a = 0; a < m; a++)
    for (let b = 0; b <= a; b++) {
      const part = stdPart(s++);
      factorCovariances.push({ a, b, ...freePart(k++, Phi[a * m + b]!), ...(a === b ? { std: 1, stdSe: NaN, stdStatistic: NaN, stdPValue: NaN } : part) });
    }
  const residuals: CfaResidual[] = [];
  for (let i = 0; i < p; i++) residuals.push({ item: i, ...freePart(k++, Th[i]!), ...stdPart(s++) });
  const factorCorrelations = new Float64Array(m * m);
  for (let a = 0; a < m; a++) for (let b = 0; b < m; b++) factorCorrelations[a * m + b] = Phi[a * m + b]! / Math.sqrt(Phi[a * m + a]! * Phi[b * m + b]!);

  // Fit measures (lavaan's definitions, single group, likelihood "normal").
  const F = st.F;
  const chiSquare = n * F;
  const pValue = df > 0 ? chisqSf(chiSquare, df) : NaN;
  let logDetDiag = 0;
  for (let i = 0; i < p; i++) logDetDiag += Math.log(S[i * p + i]!);
  const baselineChiSquare = n * (logDetDiag - logDetS);
  const baselineDf = (p * (p - 1)) / 2;
  const cfiDen = Math.max(chiSquare - df, baselineChiSquare - baselineDf, 0);
  const cfi = cfiDen === 0 ? 1 : 1 - Math.max(chiSquare - df, 0) / cfiDen;
  const tli = df > 0 ? (baselineChiSquare / baselineDf - chiSquare / df) / (baselineChiSquare / baselineDf - 1) : 1;
  const rmsea = df > 0 ? Math.sqrt(Math.max(chiSquare / n / df - 1 / n, 0)) : 0;
  const rmseaCi = rmseaInterval(chiSquare, df, n);
  const rmseaPClose = df > 0 ? noncentralChisqSf(chiSquare, df, n * df * 0.05 ** 2) : NaN;
  let srmrSum = 0;
  for (let i = 0; i < p; i++) for (let j = 0; j <= i; j++) srmrSum += ((S[i * p + j]! - Sigma[i * p + j]!) / Math.sqrt(S[i * p + i]! * S[j * p + j]!)) ** 2;
  const srmr = Math.sqrt(srmrSum / ((p * (p + 1)) / 2));
  let trSA = 0;
  for (let i = 0; i < p * p; i++) trSA += S[i]! * A[i]!;
  const logLik = (-n / 2) * (p * LOG_2PI + spdLogDet(Sigma, p) + trSA);
  const unrestrictedLogLik = (-n / 2) * (p * LOG_2PI + logDetS + p);
  const fit: CfaFit = {
    npar: q,
    fmin: F / 2,
    chiSquare,
    df,
    pValue,
    baselineChiSquare,
    baselineDf,
    cfi,
    tli,
    rmsea,
    rmseaCi,
    rmseaPClose,
    srmr,
    logLik,
    unrestrictedLogLik,
    aic: -2 * logLik + 2 * q,
    bic: -2 * logLik + q * Math.log(n),
  };

  const reliability: CfaReliability[] = specs.map((_, j) => {
    const ls = loadings.filter((l) => l.factor === j).map((l) => l.std);
    const sum = ls.reduce((a, v) => a + v, 0);
    const err = ls.reduce((a, v) => a + (1 - v * v), 0);
    return { ave: ls.reduce((a, v) => a + v * v, 0) / ls.length, cr: (sum * sum) / (sum * sum + err) };
  });

  // Modification indices: score test of each fixed-to-zero cross-loading and residual covariance.
  const extra: Array<{ kind: 'loading' | 'residual'; lhs: number; rhs: number; term: Term }> = [];
  for (let j = 0; j < m; j++) for (const i of order) if (factorOf[i] !== j) extra.push({ kind: 'loading', lhs: j, rhs: i, term: { x: i, y: p + j, c: 1 } });
  for (let a = 0; a < order.length; a++) for (let b = a + 1; b < order.length; b++) extra.push({ kind: 'residual', lhs: order[a]!, rhs: order[b]!, term: { x: order[a]!, y: order[b]!, c: 1 } });
  const gExtra = gradient(model, st, S, extra.map((e) => e.term));
  const r = p + 2 * m;
  const modIndices: CfaModIndex[] = [];
  extra.forEach((e, idx) => {
    // Per-observation information is half the trace form; the score is the gradient of fmin = F/2.
    const q11 = infoEntry(G, r, e.term, e.term) / 2;
    const q12 = Float64Array.from(terms, (t) => infoEntry(G, r, e.term, t) / 2);
    let quad = 0;
    for (let a = 0; a < q; a++) {
      let sa = 0;
      for (let b = 0; b < q; b++) sa += Hinv[a * q + b]! * 2 * q12[b]!;
      quad += q12[a]! * sa;
    }
    const v = q11 - quad;
    if (!(v >= Math.sqrt(Number.EPSILON))) return;
    const score = gExtra[idx]! / 2;
    const mi = (n * score * score) / v;
    const epc = -score / v;
    const sepcAll =
      e.kind === 'loading'
        ? (epc * Math.sqrt(Phi[e.lhs * m + e.lhs]!)) / Math.sqrt(Sigma[e.rhs * p + e.rhs]!)
        : epc / Math.sqrt(Math.abs(Th[e.lhs]! * Th[e.rhs]!));
    modIndices.push({ kind: e.kind, lhs: e.lhs, rhs: e.rhs, mi, epc, sepcAll });
  });
  modIndices.sort((a, b) => b.mi - a.mi);

  const heywood = Array.from(Th).flatMap((v, i) => (v < 0 ? [i] : []));
  return {
    n,
    p,
    m,
    excluded: data.excluded,
    rows: data.rows,
    names,
    factorNames: specs.map((f) => f.name),
    loadings,
    factorCovariances,
    residuals,
    factorCorrelations,
    fit,
    reliability,
    modIndices,
    heywood,
    iterations,
    sampleCovariance: S,
    impliedCovariance: Sigma,
  };
}

function solveSpd(H: Float64Array, g: Float64Array, q: number): Float64Array {
  const inv = spdInverseSafe(H, q);
  return Float64Array.from({ length: q }, (_, a) => {
    let s = 0;
    for (let b = 0; b < q; b++) s += inv[a * q + b]! * g[b]!;
    return s;
  });
}

function spdInverseSafe(H: Float64Array, q: number): Float64Array {
  try {
    return spdInverse(H, q, '信息矩阵');
  } catch {
    throw new StatsError('SINGULAR', '验证性因子分析的信息矩阵奇异，模型不可识别（如某因子的条目间相关接近 0，或因子间相关接近 ±1）');
  }
}

/** lavaan's 90% RMSEA interval: the noncentralities with P(χ²(df, λ) ≤ X²) = 0.95 and 0.05. */
function rmseaInterval(x2: number, df: number, n: number): [number, number] {
  if (!(df >= 1)) return [0, 0];
  const f = (level: number) => (lambda: number) => 1 - noncentralChisqSf(x2, df, lambda) - level;
  const lo = f(0.95)(0) < 0 ? 0 : Math.sqrt(brent(f(0.95), 0, x2, 1e-12) / (n * df));
  const upper = Math.max(n, 4 * x2);
  const fu = f(0.05);
  const hi = fu(0) < 0 || fu(upper) > 0 ? 0 : Math.sqrt(brent(fu, 0, upper, 1e-12) / (n * df));
  return [lo, hi];
}
