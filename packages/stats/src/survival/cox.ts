// Cox proportional-hazards regression (R: survival::coxph), Efron or Breslow ties, strata.
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { normalQuantile } from '../distributions/normal.js';
import { spdInverse, spdSolve } from '../internal/linalg.js';
import { completeRows, design, termBlocks, waldCoefficient, type DesignColumn, type ModelTerms } from '../regression/design.js';
import { survivalData } from './kaplan-meier.js';

export interface CoxInput extends Omit<ModelTerms, 'intercept'> {
  time: ArrayLike<number | null | undefined>;
  /** 1 = event, 0 = censored. */
  status: ArrayLike<number | boolean | null | undefined>;
  /** Stratum of each case: separate baseline hazards, common coefficients (R: strata()). */
  strata?: ArrayLike<string | number | null | undefined>;
  ties?: 'efron' | 'breslow';
  level?: number;
  /** Time scale g(t) of the proportional-hazards test (R cox.zph transform; default 'km'). */
  zphTransform?: 'km' | 'rank' | 'identity' | 'log';
}

export interface ZphRow {
  term: string;
  chiSquare: number;
  df: number;
  pValue: number;
}

export interface CoxCoefficient {
  term: string;
  estimate: number;
  se: number;
  /** Wald z. */
  statistic: number;
  pValue: number;
  hazardRatio: number;
  hazardRatioCi: readonly [number, number];
}

export interface CoxResult {
  coefficients: CoxCoefficient[];
  n: number;
  missing: number;
  events: number;
  ties: 'efron' | 'breslow';
  /** Log partial likelihood at β = 0 and at the estimate. */
  logLikNull: number;
  logLik: number;
  likelihoodRatio: { statistic: number; df: number; pValue: number };
  wald: { statistic: number; df: number; pValue: number };
  /** Score (log-rank) test at β = 0. */
  score: { statistic: number; df: number; pValue: number };
  /** Harrell's C of the linear predictor (ties in the predictor count one half). */
  concordance: number;
  aic: number;
  /**
   * Test of proportional hazards (R: cox.zph, survival ≥ 3): score test for adding g(t)·x at
   * (β̂, 0), per term (all columns of a categorical predictor together) and globally.
   */
  proportionalHazards: { transform: 'km' | 'rank' | 'identity' | 'log'; terms: ZphRow[]; global: ZphRow };
  iterations: number;
  level: number;
}

interface Risk {
  /** Case indices per stratum, sorted by time descending. */
  strata: Int32Array[];
  time: Float64Array;
  status: Uint8Array;
}

/** Log partial likelihood, its gradient and information at β (X centred, column-major). */
/**
 * Called once per distinct event time with that time's score and information contributions
 * (buffers reused between calls).
 */
type PerTime = (time: number, score: Float64Array, info: Float64Array) => void;

function partial(beta: Float64Array, X: readonly Float64Array[], risk: Risk, efron: boolean, perTime?: PerTime): { loglik: number; grad: Float64Array; info: Float64Array } {
  const p = X.length;
  const grad = new Float64Array(p);
  const info = new Float64Array(p * p);
  let loglik = 0;
  const s1 = new Float64Array(p);
  const s2 = new Float64Array(p * p);
  const e1 = new Float64Array(p);
  const e2 = new Float64Array(p * p);
  const a1 = new Float64Array(p);
  const x = new Float64Array(p);
  const uT = perTime ? new Float64Array(p) : null;
  const iT = perTime ? new Float64Array(p * p) : null;
  const dx = perTime ? new Float64Array(p) : null;
  for (const order of risk.strata) {
    let s0 = 0;
    s1.fill(0);
    s2.fill(0);
    for (let q = 0; q < order.length; ) {
      const t = risk.time[order[q]!]!;
      let e0 = 0;
      let d = 0;
      e1.fill(0);
      e2.fill(0);
      dx?.fill(0);
      for (; q < order.length && risk.time[order[q]!] === t; q++) {
        const i = order[q]!;
        let eta = 0;
        for (let j = 0; j < p; j++) {
          x[j] = X[j]![i]!;
          eta += beta[j]! * x[j]!;
        }
        const r = Math.exp(eta);
        s0 += r;
        for (let j = 0; j < p; j++) {
          s1[j]! += r * x[j]!;
          for (let k = 0; k <= j; k++) s2[j * p + k]! += r * x[j]! * x[k]!;
        }
        if (risk.status[i]) {
          d++;
          e0 += r;
          loglik += eta;
          for (let j = 0; j < p; j++) {
            grad[j]! += x[j]!;
            if (dx) dx[j]! += x[j]!;
            e1[j]! += r * x[j]!;
            for (let k = 0; k <= j; k++) e2[j * p + k]! += r * x[j]! * x[k]!;
          }
        }
      }
      if (uT && iT && d > 0) {
        uT.set(dx!);
        iT.fill(0);
      }
      for (let l = 0; l < d; l++) {
        const frac = efron ? l / d : 0;
        const denom = s0 - frac * e0;
        loglik -= Math.log(denom);
        for (let j = 0; j < p; j++) {
          a1[j] = (s1[j]! - frac * e1[j]!) / denom;
          grad[j]! -= a1[j]!;
          if (uT) uT[j]! -= a1[j]!;
        }
        for (let j = 0; j < p; j++) for (let k = 0; k <= j; k++) {
          const v = (s2[j * p + k]! - frac * e2[j * p + k]!) / denom - a1[j]! * a1[k]!;
          info[j * p + k]! += v;
          if (iT) iT[j * p + k]! += v;
        }
      }
      if (perTime && uT && iT && d > 0) {
        for (let j = 0; j < p; j++) for (let k = 0; k < j; k++) iT[k * p + j] = iT[j * p + k]!;
        perTime(t, uT, iT);
      }
    }
  }
  for (let j = 0; j < p; j++) for (let k = 0; k < j; k++) info[k * p + j] = info[j * p + k]!;
  return { loglik, grad, info };
}

/** Harrell's C within strata: events against later times (censored at the same time count as later). */
function concordanceOf(eta: Float64Array, risk: Risk): number {
  let concordant = 0;
  let discordant = 0;
  let tied = 0;
  for (const order of risk.strata) {
    const ranks = [...new Set(Array.from(order, (i) => eta[i]!))].sort((a, b) => a - b);
    const rankOf = new Map(ranks.map((v, r) => [v, r + 1]));
    const m = ranks.length;
    const tree = new Float64Array(m + 1); // Fenwick tree of counts by rank of η among cases already passed
    const add = (r: number) => {
      for (; r <= m; r += r & -r) tree[r]!++;
    };
    const below = (r: number) => {
      let s = 0;
      for (; r > 0; r -= r & -r) s += tree[r]!;
      return s;
    };
    let passed = 0;
    for (let q = 0; q < order.length; ) {
      const t = risk.time[order[q]!]!;
      let end = q;
      while (end < order.length && risk.time[order[end]!] === t) end++;
      for (let a = q; a < end; a++) if (!risk.status[order[a]!]) add(rankOf.get(eta[order[a]!]!)!);
      const withCensored = passed + (end - q) - countEvents(order, q, end, risk);
      for (let a = q; a < end; a++) {
        const i = order[a]!;
        if (!risk.status[i]) continue;
        const r = rankOf.get(eta[i]!)!;
        const lower = below(r - 1);
        const same = below(r) - lower;
        concordant += lower;
        tied += same;
        discordant += withCensored - lower - same;
      }
      for (let a = q; a < end; a++) if (risk.status[order[a]!]) add(rankOf.get(eta[order[a]!]!)!);
      passed += end - q;
      q = end;
    }
  }
  return (concordant + tied / 2) / (concordant + discordant + tied);
}

function countEvents(order: Int32Array, from: number, to: number, risk: Risk): number {
  let c = 0;
  for (let a = from; a < to; a++) c += risk.status[order[a]!]!;
  return c;
}

const MAX_ITERATIONS = 30;

/**
 * Cox proportional-hazards model by Newton–Raphson on the partial likelihood (step-halving when it
 * falls), Efron (default) or Breslow handling of tied event times, optional strata. Reports
 * coefficients with Wald tests, hazard ratios with CIs, the likelihood-ratio, Wald and score tests,
 * Harrell's C and AIC. Rows with a missing value are dropped.
 * @throws StatsError for no events, collinear covariates, or a likelihood that keeps rising
 *   (a covariate that separates events from non-events: infinite hazard ratio).
 */
export function coxRegression(input: CoxInput): Readonly<CoxResult> {
  const level = input.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new StatsError('INVALID_ARGUMENT', '置信水平必须在0到1之间');
  const ties = input.ties ?? 'efron';
  if (ties !== 'efron' && ties !== 'breslow') throw new StatsError('INVALID_ARGUMENT', '结点处理方法只能是efron或breslow');
  const outcomes: ArrayLike<unknown>[] = [input.time, input.status];
  if (input.strata) outcomes.push(input.strata);
  const rows = completeRows(outcomes, input.predictors);
  const n0 = input.time.length;
  const sd = survivalData(
    Array.from(rows, (i) => Number(input.time[i])),
    Array.from(rows, (i) => input.status[i] as number | boolean),
  );
  const cols = design({ predictors: input.predictors, interactions: input.interactions, intercept: false }, rows);
  const p = cols.length;
  if (p === 0) throw new StatsError('INVALID_ARGUMENT', '模型中没有自变量');
  const n = rows.length;
  const events = sd.status.reduce((s, v) => s + v, 0);
  if (events === 0) throw new StatsError('TOO_FEW_OBSERVATIONS', '没有发生任何事件，无法拟合Cox模型');
  if (events <= p) throw new StatsError('TOO_FEW_OBSERVATIONS', `事件数（${events}）必须多于模型参数个数（${p}）`);
  const X = cols.map((c) => {
    let m = 0;
    for (let i = 0; i < n; i++) m += c.values[i]!;
    m /= n;
    return Float64Array.from(c.values, (v) => v - m);
  });
  const strataKeys = input.strata ? Array.from(rows, (i) => String(input.strata![i])) : new Array<string>(n).fill('');
  const groups = new Map<string, number[]>();
  strataKeys.forEach((k, i) => (groups.get(k) ?? groups.set(k, []).get(k)!).push(i));
  const risk: Risk = {
    strata: [...groups.values()].map((idx) => Int32Array.from(idx.sort((a, b) => sd.time[b]! - sd.time[a]!))),
    time: sd.time,
    status: sd.status,
  };
  const efron = ties === 'efron';
  let beta = new Float64Array(p);
  const start = partial(beta, X, risk, efron);
  let current = start;
  let iterations = 0;
  let converged = false;
  for (let it = 1; it <= MAX_ITERATIONS; it++) {
    iterations = it;
    let step: Float64Array;
    try {
      step = spdSolve(current.info, current.grad, p, '信息矩阵');
    } catch {
      throw new StatsError('SINGULAR', '协变量之间完全共线或某协变量在事件发生时没有变异，无法估计');
    }
    let next = Float64Array.from(beta, (b, j) => b + step[j]!);
    let trial = partial(next, X, risk, efron);
    for (let half = 0; half < 30 && !(trial.loglik >= current.loglik - 1e-12 * Math.abs(current.loglik)); half++) {
      next = Float64Array.from(beta, (b, j) => (b + next[j]!) / 2);
      trial = partial(next, X, risk, efron);
    }
    const change = Math.abs(trial.loglik - current.loglik);
    beta = next;
    current = trial;
    if (change <= 1e-12 * Math.abs(current.loglik) + 1e-14) {
      converged = true;
      break;
    }
  }
  const runaway = beta.some((b, j) => {
    let sdj = 0;
    for (let i = 0; i < n; i++) sdj += X[j]![i]! ** 2;
    return Math.abs(b) * Math.sqrt(sdj / n) > 20;
  });
  if (!converged || runaway) {
    throw new StatsError(
      'SEPARATION',
      '模型不收敛：某个协变量（或其组合）几乎完美区分了发生事件与未发生事件的个体，风险比趋于无穷。请合并稀疏类别或删除该变量',
    );
  }
  const cov = spdInverse(current.info, p, '信息矩阵');
  const z = normalQuantile(1 - (1 - level) / 2);
  const coefficients = cols.map((c, j): CoxCoefficient => {
    const { ci, ...wald } = waldCoefficient(c.name, beta[j]!, Math.sqrt(cov[j * p + j]!), z);
    return { ...wald, hazardRatio: Math.exp(wald.estimate), hazardRatioCi: [Math.exp(ci[0]), Math.exp(ci[1])] };
  });
  let wald = 0;
  for (let j = 0; j < p; j++) for (let k = 0; k < p; k++) wald += beta[j]! * current.info[j * p + k]! * beta[k]!;
  const u0 = spdSolve(start.info, start.grad, p, '信息矩阵');
  let score = 0;
  for (let j = 0; j < p; j++) score += start.grad[j]! * u0[j]!;
  const lr = 2 * (current.loglik - start.loglik);
  const eta = new Float64Array(n);
  for (let i = 0; i < n; i++) for (let j = 0; j < p; j++) eta[i]! += beta[j]! * X[j]![i]!;
  const test = (statistic: number) => ({ statistic, df: p, pValue: chisqSf(statistic, p) });
  return {
    coefficients,
    n,
    missing: n0 - n,
    events,
    ties,
    logLikNull: start.loglik,
    logLik: current.loglik,
    likelihoodRatio: test(lr),
    wald: test(wald),
    score: test(score),
    concordance: concordanceOf(eta, risk),
    aic: -2 * current.loglik + 2 * p,
    proportionalHazards: zphTest(beta, X, risk, efron, input, cols, input.zphTransform ?? 'km'),
    iterations,
    level,
  };
}

/** Per-observation time scale of cox.zph: 1 − KM(t−) over all cases, ranks, t or log t. */
function zphTimes(time: Float64Array, status: Uint8Array, transform: 'km' | 'rank' | 'identity' | 'log'): Float64Array {
  const n = time.length;
  if (transform === 'identity') return Float64Array.from(time);
  if (transform === 'log') {
    if (time.some((t) => !(t > 0))) throw new StatsError('INVALID_ARGUMENT', '时间取对数要求所有时间大于0');
    return Float64Array.from(time, Math.log);
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => time[a]! - time[b]!);
  const out = new Float64Array(n);
  if (transform === 'rank') {
    for (let q = 0; q < n; ) {
      let e = q;
      while (e < n && time[order[e]!] === time[order[q]!]) e++;
      for (let r = q; r < e; r++) out[order[r]!] = (q + 1 + e) / 2;
      q = e;
    }
    return out;
  }
  let surv = 1;
  let atRisk = n;
  for (let q = 0; q < n; ) {
    let e = q;
    let d = 0;
    while (e < n && time[order[e]!] === time[order[q]!]) d += status[order[e++]!]!;
    for (let r = q; r < e; r++) out[order[r]!] = 1 - surv; // KM just before this time
    surv *= 1 - d / atRisk;
    atRisk -= e - q;
    q = e;
  }
  return out;
}

function zphTest(
  beta: Float64Array,
  X: readonly Float64Array[],
  risk: Risk,
  efron: boolean,
  input: CoxInput,
  cols: readonly DesignColumn[],
  transform: 'km' | 'rank' | 'identity' | 'log',
): CoxResult['proportionalHazards'] {
  const p = X.length;
  const tt = zphTimes(risk.time, risk.status, transform);
  let sum = 0;
  let events = 0;
  risk.status.forEach((s, i) => {
    if (s) {
      sum += tt[i]!;
      events++;
    }
  });
  const centre = sum / events;
  const gOf = new Map<number, number>();
  risk.time.forEach((t, i) => gOf.set(t, tt[i]! - centre));
  const u2 = new Float64Array(p);
  const m = 2 * p;
  const H = new Float64Array(m * m);
  partial(beta, X, risk, efron, (t, score, info) => {
    const g = gOf.get(t)!;
    for (let j = 0; j < p; j++) {
      u2[j] = u2[j]! + g * score[j]!;
      for (let k = 0; k < p; k++) {
        const v = info[j * p + k]!;
        H[j * m + k] = H[j * m + k]! + v;
        H[j * m + p + k] = H[j * m + p + k]! + g * v;
        H[(p + j) * m + k] = H[(p + j) * m + k]! + g * v;
        H[(p + j) * m + p + k] = H[(p + j) * m + p + k]! + g * g * v;
      }
    }
  });
  const test = (term: string, jj: number[]): ZphRow => {
    const kk = [...Array.from({ length: p }, (_, j) => j), ...jj.map((j) => p + j)];
    const size = kk.length;
    const sub = new Float64Array(size * size);
    kk.forEach((a, r) => kk.forEach((b, c) => (sub[r * size + c] = H[a * m + b]!)));
    const u = kk.map((a) => (a < p ? 0 : u2[a - p]!));
    const sol = spdSolve(sub, u, size, '比例风险检验的信息矩阵');
    const chiSquare = u.reduce((s, v, r) => s + v * sol[r]!, 0);
    return { term, chiSquare, df: jj.length, pValue: chisqSf(chiSquare, jj.length) };
  };
  const blocks = termBlocks({ predictors: input.predictors, interactions: input.interactions, intercept: false }, cols);
  return {
    transform,
    terms: blocks.map((b) => test(b.term, [...b.drop].sort((a, c) => a - c))),
    global: test('GLOBAL', Array.from({ length: p }, (_, j) => j)),
  };
}
