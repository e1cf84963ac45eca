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

/**
 * Log odds ratio, log risk ratio or risk difference per study (escalc "OR", "RR", "RD"); ½ is added
 * to every cell of a study with a zero cell (escalc add = 1/2, to = "only0").
 */
export function twoByTwoEffects(t: TwoByTwoStudies, measure: 'OR' | 'RR' | 'RD'): EffectSizes {
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
    } else if (measure === 'RR') {
      yi.push(Math.log(a / (a + b) / (c / (c + d))));
      vi.push(1 / a - 1 / (a + b) + 1 / c - 1 / (c + d));
    } else {
      const n1 = a + b;
      const n2 = c + d;
      yi.push(a / n1 - c / n2);
      vi.push((a * b) / n1 ** 3 + (c * d) / n2 ** 3);
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

/** A fixed-effect pooled estimate of 2×2 tables (Mantel–Haenszel or Peto) with its heterogeneity statistics. */
export interface PooledTables {
  /** On the log scale for OR and RR; a difference of proportions for RD. */
  estimate: number;
  se: number;
  ci: readonly [number, number];
  statistic: number;
  pValue: number;
  level: number;
  /** Cochran's Q (as rma.mh / rma.peto compute it), its df and P, I² (percent) and H². */
  q: number;
  qDf: number;
  qPValue: number;
  i2: number;
  h2: number;
  /** Per-study effects (escalc, with the ½ correction for zero cells) and the method's weights in percent. */
  studies: { yi: number; se: number; ci: readonly [number, number]; weight: number }[];
}

function checkTables(t: TwoByTwoStudies): number {
  const k = t.a.length;
  if (k < 1 || [t.b, t.c, t.d].some((x) => x.length !== k)) throw new StatsError('INVALID_ARGUMENT', '四格表各格的研究数必须相同');
  for (let i = 0; i < k; i++) {
    for (const x of [t.a[i]!, t.b[i]!, t.c[i]!, t.d[i]!]) {
      if (!(Number.isFinite(x) && x >= 0)) throw new StatsError('INVALID_ARGUMENT', `第${i + 1}项研究的四格表频数必须是非负数`);
    }
    if (t.a[i]! + t.b[i]! === 0 || t.c[i]! + t.d[i]! === 0) throw new StatsError('INVALID_ARGUMENT', `第${i + 1}项研究有一组的总例数为0`);
  }
  return k;
}

function pooled(estimate: number, se: number, level: number, es: EffectSizes, q: number, weights: number[]): PooledTables {
  const z = normalQuantile(1 - (1 - level) / 2);
  const k = es.yi.length;
  const sw = weights.reduce((s, x) => s + x, 0);
  return {
    estimate,
    se,
    ci: [estimate - z * se, estimate + z * se],
    statistic: estimate / se,
    pValue: 2 * normalSf(Math.abs(estimate / se)),
    level,
    q,
    qDf: k - 1,
    qPValue: k > 1 ? chisqSf(q, k - 1) : 1,
    i2: k > 1 ? Math.max(0, (100 * (q - (k - 1))) / q) : 0,
    h2: k > 1 ? q / (k - 1) : 1,
    studies: es.yi.map((y, i) => {
      const s = Math.sqrt(es.vi[i]!);
      return { yi: y, se: s, ci: [y - z * s, y + z * s] as const, weight: (100 * weights[i]!) / sw };
    }),
  };
}

/**
 * Mantel–Haenszel pooled odds ratio (Robins–Breslow–Greenland variance), risk ratio
 * (Greenland–Robins variance) or risk difference (Sato / Greenland–Robins variance) of 2×2 tables,
 * with Cochran's Q of the escalc effects about it and the MH weights (metafor rma.mh).
 * @throws StatsError when the pooled ratio is undefined (no events in one arm of every study).
 */
export function mantelHaenszel(t: TwoByTwoStudies, measure: 'OR' | 'RR' | 'RD', options: { level?: number } = {}): PooledTables {
  const level = options.level ?? 0.95;
  const k = checkTables(t);
  let logEstimate: number;
  let variance: number;
  const weights: number[] = [];
  if (measure === 'OR') {
    const mh = mantelHaenszelOddsRatio(t.a.map((a, i) => [a, t.b[i]!, t.c[i]!, t.d[i]!] as const));
    if (!Number.isFinite(mh.logOr) || !Number.isFinite(mh.se)) throw new StatsError('ZERO_VARIANCE', 'Mantel–Haenszel合并OR无定义（各研究的ad/n或bc/n之和为0）');
    logEstimate = mh.logOr;
    variance = mh.se ** 2;
    for (let i = 0; i < k; i++) weights.push((t.b[i]! * t.c[i]!) / (t.a[i]! + t.b[i]! + t.c[i]! + t.d[i]!));
  } else if (measure === 'RR') {
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
      weights.push((c * n1) / n);
    }
    if (!(R > 0 && S > 0)) throw new StatsError('ZERO_VARIANCE', 'Mantel–Haenszel合并RR无定义（某组没有事件）');
    logEstimate = Math.log(R / S);
    variance = P / (R * S);
  } else {
    let num = 0;
    let den = 0;
    let v1 = 0;
    let v2 = 0;
    for (let i = 0; i < k; i++) {
      const a = t.a[i]!;
      const c = t.c[i]!;
      const n1 = a + t.b[i]!;
      const n2 = c + t.d[i]!;
      const n = n1 + n2;
      num += a * (n2 / n) - c * (n1 / n);
      den += n1 * (n2 / n);
      weights.push((n1 * n2) / n);
    }
    logEstimate = num / den;
    for (let i = 0; i < k; i++) {
      const a = t.a[i]!;
      const c = t.c[i]!;
      const n1 = a + t.b[i]!;
      const n2 = c + t.d[i]!;
      const n = n1 + n2;
      v1 += c * (n1 / n) ** 2 - a * (n2 / n) ** 2 + ((n1 / n) * (n2 / n) * (n2 - n1)) / 2;
      v2 += (a * (n2 - c)) / n + (c * (n1 - a)) / n;
    }
    variance = (logEstimate * v1 + v2 / 2) / (den * den);
  }
  const es = twoByTwoEffects(t, measure);
  const q = Math.max(0, es.yi.reduce((s, y, i) => s + (y - logEstimate) ** 2 / es.vi[i]!, 0));
  return pooled(logEstimate, Math.sqrt(variance), level, es, q, weights);
}

/**
 * Peto's one-step pooled log odds ratio Σ(O − E)/ΣV of 2×2 tables, with the Peto Q about it and
 * per-study Peto log ORs (O − E)/V with variance 1/V (metafor rma.peto, escalc "PETO"; the pooled
 * estimate and Q use the raw counts, the per-study values add ½ to zero-cell studies as escalc does).
 * @throws StatsError when ΣV = 0 (no study has events and non-events).
 */
export function petoOddsRatio(t: TwoByTwoStudies, options: { level?: number } = {}): PooledTables {
  const level = options.level ?? 0.95;
  const k = checkTables(t);
  const oe: number[] = [];
  const v: number[] = [];
  for (let i = 0; i < k; i++) {
    const a = t.a[i]!;
    const n1 = a + t.b[i]!;
    const n2 = t.c[i]! + t.d[i]!;
    const n = n1 + n2;
    const xt = a + t.c[i]!;
    const yt = n - xt;
    oe.push(a - (xt * n1) / n);
    v.push(n > 1 ? (xt * yt * (n1 / n) * (n2 / n)) / (n - 1) : 0);
  }
  const sumV = v.reduce((s, x) => s + x, 0);
  if (!(sumV > 0)) throw new StatsError('ZERO_VARIANCE', 'Peto合并OR无定义（所有研究都没有事件或全部发生事件）');
  const sumOe = oe.reduce((s, x) => s + x, 0);
  const estimate = sumOe / sumV;
  let q = 0;
  for (let i = 0; i < k; i++) if (v[i]! > 0) q += oe[i]! ** 2 / v[i]!;
  q = Math.max(0, q - sumOe ** 2 / sumV);
  // Per-study Peto log ORs as escalc shows them: ½ added to every cell of a study with a zero cell.
  const es: EffectSizes = { yi: [], vi: [] };
  for (let i = 0; i < k; i++) {
    const zero = [t.a[i]!, t.b[i]!, t.c[i]!, t.d[i]!].some((x) => x === 0);
    const [a, b, c, d] = [t.a[i]!, t.b[i]!, t.c[i]!, t.d[i]!].map((x) => (zero ? x + 0.5 : x)) as [number, number, number, number];
    const n1 = a + b;
    const n = n1 + c + d;
    const xt = a + c;
    const vv = (xt * (n - xt) * (n1 / n) * ((c + d) / n)) / (n - 1);
    es.yi.push((a - (xt * n1) / n) / vv);
    es.vi.push(1 / vv);
  }
  return pooled(estimate, Math.sqrt(1 / sumV), level, es, q, v);
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


/**
 * The test for subgroup differences: Cochran's Q of the subgroup pooled estimates about their
 * inverse-variance mean, on (number of subgroups − 1) df (as rma(estimates, sei = se, method = "FE")
 * of the subgroup fits, the Cochrane Handbook's test; each subgroup keeps its own τ²).
 */
export function subgroupDifference(groups: readonly { estimate: number; se: number }[]): { statistic: number; df: number; pValue: number } {
  if (groups.length < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', '亚组间比较至少需要2个亚组');
  groups.forEach((g, i) => {
    if (!Number.isFinite(g.estimate) || !(g.se > 0)) throw new StatsError('INVALID_ARGUMENT', `第${i + 1}个亚组的合并效应或标准误无效`);
  });
  const q = generalisedQ(
    groups.map((g) => g.estimate),
    groups.map((g) => g.se * g.se),
    0,
  );
  return { statistic: q, df: groups.length - 1, pValue: chisqSf(q, groups.length - 1) };
}

/**
 * Leave-one-out sensitivity analysis: the model refitted with each study omitted in turn
 * (metafor leave1out on an rma fit). Needs at least 3 studies.
 */
export function leaveOneOut(es: EffectSizes, options: { method?: 'FE' | 'DL' | 'REML'; level?: number } = {}): Omit<MetaResult, 'studies'>[] {
  validate(es);
  if (es.yi.length < 3) throw new StatsError('TOO_FEW_OBSERVATIONS', '逐一剔除分析至少需要3项研究');
  return es.yi.map((_, i) => {
    const keep = (x: number[]) => x.filter((__, j) => j !== i);
    const { studies: _s, ...rest } = metaAnalysis({ yi: keep(es.yi), vi: keep(es.vi) }, options);
    return rest;
  });
}
