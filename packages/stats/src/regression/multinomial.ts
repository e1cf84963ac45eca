// Multinomial (baseline-category) logistic regression (R: nnet::multinom, fitted here by Newton's
// method on the exact information matrix), with likelihood-ratio tests of each predictor (car::Anova).
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { normalQuantile } from '../distributions/normal.js';
import { spdInverse } from '../internal/linalg.js';
import { newtonMaximise } from '../internal/newton.js';
import { completeRows, design, levelsOf, termBlocks, waldCoefficient, withOddsRatio, type ModelTerms, type OddsRatioCoefficient } from './design.js';

export interface MultinomialInput extends ModelTerms {
  /** Outcome categories (text or codes). */
  y: ArrayLike<string | number | null | undefined>;
  /** Reference category (default: the first level, as R's factor). */
  reference?: string;
  level?: number;
}

export interface MultinomialCoefficient extends OddsRatioCoefficient {
  /** The category compared with the reference. */
  category: string;
}

/** Fit summary shared by the maximum-likelihood models for categorical outcomes. */
export interface CategoricalFitSummary {
  categories: string[];
  counts: number[];
  n: number;
  missing: number;
  logLik: number;
  deviance: number;
  aic: number;
  bic: number;
  /** Likelihood-ratio test against the intercept-only (thresholds-only) model. */
  modelChiSquare: number;
  modelDf: number;
  modelPValue: number;
  mcFaddenR2: number;
  coxSnellR2: number;
  nagelkerkeR2: number;
  iterations: number;
  level: number;
}

export interface MultinomialResult extends CategoricalFitSummary {
  reference: string;
  coefficients: MultinomialCoefficient[];
  nullDeviance: number;
  /** Likelihood-ratio test of each predictor (and interaction) against the model without it (car::Anova type II for main effects). */
  termTests: { term: string; chiSquare: number; df: number; pValue: number }[];
  /** Observed (rows) × predicted (columns, the most probable category) counts, in `categories` order. */
  classification: number[][];
  accuracy: number;
}

interface Fit {
  beta: Float64Array;
  information: Float64Array;
  logLik: number;
  iterations: number;
  converged: boolean;
  singular: boolean;
  probs: Float64Array;
}

/** Fits category-specific coefficients for categories 1 … K−1 against category 0. */
/** @internal Also used by MICE (polyreg). */
export function fitMultinomial(X: readonly Float64Array[], y: Int32Array, K: number): Fit {
  const n = y.length;
  const p = X.length;
  const m = (K - 1) * p;
  const probs = new Float64Array(n * K);
  const evaluate = (theta: Float64Array) => {
    const gradient = new Float64Array(m);
    const information = new Float64Array(m * m);
    let logLik = 0;
    const eta = new Float64Array(K);
    const pi = new Float64Array(K);
    const x = new Float64Array(p);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < p; j++) x[j] = X[j]![i]!;
      let max = 0;
      for (let k = 1; k < K; k++) {
        let s = 0;
        for (let j = 0; j < p; j++) s += theta[(k - 1) * p + j]! * x[j]!;
        eta[k] = s;
        if (s > max) max = s;
      }
      eta[0] = 0;
      let denom = 0;
      for (let k = 0; k < K; k++) denom += (pi[k] = Math.exp(eta[k]! - max));
      for (let k = 0; k < K; k++) pi[k] = pi[k]! / denom;
      logLik += eta[y[i]!]! - max - Math.log(denom);
      for (let k = 0; k < K; k++) probs[i * K + k] = pi[k]!;
      for (let k = 1; k < K; k++) {
        const r = (y[i] === k ? 1 : 0) - pi[k]!;
        for (let j = 0; j < p; j++) gradient[(k - 1) * p + j] = gradient[(k - 1) * p + j]! + r * x[j]!;
        for (let l = k; l < K; l++) {
          const w = pi[k]! * ((k === l ? 1 : 0) - pi[l]!);
          for (let a = 0; a < p; a++) {
            const wa = w * x[a]!;
            for (let b = 0; b < p; b++) {
              const at = ((k - 1) * p + a) * m + (l - 1) * p + b;
              information[at] = information[at]! + wa * x[b]!;
            }
          }
        }
      }
    }
    for (let r = 0; r < m; r++) for (let c = 0; c < r; c++) information[r * m + c] = information[c * m + r]!;
    return { logLik, gradient, information };
  };
  const fit = newtonMaximise(evaluate, new Float64Array(m), '信息矩阵');
  evaluate(fit.theta);
  return { beta: fit.theta, information: fit.information, logLik: fit.logLik, iterations: fit.iterations, converged: fit.converged, singular: fit.singular, probs };
}

function failIfDiverged(fit: Fit, X: readonly Float64Array[], names: readonly string[], K: number, categories: readonly string[]): void {
  const p = X.length;
  if (fit.singular && fit.iterations === 1) throw new StatsError('SINGULAR', '自变量之间存在完全共线性（或某个哑变量全为0），请删除冗余的自变量');
  const runaway: string[] = [];
  for (let k = 1; k < K; k++) {
    for (let j = 0; j < p; j++) {
      const col = X[j]!;
      let mean = 0;
      for (const v of col) mean += v / col.length;
      let ss = 0;
      for (const v of col) ss += (v - mean) ** 2;
      const sd = names[j] === '(Intercept)' ? 1 : Math.sqrt(ss / Math.max(1, col.length - 1));
      if (Math.abs(fit.beta[(k - 1) * p + j]!) * sd > 15) runaway.push(`${categories[k]}：${names[j]}`);
    }
  }
  if (!fit.converged || runaway.length) {
    throw new StatsError(
      'SEPARATION',
      `模型${fit.converged ? '' : '未收敛，'}系数趋于无穷${runaway.length ? `（${runaway.slice(0, 5).join('、')}）` : ''}：某些类别被自变量完全或准完全分离，最大似然估计不存在。请合并稀疏类别或删除相关变量`,
    );
  }
}

export function multinomialRegression(input: MultinomialInput): Readonly<MultinomialResult> {
  const level = input.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new StatsError('INVALID_ARGUMENT', '置信水平必须在0到1之间');
  const n0 = input.y.length;
  const rows = completeRows([input.y], input.predictors);
  const vals = Array.from(rows, (i) => String(input.y[i]));
  const categories = levelsOf(vals, input.reference === undefined ? undefined : String(input.reference));
  const K = categories.length;
  if (K < 3) throw new StatsError('INVALID_ARGUMENT', `多分类Logistic回归的因变量至少需要3个类别，当前有${K}个；两个类别请用二分类Logistic回归`);
  const index = new Map(categories.map((c, k) => [c, k]));
  const y = Int32Array.from(vals, (v) => index.get(v)!);
  const cols = design(input, rows);
  const n = y.length;
  const p = cols.length;
  if (n <= (K - 1) * p) throw new StatsError('TOO_FEW_OBSERVATIONS', `观测数（${n}）必须多于模型参数个数（${(K - 1) * p}）`);
  const names = cols.map((c) => c.name);
  const X = cols.map((c) => c.values);
  const counts = categories.map((_, k) => y.reduce((s, v) => s + (v === k ? 1 : 0), 0));
  if (counts.some((c) => c === 0)) throw new StatsError('INVALID_ARGUMENT', '因变量有类别没有观测');
  const fit = fitMultinomial(X, y, K);
  failIfDiverged(fit, X, names, K, categories);
  const m = (K - 1) * p;
  const vcov = spdInverse(fit.information, m, '信息矩阵');
  const z = normalQuantile(1 - (1 - level) / 2);
  const coefficients: MultinomialCoefficient[] = [];
  for (let k = 1; k < K; k++) {
    names.forEach((term, j) => {
      const idx = (k - 1) * p + j;
      coefficients.push({ category: categories[k]!, ...withOddsRatio(waldCoefficient(term, fit.beta[idx]!, Math.sqrt(vcov[idx * m + idx]!), z)) });
    });
  }
  const deviance = -2 * fit.logLik;
  const intercept = input.intercept ?? true;
  const nullDeviance = intercept ? -2 * counts.reduce((s, c) => s + c * Math.log(c / n), 0) : 2 * n * Math.log(K);
  const modelChiSquare = nullDeviance - deviance;
  const modelDf = (K - 1) * (intercept ? p - 1 : p);
  const coxSnellR2 = 1 - Math.exp(-modelChiSquare / n);
  const termTests = termBlocks(input, cols).map(({ term, base, drop }) => {
    const larger = base.size === p ? fit : fitMultinomial(X.filter((_, j) => base.has(j)), y, K);
    const reduced = fitMultinomial(X.filter((_, j) => base.has(j) && !drop.has(j)), y, K);
    const chiSquare = 2 * (larger.logLik - reduced.logLik);
    const df = (K - 1) * drop.size;
    return { term, chiSquare, df, pValue: chisqSf(chiSquare, df) };
  });
  const classification = categories.map(() => new Array<number>(K).fill(0));
  let correct = 0;
  for (let i = 0; i < n; i++) {
    let best = 0;
    for (let k = 1; k < K; k++) if (fit.probs[i * K + k]! > fit.probs[i * K + best]!) best = k;
    classification[y[i]!]![best]!++;
    if (best === y[i]) correct++;
  }
  return {
    reference: categories[0]!,
    categories,
    counts,
    coefficients,
    n,
    missing: n0 - n,
    deviance,
    nullDeviance,
    logLik: fit.logLik,
    aic: deviance + 2 * m,
    bic: deviance + Math.log(n) * m,
    modelChiSquare,
    modelDf,
    modelPValue: chisqSf(modelChiSquare, modelDf),
    mcFaddenR2: 1 - deviance / nullDeviance,
    coxSnellR2,
    nagelkerkeR2: coxSnellR2 / (1 - Math.exp(-nullDeviance / n)),
    termTests,
    classification,
    accuracy: correct / n,
    iterations: fit.iterations,
    level,
  };
}
