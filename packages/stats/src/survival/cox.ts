// Cox proportional-hazards regression (R: survival::coxph), Efron or Breslow ties, strata.
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { normalQuantile } from '../distributions/normal.js';
import { spdInverse, spdSolve } from '../internal/linalg.js';
import { completeRows, design, termBlocks, waldCoefficient, type DesignColumn, type ModelTerms } from '../regression/design.js';
import { argsort } from '../internal/rank.js';
import { survivalData } from './kaplan-meier.js';
import { maxOf, minOf } from '../descriptive/extent.js';

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

/**
 * Scaled Schoenfeld residuals per event, one series per term (cox.zph's `y`, survival ≥ 3): for a
 * term of one column β + D·(r I⁻¹), for a categorical term the β-weighted sum of its columns scaled
 * the same way plus 1. Events in order of time; plotted against time they show how β(t) moves.
 */
export interface ScaledSchoenfeld {
  terms: string[];
  time: number[];
  /** The time scale of the test (cox.zph's `x`). */
  transformedTime: number[];
  /** scaled[term][event]; null where the term's covariate is constant within the event's stratum. */
  scaled: (number | null)[][];
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
  /** Standard error of C by the infinitesimal jackknife (R: coxph's concordance["std"], survival ≥ 3). */
  concordanceSe: number;
  aic: number;
  /**
   * Test of proportional hazards (R: cox.zph, survival ≥ 3): score test for adding g(t)·x at
   * (β̂, 0), per term (all columns of a categorical predictor together) and globally.
   */
  proportionalHazards: { transform: 'km' | 'rank' | 'identity' | 'log'; terms: ZphRow[]; global: ZphRow; residuals: ScaledSchoenfeld | null };
  iterations: number;
  level: number;
}

interface Risk {
  /** Case indices per stratum, sorted by time descending. */
  strata: Int32Array[];
  time: Float64Array;
  status: Uint8Array;
}

/**
 * The design in risk-set order, packed for the partial likelihood: row q of stratum s (its q-th
 * case by descending time) is xs[s][q·p .. q·p + p), beside its time and status, so each Newton
 * step reads memory front to back instead of jumping between p columns by case index.
 */
interface Packed {
  xs: Float64Array[];
  ts: Float64Array[];
  st: Uint8Array[];
}

function pack(X: readonly Float64Array[], risk: Risk): Packed {
  const p = X.length;
  const xs: Float64Array[] = [];
  const ts: Float64Array[] = [];
  const st: Uint8Array[] = [];
  for (const order of risk.strata) {
    const m = order.length;
    const rows = new Float64Array(m * p);
    const t = new Float64Array(m);
    const d = new Uint8Array(m);
    for (let q = 0; q < m; q++) {
      const i = order[q]!;
      for (let j = 0; j < p; j++) rows[q * p + j] = X[j]![i]!;
      t[q] = risk.time[i]!;
      d[q] = risk.status[i]!;
    }
    xs.push(rows);
    ts.push(t);
    st.push(d);
  }
  return { xs, ts, st };
}

/**
 * Called once per distinct event time with that time's score and information contributions
 * (buffers reused between calls) and the case indices of its deaths.
 */
type PerTime = (time: number, score: Float64Array, info: Float64Array, deaths: readonly number[]) => void;

/**
 * Log partial likelihood, its gradient and information at β (X centred), in one backward pass over
 * each stratum: the risk-set sums S0, S1, S2 grow as the times fall, and each distinct time's
 * deaths use them with Efron's (or Breslow's) weights.
 */
function partial(beta: Float64Array, packed: Packed, risk: Risk, efron: boolean, perTime?: PerTime): { loglik: number; grad: Float64Array; info: Float64Array } {
  const p = beta.length;
  const grad = new Float64Array(p);
  const info = new Float64Array(p * p);
  let loglik = 0;
  const s1 = new Float64Array(p);
  const s2 = new Float64Array(p * p);
  const e1 = new Float64Array(p);
  const e2 = new Float64Array(p * p);
  const a1 = new Float64Array(p);
  const uT = perTime ? new Float64Array(p) : null;
  const iT = perTime ? new Float64Array(p * p) : null;
  const dx = perTime ? new Float64Array(p) : null;
  const dying: number[] = [];
  for (let si = 0; si < risk.strata.length; si++) {
    const order = risk.strata[si]!;
    const xs = packed.xs[si]!;
    const ts = packed.ts[si]!;
    const st = packed.st[si]!;
    let s0 = 0;
    s1.fill(0);
    s2.fill(0);
    const nq = order.length;
    for (let q = 0; q < nq; ) {
      const t = ts[q]!;
      let e0 = 0;
      let d = 0;
      // e1, e2 and dx are zero here: they only grow at deaths and are cleared after each death time.
      for (; q < nq && ts[q] === t; q++) {
        const o = q * p;
        let eta = 0;
        for (let j = 0; j < p; j++) eta += beta[j]! * xs[o + j]!;
        const r = Math.exp(eta);
        s0 += r;
        for (let j = 0; j < p; j++) {
          const xj = xs[o + j]!;
          s1[j]! += r * xj;
          for (let k = 0; k <= j; k++) s2[j * p + k]! += r * xj * xs[o + k]!;
        }
        if (st[q]) {
          if (perTime) dying[d] = order[q]!;
          d++;
          e0 += r;
          loglik += eta;
          for (let j = 0; j < p; j++) {
            const xj = xs[o + j]!;
            grad[j]! += xj;
            if (dx) dx[j]! += xj;
            e1[j]! += r * xj;
            for (let k = 0; k <= j; k++) e2[j * p + k]! += r * xj * xs[o + k]!;
          }
        }
      }
      if (d === 0) continue;
      if (uT && iT) {
        uT.set(dx!);
        iT.fill(0);
        dx!.fill(0);
        dying.length = d;
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
      for (let j = 0; j < p; j++) e1[j] = 0;
      for (let j = 0; j < p * p; j++) e2[j] = 0;
      if (perTime && uT && iT) {
        for (let j = 0; j < p; j++) for (let k = 0; k < j; k++) iT[k * p + j] = iT[j * p + k]!;
        perTime(t, uT, iT, dying);
      }
    }
  }
  for (let j = 0; j < p; j++) for (let k = 0; k < j; k++) info[k * p + j] = info[j * p + k]!;
  return { loglik, grad, info };
}

/**
 * Harrell's C within strata: events against later times (censored at the same time count as later;
 * two events at one time are not compared), and its standard error as survival's concordancefit:
 * each case's concordant, discordant and tied-predictor pair counts (as either member) give the
 * influence (C_i − D_i)/N − (S/N)(C_i + D_i + T_i) on Somers' d = S, var(C) = Σ influence² / 4.
 */
function concordanceOf(eta: Float64Array, risk: Risk, packed: Packed): { concordance: number; se: number } {
  const n = eta.length;
  const C = new Float64Array(n);
  const D = new Float64Array(n);
  const T = new Float64Array(n);
  let concordant = 0;
  let discordant = 0;
  let tied = 0;
  // Dense rank of each case's η within its stratum (1 = smallest), from one stable sort.
  const rankAt = new Int32Array(n);
  for (let si = 0; si < risk.strata.length; si++) {
    const order = risk.strata[si]!;
    // Time and status in the stratum's risk-set order (read by position, not through case indices).
    const ts = packed.ts[si]!;
    const st = packed.st[si]!;
    const etaOf = new Float64Array(order.length);
    for (let k = 0; k < order.length; k++) etaOf[k] = eta[order[k]!]!;
    const byEta = argsort(etaOf);
    let m = 0;
    for (let k = 0; k < byEta.length; k++) {
      const i = order[byEta[k]!]!;
      if (k === 0 || etaOf[byEta[k]!] !== etaOf[byEta[k - 1]!]) m++;
      rankAt[i] = m;
    }
    const fenwick = () => {
      const tree = new Float64Array(m + 1); // counts by rank of η
      return {
        add(r: number) {
          for (; r <= m; r += r & -r) tree[r]!++;
        },
        below(r: number) {
          let s = 0;
          for (; r > 0; r -= r & -r) s += tree[r]!;
          return s;
        },
      };
    };
    // Descending time: each event against the cases still at risk after it.
    const later = fenwick();
    let passed = 0;
    for (let q = 0; q < order.length; ) {
      const t = ts[q]!;
      let end = q;
      while (end < order.length && ts[end] === t) end++;
      for (let a = q; a < end; a++) if (!st[a]) later.add(rankAt[order[a]!]!);
      const withCensored = passed + (end - q) - countEvents(st, q, end);
      for (let a = q; a < end; a++) {
        const i = order[a]!;
        if (!st[a]) continue;
        const r = rankAt[i]!;
        const lower = later.below(r - 1);
        const same = later.below(r) - lower;
        concordant += lower;
        tied += same;
        discordant += withCensored - lower - same;
        C[i] = lower;
        T[i] = same;
        D[i] = withCensored - lower - same;
      }
      for (let a = q; a < end; a++) if (st[a]) later.add(rankAt[order[a]!]!);
      passed += end - q;
      q = end;
    }
    // Ascending time: each case against the earlier events it is compared with (a censored case
    // also against the events at its own time).
    const earlier = fenwick();
    let eventsPassed = 0;
    const asLater = (j: number) => {
      const r = rankAt[j]!;
      const lower = earlier.below(r - 1);
      const same = earlier.below(r) - lower;
      C[j]! += eventsPassed - lower - same;
      D[j]! += lower;
      T[j]! += same;
    };
    for (let end = order.length; end > 0; ) {
      const t = ts[end - 1]!;
      let q = end;
      while (q > 0 && ts[q - 1] === t) q--;
      for (let a = q; a < end; a++) if (st[a]) asLater(order[a]!);
      for (let a = q; a < end; a++) {
        if (!st[a]) continue;
        earlier.add(rankAt[order[a]!]!);
        eventsPassed++;
      }
      for (let a = q; a < end; a++) if (!st[a]) asLater(order[a]!);
      end = q;
    }
  }
  const pairs = concordant + discordant + tied;
  const somers = (concordant - discordant) / pairs;
  let variance = 0;
  for (let i = 0; i < n; i++) {
    const dfbeta = (C[i]! - D[i]!) / pairs - (somers / pairs) * (C[i]! + D[i]! + T[i]!);
    variance += dfbeta * dfbeta;
  }
  return { concordance: (somers + 1) / 2, se: Math.sqrt(variance / 4) };
}

function countEvents(st: Uint8Array, from: number, to: number): number {
  let c = 0;
  for (let a = from; a < to; a++) c += st[a]!;
  return c;
}

// R's coxph.control(): iter.max 20, eps 1e-9 on the relative change of the log partial likelihood,
// from β = 0, so the iteration count (and the point where the fit stops) is R's.
const MAX_ITERATIONS = 20;
const EPS = 1e-9;

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
    const centred = new Float64Array(n);
    for (let i = 0; i < n; i++) centred[i] = c.values[i]! - m;
    return centred;
  });
  // Without strata every case is in one risk set: no per-row keys.
  let groups: ArrayLike<number>[];
  if (input.strata) {
    const byKey = new Map<string, number[]>();
    for (let i = 0; i < n; i++) {
      const k = String(input.strata[rows[i]!]);
      (byKey.get(k) ?? byKey.set(k, []).get(k)!).push(i);
    }
    groups = [...byKey.values()];
  } else {
    const all = new Int32Array(n);
    for (let i = 0; i < n; i++) all[i] = i;
    groups = [all];
  }
  const risk: Risk = {
    // Descending time, ties in case order (a stable sort of −time).
    strata: groups.map((idx) => {
      const negTime = new Float64Array(idx.length);
      for (let k = 0; k < idx.length; k++) negTime[k] = -sd.time[idx[k]!]!;
      const byTime = argsort(negTime);
      return Int32Array.from(byTime, (k) => idx[k]!);
    }),
    time: sd.time,
    status: sd.status,
  };
  const efron = ties === 'efron';
  const packed = pack(X, risk);
  let beta = new Float64Array(p);
  const start = partial(beta, packed, risk, efron);
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
    let trial = partial(next, packed, risk, efron);
    for (let half = 0; half < 30 && !(trial.loglik >= current.loglik - 1e-12 * Math.abs(current.loglik)); half++) {
      next = Float64Array.from(beta, (b, j) => (b + next[j]!) / 2);
      trial = partial(next, packed, risk, efron);
    }
    const previous = current.loglik;
    beta = next;
    current = trial;
    // coxfit6: |1 − loglik_old / loglik_new| ≤ eps (an exact 0 = 0 counts as converged).
    if (previous === current.loglik || Math.abs(1 - previous / current.loglik) <= EPS) {
      converged = true;
      break;
    }
  }
  // |β|·SD of the column: the log hazard ratio per SD of the covariate; beyond 20 the fit is running to infinity.
  const scaled = Array.from(beta, (b, j) => {
    let ss = 0;
    for (let i = 0; i < n; i++) ss += X[j]![i]! ** 2;
    return Math.abs(b) * Math.sqrt(ss / n);
  });
  const runaway = cols.filter((_, j) => scaled[j]! > 20).map((col) => col.name);
  if (!converged || runaway.length > 0) {
    const named = runaway.length > 0 ? runaway : cols.filter((_, j) => scaled[j]! > 5).map((col) => col.name);
    throw new StatsError(
      'SEPARATION',
      `模型不收敛：${named.length > 0 ? `协变量${named.map((v) => `“${v}”`).join('、')}` : '某个协变量（或其组合）'}几乎完美区分了发生事件与未发生事件的个体，风险比趋于无穷。请合并稀疏类别或删除该变量`,
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
  const c = concordanceOf(eta, risk, packed);
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
    concordance: c.concordance,
    concordanceSe: c.se,
    aic: -2 * current.loglik + 2 * p,
    proportionalHazards: zphTest(beta, X, packed, risk, efron, input, cols, input.zphTransform ?? 'km'),
    iterations,
    level,
  };
}

/** Per-observation time scale of cox.zph: 1 − KM(t−) over all cases, ranks, t or log t. */
function zphTimes(time: Float64Array, status: Uint8Array, transform: 'km' | 'rank' | 'identity' | 'log', descending?: Int32Array): Float64Array {
  const n = time.length;
  if (transform === 'identity') return Float64Array.from(time);
  if (transform === 'log') {
    if (time.some((t) => !(t > 0))) throw new StatsError('INVALID_ARGUMENT', '时间取对数要求所有时间大于0');
    return Float64Array.from(time, Math.log);
  }
  // One stratum: its risk-set order reversed is ascending time (the order within ties does not
  // matter: tied times get one value).
  let order: ArrayLike<number>;
  if (descending && descending.length === n) {
    const asc = new Int32Array(n);
    for (let q = 0; q < n; q++) asc[q] = descending[n - 1 - q]!;
    order = asc;
  } else order = argsort(time);
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

/** Schoenfeld residuals of every death, flat: residual e is r[e·p .. e·p + p). */
interface Deaths {
  time: Float64Array;
  g: Float64Array;
  r: Float64Array;
  i: Int32Array;
  count: number;
}

function zphTest(
  beta: Float64Array,
  X: readonly Float64Array[],
  packed: Packed,
  risk: Risk,
  efron: boolean,
  input: CoxInput,
  cols: readonly DesignColumn[],
  transform: 'km' | 'rank' | 'identity' | 'log',
): CoxResult['proportionalHazards'] {
  const p = X.length;
  const tt = zphTimes(risk.time, risk.status, transform, risk.strata.length === 1 ? risk.strata[0] : undefined);
  let sum = 0;
  let events = 0;
  risk.status.forEach((s, i) => {
    if (s) {
      sum += tt[i]!;
      events++;
    }
  });
  const centre = sum / events;
  const u2 = new Float64Array(p);
  const m = 2 * p;
  const H = new Float64Array(m * m);
  // Schoenfeld residual of each death: x − the (Efron-averaged) risk-set mean at its time.
  // Flat per-death storage, filled in risk-set order.
  const deathsAt: Deaths = { time: new Float64Array(events), g: new Float64Array(events), r: new Float64Array(events * p), i: new Int32Array(events), count: 0 };
  const mean = new Float64Array(p);
  partial(beta, packed, risk, efron, (t, score, info, deaths) => {
    // g(t) is one value per time (every transform is a function of the time alone).
    const g = tt[deaths[0]!]! - centre;
    for (let j = 0; j < p; j++) {
      let sx = 0;
      for (const i of deaths) sx += X[j]![i]!;
      mean[j] = (sx - score[j]!) / deaths.length;
    }
    for (const i of deaths) {
      const e = deathsAt.count++;
      for (let j = 0; j < p; j++) deathsAt.r[e * p + j] = X[j]![i]! - mean[j]!;
      deathsAt.time[e] = t;
      deathsAt.g[e] = tt[i]!;
      deathsAt.i[e] = i;
    }
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
  const info = new Float64Array(p * p);
  for (let j = 0; j < p; j++) for (let k = 0; k < p; k++) info[j * p + k] = H[j * m + k]!;
  return {
    transform,
    terms: blocks.map((b) => test(b.term, [...b.drop].sort((a, c) => a - c))),
    global: test('GLOBAL', Array.from({ length: p }, (_, j) => j)),
    residuals: scaledSchoenfeld(beta, X, info, risk, blocks, deathsAt),
  };
}

/**
 * cox.zph's scaling of the residuals: with T mapping columns to terms (1 for a one-column term, β_j
 * for the columns of a categorical one) and V = I/W, y = (r T)(TᵀVT)⁻¹ + (β or 1). W counts the
 * events that inform each pair of columns: a column constant within a stratum is not used there
 * (R's `used`), and that stratum's events get no residual for the term (null).
 */
function scaledSchoenfeld(
  beta: Float64Array,
  X: readonly Float64Array[],
  info: Float64Array,
  risk: Risk,
  blocks: readonly { term: string; drop: Set<number> }[],
  deaths: Deaths,
): ScaledSchoenfeld {
  const p = beta.length;
  const q = blocks.length;
  const stratumOf = new Int32Array(risk.time.length);
  risk.strata.forEach((idx, si) => idx.forEach((i) => (stratumOf[i] = si)));
  // used[s][j]: the stratum's events if column j varies within it; a term's columns share their maximum.
  const used = risk.strata.map((idx) => {
    let events = 0;
    for (const i of idx) events += risk.status[i]!;
    const row = X.map((col) => (idx.some((i) => col[i] !== col[idx[0]!]) ? events : 0));
    for (const b of blocks) {
      const cols = [...b.drop];
      const top = maxOf(cols.map((j) => row[j]!));
      if (cols.some((j) => row[j] === 0)) for (const j of cols) row[j] = top;
    }
    return row;
  });
  const V = new Float64Array(p * p);
  for (let j = 0; j < p; j++) {
    for (let k = 0; k < p; k++) {
      let w = 0;
      for (const row of used) w += Math.min(row[j]!, row[k]!);
      V[j * p + k] = info[j * p + k]! / (w === 0 ? 1 : w);
    }
  }
  const T = new Float64Array(p * q);
  blocks.forEach((b, t) => {
    for (const j of b.drop) T[j * q + t] = b.drop.size === 1 ? 1 : beta[j]!;
  });
  const M = new Float64Array(q * q);
  for (let a = 0; a < q; a++) {
    for (let b = 0; b < q; b++) {
      let v = 0;
      for (let j = 0; j < p; j++) for (let k = 0; k < p; k++) v += T[j * q + a]! * V[j * p + k]! * T[k * q + b]!;
      M[a * q + b] = v;
    }
  }
  const first = blocks.map((b) => minOf(b.drop));
  const shift = blocks.map((b) => (b.drop.size === 1 ? beta[first[blocks.indexOf(b)]!]! : 1));
  // One inverse per pattern of used terms (usually one pattern for all strata).
  const inverses = new Map<string, { k: number[]; inv: Float64Array }>();
  const inverseFor = (k: number[]) => {
    const key = k.join(',');
    let hit = inverses.get(key);
    if (!hit) {
      const sub = new Float64Array(k.length * k.length);
      k.forEach((a, r) => k.forEach((b, c) => (sub[r * k.length + c] = M[a * q + b]!)));
      inverses.set(key, (hit = { k, inv: spdInverse(sub, k.length, '比例风险检验的信息矩阵') }));
    }
    return hit;
  };
  const nd = deaths.count;
  const ordered = new Int32Array(nd);
  for (let e = 0; e < nd; e++) ordered[e] = e;
  ordered.sort((a, b) => deaths.time[a]! - deaths.time[b]! || deaths.i[a]! - deaths.i[b]!);
  const scaled = blocks.map(() => new Array<number | null>(nd).fill(null));
  // The used terms (and their inverse) depend on the stratum only.
  const termsOf = used.map((row) => first.flatMap((j, t) => (row[j]! > 0 ? [t] : [])));
  const inverseOf = termsOf.map((k) => (k.length > 0 ? inverseFor(k) : null));
  const rt = new Float64Array(q);
  ordered.forEach((d, e) => {
    const di = deaths.i[d]!;
    const o = d * p;
    const k = termsOf[stratumOf[di]!]!;
    if (k.length === 0) {
      // A stratum where every covariate is constant: R leaves the (zero) residual unscaled.
      for (let t = 0; t < q; t++) {
        let v = 0;
        for (let j = 0; j < p; j++) v += deaths.r[o + j]! * T[j * q + t]!;
        scaled[t]![e] = v + shift[t]!;
      }
      return;
    }
    const { inv } = inverseOf[stratumOf[di]!]!;
    for (let r = 0; r < k.length; r++) {
      const t = k[r]!;
      let v = 0;
      for (let j = 0; j < p; j++) v += deaths.r[o + j]! * T[j * q + t]!;
      rt[r] = v;
    }
    k.forEach((t, c) => {
      let v = 0;
      for (let r = 0; r < k.length; r++) v += rt[r]! * inv[r * k.length + c]!;
      scaled[t]![e] = v + shift[t]!;
    });
  });
  return { terms: blocks.map((b) => b.term), time: Array.from(ordered, (d) => deaths.time[d]!), transformedTime: Array.from(ordered, (d) => deaths.g[d]!), scaled };
}
