// Nomogram geometry of a fitted logistic or Cox model as rms::nomogram draws it (points scale,
// one axis per predictor, total points, linear predictor, predicted risk or survival at chosen
// times), and the Cox baseline survival at the mean linear predictor as rms::cph(surv = TRUE) keeps it.
import { prettyTicks } from '../internal/pretty.js';
import { StatsError } from '../errors.js';
import { maxOf, minOf } from '../descriptive/extent.js';

/** A model term: a numeric predictor (linear) or a categorical one (reference level coefficient 0). */
export type NomogramTerm =
  | { type: 'numeric'; name: string; coef: number; /** The predictor's values in the data (the axis spans them). */ values: readonly number[] }
  | { type: 'categorical'; name: string; /** Levels in axis order, the reference with coef 0. */ levels: ReadonlyArray<{ label: string; coef: number }> };

export interface NomogramInput {
  kind: 'logistic' | 'cox';
  terms: readonly NomogramTerm[];
  /** Logistic: the model intercept. Cox: ignored (the centre is used). */
  intercept?: number;
  /** Cox: the centring constant, the mean linear predictor Σ β·x̄ (rms: fit$center). */
  centre?: number;
  /**
   * Linear predictor of each analysed row (logistic: with the intercept; Cox: centred, lp − centre),
   * whose range sets the linear-predictor axis (rms: pretty(range(fit$linear.predictors), nint)).
   */
  linearPredictors: readonly number[];
  /** Logistic: probabilities to mark on the risk axis (those inside the axis range are kept). */
  riskAt?: readonly number[];
  /** Cox: survival curves at the mean linear predictor S(t | centre), one per chosen time. */
  survival?: ReadonlyArray<{ time: number; survival: number }>;
  /** Cox: survival probabilities to mark on each survival axis. */
  survivalAt?: readonly number[];
  /** Points of the predictor with the widest range (rms maxscale, default 100). */
  maxScale?: number;
  /** Number of intervals asked of pretty() (rms nint, default 10). */
  nint?: number;
}

export interface NomogramAxis {
  name: string;
  /** Tick labels (numbers as R's format() writes them, or the level names). */
  labels: string[];
  /** Numeric tick values (NaN for levels). */
  values: number[];
  points: number[];
}

export interface NomogramResult {
  kind: 'logistic' | 'cox';
  /** Points per unit of linear predictor (rms: sc). */
  scale: number;
  /** Linear predictor at 0 total points: intercept (Cox: −centre) plus each term's minimum (rms: Intercept). */
  lpAtZero: number;
  predictors: NomogramAxis[];
  /** Tick values of the total-points axis. */
  totalPoints: number[];
  /** Linear-predictor axis: values and the total points where they fall. */
  linearPredictor: { values: number[]; points: number[] };
  /** Logistic: risk axis; Cox: one axis per time (survival probability). */
  outcome: Array<{ time: number | null; values: number[]; points: number[] }>;
  /** Total points of a linear predictor, and back. */
  pointsOf(lp: number): number;
  lpOf(points: number): number;
}

const DEFAULT_RISK_AT = [0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99];
const DEFAULT_SURVIVAL_AT = [0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95];


/** Distinct values up to which a numeric predictor's axis marks each value (rms datadist n.unique). */
const N_UNIQUE = 10;

/**
 * Nomogram of a logistic or Cox model (rms::nomogram with the model's datadist): each predictor's
 * axis spans its data (pretty(range, nint), or each value when it has at most 10 distinct values;
 * factors every level); the predictor whose Xβ varies most over its axis gets 0–maxScale points and
 * the others are scaled alike; total points map linearly back to the linear predictor, and the risk
 * (plogis) or survival S(t | centre)^exp(lp) axes mark chosen probabilities inside the range of the
 * linear-predictor axis. rms places those marks by inverting the function numerically on a
 * 1000-point grid; here they are exact.
 * @throws StatsError when there is no term, a coefficient is not finite or a Cox input lacks its centre.
 */
export function nomogram(input: NomogramInput): Readonly<NomogramResult> {
  if (input.terms.length === 0) throw new StatsError('INVALID_ARGUMENT', '列线图至少需要一个预测变量');
  const maxScale = input.maxScale ?? 100;
  const nint = input.nint ?? 10;
  const cox = input.kind === 'cox';
  if (cox && !(input.centre !== undefined && Number.isFinite(input.centre))) throw new StatsError('INVALID_ARGUMENT', 'Cox 模型的列线图需要线性预测值的中心（centre）');
  const raw = input.terms.map((t) => {
    if (t.type === 'numeric') {
      if (!Number.isFinite(t.coef)) throw new StatsError('INVALID_ARGUMENT', `变量“${t.name}”的系数不是有限值`);
      const finite = t.values.filter((v) => Number.isFinite(v));
      if (finite.length === 0) throw new StatsError('INVALID_ARGUMENT', `变量“${t.name}”没有有效取值`);
      const distinct = [...new Set(finite)].sort((a, b) => a - b);
      const values = distinct.length <= N_UNIQUE ? distinct : prettyTicks(distinct[0]!, distinct[distinct.length - 1]!, nint);
      return { name: t.name, labels: values.map(formatR), values, xb: values.map((v) => t.coef * v) };
    }
    if (t.levels.some((l) => !Number.isFinite(l.coef))) throw new StatsError('INVALID_ARGUMENT', `变量“${t.name}”的系数不是有限值`);
    return { name: t.name, labels: t.levels.map((l) => l.label), values: t.levels.map(() => NaN), xb: t.levels.map((l) => l.coef) };
  });
  const mins = raw.map((a) => minOf(a.xb));
  const widest = maxOf(raw.map((a, i) => maxOf(a.xb) - mins[i]!));
  if (!(widest > 0)) throw new StatsError('INVALID_ARGUMENT', '所有预测变量的系数均为 0，无法绘制列线图');
  const scale = maxScale / widest;
  const lpAtZero = (cox ? -input.centre! : (input.intercept ?? 0)) + mins.reduce((a, b) => a + b, 0);
  const pointsOf = (lp: number) => (lp - lpAtZero) * scale;
  const lpOf = (points: number) => lpAtZero + points / scale;
  const predictors = raw.map((a, i) => ({ name: a.name, labels: a.labels, values: a.values, points: a.xb.map((v) => (v - mins[i]!) * scale) }));

  const lps = input.linearPredictors.filter((v) => Number.isFinite(v));
  if (lps.length === 0) throw new StatsError('INVALID_ARGUMENT', '没有有效的线性预测值');
  const lpAt = prettyTicks(minOf(lps), maxOf(lps), nint);
  const lpLo = lpAt[0]!;
  const lpHi = lpAt[lpAt.length - 1]!;
  const sumMax = raw.length === 1 ? maxScale : Math.max(maxScale, scale * maxOf(lpAt.map((v) => v - lpAtZero)));
  const totalPoints = prettyTicks(0, sumMax, nint);
  const inRange = (lp: number) => lp >= lpLo && lp <= lpHi;
  const outcome: NomogramResult['outcome'] = [];
  if (!cox) {
    const at = (input.riskAt ?? DEFAULT_RISK_AT).filter((p) => p > 0 && p < 1 && inRange(Math.log(p / (1 - p))));
    outcome.push({ time: null, values: at, points: at.map((p) => pointsOf(Math.log(p / (1 - p)))) });
  } else {
    for (const s of input.survival ?? []) {
      if (!(s.survival > 0 && s.survival < 1)) continue;
      // S(t | lp) = S0^exp(lp) falls as lp rises: lp = log(log s / log S0).
      const at = (input.survivalAt ?? DEFAULT_SURVIVAL_AT).filter((p) => p > 0 && p < 1 && inRange(Math.log(Math.log(p) / Math.log(s.survival))));
      outcome.push({ time: s.time, values: at, points: at.map((p) => pointsOf(Math.log(Math.log(p) / Math.log(s.survival)))) });
    }
  }
  return { kind: input.kind, scale, lpAtZero, predictors, totalPoints, linearPredictor: { values: lpAt, points: lpAt.map(pointsOf) }, outcome, pointsOf, lpOf };
}

/** A number as R's format() writes a tick (up to 7 significant digits, no trailing zeros). */
function formatR(v: number): string {
  return String(Number(v.toPrecision(7)));
}

export interface BaselineSurvival {
  /** Distinct event times, increasing. */
  time: number[];
  /** Survival just after each time for a subject at the centre (linear predictor = mean). */
  survival: number[];
  /** The centre: the mean of the uncentred linear predictors. */
  centre: number;
}

/**
 * Baseline survival of a Cox model at the mean linear predictor, as rms::cph(surv = TRUE) stores it
 * (and survival::basehaz(centered = FALSE) raised to exp(centre)): cumulative hazard by Breslow
 * (d / Σ risk) or, with Efron ties, the Efron correction Σₖ 1 / (Σ risk − k/d · Σ deaths), survival
 * exp(−H). `lp` is the uncentred linear predictor Σ βx of each subject.
 * @throws StatsError for unequal lengths, a non-positive time or no events.
 */
export function coxBaselineSurvival(time: readonly number[], status: readonly number[], lp: readonly number[], ties: 'efron' | 'breslow' = 'efron'): BaselineSurvival {
  const n = time.length;
  if (status.length !== n || lp.length !== n) throw new StatsError('INVALID_ARGUMENT', '生存时间、结局与线性预测值的长度不一致');
  if (time.some((t) => !(t > 0))) throw new StatsError('INVALID_ARGUMENT', '生存时间必须大于 0');
  const centre = lp.reduce((a, b) => a + b, 0) / n;
  const w = lp.map((v) => Math.exp(v - centre));
  const order = time.map((_, i) => i).sort((a, b) => time[b]! - time[a]!);
  let risk = 0;
  const steps: Array<{ time: number; dH: number }> = [];
  for (let q = 0; q < n; ) {
    const t = time[order[q]!]!;
    let d = 0;
    let dw = 0;
    for (; q < n && time[order[q]!] === t; q++) {
      const i = order[q]!;
      risk += w[i]!;
      if (status[i] === 1) {
        d++;
        dw += w[i]!;
      }
    }
    if (d === 0) continue;
    let dH = 0;
    if (ties === 'breslow') dH = d / risk;
    else for (let k = 0; k < d; k++) dH += 1 / (risk - (k / d) * dw);
    steps.push({ time: t, dH });
  }
  if (steps.length === 0) throw new StatsError('INVALID_ARGUMENT', '没有发生事件，无法估计基线生存');
  steps.reverse();
  let H = 0;
  return { time: steps.map((s) => s.time), survival: steps.map((s) => Math.exp(-(H += s.dH))), centre };
}

/** The step function at t (1 before the first event time); NaN past the last observed time `maxTime`. */
export function survivalAt(base: Pick<BaselineSurvival, 'time' | 'survival'>, t: number, maxTime = Infinity): number {
  if (t > maxTime + 1e-6) return NaN;
  let s = 1;
  for (let k = 0; k < base.time.length && base.time[k]! <= t + 1e-6; k++) s = base.survival[k]!;
  return s;
}
