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
