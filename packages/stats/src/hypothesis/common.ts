// Shared pieces of hypothesis tests: alternatives, tails and the result shape.
import gammaln from '@stdlib/math-base-special-gammaln';
import { StatsError } from '../errors.js';

export type Alternative = 'two.sided' | 'less' | 'greater';

export interface TestOptions {
  alternative?: Alternative;
  /** Confidence level (default 0.95). */
  level?: number;
}

export function checkLevel(level: number): void {
  if (!(level > 0 && level < 1)) throw new StatsError('INVALID_ARGUMENT', '置信水平必须在0到1之间');
}

export function checkAlternative(a: string): asserts a is Alternative {
  if (a !== 'two.sided' && a !== 'less' && a !== 'greater') {
    throw new StatsError('INVALID_ARGUMENT', '备择假设必须是 two.sided、less 或 greater');
  }
}

/** p-value from a statistic's lower and upper tail probabilities. */
export function pFromTails(lower: number, upper: number, alternative: Alternative): number {
  if (alternative === 'less') return lower;
  if (alternative === 'greater') return upper;
  return Math.min(1, 2 * Math.min(lower, upper));
}

/** Hedges' small-sample factor J(df) = Γ(df/2) / (√(df/2) Γ((df−1)/2)), exact. */
export function hedgesJ(df: number): number {
  return Math.exp(gammaln(df / 2) - 0.5 * Math.log(df / 2) - gammaln((df - 1) / 2));
}

/** Drops non-finite values, into a typed array (counted first: no growing JS array on 1e6 values). */
/**
 * Like finite(), for callers that only read the result: a Float64Array without missing values is
 * returned as it is (a million values are not copied). Never modify what this returns.
 */
export function finiteView(x: ArrayLike<number>): Float64Array {
  if (x instanceof Float64Array) {
    let all = true;
    for (let i = 0; i < x.length && all; i++) all = x[i]! - x[i]! === 0;
    if (all) return x;
  }
  return finite(x);
}

export function finite(x: ArrayLike<number>): Float64Array {
  let n = 0;
  for (let i = 0; i < x.length; i++) if (Number.isFinite(x[i])) n++;
  if (n === x.length) return Float64Array.from(x);
  const out = new Float64Array(n);
  let k = 0;
  for (let i = 0; i < x.length; i++) if (Number.isFinite(x[i])) out[k++] = x[i]!;
  return out;
}
