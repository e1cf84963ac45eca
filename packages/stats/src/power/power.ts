// Power and sample size (R: power.t.test, power.prop.test; pwr::pwr.anova.test, pwr.r.test,
// pwr.chisq.test; Schoenfeld and Freedman for the log-rank test; Buderer for diagnostic accuracy;
// non-inferiority and equivalence by the normal approximations of Chow, Shao & Wang).
import betainc from '@stdlib/math-base-special-betainc';
import gammainc from '@stdlib/math-base-special-gammainc';
import gammaln from '@stdlib/math-base-special-gammaln';
import { StatsError } from '../errors.js';
import { chisqUpperQuantile } from '../distributions/chisq.js';
import { fUpperQuantile } from '../distributions/f.js';
import { nctCdf } from '../distributions/noncentral-t.js';
import { normalCdf, normalQuantile } from '../distributions/normal.js';
import { tQuantile } from '../distributions/t.js';
import { brent } from '../internal/root.js';

/** Exactly one of the solvable quantities is left undefined and is solved for. */
function unknownOf<T extends Record<string, number | undefined>>(given: T, keys: readonly (keyof T)[]): keyof T {
  const missing = keys.filter((k) => given[k] === undefined || given[k] === null);
  if (missing.length !== 1) {
    throw new StatsError('INVALID_ARGUMENT', `样本量、效应量、检验水准和检验效能中必须恰好留空一个待求（当前留空${missing.length}个）`);
  }
  return missing[0]!;
}

function checkProbability(v: number | null | undefined, what: string): void {
  if (v !== undefined && v !== null && !(v > 0 && v < 1)) throw new StatsError('INVALID_ARGUMENT', `${what}必须在0到1之间`);
}

/** Root of f on [lo, hi]; an answer outside the range is reported as not attainable. */
function solve(f: (x: number) => number, lo: number, hi: number, what: string): number {
  const a = f(lo);
  const b = f(hi);
  if (!(a * b <= 0)) throw new StatsError('NOT_CONVERGED', `在合理范围内无法求得满足条件的${what}，请检查输入（例如效应量过小或检验效能要求过高）`);
  return brent(f, lo, hi, 1e-12 * Math.max(1, Math.abs(hi)));
}

export interface PowerTTestInput {
  n?: number;
  delta?: number;
  sd?: number;
  /** Default 0.05; null to solve for it (as R's sig.level = NULL). */
  sigLevel?: number | null;
  power?: number;
  type?: 'two-sample' | 'one-sample' | 'paired';
  alternative?: 'two-sided' | 'one-sided';
}

export interface PowerResult {
  n: number;
  power: number;
  sigLevel: number;
}

/** Power of a t test, or the n (per group), delta or significance level reaching a power (R: power.t.test, strict = FALSE). */
export function powerTTest(input: PowerTTestInput): PowerResult & { delta: number; sd: number } {
  const sd = input.sd ?? 1;
  if (!(sd > 0)) throw new StatsError('INVALID_ARGUMENT', '标准差必须大于0');
  const type = input.type ?? 'two-sample';
  const tside = (input.alternative ?? 'two-sided') === 'two-sided' ? 2 : 1;
  const tsample = type === 'two-sample' ? 2 : 1;
  checkProbability(input.sigLevel, '检验水准');
  checkProbability(input.power, '检验效能');
  if (input.n !== undefined && !(input.n >= 2)) throw new StatsError('INVALID_ARGUMENT', '样本量至少为2');
  if (input.delta !== undefined && !(input.delta > 0)) throw new StatsError('INVALID_ARGUMENT', '差值（效应量）必须大于0');
  const p = (n: number, delta: number, alpha: number) => {
    const df = (n - 1) * tsample;
    const qu = tQuantile(1 - alpha / tside, df);
    return 1 - nctCdf(qu, df, Math.sqrt(n / tsample) * (delta / sd));
  };
  const given = { n: input.n, delta: input.delta, sigLevel: input.sigLevel === undefined ? 0.05 : (input.sigLevel ?? undefined), power: input.power };
  const which = unknownOf(given, ['n', 'delta', 'sigLevel', 'power']);
  const n = which === 'n' ? solve((x) => p(x, given.delta!, given.sigLevel!) - given.power!, 2, 1e7, '样本量') : given.n!;
  const delta = which === 'delta' ? solve((x) => p(given.n!, x, given.sigLevel!) - given.power!, sd * 1e-7, sd * 1e7, '效应量') : given.delta!;
  const sigLevel = which === 'sigLevel' ? solve((x) => p(given.n!, given.delta!, x) - given.power!, 1e-10, 1 - 1e-10, '检验水准') : given.sigLevel!;
  return { n, delta, sd, sigLevel, power: which === 'power' ? p(n, delta, sigLevel) : given.power! };
}

export interface PowerPropTestInput {
  n?: number;
  p1: number;
  p2: number;
  /** Default 0.05; null to solve for it (as R's sig.level = NULL). */
  sigLevel?: number | null;
  power?: number;
  alternative?: 'two-sided' | 'one-sided';
}

/** Two proportions, n per group (R: power.prop.test, strict = FALSE). */
export function powerPropTest(input: PowerPropTestInput): PowerResult & { p1: number; p2: number } {
  const { p1, p2 } = input;
  checkProbability(p1, '比例p1');
  checkProbability(p2, '比例p2');
  if (p1 === p2) throw new StatsError('INVALID_ARGUMENT', '两组比例不能相等');
  checkProbability(input.sigLevel, '检验水准');
  checkProbability(input.power, '检验效能');
  const tside = (input.alternative ?? 'two-sided') === 'two-sided' ? 2 : 1;
  const p = (n: number, alpha: number) => {
    const qu = normalQuantile(1 - alpha / tside);
    const d = Math.abs(p1 - p2);
    const q1 = 1 - p1;
    const q2 = 1 - p2;
    return normalCdf((Math.sqrt(n) * d - qu * Math.sqrt(((p1 + p2) * (q1 + q2)) / 2)) / Math.sqrt(p1 * q1 + p2 * q2));
  };
  const given = { n: input.n, sigLevel: input.sigLevel === undefined ? 0.05 : (input.sigLevel ?? undefined), power: input.power };
  const which = unknownOf(given, ['n', 'sigLevel', 'power']);
  const n = which === 'n' ? solve((x) => p(x, given.sigLevel!) - given.power!, 2, 1e7, '样本量') : given.n!;
  const sigLevel = which === 'sigLevel' ? solve((x) => p(given.n!, x) - given.power!, 1e-10, 1 - 1e-10, '检验水准') : given.sigLevel!;
  return { n, p1, p2, sigLevel, power: which === 'power' ? p(n, sigLevel) : given.power! };
}

/** P(X > x) for X noncentral chi-square(df, λ): Poisson(λ/2) mixture of central upper tails, summed outward from the mode. */
export function noncentralChisqSf(x: number, df: number, lambda: number): number {
  if (lambda === 0) return gammainc(x / 2, df / 2, true, true);
  return poissonMixture(lambda / 2, (j) => gammainc(x / 2, df / 2 + j, true, true));
}

/** P(X > x) for X noncentral F(df1, df2, λ). */
export function noncentralFSf(x: number, df1: number, df2: number, lambda: number): number {
  const y = (df1 * x) / (df1 * x + df2);
  return poissonMixture(lambda / 2, (j) => betainc(y, df1 / 2 + j, df2 / 2, true, true));
}

function poissonMixture(mu: number, term: (j: number) => number): number {
  const mode = Math.floor(mu);
  const weight = (j: number) => Math.exp(-mu + j * Math.log(mu) - gammaln(j + 1));
  let sum = 0;
  for (let j = mode; ; j++) {
    const w = weight(j);
    sum += w * term(j);
    if (w < 1e-17 * Math.max(sum, 1e-300) && j > mode + 5) break;
    if (j > mode + 100000) break;
  }
  for (let j = mode - 1; j >= 0; j--) {
    const w = weight(j);
    sum += w * term(j);
    if (w < 1e-17 * Math.max(sum, 1e-300)) break;
  }
  return Math.min(1, sum);
}

export interface PowerAnovaInput {
  /** Number of groups. */
  k: number;
  /** n per group. */
  n?: number;
  /** Cohen's f. */
  f?: number;
  /** Default 0.05; null to solve for it (as R's sig.level = NULL). */
  sigLevel?: number | null;
  power?: number;
}

/** Balanced one-way ANOVA (R: pwr::pwr.anova.test): λ = k·n·f², df (k − 1, k(n − 1)). */
export function powerAnova(input: PowerAnovaInput): PowerResult & { k: number; f: number } {
  const { k } = input;
  if (!Number.isInteger(k) || k < 2) throw new StatsError('INVALID_ARGUMENT', '组数必须是不小于2的整数');
  checkProbability(input.sigLevel, '检验水准');
  checkProbability(input.power, '检验效能');
  if (input.f !== undefined && !(input.f > 0)) throw new StatsError('INVALID_ARGUMENT', '效应量f必须大于0');
  const p = (n: number, f: number, alpha: number) => {
    const df1 = k - 1;
    const df2 = (n - 1) * k;
    return noncentralFSf(fUpperQuantile(alpha, df1, df2), df1, df2, k * n * f * f);
  };
  const given = { n: input.n, f: input.f, sigLevel: input.sigLevel === undefined ? 0.05 : (input.sigLevel ?? undefined), power: input.power };
  const which = unknownOf(given, ['n', 'f', 'sigLevel', 'power']);
  const n = which === 'n' ? solve((x) => p(x, given.f!, given.sigLevel!) - given.power!, 2 + 1e-10, 1e7, '样本量') : given.n!;
  const f = which === 'f' ? solve((x) => p(given.n!, x, given.sigLevel!) - given.power!, 1e-7, 1e7, '效应量') : given.f!;
  const sigLevel = which === 'sigLevel' ? solve((x) => p(given.n!, given.f!, x) - given.power!, 1e-10, 1 - 1e-10, '检验水准') : given.sigLevel!;
  return { k, n, f, sigLevel, power: which === 'power' ? p(n, f, sigLevel) : given.power! };
}

/** Pearson correlation against 0 (R: pwr::pwr.r.test, two-sided). */
export function powerCorrelation(input: { n?: number; r?: number; sigLevel?: number | null; power?: number }): PowerResult & { r: number } {
  checkProbability(input.sigLevel, '检验水准');
  checkProbability(input.power, '检验效能');
  if (input.r !== undefined && !(input.r > 0 && input.r < 1)) throw new StatsError('INVALID_ARGUMENT', '相关系数必须在0到1之间（取绝对值）');
  const p = (n: number, r: number, alpha: number) => {
    const ttt = tQuantile(1 - alpha / 2, n - 2);
    const rc = Math.sqrt((ttt * ttt) / (ttt * ttt + n - 2));
    const zr = Math.atanh(r) + r / (2 * (n - 1));
    const zrc = Math.atanh(rc);
    return normalCdf((zr - zrc) * Math.sqrt(n - 3)) + normalCdf((-zr - zrc) * Math.sqrt(n - 3));
  };
  const given = { n: input.n, r: input.r, sigLevel: input.sigLevel === undefined ? 0.05 : (input.sigLevel ?? undefined), power: input.power };
  const which = unknownOf(given, ['n', 'r', 'sigLevel', 'power']);
  const n = which === 'n' ? solve((x) => p(x, given.r!, given.sigLevel!) - given.power!, 4 + 1e-10, 1e7, '样本量') : given.n!;
  const r = which === 'r' ? solve((x) => p(given.n!, x, given.sigLevel!) - given.power!, 1e-10, 1 - 1e-10, '相关系数') : given.r!;
  const sigLevel = which === 'sigLevel' ? solve((x) => p(given.n!, given.r!, x) - given.power!, 1e-10, 1 - 1e-10, '检验水准') : given.sigLevel!;
  return { n, r, sigLevel, power: which === 'power' ? p(n, r, sigLevel) : given.power! };
}

/** Chi-square test with effect size w (R: pwr::pwr.chisq.test): λ = N·w², N total. */
export function powerChisq(input: { w?: number; n?: number; df: number; sigLevel?: number | null; power?: number }): PowerResult & { w: number; df: number } {
  const { df } = input;
  if (!Number.isInteger(df) || df < 1) throw new StatsError('INVALID_ARGUMENT', '自由度必须是正整数');
  checkProbability(input.sigLevel, '检验水准');
  checkProbability(input.power, '检验效能');
  const p = (n: number, w: number, alpha: number) => noncentralChisqSf(chisqUpperQuantile(alpha, df), df, n * w * w);
  const given = { n: input.n, w: input.w, sigLevel: input.sigLevel === undefined ? 0.05 : (input.sigLevel ?? undefined), power: input.power };
  const which = unknownOf(given, ['n', 'w', 'sigLevel', 'power']);
  const n = which === 'n' ? solve((x) => p(x, given.w!, given.sigLevel!) - given.power!, 1 + 1e-10, 1e8, '样本量') : given.n!;
  const w = which === 'w' ? solve((x) => p(given.n!, x, given.sigLevel!) - given.power!, 1e-7, 1e3, '效应量') : given.w!;
  const sigLevel = which === 'sigLevel' ? solve((x) => p(given.n!, given.w!, x) - given.power!, 1e-10, 1 - 1e-10, '检验水准') : given.sigLevel!;
  return { n, w, df, sigLevel, power: which === 'power' ? p(n, w, sigLevel) : given.power! };
}

const zOf = (alpha: number, sides: 1 | 2) => normalQuantile(1 - alpha / sides);

/**
 * Events and total sample size for a two-arm log-rank test. Schoenfeld: d = (z_α + z_β)² /
 * (π(1 − π)·ln²HR); Freedman: d = (z_α + z_β)²(1 + HR)² / (1 − HR)² for equal allocation (general
 * allocation: (1 + k·HR)²/(k(1 − HR)²) with k = n₂/n₁). n = d / P(event).
 */
export function logRankSampleSize(input: {
  hazardRatio: number;
  /** Probability that a subject has the event during the study (pooled). */
  eventProbability: number;
  /** Share allocated to the first (reference) arm, default 0.5. */
  allocation?: number;
  sigLevel?: number;
  power?: number;
  method?: 'schoenfeld' | 'freedman';
  alternative?: 'two-sided' | 'one-sided';
}): { events: number; n: number; method: 'schoenfeld' | 'freedman' } {
  const hr = input.hazardRatio;
  if (!(hr > 0) || hr === 1) throw new StatsError('INVALID_ARGUMENT', '风险比必须大于0且不等于1');
  checkProbability(input.eventProbability, '事件发生概率');
  const pi = input.allocation ?? 0.5;
  checkProbability(pi, '分配比例');
  const alpha = input.sigLevel ?? 0.05;
  const power = input.power ?? 0.8;
  checkProbability(alpha, '检验水准');
  checkProbability(power, '检验效能');
  const z = zOf(alpha, input.alternative === 'one-sided' ? 1 : 2) + normalQuantile(power);
  const method = input.method ?? 'schoenfeld';
  let events: number;
  if (method === 'schoenfeld') events = (z * z) / (pi * (1 - pi) * Math.log(hr) ** 2);
  else {
    const k = (1 - pi) / pi;
    events = (z * z * (1 + k * hr) ** 2) / (k * (1 - hr) ** 2);
  }
  return { events, n: events / input.eventProbability, method };
}

/**
 * Subjects needed to estimate sensitivity and specificity within ±precision (Buderer 1996):
 * n_sens = z²·Se(1 − Se)/(d²·prevalence), n_spec = z²·Sp(1 − Sp)/(d²·(1 − prevalence)).
 */
export function diagnosticSampleSize(input: { sensitivity: number; specificity: number; prevalence: number; precision: number; level?: number }): {
  nForSensitivity: number;
  nForSpecificity: number;
  n: number;
} {
  const { sensitivity: se, specificity: sp, prevalence: prev, precision: d } = input;
  checkProbability(se, '预期灵敏度');
  checkProbability(sp, '预期特异度');
  checkProbability(prev, '患病率');
  if (!(d > 0 && d < 1)) throw new StatsError('INVALID_ARGUMENT', '允许误差必须在0到1之间');
  const z = normalQuantile(1 - (1 - (input.level ?? 0.95)) / 2);
  const nForSensitivity = (z * z * se * (1 - se)) / (d * d * prev);
  const nForSpecificity = (z * z * sp * (1 - sp)) / (d * d * (1 - prev));
  return { nForSensitivity, nForSpecificity, n: Math.max(nForSensitivity, nForSpecificity) };
}

/**
 * n per group for non-inferiority, superiority-by-a-margin or equivalence of two means (normal
 * approximation, Chow, Shao & Wang 2008, ch. 3): non-inferiority n = 2σ²(z_{1−α} + z_{1−β})²/(δ − m)²
 * with m the (negative) margin; equivalence n = 2σ²(z_{1−α} + z_{1−β/2})²/(m − |δ|)².
 */
export function meanMarginSampleSize(input: { difference: number; sd: number; margin: number; design: 'non-inferiority' | 'equivalence'; sigLevel?: number; power?: number }): { n: number } {
  const { difference: delta, sd, margin, design } = input;
  if (!(sd > 0)) throw new StatsError('INVALID_ARGUMENT', '标准差必须大于0');
  const alpha = input.sigLevel ?? 0.05;
  const beta = 1 - (input.power ?? 0.8);
  checkProbability(alpha, '检验水准');
  checkProbability(beta, '检验效能');
  if (design === 'non-inferiority') {
    if (!(delta - margin > 0)) throw new StatsError('INVALID_ARGUMENT', '非劣效设计要求预期差值大于界值（界值通常为负数）');
    return { n: (2 * sd * sd * (normalQuantile(1 - alpha) + normalQuantile(1 - beta)) ** 2) / (delta - margin) ** 2 };
  }
  if (!(margin > Math.abs(delta))) throw new StatsError('INVALID_ARGUMENT', '等效设计要求界值大于预期差值的绝对值');
  return { n: (2 * sd * sd * (normalQuantile(1 - alpha) + normalQuantile(1 - beta / 2)) ** 2) / (margin - Math.abs(delta)) ** 2 };
}

/** The same for two proportions p1 (test) and p2 (control), variance p1q1 + p2q2 (Chow, Shao & Wang, ch. 4). */
export function proportionMarginSampleSize(input: { p1: number; p2: number; margin: number; design: 'non-inferiority' | 'equivalence'; sigLevel?: number; power?: number }): { n: number } {
  const { p1, p2, margin, design } = input;
  checkProbability(p1, '比例p1');
  checkProbability(p2, '比例p2');
  const v = p1 * (1 - p1) + p2 * (1 - p2);
  const r = meanMarginSampleSize({ difference: p1 - p2, sd: Math.sqrt(v / 2), margin, design, sigLevel: input.sigLevel, power: input.power });
  return r;
}
