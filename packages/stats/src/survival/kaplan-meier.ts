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
  /** Survival at the requested times: the last step at or before each, with the number still at risk. */
  at: { time: number; nRisk: number; survival: number; se: number; lower: number | null; upper: number | null }[];
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

/** Time at which a decreasing step curve first reaches 0.5 (R's quantile.survfit rule, tolerance √ε). */
function medianOf(times: readonly number[], curve: readonly (number | null)[]): number | null {
  const tol = Math.sqrt(Number.EPSILON);
  for (let j = 0; j < times.length; j++) {
    const v = curve[j];
    if (v === null || v === undefined || !(v <= 0.5 + tol)) continue;
    if (Math.abs(v - 0.5) < tol) {
      for (let k = j + 1; k < times.length; k++) {
        const w = curve[k];
        if (w !== null && w !== undefined && w < v - tol) return (times[j]! + times[k]!) / 2;
      }
    }
    return times[j]!;
  }
  return null;
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
  const median = {
    estimate: medianOf(times, table.map((r) => r.survival)),
    lower: medianOf(times, table.map((r) => r.lower)),
    upper: medianOf(times, table.map((r) => r.upper)),
  };
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
  return { n, events, table, median, at, level, confType };
}
