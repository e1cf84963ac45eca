// Exploratory factor analysis: KMO, Bartlett's sphericity test, principal-axis (psych::fa fm = "pa")
// and maximum-likelihood (stats::factanal) extraction, varimax and promax rotation (stats).
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { spdInverse, spdLogDet, spdSolve, symmetricEigen } from '../internal/linalg.js';
import { completeData, toRows, type NumericColumn } from './data.js';

/** Kaiser–Meyer–Olkin measure of sampling adequacy, overall and per variable (psych::KMO). */
export function kmo(cor: Float64Array, p: number): { overall: number; perVariable: number[] } {
  const inv = spdInverse(cor, p, '相关矩阵');
  let r2 = 0;
  let q2 = 0;
  const colR = new Float64Array(p);
  const colQ = new Float64Array(p);
  for (let i = 0; i < p; i++) {
    for (let j = 0; j < p; j++) {
      if (i === j) continue;
      const r = cor[i * p + j]! ** 2;
      const q = inv[i * p + j]! ** 2 / (inv[i * p + i]! * inv[j * p + j]!);
      r2 += r;
      q2 += q;
      colR[j] = colR[j]! + r;
      colQ[j] = colQ[j]! + q;
    }
  }
  return { overall: r2 / (r2 + q2), perVariable: Array.from(colR, (r, j) => r / (r + colQ[j]!)) };
}

/** Bartlett's test that the correlation matrix is an identity (psych::cortest.bartlett). */
export function bartlettSphericity(cor: Float64Array, p: number, n: number): { statistic: number; df: number; pValue: number } {
  const statistic = -spdLogDet(cor, p, '相关矩阵') * (n - 1 - (2 * p + 5) / 6);
  const df = (p * (p - 1)) / 2;
  return { statistic, df, pValue: chisqSf(statistic, df) };
}

/** Squared multiple correlations 1 − 1/diag(R⁻¹), the principal-axis starting communalities. */
export function squaredMultipleCorrelations(cor: Float64Array, p: number): number[] {
  const inv = spdInverse(cor, p, '相关矩阵');
  return Array.from({ length: p }, (_, j) => 1 - 1 / inv[j * p + j]!);
}

/** Principal-axis factoring iterated to a fixed point of the communalities. */
export function principalAxis(cor: Float64Array, p: number, factors: number, maxIterations = 10000): { loadings: Float64Array; iterations: number; converged: boolean } {
  const r = Float64Array.from(cor);
  let h = squaredMultipleCorrelations(cor, p);
  const loadings = new Float64Array(p * factors);
  for (let it = 1; it <= maxIterations; it++) {
    for (let j = 0; j < p; j++) r[j * p + j] = h[j]!;
    const e = symmetricEigen(r, p);
    for (let i = 0; i < p; i++) for (let f = 0; f < factors; f++) loadings[i * factors + f] = e.vectors[i * p + f]! * Math.sqrt(Math.max(e.values[f]!, 0));
    const next = Array.from({ length: p }, (_, i) => {
      let s = 0;
      for (let f = 0; f < factors; f++) s += loadings[i * factors + f]! ** 2;
      return s;
    });
    const change = next.reduce((m, v, j) => Math.max(m, Math.abs(v - h[j]!)), 0);
    h = next;
    if (change < 1e-13) return { loadings, iterations: it, converged: true };
  }
  return { loadings, iterations: maxIterations, converged: false };
}

const PSI_MIN = 0.005;

function mlParts(psi: Float64Array, cor: Float64Array, p: number, q: number) {
  const s = new Float64Array(p * p);
  for (let i = 0; i < p; i++) for (let j = 0; j < p; j++) s[i * p + j] = cor[i * p + j]! / Math.sqrt(psi[i]! * psi[j]!);
  const e = symmetricEigen(s, p);
  let objective = -q + p;
  for (let j = q; j < p; j++) objective += Math.log(e.values[j]!) - e.values[j]!;
  const loadings = new Float64Array(p * q);
  for (let i = 0; i < p; i++) for (let f = 0; f < q; f++) loadings[i * q + f] = Math.sqrt(psi[i]!) * e.vectors[i * p + f]! * Math.sqrt(Math.max(e.values[f]! - 1, 0));
  const gradient = new Float64Array(p);
  for (let i = 0; i < p; i++) {
    let m = psi[i]! - cor[i * p + i]!;
    for (let f = 0; f < q; f++) m += loadings[i * q + f]! ** 2;
    gradient[i] = m / psi[i]! ** 2;
  }
  return { objective: -objective, loadings, gradient };
}

/**
 * Maximum-likelihood factoring as stats::factanal: minimises its discrepancy over the uniquenesses
 * (bounded below by 0.005) from its starting values, here by projected Newton steps on the analytic
 * gradient with a difference Hessian.
 */
export function maximumLikelihoodFactors(cor: Float64Array, p: number, q: number): { loadings: Float64Array; uniquenesses: Float64Array; objective: number; iterations: number; converged: boolean } {
  const inv = spdInverse(cor, p, '相关矩阵');
  let psi = Float64Array.from({ length: p }, (_, j) => Math.min(1, Math.max(PSI_MIN, (1 - (0.5 * q) / p) / inv[j * p + j]!)));
  let cur = mlParts(psi, cor, p, q);
  for (let it = 1; it <= 500; it++) {
    const free = Array.from({ length: p }, (_, j) => j).filter((j) => !(psi[j]! <= PSI_MIN && cur.gradient[j]! > 0));
    const gmax = free.reduce((m, j) => Math.max(m, Math.abs(cur.gradient[j]!)), 0);
    if (gmax < 1e-11) return { ...cur, uniquenesses: psi, iterations: it, converged: true };
    const m = free.length;
    const H = new Float64Array(m * m);
    free.forEach((j, a) => {
      const hstep = 1e-6 * Math.max(psi[j]!, 0.01);
      const up = Float64Array.from(psi);
      const dn = Float64Array.from(psi);
      up[j] = up[j]! + hstep;
      dn[j] = Math.max(dn[j]! - hstep, 1e-6);
      const gu = mlParts(up, cor, p, q).gradient;
      const gd = mlParts(dn, cor, p, q).gradient;
      free.forEach((k, b) => (H[a * m + b] = (gu[k]! - gd[k]!) / (up[j]! - dn[j]!)));
    });
    for (let a = 0; a < m; a++) for (let b = a + 1; b < m; b++) H[a * m + b] = H[b * m + a] = (H[a * m + b]! + H[b * m + a]!) / 2;
    let dir: Float64Array;
    try {
      dir = spdSolve(H, free.map((j) => -cur.gradient[j]!), m);
    } catch {
      dir = Float64Array.from(free, (j) => -cur.gradient[j]!);
    }
    let step = 1;
    let accepted = false;
    for (let half = 0; half < 60; half++, step /= 2) {
      const trial = Float64Array.from(psi);
      free.forEach((j, a) => (trial[j] = Math.max(PSI_MIN, psi[j]! + step * dir[a]!)));
      const next = mlParts(trial, cor, p, q);
      if (next.objective <= cur.objective + 1e-15 * Math.abs(cur.objective)) {
        psi = trial;
        cur = next;
        accepted = true;
        break;
      }
    }
    if (!accepted) return { ...cur, uniquenesses: psi, iterations: it, converged: gmax < 1e-7 };
  }
  return { ...cur, uniquenesses: psi, iterations: 500, converged: false };
}

/** Polar factor U Vᵀ of a square matrix B = U S Vᵀ (and Σ S), through the eigenvectors of BᵀB. */
function polar(B: Float64Array, k: number): { q: Float64Array; trace: number } {
  const e = symmetricEigen(crossProduct(B, B, k, k), k);
  const invSqrt = new Float64Array(k * k);
  let trace = 0;
  for (let c = 0; c < k; c++) trace += Math.sqrt(Math.max(e.values[c]!, 0));
  for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) {
    let s = 0;
    for (let c = 0; c < k; c++) s += (e.vectors[i * k + c]! * e.vectors[j * k + c]!) / Math.sqrt(e.values[c]!);
    invSqrt[i * k + j] = s;
  }
  return { q: matMul(B, invSqrt, k, k, k), trace };
}

/** aᵀb for row-major rows × k matrices a and b (a k × k result). */
function crossProduct(a: Float64Array, b: Float64Array, rows: number, k: number): Float64Array {
  const out = new Float64Array(k * k);
  for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) {
    let s = 0;
    for (let r = 0; r < rows; r++) s += a[r * k + i]! * b[r * k + j]!;
    out[i * k + j] = s;
  }
  return out;
}

function matMul(a: Float64Array, b: Float64Array, n: number, m: number, k: number): Float64Array {
  const out = new Float64Array(n * k);
  for (let i = 0; i < n; i++) for (let j = 0; j < k; j++) {
    let s = 0;
    for (let r = 0; r < m; r++) s += a[i * m + r]! * b[r * k + j]!;
    out[i * k + j] = s;
  }
  return out;
}

/** Kaiser-normalised varimax as stats::varimax, iterated until the criterion gains less than eps. */
export function varimax(loadings: Float64Array, p: number, k: number, eps = 1e-14): { loadings: Float64Array; rotation: Float64Array } {
  const identity = Float64Array.from({ length: k * k }, (_, i) => (i % (k + 1) === 0 ? 1 : 0));
  if (k < 2) return { loadings: Float64Array.from(loadings), rotation: identity };
  const sc = Float64Array.from({ length: p }, (_, i) => {
    let s = 0;
    for (let f = 0; f < k; f++) s += loadings[i * k + f]! ** 2;
    return Math.sqrt(s);
  });
  const x = Float64Array.from(loadings, (v, idx) => v / sc[Math.floor(idx / k)]!);
  let T: Float64Array = identity;
  let d = 0;
  for (let it = 0; it < 1000; it++) {
    const z = matMul(x, T, p, k, k);
    const colSq = new Float64Array(k);
    for (let i = 0; i < p; i++) for (let f = 0; f < k; f++) colSq[f] = colSq[f]! + z[i * k + f]! ** 2;
    const inner = Float64Array.from(z, (v, idx) => v ** 3 - (v * colSq[idx % k]!) / p);
    const pol = polar(crossProduct(x, inner, p, k), k);
    T = pol.q;
    const past = d;
    d = pol.trace;
    if (d < past * (1 + eps)) break;
  }
  const z = matMul(x, T, p, k, k);
  return { loadings: Float64Array.from(z, (v, idx) => v * sc[Math.floor(idx / k)]!), rotation: T };
}

/** Promax (power m) on top of varimax as stats::promax; returns the pattern, rotation and factor correlations. */
export function promax(loadings: Float64Array, p: number, k: number, m = 4): { loadings: Float64Array; rotation: Float64Array; phi: Float64Array } {
  const vm = varimax(loadings, p, k);
  if (k < 2) return { ...vm, phi: Float64Array.of(1) };
  const x = vm.loadings;
  const target = Float64Array.from(x, (v) => v * Math.abs(v) ** (m - 1));
  // U = lm.fit(x, target)$coefficients, column by column.
  const xtx = crossProduct(x, x, p, k);
  const xtTarget = crossProduct(x, target, p, k);
  const U = new Float64Array(k * k);
  for (let c = 0; c < k; c++) {
    const col = spdSolve(xtx, Array.from({ length: k }, (_, a) => xtTarget[a * k + c]!), k, '旋转矩阵');
    for (let a = 0; a < k; a++) U[a * k + c] = col[a]!;
  }
  const d = spdInverse(crossProduct(U, U, k, k), k, '旋转矩阵');
  for (let r = 0; r < k; r++) for (let c = 0; c < k; c++) U[r * k + c] = U[r * k + c]! * Math.sqrt(d[c * k + c]!);
  const rotation = matMul(vm.rotation, U, k, k, k);
  return { loadings: matMul(x, U, p, k, k), rotation, phi: spdInverse(crossProduct(rotation, rotation, k, k), k, '旋转矩阵') };
}

/** factanal's sortLoadings: columns by decreasing sum of squares, each with a positive column sum. */
function sortLoadings(L: Float64Array, p: number, k: number, phi: Float64Array | null): { loadings: Float64Array; phi: Float64Array | null } {
  const ss = Array.from({ length: k }, (_, f) => {
    let s = 0;
    for (let i = 0; i < p; i++) s += L[i * k + f]! ** 2;
    return s;
  });
  const order = Array.from({ length: k }, (_, f) => f).sort((a, b) => ss[b]! - ss[a]!);
  const sign = order.map((f) => {
    let s = 0;
    for (let i = 0; i < p; i++) s += L[i * k + f]!;
    return s < 0 ? -1 : 1;
  });
  const out = new Float64Array(p * k);
  for (let i = 0; i < p; i++) order.forEach((f, c) => (out[i * k + c] = sign[c]! * L[i * k + f]!));
  const outPhi = phi ? new Float64Array(k * k) : null;
  if (phi && outPhi) order.forEach((f, a) => order.forEach((g, b) => (outPhi[a * k + b] = sign[a]! * sign[b]! * phi[f * k + g]!)));
  return { loadings: out, phi: outPhi };
}

export interface FactorAnalysisResult {
  n: number;
  excluded: number;
  names: string[];
  extraction: 'pa' | 'ml';
  rotation: 'none' | 'varimax' | 'promax';
  factors: number;
  kmo: { overall: number; perVariable: number[] };
  bartlett: { statistic: number; df: number; pValue: number };
  /** Eigenvalues of the correlation matrix (scree-plot data). */
  eigenvalues: number[];
  /** Unrotated loadings, then the rotated pattern (variables × factors), sorted and signed as factanal does. */
  unrotated: number[][];
  loadings: number[][];
  /** Structure matrix (pattern × Φ) and factor correlations Φ for promax; null for orthogonal solutions. */
  structure: number[][] | null;
  factorCorrelations: number[][] | null;
  communalities: number[];
  uniquenesses: number[];
  /** Sum of squared (pattern) loadings per factor, its share of the variables' total variance (%) and running total. */
  variance: { ssLoadings: number; proportion: number; cumulative: number }[];
  /** Maximum likelihood only: the χ² test that the factors suffice (factanal), with its df; null when df ≤ 0. */
  fitTest: { statistic: number; df: number; pValue: number } | null;
  iterations: number;
  converged: boolean;
  /** Variables with a communality at or above 1 (Heywood case) or a uniqueness at ML's 0.005 bound. */
  heywood: string[];
  /** Regression (Thurstone) factor scores of the complete rows. */
  scores: number[][];
}

/**
 * Exploratory factor analysis on the correlation matrix of the columns (listwise complete):
 * KMO and Bartlett, principal-axis or maximum-likelihood extraction of `factors` factors (default:
 * eigenvalues > 1), varimax or promax (m = 4) rotation, communalities, explained variance, and
 * regression scores.
 */
export function factorAnalysis(
  columns: readonly NumericColumn[],
  options: { names?: readonly string[]; factors?: number; extraction?: 'pa' | 'ml'; rotation?: 'none' | 'varimax' | 'promax' } = {},
): FactorAnalysisResult {
  const d = completeData(columns, options.names, 3, 4, '因子分析');
  const { p, n, cor } = d;
  if (n <= p) throw new StatsError('TOO_FEW_OBSERVATIONS', `因子分析的完整观测数（${n}）必须多于变量数（${p}）`);
  const extraction = options.extraction ?? 'pa';
  const rotationName = options.rotation ?? 'varimax';
  const eig = symmetricEigen(cor, p);
  const eigenvalues = Array.from(eig.values);
  const k = options.factors ?? Math.max(1, eigenvalues.filter((v) => v > 1).length);
  const maxFactors = extraction === 'ml' ? Math.floor((2 * p + 1 - Math.sqrt(8 * p + 1)) / 2) : p - 1;
  if (!Number.isInteger(k) || k < 1 || k > maxFactors) {
    throw new StatsError('INVALID_ARGUMENT', `${p}个变量${extraction === 'ml' ? '用最大似然法' : ''}最多可提取${maxFactors}个因子，因子个数必须是1到${maxFactors}之间的整数`);
  }
  let raw: Float64Array;
  let iterations: number;
  let converged: boolean;
  let fitTest: FactorAnalysisResult['fitTest'] = null;
  let atBound: boolean[] = Array(p).fill(false);
  if (extraction === 'pa') {
    const pa = principalAxis(cor, p, k);
    raw = pa.loadings;
    iterations = pa.iterations;
    converged = pa.converged;
  } else {
    const ml = maximumLikelihoodFactors(cor, p, k);
    raw = ml.loadings;
    iterations = ml.iterations;
    converged = ml.converged;
    atBound = Array.from(ml.uniquenesses, (u) => u <= PSI_MIN * (1 + 1e-9));
    const df = 0.5 * ((p - k) ** 2 - p - k);
    if (df > 0) {
      const statistic = (n - 1 - (2 * p + 5) / 6 - (2 * k) / 3) * ml.objective;
      fitTest = { statistic, df, pValue: chisqSf(statistic, df) };
    }
  }
  const unrotated = sortLoadings(raw, p, k, null).loadings;
  let pattern: Float64Array;
  let phi: Float64Array | null = null;
  if (rotationName === 'varimax' && k > 1) pattern = varimax(raw, p, k).loadings;
  else if (rotationName === 'promax' && k > 1) {
    const pr = promax(raw, p, k);
    pattern = pr.loadings;
    phi = pr.phi;
  } else pattern = raw;
  const sorted = sortLoadings(pattern, p, k, phi);
  pattern = sorted.loadings;
  phi = sorted.phi;
  const structure = phi ? matMul(pattern, phi, p, k, k) : null;
  const communalities = Array.from({ length: p }, (_, i) => {
    let s = 0;
    for (let f = 0; f < k; f++) s += unrotated[i * k + f]! ** 2;
    return s;
  });
  let cum = 0;
  const variance = Array.from({ length: k }, (_, f) => {
    let ss = 0;
    for (let i = 0; i < p; i++) ss += pattern[i * k + f]! ** 2;
    cum += (100 * ss) / p;
    return { ssLoadings: ss, proportion: (100 * ss) / p, cumulative: cum };
  });
  // Regression scores: Z R⁻¹ S with S the structure matrix (the pattern when orthogonal).
  const weights = new Float64Array(p * k);
  const S = structure ?? pattern;
  for (let f = 0; f < k; f++) {
    const col = spdSolve(cor, Array.from({ length: p }, (_, i) => S[i * k + f]!), p, '相关矩阵');
    for (let i = 0; i < p; i++) weights[i * k + f] = col[i]!;
  }
  const scores = Array.from({ length: n }, (_, r) =>
    Array.from({ length: k }, (_, f) => {
      let s = 0;
      for (let i = 0; i < p; i++) s += ((d.x[i]![r]! - d.means[i]!) / d.sds[i]!) * weights[i * k + f]!;
      return s;
    }),
  );
  return {
    n,
    excluded: d.excluded,
    names: d.names,
    extraction,
    rotation: k > 1 ? rotationName : 'none',
    factors: k,
    kmo: kmo(cor, p),
    bartlett: bartlettSphericity(cor, p, n),
    eigenvalues,
    unrotated: toRows(unrotated, p, k),
    loadings: toRows(pattern, p, k),
    structure: structure ? toRows(structure, p, k) : null,
    factorCorrelations: phi ? toRows(phi, k, k) : null,
    communalities,
    uniquenesses: communalities.map((h) => 1 - h),
    variance,
    fitTest,
    iterations,
    converged,
    heywood: d.names.filter((_, i) => communalities[i]! >= 1 - 1e-9 || atBound[i]),
    scores,
  };
}
