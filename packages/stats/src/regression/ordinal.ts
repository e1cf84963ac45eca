// Ordinal (proportional-odds, cumulative logit) regression as ordinal::clm and MASS::polr:
// logit P(Y ≤ j) = α_j − xβ, fitted by Newton's method on the analytical information, with the
// Brant (1990) test of the proportional-odds assumption.
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { normalQuantile } from '../distributions/normal.js';
import { spdInverse } from '../internal/linalg.js';
import { newtonMaximise } from '../internal/newton.js';
import { completeRows, design, levelsOf, waldCoefficient, withOddsRatio, type Coefficient, type ModelTerms, type OddsRatioCoefficient } from './design.js';
import { binomialFamily, irls } from './glm.js';
import type { CategoricalFitSummary } from './multinomial.js';

export interface OrdinalInput extends Omit<ModelTerms, 'intercept'> {
  y: ArrayLike<string | number | null | undefined>;
  /** Outcome categories from lowest to highest (default: sorted values, numbers numerically). */
  order?: readonly (string | number)[];
  level?: number;
}

export type OrdinalParameter = Coefficient;

export interface OrdinalResult extends CategoricalFitSummary {
  /** Cut-points α_j between category j and j + 1 (names "a|b"). */
  thresholds: OrdinalParameter[];
  /** Location coefficients with cumulative odds ratios exp(β) (odds of a higher category). */
  coefficients: OddsRatioCoefficient[];
  /** Brant's Wald test that β is the same at every cut-point: omnibus and per design column; null with 2 categories. */
  brant: { omnibus: { chiSquare: number; df: number; pValue: number }; terms: { term: string; chiSquare: number; df: number; pValue: number }[] } | null;
}

const plogis = (x: number) => (x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x)));

function fitCumulativeLogit(X: readonly Float64Array[], y: Int32Array, J: number, start: Float64Array) {
  const n = y.length;
  const p = X.length;
  const m = J - 1 + p;
  const evaluate = (theta: Float64Array) => {
    const gradient = new Float64Array(m);
    const information = new Float64Array(m * m);
    let logLik = 0;
    for (let j = 1; j < J - 1; j++) if (!(theta[j]! > theta[j - 1]!)) return { logLik: -Infinity, gradient, information };
    const d = new Float64Array(m); // dP/dθ
    for (let i = 0; i < n; i++) {
      let eta = 0;
      for (let k = 0; k < p; k++) eta += theta[J - 1 + k]! * X[k]![i]!;
      const j = y[i]!;
      const upper = j < J - 1 ? plogis(theta[j]! - eta) : 1;
      const lower = j > 0 ? plogis(theta[j - 1]! - eta) : 0;
      const P = upper - lower;
      if (!(P > 0)) return { logLik: -Infinity, gradient, information };
      logLik += Math.log(P);
      const a = upper * (1 - upper);
      const b = lower * (1 - lower);
      const a2 = a * (1 - 2 * upper);
      const b2 = b * (1 - 2 * lower);
      d.fill(0);
      if (j < J - 1) d[j] = a;
      if (j > 0) d[j - 1] = -b;
      for (let k = 0; k < p; k++) d[J - 1 + k] = -X[k]![i]! * (a - b);
      // Second derivatives of P on the few non-zero entries, then information −∂²log P = (dPdPᵀ/P − ∂²P)/P.
      const idx: number[] = [];
      if (j > 0) idx.push(j - 1);
      if (j < J - 1) idx.push(j);
      for (let k = 0; k < p; k++) idx.push(J - 1 + k);
      const second = (r: number, c: number): number => {
        const rb = r >= J - 1;
        const cb = c >= J - 1;
        if (!rb && !cb) return r === c ? (r === j ? a2 : -b2) : 0;
        if (rb && cb) return X[r - J + 1]![i]! * X[c - J + 1]![i]! * (a2 - b2);
        const alpha = rb ? c : r;
        const xk = X[(rb ? r : c) - J + 1]![i]!;
        return alpha === j ? -xk * a2 : xk * b2;
      };
      for (const r of idx) {
        gradient[r] = gradient[r]! + d[r]! / P;
        for (const c of idx) information[r * m + c] = information[r * m + c]! + (d[r]! * d[c]!) / (P * P) - second(r, c) / P;
      }
    }
    return { logLik, gradient, information };
  };
  return newtonMaximise(evaluate, start, '信息矩阵');
}

export function ordinalRegression(input: OrdinalInput): Readonly<OrdinalResult> {
  const level = input.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new StatsError('INVALID_ARGUMENT', '置信水平必须在0到1之间');
  const n0 = input.y.length;
  const rows = completeRows([input.y], input.predictors);
  const vals = Array.from(rows, (i) => String(input.y[i]));
  let categories: string[];
  if (input.order) {
    categories = input.order.map(String);
    const unknown = [...new Set(vals)].filter((v) => !categories.includes(v));
    if (unknown.length) throw new StatsError('INVALID_ARGUMENT', `因变量的取值“${unknown[0]}”不在指定的等级顺序中`);
    categories = categories.filter((c) => vals.includes(c));
  } else categories = levelsOf(vals);
  const J = categories.length;
  if (J < 3) throw new StatsError('INVALID_ARGUMENT', `有序Logistic回归的因变量至少需要3个等级，当前有${J}个；两个等级请用二分类Logistic回归`);
  const index = new Map(categories.map((c, k) => [c, k]));
  const y = Int32Array.from(vals, (v) => index.get(v)!);
  const cols = design({ ...input, intercept: false }, rows);
  const n = y.length;
  const p = cols.length;
  if (p < 1) throw new StatsError('INVALID_ARGUMENT', '至少需要1个自变量');
  const m = J - 1 + p;
  if (n <= m) throw new StatsError('TOO_FEW_OBSERVATIONS', `观测数（${n}）必须多于模型参数个数（${m}）`);
  const names = cols.map((c) => c.name);
  const X = cols.map((c) => c.values);
  const counts = categories.map((_, k) => y.reduce((s, v) => s + (v === k ? 1 : 0), 0));
  const start = new Float64Array(m);
  let cum = 0;
  for (let j = 0; j < J - 1; j++) {
    cum += counts[j]!;
    start[j] = Math.log(cum / (n - cum));
  }
  const fit = fitCumulativeLogit(X, y, J, start);
  if (fit.singular && fit.iterations === 1) throw new StatsError('SINGULAR', '自变量之间存在完全共线性（或某个哑变量全为0），请删除冗余的自变量');
  if (!fit.converged || fit.singular) throw new StatsError('SEPARATION', '模型未收敛，系数趋于无穷：某些等级被自变量完全或准完全分离，或某个等级的观测过少。请合并稀疏等级或删除相关变量');
  const vcov = spdInverse(fit.information, m, '信息矩阵');
  const z = normalQuantile(1 - (1 - level) / 2);
  const param = (term: string, k: number): OrdinalParameter => waldCoefficient(term, fit.theta[k]!, Math.sqrt(vcov[k * m + k]!), z);
  const thresholds = categories.slice(0, -1).map((c, j) => param(`${c}|${categories[j + 1]}`, j));
  const coefficients = names.map((term, k) => withOddsRatio(param(term, J - 1 + k)));
  const nullLogLik = counts.reduce((s, c) => s + (c > 0 ? c * Math.log(c / n) : 0), 0);
  const modelChiSquare = 2 * (fit.logLik - nullLogLik);
  const coxSnellR2 = 1 - Math.exp(-modelChiSquare / n);
  return {
    categories,
    counts,
    thresholds,
    coefficients,
    n,
    missing: n0 - n,
    logLik: fit.logLik,
    deviance: -2 * fit.logLik,
    aic: -2 * fit.logLik + 2 * m,
    bic: -2 * fit.logLik + Math.log(n) * m,
    modelChiSquare,
    modelDf: p,
    modelPValue: chisqSf(modelChiSquare, p),
    mcFaddenR2: 1 - fit.logLik / nullLogLik,
    coxSnellR2,
    nagelkerkeR2: coxSnellR2 / (1 - Math.exp((2 * nullLogLik) / n)),
    brant: brantTest(X, y, J, names),
    iterations: fit.iterations,
    level,
  };
}

/**
 * Brant's test: separate binary logits of Y > j for each cut-point, their joint covariance from the
 * binary fits, and Wald tests that the slopes agree across cut-points (omnibus, and per column).
 */
function brantTest(X: readonly Float64Array[], y: Int32Array, J: number, names: readonly string[]): OrdinalResult['brant'] {
  if (J < 3) return null;
  const n = y.length;
  const p = X.length;
  const q = p + 1;
  const Xi = [new Float64Array(n).fill(1), ...X];
  const pi: Float64Array[] = [];
  const beta: number[] = [];
  const inverses: Float64Array[] = [];
  for (let j = 0; j < J - 1; j++) {
    const yj = Float64Array.from(y, (v) => (v > j ? 1 : 0));
    const f = irls(binomialFamily, Xi, yj, null, ['(Intercept)', ...names]);
    if (!f.converged) return null;
    pi.push(f.mu);
    beta.push(...Array.from(f.beta).slice(1));
    inverses.push(weightedCrossInverse(Xi, (i) => f.mu[i]! * (1 - f.mu[i]!), q));
  }
  const size = (J - 1) * p;
  const V = new Float64Array(size * size);
  for (let j = 0; j < J - 1; j++) {
    for (let l = j; l < J - 1; l++) {
      const mid = weightedCross(Xi, (i) => pi[l]![i]! - pi[j]![i]! * pi[l]![i]!, q);
      const blk = mul(mul(inverses[j]!, mid, q), inverses[l]!, q);
      for (let a = 1; a < q; a++) for (let b = 1; b < q; b++) {
        const v = blk[a * q + b]!;
        V[(j * p + a - 1) * size + l * p + b - 1] = v;
        V[(l * p + b - 1) * size + j * p + a - 1] = v;
      }
    }
  }
  // Contrasts β_1 − β_j for j = 2 … J−1, restricted to the chosen columns.
  const wald = (cols: number[]) => {
    const rowsD: Float64Array[] = [];
    for (let j = 1; j < J - 1; j++) for (const k of cols) {
      const d = new Float64Array(size);
      d[k] = 1;
      d[j * p + k] = -1;
      rowsD.push(d);
    }
    const r = rowsD.length;
    const db = rowsD.map((d) => d.reduce((s, v, i) => s + v * beta[i]!, 0));
    const dvd = new Float64Array(r * r);
    for (let a = 0; a < r; a++) for (let b = 0; b < r; b++) {
      let s = 0;
      for (let u = 0; u < size; u++) {
        const da = rowsD[a]![u]!;
        if (da === 0) continue;
        for (let v = 0; v < size; v++) s += da * V[u * size + v]! * rowsD[b]![v]!;
      }
      dvd[a * r + b] = s;
    }
    const inv = spdInverse(dvd, r, 'Brant检验的协方差矩阵');
    let chi = 0;
    for (let a = 0; a < r; a++) for (let b = 0; b < r; b++) chi += db[a]! * inv[a * r + b]! * db[b]!;
    return { chiSquare: chi, df: r, pValue: chisqSf(chi, r) };
  };
  try {
    return { omnibus: wald(names.map((_, k) => k)), terms: names.map((term, k) => ({ term, ...wald([k]) })) };
  } catch {
    return null;
  }
}

function weightedCross(X: readonly Float64Array[], w: (i: number) => number, q: number): Float64Array {
  const n = X[0]!.length;
  const out = new Float64Array(q * q);
  for (let i = 0; i < n; i++) {
    const wi = w(i);
    for (let a = 0; a < q; a++) {
      const xa = X[a]![i]! * wi;
      for (let b = a; b < q; b++) out[a * q + b] = out[a * q + b]! + xa * X[b]![i]!;
    }
  }
  for (let a = 0; a < q; a++) for (let b = 0; b < a; b++) out[a * q + b] = out[b * q + a]!;
  return out;
}

function weightedCrossInverse(X: readonly Float64Array[], w: (i: number) => number, q: number): Float64Array {
  return spdInverse(weightedCross(X, w, q), q, '信息矩阵');
}

function mul(a: Float64Array, b: Float64Array, q: number): Float64Array {
  const out = new Float64Array(q * q);
  for (let i = 0; i < q; i++) for (let k = 0; k < q; k++) {
    const aik = a[i * q + k]!;
    for (let j = 0; j < q; j++) out[i * q + j] = out[i * q + j]! + aik * b[k * q + j]!;
  }
  return out;
}
