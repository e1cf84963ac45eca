// Binomial and Poisson distributions; tails through the incomplete beta and gamma functions.
import betainc from '@stdlib/math-base-special-betainc';
import gammainc from '@stdlib/math-base-special-gammainc';
import binomialPmfStdlib from '@stdlib/stats-base-dists-binomial-pmf';
import poissonPmfStdlib from '@stdlib/stats-base-dists-poisson-pmf';
import { StatsError, assertProbability } from '../errors.js';

function assertCount(n: number, name: string): void {
  if (!Number.isInteger(n) || n < 0) throw new StatsError('INVALID_ARGUMENT', `${name}必须是非负整数`);
}

/** P(X = k) for X ~ Bin(n, p) (R: dbinom). */
export function binomialPmf(k: number, n: number, p: number): number {
  assertCount(n, 'n');
  assertProbability(p);
  return binomialPmfStdlib(k, n, p);
}

/** P(X ≤ k) (R: pbinom). */
export function binomialCdf(k: number, n: number, p: number): number {
  assertCount(n, 'n');
  assertProbability(p);
  const j = Math.floor(k);
  if (j < 0) return 0;
  if (j >= n) return 1;
  if (p === 0) return 1;
  if (p === 1) return 0;
  return betainc(p, j + 1, n - j, true, true);
}

/** P(X > k), computed directly (R: pbinom(lower.tail = FALSE)). */
export function binomialSf(k: number, n: number, p: number): number {
  assertCount(n, 'n');
  assertProbability(p);
  const j = Math.floor(k);
  if (j < 0) return 1;
  if (j >= n) return 0;
  if (p === 0) return 0;
  if (p === 1) return 1;
  return betainc(p, j + 1, n - j);
}

/** Smallest k with P(X ≤ k) ≥ q (R: qbinom). */
export function binomialQuantile(q: number, n: number, p: number): number {
  assertCount(n, 'n');
  assertProbability(p);
  assertProbability(q, 'q');
  return discreteQuantile(q, (k) => binomialCdf(k, n, p), n * p, n);
}

/** P(X = k) for X ~ Poisson(lambda) (R: dpois). */
export function poissonPmf(k: number, lambda: number): number {
  if (!(lambda >= 0)) throw new StatsError('INVALID_ARGUMENT', 'lambda必须是非负数');
  return poissonPmfStdlib(k, lambda);
}

/** P(X ≤ k) (R: ppois). */
export function poissonCdf(k: number, lambda: number): number {
  if (!(lambda >= 0)) throw new StatsError('INVALID_ARGUMENT', 'lambda必须是非负数');
  const j = Math.floor(k);
  if (j < 0) return 0;
  if (lambda === 0) return 1;
  return gammainc(lambda, j + 1, true, true);
}

/** P(X > k), computed directly (R: ppois(lower.tail = FALSE)). */
export function poissonSf(k: number, lambda: number): number {
  if (!(lambda >= 0)) throw new StatsError('INVALID_ARGUMENT', 'lambda必须是非负数');
  const j = Math.floor(k);
  if (j < 0) return 1;
  if (lambda === 0) return 0;
  return gammainc(lambda, j + 1);
}

/** Smallest k with P(X ≤ k) ≥ q (R: qpois). */
export function poissonQuantile(q: number, lambda: number): number {
  if (!(lambda >= 0)) throw new StatsError('INVALID_ARGUMENT', 'lambda必须是非负数');
  assertProbability(q, 'q');
  return discreteQuantile(q, (k) => poissonCdf(k, lambda), lambda, Infinity);
}

/** Search from a starting guess; R's qbinom/qpois use the same fuzz of 1 − 64·ε on q. */
function discreteQuantile(q: number, cdf: (k: number) => number, guess: number, max: number): number {
  if (q === 0) return 0;
  if (q === 1) return max;
  const target = q * (1 - 64 * Number.EPSILON);
  let k = Math.max(0, Math.floor(guess));
  if (cdf(k) >= target) {
    while (k > 0 && cdf(k - 1) >= target) k--;
    return k;
  }
  while (k < max && cdf(k) < target) k++;
  return k;
}
