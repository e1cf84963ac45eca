// Linear mixed model with one grouping factor (random intercept, optionally correlated random
// slopes), fitted as lme4::lmer: the profiled (RE)ML deviance over the relative covariance factor θ,
// minimised under the bounds diag(Λ) ≥ 0. Fixed-effect tests use Satterthwaite's degrees of freedom
// as lmerTest (the asymptotic covariance of (θ, σ) from the Hessian of the unprofiled deviance).
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { fSf } from '../distributions/f.js';
import { tQuantile, tSf } from '../distributions/t.js';
import { symmetricEigen } from '../internal/linalg.js';
import { maxOf, minOf } from '../descriptive/extent.js';

export interface LmmInput {
  /** Outcome, one value per observation. */
  y: readonly number[];
  /** Fixed-effect design columns (include the intercept column yourself). */
  x: ReadonlyArray<readonly number[]>;
  /** Names of the fixed-effect columns. */
  names: readonly string[];
  /** Grouping factor (subject id) of each observation. */
  group: ReadonlyArray<string | number>;
  /** Random-effect columns (the first usually the intercept column of ones). */
  z: ReadonlyArray<readonly number[]>;
  /** Names of the random-effect columns. */
  zNames: readonly string[];
}

export interface LmmOptions {
  /** REML (default) or maximum likelihood. */
  reml?: boolean;
  /** Confidence level of the fixed-effect intervals (default 0.95). */
  level?: number;
  /**
   * Satterthwaite degrees of freedom (default true). False skips the numeric derivatives, for a fit
   * needed only for its likelihood: then every df, P and CI is NaN and `contrast` throws.
   */
  satterthwaite?: boolean;
  /**
   * Starting θ (lme4's getME(fit, "theta") order), e.g. from a related fit; default diag 1, off 0.
   * Only the speed depends on it.
   */
  start?: readonly number[];
}

export interface LmmCoefficient {
  term: string;
  estimate: number;
  se: number;
  /** Satterthwaite denominator degrees of freedom. */
  df: number;
  statistic: number;
  pValue: number;
  ci: readonly [number, number];
}

export interface LmmFTest {
  statistic: number;
  numDf: number;
  denDf: number;
  pValue: number;
}

export interface LmmResult {
  reml: boolean;
  n: number;
  groups: number;
  /** Group labels in order of first appearance, matching `ranef`. */
  groupLevels: readonly string[];
  coefficients: readonly LmmCoefficient[];
  /** Covariance matrix of the fixed effects (p×p). */
  vcov: readonly (readonly number[])[];
  /** Relative covariance factor parameters (lme4's getME(fit, "theta")). */
  theta: readonly number[];
  /** Residual standard deviation σ. */
  sigma: number;
  residualVariance: number;
  /** Covariance matrix of the random effects σ²ΛΛᵀ (q×q). */
  randomCovariance: readonly (readonly number[])[];
  randomSd: readonly number[];
  /** Correlation matrix of the random effects (q×q). */
  randomCorrelation: readonly (readonly number[])[];
  /** Log-likelihood (REML criterion / −2 for a REML fit, as logLik()). */
  logLik: number;
  /** −2 logLik (lme4's REMLcrit or deviance). */
  deviance: number;
  /** Number of parameters: fixed effects + θ + σ. */
  npar: number;
  aic: number;
  bic: number;
  /** A diagonal of Λ at (near) zero: lme4's isSingular (tol 1e-4). */
  singular: boolean;
  evaluations: number;
  /** Conditional modes of the random effects, one row per group. */
  ranef: readonly (readonly number[])[];
  /** Conditional fitted values Xβ + Zb and residuals y − fitted. */
  fitted: readonly number[];
  residuals: readonly number[];
  /** Population (fixed-effect) predictions Xβ. */
  fixedFitted: readonly number[];
  /** Satterthwaite F test of L β = 0 (lmerTest's contest); L has one row per contrast. */
  contrast(L: ReadonlyArray<readonly number[]>): LmmFTest;
}

// ---- small dense helpers (the matrices here are q×q or p×p) ---------------------------------

type Mat = number[][];
const zeros = (r: number, c: number): Mat => Array.from({ length: r }, () => new Array<number>(c).fill(0));

/** Lower Cholesky factor, or null when not positive definite. */
function chol(A: Mat): Mat | null {
  const p = A.length;
  const L = zeros(p, p);
  for (let j = 0; j < p; j++) {
    let d = A[j]![j]!;
    for (let k = 0; k < j; k++) d -= L[j]![k]! ** 2;
    if (!(d > 1e-12 * Math.abs(A[j]![j]!)) || !(d > 0)) return null;
    const l = Math.sqrt(d);
    L[j]![j] = l;
    for (let i = j + 1; i < p; i++) {
      let s = A[i]![j]!;
      for (let k = 0; k < j; k++) s -= L[i]![k]! * L[j]![k]!;
      L[i]![j] = s / l;
    }
  }
  return L;
}

function cholSolveVec(L: Mat, b: readonly number[]): number[] {
  const p = L.length;
  const y = new Array<number>(p);
  for (let i = 0; i < p; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= L[i]![k]! * y[k]!;
    y[i] = s / L[i]![i]!;
  }
  for (let i = p - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let k = i + 1; k < p; k++) s -= L[k]![i]! * y[k]!;
    y[i] = s / L[i]![i]!;
  }
  return y;
}

function cholInverse(L: Mat): Mat {
  const p = L.length;
  const inv = zeros(p, p);
  for (let j = 0; j < p; j++) {
    const e = new Array<number>(p).fill(0);
    e[j] = 1;
    const col = cholSolveVec(L, e);
    for (let i = 0; i < p; i++) inv[i]![j] = col[i]!;
  }
  return inv;
}

const logDetChol = (L: Mat) => 2 * L.reduce((s, row, i) => s + Math.log(row[i]!), 0);

/** Inverse of a small symmetric matrix that may be indefinite (Gauss–Jordan with pivoting). */
function inverse(A: Mat): Mat | null {
  const p = A.length;
  const M = A.map((r, i) => [...r, ...Array.from({ length: p }, (_, j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < p; c++) {
    let piv = c;
    for (let r = c + 1; r < p; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[piv]![c]!)) piv = r;
    if (!(Math.abs(M[piv]![c]!) > 1e-300)) return null;
    [M[c], M[piv]] = [M[piv]!, M[c]!];
    const d = M[c]![c]!;
    for (let k = 0; k < 2 * p; k++) M[c]![k]! /= d;
    for (let r = 0; r < p; r++) {
      if (r === c) continue;
      const f = M[r]![c]!;
      if (f !== 0) for (let k = 0; k < 2 * p; k++) M[r]![k]! -= f * M[c]![k]!;
    }
  }
  return M.map((r) => r.slice(p));
}

const qform = (v: readonly number[], A: Mat) => v.reduce((s, vi, i) => s + vi * A[i]!.reduce((t, a, j) => t + a * v[j]!, 0), 0);

// ---- the profiled deviance --------------------------------------------------------------------

interface Group {
  rows: number[];
  ZtZ: Mat;
  ZtX: Mat;
  Zty: number[];
}

interface Evaluation {
  beta: number[];
  /** Penalised residual sum of squares at β̂(θ). */
  pwrss: number;
  /** log|Λᵀ ZᵀZ Λ + I| (lme4's ldL2). */
  ldL2: number;
  /** log|Xᵀ V⁻¹ X| (lme4's ldRX2). */
  ldRX2: number;
  /** (Xᵀ V⁻¹ X)⁻¹, so that vcov(β) = σ² times this. */
  xvxInv: Mat;
  /** Spherical random effects u of each group (b = Λu). */
  u: number[][];
}

/** θ (column-major lower triangle, as lme4) → Λ. */
function lambdaOf(theta: readonly number[], q: number): Mat {
  const L = zeros(q, q);
  let k = 0;
  for (let j = 0; j < q; j++) for (let i = j; i < q; i++) L[i]![j] = theta[k++]!;
  return L;
}

class Model {
  readonly n: number;
  readonly p: number;
  readonly q: number;
  readonly groups: Group[];
  readonly XtX: Mat;
  readonly Xty: number[];
  constructor(
    readonly y: readonly number[],
    readonly X: ReadonlyArray<readonly number[]>,
    readonly Z: ReadonlyArray<readonly number[]>,
    readonly groupOf: readonly number[],
    nGroups: number,
  ) {
    this.n = y.length;
    this.p = X.length;
    this.q = Z.length;
    const { p, q } = this;
    this.groups = Array.from({ length: nGroups }, () => ({ rows: [] as number[], ZtZ: zeros(q, q), ZtX: zeros(q, p), Zty: new Array<number>(q).fill(0) }));
    for (let r = 0; r < this.n; r++) this.groups[groupOf[r]!]!.rows.push(r);
    for (const g of this.groups) {
      for (const r of g.rows) {
        for (let a = 0; a < q; a++) {
          const za = Z[a]![r]!;
          for (let b = 0; b < q; b++) g.ZtZ[a]![b]! += za * Z[b]![r]!;
          for (let b = 0; b < p; b++) g.ZtX[a]![b]! += za * X[b]![r]!;
          g.Zty[a]! += za * y[r]!;
        }
      }
    }
    this.Xty = X.map((col) => col.reduce((s, v, r) => s + v * y[r]!, 0));
    this.XtX = zeros(p, p);
    for (let a = 0; a < p; a++) for (let b = a; b < p; b++) {
      let s = 0;
      for (let r = 0; r < this.n; r++) s += X[a]![r]! * X[b]![r]!;
      this.XtX[a]![b] = s;
      this.XtX[b]![a] = s;
    }
  }

  evaluate(theta: readonly number[]): Evaluation | null {
    const { p, q, X, Z, y } = this;
    const Lam = lambdaOf(theta, q);
    // Flat scratch (row-major): XVX = XᵀX − Σ CᵀC and XVy = Xᵀy − Σ Cᵀc, where C = L⁻¹ΛᵀZᵢᵀXᵢ,
    // c = L⁻¹ΛᵀZᵢᵀyᵢ and LLᵀ = ΛᵀZᵢᵀZᵢΛ + I (so WᵀM⁻¹W = CᵀC with a forward solve only).
    const XVX = new Float64Array(p * p);
    for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) XVX[a * p + b] = this.XtX[a]![b]!;
    const XVy = Float64Array.from(this.Xty);
    let ldL2 = 0;
    const Ls: Float64Array[] = [];
    const M = new Float64Array(q * q);
    const ZL = new Float64Array(q * q);
    const C = new Float64Array(q * p);
    const c = new Float64Array(q);
    for (const g of this.groups) {
      for (let a = 0; a < q; a++) for (let b = 0; b < q; b++) {
        let s = 0;
        for (let k = b; k < q; k++) s += g.ZtZ[a]![k]! * Lam[k]![b]!;
        ZL[a * q + b] = s;
      }
      for (let a = 0; a < q; a++) for (let b = 0; b < q; b++) {
        let s = a === b ? 1 : 0;
        for (let k = a; k < q; k++) s += Lam[k]![a]! * ZL[k * q + b]!;
        M[a * q + b] = s;
      }
      const L = new Float64Array(q * q);
      for (let j = 0; j < q; j++) {
        let d = M[j * q + j]!;
        for (let k = 0; k < j; k++) d -= L[j * q + k]! ** 2;
        if (!(d > 0)) return null;
        const l = Math.sqrt(d);
        L[j * q + j] = l;
        ldL2 += 2 * Math.log(l);
        for (let i = j + 1; i < q; i++) {
          let s = M[i * q + j]!;
          for (let k = 0; k < j; k++) s -= L[i * q + k]! * L[j * q + k]!;
          L[i * q + j] = s / l;
        }
      }
      Ls.push(L);
      // W = ΛᵀZᵀX and w = ΛᵀZᵀy, then forward-solve L C = W, L c = w.
      for (let a = 0; a < q; a++) {
        for (let b = 0; b < p; b++) {
          let s = 0;
          for (let k = a; k < q; k++) s += Lam[k]![a]! * g.ZtX[k]![b]!;
          for (let k = 0; k < a; k++) s -= L[a * q + k]! * C[k * p + b]!;
          C[a * p + b] = s / L[a * q + a]!;
        }
        let s = 0;
        for (let k = a; k < q; k++) s += Lam[k]![a]! * g.Zty[k]!;
        for (let k = 0; k < a; k++) s -= L[a * q + k]! * c[k]!;
        c[a] = s / L[a * q + a]!;
      }
      for (let a = 0; a < p; a++) {
        for (let b = a; b < p; b++) {
          let s = 0;
          for (let k = 0; k < q; k++) s += C[k * p + a]! * C[k * p + b]!;
          XVX[a * p + b]! -= s;
        }
        let s = 0;
        for (let k = 0; k < q; k++) s += C[k * p + a]! * c[k]!;
        XVy[a]! -= s;
      }
    }
    const XVXm = zeros(p, p);
    for (let a = 0; a < p; a++) for (let b = a; b < p; b++) XVXm[a]![b] = XVXm[b]![a] = XVX[a * p + b]!;
    const RX = chol(XVXm);
    if (!RX) return null;
    const beta = cholSolveVec(RX, Array.from(XVy));
    // Penalised RSS from the residuals: ‖r − ZΛu‖² + ‖u‖² with LLᵀu = ΛᵀZᵀr (sums of squares, no cancellation).
    let pwrss = 0;
    const us: number[][] = [];
    const res = new Float64Array(this.n);
    for (let r = 0; r < this.n; r++) {
      let s = y[r]!;
      for (let j = 0; j < p; j++) s -= X[j]![r]! * beta[j]!;
      res[r] = s;
    }
    const ztr = new Float64Array(q);
    const v = new Float64Array(q);
    const b = new Float64Array(q);
    this.groups.forEach((g, gi) => {
      const L = Ls[gi]!;
      ztr.fill(0);
      for (const r of g.rows) for (let k = 0; k < q; k++) ztr[k]! += Z[k]![r]! * res[r]!;
      for (let a = 0; a < q; a++) {
        let s = 0;
        for (let k = a; k < q; k++) s += Lam[k]![a]! * ztr[k]!;
        for (let k = 0; k < a; k++) s -= L[a * q + k]! * v[k]!;
        v[a] = s / L[a * q + a]!;
      }
      const u = new Array<number>(q);
      for (let a = q - 1; a >= 0; a--) {
        let s = v[a]!;
        for (let k = a + 1; k < q; k++) s -= L[k * q + a]! * u[k]!;
        u[a] = s / L[a * q + a]!;
      }
      us.push(u);
      for (let a = 0; a < q; a++) {
        let s = 0;
        for (let m = 0; m <= a; m++) s += Lam[a]![m]! * u[m]!;
        b[a] = s;
      }
      for (const r of g.rows) {
        let e = res[r]!;
        for (let a = 0; a < q; a++) e -= Z[a]![r]! * b[a]!;
        pwrss += e * e;
      }
      for (const w of u) pwrss += w * w;
    });
    return { beta, pwrss, ldL2, ldRX2: logDetChol(RX), xvxInv: cholInverse(RX), u: us };
  }


  /** Profiled deviance (REML criterion or −2 log-likelihood) at θ. */
  deviance(e: Evaluation, reml: boolean): number {
    const { n, p } = this;
    if (reml) return e.ldL2 + e.ldRX2 + (n - p) * (1 + Math.log((2 * Math.PI * e.pwrss) / (n - p)));
    return e.ldL2 + n * (1 + Math.log((2 * Math.PI * e.pwrss) / n));
  }

  /** The deviance at given θ and σ (not profiled over σ), as lmerTest's devfun_vp. */
  devianceAt(theta: readonly number[], sigma: number, reml: boolean): number {
    const e = this.evaluate(theta);
    if (!e) return NaN;
    const s2 = sigma * sigma;
    const dev = e.ldL2 + e.pwrss / s2 + this.n * Math.log(2 * Math.PI * s2);
    return reml ? dev + e.ldRX2 - this.p * Math.log(2 * Math.PI * s2) : dev;
  }
}

// ---- the optimiser: bounded Nelder–Mead, then projected Newton polishing ----------------------

function nelderMead(f: (x: number[]) => number, x0: number[], lower: readonly number[], step: number, maxEval: number): { x: number[]; f: number; evals: number } {
  const k = x0.length;
  const clamp = (x: number[]) => x.map((v, i) => Math.max(v, lower[i]!));
  let evals = 0;
  const F = (x: number[]) => {
    evals++;
    const v = f(clamp(x));
    return Number.isFinite(v) ? v : Infinity;
  };
  let best = { x: clamp(x0), f: F(x0) };
  for (let restart = 0; restart < 6 && evals < maxEval; restart++) {
    const simplex: number[][] = [best.x];
    for (let i = 0; i < k; i++) {
      const v = [...best.x];
      v[i] = v[i]! + (restart === 0 ? step : step / 4) * (Math.abs(v[i]!) > 0.1 ? Math.abs(v[i]!) : 1) * (v[i]! + step > lower[i]! ? 1 : -1);
      simplex.push(v);
    }
    let fs = simplex.map(F);
    for (let it = 0; it < 5000 && evals < maxEval; it++) {
      const order = fs.map((_, i) => i).sort((a, b) => fs[a]! - fs[b]!);
      const S = order.map((i) => simplex[i]!);
      const V = order.map((i) => fs[i]!);
      simplex.splice(0, simplex.length, ...S);
      fs = V;
      const spread = Math.abs(fs[k]! - fs[0]!);
      const size = maxOf(simplex.slice(1).map((v) => maxOf(v.map((x, i) => Math.abs(x - simplex[0]![i]!)))));
      if (spread < 1e-8 * (1 + Math.abs(fs[0]!)) && size < 1e-4) break;
      const centroid = new Array<number>(k).fill(0);
      for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) centroid[j]! += simplex[i]![j]! / k;
      const at = (t: number) => centroid.map((c, j) => c + t * (simplex[k]![j]! - c));
      const xr = at(-1);
      const fr = F(xr);
      if (fr < fs[0]!) {
        const xe = at(-2);
        const fe = F(xe);
        if (fe < fr) [simplex[k], fs[k]] = [xe, fe];
        else [simplex[k], fs[k]] = [xr, fr];
      } else if (fr < fs[k - 1]!) {
        [simplex[k], fs[k]] = [xr, fr];
      } else {
        const xc = fr < fs[k]! ? at(-0.5) : at(0.5);
        const fc = F(xc);
        if (fc < Math.min(fr, fs[k]!)) [simplex[k], fs[k]] = [xc, fc];
        else {
          for (let i = 1; i <= k; i++) {
            simplex[i] = simplex[i]!.map((v, j) => simplex[0]![j]! + 0.5 * (v - simplex[0]![j]!));
            fs[i] = F(simplex[i]!);
          }
        }
      }
    }
    const i0 = fs.indexOf(minOf(fs));
    const cand = { x: clamp(simplex[i0]!), f: fs[i0]! };
    const improved = best.f - cand.f;
    if (cand.f <= best.f) best = cand;
    if (restart > 0 && improved < 1e-12 * (1 + Math.abs(best.f))) break;
  }
  return { ...best, evals };
}

/** Newton steps on the coordinates off their bound, with a numeric gradient and Hessian. */
function polish(f: (x: number[]) => number, x0: number[], lower: readonly number[]): { x: number[]; f: number; gradient: number; evals: number } {
  let x = [...x0];
  let fx = f(x);
  let evals = 1;
  let gradNorm = Infinity;
  for (let it = 0; it < 30; it++) {
    const free = x.map((v, i) => v > lower[i]! + 1e-7).map((b, i) => (b ? i : -1)).filter((i) => i >= 0);
    if (free.length === 0) {
      gradNorm = 0;
      break;
    }
    const h = free.map((i) => 1e-4 * Math.max(Math.abs(x[i]!), 0.1));
    const shift = (d: Array<[number, number]>) => {
      const v = [...x];
      for (const [i, s] of d) v[free[i]!] = v[free[i]!]! + s;
      evals++;
      return f(v);
    };
    const m = free.length;
    const g = new Array<number>(m);
    const H = zeros(m, m);
    const fp = new Array<number>(m);
    const fm = new Array<number>(m);
    for (let a = 0; a < m; a++) {
      fp[a] = shift([[a, h[a]!]]);
      fm[a] = shift([[a, -h[a]!]]);
      g[a] = (fp[a]! - fm[a]!) / (2 * h[a]!);
      H[a]![a] = (fp[a]! - 2 * fx + fm[a]!) / h[a]! ** 2;
    }
    for (let a = 0; a < m; a++) for (let b = a + 1; b < m; b++) {
      const v = (shift([[a, h[a]!], [b, h[b]!]]) - shift([[a, h[a]!], [b, -h[b]!]]) - shift([[a, -h[a]!], [b, h[b]!]]) + shift([[a, -h[a]!], [b, -h[b]!]])) / (4 * h[a]! * h[b]!);
      H[a]![b] = H[b]![a] = v;
    }
    gradNorm = maxOf(g.map(Math.abs));
    if (!g.every(Number.isFinite)) break;
    const L = chol(H);
    const dir = L ? cholSolveVec(L, g).map((v) => -v) : g.map((v) => -v);
    let t = 1;
    let moved = false;
    for (let ls = 0; ls < 30; ls++) {
      const cand = [...x];
      free.forEach((i, a) => (cand[i] = Math.max(lower[i]!, x[i]! + t * dir[a]!)));
      const fc = f(cand);
      evals++;
      if (fc < fx) {
        const gain = fx - fc;
        x = cand;
        fx = fc;
        moved = true;
        if (gain < 1e-14 * (1 + Math.abs(fx))) it = 30;
        break;
      }
      t /= 2;
    }
    if (!moved) break;
  }
  return { x, f: fx, gradient: gradNorm, evals };
}

// ---- numeric derivatives (central differences with Richardson extrapolation, as numDeriv) ------

function richardson(d: (h: number) => number, h0: number, levels = 4): number {
  let row = [d(h0)];
  let h = h0;
  for (let k = 1; k < levels; k++) {
    h /= 2;
    const next = [d(h)];
    for (let m = 1; m <= k; m++) next.push((4 ** m * next[m - 1]! - row[m - 1]!) / (4 ** m - 1));
    row = next;
  }
  return row[row.length - 1]!;
}

function richardsonMat(d: (h: number) => Mat, h0: number, levels = 4): Mat {
  let row = [d(h0)];
  let h = h0;
  for (let k = 1; k < levels; k++) {
    h /= 2;
    const next = [d(h)];
    for (let m = 1; m <= k; m++) next.push(next[m - 1]!.map((r, a) => r.map((v, b) => (4 ** m * v - row[m - 1]![a]![b]!) / (4 ** m - 1))));
    row = next;
  }
  return row[row.length - 1]!;
}

function hessian(f: (x: number[]) => number, x: readonly number[]): Mat {
  const k = x.length;
  const H = zeros(k, k);
  const f0 = f([...x]);
  const step = (i: number) => 1e-2 * Math.max(Math.abs(x[i]!), 0.05);
  const at = (d: Array<[number, number]>) => {
    const v = [...x];
    for (const [i, s] of d) v[i] = v[i]! + s;
    return f(v);
  };
  for (let i = 0; i < k; i++) {
    H[i]![i] = richardson((h) => (at([[i, h]]) - 2 * f0 + at([[i, -h]])) / (h * h), step(i));
    for (let j = 0; j < i; j++) {
      const ri = step(j) / step(i);
      H[i]![j] = H[j]![i] = richardson((h) => (at([[i, h], [j, h * ri]]) - at([[i, h], [j, -h * ri]]) - at([[i, -h], [j, h * ri]]) + at([[i, -h], [j, -h * ri]])) / (4 * h * h * ri), step(i));
    }
  }
  return H;
}

/** Satterthwaite df of the F statistic from the per-direction t df (lmerTest's get_Fstat_ddf). */
function fDdf(nu: readonly number[]): number {
  if (nu.length === 1) return nu[0]!;
  if (nu.every((v) => Math.abs(v - nu[0]!) < 1e-8)) return nu[0]!;
  if (nu.some((v) => v <= 2)) return 2;
  const E = nu.reduce((s, v) => s + v / (v - 2), 0);
  return (2 * E) / (E - nu.length);
}

/**
 * Fits a linear mixed model y = Xβ + Zb + ε with b_i ~ N(0, σ²ΛΛᵀ) independently for each level of
 * one grouping factor, ε ~ N(0, σ²I), as `lme4::lmer(y ~ X + (Z | group), REML = reml)`, and the
 * Satterthwaite t tests of `lmerTest::summary`.
 *
 * Throws StatsError: INVALID_ARGUMENT (lengths), TOO_FEW_OBSERVATIONS (n ≤ p, fewer than 2 groups,
 * observations not more than the random effects), SINGULAR (rank-deficient X), NOT_CONVERGED.
 *
 * Reference: Bates, Mächler, Bolker & Walker (2015), J Stat Softw 67(1), §3 (the profiled deviance);
 * Kuznetsova, Brockhoff & Christensen (2017), J Stat Softw 82(13) (Satterthwaite's df).
 */
export function lmm(input: LmmInput, options: LmmOptions = {}): LmmResult {
  const reml = options.reml ?? true;
  const level = options.level ?? 0.95;
  const { y, x, names, group, z, zNames } = input;
  const n = y.length;
  const p = x.length;
  const q = z.length;
  if (p === 0 || q === 0) throw new StatsError('INVALID_ARGUMENT', '固定效应与随机效应至少各需要一列');
  if (names.length !== p || zNames.length !== q) throw new StatsError('INVALID_ARGUMENT', '列名个数与设计矩阵的列数不一致');
  if (group.length !== n || x.some((c) => c.length !== n) || z.some((c) => c.length !== n)) throw new StatsError('INVALID_ARGUMENT', '结局、设计矩阵与分组的长度不一致');
  if (![...y, ...x.flat(), ...z.flat()].every(Number.isFinite)) throw new StatsError('NON_FINITE', '数据中含有缺失或非数值，请先删除');
  const groupLevels = [...new Set(group.map(String))];
  const index = new Map(groupLevels.map((g, i) => [g, i]));
  const groupOf = group.map((g) => index.get(String(g))!);
  const G = groupLevels.length;
  if (G < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', '分组因子只有 1 个水平，至少需要 2 个个体（组）才能估计随机效应');
  if (n <= p) throw new StatsError('TOO_FEW_OBSERVATIONS', `观测数（${n}）不多于固定效应参数个数（${p}）`);
  if (n <= q * G) throw new StatsError('TOO_FEW_OBSERVATIONS', `观测数（${n}）不多于随机效应个数（${q} × ${G} 组 = ${q * G}）：每组的测量次数太少，无法估计${q > 1 ? '随机斜率' : '随机截距'}`);

  const model = new Model(y, x, z, groupOf, G);
  const nTheta = (q * (q + 1)) / 2;
  const lower: number[] = [];
  const start: number[] = [];
  for (let j = 0; j < q; j++) for (let i = j; i < q; i++) {
    lower.push(i === j ? 0 : -Infinity);
    start.push(i === j ? 1 : 0);
  }
  const warm = options.start !== undefined && options.start.length === nTheta && options.start.every(Number.isFinite) ? options.start.map((v, k) => Math.max(v, lower[k]!)) : null;
  if (!model.evaluate(start)) throw new StatsError('SINGULAR', '固定效应的设计矩阵奇异（自变量之间完全共线，或某类别在分析的行中不存在），无法估计');
  const dev = (theta: number[]) => {
    const e = model.evaluate(theta);
    return e ? model.deviance(e, reml) : Infinity;
  };
  const nm = nelderMead(dev, warm ?? start, lower, warm ? 0.1 : 0.5, 20000);
  const pol = polish(dev, nm.x, lower);
  const theta = pol.x;
  const e = model.evaluate(theta)!;
  const deviance = model.deviance(e, reml);
  if (!Number.isFinite(deviance)) throw new StatsError('NOT_CONVERGED', '线性混合模型未收敛（偏差函数不可计算）');
  if (pol.gradient > 1e-3 * Math.max(1, Math.abs(deviance) / 100)) throw new StatsError('NOT_CONVERGED', `线性混合模型未收敛（梯度 ${pol.gradient.toExponential(2)}），请简化随机效应结构或检查数据`);

  const sigma2 = e.pwrss / (reml ? n - p : n);
  const sigma = Math.sqrt(sigma2);
  const Lam = lambdaOf(theta, q);
  const randomCovariance = zeros(q, q);
  for (let a = 0; a < q; a++) for (let b = 0; b < q; b++) {
    let s = 0;
    for (let k = 0; k < q; k++) s += Lam[a]![k]! * Lam[b]![k]!;
    randomCovariance[a]![b] = sigma2 * s;
  }
  const randomSd = randomCovariance.map((r, a) => Math.sqrt(r[a]!));
  const randomCorrelation = randomCovariance.map((r, a) => r.map((v, b) => (a === b ? 1 : randomSd[a]! > 0 && randomSd[b]! > 0 ? v / (randomSd[a]! * randomSd[b]!) : NaN)));
  const singular = lower.some((lo, k) => lo === 0 && theta[k]! < 1e-4);
  const vcov = e.xvxInv.map((r) => r.map((v) => sigma2 * v));

  // Satterthwaite: asymptotic covariance of (θ, σ) and the Jacobian of vcov(β) in them.
  const tests = options.satterthwaite ?? true;
  const varpar = [...theta, sigma];
  const H = !tests ? null : hessian((v) => model.devianceAt(v.slice(0, nTheta), v[nTheta]!, reml), varpar);
  const Hinv = H ? inverse(H) : null;
  const A = Hinv ? Hinv.map((r) => r.map((v) => 2 * v)) : null;
  const covAt = (th: number[]) => {
    const ev = model.evaluate(th);
    return ev ? ev.xvxInv : null;
  };
  const jac: Mat[] = [];
  for (let k = 0; k < (tests ? nTheta : 0); k++) {
    // One pair of evaluations per step gives the whole matrix; Richardson-extrapolate elementwise.
    const diff = (h: number): Mat => {
      const up = [...theta];
      const dn = [...theta];
      up[k] = up[k]! + h;
      dn[k] = dn[k]! - h;
      const cu = covAt(up);
      const cd = covAt(dn);
      return cu && cd ? cu.map((r, a) => r.map((v, b) => (sigma2 * (v - cd[a]![b]!)) / (2 * h))) : zeros(p, p).map((r) => r.map(() => NaN));
    };
    jac.push(richardsonMat(diff, 1e-2 * Math.max(Math.abs(theta[k]!), 0.05)));
  }
  jac.push(e.xvxInv.map((r) => r.map((v) => 2 * sigma * v)));
  const tDf = (l: readonly number[]) => {
    if (!A) return NaN;
    const v = qform(l, vcov);
    const grad = jac.map((J) => qform(l, J));
    const den = qform(grad, A);
    return den > 0 ? (2 * v * v) / den : NaN;
  };

  const alpha = 1 - level;
  const coefficients: LmmCoefficient[] = e.beta.map((b, j) => {
    const l = new Array<number>(p).fill(0);
    l[j] = 1;
    const se = Math.sqrt(vcov[j]![j]!);
    const df = tDf(l);
    const t = b / se;
    const crit = Number.isFinite(df) ? tQuantile(1 - alpha / 2, df) : NaN;
    return { term: names[j]!, estimate: b, se, df, statistic: t, pValue: Number.isFinite(df) ? 2 * tSf(Math.abs(t), df) : NaN, ci: [b - crit * se, b + crit * se] as const };
  });

  const ranef = e.u.map((u) => Lam.map((row) => row.reduce((s, l, m) => s + l * u[m]!, 0)));
  const fixedFitted = y.map((_, r) => x.reduce((s, col, j) => s + col[r]! * e.beta[j]!, 0));
  const fitted = fixedFitted.map((f, r) => f + z.reduce((s, col, a) => s + col[r]! * ranef[groupOf[r]!]![a]!, 0));
  const residuals = y.map((v, r) => v - fitted[r]!);
  const npar = p + nTheta + 1;

  const contrast = (L: ReadonlyArray<readonly number[]>): LmmFTest => {
    if (!tests) throw new StatsError('INVALID_ARGUMENT', '拟合时未计算 Satterthwaite 自由度（satterthwaite: false）');
    if (L.length === 0 || L.some((row) => row.length !== p)) throw new StatsError('INVALID_ARGUMENT', '对比矩阵的列数应等于固定效应个数');
    const m = L.length;
    const VL = zeros(m, m);
    for (let a = 0; a < m; a++) for (let b = 0; b < m; b++) VL[a]![b] = L[a]!.reduce((s, la, i) => s + la * vcov[i]!.reduce((t, v, j) => t + v * L[b]![j]!, 0), 0);
    const eig = symmetricEigen(VL.flat(), m);
    const tol = Math.max(Math.sqrt(Number.EPSILON) * eig.values[0]!, 0);
    const nu: number[] = [];
    let t2 = 0;
    for (let k = 0; k < m; k++) {
      const d = eig.values[k]!;
      if (!(d > tol)) continue;
      const PtL = new Array<number>(p).fill(0);
      for (let a = 0; a < m; a++) for (let i = 0; i < p; i++) PtL[i]! += eig.vectors[a * m + k]! * L[a]![i]!;
      const est = PtL.reduce((s, v, i) => s + v * e.beta[i]!, 0);
      t2 += (est * est) / d;
      nu.push(tDf(PtL));
    }
    const numDf = nu.length;
    const statistic = t2 / numDf;
    const denDf = nu.every(Number.isFinite) ? fDdf(nu) : NaN;
    return { statistic, numDf, denDf, pValue: Number.isFinite(denDf) ? fSf(statistic, numDf, denDf) : NaN };
  };

  return {
    reml,
    n,
    groups: G,
    groupLevels,
    coefficients,
    vcov,
    theta,
    sigma,
    residualVariance: sigma2,
    randomCovariance,
    randomSd,
    randomCorrelation,
    logLik: -deviance / 2,
    deviance,
    npar,
    aic: deviance + 2 * npar,
    bic: deviance + npar * Math.log(n),
    singular,
    evaluations: nm.evals + pol.evals,
    ranef,
    fitted,
    residuals,
    fixedFitted,
    contrast,
  };
}

/** Likelihood-ratio test of nested fits: χ² = 2(ℓ₁ − ℓ₀) on the difference in parameters (anova(m0, m1)). */
export function lmmLrt(reduced: LmmResult, full: LmmResult): { statistic: number; df: number; pValue: number } {
  if (reduced.reml !== full.reml) throw new StatsError('INVALID_ARGUMENT', '比较的两个模型应使用相同的估计方法（REML 或 ML）');
  const statistic = Math.max(0, 2 * (full.logLik - reduced.logLik));
  const df = full.npar - reduced.npar;
  if (df <= 0) throw new StatsError('INVALID_ARGUMENT', '完整模型的参数应多于简化模型');
  return { statistic, df, pValue: chisqSf(statistic, df) };
}
