// Propensity scores (issue 22 item 6): the logistic propensity score, greedy nearest-neighbour
// matching as MatchIt::matchit(method = "nearest"), inverse probability of treatment weights, and
// covariate balance (standardised mean differences, variance ratios, eCDF statistics) before and
// after matching or weighting, with MatchIt's conventions (summary.matchit / bal1var).
import { StatsError } from '../errors.js';
import { quantile } from '../descriptive/quantile.js';
import { completeRows, design, type ModelTerms } from '../regression/design.js';
import { logisticRegression, type LogisticCoefficient } from '../regression/logistic.js';

const SQRT_EPS = Math.sqrt(Number.EPSILON);

/** 0/1 treatment indicator, validated: both groups present, no other values. */
function treatmentOf(treatment: ArrayLike<number>): Int8Array {
  const n = treatment.length;
  const t = new Int8Array(n);
  let n1 = 0;
  for (let i = 0; i < n; i++) {
    const v = treatment[i];
    if (v !== 0 && v !== 1) throw new StatsError('INVALID_ARGUMENT', `处理变量必须编码为 0/1（第${i + 1}个值为${String(v)}）`);
    t[i] = v;
    n1 += v;
  }
  if (n1 === 0 || n1 === n) throw new StatsError('INVALID_ARGUMENT', '处理组与对照组都必须有研究对象');
  return t;
}

export interface PropensityScoreInput extends ModelTerms {
  /** Treatment indicator, 1 = treated, 0 = control; no missing values (drop incomplete rows first). */
  treatment: ArrayLike<number>;
}

export interface PropensityScoreResult {
  /** P(treated | covariates) of each unit, in input order. */
  ps: number[];
  /** The linear predictor (logit of the PS) of each unit. */
  logit: number[];
  coefficients: LogisticCoefficient[];
  n: number;
  treated: number;
  /** −2 log L of the model and of the intercept-only model, and the c statistic (AUC) of the PS. */
  deviance: number;
  nullDeviance: number;
  auc: number;
  /** Range of the PS in each group: [min, max] of controls, then of treated. */
  rangeControl: readonly [number, number];
  rangeTreated: readonly [number, number];
}

/** Mann–Whitney AUC of `score` for treated (1) against controls (0), ties counted one half. */
function aucOf(score: readonly number[], t: Int8Array): number {
  const idx = score.map((_, i) => i).sort((a, b) => score[a]! - score[b]!);
  let rankSum = 0;
  let n1 = 0;
  for (let k = 0; k < idx.length; ) {
    let j = k;
    while (j + 1 < idx.length && score[idx[j + 1]!] === score[idx[k]!]) j++;
    const mid = (k + j) / 2 + 1;
    for (let m = k; m <= j; m++) if (t[idx[m]!] === 1) {
      rankSum += mid;
      n1++;
    }
    k = j + 1;
  }
  const n0 = idx.length - n1;
  return (rankSum - (n1 * (n1 + 1)) / 2) / (n1 * n0);
}

/**
 * The propensity score from a logistic regression of the treatment on the covariates (R:
 * glm(treat ~ …, binomial); MatchIt's distance = "glm"), with its linear predictor (MatchIt's
 * link = "linear.logit").
 * @throws StatsError for a treatment not coded 0/1 or with one group only, missing values, or a
 *   separated model (code SEPARATION: some covariates predict treatment perfectly, so the groups do
 *   not overlap), and the logistic regression's other errors.
 */
export function propensityScore(input: PropensityScoreInput): Readonly<PropensityScoreResult> {
  const t = treatmentOf(input.treatment);
  const n = t.length;
  const rows = completeRows([input.treatment], input.predictors);
  if (rows.length !== n) throw new StatsError('INVALID_ARGUMENT', '协变量含缺失值：请先删除不完整的行');
  const fit = logisticRegression({ y: Array.from(t), predictors: input.predictors, interactions: input.interactions, event: '1', profile: false });
  const cols = design(input, rows);
  const logit = new Array<number>(n).fill(0);
  cols.forEach((c, j) => {
    const b = fit.coefficients[j]!.estimate;
    for (let i = 0; i < n; i++) logit[i]! += b * c.values[i]!;
  });
  const ps = fit.fitted;
  const range = (g: number): [number, number] => {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < n; i++) if (t[i] === g) {
      lo = Math.min(lo, ps[i]!);
      hi = Math.max(hi, ps[i]!);
    }
    return [lo, hi];
  };
  return {
    ps,
    logit,
    coefficients: fit.coefficients,
    n,
    treated: fit.events,
    deviance: fit.deviance,
    nullDeviance: fit.nullDeviance,
    auc: aucOf(ps, t),
    rangeControl: range(0),
    rangeTreated: range(1),
  };
}

export interface NearestMatchInput {
  treatment: ArrayLike<number>;
  /** The distance measure of each unit: the PS, or its logit (MatchIt link = "linear.logit"). */
  distance: ArrayLike<number>;
  /** Controls per treated unit (k of 1:k), default 1. */
  ratio?: number;
  /** Controls may be reused (MatchIt replace = TRUE), default false. */
  replace?: boolean;
  /** Caliper width in standard deviations of `distance` (MatchIt std.caliper = TRUE); null for none. */
  caliper?: number | null;
  /** Stratum of each unit for exact matching (units match only within their stratum); null for none. */
  exact?: ArrayLike<string> | null;
  /**
   * Order in which treated units are matched: 'largest' distance first (MatchIt's default for a PS),
   * 'smallest', or 'data' (row order). With replacement the order does not matter and MatchIt uses 'data'.
   */
  order?: 'largest' | 'smallest' | 'data';
}

export interface NearestMatchResult {
  /** Row indices (0-based) of the treated units, in data order. */
  treated: number[];
  /** For each treated unit (same order), the matched controls' row indices, first match first. */
  matches: number[][];
  /** MatchIt's matching weights: 1 for matched treated units, Σ 1/kᵢ over the treated units a control is matched to, rescaled so the matched controls' weights sum to their number; 0 if unmatched. */
  weights: number[];
  /** Pair/subclass number of each unit (null if unmatched), numbered as MatchIt's match.data; null for all units when matching with replacement. */
  subclass: Array<number | null>;
  /** Caliper on the distance's scale (caliper × SD of the distance), null without a caliper. */
  caliperWidth: number | null;
  /** Units with weight > 0 and = 0: [controls, treated]. */
  matched: readonly [number, number];
  unmatched: readonly [number, number];
  /** Effective sample size (Σw)²/Σw² of the matched units: [controls, treated]. */
  ess: readonly [number, number];
}

/** Sample SD (n − 1). */
function sd(x: ArrayLike<number>): number {
  const n = x.length;
  let m = 0;
  for (let i = 0; i < n; i++) m += x[i]!;
  m /= n;
  let s = 0;
  for (let i = 0; i < n; i++) s += (x[i]! - m) ** 2;
  return Math.sqrt(s / (n - 1));
}

/**
 * Greedy nearest-neighbour matching on a scalar distance, as MatchIt::matchit(method = "nearest")
 * (its nn_matchC_vec, with the fixes of MatchIt 4.5.3–4.5.4: |dᵢ − dⱼ| as a double, and a control
 * used once per treated unit when matching with replacement). Units are sorted by distance (stable);
 * in rounds r = 1…k, each treated unit in `order` takes the nearer of the closest available control
 * below and above it (the lower one on a tie), skipping controls already used (without
 * replacement), already matched to it, or in another exact stratum; a control beyond the caliper
 * ends the search on that side. With `exact` each stratum is matched on its own. Subclasses are
 * numbered as MatchIt's mm2subclass (the matched treated units' row numbers sorted as text).
 * @throws StatsError for a bad treatment, distance or option.
 */
export function nearestNeighborMatch(input: NearestMatchInput): Readonly<NearestMatchResult> {
  const t = treatmentOf(input.treatment);
  const n = t.length;
  const dist = Float64Array.from(input.distance as ArrayLike<number>);
  if (dist.length !== n) throw new StatsError('INVALID_ARGUMENT', '距离（倾向性评分）与处理变量的长度不同');
  for (const v of dist) if (!Number.isFinite(v)) throw new StatsError('NON_FINITE', '距离（倾向性评分）含缺失或非有限值');
  const ratio = input.ratio ?? 1;
  if (!Number.isInteger(ratio) || ratio < 1) throw new StatsError('INVALID_ARGUMENT', '匹配比例 k 必须是正整数');
  const replace = input.replace ?? false;
  const cal = input.caliper ?? null;
  if (cal !== null && !(cal > 0)) throw new StatsError('INVALID_ARGUMENT', '卡钳值必须大于 0');
  const exact = input.exact ?? null;
  if (exact && exact.length !== n) throw new StatsError('INVALID_ARGUMENT', '精确匹配变量与处理变量的长度不同');
  const order = replace ? 'data' : (input.order ?? 'largest');
  const width = cal === null ? null : cal * sd(dist);

  const treated: number[] = [];
  for (let i = 0; i < n; i++) if (t[i] === 1) treated.push(i);
  const matchesOf = new Map<number, number[]>(treated.map((i) => [i, []]));

  const strata = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const key = exact ? String(exact[i]) : '';
    const s = strata.get(key);
    if (s) s.push(i);
    else strata.set(key, [i]);
  }
  for (const units of strata.values()) {
    // Sorted by distance, ties in row order (R's order() is stable).
    const sorted = [...units].sort((a, b) => dist[a]! - dist[b]! || a - b);
    const pos = new Map(sorted.map((u, k) => [u, k]));
    const ts = units.filter((u) => t[u] === 1);
    if (order === 'largest') ts.sort((a, b) => dist[b]! - dist[a]! || a - b);
    else if (order === 'smallest') ts.sort((a, b) => dist[a]! - dist[b]! || a - b);
    const available = sorted.map((u) => t[u] === 0);
    if (!available.some(Boolean)) continue;
    const d = sorted.map((u) => dist[u]!);
    const scan = (ii: number, step: 1 | -1, mine: number[]): number => {
      for (let k = ii + step; k >= 0 && k < sorted.length; k += step) {
        if (!available[k]) continue;
        if (mine.includes(sorted[k]!)) continue;
        if (width !== null && Math.abs(d[ii]! - d[k]!) > width) return -1;
        return k;
      }
      return -1;
    };
    let left = ts.length > 0;
    for (let r = 0; r < ratio && left; r++) {
      for (const u of ts) {
        const ii = pos.get(u)!;
        const mine = matchesOf.get(u)!;
        if (mine.length < r) continue; // found no match in an earlier round
        const kl = scan(ii, -1, mine);
        const kr = scan(ii, 1, mine);
        let k: number;
        if (kl >= 0 && kr >= 0) k = Math.abs(d[kl]! - d[ii]!) <= Math.abs(d[kr]! - d[ii]!) ? kl : kr;
        else if (kl >= 0) k = kl;
        else if (kr >= 0) k = kr;
        else continue;
        mine.push(sorted[k]!);
        if (!replace) available[k] = false;
        if (!available.some(Boolean)) {
          left = false;
          break;
        }
      }
    }
  }

  const matches = treated.map((i) => matchesOf.get(i)!);
  const weights = new Array<number>(n).fill(0);
  matches.forEach((m, j) => {
    if (m.length === 0) return;
    for (const c of m) weights[c]! += 1 / m.length;
    weights[treated[j]!] = 1;
  });
  let sumC = 0;
  let matchedC = 0;
  for (let i = 0; i < n; i++) if (t[i] === 0 && weights[i]! > 0) {
    sumC += weights[i]!;
    matchedC++;
  }
  if (sumC > 0) for (let i = 0; i < n; i++) if (t[i] === 0) weights[i] = (weights[i]! * matchedC) / sumC;

  const subclass = new Array<number | null>(n).fill(null);
  if (!replace) {
    // mm2subclass: factor(<treated row number as text>) — levels sorted as strings, then numbered.
    const withMatch = matches.map((m, j) => ({ m, unit: treated[j]! })).filter((x) => x.m.length > 0);
    const labels = withMatch.map((x) => String(x.unit + 1)).sort();
    const number = new Map(labels.map((l, k) => [l, k + 1]));
    for (const { m, unit } of withMatch) {
      const s = number.get(String(unit + 1))!;
      subclass[unit] = s;
      for (const c of m) subclass[c] = s;
    }
  }
  const count = (g: number, pos: boolean) => t.reduce((a, v, i) => a + (v === g && weights[i]! > 0 === pos ? 1 : 0), 0);
  const essOf = (g: number) => {
    let s = 0;
    let s2 = 0;
    for (let i = 0; i < n; i++) if (t[i] === g) {
      s += weights[i]!;
      s2 += weights[i]! ** 2;
    }
    return s2 > 0 ? (s * s) / s2 : 0;
  };
  return {
    treated,
    matches,
    weights,
    subclass,
    caliperWidth: width,
    matched: [count(0, true), count(1, true)],
    unmatched: [count(0, false), count(1, false)],
    ess: [essOf(0), essOf(1)],
  };
}

export interface IptwInput {
  treatment: ArrayLike<number>;
  ps: ArrayLike<number>;
  /** 'ATE' (default): 1/e for treated, 1/(1 − e) for controls; 'ATT': 1 for treated, e/(1 − e) for controls. */
  estimand?: 'ATE' | 'ATT';
  /** ATE only: multiply by the marginal probability of the unit's group, P(T = 1) or P(T = 0). */
  stabilize?: boolean;
  /**
   * Truncate the weights at the (1 − q) and q quantiles (type 7) of the weights, e.g. q = 0.99 for the
   * 1st and 99th percentiles; with ATT only the controls' weights (the treated keep 1). Null for none.
   */
  truncate?: number | null;
}

export interface IptwResult {
  weights: number[];
  estimand: 'ATE' | 'ATT';
  stabilize: boolean;
  /** The truncation bounds [lower, upper], and how many weights were moved to them; null without truncation. */
  truncation: { lower: number; upper: number; changed: number } | null;
  /** Σw, and the effective sample size (Σw)²/Σw²: [controls, treated]. */
  sum: readonly [number, number];
  ess: readonly [number, number];
}

/**
 * Inverse probability of treatment weights from a propensity score: ATE weights t/e + (1 − t)/(1 − e),
 * stabilised by P(T = t) (Robins, Hernán & Brumback 2000; Xu et al. 2010); ATT weights t + (1 − t)·e/(1 − e)
 * (Hirano, Imbens & Ridder 2003); optional truncation at percentiles (Cole & Hernán 2008), as WeightIt's
 * trim(at = q, lower = TRUE) on the weights subject to it.
 * @throws StatsError for a PS outside (0, 1), stabilising ATT weights, or q outside (0.5, 1).
 */
export function iptwWeights(input: IptwInput): Readonly<IptwResult> {
  const t = treatmentOf(input.treatment);
  const n = t.length;
  if (input.ps.length !== n) throw new StatsError('INVALID_ARGUMENT', '倾向性评分与处理变量的长度不同');
  const estimand = input.estimand ?? 'ATE';
  const stabilize = input.stabilize ?? false;
  if (stabilize && estimand !== 'ATE') throw new StatsError('INVALID_ARGUMENT', '稳定化权重仅用于 ATE（ATT 权重中处理组的权重已为 1）');
  const q = input.truncate ?? null;
  if (q !== null && !(q > 0.5 && q < 1)) throw new StatsError('INVALID_ARGUMENT', '截断百分位数必须在 50% 与 100% 之间（如 99 表示按第 1 与第 99 百分位数截断）');
  const p1 = t.reduce((a, v) => a + v, 0) / n;
  const w = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const e = input.ps[i]!;
    if (!(e > 0 && e < 1)) throw new StatsError('INVALID_ARGUMENT', `倾向性评分必须在 0 与 1 之间（第${i + 1}个值为${e}）`);
    if (estimand === 'ATE') w[i] = t[i] === 1 ? 1 / e : 1 / (1 - e);
    else w[i] = t[i] === 1 ? 1 : e / (1 - e);
    if (stabilize) w[i]! *= t[i] === 1 ? p1 : 1 - p1;
  }
  let truncation: IptwResult['truncation'] = null;
  if (q !== null) {
    const idx = w.map((_, i) => i).filter((i) => estimand === 'ATE' || t[i] === 0);
    const [lower, upper] = quantile(idx.map((i) => w[i]!), [1 - q, q]) as [number, number];
    let changed = 0;
    for (const i of idx) {
      const v = Math.min(Math.max(w[i]!, lower), upper);
      if (v !== w[i]) changed++;
      w[i] = v;
    }
    truncation = { lower, upper, changed };
  }
  const sums = [0, 1].map((g) => {
    let s = 0;
    let s2 = 0;
    for (let i = 0; i < n; i++) if (t[i] === g) {
      s += w[i]!;
      s2 += w[i]! ** 2;
    }
    return [s, (s * s) / s2] as const;
  });
  return { weights: w, estimand, stabilize, truncation, sum: [sums[0]![0], sums[1]![0]], ess: [sums[0]![1], sums[1]![1]] };
}

export interface BalanceStatistics {
  meanTreated: number;
  meanControl: number;
  /** Standardised mean difference (treated − control) / SD; the raw difference when it is below √ε; NaN when too few units. */
  smd: number;
  /** Variance ratio treated/control (weighted); NaN for a 0/1 variable. */
  varRatio: number;
  /** Mean and maximum (Kolmogorov–Smirnov) distance between the groups' (weighted) empirical CDFs; |difference in proportions| for a 0/1 variable. */
  ecdfMean: number;
  ecdfMax: number;
}

/** MatchIt's wvar: p(1 − p) for a 0/1 variable, else the reliability-weighted variance (cov.wt). */
function wvar(x: readonly number[], binary: boolean, w: readonly number[] | null): number {
  const n = x.length;
  const total = w ? w.reduce((a, b) => a + b, 0) : n;
  let mx = 0;
  let sw2 = 0;
  for (let i = 0; i < n; i++) {
    const wi = (w ? w[i]! : 1) / total;
    mx += wi * x[i]!;
    sw2 += wi * wi;
  }
  if (binary) return mx * (1 - mx);
  let s = 0;
  for (let i = 0; i < n; i++) s += ((w ? w[i]! : 1) / total) * (x[i]! - mx) ** 2;
  return s / (1 - sw2);
}

/**
 * Balance of one covariate between treated (1) and control (0) units, unweighted (`weights` null)
 * or with matching/IPT weights, as MatchIt's summary.matchit (bal1var, standardize = TRUE): weighted
 * means; SMD = difference / SD where the SD is always that of the unweighted sample — of the treated
 * for ATT ('treated'), √((s²₁ + s²₀)/2) for ATE ('pooled'), of the controls for ATC ('control'),
 * with a 0/1 variable's SD √(p(1 − p)); the weighted variance ratio (not for 0/1 variables); eCDF
 * mean and max distances of the weighted empirical CDFs.
 */
export function balanceStatistics(x: ArrayLike<number>, treatment: ArrayLike<number>, weights: ArrayLike<number> | null, denominator: 'treated' | 'control' | 'pooled'): BalanceStatistics {
  const t = treatmentOf(treatment);
  const n = t.length;
  if (x.length !== n || (weights && weights.length !== n)) throw new StatsError('INVALID_ARGUMENT', '协变量、权重与处理变量的长度不同');
  const xs = Array.from(x as ArrayLike<number>);
  const ww = weights ? Array.from(weights as ArrayLike<number>) : new Array<number>(n).fill(1);
  const binary = xs.every((v) => v === 0 || v === 1);
  const i1: number[] = [];
  const i0: number[] = [];
  for (let i = 0; i < n; i++) (t[i] === 1 ? i1 : i0).push(i);
  const pick = (idx: number[], v: readonly number[]) => idx.map((i) => v[i]!);
  const wm = (idx: number[], w: readonly number[]) => {
    let s = 0;
    let sw = 0;
    for (const i of idx) {
      s += xs[i]! * w[i]!;
      sw += w[i]!;
    }
    return s / sw;
  };
  const tooSmall = i1.filter((i) => ww[i] !== 0).length < 2 && i0.filter((i) => ww[i] !== 0).length < 2;
  const meanTreated = wm(i1, ww);
  const meanControl = wm(i0, ww);
  const mdiff = meanTreated - meanControl;
  let smd = NaN;
  if (Math.abs(mdiff) > SQRT_EPS) {
    if (!tooSmall) {
      const v1 = wvar(pick(i1, xs), binary, null);
      const v0 = wvar(pick(i0, xs), binary, null);
      let s = Math.sqrt(denominator === 'treated' ? v1 : denominator === 'control' ? v0 : (v1 + v0) / 2);
      if (!Number.isFinite(s) || s < SQRT_EPS) {
        // pooled_sd(contribution = "proportional"), unweighted.
        let v = 0;
        if (binary) {
          for (const idx of [i1, i0]) {
            const sx = idx.reduce((a, i) => a + xs[i]!, 0);
            v += (sx * (1 - sx / idx.length)) / n;
          }
        } else {
          for (const idx of [i1, i0]) {
            const m = idx.reduce((a, i) => a + xs[i]!, 0) / idx.length;
            v += idx.reduce((a, i) => a + (xs[i]! - m) ** 2, 0);
          }
          v /= n - 2;
        }
        s = Math.sqrt(v);
      }
      smd = mdiff / s;
    }
  } else smd = mdiff;
  let varRatio = NaN;
  let ecdfMean = NaN;
  let ecdfMax = NaN;
  if (binary) {
    ecdfMean = Math.abs(mdiff);
    ecdfMax = Math.abs(mdiff);
  } else if (!tooSmall) {
    varRatio = wvar(pick(i1, xs), false, pick(i1, ww)) / wvar(pick(i0, xs), false, pick(i0, ww));
    // qqsum(standardize = TRUE): weights normalised within groups; |difference of the eCDFs| at each distinct value.
    const sw1 = i1.reduce((a, i) => a + ww[i]!, 0);
    const sw0 = i0.reduce((a, i) => a + ww[i]!, 0);
    const ord = xs.map((_, i) => i).sort((a, b) => xs[a]! - xs[b]! || a - b);
    const first = t[ord[0]!];
    let cum = 0;
    let sum = 0;
    let max = 0;
    let count = 0;
    for (let k = 0; k < ord.length; k++) {
      const i = ord[k]!;
      const wi = ww[i]! / (t[i] === 1 ? sw1 : sw0);
      cum += t[i] === first ? -wi : wi;
      if (k === ord.length - 1 || xs[ord[k + 1]!] !== xs[i]) {
        const a = Math.abs(cum);
        sum += a;
        max = Math.max(max, a);
        count++;
      }
    }
    ecdfMean = sum / count;
    ecdfMax = max;
  }
  return { meanTreated, meanControl, smd, varRatio, ecdfMean, ecdfMax };
}
