// Validation of logistic and Cox prediction models: apparent performance (C/Dxy, Nagelkerke R², Brier),
// Hosmer–Lemeshow, lowess calibration, and bootstrap optimism correction as rms::validate and
// rms::calibrate (method "boot"; for Cox calibrate.cph with cmethod "KM") with a seeded resampler.
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { quantileSorted } from '../descriptive/quantile.js';
import { seededRandom } from '../internal/random.js';
import { binomialFamily, irls } from '../regression/glm.js';
import { coxRegression } from '../survival/cox.js';
import { coxBaselineSurvival, survivalAt } from './nomogram.js';
import { maxOf } from '../descriptive/extent.js';

/**
 * R's lowess(x, y, f, iter) (Cleveland's clowess, delta = 0.01 × range): points sorted by x (ties
 * in their original order), the smoothed y at each.
 */
export function lowess(x: readonly number[], y: readonly number[], options: { f?: number; iter?: number; delta?: number } = {}): { x: number[]; y: number[] } {
  const n = x.length;
  if (y.length !== n) throw new StatsError('INVALID_ARGUMENT', 'lowess：x 与 y 长度不一致');
  const order = x.map((_, i) => i).sort((a, b) => x[a]! - x[b]! || a - b);
  const xs = order.map((i) => x[i]!);
  const yv = order.map((i) => y[i]!);
  const f = options.f ?? 2 / 3;
  const nsteps = options.iter ?? 3;
  const delta = options.delta ?? 0.01 * (n > 0 ? xs[n - 1]! - xs[0]! : 0);
  if (n < 2) return { x: xs, y: yv.slice() };
  // 1-based arrays below follow R's C code (index 0 unused).
  const X = new Float64Array(n + 1);
  const Y = new Float64Array(n + 1);
  for (let i = 1; i <= n; i++) {
    X[i] = xs[i - 1]!;
    Y[i] = yv[i - 1]!;
  }
  const ys = new Float64Array(n + 1);
  const rw = new Float64Array(n + 1).fill(1);
  const w = new Float64Array(n + 1);
  const res = new Float64Array(n + 1);
  const range = X[n]! - X[1]!;
  let ok = true;
  const lowest = (xsv: number, nleft: number, nright: number, userw: boolean): number => {
    const h = Math.max(xsv - X[nleft]!, X[nright]! - xsv);
    const h9 = 0.999 * h;
    const h1 = 0.001 * h;
    let a = 0;
    let j = nleft;
    while (j <= n) {
      w[j] = 0;
      const r = Math.abs(X[j]! - xsv);
      if (r <= h9) {
        if (r <= h1) w[j] = 1;
        else {
          const q = r / h;
          const c = 1 - q * q * q;
          w[j] = c * c * c;
        }
        if (userw) w[j] = w[j]! * rw[j]!;
        a += w[j]!;
      } else if (X[j]! > xsv) break;
      j++;
    }
    const nrt = j - 1;
    ok = a > 0;
    if (!ok) return 0;
    for (j = nleft; j <= nrt; j++) w[j] = w[j]! / a;
    if (h > 0) {
      a = 0;
      for (j = nleft; j <= nrt; j++) a += w[j]! * X[j]!;
      let b = xsv - a;
      let c = 0;
      for (j = nleft; j <= nrt; j++) c += w[j]! * (X[j]! - a) * (X[j]! - a);
      if (Math.sqrt(c) > 0.001 * range) {
        b /= c;
        for (j = nleft; j <= nrt; j++) w[j] = w[j]! * (b * (X[j]! - a) + 1);
      }
    }
    let out = 0;
    for (j = nleft; j <= nrt; j++) out += w[j]! * Y[j]!;
    return out;
  };
  const ns = Math.max(2, Math.min(n, Math.floor(f * n + 1e-7)));
  for (let iter = 1; iter <= nsteps + 1; iter++) {
    let nleft = 1;
    let nright = ns;
    let last = 0;
    let i = 1;
    for (;;) {
      if (nright < n) {
        const d1 = X[i]! - X[nleft]!;
        const d2 = X[nright + 1]! - X[i]!;
        if (d1 > d2) {
          nleft++;
          nright++;
          continue;
        }
      }
      const fit = lowest(X[i]!, nleft, nright, iter > 1);
      ys[i] = ok ? fit : Y[i]!;
      if (last < i - 1) {
        const denom = X[i]! - X[last]!;
        for (let j = last + 1; j < i; j++) {
          const alpha = (X[j]! - X[last]!) / denom;
          ys[j] = alpha * ys[i]! + (1 - alpha) * ys[last]!;
        }
      }
      last = i;
      const cut = X[last]! + delta;
      for (i = last + 1; i <= n; i++) {
        if (X[i]! > cut) break;
        if (X[i] === X[last]) {
          ys[i] = ys[last]!;
          last = i;
        }
      }
      i = Math.max(last + 1, i - 1);
      if (last >= n) break;
    }
    for (let k = 1; k <= n; k++) res[k] = Y[k]! - ys[k]!;
    let sc = 0;
    for (let k = 1; k <= n; k++) sc += Math.abs(res[k]!);
    sc /= n;
    if (iter > nsteps) break;
    const abs = Array.from(res.subarray(1), Math.abs).sort((p, q) => p - q);
    const m1 = Math.floor(n / 2);
    const cmad = n % 2 === 0 ? 3 * (abs[m1]! + abs[n - m1 - 1]!) : 6 * abs[m1]!;
    if (cmad < 1e-7 * sc) break;
    const c9 = 0.999 * cmad;
    const c1 = 0.001 * cmad;
    for (let k = 1; k <= n; k++) {
      const r = Math.abs(res[k]!);
      rw[k] = r <= c1 ? 1 : r <= c9 ? (1 - (r / cmad) ** 2) ** 2 : 0;
    }
  }
  return { x: xs, y: Array.from(ys.subarray(1)) };
}

/** Linear interpolation of a curve at `at` (R approx(ties = first value), NaN outside its x range). */
function approxAt(curve: { x: number[]; y: number[] }, at: readonly number[]): number[] {
  const xs: number[] = [];
  const ys: number[] = [];
  curve.x.forEach((v, i) => {
    if (xs.length === 0 || v !== xs[xs.length - 1]) {
      xs.push(v);
      ys.push(curve.y[i]!);
    }
  });
  return at.map((t) => {
    if (!(t >= xs[0]! && t <= xs[xs.length - 1]!)) return NaN;
    let lo = 0;
    let hi = xs.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (xs[mid]! <= t) lo = mid;
      else hi = mid;
    }
    if (xs[lo] === t || hi === lo) return ys[lo]!;
    if (xs[hi] === t) return ys[hi]!;
    return ys[lo]! + ((ys[hi]! - ys[lo]!) * (t - xs[lo]!)) / (xs[hi]! - xs[lo]!);
  });
}

/** C statistic (area under the ROC curve, ties ½) of scores against 0/1 outcomes; Dxy = 2C − 1 (Hmisc::somers2). */
export function concordanceIndex(score: readonly number[], y: readonly number[]): number {
  const idx = score.map((_, i) => i).sort((a, b) => score[a]! - score[b]!);
  let n1 = 0;
  let rankSum = 0;
  for (let q = 0; q < idx.length; ) {
    let e = q;
    while (e + 1 < idx.length && score[idx[e + 1]!] === score[idx[q]!]) e++;
    const rank = (q + e + 2) / 2;
    for (let k = q; k <= e; k++) if (y[idx[k]!] === 1) {
      n1++;
      rankSum += rank;
    }
    q = e + 1;
  }
  const n0 = idx.length - n1;
  return (rankSum - (n1 * (n1 + 1)) / 2) / (n1 * n0);
}

export interface HosmerLemeshowResult {
  statistic: number;
  df: number;
  pValue: number;
  groups: Array<{ n: number; observed: number; expected: number; upper: number }>;
}

/**
 * Hosmer–Lemeshow test as ResourceSelection::hoslem.test(y, p, g): groups cut at the quantiles
 * (type 7) of the predicted risks (first group closed on the left), χ² = Σ over both outcome columns
 * of (O − E)²/E, df = g − 2. Coinciding quantiles (many tied risks) are merged, which R refuses;
 * df then counts the groups left.
 * @throws StatsError for unequal lengths, outcomes other than 0/1, risks outside (0, 1) or g < 3.
 */
export function hosmerLemeshow(y: readonly number[], p: readonly number[], g = 10): HosmerLemeshowResult {
  if (y.length !== p.length) throw new StatsError('INVALID_ARGUMENT', '结局与预测概率的长度不一致');
  if (y.some((v) => v !== 0 && v !== 1)) throw new StatsError('INVALID_ARGUMENT', '结局必须为 0/1');
  if (p.some((v) => !(v > 0 && v < 1))) throw new StatsError('INVALID_ARGUMENT', '预测概率必须在 0 与 1 之间');
  if (!(Number.isInteger(g) && g >= 3)) throw new StatsError('INVALID_ARGUMENT', 'Hosmer–Lemeshow 检验的组数至少为 3');
  const sorted = [...p].sort((a, b) => a - b);
  const breaks = [...new Set(quantileSorted(sorted, Array.from({ length: g + 1 }, (_, k) => k / g)))];
  const groups = breaks.slice(1).map((upper) => ({ n: 0, observed: 0, expected: 0, upper }));
  p.forEach((v, i) => {
    let k = 0;
    while (k < groups.length - 1 && v > groups[k]!.upper) k++;
    const grp = groups[k]!;
    grp.n++;
    grp.observed += y[i]!;
    grp.expected += v;
  });
  const used = groups.filter((grp) => grp.n > 0);
  let statistic = 0;
  for (const grp of used) statistic += (grp.observed - grp.expected) ** 2 / grp.expected + (grp.observed - grp.expected) ** 2 / (grp.n - grp.expected);
  const df = used.length - 2;
  return { statistic, df, pValue: df > 0 ? chisqSf(statistic, df) : NaN, groups: used };
}

/** Mean squared difference between 0/1 outcomes and predicted risks. */
export const brierScore = (y: readonly number[], p: readonly number[]): number => y.reduce((s, v, i) => s + (v - p[i]!) ** 2, 0) / y.length;

interface LogitFit {
  beta: Float64Array;
  deviance: number;
  nullDeviance: number;
  n: number;
}

const binaryDeviance = (y: readonly number[], p: (i: number) => number) => {
  let d = 0;
  y.forEach((v, i) => {
    const q = p(i);
    d -= 2 * (v === 1 ? Math.log(q) : Math.log(1 - q));
  });
  return d;
};

/**
 * Logistic fit of y on the columns (intercept added); null when it fails to converge or separates.
 * `start` (e.g. the original fit's coefficients for a bootstrap refit) saves IRLS iterations.
 */
function fitLogit(cols: readonly Float64Array[], y: readonly number[], start?: Float64Array): LogitFit | null {
  const n = y.length;
  const ones = new Float64Array(n).fill(1);
  const yv = Float64Array.from(y);
  let fit;
  try {
    fit = irls(binomialFamily, [ones, ...cols], yv, null, ['(Intercept)', ...cols.map((_, j) => `x${j}`)], start);
  } catch (err) {
    if (err instanceof StatsError) return null;
    throw err;
  }
  if (!fit.converged || Array.from(fit.beta).some((b) => !Number.isFinite(b) || Math.abs(b) > 30)) return null;
  const m = y.reduce((a, b) => a + b, 0) / n;
  return { beta: fit.beta, deviance: fit.deviance, nullDeviance: binaryDeviance(y, () => m), n };
}

/** Nagelkerke R² as rms::lrm's R2: (1 − e^(−LR/n)) / (1 − e^(−D₀/n)). */
const r2Of = (lr: number, dev0: number, n: number) => (1 - Math.exp(-lr / n)) / (1 - Math.exp(-dev0 / n));
const plogis = (v: number) => 1 / (1 + Math.exp(-v));

export const VALIDATION_INDEXES = ['Dxy', 'C', 'R2', 'Intercept', 'Slope', 'Brier'] as const;
export type ValidationIndex = (typeof VALIDATION_INDEXES)[number];

export interface ValidationRow {
  index: ValidationIndex;
  apparent: number;
  /** Mean over the bootstrap fits of the index in their own sample, and in the original sample. */
  training: number;
  test: number;
  optimism: number;
  corrected: number;
  /** Monte Carlo standard error of the optimism (SD of the replicates' optimism / √B). */
  optimismSe: number;
}

export interface CalibrationCurve {
  /** Grid of predicted risks: 50 points from the 5th smallest to the 5th largest prediction (rms). */
  predicted: number[];
  /** lowess(iter = 0) of the outcome on the model's predictions, at the grid. */
  apparent: number[];
  /** apparent − optimism (NaN where no replicate covered the grid point). */
  corrected: number[];
  optimism: number[];
  /** Mean and 0.9 quantile of |prediction − corrected curve| over the subjects (rms print.calibrate). */
  meanAbsoluteError: number;
  meanSquaredError: number;
  quantile90: number;
}

export interface LogisticValidationInput {
  /** Design columns of the model without the intercept (dummy columns for factors). */
  columns: ReadonlyArray<ArrayLike<number>>;
  /** 0/1 outcome. */
  y: readonly number[];
  /** Bootstrap replicates (rms B; default 200). */
  B?: number;
  seed?: number;
  /** Bootstrap samples to use instead of drawing them (0-based row indices, each of length n); for tests. */
  samples?: ReadonlyArray<readonly number[]>;
}

export interface LogisticValidationResult {
  n: number;
  events: number;
  coefficients: number[];
  fitted: number[];
  indexes: ValidationRow[];
  calibration: CalibrationCurve;
  hosmerLemeshow: HosmerLemeshowResult;
  /** Replicates asked for, and those whose fit failed (separation, no convergence) and were left out as rms does. */
  B: number;
  failed: number;
  seed: number;
}

/** Linear predictor of the columns at the given rows (all n rows when null); beta[0] is the intercept when `intercept`. */
function linearPredictor(cols: readonly Float64Array[], n: number, beta: ArrayLike<number>, intercept: boolean, rows: readonly number[] | null): number[] {
  const m = rows ? rows.length : n;
  const skip = intercept ? 1 : 0;
  const out = new Array<number>(m);
  for (let r = 0; r < m; r++) {
    const i = rows ? rows[r]! : r;
    let e = intercept ? beta[0]! : 0;
    for (let j = 0; j < cols.length; j++) e += beta[j + skip]! * cols[j]![i]!;
    out[r] = e;
  }
  return out;
}

/** One bootstrap replicate's indexes in its own sample (train) and in the original sample (test). */
interface Replicate {
  train: number[];
  test: number[];
  /** The calibration measure per point in the resample and in the original sample; null to skip it. */
  calibration: () => [number[], number[]] | null;
}

/**
 * The bootstrap loop of validateLogistic and validateCox: draws B resamples with the seeded generator
 * (or takes the given ones), lets the model refit and measure each (`replicate` returns null when the
 * refit fails, counted in `failed`), and averages training − test of every index and calibration
 * point over the replicates where it is finite, as rms::validate and rms::calibrate.
 */
function bootstrapOptimism(
  opts: { n: number; B: number; seed: number; samples: ReadonlyArray<readonly number[]> | undefined; indexes: number; calibrationPoints: number },
  replicate: (rows: number[]) => Replicate | null,
) {
  const K = opts.indexes;
  const sum = new Array<number>(K).fill(0);
  const sumSq = new Array<number>(K).fill(0);
  const trainSum = new Array<number>(K).fill(0);
  const testSum = new Array<number>(K).fill(0);
  const count = new Array<number>(K).fill(0);
  const calSum = new Array<number>(opts.calibrationPoints).fill(0);
  const calCount = new Array<number>(opts.calibrationPoints).fill(0);
  const rng = seededRandom(opts.seed);
  let failed = 0;
  for (let b = 0; b < opts.B; b++) {
    const rows = opts.samples ? [...opts.samples[b]!] : Array.from({ length: opts.n }, () => rng.int(opts.n));
    const rep = replicate(rows);
    if (!rep) {
      failed++;
      continue;
    }
    for (let k = 0; k < K; k++) {
      const o = rep.train[k]! - rep.test[k]!;
      if (!Number.isFinite(o)) continue;
      trainSum[k]! += rep.train[k]!;
      testSum[k]! += rep.test[k]!;
      sum[k]! += o;
      sumSq[k]! += o * o;
      count[k]!++;
    }
    const cal = rep.calibration();
    if (!cal) continue;
    const [inSample, inOriginal] = cal;
    for (let g = 0; g < opts.calibrationPoints; g++) {
      const o = inSample[g]! - inOriginal[g]!;
      if (!Number.isFinite(o)) continue;
      calSum[g]! += o;
      calCount[g]!++;
    }
  }
  return {
    failed,
    /** Mean optimism per calibration point (NaN where no replicate covered it). */
    calibrationOptimism: calSum.map((s, g) => (calCount[g]! > 0 ? s / calCount[g]! : NaN)),
    rows: (names: readonly ValidationIndex[], apparent: readonly number[]): ValidationRow[] =>
      names.map((index, k) => {
        const m = count[k]! > 0 ? sum[k]! / count[k]! : NaN;
        const sd = count[k]! > 1 ? Math.sqrt(Math.max(0, (sumSq[k]! - count[k]! * m * m) / (count[k]! - 1))) : NaN;
        return { index, apparent: apparent[k]!, training: trainSum[k]! / count[k]!, test: testSum[k]! / count[k]!, optimism: m, corrected: apparent[k]! - m, optimismSe: sd / Math.sqrt(count[k]!) };
      }),
  };
}

/**
 * Internal validation of a logistic model by the bootstrap (rms::validate and rms::calibrate with
 * method = "boot"): each replicate refits the model on a resample and measures it there (training)
 * and on the original data (test); optimism = mean(training − test), corrected = apparent − optimism.
 * Indexes as validate.lrm: Dxy (somers2 of the linear predictor), C = Dxy/2 + ½, Nagelkerke R²
 * (test: of the recalibration fit y ~ lp), calibration intercept and slope (test: that fit's
 * coefficients; apparent 0 and 1), Brier score of plogis(lp). The calibration curve is
 * lowess(predicted, y, iter = 0) at 50 grid points, corrected the same way, as calibrate.default.
 * Replicates draw with the seeded generator (so the same seed repeats exactly); R draws with its
 * own, so bootstrap results agree with R only within Monte Carlo error.
 * @throws StatsError when the outcome is not 0/1 with both values, n < 11, or the model cannot be fitted.
 */
export function validateLogistic(input: LogisticValidationInput): Readonly<LogisticValidationResult> {
  const y = input.y;
  const n = y.length;
  if (y.some((v) => v !== 0 && v !== 1)) throw new StatsError('INVALID_ARGUMENT', '结局必须为 0/1');
  const events = y.reduce((a, b) => a + b, 0);
  if (events === 0 || events === n) throw new StatsError('INVALID_ARGUMENT', '结局只有一种取值，无法验证模型');
  if (n < 11) throw new StatsError('INVALID_ARGUMENT', '样本量至少 11 例才能绘制校准曲线');
  const cols = input.columns.map((c) => Float64Array.from(c as ArrayLike<number>));
  if (cols.some((c) => c.length !== n)) throw new StatsError('INVALID_ARGUMENT', '设计矩阵与结局的行数不一致');
  const B = input.samples ? input.samples.length : Math.max(1, Math.floor(input.B ?? 200));
  const seed = input.seed ?? 1;
  const full = fitLogit(cols, y);
  if (!full) throw new StatsError('SEPARATION', '模型无法收敛（可能存在完全分离），无法进行验证');
  const lpWith = (beta: Float64Array, rows: readonly number[] | null) => linearPredictor(cols, n, beta, true, rows);
  const lp = lpWith(full.beta, null);
  const fitted = lp.map(plogis);

  const measure = (xb: number[], yy: number[], fit: LogitFit | null): number[] => {
    const c = concordanceIndex(xb, yy);
    const brier = brierScore(yy, xb.map(plogis));
    if (fit) return [2 * c - 1, c, r2Of(fit.nullDeviance - fit.deviance, fit.nullDeviance, yy.length), 0, 1, brier];
    const re = fitLogit([Float64Array.from(xb)], yy, Float64Array.of(0, 1));
    if (!re) return [2 * c - 1, c, NaN, NaN, NaN, brier];
    return [2 * c - 1, c, r2Of(re.nullDeviance - re.deviance, re.nullDeviance, yy.length), re.beta[0]!, re.beta[1]!, brier];
  };
  const apparent = measure(lp, [...y], full);

  const sortedP = [...fitted].sort((a, b) => a - b);
  const lo = sortedP[4]!;
  const hi = sortedP[n - 5]!;
  const predicted = Array.from({ length: 50 }, (_, k) => lo + ((hi - lo) * k) / 49);
  const calError = (p: number[], yy: number[]) => approxAt(lowess(p, yy, { iter: 0 }), predicted).map((v, k) => v - predicted[k]!);
  const apparentCal = calError(fitted, [...y]).map((v, k) => v + predicted[k]!);

  const boot = bootstrapOptimism({ n, B, seed, samples: input.samples, indexes: VALIDATION_INDEXES.length, calibrationPoints: predicted.length }, (rows) => {
    const yb = rows.map((i) => y[i]!);
    const fit = fitLogit(cols.map((c) => Float64Array.from(rows, (i) => c[i]!)), yb, full.beta);
    if (!fit || yb.every((v) => v === yb[0])) return null;
    const xbSample = lpWith(fit.beta, rows);
    const xbAll = lpWith(fit.beta, null);
    return {
      train: measure(xbSample, yb, fit),
      test: measure(xbAll, [...y], null),
      calibration: () => [calError(xbSample.map(plogis), yb), calError(xbAll.map(plogis), [...y])],
    };
  });
  if (boot.failed === B) throw new StatsError('NOT_CONVERGED', '全部 Bootstrap 样本的模型均无法拟合（可能存在完全分离）');
  const indexes = boot.rows(VALIDATION_INDEXES, apparent);
  const optimism = boot.calibrationOptimism;
  const corrected = apparentCal.map((v, g) => v - optimism[g]!);
  const curve = { x: predicted.filter((_, g) => Number.isFinite(corrected[g]!)), y: corrected.filter((v) => Number.isFinite(v)) };
  const err = fitted.map((p) => Math.abs(p - (approxAt(curve, [p])[0] ?? NaN))).filter((v) => Number.isFinite(v));
  const sortedErr = [...err].sort((a, b) => a - b);
  return {
    n,
    events,
    coefficients: Array.from(full.beta),
    fitted,
    indexes,
    calibration: {
      predicted,
      apparent: apparentCal,
      corrected,
      optimism,
      meanAbsoluteError: err.reduce((a, b) => a + b, 0) / err.length,
      meanSquaredError: err.reduce((a, b) => a + b * b, 0) / err.length,
      quantile90: sortedErr.length > 0 ? quantileSorted(sortedErr, [0.9])[0]! : NaN,
    },
    hosmerLemeshow: hosmerLemeshow([...y], fitted),
    B,
    failed: boot.failed,
    seed,
  };
}

/**
 * Harrell's C of a risk score against right-censored times as Hmisc::rcorr.cens on −score (rms
 * dxy.cens type "hazard"): a pair is usable when the shorter time is an event, or the times tie and
 * only one of them is an event; concordant when the event has the higher score, score ties count ½.
 */
export function survivalConcordance(score: readonly number[], time: readonly number[], status: readonly number[]): number {
  const n = score.length;
  let usable = 0;
  let concordant = 0;
  for (let i = 0; i < n; i++) {
    if (status[i] !== 1) continue;
    for (let j = 0; j < n; j++) {
      if (!(time[j]! > time[i]! || (time[j] === time[i] && status[j] !== 1))) continue;
      usable++;
      if (score[i]! > score[j]!) concordant++;
      else if (score[i] === score[j]) concordant += 0.5;
    }
  }
  return concordant / usable;
}

export interface CoxValidationInput {
  /** Design columns of the model (dummy columns for factors). */
  columns: ReadonlyArray<ArrayLike<number>>;
  time: readonly number[];
  /** 1 = event, 0 = censored. */
  status: readonly number[];
  /** Time at which calibration is assessed (rms calibrate.cph u). */
  u: number;
  /** Number of risk groups of the calibration (rms: n / m); default 5. */
  groups?: number;
  B?: number;
  seed?: number;
  samples?: ReadonlyArray<readonly number[]>;
}

export interface CoxCalibrationGroup {
  n: number;
  events: number;
  /** Mean predicted survival at u. */
  predicted: number;
  /** Kaplan–Meier survival at u in the group, and its bias-corrected value. */
  observed: number;
  corrected: number;
  optimism: number;
}

export interface CoxValidationResult {
  n: number;
  events: number;
  coefficients: number[];
  /** Dxy (C − ½)·2, C, R², Slope as rms validate.cph; Intercept and Brier are not defined here. */
  indexes: ValidationRow[];
  u: number;
  /** Baseline survival at u for the mean linear predictor. */
  baselineAtU: number;
  /** Each subject's predicted survival at u. */
  predicted: number[];
  calibration: CoxCalibrationGroup[];
  B: number;
  failed: number;
  seed: number;
}

interface CoxFitLite {
  beta: number[];
  logLik: number;
  logLikNull: number;
}

/** Cox fit (Efron ties) of the columns; null when it fails (no convergence, a constant column). */
function fit(cols: readonly Float64Array[], time: readonly number[], status: readonly number[]): CoxFitLite | null {
  try {
    const f = coxRegression({ time, status, predictors: cols.map((c, j) => ({ name: `x${j}`, values: c, type: 'numeric' as const })), ties: 'efron' });
    if (f.coefficients.some((c) => !Number.isFinite(c.estimate) || Math.abs(c.estimate) > 30)) return null;
    return { beta: f.coefficients.map((c) => c.estimate), logLik: f.logLik, logLikNull: f.logLikNull };
  } catch (err) {
    if (err instanceof StatsError) return null;
    throw err;
  }
}

/**
 * Internal validation of a Cox model by the bootstrap, as rms::validate.cph (Dxy, R², Slope) and
 * rms::calibrate.cph(cmethod = "KM", u): subjects grouped by predicted survival at u (cuts at the
 * quantiles of the original predictions, `groups` groups), the Kaplan–Meier survival at u in each
 * group against the mean prediction; optimism of (KM − predicted) per group from the bootstrap.
 * Replicates with fewer than 5 events give no calibration (as rms). Seeded as validateLogistic.
 * @throws StatsError when there are no events, u is not inside the follow-up or the model cannot be fitted.
 */
export function validateCox(input: CoxValidationInput): Readonly<CoxValidationResult> {
  const { time, status, u } = input;
  const n = time.length;
  const events = status.reduce((a, b) => a + b, 0);
  if (events === 0) throw new StatsError('INVALID_ARGUMENT', '没有发生事件，无法验证 Cox 模型');
  if (!(u > 0 && u <= maxOf(time))) throw new StatsError('INVALID_ARGUMENT', '校准的时间点须在随访时间范围内');
  const cols = input.columns.map((c) => Float64Array.from(c as ArrayLike<number>));
  const B = input.samples ? input.samples.length : Math.max(1, Math.floor(input.B ?? 200));
  const seed = input.seed ?? 1;
  const full = fit(cols, time, status);
  if (!full) throw new StatsError('NOT_CONVERGED', 'Cox 模型无法收敛，无法进行验证');
  const lpWith = (beta: readonly number[], rows: readonly number[] | null) => linearPredictor(cols, n, beta, false, rows);
  const r2 = (f: CoxFitLite, m: number) => (1 - Math.exp((-2 * (f.logLik - f.logLikNull)) / m)) / (1 - Math.exp((2 * f.logLikNull) / m));
  const measure = (xb: number[], t: readonly number[], s: readonly number[], f: CoxFitLite | null): number[] => {
    const c = survivalConcordance(xb, t, s);
    if (f) return [2 * c - 1, c, r2(f, t.length), 1];
    const re = fit([Float64Array.from(xb)], t, s);
    if (!re) return [2 * c - 1, c, NaN, NaN];
    return [2 * c - 1, c, r2(re, t.length), re.beta[0]!];
  };
  const lp = lpWith(full.beta, null);
  const apparent = measure(lp, time, status, full);
  const base = coxBaselineSurvival([...time], [...status], lp, 'efron');
  const s0 = survivalAt(base, u);
  const predicted = lp.map((v) => s0 ** Math.exp(v - base.centre));

  // Calibration groups: cuts at quantiles of c(0, 1, predictions) as calibrate.cph, intervals [a, b).
  const g = Math.max(1, Math.floor(input.groups ?? 5));
  const pool = [0, 1, ...predicted].sort((a, b) => a - b);
  const cuts = [...new Set(quantileSorted(pool, Array.from({ length: g + 1 }, (_, k) => k / g)))];
  const groupOf = (p: number) => {
    let k = 0;
    while (k < cuts.length - 2 && p >= cuts[k + 1]!) k++;
    return k;
  };
  const groupKm = (pred: number[], t: readonly number[], s: readonly number[]) => {
    const G = cuts.length - 1;
    const members: number[][] = Array.from({ length: G }, () => []);
    pred.forEach((p, i) => members[groupOf(p)]!.push(i));
    return members.map((idx) => {
      if (idx.length < 2) return { n: idx.length, events: 0, predicted: idx.length === 1 ? pred[idx[0]!]! : NaN, observed: NaN };
      const km = kmAt(idx.map((i) => t[i]!), idx.map((i) => s[i]!), u);
      return { n: idx.length, events: idx.reduce((a, i) => a + s[i]!, 0), predicted: idx.reduce((a, i) => a + pred[i]!, 0) / idx.length, observed: km };
    });
  };
  const appGroups = groupKm(predicted, time, status);

  const boot = bootstrapOptimism({ n, B, seed, samples: input.samples, indexes: 4, calibrationPoints: appGroups.length }, (rows) => {
    const tb = rows.map((i) => time[i]!);
    const sb = rows.map((i) => status[i]!);
    const fb = sb.some((v) => v === 1) ? fit(cols.map((c) => Float64Array.from(rows, (i) => c[i]!)), tb, sb) : null;
    if (!fb) return null;
    const xbSample = lpWith(fb.beta, rows);
    const xbAll = lpWith(fb.beta, null);
    return {
      train: measure(xbSample, tb, sb, fb),
      test: measure(xbAll, time, status, null),
      calibration: () => {
        if (sb.reduce((a, v) => a + v, 0) < 5) return null;
        const bb = coxBaselineSurvival(tb, sb, xbSample, 'efron');
        const sb0 = survivalAt(bb, u);
        const dist = (pred: number[], t: readonly number[], s: readonly number[]) => groupKm(pred, t, s).map((q) => q.observed - q.predicted);
        return [dist(xbSample.map((v) => sb0 ** Math.exp(v - bb.centre)), tb, sb), dist(xbAll.map((v) => sb0 ** Math.exp(v - bb.centre)), time, status)];
      },
    };
  });
  if (boot.failed === B) throw new StatsError('NOT_CONVERGED', '全部 Bootstrap 样本的模型均无法拟合');
  const indexes = boot.rows(['Dxy', 'C', 'R2', 'Slope'], apparent);
  const calibration = appGroups.map((q, k) => {
    const optimism = boot.calibrationOptimism[k]!;
    return { n: q.n, events: q.events, predicted: q.predicted, observed: q.observed, optimism, corrected: q.observed - optimism };
  });
  return { n, events, coefficients: full.beta, indexes, u, baselineAtU: s0, predicted, calibration, B, failed: boot.failed, seed };
}

/** Kaplan–Meier survival at u (the step at the last time ≤ u; 1 before the first event). */
function kmAt(time: readonly number[], status: readonly number[], u: number): number {
  const order = time.map((_, i) => i).sort((a, b) => time[a]! - time[b]!);
  let atRisk = time.length;
  let s = 1;
  for (let q = 0; q < order.length; ) {
    const t = time[order[q]!]!;
    if (t > u + 1e-6) break;
    let d = 0;
    let c = 0;
    for (; q < order.length && time[order[q]!] === t; q++) {
      if (status[order[q]!] === 1) d++;
      else c++;
    }
    if (d > 0) s *= 1 - d / atRisk;
    atRisk -= d + c;
  }
  return s;
}
