// The studentized range distribution (for Tukey's HSD and Games–Howell), by numerical integration:
// P(Q ≤ q) = ∫ W_k(q·s) dF(s), W_k the range distribution of k standard normals and s = √(χ²_ν/ν).
// The upper tail is integrated directly, so small p-values keep their relative accuracy.
import { StatsError, assertDf, assertProbability } from '../errors.js';
import { gaussLegendre, integrate } from '../internal/gauss-legendre.js';
import { brent } from '../internal/root.js';
import gammaln from '@stdlib/math-base-special-gammaln';
import { chisqQuantile, chisqUpperQuantile } from './chisq.js';
import { normalCdf } from './normal.js';

const RULE = gaussLegendre(16);
const LN_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);
const OUTER_PANELS = 24;

// Inner integral over z on fixed nodes spanning [−8.5, 24.5], so φ(z) and log Φ(z) are computed once.
const Z_LO = -8.5;
const Z_HI = 24.5;
const Z_PANELS = 16;
const inner = (() => {
  const h = (Z_HI - Z_LO) / Z_PANELS;
  const z: number[] = [];
  const wphi: number[] = [];
  const logF: number[] = [];
  const F: number[] = [];
  for (let p = 0; p < Z_PANELS; p++) {
    for (let i = 0; i < RULE.x.length; i++) {
      const zi = Z_LO + (p + 0.5) * h + (h / 2) * RULE.x[i]!;
      z.push(zi);
      wphi.push(((RULE.w[i]! * h) / 2) * Math.exp(-0.5 * zi * zi - LN_SQRT_2PI));
      F.push(normalCdf(zi));
      logF.push(Math.log(normalCdf(zi)));
    }
  }
  return { z, wphi, logF, F };
})();

/** P(range of k standard normals > w) = k ∫ φ(z) [Φ(z)^{k−1} − (Φ(z) − Φ(z−w))^{k−1}] dz. */
function rangeUpper(w: number, k: number): number {
  if (w <= 0) return 1;
  let s = 0;
  for (let i = 0; i < inner.z.length; i++) {
    const Fz = inner.F[i]!;
    if (Fz === 0) continue;
    const ratio = Math.min(1, normalCdf(inner.z[i]! - w) / Fz);
    // Φ^{k−1}·(1 − (1 − ratio)^{k−1}), without cancellation.
    const tail = -Math.expm1((k - 1) * Math.log1p(-ratio));
    s += inner.wphi[i]! * Math.exp((k - 1) * inner.logF[i]!) * tail;
  }
  return Math.min(1, k * s);
}

function checkArgs(k: number, df: number): void {
  if (!Number.isInteger(k) || k < 2) throw new StatsError('INVALID_ARGUMENT', '组数k必须是不小于2的整数');
  assertDf(df);
}

/** P(Q > q) for the studentized range with k groups and df degrees of freedom (R: ptukey(lower = FALSE)). */
export function tukeySf(q: number, k: number, df: number): number {
  checkArgs(k, df);
  if (q <= 0) return 1;
  if (!Number.isFinite(df)) return rangeUpper(q, k);
  // Integrate over t = log s against the density of s = √(χ²_ν/ν); small p-values come from the
  // lower tail of s, which this parameterisation resolves as well as the body.
  const logNorm = Math.LN2 + (df / 2) * Math.log(df / 2) - gammaln(df / 2);
  const g = (t: number) => {
    const s = Math.exp(t);
    return Math.exp(logNorm + df * t - (df * s * s) / 2) * rangeUpper(q * s, k);
  };
  // Far in the tail the mass moves to small s, peaking near s*² = ν/(ν + q²/2) with a width of
  // 1/√(2ν) in log s, so the range reaches below that peak too (as in distributions/dunnett.ts).
  const peak = 0.5 * Math.log(df / (df + (q * q) / 2));
  const lo = Math.min(0.5 * Math.log(Math.max(chisqQuantile(1e-30, df) / df, 1e-300)), peak - 14 / Math.sqrt(2 * df));
  const hi = 0.5 * Math.log(chisqUpperQuantile(1e-30, df) / df);
  const panels = Math.max(OUTER_PANELS, Math.ceil((hi - lo) * Math.sqrt(2 * df)));
  return Math.min(1, integrate(g, lo, hi, panels, RULE));
}

/** P(Q ≤ q) (R: ptukey). */
export function tukeyCdf(q: number, k: number, df: number): number {
  return 1 - tukeySf(q, k, df);
}

/** q with P(Q ≤ q) = p (R: qtukey). */
export function tukeyQuantile(p: number, k: number, df: number): number {
  assertProbability(p);
  checkArgs(k, df);
  if (p === 0) return 0;
  if (p === 1) return Infinity;
  let hi = 8;
  while (tukeyCdf(hi, k, df) < p) hi *= 2;
  // Solve on the smaller tail so the root keeps its accuracy.
  return p > 0.5 ? brent((q) => tukeySf(q, k, df) - (1 - p), 0, hi, 1e-10) : brent((q) => tukeyCdf(q, k, df) - p, 0, hi, 1e-10);
}
