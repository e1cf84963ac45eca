// Accuracy of a binary test against a reference standard from its 2×2 table.
import betaincinv from '@stdlib/math-base-special-betaincinv';
import { StatsError } from '../errors.js';
import { normalQuantile } from '../distributions/normal.js';

export type ProportionCiMethod = 'clopper-pearson' | 'wilson';

export interface Estimate {
  estimate: number;
  ci: readonly [number, number];
}

export interface DiagnosticAccuracyResult {
  sensitivity: Estimate;
  specificity: Estimate;
  ppv: Estimate;
  npv: Estimate;
  accuracy: Estimate;
  /** Prevalence in the table (PPV and NPV hold only at this prevalence). */
  prevalence: Estimate;
  /** LR+ = sens/(1 − spec) and LR− = (1 − sens)/spec with log-scale CIs (Simel et al. 1991); null when a denominator is 0. */
  lrPositive: Estimate | null;
  lrNegative: Estimate | null;
  youden: number;
  method: ProportionCiMethod;
  level: number;
}

/** CI of x/n: exact Clopper–Pearson (R binom.test) or Wilson score (R prop.test(correct = FALSE)). */
export function proportionCi(x: number, n: number, method: ProportionCiMethod = 'clopper-pearson', level = 0.95): readonly [number, number] {
  if (!Number.isInteger(x) || !Number.isInteger(n) || x < 0 || n < 1 || x > n) throw new StatsError('INVALID_ARGUMENT', '计数必须是非负整数且不超过总数');
  const alpha = 1 - level;
  if (method === 'clopper-pearson') {
    const lower = x === 0 ? 0 : betaincinv(alpha / 2, x, n - x + 1);
    const upper = x === n ? 1 : betaincinv(alpha / 2, x + 1, n - x, true);
    return [lower, upper];
  }
  const z = normalQuantile(1 - alpha / 2);
  const p = x / n;
  const centre = p + (z * z) / (2 * n);
  const half = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  const d = 1 + (z * z) / n;
  return [Math.max(0, (centre - half) / d), Math.min(1, (centre + half) / d)];
}

/**
 * Sensitivity, specificity, predictive values, accuracy and prevalence with exact or Wilson CIs,
 * likelihood ratios with log-method CIs, and Youden's index.
 * @throws StatsError for negative or fractional counts, or an empty diseased or healthy column.
 */
export function diagnosticAccuracy(
  table: { truePositive: number; falseNegative: number; falsePositive: number; trueNegative: number },
  options: { method?: ProportionCiMethod; level?: number } = {},
): DiagnosticAccuracyResult {
  const { truePositive: tp, falseNegative: fn, falsePositive: fp, trueNegative: tn } = table;
  for (const v of [tp, fn, fp, tn]) if (!Number.isInteger(v) || v < 0) throw new StatsError('INVALID_ARGUMENT', '四格表的计数必须是非负整数');
  if (tp + fn === 0 || fp + tn === 0) throw new StatsError('TOO_FEW_OBSERVATIONS', '金标准阳性和阴性的例数都必须大于0');
  const method = options.method ?? 'clopper-pearson';
  const level = options.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new StatsError('INVALID_ARGUMENT', '置信水平必须在0到1之间');
  const est = (x: number, n: number): Estimate => (n === 0 ? { estimate: NaN, ci: [NaN, NaN] } : { estimate: x / n, ci: proportionCi(x, n, method, level) });
  const sens = tp / (tp + fn);
  const spec = tn / (fp + tn);
  const z = normalQuantile(1 - (1 - level) / 2);
  const ratio = (value: number, varLog: number): Estimate | null =>
    Number.isFinite(value) && value > 0 && Number.isFinite(varLog) ? { estimate: value, ci: [value * Math.exp(-z * Math.sqrt(varLog)), value * Math.exp(z * Math.sqrt(varLog))] } : null;
  const n = tp + fn + fp + tn;
  return {
    sensitivity: est(tp, tp + fn),
    specificity: est(tn, fp + tn),
    ppv: est(tp, tp + fp),
    npv: est(tn, tn + fn),
    accuracy: est(tp + tn, n),
    prevalence: est(tp + fn, n),
    lrPositive: fp === 0 || tp === 0 ? null : ratio(sens / (1 - spec), 1 / tp - 1 / (tp + fn) + 1 / fp - 1 / (fp + tn)),
    lrNegative: fn === 0 || tn === 0 ? null : ratio((1 - sens) / spec, 1 / fn - 1 / (tp + fn) + 1 / tn - 1 / (fp + tn)),
    youden: sens + spec - 1,
    method,
    level,
  };
}
