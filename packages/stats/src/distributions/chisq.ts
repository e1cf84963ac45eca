// Chi-square distribution through the regularised incomplete gamma function.
import gammainc from '@stdlib/math-base-special-gammainc';
import gammaincinv from '@stdlib/math-base-special-gammaincinv';
import gammaln from '@stdlib/math-base-special-gammaln';
import { assertPositive, assertProbability } from '../errors.js';

/** Density (R: dchisq). */
export function chisqPdf(x: number, df: number): number {
  assertPositive(df, 'df');
  if (x < 0) return 0;
  if (x === 0) return df < 2 ? Infinity : df === 2 ? 0.5 : 0;
  const k = df / 2;
  return Math.exp((k - 1) * Math.log(x) - x / 2 - k * Math.LN2 - gammaln(k));
}

/** P(X ≤ x) (R: pchisq). */
export function chisqCdf(x: number, df: number): number {
  assertPositive(df, 'df');
  return x <= 0 ? 0 : gammainc(x / 2, df / 2);
}

/** P(X > x), computed directly (R: pchisq(lower.tail = FALSE)). */
export function chisqSf(x: number, df: number): number {
  assertPositive(df, 'df');
  return x <= 0 ? 1 : gammainc(x / 2, df / 2, true, true);
}

/** x with P(X ≤ x) = p (R: qchisq). */
export function chisqQuantile(p: number, df: number): number {
  assertProbability(p);
  assertPositive(df, 'df');
  return 2 * gammaincinv(p, df / 2);
}

/** x with P(X > x) = p (R: qchisq(lower.tail = FALSE)). */
export function chisqUpperQuantile(p: number, df: number): number {
  assertProbability(p);
  assertPositive(df, 'df');
  return 2 * gammaincinv(p, df / 2, true);
}
