// ROC analysis with DeLong's variance (R: pROC::roc, ci.auc(method = "delong"), roc.test, coords).
import { StatsError } from '../errors.js';
import { normalQuantile, normalSf } from '../distributions/normal.js';
import { tTwoSided } from '../distributions/t.js';

export interface RocOptions {
  /** The label value of the diseased (positive) class. Default: 1 for 0/1 data, else the second level in sorted order. */
  positive?: string | number;
  /** '<': higher scores indicate the positive class; '>': lower ones; 'auto' (default) picks by the medians, as pROC. */
  direction?: '<' | '>' | 'auto';
  level?: number;
}

export interface RocPoint {
  threshold: number;
  sensitivity: number;
  specificity: number;
  youden: number;
  ppv: number;
  npv: number;
  accuracy: number;
}

export interface RocResult {
  positive: string;
  negative: string;
  direction: '<' | '>';
  nPositive: number;
  nNegative: number;
  auc: number;
  /** DeLong standard error of the AUC. */
  se: number;
  /** AUC ± z·SE, clipped to [0, 1] (pROC's ci.auc delong). */
  ci: readonly [number, number];
  /** z test of AUC = 0.5 with the DeLong SE. */
  pValue: number;
  /** Every threshold: −∞, the midpoints between distinct scores, +∞ (pROC's coordinates). */
  points: RocPoint[];
  /** The point maximising sensitivity + specificity (the lowest such threshold on ties). */
  best: RocPoint;
  level: number;
}

interface Prepared {
  cases: Float64Array;
  controls: Float64Array;
  positive: string;
  negative: string;
  direction: '<' | '>';
}

function median(xs: Float64Array): number {
  const s = Float64Array.from(xs).sort();
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function prepare(scores: ArrayLike<number | null | undefined>, labels: ArrayLike<string | number | null | undefined>, options: RocOptions): Prepared {
  if (scores.length !== labels.length) throw new StatsError('INVALID_ARGUMENT', '检测值与金标准分组的长度不同');
  const keep: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i];
    const l = labels[i];
    if (typeof s === 'number' && Number.isFinite(s) && l !== null && l !== undefined && l !== '') keep.push(i);
  }
  const levels = [...new Set(keep.map((i) => String(labels[i])))];
  const numeric = levels.every((v) => Number.isFinite(Number(v)));
  levels.sort(numeric ? (a, b) => Number(a) - Number(b) : (a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (levels.length !== 2) throw new StatsError('INVALID_ARGUMENT', `金标准必须恰好有两个类别，当前有${levels.length}个`);
  const positive = options.positive === undefined ? levels[1]! : String(options.positive);
  if (!levels.includes(positive)) throw new StatsError('INVALID_ARGUMENT', `指定的阳性类别“${positive}”不在金标准的取值中`);
  const negative = levels.find((v) => v !== positive)!;
  const cases = Float64Array.from(keep.filter((i) => String(labels[i]) === positive), (i) => scores[i] as number);
  const controls = Float64Array.from(keep.filter((i) => String(labels[i]) === negative), (i) => scores[i] as number);
  if (cases.length < 2 || controls.length < 2) throw new StatsError('GROUP_TOO_SMALL', '阳性组和阴性组都至少需要2例才能估计AUC的标准误');
  let direction = options.direction ?? 'auto';
  if (direction === 'auto') direction = median(controls) <= median(cases) ? '<' : '>';
  return { cases, controls, positive, negative, direction };
}

/**
 * DeLong placement values: V10_i = P(control < case_i) + ½P(tie) over controls, V01_j likewise over
 * cases, for the direction '<' (scores negated for '>'). O((m + n) log(m + n)) by sorting.
 */
function placements(cases: Float64Array, controls: Float64Array, direction: '<' | '>'): { v10: Float64Array; v01: Float64Array; auc: number } {
  const sign = direction === '<' ? 1 : -1;
  const sortedControls = Float64Array.from(controls, (v) => sign * v).sort();
  const sortedCases = Float64Array.from(cases, (v) => sign * v).sort();
  const lessAndEqual = (sorted: Float64Array, x: number): [number, number] => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    const less = lo;
    hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! <= x) lo = mid + 1;
      else hi = mid;
    }
    return [less, lo - less];
  };
  const v10 = Float64Array.from(cases, (c) => {
    const [less, equal] = lessAndEqual(sortedControls, sign * c);
    return (less + equal / 2) / controls.length;
  });
  const v01 = Float64Array.from(controls, (c) => {
    const [less, equal] = lessAndEqual(sortedCases, sign * c);
    return (cases.length - less - equal + equal / 2) / cases.length;
  });
  let auc = 0;
  for (const v of v10) auc += v;
  return { v10, v01, auc: auc / cases.length };
}

function covariance(a: Float64Array, b: Float64Array): number {
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < a.length; i++) {
    ma += a[i]!;
    mb += b[i]!;
  }
  ma /= a.length;
  mb /= b.length;
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i]! - ma) * (b[i]! - mb);
  return s / (a.length - 1);
}

function delongVariance(p: { v10: Float64Array; v01: Float64Array }): number {
  return covariance(p.v10, p.v10) / p.v10.length + covariance(p.v01, p.v01) / p.v01.length;
}

function coordinates(d: Prepared): RocPoint[] {
  const all = Float64Array.from([...d.cases, ...d.controls]).sort();
  const distinct = [...new Set(all)];
  const thresholds = [-Infinity, ...distinct.slice(1).map((v, i) => (distinct[i]! + v) / 2), Infinity];
  const m = d.cases.length;
  const n = d.controls.length;
  // One sweep over the sorted scores (O(n log n), not a pass per threshold): '<' calls a score
  // positive when it is above the threshold, '>' when it is below, so count the scores ≤ t or < t.
  const cases = Float64Array.from(d.cases).sort();
  const controls = Float64Array.from(d.controls).sort();
  const below = d.direction === '<' ? (x: number, t: number) => x <= t : (x: number, t: number) => x < t;
  let casesBelow = 0;
  let controlsBelow = 0;
  return thresholds.map((t) => {
    while (casesBelow < m && below(cases[casesBelow]!, t)) casesBelow++;
    while (controlsBelow < n && below(controls[controlsBelow]!, t)) controlsBelow++;
    const tp = d.direction === '<' ? m - casesBelow : casesBelow;
    const fp = d.direction === '<' ? n - controlsBelow : controlsBelow;
    const sensitivity = tp / m;
    const specificity = (n - fp) / n;
    return {
      threshold: t,
      sensitivity,
      specificity,
      youden: sensitivity + specificity - 1,
      ppv: tp + fp > 0 ? tp / (tp + fp) : NaN,
      npv: n - fp + (m - tp) > 0 ? (n - fp) / (n - fp + m - tp) : NaN,
      accuracy: (tp + n - fp) / (m + n),
    };
  });
}

/**
 * ROC curve of a continuous test against a two-class reference: AUC with DeLong SE and CI, the
 * full coordinate table and the Youden-optimal cut-off.
 * @throws StatsError unless the reference has exactly two classes with at least two cases each.
 */
export function rocCurve(scores: ArrayLike<number | null | undefined>, labels: ArrayLike<string | number | null | undefined>, options: RocOptions = {}): RocResult {
  const level = options.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new StatsError('INVALID_ARGUMENT', '置信水平必须在0到1之间');
  const d = prepare(scores, labels, options);
  const pl = placements(d.cases, d.controls, d.direction);
  const se = Math.sqrt(delongVariance(pl));
  const z = normalQuantile(1 - (1 - level) / 2);
  const points = coordinates(d);
  const best = points.reduce((b, p) => (p.youden > b.youden ? p : b), points[0]!);
  return {
    positive: d.positive,
    negative: d.negative,
    direction: d.direction,
    nPositive: d.cases.length,
    nNegative: d.controls.length,
    auc: pl.auc,
    se,
    ci: [Math.max(0, pl.auc - z * se), Math.min(1, pl.auc + z * se)],
    pValue: se > 0 ? 2 * normalSf(Math.abs(pl.auc - 0.5) / se) : NaN,
    points,
    best,
    level,
  };
}

export interface RocComparison {
  auc1: number;
  auc2: number;
  difference: number;
  se: number;
  /** Z (paired) or D (unpaired, with Welch-type df). */
  statistic: number;
  df: number | null;
  pValue: number;
  /** CI of the difference (paired only, as pROC). */
  ci: readonly [number, number] | null;
}

/**
 * DeLong's test of two correlated AUCs: two tests measured on the same subjects (same labels).
 * Each test keeps its own direction ('auto' by default), as pROC::roc.test(method = "delong").
 */
export function compareCorrelatedAuc(
  scores1: ArrayLike<number>,
  scores2: ArrayLike<number>,
  labels: ArrayLike<string | number>,
  options: RocOptions = {},
): RocComparison {
  if (scores1.length !== scores2.length) throw new StatsError('INVALID_ARGUMENT', '配对比较的两个检测值长度必须相同');
  const keep: number[] = [];
  for (let i = 0; i < scores1.length; i++) if (Number.isFinite(scores1[i]) && Number.isFinite(scores2[i])) keep.push(i);
  const pick = (xs: ArrayLike<number | string>) => keep.map((i) => xs[i]!);
  const d1 = prepare(pick(scores1) as number[], pick(labels), options);
  const d2 = prepare(pick(scores2) as number[], pick(labels), options);
  const p1 = placements(d1.cases, d1.controls, d1.direction);
  const p2 = placements(d2.cases, d2.controls, d2.direction);
  const variance = delongVariance(p1) + delongVariance(p2) - 2 * (covariance(p1.v10, p2.v10) / p1.v10.length + covariance(p1.v01, p2.v01) / p1.v01.length);
  const se = Math.sqrt(variance);
  const difference = p1.auc - p2.auc;
  const statistic = difference / se;
  const z = normalQuantile(1 - (1 - (options.level ?? 0.95)) / 2);
  return { auc1: p1.auc, auc2: p2.auc, difference, se, statistic, df: null, pValue: 2 * normalSf(Math.abs(statistic)), ci: [difference - z * se, difference + z * se] };
}

/** DeLong comparison of AUCs from two independent samples: D = ΔAUC/√(V₁+V₂) on Welch-type df, as pROC. */
export function compareIndependentAuc(
  scores1: ArrayLike<number | null | undefined>,
  labels1: ArrayLike<string | number | null | undefined>,
  scores2: ArrayLike<number | null | undefined>,
  labels2: ArrayLike<string | number | null | undefined>,
  options: RocOptions = {},
): RocComparison {
  const d1 = prepare(scores1, labels1, options);
  const d2 = prepare(scores2, labels2, options);
  const p1 = placements(d1.cases, d1.controls, d1.direction);
  const p2 = placements(d2.cases, d2.controls, d2.direction);
  const v1 = delongVariance(p1);
  const v2 = delongVariance(p2);
  const n1 = d1.cases.length + d1.controls.length;
  const n2 = d2.cases.length + d2.controls.length;
  const se = Math.sqrt(v1 + v2);
  const difference = p1.auc - p2.auc;
  const statistic = difference / se;
  const df = (v1 + v2) ** 2 / (v1 ** 2 / (n1 - 1) + v2 ** 2 / (n2 - 1));
  return { auc1: p1.auc, auc2: p2.auc, difference, se, statistic, df, pValue: tTwoSided(statistic, df), ci: null };
}
