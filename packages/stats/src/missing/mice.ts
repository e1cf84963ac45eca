// Multiple imputation by chained equations (van Buuren & Groothuis-Oudshoorn's mice): predictive
// mean matching for numeric variables, Bayesian logistic regression for binary and multinomial
// regression for other categorical variables, with a seed; and Rubin's rules for pooling.
import { StatsError } from '../errors.js';
import { normalQuantile } from '../distributions/normal.js';
import { tQuantile, tTwoSided } from '../distributions/t.js';
import { cholesky, spdInverse } from '../internal/linalg.js';
import { seededRandom, type Random } from '../internal/random.js';
import { levelsOf } from '../regression/design.js';
import { binomialFamily, irls } from '../regression/glm.js';
import { fitMultinomial } from '../regression/multinomial.js';
import { maxOf } from '../descriptive/extent.js';

export interface MiceVariable {
  name: string;
  values: ArrayLike<number | string | null | undefined>;
  type: 'numeric' | 'categorical';
}

export interface MiceOptions {
  /** Number of imputed data sets (default 5). */
  m?: number;
  /** Iterations of the chained equations per data set (default 10). */
  iterations?: number;
  seed?: number;
  /** Donors for predictive mean matching (default 5, as mice). */
  donors?: number;
}

export interface MiceResult {
  m: number;
  iterations: number;
  seed: number;
  /** Per incomplete variable: its method, the rows that were missing and the m sets of imputed values. */
  imputed: { name: string; method: 'pmm' | 'logreg' | 'polyreg'; rows: number[]; values: (number | string)[][] }[];
  /**
   * Convergence traces after each iteration, per data set: `mean` of each incomplete variable over all rows
   * (for a categorical one the share of the first non-reference level); `imputedMean` and `sd` over its
   * imputed values only, as mice's chainMean and √chainVar (categorical: share of that level, SD 0).
   */
  chains: { name: string; mean: number[][]; imputedMean: number[][]; sd: number[][] }[];
  /** The i-th completed data set (0-based) as columns in the input order. */
  complete(i: number): (number | string)[][];
}

interface Coded {
  name: string;
  type: 'numeric' | 'categorical';
  levels: string[];
  /** Current values: numbers, or level indices for categorical variables. */
  x: Float64Array;
  missing: Uint8Array;
  observed: number[];
  missingRows: number[];
}

const RIDGE = 1e-5;

function chisqDraw(rng: Random, df: number): number {
  let s = 0;
  for (let i = 0; i < df; i++) s += rng.normal() ** 2;
  return s;
}

/** Predictor columns (intercept, numbers, dummies of categorical variables) from every other variable. */
function predictorColumns(vars: readonly Coded[], target: number, n: number): Float64Array[] {
  const cols: Float64Array[] = [new Float64Array(n).fill(1)];
  vars.forEach((v, j) => {
    if (j === target) return;
    if (v.type === 'numeric') cols.push(v.x);
    else for (let l = 1; l < v.levels.length; l++) cols.push(Float64Array.from(v.x, (c) => (c === l ? 1 : 0)));
  });
  // Drop constant columns other than the intercept (they add nothing and make XᵀX singular).
  return cols.filter((c, k) => k === 0 || c.some((v) => v !== c[0]));
}

function subset(cols: readonly Float64Array[], rows: readonly number[]): Float64Array[] {
  return cols.map((c) => Float64Array.from(rows, (i) => c[i]!));
}

/** mice's .norm.draw: ridge least squares on the observed rows, then a draw of σ and β. */
function normDraw(X: readonly Float64Array[], y: Float64Array, rng: Random): { beta: Float64Array; betaStar: Float64Array } {
  const p = X.length;
  const n = y.length;
  const xtx = new Float64Array(p * p);
  const xty = new Float64Array(p);
  for (let a = 0; a < p; a++) {
    for (let b = a; b < p; b++) {
      let s = 0;
      for (let i = 0; i < n; i++) s += X[a]![i]! * X[b]![i]!;
      xtx[a * p + b] = xtx[b * p + a] = s;
    }
    let s = 0;
    for (let i = 0; i < n; i++) s += X[a]![i]! * y[i]!;
    xty[a] = s;
  }
  for (let a = 0; a < p; a++) xtx[a * p + a] = xtx[a * p + a]! * (1 + RIDGE);
  const v = spdInverse(xtx, p, '插补模型的矩阵');
  const beta = new Float64Array(p);
  for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) beta[a] = beta[a]! + v[a * p + b]! * xty[b]!;
  let rss = 0;
  for (let i = 0; i < n; i++) {
    let f = 0;
    for (let a = 0; a < p; a++) f += X[a]![i]! * beta[a]!;
    rss += (y[i]! - f) ** 2;
  }
  const sigma = Math.sqrt(rss / chisqDraw(rng, Math.max(n - p, 1)));
  const L = cholesky(v, p) ?? Float64Array.from({ length: p * p }, (_, k) => (k % (p + 1) === 0 ? Math.sqrt(Math.max(v[k]!, 0)) : 0));
  const z = Float64Array.from({ length: p }, () => rng.normal());
  const betaStar = Float64Array.from(beta, (b, a) => {
    let s = 0;
    for (let c = 0; c <= a; c++) s += L[a * p + c]! * z[c]!;
    return b + s * sigma;
  });
  return { beta, betaStar };
}

function linear(X: readonly Float64Array[], beta: Float64Array, i: number): number {
  let s = 0;
  for (let a = 0; a < X.length; a++) s += X[a]![i]! * beta[a]!;
  return s;
}

export function mice(variables: readonly MiceVariable[], options: MiceOptions = {}): MiceResult {
  const m = options.m ?? 5;
  const iterations = options.iterations ?? 10;
  const seed = options.seed ?? 1;
  const donors = options.donors ?? 5;
  if (!Number.isInteger(m) || m < 1 || m > 100) throw new StatsError('INVALID_ARGUMENT', '插补次数必须是1到100之间的整数');
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > 100) throw new StatsError('INVALID_ARGUMENT', '迭代次数必须是1到100之间的整数');
  if (variables.length < 2) throw new StatsError('INVALID_ARGUMENT', '多重插补至少需要2个变量');
  const n = variables[0]!.values.length;
  if (variables.some((v) => v.values.length !== n)) throw new StatsError('INVALID_ARGUMENT', '各变量的长度必须相同');
  const isMissing = (v: unknown) => v === null || v === undefined || v === '' || (typeof v === 'number' && !Number.isFinite(v));
  const base: Coded[] = variables.map((v) => {
    const missing = Uint8Array.from({ length: n }, (_, i) => (isMissing(v.values[i]) ? 1 : 0));
    const observed: number[] = [];
    const missingRows: number[] = [];
    missing.forEach((mi, i) => (mi ? missingRows : observed).push(i));
    if (observed.length < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', `变量“${v.name}”的观测值少于2个，无法插补`);
    if (v.type === 'numeric') {
      const x = Float64Array.from({ length: n }, (_, i) => (missing[i] ? NaN : Number(v.values[i])));
      const bad = observed.find((i) => !Number.isFinite(x[i]));
      if (bad !== undefined) throw new StatsError('NON_FINITE', `数值变量“${v.name}”第${bad + 1}行不是数值，请设为分类变量或清理数据`);
      return { name: v.name, type: 'numeric', levels: [], x, missing, observed, missingRows };
    }
    const levels = levelsOf(observed.map((i) => String(v.values[i])));
    const index = new Map(levels.map((l, k) => [l, k]));
    if (levels.length < 2 && missingRows.length) throw new StatsError('ZERO_VARIANCE', `分类变量“${v.name}”只有一个类别，无法插补`);
    const x = Float64Array.from({ length: n }, (_, i) => (missing[i] ? NaN : index.get(String(v.values[i]))!));
    return { name: v.name, type: 'categorical', levels, x, missing, observed, missingRows };
  });
  const incomplete = base.map((_, j) => j).filter((j) => base[j]!.missingRows.length > 0);
  const rng = seededRandom(seed);
  const imputed = incomplete.map((j) => ({
    name: base[j]!.name,
    method: (base[j]!.type === 'numeric' ? 'pmm' : base[j]!.levels.length === 2 ? 'logreg' : 'polyreg') as 'pmm' | 'logreg' | 'polyreg',
    rows: base[j]!.missingRows,
    values: [] as (number | string)[][],
  }));
  const chains = incomplete.map((j) => ({ name: base[j]!.name, mean: [] as number[][], imputedMean: [] as number[][], sd: [] as number[][] }));
  for (let set = 0; set < m; set++) {
    const vars = base.map((v) => ({ ...v, x: Float64Array.from(v.x) }));
    // Start from random draws of the observed values.
    for (const j of incomplete) {
      const v = vars[j]!;
      for (const i of v.missingRows) v.x[i] = v.x[v.observed[rng.int(v.observed.length)]!]!;
    }
    chains.forEach((c) => {
      c.mean.push([]);
      c.imputedMean.push([]);
      c.sd.push([]);
    });
    for (let it = 0; it < iterations; it++) {
      incomplete.forEach((j, c) => {
        const v = vars[j]!;
        const X = predictorColumns(vars, j, n);
        const Xobs = subset(X, v.observed);
        const yObs = Float64Array.from(v.observed, (i) => v.x[i]!);
        if (v.type === 'numeric') {
          const { beta, betaStar } = normDraw(Xobs, yObs, rng);
          const fittedObs = Float64Array.from(v.observed, (_, r) => linear(Xobs, beta, r));
          const orderObs = Array.from(fittedObs.keys()).sort((a, b) => fittedObs[a]! - fittedObs[b]!);
          const sortedFit = Float64Array.from(orderObs, (r) => fittedObs[r]!);
          for (const i of v.missingRows) {
            const target = linear(X, betaStar, i);
            v.x[i] = yObs[orderObs[nearestDonor(sortedFit, target, donors, rng)]!]!;
          }
        } else if (v.levels.length === 2) {
          const fit = irls(binomialFamily, Xobs, yObs, null, Xobs.map((_, k) => `x${k}`));
          const p = Xobs.length;
          const vcov = new Float64Array(p * p);
          for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) {
            let s = 0;
            for (let k = Math.max(a, b); k < p; k++) s += fit.rInverse[a * p + k]! * fit.rInverse[b * p + k]!;
            vcov[a * p + b] = s;
          }
          const L = cholesky(vcov, p);
          const z = Float64Array.from({ length: p }, () => rng.normal());
          const betaStar = Float64Array.from(fit.beta, (b, a) => {
            if (!L) return b;
            let s = 0;
            for (let k = 0; k <= a; k++) s += L[a * p + k]! * z[k]!;
            return b + s;
          });
          for (const i of v.missingRows) {
            const eta = linear(X, betaStar, i);
            v.x[i] = rng.next() < 1 / (1 + Math.exp(-eta)) ? 1 : 0;
          }
        } else {
          const K = v.levels.length;
          const fit = fitMultinomial(Xobs, Int32Array.from(yObs), K);
          const p = Xobs.length;
          for (const i of v.missingRows) {
            const eta = [0];
            for (let k = 1; k < K; k++) {
              let s = 0;
              for (let a = 0; a < p; a++) s += X[a]![i]! * fit.beta[(k - 1) * p + a]!;
              eta.push(s);
            }
            const max = maxOf(eta);
            const w = eta.map((e) => Math.exp(e - max));
            let u = rng.next() * w.reduce((s, x) => s + x, 0);
            let k = 0;
            while (k < K - 1 && (u -= w[k]!) > 0) k++;
            v.x[i] = k;
          }
        }
        let s = 0;
        for (let i = 0; i < n; i++) s += v.type === 'numeric' ? v.x[i]! : v.x[i] === 1 ? 1 : 0;
        chains[c]!.mean[set]!.push(s / n);
        // Spread of the imputed values only, as mice's chainVar.
        const mi = v.missingRows.length;
        let im = 0;
        for (const i of v.missingRows) im += v.type === 'numeric' ? v.x[i]! : v.x[i] === 1 ? 1 : 0;
        im /= mi;
        chains[c]!.imputedMean[set]!.push(im);
        let ss = 0;
        for (const i of v.missingRows) ss += (v.x[i]! - im) ** 2;
        chains[c]!.sd[set]!.push(v.type === 'numeric' && mi > 1 ? Math.sqrt(ss / (mi - 1)) : 0);
      });
    }
    incomplete.forEach((j, c) => {
      const v = vars[j]!;
      imputed[c]!.values.push(v.missingRows.map((i) => (v.type === 'numeric' ? v.x[i]! : v.levels[v.x[i]!]!)));
    });
  }
  return {
    m,
    iterations,
    seed,
    imputed,
    chains,
    complete(i: number) {
      if (!Number.isInteger(i) || i < 0 || i >= m) throw new StatsError('INVALID_ARGUMENT', `插补数据集的编号必须在0到${m - 1}之间`);
      return variables.map((v) => {
        const col = Array.from(v.values as ArrayLike<number | string>);
        const imp = imputed.find((x) => x.name === v.name);
        if (imp) imp.rows.forEach((r, k) => (col[r] = imp.values[i]![k]!));
        return col;
      });
    },
  };
}

/** Type-1 matching: a random one of the `d` observed cases whose fitted values lie nearest the target. */
function nearestDonor(sorted: Float64Array, target: number, d: number, rng: Random): number {
  const n = sorted.length;
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  let left = lo - 1;
  let right = lo;
  const picks: number[] = [];
  while (picks.length < Math.min(d, n)) {
    if (right >= n || (left >= 0 && target - sorted[left]! <= sorted[right]! - target)) picks.push(left--);
    else picks.push(right++);
  }
  return picks[rng.int(picks.length)]!;
}

export interface PooledEstimate {
  term: string;
  estimate: number;
  /** Within-, between-imputation and total variance. */
  within: number;
  between: number;
  total: number;
  se: number;
  statistic: number;
  df: number;
  pValue: number;
  ci: readonly [number, number];
  /** Relative increase in variance due to nonresponse, and the fraction of missing information. */
  riv: number;
  lambda: number;
  fmi: number;
}

/**
 * Rubin's rules for m sets of estimates and standard errors, with the Barnard–Rubin degrees of
 * freedom when the complete-data df is given (as mice::pool; without it, the large-sample df).
 */
export function poolRubin(input: { estimates: readonly (readonly number[])[]; se: readonly (readonly number[])[]; terms?: readonly string[]; dfComplete?: number; level?: number }): PooledEstimate[] {
  const m = input.estimates.length;
  if (m < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', '合并至少需要2个插补数据集的结果');
  const k = input.estimates[0]!.length;
  if (input.se.length !== m || input.estimates.some((e) => e.length !== k) || input.se.some((s) => s.length !== k)) {
    throw new StatsError('INVALID_ARGUMENT', '各插补数据集的估计值与标准误个数必须相同');
  }
  const level = input.level ?? 0.95;
  const dfCom = input.dfComplete ?? Infinity;
  return Array.from({ length: k }, (_, j) => {
    const q = input.estimates.map((e) => e[j]!);
    const u = input.se.map((s) => s[j]! ** 2);
    const qbar = q.reduce((s, v) => s + v, 0) / m;
    const ubar = u.reduce((s, v) => s + v, 0) / m;
    const b = q.reduce((s, v) => s + (v - qbar) ** 2, 0) / (m - 1);
    const t = ubar + (1 + 1 / m) * b;
    const riv = ((1 + 1 / m) * b) / ubar;
    const lambda = ((1 + 1 / m) * b) / t;
    const lambdaDf = Math.max(lambda, 1e-4);
    const dfOld = (m - 1) / lambdaDf ** 2;
    const dfObs = ((dfCom + 1) / (dfCom + 3)) * dfCom * (1 - lambdaDf);
    const df = Number.isFinite(dfCom) ? (dfOld * dfObs) / (dfOld + dfObs) : dfOld;
    const fmi = (riv + 2 / (df + 3)) / (riv + 1);
    const se = Math.sqrt(t);
    const stat = qbar / se;
    const crit = Number.isFinite(df) ? tQuantile(1 - (1 - level) / 2, df) : normalQuantile(1 - (1 - level) / 2);
    return {
      term: input.terms?.[j] ?? `V${j + 1}`,
      estimate: qbar,
      within: ubar,
      between: b,
      total: t,
      se,
      statistic: stat,
      df,
      pValue: tTwoSided(stat, df),
      ci: [qbar - crit * se, qbar + crit * se] as const,
      riv,
      lambda,
      fmi,
    };
  });
}
