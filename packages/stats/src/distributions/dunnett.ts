// The distribution of Dunnett's many-to-one statistic max_i |T_i| (or max_i T_i), where
// T_i = Z_i / S, the Z_i are standard normals with correlations ρ_ij = λ_i λ_j
// (λ_i = √(n_i / (n_i + n_0)) when treatment i and the control have n_i and n_0 observations) and
// S = √(χ²_ν/ν). The product form makes the Z_i independent given one common normal W:
// Z_i = λ_i W + √(1 − λ_i²) E_i, so the probability is a two-dimensional integral over W and S,
// computed by Gauss–Legendre panels (as distributions/tukey.ts does for the studentized range).
// The upper tail is integrated directly, so small p-values keep their relative accuracy.
// Reference: Dunnett (1955) JASA 50:1096; R's mvtnorm::pmvt computes the same by Genz's method.
import gammaln from '@stdlib/math-base-special-gammaln';
import { StatsError, assertDf, assertProbability } from '../errors.js';
import { gaussLegendre, integrate } from '../internal/gauss-legendre.js';
import { brent } from '../internal/root.js';
import { chisqQuantile, chisqUpperQuantile } from './chisq.js';
import { normalCdf, normalSf } from './normal.js';
import { tQuantile } from './t.js';
import { maxOf } from '../descriptive/extent.js';

const RULE = gaussLegendre(10);
/** Half-width of the W range around the exceedance point, and the widest panel (in sd units). */
const W_MARGIN = 9;
const W_PANEL = 2;
const S_PANELS = 24;
const LN_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);

export type DunnettAlternative = 'two-sided' | 'greater' | 'less';

/**
 * P(max |Z_i| > c) (two-sided) or P(max Z_i > c) (one-sided) for standard normals with ρ_ij = λ_iλ_j.
 * Given W = w the exceedance mass sits near w = λ_i c, so the W range reaches past ±λ_max·c.
 */
function normalMaxUpper(c: number, lambda: readonly number[], twoSided: boolean): number {
  const reach = Math.max(W_MARGIN, maxOf(lambda) * Math.abs(c) + W_MARGIN);
  const lo = twoSided || c < 0 ? -reach : -W_MARGIN;
  const panels = Math.ceil((reach - lo) / W_PANEL);
  const h = (reach - lo) / panels;
  const sds = lambda.map((l) => Math.sqrt(1 - l * l));
  let total = 0;
  for (let p = 0; p < panels; p++) {
    for (let k = 0; k < RULE.x.length; k++) {
      const w = lo + (p + 0.5) * h + (h / 2) * RULE.x[k]!;
      // log P(no exceedance | W = w) = Σ log(1 − q_i); its complement without cancellation.
      let logNone = 0;
      for (let i = 0; i < lambda.length; i++) {
        const l = lambda[i]!;
        let q = normalSf((c - l * w) / sds[i]!);
        if (twoSided) q += normalCdf((-c - l * w) / sds[i]!);
        logNone += Math.log1p(-Math.min(q, 1));
      }
      total += ((RULE.w[k]! * h) / 2) * Math.exp(-0.5 * w * w - LN_SQRT_2PI) * -Math.expm1(logNone);
    }
  }
  return Math.min(1, total);
}

function checkLambda(lambda: readonly number[]): void {
  if (lambda.length < 1 || lambda.some((l) => !(l >= 0 && l < 1))) {
    throw new StatsError('INVALID_ARGUMENT', 'Dunnett分布的相关参数λ必须在[0, 1)之间');
  }
}

/** The λ_i of Dunnett's comparisons of treatments with sizes `n` against a control of size n0. */
export function dunnettLambdas(n: readonly number[], n0: number): number[] {
  return n.map((ni) => Math.sqrt(ni / (ni + n0)));
}

/**
 * P(max_i |T_i| > c) (two-sided), P(max_i T_i > c) (greater) — `less` is the mirror of `greater`
 * and has the same distribution. df may be Infinity (known variance).
 */
export function dunnettSf(c: number, lambda: readonly number[], df: number, alternative: DunnettAlternative = 'two-sided'): number {
  checkLambda(lambda);
  assertDf(df);
  const twoSided = alternative === 'two-sided';
  if (c <= 0 && twoSided) return 1;
  if (!Number.isFinite(df)) return normalMaxUpper(c, lambda, twoSided);
  const logNorm = Math.LN2 + (df / 2) * Math.log(df / 2) - gammaln(df / 2);
  // Over t = log s against the density of s = √(χ²_ν/ν), as for the studentized range.
  const g = (t: number) => {
    const s = Math.exp(t);
    return Math.exp(logNorm + df * t - (df * s * s) / 2) * normalMaxUpper(c * s, lambda, twoSided);
  };
  // Far in the tail the mass moves to small s: the integrand peaks near s*² = ν/(ν + c²) with a
  // width of 1/√(2ν) in log s, so the range reaches below that peak too.
  const peak = 0.5 * Math.log(df / (df + c * c));
  const lo = Math.min(0.5 * Math.log(Math.max(chisqQuantile(1e-30, df) / df, 1e-300)), peak - 14 / Math.sqrt(2 * df));
  const hi = 0.5 * Math.log(chisqUpperQuantile(1e-30, df) / df);
  const panels = Math.max(S_PANELS, Math.ceil((hi - lo) * Math.sqrt(2 * df)));
  return Math.min(1, Math.max(0, integrate(g, lo, hi, panels, RULE)));
}

/** The critical value c with P(max statistic ≤ c) = level (simultaneous intervals). */
export function dunnettQuantile(level: number, lambda: readonly number[], df: number, alternative: DunnettAlternative = 'two-sided'): number {
  assertProbability(level);
  if (level === 1) return Infinity;
  // The answer lies between the unadjusted and the Bonferroni critical values of t, which makes a
  // tight bracket for the root.
  const a = 1 - level;
  const sides = alternative === 'two-sided' ? 2 : 1;
  const lo = tQuantile(1 - a / sides, df) - 1e-9;
  let hi = tQuantile(1 - a / (sides * lambda.length), df) + 1e-9;
  while (dunnettSf(hi, lambda, df, alternative) > a) hi *= 2;
  return brent((c) => dunnettSf(c, lambda, df, alternative) - a, lo, hi, 1e-11);
}
