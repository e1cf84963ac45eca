// Internal-consistency reliability: Cronbach's alpha with item statistics (psych::alpha) and
// McDonald's omega total from a one-factor maximum-likelihood model.
import { fQuantile } from '../distributions/f.js';
import { completeData, type NumericColumn } from './data.js';
import { maximumLikelihoodFactors, squaredMultipleCorrelations } from './factor.js';

export interface ItemStatistics {
  name: string;
  mean: number;
  sd: number;
  /** Mean and variance of the sum of the other items (SPSS "scale mean/variance if item deleted"). */
  scaleMeanIfDeleted: number;
  scaleVarianceIfDeleted: number;
  /** Correlation of the item with the sum of the other items (corrected item–total correlation, psych r.drop). */
  correctedItemTotal: number;
  /** Squared multiple correlation of the item on the others. */
  squaredMultipleCorrelation: number;
  alphaIfDeleted: number;
}

export interface AlphaResult {
  n: number;
  excluded: number;
  items: number;
  alpha: number;
  /** Alpha of the standardised items, from the mean inter-item correlation. */
  standardizedAlpha: number;
  averageCorrelation: number;
  /** Feldt CI of alpha. */
  ci: readonly [number, number];
  level: number;
  itemStatistics: ItemStatistics[];
}

function alphaOf(cov: Float64Array, p: number, keep: readonly number[]): number {
  const k = keep.length;
  let total = 0;
  let diag = 0;
  for (const a of keep) {
    diag += cov[a * p + a]!;
    for (const b of keep) total += cov[a * p + b]!;
  }
  return (k / (k - 1)) * (1 - diag / total);
}

export function cronbachAlpha(columns: readonly NumericColumn[], options: { names?: readonly string[]; level?: number } = {}): AlphaResult {
  const d = completeData(columns, options.names, 2, 3, '信度分析');
  const { p, n, cov, cor } = d;
  const level = options.level ?? 0.95;
  const all = Array.from({ length: p }, (_, j) => j);
  const alpha = alphaOf(cov, p, all);
  let rsum = 0;
  for (let a = 0; a < p; a++) for (let b = a + 1; b < p; b++) rsum += cor[a * p + b]!;
  const averageCorrelation = rsum / ((p * (p - 1)) / 2);
  const standardizedAlpha = (p * averageCorrelation) / (1 + (p - 1) * averageCorrelation);
  const df1 = n - 1;
  const df2 = (n - 1) * (p - 1);
  const ci = [1 - (1 - alpha) * fQuantile(1 - (1 - level) / 2, df1, df2), 1 - (1 - alpha) * fQuantile((1 - level) / 2, df1, df2)] as const;
  const smc = squaredMultipleCorrelations(cor, p);
  const itemStatistics = d.names.map((name, j) => {
    const rest = all.filter((a) => a !== j);
    let restVar = 0;
    let covWithRest = 0;
    for (const a of rest) {
      covWithRest += cov[j * p + a]!;
      for (const b of rest) restVar += cov[a * p + b]!;
    }
    const restMean = rest.reduce((s, a) => s + d.means[a]!, 0);
    return {
      name,
      mean: d.means[j]!,
      sd: d.sds[j]!,
      scaleMeanIfDeleted: restMean,
      scaleVarianceIfDeleted: restVar,
      correctedItemTotal: covWithRest / Math.sqrt(cov[j * p + j]! * restVar),
      squaredMultipleCorrelation: smc[j]!,
      alphaIfDeleted: rest.length >= 2 ? alphaOf(cov, p, rest) : NaN,
    };
  });
  return { n, excluded: d.excluded, items: p, alpha, standardizedAlpha, averageCorrelation, ci, level, itemStatistics };
}

/**
 * McDonald's omega total, (Σλ)² / ((Σλ)² + Σψ), from a one-factor maximum-likelihood model of the
 * item correlations (standardised loadings λ, uniquenesses ψ).
 */
export function mcdonaldOmega(columns: readonly NumericColumn[], options: { names?: readonly string[] } = {}): {
  n: number;
  excluded: number;
  omega: number;
  loadings: number[];
  uniquenesses: number[];
  converged: boolean;
} {
  const d = completeData(columns, options.names, 3, 4, '信度分析');
  const ml = maximumLikelihoodFactors(d.cor, d.p, 1);
  const sign = ml.loadings.reduce((s, v) => s + v, 0) < 0 ? -1 : 1;
  const loadings = Array.from(ml.loadings, (v) => sign * v);
  const uniquenesses = loadings.map((l) => 1 - l * l);
  const sl = loadings.reduce((s, v) => s + v, 0);
  const su = uniquenesses.reduce((s, v) => s + v, 0);
  return { n: d.n, excluded: d.excluded, omega: (sl * sl) / (sl * sl + su), loadings, uniquenesses, converged: ml.converged };
}

export interface SplitHalfResult {
  n: number;
  excluded: number;
  /** 0-based item indices of the two halves. */
  halves: [number[], number[]];
  /** Correlation between the two half sums. */
  correlation: number;
  /** Spearman–Brown coefficient for equal halves, 2r / (1 + r). */
  spearmanBrown: number;
  /** Spearman–Brown for unequal halves (k₁ ≠ k₂), as SPSS; equals `spearmanBrown` when k₁ = k₂. */
  spearmanBrownUnequal: number;
  /** Guttman split-half coefficient, 2 (1 − (V₁ + V₂) / V), V the variance of the total. */
  guttman: number;
  /** Cronbach's alpha within each half. */
  alphaHalves: [number, number];
}

/**
 * Split-half reliability as SPSS RELIABILITY /MODEL = SPLIT: the items split into the first and
 * second half (the first half takes the extra item when k is odd) or into odd- and even-numbered
 * items; the correlation of the half sums, Spearman–Brown (equal and unequal length) and Guttman's
 * split-half coefficient (= psych's λ4 for that split).
 */
export function splitHalfReliability(columns: readonly NumericColumn[], options: { names?: readonly string[]; split?: 'first-second' | 'odd-even' } = {}): SplitHalfResult {
  const d = completeData(columns, options.names, 2, 3, '信度分析');
  const { p, cov } = d;
  const all = Array.from({ length: p }, (_, j) => j);
  const halves: [number[], number[]] =
    options.split === 'odd-even' ? [all.filter((j) => j % 2 === 0), all.filter((j) => j % 2 === 1)] : [all.slice(0, Math.ceil(p / 2)), all.slice(Math.ceil(p / 2))];
  const block = (a: readonly number[], b: readonly number[]) => a.reduce((s, i) => s + b.reduce((t, j) => t + cov[i * p + j]!, 0), 0);
  const v1 = block(halves[0], halves[0]);
  const v2 = block(halves[1], halves[1]);
  const c12 = block(halves[0], halves[1]);
  const r = c12 / Math.sqrt(v1 * v2);
  const k1 = halves[0].length;
  const k2 = halves[1].length;
  const w = (k1 * k2) / (p * p);
  const spearmanBrownUnequal = k1 === k2 ? (2 * r) / (1 + r) : (Math.sqrt(r ** 4 + 4 * r * r * (1 - r * r) * w) - r * r) / (2 * (1 - r * r) * w);
  const alphaHalf = (h: readonly number[]) => (h.length >= 2 ? alphaOf(cov, p, h) : NaN);
  return {
    n: d.n,
    excluded: d.excluded,
    halves,
    correlation: r,
    spearmanBrown: (2 * r) / (1 + r),
    spearmanBrownUnequal,
    guttman: 2 * (1 - (v1 + v2) / (v1 + v2 + 2 * c12)),
    alphaHalves: [alphaHalf(halves[0]), alphaHalf(halves[1])],
  };
}
