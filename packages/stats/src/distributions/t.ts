// Student's t distribution. Tails come from the regularised incomplete beta function directly.
import betainc from '@stdlib/math-base-special-betainc';
import betaincinv from '@stdlib/math-base-special-betaincinv';
import tPdfStdlib from '@stdlib/stats-base-dists-t-pdf';
import { assertDf, assertProbability } from '../errors.js';
import { normalCdf, normalQuantile, normalSf } from './normal.js';

/** Density of t with `df` degrees of freedom (R: dt). */
export function tPdf(x: number, df: number): number {
  assertDf(df);
  return tPdfStdlib(x, df);
}

/** P(T > |t|) for t ≥ 0 side: half the two-sided tail, from I_{df/(df+t²)}(df/2, 1/2). */
function tailBeyond(t: number, df: number): number {
  if (!Number.isFinite(df)) return normalSf(Math.abs(t));
  const t2 = t * t;
  // For small t the complementary form keeps accuracy: 1 − I_{t²/(df+t²)}(1/2, df/2).
  return t2 < df
    ? 0.5 * betainc(t2 / (df + t2), 0.5, df / 2, true, true)
    : 0.5 * betainc(df / (df + t2), df / 2, 0.5);
}

/** P(T ≤ t) (R: pt). */
export function tCdf(t: number, df: number): number {
  assertDf(df);
  if (!Number.isFinite(df)) return normalCdf(t);
  return t > 0 ? 1 - tailBeyond(t, df) : tailBeyond(t, df);
}

/** P(T > t), computed directly (R: pt(lower.tail = FALSE)). */
export function tSf(t: number, df: number): number {
  assertDf(df);
  if (!Number.isFinite(df)) return normalSf(t);
  return t > 0 ? tailBeyond(t, df) : 1 - tailBeyond(t, df);
}

/** Two-sided p-value P(|T| > |t|). */
export function tTwoSided(t: number, df: number): number {
  assertDf(df);
  return Math.min(1, 2 * tailBeyond(t, df));
}

/** t with P(T ≤ t) = p (R: qt). */
export function tQuantile(p: number, df: number): number {
  assertProbability(p);
  assertDf(df);
  if (!Number.isFinite(df)) return normalQuantile(p);
  if (p === 0.5) return 0;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  const tail = Math.min(p, 1 - p) * 2; // two-sided tail probability beyond |t|
  // P(|T| > t) = I_x(df/2, 1/2) with x = df/(df+t²) = 1 − I_y(1/2, df/2) with y = t²/(df+t²).
  // Invert the form whose argument stays away from 1, so t keeps its precision.
  let t: number;
  if (tail < 0.5) {
    const x = betaincinv(tail, df / 2, 0.5);
    t = Math.sqrt((df * (1 - x)) / x);
  } else {
    const y = betaincinv(tail, 0.5, df / 2, true);
    t = Math.sqrt((df * y) / (1 - y));
  }
  return p < 0.5 ? -t : t;
}
