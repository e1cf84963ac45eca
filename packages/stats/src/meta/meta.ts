// Meta-analysis (R: metafor — escalc, rma, rma.mh, confint, regtest, predict).
import gammaln from '@stdlib/math-base-special-gammaln';
import { StatsError } from '../errors.js';
import { chisqQuantile, chisqSf } from '../distributions/chisq.js';
import { normalQuantile, normalSf } from '../distributions/normal.js';
import { tTwoSided } from '../distributions/t.js';
import { brent } from '../internal/root.js';
import { qrLeastSquares } from '../regression/qr.js';
import { mantelHaenszelOddsRatio } from '../hypothesis/categorical.js';

export interface EffectSizes {
  /** Effect per study (log scale for OR and RR). */
  yi: number[];
  /** Its sampling variance. */
  vi: number[];
}

/** Mean difference from group means, SDs and sizes (metafor escalc "MD"). */
export function meanDifference(s: { m1: number[]; sd1: number[]; n1: number[]; m2: number[]; sd2: number[]; n2: number[] }): EffectSizes {
  return {
    yi: s.m1.map((m, i) => m - s.m2[i]!),
    vi: s.sd1.map((sd, i) => (sd * sd) / s.n1[i]! + s.sd2[i]! ** 2 / s.n2[i]!),
  };
}

/** Standardised mean difference, Hedges' g with the exact small-sample factor (escalc "SMD"). */
export function standardisedMeanDifference(s: { m1: number[]; sd1: number[]; n1: number[]; m2: number[]; sd2: number[]; n2: number[] }): EffectSizes {
  const yi: number[] = [];
  const vi: number[] = [];
  s.m1.forEach((m1, i) => {
    const n1 = s.n1[i]!;
    const n2 = s.n2[i]!;
    const df = n1 + n2 - 2;
    const sp = Math.sqrt(((n1 - 1) * s.sd1[i]! ** 2 + (n2 - 1) * s.sd2[i]! ** 2) / df);
    const j = Math.exp(gammaln(df / 2) - Math.log(Math.sqrt(df / 2)) - gammaln((df - 1) / 2));
    const g = (j * (m1 - s.m2[i]!)) / sp;
    yi.push(g);
    vi.push(1 / n1 + 1 / n2 + (g * g) / (2 * (n1 + n2)));
  });
  return { yi, vi };
}

export interface TwoByTwoStudies {
  /** Events and non-events in the treatment group (a, b) and the control group (c, d). */
  a: number[];
  b: number[];
  c: number[];
  d: number[];
}

/** Log odds ratio or log risk ratio per study; ½ is added to every cell of a study with a zero cell (escalc to = "only0"). */
export function twoByTwoEffects(t: TwoByTwoStudies, measure: 'OR' | 'RR'): EffectSizes {
  const yi: number[] = [];
  const vi: number[] = [];
  t.a.forEach((a0, i) => {
    let a = a0;
    let b = t.b[i]!;
    let c = t.c[i]!;
    let d = t.d[i]!;
    if (a === 0 || b === 0 || c === 0 || d === 0) {
      a += 0.5;
      b += 0.5;
      c += 0.5;
      d += 0.5;
    }
    if (measure === 'OR') {
      yi.push(Math.log((a * d) / (b * c)));
      vi.push(1 / a + 1 / b + 1 / c + 1 / d);
    } else {
      yi.push(Math.log(a / (a + b) / (c / (c + d))));
      vi.push(1 / a - 1 / (a + b) + 1 / c - 1 / (c + d));
    }
  });
  return { yi, vi };
}

export interface MetaResult {
  method: 'FE' | 'DL' | 'REML';
  k: number;
  estimate: number;
  se: number;
  statistic: number;
  pValue: number;
  ci: readonly [number, number];
  /** Prediction interval for a new study's true effect (random effects; equals the CI for FE). */
  predictionInterval: readonly [number, number];
  tau2: number;
  /** Q-profile CI of τ² (random effects only). */
  tau2Ci: readonly [number, number] | null;
  q: number;
  qDf: number;
  qPValue: number;
  /** I² and H² as metafor reports them (from τ² and the typical within-study variance for RE; from Q for FE). */
  i2: number;
  h2: number;
  /** Per study: effect, CI and weight in percent (forest-plot data); the SE doubles as funnel-plot data. */
  studies: { yi: number; se: number; ci: readonly [number, number]; weight: number }[];
  level: number;
}

function validate(es: EffectSizes): void {
  if (es.yi.length !== es.vi.length) throw new StatsError('INVALID_ARGUMENT', '效应量与方差的个数不同');
  if (es.yi.length < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', 'Meta分析至少需要2项研究');
  es.yi.forEach((y, i) => {
    if (!Number.isFinite(y)) throw new StatsError('NON_FINITE', `第${i + 1}项研究的效应量不是有限数值`);
    if (!(es.vi[i]! > 0)) throw new StatsError('INVALID_ARGUMENT', `第${i + 1}项研究的方差必须大于0`);
  });
}

/** Generalised Q at τ²: Σ w(y − μ̂)² with w = 1/(v + τ²). */
function generalisedQ(yi: number[], vi: number[], tau2: number): number {
  let sw = 0;
  let swy = 0;
  for (let i = 0; i < yi.length; i++) {
    const w = 1 / (vi[i]! + tau2);
    sw += w;
    swy += w * yi[i]!;
  }
  const mu = swy / sw;
  let q = 0;
  for (let i = 0; i < yi.length; i++) q += (yi[i]! - mu) ** 2 / (vi[i]! + tau2);
  return q;
}

function remlTau2(yi: number[], vi: number[], start: number): number {
  let tau2 = Math.max(0, start);
  for (let it = 0; it < 1000; it++) {
    let sw = 0;
    let sw2 = 0;
    let sw3 = 0;
    let swy = 0;
    for (let i = 0; i < yi.length; i++) {
      const w = 1 / (vi[i]! + tau2);
      sw += w;
      sw2 += w * w;
      sw3 += w * w * w;
      swy += w * yi[i]!;
    }
    const mu = swy / sw;
    let ypp = 0;
    for (let i = 0; i < yi.length; i++) ypp += ((yi[i]! - mu) / (vi[i]! + tau2)) ** 2;
    const trP = sw - sw2 / sw;
    const trPP = sw2 - (2 * sw3) / sw + (sw2 / sw) ** 2;
    const next = Math.max(0, tau2 + (ypp - trP) / trPP);
    if (Math.abs(next - tau2) <= 1e-14 * Math.max(1, tau2)) return next;
    tau2 = next;
  }
  throw new StatsError('NOT_CONVERGED', 'REML估计τ²未收敛');
}

/**
 * Fixed-effect (inverse variance) or random-effects (DerSimonian–Laird or REML) meta-analysis of
 * effects with known variances: pooled estimate with z test and CI, prediction interval, τ² with
 * its Q-profile CI, Cochran's Q, I², H², and per-study forest-plot data.
 */
export function metaAnalysis(es: EffectSizes, options: { method?: 'FE' | 'DL' | 'REML'; level?: number } = {}): MetaResult {
  validate(es);
  const method = options.method ?? 'REML';
  const level = options.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new StatsError('INVALID_ARGUMENT', '置信水平必须在0到1之间');
  const { yi, vi } = es;
  const k = yi.length;
  const q = generalisedQ(yi, vi, 0);
  const sw0 = vi.reduce((s, v) => s + 1 / v, 0);
  const sw02 = vi.reduce((s, v) => s + 1 / (v * v), 0);
  const dl = Math.max(0, (q - (k - 1)) / (sw0 - sw02 / sw0));
  const tau2 = method === 'FE' ? 0 : method === 'DL' ? dl : remlTau2(yi, vi, dl);
  const w = vi.map((v) => 1 / (v + tau2));
  const sw = w.reduce((s, x) => s + x, 0);
  const estimate = w.reduce((s, x, i) => s + x * yi[i]!, 0) / sw;
  const se = Math.sqrt(1 / sw);
  const z = normalQuantile(1 - (1 - level) / 2);
  const statistic = estimate / se;
  const typical = ((k - 1) * sw0) / (sw0 * sw0 - sw02);
  const i2 = method === 'FE' ? Math.max(0, (q - (k - 1)) / q) : tau2 / (tau2 + typical);
  const h2 = method === 'FE' ? q / (k - 1) : (tau2 + typical) / typical;
  let tau2Ci: readonly [number, number] | null = null;
  if (method !== 'FE') {
    const upperQ = chisqQuantile(1 - (1 - level) / 2, k - 1);
    const lowerQ = chisqQuantile((1 - level) / 2, k - 1);
    const bound = (target: number) => {
      if (generalisedQ(yi, vi, 0) < target) return 0;
      let hi = Math.max(1, tau2 * 10);
      while (generalisedQ(yi, vi, hi) > target) hi *= 10;
      return brent((t) => generalisedQ(yi, vi, t) - target, 0, hi, 1e-14);
    };
    tau2Ci = [bound(upperQ), bound(lowerQ)];
  }
  const pred = Math.sqrt(se * se + tau2);
  return {
    method,
    k,
    estimate,
    se,
    statistic,
    pValue: 2 * normalSf(Math.abs(statistic)),
    ci: [estimate - z * se, estimate + z * se],
    predictionInterval: [estimate - z * pred, estimate + z * pred],
    tau2,
    tau2Ci,
    q,
    qDf: k - 1,
    qPValue: chisqSf(q, k - 1),
    i2: i2 * 100,
    h2,
    studies: yi.map((y, i) => {
      const s = Math.sqrt(vi[i]!);
      return { yi: y, se: s, ci: [y - z * s, y + z * s] as const, weight: (100 * w[i]!) / sw };
    }),
    level,
  };
}

/**
 * Mantel–Haenszel pooled odds ratio (Robins–Breslow–Greenland variance) or risk ratio
 * (Greenland–Robins variance) of 2×2 tables (metafor rma.mh), on the log scale.
 */
export function mantelHaenszel(t: TwoByTwoStudies, measure: 'OR' | 'RR', options: { level?: number } = {}): { estimate: number; se: number; ci: readonly [number, number]; pValue: number; level: number } {
  const level = options.level ?? 0.95;
  const k = t.a.length;
  if (k < 1 || [t.b, t.c, t.d].some((x) => x.length !== k)) throw new StatsError('INVALID_ARGUMENT', '四格表各格的研究数必须相同');
  let logEstimate: number;
  let variance: number;
  if (measure === 'OR') {
    const mh = mantelHaenszelOddsRatio(t.a.map((a, i) => [a, t.b[i]!, t.c[i]!, t.d[i]!] as const));
    if (!Number.isFinite(mh.logOr) || !Number.isFinite(mh.se)) throw new StatsError('ZERO_VARIANCE', 'Mantel–Haenszel合并OR无定义（各研究的ad/n或bc/n之和为0）');
    logEstimate = mh.logOr;
    variance = mh.se ** 2;
  } else {
    let R = 0;
    let S = 0;
    let P = 0;
    for (let i = 0; i < k; i++) {
      const a = t.a[i]!;
      const b = t.b[i]!;
      const c = t.c[i]!;
      const d = t.d[i]!;
      const n1 = a + b;
      const n2 = c + d;
      const n = n1 + n2;
      R += (a * n2) / n;
      S += (c * n1) / n;
      P += (n1 * n2 * (a + c) - a * c * n) / (n * n);
    }
    if (!(R > 0 && S > 0)) throw new StatsError('ZERO_VARIANCE', 'Mantel–Haenszel合并RR无定义（某组没有事件）');
    logEstimate = Math.log(R / S);
    variance = P / (R * S);
  }
  const se = Math.sqrt(variance);
  const z = normalQuantile(1 - (1 - level) / 2);
  return { estimate: logEstimate, se, ci: [logEstimate - z * se, logEstimate + z * se], pValue: 2 * normalSf(Math.abs(logEstimate / se)), level };
}

/**
 * Egger's regression test for funnel-plot asymmetry: weighted regression of the effects on their
 * standard errors (weights 1/v), t test of the slope on k − 2 df (metafor regtest(model = "lm")).
 */
export function eggerTest(es: EffectSizes): { statistic: number; df: number; pValue: number; slope: number; intercept: number } {
  validate(es);
  const k = es.yi.length;
  if (k < 3) throw new StatsError('TOO_FEW_OBSERVATIONS', 'Egger检验至少需要3项研究');
  const w = es.vi.map((v) => 1 / Math.sqrt(v));
  const fit = qrLeastSquares(
    [w, es.vi.map((v, i) => Math.sqrt(v) * w[i]!)],
    es.yi.map((y, i) => y * w[i]!),
    ['(Intercept)', 'sei'],
  );
  const sigma2 = fit.rss / (k - 2);
  const varSlope = (fit.rInverse[1 * 2 + 1]! ** 2) * sigma2;
  const statistic = fit.coefficients[1]! / Math.sqrt(varSlope);
  return { statistic, df: k - 2, pValue: tTwoSided(statistic, k - 2), slope: fit.coefficients[1]!, intercept: fit.coefficients[0]! };
}

