// Kaplan–Meier survival curves with Greenwood standard errors (R: survival::survfit).
import { StatsError } from '../errors.js';
import { normalQuantile } from '../distributions/normal.js';

export type SurvivalConfType = 'log-log' | 'log' | 'plain';

export interface KaplanMeierOptions {
  level?: number;
  /** Scale of the pointwise CI (default 'log-log'; R's survfit defaults to 'log'). */
  confType?: SurvivalConfType;
  /** Times at which to report survival (R: summary(fit, times = …)). */
  times?: readonly number[];
  /** Cumulative event probabilities whose times to report (R: quantile(fit, probs); default 0.25, 0.5, 0.75). */
  probs?: readonly number[];
  /** Upper limit τ of the restricted mean survival time (R: print(fit, rmean = τ)); none when absent. */
  rmeanTau?: number;
}

/** A quantile of the survival time: the time by which a fraction `p` has had the event, with its CI. */
export interface SurvivalQuantile {
  p: number;
  estimate: number | null;
  lower: number | null;
  upper: number | null;
}

export interface KaplanMeierRow {
  time: number;
  nRisk: number;
  nEvent: number;
  nCensor: number;
  survival: number;
  /** Greenwood standard error of the survival estimate (0 once the estimate reaches 0, where R reports NaN). */
  se: number;
  /** Pointwise CI; null where the scale leaves it undefined (survival 1 or 0 on the log-log scale). */
  lower: number | null;
  upper: number | null;
}

export interface KaplanMeierResult {
  n: number;
  events: number;
  /** One row per distinct time (event or censoring), as summary(survfit, censored = TRUE). */
  table: KaplanMeierRow[];
  /** Median survival with its CI (R's rule: a curve flat at exactly 0.5 gives the midpoint to the next drop); null where not reached. */
  median: { estimate: number | null; lower: number | null; upper: number | null };
  /** Quantiles at `probs` (R's quantile.survfit; the median is the one at 0.5). */
  quantiles: SurvivalQuantile[];
  /** Survival at the requested times: the last step at or before each, with the number still at risk. */
  at: { time: number; nRisk: number; survival: number; se: number; lower: number | null; upper: number | null }[];
  /**
   * Restricted mean survival time up to τ (the area under the curve on [0, τ]) and its standard
   * error, as print(survfit, rmean = τ); past the last observed time the curve is carried flat.
   */
  restrictedMean: { tau: number; estimate: number; se: number } | null;
  level: number;
  confType: SurvivalConfType;
}

/** Validated (time, status) pairs; status 1 = event, 0 = censored (true/false accepted). */
export function survivalData(time: ArrayLike<number>, status: ArrayLike<number | boolean>): { time: Float64Array; status: Uint8Array } {
  if (time.length !== status.length) throw new StatsError('INVALID_ARGUMENT', '生存时间与结局状态的长度不同');
  const t = new Float64Array(time.length);
  const s = new Uint8Array(time.length);
  for (let i = 0; i < time.length; i++) {
    const ti = time[i]!;
    if (!Number.isFinite(ti) || ti < 0) throw new StatsError('NON_FINITE', `生存时间必须是非负数（第${i + 1}个值为${String(ti)}）`);
    const si = status[i];
    const code = si === true ? 1 : si === false ? 0 : si;
    if (code !== 0 && code !== 1) throw new StatsError('INVALID_ARGUMENT', `结局状态只能是0（删失）或1（事件）（第${i + 1}个值为${String(si)}）`);
    t[i] = ti;
    s[i] = code;
  }
  if (t.length === 0) throw new StatsError('TOO_FEW_OBSERVATIONS', '没有可用的生存数据');
  return { time: t, status: s };
}

/** Pointwise CI of S from its cumulative-hazard standard error σ (survfit's std.err). */
export function survivalCi(s: number, sigma: number, z: number, type: SurvivalConfType): [number | null, number | null] {
  if (!Number.isFinite(sigma)) return [null, null];
  if (type === 'plain') return [Math.max(0, s - z * sigma * s), Math.min(1, s + z * sigma * s)];
  if (type === 'log') {
    if (s === 0) return [null, null];
    return [s * Math.exp(-z * sigma), Math.min(1, s * Math.exp(z * sigma))];
  }
  if (s === 0 || s === 1) return [null, null];
  const l = Math.log(-Math.log(s));
  const w = (z * sigma) / Math.abs(Math.log(s));
  return [Math.exp(-Math.exp(l + w)), Math.exp(-Math.exp(l - w))];
}

/**
 * Time at which the cumulative probability 1 − S first reaches `p` (R's survival:::findq, tolerance
 * √ε): a curve flat at exactly p takes the midpoint to the next drop, or to the last time when it
 * never drops again. Null where the curve does not reach p. Missing curve values are skipped.
 */
export function survivalQuantile(times: readonly number[], curve: readonly (number | null)[], p: number): number | null {
  const tol = Math.sqrt(Number.EPSILON);
  // x = (0, times), y = (0, 1 − curve), keeping the first of repeated y values (R: y[!duplicated(y)]).
  const seen = new Set<number | null>([0]);
  const x: number[] = [0];
  const y: (number | null)[] = [0];
  for (let j = 0; j < times.length; j++) {
    const v = curve[j];
    const f = v === null || v === undefined ? null : 1 - v;
    if (seen.has(f)) continue;
    seen.add(f);
    x.push(times[j]!);
    y.push(f);
  }
  let top = -Infinity;
  for (const v of y) if (v !== null && v > top) top = v;
  if (top < p) return null;
  if (p === 0) return x[0]!;
  // approx(y ± tol, seq_along(y), p, method = "constant", f = 1), pairs with a missing y dropped:
  // the first index whose shifted value reaches p, none when p lies outside the shifted range.
  const first = (shift: number): number | null => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const v of y) if (v !== null) [lo, hi] = [Math.min(lo, v + shift), Math.max(hi, v + shift)];
    if (p < lo || p > hi) return null;
    const j = y.findIndex((v) => v !== null && v + shift >= p);
    return j < 0 ? null : j;
  };
  const i1 = first(tol);
  const i2 = first(-tol);
  const yn = y[y.length - 1];
  if (yn !== null && yn !== undefined && Math.abs(p - yn) < tol) return i1 === null ? null : (x[i1]! + times[times.length - 1]!) / 2;
  if (i1 === null || i2 === null) return null;
  return (x[i1]! + x[i2]!) / 2;
}

/**
 * Kaplan–Meier estimate for one sample: the survival table at every distinct time, Greenwood SE,
 * pointwise CIs on the chosen scale, median survival with CI, and survival at chosen times.
 * @throws StatsError for negative or missing times, a status other than 0/1, or no data.
 */
export function kaplanMeier(time: ArrayLike<number>, status: ArrayLike<number | boolean>, options: KaplanMeierOptions = {}): KaplanMeierResult {
  const level = options.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new StatsError('INVALID_ARGUMENT', '置信水平必须在0到1之间');
  const confType = options.confType ?? 'log-log';
  if (!['log-log', 'log', 'plain'].includes(confType)) throw new StatsError('INVALID_ARGUMENT', '置信区间类型只能是log-log、log或plain');
  const d = survivalData(time, status);
  const n = d.time.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => d.time[a]! - d.time[b]!);
  const z = normalQuantile(1 - (1 - level) / 2);
  const table: KaplanMeierRow[] = [];
  let atRisk = n;
  let s = 1;
  let cumVar = 0;
  let events = 0;
  for (let i = 0; i < n; ) {
    const t = d.time[order[i]!]!;
    let nEvent = 0;
    let nCensor = 0;
    while (i < n && d.time[order[i]!] === t) {
      if (d.status[order[i]!]) nEvent++;
      else nCensor++;
      i++;
    }
    if (nEvent > 0) {
      s *= 1 - nEvent / atRisk;
      cumVar += atRisk > nEvent ? nEvent / (atRisk * (atRisk - nEvent)) : Infinity;
    }
    const sigma = Math.sqrt(cumVar);
    const [lower, upper] = survivalCi(s, sigma, z, confType);
    table.push({ time: t, nRisk: atRisk, nEvent, nCensor, survival: s, se: s === 0 ? 0 : s * sigma, lower, upper });
    events += nEvent;
    atRisk -= nEvent + nCensor;
  }
  const times = table.map((r) => r.time);
  const surv = table.map((r) => r.survival);
  const lowers = table.map((r) => r.lower);
  const uppers = table.map((r) => r.upper);
  const quantileAt = (p: number): SurvivalQuantile => {
    if (!(p >= 0 && p <= 1)) throw new StatsError('INVALID_ARGUMENT', '生存时间分位数的概率必须在0到1之间');
    return { p, estimate: survivalQuantile(times, surv, p), lower: survivalQuantile(times, lowers, p), upper: survivalQuantile(times, uppers, p) };
  };
  const { p: _p, ...median } = quantileAt(0.5);
  const quantiles = (options.probs ?? [0.25, 0.5, 0.75]).map(quantileAt);
  const restrictedMean = options.rmeanTau === undefined ? null : restrictedMeanOf(table, options.rmeanTau);
  const at = (options.times ?? []).map((t) => {
    if (!Number.isFinite(t)) throw new StatsError('INVALID_ARGUMENT', '指定的时间点必须是有限数值');
    let j = -1;
    while (j + 1 < table.length && table[j + 1]!.time <= t) j++;
    let nRisk = 0;
    for (let i = 0; i < n; i++) if (d.time[i]! >= t) nRisk++;
    if (j < 0) return { time: t, nRisk, survival: 1, se: 0, lower: null, upper: null };
    const r = table[j]!;
    return { time: t, nRisk, survival: r.survival, se: r.se, lower: r.lower, upper: r.upper };
  });
  return { n, events, table, median, quantiles, at, restrictedMean, level, confType };
}

/**
 * Area under the Kaplan–Meier curve on [0, τ] and its SE (survival:::survmean): with rectangles
 * A_j between successive times, var = Σ_i d_i / (n_i (n_i − d_i)) · (Σ_{j>i} A_j)², the sum over
 * times ≤ τ (a time where everyone at risk has the event adds nothing, as in R).
 */
function restrictedMeanOf(table: readonly KaplanMeierRow[], tau: number): { tau: number; estimate: number; se: number } {
  if (!Number.isFinite(tau) || tau <= 0) throw new StatsError('INVALID_ARGUMENT', '限制平均生存时间的上限τ必须是正数');
  const keep = table.filter((r) => r.time <= tau);
  const t = [...keep.map((r) => r.time), tau];
  const s = [...keep.map((r) => r.survival), keep.length > 0 ? keep[keep.length - 1]!.survival : 1];
  const h = [...keep.map((r) => (r.nRisk - r.nEvent === 0 ? 0 : r.nEvent / (r.nRisk * (r.nRisk - r.nEvent)))), 0];
  const m = t.length;
  const rect = t.map((ti, j) => (ti - (j === 0 ? 0 : t[j - 1]!)) * (j === 0 ? 1 : s[j - 1]!));
  let estimate = 0;
  for (const a of rect) estimate += a;
  let variance = 0;
  let tail = 0; // Σ_{j > i} A_j
  for (let i = m - 2; i >= 0; i--) {
    tail += rect[i + 1]!;
    variance += tail * tail * h[i]!;
  }
  return { tau, estimate, se: Math.sqrt(variance) };
}
