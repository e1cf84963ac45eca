// Competing risks (R: cmprsk): cumulative incidence functions with their variances and Gray's test
// comparing them across groups (cuminc, timepoints), and the Fine–Gray subdistribution hazards
// model (crr). Ports of Robert Gray's Fortran routines cinc, crstm/crst, tpoi, crrfsv, crrf and crrvv,
// so the numbers agree with the R package to rounding.
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { normalQuantile, normalSf } from '../distributions/normal.js';
import { spdInverse, spdSolve } from '../internal/linalg.js';
import { completeRows, design, type Predictor } from '../regression/design.js';

/** One cumulative incidence curve as cuminc returns it: the corners of the step function. */
export interface CumulativeIncidenceCurve {
  group: string;
  /** The cause code (a positive integer). */
  cause: number;
  /** Times of the corners: 0, then each event time of the cause twice, then the group's largest follow-up time. */
  time: number[];
  /** The estimate at each corner (the curve jumps between the two corners at a time). */
  estimate: number[];
  /** Gray's (1988) asymptotic variance at each corner, as cuminc's `var`. */
  variance: number[];
  /** Number of subjects in the group and events of this cause among them. */
  n: number;
  events: number;
}

/** Gray's K-sample test of one cause's cumulative incidence across groups (cuminc()$Tests). */
export interface GrayTest {
  cause: number;
  statistic: number;
  df: number;
  pValue: number;
}

export interface CumulativeIncidenceOptions {
  /** Group of each subject; one group when absent. */
  group?: ArrayLike<string>;
  /** Order of the groups (default: sorted, as R's factor). Every group present must be listed. */
  groupLevels?: readonly string[];
  /** Strata of Gray's test (R: cuminc(strata =)); none when absent. */
  strata?: ArrayLike<string>;
  /** Power ρ of the weight (1 − F)^ρ in Gray's test (default 0, the log-rank-like test). */
  rho?: number;
}

export interface CumulativeIncidenceResult {
  n: number;
  groups: string[];
  /** The causes present (sorted codes), as cuminc's uclab. */
  causes: number[];
  /** One curve per cause and group, cause-major (as cuminc lists them). */
  curves: CumulativeIncidenceCurve[];
  /** Gray's test per cause when there are two or more groups, else null. */
  tests: GrayTest[] | null;
}

function validate(time: ArrayLike<number>, cause: ArrayLike<number>): void {
  if (time.length !== cause.length) throw new StatsError('INVALID_ARGUMENT', '时间与结局的长度不同');
  if (time.length === 0) throw new StatsError('TOO_FEW_OBSERVATIONS', '没有可分析的观测');
  for (let i = 0; i < time.length; i++) {
    if (!Number.isFinite(time[i]) || time[i]! < 0) throw new StatsError('INVALID_ARGUMENT', `时间必须是非负数（第${i + 1}个值）`);
    const c = cause[i]!;
    if (!(Number.isInteger(c) && c >= 0)) throw new StatsError('INVALID_ARGUMENT', `结局编码必须是 0（删失）或正整数（事件类型）（第${i + 1}个值为 ${c}）`);
  }
}

/** Indices sorted by time, ties in input order (R's order() is stable). */
const byTime = (time: ArrayLike<number>, idx: number[]): number[] => [...idx].sort((a, b) => time[a]! - time[b]! || a - b);

/** Fortran cinc: the cumulative incidence of one cause in sorted data (ic = failed of any cause, icc = of this cause). */
function cinc(y: number[], ic: number[], icc: number[]): { time: number[]; estimate: number[]; variance: number[] } {
  const n = y.length;
  const x = [0];
  const f = [0];
  const v = [0];
  let fk = 1;
  let v1 = 0;
  let v2 = 0;
  let v3 = 0;
  let rs = n;
  let ll = 0;
  while (ll < n) {
    let l = ll;
    while (l + 1 < n && y[l + 1] === y[ll]) l++;
    let nd1 = 0;
    let nd2 = 0;
    for (let i = ll; i <= l; i++) {
      nd1 += icc[i]!;
      nd2 += ic[i]! - icc[i]!;
    }
    const nd = nd1 + nd2;
    if (nd > 0) {
      const fkn = (fk * (rs - nd)) / rs;
      if (nd1 > 0) {
        const last = f[f.length - 1]!;
        f.push(last, last + (fk * nd1) / rs);
      }
      const fl = f[f.length - 1]!;
      if (nd2 > 0 && fkn > 0) {
        const t5 = nd2 > 1 ? 1 - (nd2 - 1) / (rs - 1) : 1;
        const t6 = (fk * fk * t5 * nd2) / (rs * rs);
        const t3 = 1 / fkn;
        const t4 = fl / fkn;
        v1 += t4 * t4 * t6;
        v2 += t3 * t4 * t6;
        v3 += t3 * t3 * t6;
      }
      if (nd1 > 0) {
        const t5 = nd1 > 1 ? 1 - (nd1 - 1) / (rs - 1) : 1;
        const t6 = (fk * fk * t5 * nd1) / (rs * rs);
        const t3 = fkn > 0 ? 1 / fkn : 0;
        const t4 = 1 + t3 * fl;
        v1 += t4 * t4 * t6;
        v2 += t3 * t4 * t6;
        v3 += t3 * t3 * t6;
        x.push(y[l]!, y[l]!);
        v.push(v[v.length - 1]!, v1 + fl * fl * v3 - 2 * fl * v2);
      }
      fk = fkn;
    }
    rs = n - l - 1;
    ll = l + 1;
  }
  x.push(y[n - 1]!);
  f.push(f[f.length - 1]!);
  v.push(v[v.length - 1]!);
  return { time: x, estimate: f, variance: v };
}

/** Fortran crst: Gray's score and its variance for one stratum (m: 0 censored, 1 cause of interest, 2 other). */
function crst(y: number[], m: number[], ig: number[], ng: number, rho: number): { s: number[]; v: number[][] } {
  const n = y.length;
  const ng1 = ng - 1;
  const rs = new Array<number>(ng).fill(0);
  for (const g of ig) rs[g]!++;
  const s = new Array<number>(ng1).fill(0);
  const v = Array.from({ length: ng1 }, () => new Array<number>(ng1).fill(0));
  const f1m = new Array<number>(ng).fill(0);
  const f1 = new Array<number>(ng).fill(0);
  const skmm = new Array<number>(ng).fill(1);
  const skm = new Array<number>(ng).fill(1);
  const v3 = new Array<number>(ng).fill(0);
  const v2 = Array.from({ length: ng1 }, () => new Array<number>(ng).fill(0));
  const c = Array.from({ length: ng }, () => new Array<number>(ng).fill(0));
  const a = Array.from({ length: ng }, () => new Array<number>(ng).fill(0));
  let fm = 0;
  let f = 0;
  let ll = 0;
  for (;;) {
    let lu = ll;
    while (lu + 1 < n && !(y[lu + 1]! > y[ll]!)) lu++;
    const d = [0, 1, 2].map(() => new Array<number>(ng).fill(0));
    for (let i = ll; i <= lu; i++) d[m[i]!]![ig[i]!]!++;
    let nd1 = 0;
    let nd2 = 0;
    for (let i = 0; i < ng; i++) {
      nd1 += d[1]![i]!;
      nd2 += d[2]![i]!;
    }
    if (nd1 > 0 || nd2 > 0) {
      let tr = 0;
      let tq = 0;
      for (let i = 0; i < ng; i++) {
        if (rs[i]! <= 0) continue;
        const td = d[1]![i]! + d[2]![i]!;
        skm[i] = (skmm[i]! * (rs[i]! - td)) / rs[i]!;
        f1[i] = f1m[i]! + (skmm[i]! * d[1]![i]!) / rs[i]!;
        tr += rs[i]! / skmm[i]!;
        tq += (rs[i]! * (1 - f1m[i]!)) / skmm[i]!;
      }
      f = fm + nd1 / tr;
      const fb = (1 - fm) ** rho;
      for (let i = 0; i < ng; i++) {
        for (let j = i; j < ng; j++) a[i]![j] = 0;
        if (rs[i]! <= 0) continue;
        const t1 = rs[i]! / skmm[i]!;
        a[i]![i] = fb * t1 * (1 - t1 / tr);
        if (a[i]![i] !== 0) c[i]![i] = c[i]![i]! + (a[i]![i]! * nd1) / (tr * (1 - fm));
        for (let j = i + 1; j < ng; j++) {
          if (rs[j]! <= 0) continue;
          a[i]![j] = (-fb * t1 * rs[j]!) / (skmm[j]! * tr);
          if (a[i]![j] !== 0) c[i]![j] = c[i]![j]! + (a[i]![j]! * nd1) / (tr * (1 - fm));
        }
      }
      for (let i = 1; i < ng; i++) {
        for (let j = 0; j < i; j++) {
          a[i]![j] = a[j]![i]!;
          c[i]![j] = c[j]![i]!;
        }
      }
      for (let i = 0; i < ng1; i++) {
        if (rs[i]! <= 0) continue;
        s[i] = s[i]! + fb * (d[1]![i]! - (nd1 * rs[i]! * (1 - f1m[i]!)) / (skmm[i]! * tq));
      }
      if (nd1 > 0) {
        for (let k = 0; k < ng; k++) {
          if (rs[k]! <= 0) continue;
          const t4 = skm[k]! > 0 ? 1 - (1 - f) / skm[k]! : 1;
          const t5 = nd1 > 1 ? 1 - (nd1 - 1) / (tr * skmm[k]! - 1) : 1;
          const t3 = (t5 * skmm[k]! * nd1) / (tr * rs[k]!);
          v3[k] = v3[k]! + t4 * t4 * t3;
          for (let i = 0; i < ng1; i++) {
            const t1 = a[i]![k]! - t4 * c[i]![k]!;
            v2[i]![k] = v2[i]![k]! + t1 * t4 * t3;
            for (let j = 0; j <= i; j++) {
              const t2 = a[j]![k]! - t4 * c[j]![k]!;
              v[i]![j] = v[i]![j]! + t1 * t2 * t3;
            }
          }
        }
      }
      if (nd2 > 0) {
        for (let k = 0; k < ng; k++) {
          if (skm[k]! <= 0 || d[2]![k]! <= 0) continue;
          const t4 = (1 - f) / skm[k]!;
          const t5 = d[2]![k]! > 1 ? 1 - (d[2]![k]! - 1) / (rs[k]! - 1) : 1;
          const t3 = (t5 * (skmm[k]! ** 2 * d[2]![k]!)) / rs[k]! ** 2;
          v3[k] = v3[k]! + t4 * t4 * t3;
          for (let i = 0; i < ng1; i++) {
            const t1 = t4 * c[i]![k]!;
            v2[i]![k] = v2[i]![k]! - t1 * t4 * t3;
            for (let j = 0; j <= i; j++) {
              const t2 = t4 * c[j]![k]!;
              v[i]![j] = v[i]![j]! + t1 * t2 * t3;
            }
          }
        }
      }
    }
    if (lu >= n - 1) break;
    for (let i = ll; i <= lu; i++) rs[ig[i]!]!--;
    fm = f;
    for (let i = 0; i < ng; i++) {
      f1m[i] = f1[i]!;
      skmm[i] = skm[i]!;
    }
    ll = lu + 1;
  }
  for (let i = 0; i < ng1; i++) {
    for (let j = 0; j <= i; j++) {
      for (let k = 0; k < ng; k++) {
        v[i]![j] = v[i]![j]! + c[i]![k]! * c[j]![k]! * v3[k]! + c[i]![k]! * v2[j]![k]! + c[j]![k]! * v2[i]![k]!;
      }
      v[j]![i] = v[i]![j]!;
    }
  }
  return { s, v };
}

/**
 * Cumulative incidence functions of each cause in each group with Gray's variances, and Gray's test
 * (ρ = 0 by default) comparing each cause's curves across groups.
 *
 * `cause` codes each subject 0 (censored) or 1, 2, … (the cause of the event). Curves come as the
 * corners of the step function, as cmprsk's cuminc returns them; read them at chosen times with
 * {@link cumulativeIncidenceAt}.
 * @throws StatsError for unequal lengths, negative times, codes that are not 0 or positive integers,
 *   no event at all, or a group list that misses a group present in the data.
 * @see Gray RJ (1988) Ann Stat 16:1141–54; R: cmprsk::cuminc(ftime, fstatus, group, strata, rho, cencode = 0).
 */
export function cumulativeIncidence(time: ArrayLike<number>, cause: ArrayLike<number>, options: CumulativeIncidenceOptions = {}): Readonly<CumulativeIncidenceResult> {
  validate(time, cause);
  const n = time.length;
  const rho = options.rho ?? 0;
  if (!Number.isFinite(rho)) throw new StatsError('INVALID_ARGUMENT', 'rho 必须是有限数');
  const group = options.group ? Array.from(options.group, String) : new Array<string>(n).fill('1');
  if (group.length !== n) throw new StatsError('INVALID_ARGUMENT', '分组与时间的长度不同');
  const present = [...new Set(group)];
  const groups = options.groupLevels ? options.groupLevels.filter((g) => present.includes(g)) : [...present].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const missing = present.find((g) => !groups.includes(g));
  if (missing !== undefined) throw new StatsError('INVALID_ARGUMENT', `分组“${missing}”不在给定的分组顺序中`);
  const strata = options.strata ? Array.from(options.strata, String) : new Array<string>(n).fill('1');
  if (strata.length !== n) throw new StatsError('INVALID_ARGUMENT', '分层与时间的长度不同');

  const order = byTime(time, Array.from({ length: n }, (_, i) => i));
  const causes = [...new Set(Array.from(cause).filter((c) => c !== 0))].sort((a, b) => a - b);
  if (causes.length === 0) throw new StatsError('TOO_FEW_OBSERVATIONS', '没有发生任何事件（全部为删失）');
  const gIndex = new Map(groups.map((g, i) => [g, i]));
  const curves: CumulativeIncidenceCurve[] = [];
  const tests: GrayTest[] = [];
  for (const k of causes) {
    for (const g of groups) {
      const idx = order.filter((i) => group[i] === g);
      const y = idx.map((i) => time[i]!);
      const ic = idx.map((i) => (cause[i] === 0 ? 0 : 1));
      const icc = idx.map((i) => (cause[i] === k ? 1 : 0));
      curves.push({ group: g, cause: k, ...cinc(y, ic, icc), n: idx.length, events: icc.reduce<number>((s, v) => s + v, 0) });
    }
    if (groups.length > 1) {
      const ng = groups.length;
      const S = new Array<number>(ng - 1).fill(0);
      const V = Array.from({ length: ng - 1 }, () => new Array<number>(ng - 1).fill(0));
      for (const st of [...new Set(strata)]) {
        const idx = order.filter((i) => strata[i] === st);
        const part = crst(
          idx.map((i) => time[i]!),
          idx.map((i) => (cause[i] === 0 ? 0 : cause[i] === k ? 1 : 2)),
          idx.map((i) => gIndex.get(group[i]!)!),
          ng,
          rho,
        );
        part.s.forEach((v, i) => (S[i] = S[i]! + v));
        part.v.forEach((row, i) => row.forEach((v, j) => (V[i]![j] = V[i]![j]! + v)));
      }
      let statistic = NaN;
      try {
        const sol = spdSolve(Float64Array.from(V.flat()), S, ng - 1, '检验的方差矩阵');
        statistic = S.reduce((a, s, i) => a + s * sol[i]!, 0);
      } catch {
        // R's cuminc reports −1 for a singular variance; the test is undefined.
      }
      tests.push({ cause: k, statistic, df: ng - 1, pValue: Number.isFinite(statistic) ? chisqSf(statistic, ng - 1) : NaN });
    }
  }
  return { n, groups, causes, curves, tests: groups.length > 1 ? tests : null };
}

/**
 * A curve read at chosen times, as cmprsk's timepoints: the value of the step function at each time
 * (right-continuous), null past the group's largest follow-up time.
 */
export function cumulativeIncidenceAt(curve: Pick<CumulativeIncidenceCurve, 'time' | 'estimate' | 'variance'>, times: readonly number[]): { time: number; estimate: number | null; variance: number | null }[] {
  const x = curve.time;
  const last = x.length - 1;
  return times.map((t) => {
    if (!(x[last]! >= t)) return { time: t, estimate: null, variance: null };
    let ind: number;
    if (x[last] === t) ind = last;
    else {
      let k = last - 1;
      while (k >= 0 && !(x[k]! <= t)) k--;
      if (k < 0) return { time: t, estimate: null, variance: null };
      ind = k + 1;
    }
    return { time: t, estimate: curve.estimate[ind]!, variance: curve.variance[ind]! };
  });
}

export interface FineGrayInput {
  time: ArrayLike<number>;
  /** 0 = censored, positive codes = causes. */
  cause: ArrayLike<number>;
  predictors: Predictor[];
  /** The cause of interest (default 1); every other positive code is a competing event. */
  failCode?: number;
  level?: number;
  /** Convergence tolerance on the gradient (R: crr(gtol = 1e-6)). */
  gtol?: number;
  /** Maximum Newton–Raphson iterations (R: crr(maxiter = 10)). */
  maxIter?: number;
}

export interface FineGrayCoefficient {
  term: string;
  estimate: number;
  se: number;
  /** z = estimate / se. */
  statistic: number;
  pValue: number;
  /** Subdistribution hazard ratio exp(estimate) and its Wald CI. */
  hazardRatio: number;
  hazardRatioCi: [number, number];
}

export interface FineGrayResult {
  n: number;
  events: number;
  competing: number;
  censored: number;
  coefficients: FineGrayCoefficient[];
  /** Sandwich covariance of the estimates (crr()$var), row-major. */
  covariance: number[][];
  /** Log pseudo-likelihood at the estimates and at 0 (crr()$loglik, $loglik.null). */
  logLik: number;
  logLikNull: number;
  /** Pseudo likelihood-ratio test 2(logLik − logLikNull) on p df, as summary.crr prints. */
  likelihoodRatio: { statistic: number; df: number; pValue: number };
  converged: boolean;
  iterations: number;
  level: number;
}

interface CrrData {
  n: number;
  p: number;
  t: Float64Array;
  ici: Int8Array;
  /** Row-major n × p covariates, centred (the fit and its variance do not depend on the centre). */
  x: Float64Array;
  /** Kaplan–Meier of the censoring distribution just before each time, G(t−). */
  wt: Float64Array;
  /** First row of each block of tied times, then n. */
  blocks: Int32Array;
}

/**
 * The weighted risk-set sums S0, S1 at each block of tied times: everyone still followed, plus those
 * who had a competing event earlier, weighted G(t−)/G(tⱼ−) (crr's risk set). Suffix sums over the
 * followed and prefix sums over the competing events make this O(n·p) instead of crr's O(n²·p).
 */
function riskSums(d: CrrData, b: Float64Array) {
  const { n, p, x, ici, wt, blocks } = d;
  const nb = blocks.length - 1;
  const eta = new Float64Array(n);
  const ex = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let w = 0;
    for (let j = 0; j < p; j++) w += x[i * p + j]! * b[j]!;
    eta[i] = w;
    ex[i] = Math.exp(w);
  }
  const suf0 = new Float64Array(n + 1);
  const suf1 = new Float64Array((n + 1) * p);
  for (let i = n - 1; i >= 0; i--) {
    suf0[i] = suf0[i + 1]! + ex[i]!;
    for (let j = 0; j < p; j++) suf1[i * p + j] = suf1[(i + 1) * p + j]! + ex[i]! * x[i * p + j]!;
  }
  const S0 = new Float64Array(nb);
  const S1 = new Float64Array(nb * p);
  const events = new Int32Array(nb);
  let C0 = 0;
  const C1 = new Float64Array(p);
  for (let k = 0; k < nb; k++) {
    const a = blocks[k]!;
    const e = blocks[k + 1]!;
    S0[k] = suf0[a]! + wt[a]! * C0;
    for (let j = 0; j < p; j++) S1[k * p + j] = suf1[a * p + j]! + wt[a]! * C1[j]!;
    for (let i = a; i < e; i++) {
      if (ici[i] === 1) events[k]!++;
      else if (ici[i] === 2) {
        const w = ex[i]! / wt[i]!;
        C0 += w;
        for (let j = 0; j < p; j++) C1[j] = C1[j]! + w * x[i * p + j]!;
      }
    }
  }
  return { eta, ex, S0, S1, events };
}

/**
 * Fortran crrfsv / crrf: minus the log pseudo-likelihood, and with `derivs` its gradient and Hessian.
 * The Hessian Σ d·(S2/S0 − S1S1ᵀ/S0²) is summed per subject (each subject's x xᵀ times the share of
 * the event blocks whose risk set holds it), which needs no S2 per block.
 */
function crrfsv(d: CrrData, b: Float64Array, derivs: boolean): { lik: number; s: Float64Array; v: Float64Array } {
  const { p, x, ici, wt, blocks } = d;
  const nb = blocks.length - 1;
  const { eta, ex, S0, S1, events } = riskSums(d, b);
  let lik = 0;
  const s = new Float64Array(p);
  const v = new Float64Array(p * p);
  for (let k = 0; k < nb; k++) {
    const dk = events[k]!;
    if (dk === 0) continue;
    for (let i = blocks[k]!; i < blocks[k + 1]!; i++) {
      if (ici[i] !== 1) continue;
      lik -= eta[i]!;
      if (derivs) for (let j = 0; j < p; j++) s[j] = s[j]! - x[i * p + j]!;
    }
    lik += dk * Math.log(S0[k]!);
    if (!derivs) continue;
    const s0 = S0[k]!;
    for (let j = 0; j < p; j++) s[j] = s[j]! + (dk * S1[k * p + j]!) / s0;
    for (let j = 0; j < p; j++) for (let l = j; l < p; l++) v[j * p + l] = v[j * p + l]! - (dk * S1[k * p + j]! * S1[k * p + l]!) / (s0 * s0);
  }
  if (derivs) {
    // P: Σ d/S0 over event blocks at or before a subject's time; Q: Σ d·G/S0 over those after it.
    const P = new Float64Array(nb);
    const Q = new Float64Array(nb + 1);
    for (let k = 0, acc = 0; k < nb; k++) P[k] = acc += events[k]! / S0[k]!;
    for (let k = nb - 1; k >= 0; k--) Q[k] = Q[k + 1]! + (events[k]! * wt[blocks[k]!]!) / S0[k]!;
    for (let k = 0; k < nb; k++) {
      for (let i = blocks[k]!; i < blocks[k + 1]!; i++) {
        const w = ex[i]! * (P[k]! + (ici[i] === 2 ? Q[k + 1]! / wt[i]! : 0));
        if (w === 0) continue;
        for (let j = 0; j < p; j++) for (let l = j; l < p; l++) v[j * p + l] = v[j * p + l]! + w * x[i * p + j]! * x[i * p + l]!;
      }
    }
    for (let j = 0; j < p; j++) for (let l = j + 1; l < p; l++) v[l * p + j] = v[j * p + l]!;
  }
  return { lik, s, v };
}

/**
 * Fortran crrvv: the information matrix and the middle of the sandwich, the sum over subjects of
 * ηᵢηᵢᵀ where ηᵢ is the subject's influence on the score (its own event term, its share of every
 * event's risk set, and the part from estimating the censoring distribution, ψᵢ). crrvv's nested
 * loops are rewritten as running sums over the sorted times, O(n·p²) instead of O(n²·p).
 */
function crrvv(d: CrrData, b: Float64Array): { info: Float64Array; middle: Float64Array } {
  const { n, p, x, ici, wt, blocks } = d;
  const nb = blocks.length - 1;
  const { ex, S0, S1, events } = riskSums(d, b);
  const info = crrfsv(d, b, true).v;
  // Over event blocks: P1, P2 up to and including block k; Q1, Q2 from block k on.
  const P1 = new Float64Array(nb);
  const P2 = new Float64Array(nb * p);
  const Q1 = new Float64Array(nb + 1);
  const Q2 = new Float64Array((nb + 1) * p);
  for (let k = 0; k < nb; k++) {
    const w = events[k]! / S0[k]!;
    P1[k] = (k > 0 ? P1[k - 1]! : 0) + w;
    for (let j = 0; j < p; j++) P2[k * p + j] = (k > 0 ? P2[(k - 1) * p + j]! : 0) + (w * S1[k * p + j]!) / S0[k]!;
  }
  for (let k = nb - 1; k >= 0; k--) {
    const w = (events[k]! * wt[blocks[k]!]!) / S0[k]!;
    Q1[k] = Q1[k + 1]! + w;
    for (let j = 0; j < p; j++) Q2[k * p + j] = Q2[(k + 1) * p + j]! + (w * S1[k * p + j]!) / S0[k]!;
  }
  const middle = new Float64Array(p * p);
  const ss2 = new Float64Array(p);
  const qu = new Float64Array(p);
  const st = new Float64Array(p);
  // Competing events before the current block: Σ e^η/G and Σ x e^η/G.
  let A = 0;
  const B = new Float64Array(p);
  for (let k = 0; k < nb; k++) {
    const a = blocks[k]!;
    const e = blocks[k + 1]!;
    const atRisk = n - a;
    let censoredHere = 0;
    for (let i = a; i < e; i++) if (ici[i] === 0) censoredHere++;
    if (censoredHere > 0) {
      for (let j = 0; j < p; j++) qu[j] = B[j]! * Q1[k]! - A * Q2[k * p + j]!;
      for (let j = 0; j < p; j++) ss2[j] = ss2[j]! - (censoredHere * qu[j]!) / (atRisk * atRisk);
    }
    for (let i = a; i < e; i++) {
      const xi = i * p;
      for (let j = 0; j < p; j++) {
        let v = -ex[i]! * (x[xi + j]! * P1[k]! - P2[k * p + j]!);
        if (ici[i]! > 1) v -= (ex[i]! / wt[i]!) * (x[xi + j]! * Q1[k + 1]! - Q2[(k + 1) * p + j]!);
        if (ici[i] === 1) v += x[xi + j]! - S1[k * p + j]! / S0[k]!;
        v += ss2[j]!;
        if (ici[i] === 0) v += qu[j]! / atRisk;
        st[j] = v;
      }
      for (let j = 0; j < p; j++) for (let l = j; l < p; l++) middle[j * p + l] = middle[j * p + l]! + st[j]! * st[l]!;
    }
    for (let i = a; i < e; i++) {
      if (ici[i] !== 2) continue;
      const w = ex[i]! / wt[i]!;
      A += w;
      for (let j = 0; j < p; j++) B[j] = B[j]! + w * x[i * p + j]!;
    }
  }
  for (let j = 0; j < p; j++) for (let l = j + 1; l < p; l++) middle[l * p + j] = middle[j * p + l]!;
  return { info, middle };
}

/**
 * The Fine–Gray proportional subdistribution hazards model for the cause `failCode`, as cmprsk's
 * crr: inverse-probability-of-censoring weights from the Kaplan–Meier estimate of the censoring
 * distribution (one censoring group), Newton–Raphson with step halving from β = 0, ties handled as
 * crr (Breslow-type), and the sandwich variance crr reports. Categorical predictors are dummy coded
 * against their reference level.
 * @throws StatsError for invalid data, no event of the cause of interest, too few events for the
 *   parameters, or a singular information matrix.
 * @see Fine JP, Gray RJ (1999) JASA 94:496–509; R: cmprsk::crr(ftime, fstatus, cov1, failcode, cencode = 0).
 */
export function fineGray(input: FineGrayInput): Readonly<FineGrayResult> {
  const level = input.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new StatsError('INVALID_ARGUMENT', '置信水平必须在0到1之间');
  const failCode = input.failCode ?? 1;
  const gtol = input.gtol ?? 1e-6;
  const maxIter = input.maxIter ?? 10;
  const rows = completeRows([input.time, input.cause], input.predictors);
  const time0 = Array.from(rows, (i) => Number(input.time[i]));
  const cause0 = Array.from(rows, (i) => Number(input.cause[i]));
  validate(time0, cause0);
  const cols = design({ predictors: input.predictors, intercept: false }, rows);
  const p = cols.length;
  if (p === 0) throw new StatsError('INVALID_ARGUMENT', '模型中没有自变量');
  const n = rows.length;
  const order = byTime(time0, Array.from({ length: n }, (_, i) => i));
  const t = Float64Array.from(order, (i) => time0[i]!);
  const ici = Int8Array.from(order, (i) => (cause0[i] === failCode ? 1 : cause0[i] === 0 ? 0 : 2));
  const x = new Float64Array(n * p);
  cols.forEach((c, j) => {
    let m = 0;
    for (const v of c.values) m += v;
    m /= n;
    order.forEach((i, r) => (x[r * p + j] = c.values[i]! - m));
  });
  let events = 0;
  let competing = 0;
  for (const c of ici) {
    if (c === 1) events++;
    else if (c === 2) competing++;
  }
  if (events === 0) throw new StatsError('TOO_FEW_OBSERVATIONS', '没有发生关注事件，无法拟合 Fine–Gray 模型');
  if (events <= p) throw new StatsError('TOO_FEW_OBSERVATIONS', `关注事件数（${events}）必须多于模型参数个数（${p}）`);
  // G(t−): Kaplan–Meier of the censoring distribution just before each time.
  const wt = new Float64Array(n);
  let g = 1;
  for (let ll = 0; ll < n; ) {
    let lu = ll;
    while (lu + 1 < n && t[lu + 1] === t[ll]) lu++;
    let cens = 0;
    for (let i = ll; i <= lu; i++) {
      wt[i] = g;
      if (ici[i] === 0) cens++;
    }
    g *= 1 - cens / (n - ll);
    ll = lu + 1;
  }
  const starts: number[] = [];
  for (let i = 0; i < n; i++) if (i === 0 || t[i]! > t[i - 1]!) starts.push(i);
  starts.push(n);
  const data: CrrData = { n, p, t, ici, x, wt, blocks: Int32Array.from(starts) };

  let b = new Float64Array(p);
  let z = crrfsv(data, b, true);
  let converged = false;
  let iterations = 0;
  for (let ll = 0; ll <= maxIter; ll++) {
    let gmax = 0;
    for (let j = 0; j < p; j++) gmax = Math.max(gmax, Math.abs(z.s[j]!) * Math.max(Math.abs(b[j]!), 1));
    if (gmax < Math.max(Math.abs(z.lik), 1) * gtol) {
      converged = true;
      break;
    }
    if (ll === maxIter) break;
    let sc: Float64Array;
    try {
      sc = spdSolve(z.v, z.s, p, 'Fine–Gray 模型的信息矩阵').map((v) => -v);
    } catch {
      throw new StatsError('SINGULAR', 'Fine–Gray 模型的信息矩阵奇异：可能有共线的协变量，或某个类别中没有关注事件');
    }
    let slope = 0;
    for (let j = 0; j < p; j++) slope += sc[j]! * z.s[j]!;
    let bn = b.map((v, j) => v + sc[j]!);
    let fbn = crrfsv(data, bn, false).lik;
    let halvings = 0;
    while (Number.isNaN(fbn) || fbn > z.lik + 1e-4 * slope) {
      halvings++;
      sc = sc.map((v) => v * 0.5);
      bn = b.map((v, j) => v + sc[j]!);
      fbn = crrfsv(data, bn, false).lik;
      if (halvings > 20) break;
    }
    if (halvings > 20) break;
    b = bn;
    iterations = ll + 1;
    z = crrfsv(data, b, true);
  }
  if (b.some((v) => !Number.isFinite(v))) throw new StatsError('NOT_CONVERGED', 'Fine–Gray 模型的迭代发散');
  const vv = crrvv(data, b);
  let hinv: Float64Array;
  try {
    hinv = spdInverse(vv.info, p, 'Fine–Gray 模型的信息矩阵');
  } catch {
    throw new StatsError('SINGULAR', 'Fine–Gray 模型的信息矩阵奇异：可能有共线的协变量，或某个类别中没有关注事件');
  }
  const cov = Array.from({ length: p }, (_, i) =>
    Array.from({ length: p }, (_, j) => {
      let s = 0;
      for (let k = 0; k < p; k++) for (let l = 0; l < p; l++) s += hinv[i * p + k]! * vv.middle[k * p + l]! * hinv[j * p + l]!;
      return s;
    }),
  );
  const zq = normalQuantile(1 - (1 - level) / 2);
  const coefficients = cols.map((c, j): FineGrayCoefficient => {
    const se = Math.sqrt(cov[j]![j]!);
    const est = b[j]!;
    const stat = est / se;
    return { term: c.name, estimate: est, se, statistic: stat, pValue: 2 * normalSf(Math.abs(stat)), hazardRatio: Math.exp(est), hazardRatioCi: [Math.exp(est - zq * se), Math.exp(est + zq * se)] };
  });
  const logLik = -z.lik;
  const logLikNull = -crrfsv(data, new Float64Array(p), false).lik;
  const lr = 2 * (logLik - logLikNull);
  return {
    n,
    events,
    competing,
    censored: n - events - competing,
    coefficients,
    covariance: cov,
    logLik,
    logLikNull,
    likelihoodRatio: { statistic: lr, df: p, pValue: chisqSf(lr, p) },
    converged,
    iterations,
    level,
  };
}
