// Stepwise selection of predictors for linear and binary logistic models: by AIC or BIC as R's
// step() (extractAIC), or by p-values as SPSS (partial F for linear models, likelihood ratio for
// logistic), forward, backward or both.
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { fSf } from '../distributions/f.js';
import { completeRows, design, levelsOf, termBlocks, type DesignColumn, type Predictor } from './design.js';
import { binomialFamily, irls } from './glm.js';
import { qrSolve } from './qr.js';

export interface StepwiseInput {
  model: 'linear' | 'logistic';
  y: ArrayLike<number | string | null | undefined>;
  /** Candidate predictors (main effects). */
  predictors: Predictor[];
  /** Logistic only: the outcome value counted as the event (default: the second level). */
  event?: string | number;
  direction?: 'backward' | 'forward' | 'both';
  criterion?: 'aic' | 'bic' | 'p';
  /** Predictors kept in every model (R step's lower scope). */
  keep?: string[];
  /** p-value criterion: enter below pEnter, leave above pRemove (SPSS defaults 0.05 and 0.10). */
  pEnter?: number;
  pRemove?: number;
}

export interface StepwiseStep {
  action: 'add' | 'remove';
  term: string;
  /** AIC/BIC of the model after the step, or the p-value that triggered it. */
  value: number;
  /** Degrees of freedom of the term (its design columns). */
  df: number;
}

export interface StepwiseResult {
  criterion: 'aic' | 'bic' | 'p';
  direction: 'backward' | 'forward' | 'both';
  n: number;
  missing: number;
  /** Criterion of the starting model (AIC/BIC; NaN for p). */
  start: number;
  steps: StepwiseStep[];
  /** Predictors of the final model, in the input order. */
  selected: string[];
  /** AIC/BIC of the final model on R's extractAIC scale (n·log(RSS/n) + k·p for linear models). */
  final: number;
}

interface Move {
  action: 'add' | 'remove';
  term: string;
}

interface Scored {
  /** −2 log-likelihood up to a constant: n·log(RSS/n) (linear) or the deviance (logistic). */
  m2ll: number;
  rss: number;
  p: number;
}

export function stepwiseSelection(input: StepwiseInput): Readonly<StepwiseResult> {
  const direction = input.direction ?? 'both';
  const criterion = input.criterion ?? 'aic';
  const pEnter = input.pEnter ?? 0.05;
  const pRemove = input.pRemove ?? 0.1;
  if (!(pEnter > 0 && pEnter < 1 && pRemove > 0 && pRemove < 1)) throw new StatsError('INVALID_ARGUMENT', '进入和剔除的显著性水平必须在0到1之间');
  if (direction === 'both' && criterion === 'p' && pEnter > pRemove) throw new StatsError('INVALID_ARGUMENT', '进入的显著性水平不能大于剔除的显著性水平，否则变量会反复进出');
  if (input.predictors.length < 1) throw new StatsError('INVALID_ARGUMENT', '至少需要1个候选自变量');
  const names = input.predictors.map((p) => p.name);
  for (const k of input.keep ?? []) if (!names.includes(k)) throw new StatsError('INVALID_ARGUMENT', `强制保留的变量“${k}”不在候选自变量中`);
  const n0 = input.y.length;
  const rows = completeRows([input.y], input.predictors);
  const n = rows.length;
  let y: Float64Array;
  if (input.model === 'logistic') {
    const vals = Array.from(rows, (i) => String(input.y[i]));
    const levels = levelsOf(vals);
    if (levels.length !== 2) throw new StatsError('INVALID_ARGUMENT', `二分类Logistic回归的因变量必须恰好有两个类别，当前有${levels.length}个`);
    const ev = input.event === undefined ? levels[1]! : String(input.event);
    if (!levels.includes(ev)) throw new StatsError('INVALID_ARGUMENT', `指定的事件水平“${ev}”不在因变量的取值中`);
    y = Float64Array.from(vals, (v) => (v === ev ? 1 : 0));
  } else {
    y = Float64Array.from(rows, (i) => Number(input.y[i]));
    if (y.some((v) => !Number.isFinite(v))) throw new StatsError('NON_FINITE', '因变量含有非数值内容');
  }
  const cols = design({ predictors: input.predictors }, rows);
  const blocks = new Map(termBlocks({ predictors: input.predictors }, cols).map((b) => [b.term, [...b.drop]]));
  const intercept = cols.findIndex((c) => c.name === '(Intercept)');
  const cache = new Map<string, Scored>();
  const score = (terms: ReadonlySet<string>): Scored => {
    const key = names.filter((t) => terms.has(t)).join('\u0000');
    const hit = cache.get(key);
    if (hit) return hit;
    const idx = [intercept, ...names.filter((t) => terms.has(t)).flatMap((t) => blocks.get(t)!)];
    const X: DesignColumn['values'][] = idx.map((j) => cols[j]!.values);
    const p = X.length;
    if (n <= p) throw new StatsError('TOO_FEW_OBSERVATIONS', `观测数（${n}）必须多于模型参数个数（${p}）`);
    let result: Scored;
    if (input.model === 'linear') {
      const fit = qrSolve(X, y, idx.map((j) => cols[j]!.name));
      result = { m2ll: n * Math.log(fit.rss / n), rss: fit.rss, p };
    } else {
      const fit = irls(binomialFamily, X, y, null, idx.map((j) => cols[j]!.name));
      result = { m2ll: fit.deviance, rss: NaN, p };
    }
    cache.set(key, result);
    return result;
  };
  const penalty = criterion === 'bic' ? Math.log(n) : 2;
  const ic = (s: Scored) => s.m2ll + penalty * s.p;
  /** p-value for the difference between nested models (small ⊂ big). */
  const pDiff = (small: Scored, big: Scored) => {
    const df = big.p - small.p;
    if (input.model === 'linear') {
      const f = (small.rss - big.rss) / df / (big.rss / (n - big.p));
      return fSf(Math.max(f, 0), df, n - big.p);
    }
    return chisqSf(Math.max(small.m2ll - big.m2ll, 0), df);
  };
  const keep = new Set(input.keep ?? []);
  let current = new Set<string>(direction === 'backward' ? names : keep);
  const steps: StepwiseStep[] = [];
  const startScore = score(current);
  const maxSteps = 4 * names.length + 10;
  for (let s = 0; s < maxSteps; s++) {
    const now = score(current);
    const drops = direction === 'forward' ? [] : names.filter((t) => current.has(t) && !keep.has(t));
    const adds = direction === 'backward' ? [] : names.filter((t) => !current.has(t));
    const move = (c: Move) => (c.action === 'add' ? new Set([...current, c.term]) : new Set([...current].filter((x) => x !== c.term)));
    const removals = drops.map((term): Move => ({ action: 'remove', term }));
    const entries = adds.map((term): Move => ({ action: 'add', term }));
    const step = (c: Move, value: number): StepwiseStep => ({ ...c, value, df: blocks.get(c.term)!.length });
    let chosen: StepwiseStep | null = null;
    if (criterion !== 'p') {
      // R step(): the best of <none>, every drop, then every add; move only if it lowers the criterion.
      let best = ic(now);
      for (const c of [...removals, ...entries]) {
        const v = ic(score(move(c)));
        if (v < best - 1e-7) {
          best = v;
          chosen = step(c, v);
        }
      }
    } else {
      // SPSS: first remove the least significant member (p > pRemove), otherwise enter the most
      // significant candidate (p < pEnter); with 'both' this checks removals after every entry.
      const worst = removals.map((c) => step(c, pDiff(score(move(c)), now))).reduce<StepwiseStep | null>((a, b) => (!a || b.value > a.value ? b : a), null);
      if (worst && worst.value > pRemove) chosen = worst;
      else {
        const best = entries.map((c) => step(c, pDiff(now, score(move(c))))).reduce<StepwiseStep | null>((a, b) => (!a || b.value < a.value ? b : a), null);
        if (best && best.value < pEnter) chosen = best;
      }
    }
    if (!chosen) break;
    steps.push(chosen);
    current = move(chosen);
  }
  const finalScore = score(current);
  return {
    criterion,
    direction,
    n,
    missing: n0 - n,
    start: criterion === 'p' ? NaN : ic(startScore),
    steps,
    selected: names.filter((t) => current.has(t)),
    final: ic(finalScore),
  };
}
