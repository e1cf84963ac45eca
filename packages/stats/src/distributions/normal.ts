// Normal distribution: density, lower and upper tail, quantiles (accurate far into both tails).
import erfc from '@stdlib/math-base-special-erfc';
import erfcinv from '@stdlib/math-base-special-erfcinv';
import { assertPositive, assertProbability } from '../errors.js';

const SQRT2 = Math.SQRT2;
const LN_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);

/** Density of N(mean, sd²) at x. */
export function normalPdf(x: number, mean = 0, sd = 1): number {
  assertPositive(sd, 'sd');
  const z = (x - mean) / sd;
  return Math.exp(-0.5 * z * z - LN_SQRT_2PI) / sd;
}

/** P(X ≤ x), computed from erfc so the lower tail keeps full relative accuracy (R: pnorm). */
export function normalCdf(x: number, mean = 0, sd = 1): number {
  assertPositive(sd, 'sd');
  return 0.5 * erfc(-(x - mean) / (sd * SQRT2));
}

/** P(X > x) computed directly, never as 1 − cdf (R: pnorm(lower.tail = FALSE)). */
export function normalSf(x: number, mean = 0, sd = 1): number {
  assertPositive(sd, 'sd');
  return 0.5 * erfc((x - mean) / (sd * SQRT2));
}

/** x with P(X ≤ x) = p (R: qnorm). */
export function normalQuantile(p: number, mean = 0, sd = 1): number {
  assertProbability(p);
  assertPositive(sd, 'sd');
  return mean - sd * SQRT2 * erfcinv(2 * p);
}

/** x with P(X > x) = p, accurate for tiny p (R: qnorm(lower.tail = FALSE)). */
export function normalUpperQuantile(p: number, mean = 0, sd = 1): number {
  assertProbability(p);
  assertPositive(sd, 'sd');
  return mean + sd * SQRT2 * erfcinv(2 * p);
}
