// Decision curve analysis (Vickers & Elkin 2006; Vickers et al. 2008 for survival outcomes): net
// benefit of treating those whose predicted risk reaches a threshold probability, against treating
// all and treating none — for a binary outcome, and for a time-to-event outcome at a time t with
// Kaplan–Meier risks. The counting follows R's dcurves::dca (risk ≥ threshold is test positive).
import { StatsError } from '../errors.js';
import { coxRegression, type CoxInput } from '../survival/cox.js';
import { completeRows, design } from '../regression/design.js';
import { logisticRegression } from '../regression/logistic.js';

/** One curve: per threshold the share testing positive, true/false-positive rates and net benefit. */
export interface DecisionCurve {
  name: string;
  /** Share of the sample with risk ≥ threshold. */
  testPositive: number[];
  /** True-positive and false-positive counts divided by n (survival: KM risk among test positives × share positive). */
  tpRate: number[];
  fpRate: number[];
  /** tpRate − fpRate·pt/(1 − pt); null where not estimable (survival: no follow-up to t among test positives). */
  netBenefit: Array<number | null>;
  /** Net benefit divided by the outcome prevalence (Kerr et al. 2016's standardised net benefit). */
  standardized: Array<number | null>;
}

export interface DecisionCurveResult {
  n: number;
  /** Prevalence: events/n for a binary outcome, 1 − S(t) from Kaplan–Meier for survival. */
  prevalence: number;
  thresholds: number[];
  /** The models in input order. */
  curves: DecisionCurve[];
  /** Treat all (every risk taken as 1) and treat none (net benefit 0). */
  all: DecisionCurve;
  none: DecisionCurve;
}

export interface RiskColumn {
  name: string;
  /** Predicted risks in [0, 1], one per case. */
  risk: ArrayLike<number>;
}

/**
 * Thresholds from `from` to `to` by `by` (both ends included when on the grid), rounded to 10
 * decimals so 0.01-steps print as typed.
 * @throws StatsError unless 0 ≤ from < to < 1 and 0 < by.
 */
export function thresholdGrid(from = 0.01, to = 0.99, by = 0.01): number[] {
  if (!(from >= 0 && to < 1 && from < to && by > 0)) throw new StatsError('INVALID_ARGUMENT', '阈值概率范围必须满足 0 ≤ 起点 < 终点 < 1，步长大于 0');
  const k = Math.floor((to - from) / by + 1e-9);
  if (k > 1000) throw new StatsError('INVALID_ARGUMENT', '阈值个数过多（超过 1000 个），请加大步长');
  return Array.from({ length: k + 1 }, (_, i) => Number((from + i * by).toFixed(10)));
}

function checkThresholds(thresholds: readonly number[]): void {
  if (thresholds.length === 0) throw new StatsError('INVALID_ARGUMENT', '至少需要一个阈值概率');
  for (const t of thresholds) if (!(t >= 0 && t < 1)) throw new StatsError('INVALID_ARGUMENT', `阈值概率必须在 [0, 1) 内（得到 ${t}）`);
}

function checkRisks(models: readonly RiskColumn[], n: number): void {
  for (const m of models) {
    if (m.risk.length !== n) throw new StatsError('INVALID_ARGUMENT', `“${m.name}”的长度与结局不同`);
    for (let i = 0; i < n; i++) {
      const r = m.risk[i]!;
      if (!(r >= 0 && r <= 1)) throw new StatsError('INVALID_ARGUMENT', `“${m.name}”第 ${i + 1} 个值为 ${r}：预测风险必须在 0 到 1 之间`);
    }
  }
}

const odds = (pt: number) => pt / (1 - pt);

/**
 * Decision curves for a binary outcome: for each threshold pt, NB = TP/n − FP/n · pt/(1 − pt),
 * with test positive meaning risk ≥ pt (R: dcurves::dca(y ~ risk1 + risk2, thresholds = …)).
 * @param y outcome coded 1 (event) / 0, complete (no missing values)
 * @throws StatsError for a y other than 0/1, no events or no non-events, risks outside [0, 1],
 *   lengths that differ, or thresholds outside [0, 1).
 */
export function decisionCurve(y: ArrayLike<number>, models: readonly RiskColumn[], thresholds: readonly number[]): Readonly<DecisionCurveResult> {
  const n = y.length;
  if (n < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', '决策曲线至少需要 2 例');
  let events = 0;
  for (let i = 0; i < n; i++) {
    if (y[i] !== 0 && y[i] !== 1) throw new StatsError('INVALID_ARGUMENT', `结局必须编码为 0/1（第 ${i + 1} 个值为 ${y[i]}）`);
    events += y[i]!;
  }
  if (events === 0 || events === n) throw new StatsError('ZERO_VARIANCE', events === 0 ? '结局中没有事件' : '结局全部为事件');
  checkThresholds(thresholds);
  checkRisks(models, n);
  const prevalence = events / n;
  const curve = (name: string, risk: (i: number) => number): DecisionCurve => {
    const out: DecisionCurve = { name, testPositive: [], tpRate: [], fpRate: [], netBenefit: [], standardized: [] };
    for (const pt of thresholds) {
      let tp = 0;
      let fp = 0;
      for (let i = 0; i < n; i++) {
        if (risk(i) >= pt) {
          if (y[i] === 1) tp++;
          else fp++;
        }
      }
      const nb = tp / n - (fp / n) * odds(pt);
      out.testPositive.push((tp + fp) / n);
      out.tpRate.push(tp / n);
      out.fpRate.push(fp / n);
      out.netBenefit.push(nb);
      out.standardized.push(nb / prevalence);
    }
    return out;
  };
  return {
    n,
    prevalence,
    thresholds: [...thresholds],
    curves: models.map((m) => curve(m.name, (i) => m.risk[i]!)),
    all: curve('all', () => Infinity),
    none: curve('none', () => -Infinity),
  };
}

/**
 * Kaplan–Meier risk 1 − S(t) of the cases in `idx` (R: survfit, the last step at or before t);
 * null when none of them was observed up to t (dcurves' rule: max observed time < t).
 */
function kmRisk(time: ArrayLike<number>, status: ArrayLike<number>, idx: readonly number[], t: number): number | null {
  if (idx.length === 0) return 0;
  const order = [...idx].sort((a, b) => time[a]! - time[b]!);
  if (time[order[order.length - 1]!]! < t) return null;
  let s = 1;
  let atRisk = order.length;
  for (let k = 0; k < order.length; ) {
    const tj = time[order[k]!]!;
    if (tj > t) break;
    let d = 0;
    let m = 0;
    while (k < order.length && time[order[k]!]! === tj) {
      d += status[order[k]!]!;
      m++;
      k++;
    }
    if (d > 0) s *= 1 - d / atRisk;
    atRisk -= m;
  }
  return 1 - s;
}

/**
 * Decision curves for a time-to-event outcome at time t (Vickers et al. 2008, as dcurves::dca with
 * Surv() and `time =`): among those with risk ≥ pt, the Kaplan–Meier risk r = 1 − S(t | risk ≥ pt)
 * and the share positive q give TP/n = r·q and FP/n = (1 − r)·q, so
 * NB = r·q − (1 − r)·q·pt/(1 − pt). With nobody positive NB = 0; with no follow-up to t among the
 * positives NB is null (not estimable). Prevalence is 1 − S(t) of the whole sample.
 * @param status 1 = event, 0 = censored; times > 0; complete data
 * @throws StatsError for bad times or status, no events, no follow-up to t in the whole sample,
 *   risks outside [0, 1], or thresholds outside [0, 1).
 */
export function survivalDecisionCurve(
  time: ArrayLike<number>,
  status: ArrayLike<number>,
  t: number,
  models: readonly RiskColumn[],
  thresholds: readonly number[],
): Readonly<DecisionCurveResult> {
  const n = time.length;
  if (status.length !== n) throw new StatsError('INVALID_ARGUMENT', '生存时间与结局的长度不同');
  if (n < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', '决策曲线至少需要 2 例');
  if (!(t > 0)) throw new StatsError('INVALID_ARGUMENT', '评价时间点必须大于 0');
  let events = 0;
  for (let i = 0; i < n; i++) {
    if (!(time[i]! > 0)) throw new StatsError('INVALID_ARGUMENT', `生存时间必须大于 0（第 ${i + 1} 个值为 ${time[i]}）`);
    if (status[i] !== 0 && status[i] !== 1) throw new StatsError('INVALID_ARGUMENT', `结局必须编码为 1（事件）/0（删失）（第 ${i + 1} 个值为 ${status[i]}）`);
    events += status[i]!;
  }
  if (events === 0) throw new StatsError('ZERO_VARIANCE', '没有发生事件');
  checkThresholds(thresholds);
  checkRisks(models, n);
  const everyone = Array.from({ length: n }, (_, i) => i);
  const prevalence = kmRisk(time, status, everyone, t);
  if (prevalence === null) throw new StatsError('INVALID_ARGUMENT', `没有随访达到时间点 ${t} 的病例（最长随访时间小于 ${t}），无法估计该时间点的风险`);
  const curve = (name: string, risk: (i: number) => number): DecisionCurve => {
    const out: DecisionCurve = { name, testPositive: [], tpRate: [], fpRate: [], netBenefit: [], standardized: [] };
    for (const pt of thresholds) {
      const pos = everyone.filter((i) => risk(i) >= pt);
      const q = pos.length / n;
      const r = kmRisk(time, status, pos, t);
      out.testPositive.push(q);
      if (r === null) {
        out.tpRate.push(NaN);
        out.fpRate.push(NaN);
        out.netBenefit.push(null);
        out.standardized.push(null);
        continue;
      }
      const nb = r * q - (1 - r) * q * odds(pt);
      out.tpRate.push(r * q);
      out.fpRate.push((1 - r) * q);
      out.netBenefit.push(nb);
      out.standardized.push(prevalence > 0 ? nb / prevalence : null);
    }
    return out;
  };
  return {
    n,
    prevalence,
    thresholds: [...thresholds],
    curves: models.map((m) => curve(m.name, (i) => m.risk[i]!)),
    all: curve('all', () => Infinity),
    none: curve('none', () => -Infinity),
  };
}

/**
 * A marker turned into a predicted probability by a univariable logistic model (R: dcurves'
 * as_probability, predict(glm(y ~ marker, binomial), type = "response")).
 * @throws StatsError from the fit (separation, constant marker…).
 */
export function markerToRisk(y: ArrayLike<number>, marker: ArrayLike<number>, name = 'marker'): number[] {
  const fit = logisticRegression({ y, predictors: [{ name, values: marker, type: 'numeric' }], profile: false });
  return fit.fitted;
}

/**
 * Predicted risk of an event by time t from a Cox model with Breslow ties: 1 − exp(−Ĥ₀(t)·exp(xβ))
 * with the Breslow cumulative baseline hazard Ĥ₀(t) = Σ_{tⱼ ≤ t} dⱼ / Σ_{i at risk at tⱼ} exp(xᵢβ)
 * (R: 1 − exp(−predict(coxph(…, ties = "breslow"), newdata = {time = t}, type = "expected"))).
 * Rows with a missing value get null.
 * @throws StatsError from the fit.
 */
export function coxRiskAt(input: Omit<CoxInput, 'ties' | 'strata'>, t: number): Array<number | null> {
  if (!(t > 0)) throw new StatsError('INVALID_ARGUMENT', '评价时间点必须大于 0');
  const fit = coxRegression({ ...input, ties: 'breslow' });
  const rows = completeRows([input.time, input.status], input.predictors);
  const cols = design({ predictors: input.predictors, interactions: input.interactions, intercept: false }, rows);
  const beta = fit.coefficients.map((c) => c.estimate);
  const m = rows.length;
  const lp = new Float64Array(m);
  cols.forEach((c, j) => {
    for (let r = 0; r < m; r++) lp[r]! += beta[j]! * c.values[r]!;
  });
  const shift = lp.reduce((a, b) => Math.max(a, b), -Infinity);
  const w = lp.map((v) => Math.exp(v - shift));
  const tm = Array.from(rows, (i) => Number(input.time[i]));
  const st = Array.from(rows, (i) => Number(input.status[i]));
  const order = Array.from({ length: m }, (_, r) => r).sort((a, b) => tm[b]! - tm[a]!);
  // Risk-set sums from the longest time down; events at each distinct time ≤ t.
  let H = 0;
  let riskSum = 0;
  const byTime: Array<{ time: number; d: number; sum: number }> = [];
  for (let k = 0; k < m; ) {
    const tj = tm[order[k]!]!;
    let d = 0;
    while (k < m && tm[order[k]!]! === tj) {
      riskSum += w[order[k]!]!;
      d += st[order[k]!]!;
      k++;
    }
    byTime.push({ time: tj, d, sum: riskSum });
  }
  for (const b of byTime) if (b.time <= t && b.d > 0) H += b.d / b.sum;
  const out: Array<number | null> = Array.from({ length: input.time.length }, () => null);
  rows.forEach((i, r) => {
    out[i] = 1 - Math.exp(-H * w[r]!);
  });
  return out;
}
