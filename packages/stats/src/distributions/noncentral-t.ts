// Noncentral t distribution function (Lenth 1989, Algorithm AS 243: a Poisson-weighted series of
// incomplete beta functions), used for confidence intervals of standardised mean differences.
import betainc from '@stdlib/math-base-special-betainc';
import gammaln from '@stdlib/math-base-special-gammaln';
import { StatsError, assertDf } from '../errors.js';
import { brent } from '../internal/root.js';
import { normalCdf } from './normal.js';
import { tCdf } from './t.js';

const ERRMAX = 1e-14;
const ITRMAX = 5000;

/** P(T ≤ t) for T noncentral t with df degrees of freedom and noncentrality ncp (R: pt(t, df, ncp)). */
export function nctCdf(t: number, df: number, ncp: number): number {
  assertDf(df);
  if (!Number.isFinite(ncp)) throw new StatsError('INVALID_ARGUMENT', '非中心参数必须是有限数');
  if (ncp === 0) return tCdf(t, df);
  if (!Number.isFinite(df) || df > 4e5 || ncp * ncp > 2 * Math.LN2 * 1021) {
    // R's large-df / large-ncp normal approximation.
    const s = 1 / (4 * df);
    return normalCdf(t * (1 - s), ncp, Math.sqrt(1 + t * t * 2 * s));
  }
  const negative = t < 0;
  const tt = negative ? -t : t;
  const del = negative ? -ncp : ncp;
  let tnc = 0;
  const x = (tt * tt) / (tt * tt + df);
  if (x > 0) {
    const lambda = del * del;
    let p = 0.5 * Math.exp(-0.5 * lambda);
    let q = Math.sqrt(2 / Math.PI) * p * del;
    let s = 0.5 - p;
    if (s < 1e-7) s = -0.5 * Math.expm1(-0.5 * lambda);
    let a = 0.5;
    const b = 0.5 * df;
    const rxb = (1 - x) ** b;
    const albeta = 0.5 * Math.log(Math.PI) + gammaln(b) - gammaln(0.5 + b);
    let xodd = betainc(x, a, b);
    let godd = 2 * rxb * Math.exp(a * Math.log(x) - albeta);
    tnc = b * x;
    let xeven = tnc < Number.EPSILON ? tnc : 1 - rxb;
    let geven = tnc * rxb;
    tnc = p * xodd + q * xeven;
    for (let en = 1; en <= ITRMAX; en++) {
      a += 1;
      xodd -= godd;
      xeven -= geven;
      godd *= (x * (a + b - 1)) / a;
      geven *= (x * (a + b - 0.5)) / (a + 0.5);
      p *= lambda / (2 * en);
      q *= lambda / (2 * en + 1);
      s -= p;
      tnc += p * xodd + q * xeven;
      if (Math.abs(2 * s * (xodd - godd)) < ERRMAX) break;
    }
  }
  tnc += normalCdf(-del);
  const out = negative ? 1 - tnc : tnc;
  return Math.min(1, Math.max(0, out));
}

/**
 * The interval of noncentrality parameters compatible with an observed t at the given level
 * (R: the ncp solving pt(t, df, ncp) = 1 − α/2 and α/2), as used for CIs of Cohen's d.
 */
export function nctNoncentralityInterval(t: number, df: number, level = 0.95): [number, number] {
  const a = (1 - level) / 2;
  const solve = (target: number) => {
    let lo = t - 10;
    let hi = t + 10;
    while (nctCdf(t, df, lo) < target) lo -= 10;
    while (nctCdf(t, df, hi) > target) hi += 10;
    return brent((ncp) => nctCdf(t, df, ncp) - target, lo, hi, 1e-13);
  };
  return [solve(1 - a), solve(a)];
}
