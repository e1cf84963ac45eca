// Mediation (X → M1..Mk → Y, parallel mediators) and moderation (Y ~ X * W) in linear models, the
// two regression-based path analyses of questionnaire research (Hayes' PROCESS models 4 and 1).
import { StatsError } from '../errors.js';
import { quantile } from '../descriptive/quantile.js';
import { fSf } from '../distributions/f.js';
import { normalSf } from '../distributions/normal.js';
import { tQuantile, tTwoSided } from '../distributions/t.js';
import { seededRandom } from '../internal/random.js';
import { qrSolve } from '../regression/qr.js';

/** One coefficient of a path model: estimate, SE, t on the residual df, two-sided P and CI. */
export interface PathCoefficient {
  term: string;
  estimate: number;
  se: number;
  statistic: number;
  df: number;
  pValue: number;
  ci: readonly [number, number];
}

interface OlsFit {
  coefficients: PathCoefficient[];
  /** Covariance matrix of the coefficients (p×p, row-major). */
  cov: Float64Array;
  rSquared: number;
  df: number;
  sigma: number;
}

/** OLS of y on [1, ...columns] with lm's t tests; columns named by `names`. */
function ols(columns: readonly ArrayLike<number>[], y: ArrayLike<number>, names: readonly string[], level: number): OlsFit {
  const n = y.length;
  const ones = new Float64Array(n).fill(1);
  const cols = [ones, ...columns];
  const labels = ['(截距)', ...names];
  const fit = qrSolve(cols, y, labels);
  const p = cols.length;
  const df = n - p;
  const s2 = fit.rss / df;
  const R = fit.rInverse;
  const cov = new Float64Array(p * p);
  for (let i = 0; i < p; i++)
    for (let j = 0; j < p; j++) {
      let s = 0;
      for (let k = Math.max(i, j); k < p; k++) s += R[i * p + k]! * R[j * p + k]!;
      cov[i * p + j] = s * s2;
    }
  let mean = 0;
  for (let i = 0; i < n; i++) mean += y[i]!;
  mean /= n;
  let tss = 0;
  for (let i = 0; i < n; i++) tss += (y[i]! - mean) ** 2;
  const tc = tQuantile(1 - (1 - level) / 2, df);
  const coefficients = labels.map((term, j) => {
    const estimate = fit.coefficients[j]!;
    const se = Math.sqrt(cov[j * p + j]!);
    const statistic = estimate / se;
    return { term, estimate, se, statistic, df, pValue: tTwoSided(statistic, df), ci: [estimate - tc * se, estimate + tc * se] as const };
  });
  return { coefficients, cov, rSquared: tss > 0 ? 1 - fit.rss / tss : 0, df, sigma: Math.sqrt(s2) };
}

/** Coefficients only (no SEs), for bootstrap replicates. */
function olsCoef(columns: readonly ArrayLike<number>[], y: ArrayLike<number>): Float64Array {
  const ones = new Float64Array(y.length).fill(1);
  return qrSolve([ones, ...columns], y).coefficients;
}

function checkColumns(n: number, named: ReadonlyArray<readonly [string, ArrayLike<number>]>): void {
  for (const [name, v] of named) {
    if (v.length !== n) throw new StatsError('INVALID_ARGUMENT', `变量“${name}”的长度（${v.length}）与结局（${n}）不同`);
    for (let i = 0; i < n; i++) if (!Number.isFinite(v[i]!)) throw new StatsError('NON_FINITE', `变量“${name}”含有缺失或非数值（第 ${i + 1} 个值）`);
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < n; i++) {
      lo = Math.min(lo, v[i]!);
      hi = Math.max(hi, v[i]!);
    }
    if (!(hi > lo)) throw new StatsError('ZERO_VARIANCE', `变量“${name}”取值恒定，无法分析`);
  }
}

export interface MediationInput {
  x: ArrayLike<number>;
  /** One or more mediators (parallel when more than one). */
  mediators: ReadonlyArray<ArrayLike<number>>;
  y: ArrayLike<number>;
  covariates?: ReadonlyArray<ArrayLike<number>>;
  xName?: string;
  mediatorNames?: readonly string[];
  yName?: string;
  covariateNames?: readonly string[];
  /** Bootstrap resamples; default 5000 (0 for none). */
  bootstrap?: number;
  /** Seed of the resampling; default 20231123. */
  seed?: number;
  /**
   * Resample index sets to use instead of drawing them (each n row indices, 0-based), so the
   * bootstrap can be checked on the resamples R drew.
   */
  resamples?: ReadonlyArray<ArrayLike<number>>;
  level?: number;
}

export interface IndirectEffect {
  /** Mediator name, or '总间接效应'. */
  mediator: string;
  estimate: number;
  /** Bootstrap standard error (SD of the replicates); NaN without bootstrap. */
  bootSe: number;
  /** Percentile bootstrap CI (R's quantile type 7 of the replicates); NaN without bootstrap. */
  ci: readonly [number, number];
  /** Sobel (first-order delta) test; null for the total indirect effect. */
  sobel: { se: number; statistic: number; pValue: number } | null;
}

export interface MediationResult {
  n: number;
  /** a paths: X → Mj (from Mj ~ X + covariates). */
  a: PathCoefficient[];
  /** b paths: Mj → Y (from Y ~ X + M + covariates). */
  b: PathCoefficient[];
  /** Total effect c (Y ~ X + covariates). */
  c: PathCoefficient;
  /** Direct effect c′ (Y ~ X + M + covariates). */
  cPrime: PathCoefficient;
  /** Per mediator, then the total indirect effect (last). */
  indirect: IndirectEffect[];
  /** Total indirect / total effect (NaN when c = 0). */
  proportionMediated: number;
  /** Full models: one per mediator, the total-effect model, the outcome model. */
  models: { outcome: string; coefficients: PathCoefficient[]; rSquared: number; df: number }[];
  bootstrap: number;
  seed: number;
  /** Indirect-effect replicates per effect (k mediators then total), for plots. */
  replicates: Float64Array[];
  level: number;
}

/**
 * Regression-based mediation with one or several parallel mediators (Hayes' PROCESS model 4;
 * R: lm for each path, indirect effect a·b, percentile bootstrap as mediation::mediate or lavaan's
 * se = "bootstrap"): paths a (Mj ~ X + C), b and c′ (Y ~ X + M1..Mk + C), c (Y ~ X + C), indirect
 * effects aj·bj and their sum (equal to c − c′), Sobel tests, and the proportion mediated. Rows are
 * resampled with replacement with the seeded generator of internal/random.ts (or on given index sets).
 * @throws StatsError for mismatched lengths, non-finite values, constant variables, too few rows or
 *   collinear predictors.
 */
export function mediationAnalysis(input: MediationInput): Readonly<MediationResult> {
  const n = input.y.length;
  const k = input.mediators.length;
  if (k === 0) throw new StatsError('INVALID_ARGUMENT', '请至少指定一个中介变量');
  const covs = input.covariates ?? [];
  const xName = input.xName ?? 'X';
  const yName = input.yName ?? 'Y';
  const mNames = input.mediatorNames ?? input.mediators.map((_, j) => `M${j + 1}`);
  const cNames = input.covariateNames ?? covs.map((_, j) => `C${j + 1}`);
  const level = input.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new StatsError('INVALID_ARGUMENT', '置信水平应在 0 与 1 之间');
  checkColumns(n, [[xName, input.x], [yName, input.y], ...input.mediators.map((m, j) => [mNames[j]!, m] as const), ...covs.map((c, j) => [cNames[j]!, c] as const)]);
  if (n <= k + covs.length + 3) throw new StatsError('TOO_FEW_OBSERVATIONS', `观测数（${n}）太少：至少需要 ${k + covs.length + 4} 例`);

  const aModels = input.mediators.map((m, j) => ({ outcome: mNames[j]!, fit: ols([input.x, ...covs], m, [xName, ...cNames], level) }));
  const cModel = ols([input.x, ...covs], input.y, [xName, ...cNames], level);
  const yModel = ols([input.x, ...input.mediators, ...covs], input.y, [xName, ...mNames, ...cNames], level);
  const a = aModels.map((m) => m.fit.coefficients[1]!);
  const b = mNames.map((_, j) => yModel.coefficients[2 + j]!);
  const c = cModel.coefficients[1]!;
  const cPrime = yModel.coefficients[1]!;
  const point = a.map((aj, j) => aj.estimate * b[j]!.estimate);
  const total = point.reduce((s, v) => s + v, 0);

  // Bootstrap.
  const seed = input.seed ?? 20231123;
  const B = input.resamples ? input.resamples.length : (input.bootstrap ?? 5000);
  const reps = Array.from({ length: k + 1 }, () => new Float64Array(B));
  const rng = seededRandom(seed);
  const idx = new Int32Array(n);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const ms = input.mediators.map(() => new Float64Array(n));
  const cs = covs.map(() => new Float64Array(n));
  for (let r = 0; r < B; r++) {
    const given = input.resamples?.[r];
    if (given && given.length !== n) throw new StatsError('INVALID_ARGUMENT', `第 ${r + 1} 组重抽样下标的个数（${given.length}）不等于样本量（${n}）`);
    for (let i = 0; i < n; i++) idx[i] = given ? given[i]! : rng.int(n);
    for (let i = 0; i < n; i++) {
      const s = idx[i]!;
      xs[i] = input.x[s]!;
      ys[i] = input.y[s]!;
      for (let j = 0; j < k; j++) ms[j]![i] = input.mediators[j]![s]!;
      for (let j = 0; j < covs.length; j++) cs[j]![i] = covs[j]![s]!;
    }
    let sum = 0;
    let ok = true;
    try {
      const by = olsCoef([xs, ...ms, ...cs], ys);
      for (let j = 0; j < k; j++) {
        const aj = olsCoef([xs, ...cs], ms[j]!)[1]!;
        const v = aj * by[2 + j]!;
        reps[j]![r] = v;
        sum += v;
      }
    } catch (err) {
      if (!(err instanceof StatsError)) throw err;
      ok = false;
    }
    if (!ok) for (let j = 0; j <= k; j++) reps[j]![r] = NaN;
    else reps[k]![r] = sum;
  }
  const alpha = 1 - level;
  const summarise = (v: Float64Array): { se: number; ci: readonly [number, number] } => {
    const ok = Array.from(v).filter(Number.isFinite);
    if (ok.length < 2) return { se: NaN, ci: [NaN, NaN] };
    const m = ok.reduce((s, x) => s + x, 0) / ok.length;
    const se = Math.sqrt(ok.reduce((s, x) => s + (x - m) ** 2, 0) / (ok.length - 1));
    const [lo, hi] = quantile(ok, [alpha / 2, 1 - alpha / 2]) as [number, number];
    return { se, ci: [lo, hi] };
  };
  const indirect: IndirectEffect[] = point.map((est, j) => {
    const aj = a[j]!;
    const bj = b[j]!;
    const se = Math.sqrt(bj.estimate ** 2 * aj.se ** 2 + aj.estimate ** 2 * bj.se ** 2);
    const z = est / se;
    const boot = summarise(reps[j]!);
    return { mediator: mNames[j]!, estimate: est, bootSe: boot.se, ci: boot.ci, sobel: { se, statistic: z, pValue: 2 * normalSf(Math.abs(z)) } };
  });
  const bootTotal = summarise(reps[k]!);
  indirect.push({ mediator: '总间接效应', estimate: total, bootSe: bootTotal.se, ci: bootTotal.ci, sobel: null });

  const pack = (outcome: string, f: OlsFit) => ({ outcome, coefficients: f.coefficients, rSquared: f.rSquared, df: f.df });
  return {
    n,
    a,
    b,
    c,
    cPrime,
    indirect,
    proportionMediated: c.estimate !== 0 ? total / c.estimate : NaN,
    models: [...aModels.map((m) => pack(m.outcome, m.fit)), pack(`${yName}（总效应模型）`, cModel), pack(yName, yModel)],
    bootstrap: B,
    seed,
    replicates: reps,
    level,
  };
}

export interface ModerationInput {
  x: ArrayLike<number>;
  w: ArrayLike<number>;
  y: ArrayLike<number>;
  covariates?: ReadonlyArray<ArrayLike<number>>;
  xName?: string;
  wName?: string;
  yName?: string;
  covariateNames?: readonly string[];
  /** Mean-centre X and W before forming the product (default true). */
  center?: boolean;
  /** Values of W (original scale) for simple slopes; default mean − SD, mean, mean + SD. */
  at?: readonly number[];
  level?: number;
}

export interface SimpleSlope {
  /** W on its original scale. */
  w: number;
  estimate: number;
  se: number;
  statistic: number;
  df: number;
  pValue: number;
  ci: readonly [number, number];
}

export interface ModerationResult {
  n: number;
  /** Y ~ X + W + X×W + covariates, with X and W centred when asked. */
  coefficients: PathCoefficient[];
  interaction: PathCoefficient;
  rSquared: number;
  /** R² gained by the product term, with its F test (F = t² of the interaction). */
  deltaRSquared: number;
  f: number;
  df1: number;
  df2: number;
  pValue: number;
  center: boolean;
  xMean: number;
  wMean: number;
  wSd: number;
  simpleSlopes: SimpleSlope[];
  /**
   * Johnson–Neyman: the W values (original scale) where the slope of X is exactly significant at
   * 1 − level, and the W ranges where it is significant; `bounds` are all real roots, `inRange` those
   * within the observed W.
   */
  johnsonNeyman: { bounds: number[]; inRange: number[]; significantWhere: 'between' | 'outside' | 'all' | 'none'; wMin: number; wMax: number; tCritical: number };
  /** The slope of X over a grid of W (original scale) with its CI, for the J–N plot. */
  slopeCurve: SimpleSlope[];
  level: number;
}

/**
 * Linear moderation (PROCESS model 1; R: lm(Y ~ X * W + C)): the interaction test and ΔR², simple
 * slopes of X at chosen W (default mean ± 1 SD, as interactions::sim_slopes) with SE from the
 * coefficient covariance, and the Johnson–Neyman interval (interactions::johnson_neyman) solving
 * (b1 + b3 w)² = t²·(V11 + 2 w V13 + w² V33). Centring changes b1 and b2, never b3 or the slopes.
 * @throws StatsError for mismatched lengths, non-finite values, constant variables, too few rows or
 *   collinear predictors.
 */
export function moderationAnalysis(input: ModerationInput): Readonly<ModerationResult> {
  const n = input.y.length;
  const covs = input.covariates ?? [];
  const xName = input.xName ?? 'X';
  const wName = input.wName ?? 'W';
  const yName = input.yName ?? 'Y';
  const cNames = input.covariateNames ?? covs.map((_, j) => `C${j + 1}`);
  const level = input.level ?? 0.95;
  const center = input.center ?? true;
  if (!(level > 0 && level < 1)) throw new StatsError('INVALID_ARGUMENT', '置信水平应在 0 与 1 之间');
  checkColumns(n, [[xName, input.x], [wName, input.w], [yName, input.y], ...covs.map((c, j) => [cNames[j]!, c] as const)]);
  if (n <= covs.length + 5) throw new StatsError('TOO_FEW_OBSERVATIONS', `观测数（${n}）太少：至少需要 ${covs.length + 6} 例`);
  const mean = (v: ArrayLike<number>) => {
    let s = 0;
    for (let i = 0; i < n; i++) s += v[i]!;
    return s / n;
  };
  const xMean = mean(input.x);
  const wMean = mean(input.w);
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (input.w[i]! - wMean) ** 2;
  const wSd = Math.sqrt(ss / (n - 1));
  const xc = Float64Array.from({ length: n }, (_, i) => input.x[i]! - (center ? xMean : 0));
  const wc = Float64Array.from({ length: n }, (_, i) => input.w[i]! - (center ? wMean : 0));
  const xw = Float64Array.from({ length: n }, (_, i) => xc[i]! * wc[i]!);
  const product = `${xName} × ${wName}`;
  const full = ols([xc, wc, xw, ...covs], input.y, [xName, wName, product, ...cNames], level);
  const reduced = ols([xc, wc, ...covs], input.y, [xName, wName, ...cNames], level);
  const inter = full.coefficients[3]!;
  const p = 4 + covs.length;
  const V = (i: number, j: number) => full.cov[i * p + j]!;
  const b1 = full.coefficients[1]!.estimate;
  const b3 = inter.estimate;
  const df = full.df;
  const tc = tQuantile(1 - (1 - level) / 2, df);
  const shift = center ? wMean : 0;
  const slopeAt = (w: number): SimpleSlope => {
    const u = w - shift;
    const estimate = b1 + b3 * u;
    const se = Math.sqrt(Math.max(0, V(1, 1) + 2 * u * V(1, 3) + u * u * V(3, 3)));
    const statistic = estimate / se;
    return { w, estimate, se, statistic, df, pValue: tTwoSided(statistic, df), ci: [estimate - tc * se, estimate + tc * se] };
  };
  const at = input.at ?? [wMean - wSd, wMean, wMean + wSd];

  // Johnson–Neyman: A u² + 2 B u + C = 0 on the model's W scale.
  let wMin = Infinity;
  let wMax = -Infinity;
  for (let i = 0; i < n; i++) {
    wMin = Math.min(wMin, input.w[i]!);
    wMax = Math.max(wMax, input.w[i]!);
  }
  const t2 = tc * tc;
  const A = b3 * b3 - t2 * V(3, 3);
  const B = b1 * b3 - t2 * V(1, 3);
  const C = b1 * b1 - t2 * V(1, 1);
  const disc = B * B - A * C;
  let bounds: number[] = [];
  if (disc >= 0 && A !== 0) {
    const r = Math.sqrt(disc);
    bounds = [(-B - r) / A, (-B + r) / A].map((u) => u + shift).sort((x, y) => x - y);
  }
  // A > 0: significant outside the roots (or everywhere when no roots); A < 0: between (or nowhere).
  const significantWhere: ModerationResult['johnsonNeyman']['significantWhere'] = bounds.length === 2 ? (A > 0 ? 'outside' : 'between') : A > 0 ? 'all' : 'none';
  const grid = Array.from({ length: 101 }, (_, i) => wMin + ((wMax - wMin) * i) / 100);
  return {
    n,
    coefficients: full.coefficients,
    interaction: inter,
    rSquared: full.rSquared,
    deltaRSquared: full.rSquared - reduced.rSquared,
    f: inter.statistic ** 2,
    df1: 1,
    df2: df,
    pValue: inter.pValue,
    center,
    xMean,
    wMean,
    wSd,
    simpleSlopes: at.map(slopeAt),
    johnsonNeyman: { bounds, inRange: bounds.filter((v) => v >= wMin && v <= wMax), significantWhere, wMin, wMax, tCritical: tc },
    slopeCurve: grid.map(slopeAt),
    level,
  };
}

export interface CategoricalModerationInput {
  x: ArrayLike<number>;
  /** The moderator's level per row. */
  w: ArrayLike<string>;
  /** Levels in order, the first the reference (default: order of first appearance). */
  levels?: readonly string[];
  y: ArrayLike<number>;
  covariates?: ReadonlyArray<ArrayLike<number>>;
  xName?: string;
  wName?: string;
  covariateNames?: readonly string[];
  /** Mean-centre X (default true). */
  center?: boolean;
  level?: number;
}

export interface CategoricalModerationResult {
  n: number;
  /** Y ~ X + W dummies + X×dummies + covariates (R: lm(Y ~ X * W + C), columns reordered so). */
  coefficients: PathCoefficient[];
  rSquared: number;
  deltaRSquared: number;
  /** F test of all product terms together (R: anova(lm(Y ~ X + W + C), lm(Y ~ X * W + C))). */
  f: number;
  df1: number;
  df2: number;
  pValue: number;
  center: boolean;
  xMean: number;
  levels: string[];
  /** The slope of X within each level, with n per level. */
  simpleSlopes: Array<SimpleSlope & { level: string; n: number }>;
  level: number;
}

/**
 * Moderation by a categorical W (PROCESS model 1 with a multicategorical moderator): treatment-coded
 * dummies, their products with X, the joint F test of the products and ΔR², and the slope of X in
 * each level (b_X + b_X×level, SE from the coefficient covariance), as lm() and emmeans::emtrends.
 * @throws StatsError for fewer than 2 levels, a level with fewer than 3 rows, or the errors of
 *   moderationAnalysis.
 */
export function categoricalModerationAnalysis(input: CategoricalModerationInput): Readonly<CategoricalModerationResult> {
  const n = input.y.length;
  const covs = input.covariates ?? [];
  const xName = input.xName ?? 'X';
  const wName = input.wName ?? 'W';
  const cNames = input.covariateNames ?? covs.map((_, j) => `C${j + 1}`);
  const level = input.level ?? 0.95;
  const center = input.center ?? true;
  if (!(level > 0 && level < 1)) throw new StatsError('INVALID_ARGUMENT', '置信水平应在 0 与 1 之间');
  checkColumns(n, [[xName, input.x], ['Y', input.y], ...covs.map((c, j) => [cNames[j]!, c] as const)]);
  if (input.w.length !== n) throw new StatsError('INVALID_ARGUMENT', `调节变量“${wName}”的长度与结局不同`);
  const seen = [...new Set(Array.from(input.w))];
  const levels = input.levels ? [...input.levels] : seen;
  if (seen.some((v) => !levels.includes(v))) throw new StatsError('INVALID_ARGUMENT', `调节变量“${wName}”含有未列出的类别`);
  if (levels.length < 2) throw new StatsError('INVALID_ARGUMENT', `调节变量“${wName}”只有一个类别，无法分析调节作用`);
  const counts = levels.map((l) => Array.from(input.w).filter((v) => v === l).length);
  const small = levels.findIndex((_, i) => counts[i]! < 3);
  if (small >= 0) throw new StatsError('GROUP_TOO_SMALL', `调节变量“${wName}”的类别“${levels[small]}”只有 ${counts[small]} 例，每个类别至少需要 3 例`);
  let xMean = 0;
  for (let i = 0; i < n; i++) xMean += input.x[i]!;
  xMean /= n;
  const xc = Float64Array.from({ length: n }, (_, i) => input.x[i]! - (center ? xMean : 0));
  const dummies = levels.slice(1).map((l) => Float64Array.from({ length: n }, (_, i) => (input.w[i] === l ? 1 : 0)));
  const products = dummies.map((d) => Float64Array.from({ length: n }, (_, i) => d[i]! * xc[i]!));
  const dNames = levels.slice(1).map((l) => `${wName}[${l}]`);
  const pNames = dNames.map((d) => `${xName} × ${d}`);
  const full = ols([xc, ...dummies, ...products, ...covs], input.y, [xName, ...dNames, ...pNames, ...cNames], level);
  const reduced = ols([xc, ...dummies, ...covs], input.y, [xName, ...dNames, ...cNames], level);
  const L = levels.length;
  const df1 = L - 1;
  const df2 = full.df;
  const rss1 = full.sigma ** 2 * full.df;
  const rss0 = reduced.sigma ** 2 * reduced.df;
  const f = (rss0 - rss1) / df1 / (rss1 / df2);
  const p = full.coefficients.length;
  const V = (i: number, j: number) => full.cov[i * p + j]!;
  const tc = tQuantile(1 - (1 - level) / 2, df2);
  const simpleSlopes = levels.map((l, li) => {
    let estimate = full.coefficients[1]!.estimate;
    let v = V(1, 1);
    if (li > 0) {
      const j = 1 + L + li - 1; // index of X × level li
      estimate += full.coefficients[j]!.estimate;
      v += V(j, j) + 2 * V(1, j);
    }
    const se = Math.sqrt(Math.max(0, v));
    const statistic = estimate / se;
    return { level: l, n: counts[li]!, w: NaN, estimate, se, statistic, df: df2, pValue: tTwoSided(statistic, df2), ci: [estimate - tc * se, estimate + tc * se] as const };
  });
  return {
    n,
    coefficients: full.coefficients,
    rSquared: full.rSquared,
    deltaRSquared: full.rSquared - reduced.rSquared,
    f,
    df1,
    df2,
    pValue: fSf(f, df1, df2),
    center,
    xMean,
    levels,
    simpleSlopes,
    level,
  };
}
