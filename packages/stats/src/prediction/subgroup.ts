// Subgroup analysis: the effect of an exposure (OR from logistic, HR from Cox, mean difference from
// linear regression), adjusted for chosen covariates, inside each level of each subgroup variable,
// and the test of exposure × subgroup interaction in the whole sample (full model with the
// interaction against the model without it). The fits are the engine's glm/coxph/lm equivalents.
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { fSf } from '../distributions/f.js';
import type { Predictor } from '../regression/design.js';
import { linearRegression } from '../regression/linear.js';
import { logisticRegression } from '../regression/logistic.js';
import { coxRegression } from '../survival/cox.js';

export type SubgroupModel = 'logistic' | 'cox' | 'linear';

export interface CategoricalColumn {
  name: string;
  /** One value per case (complete data: no missing values). */
  values: ArrayLike<string>;
  /** Levels in the order to report them; for the exposure the first is the reference. */
  levels: readonly string[];
}

export interface SubgroupInput {
  model: SubgroupModel;
  /** Outcome: 0/1 for 'logistic', numbers for 'linear'. */
  y?: ArrayLike<number>;
  /** Time (> 0) and status (1 event, 0 censored) for 'cox'. */
  time?: ArrayLike<number>;
  status?: ArrayLike<number>;
  exposure: CategoricalColumn;
  subgroups: readonly CategoricalColumn[];
  /** Adjustment covariates (complete). A covariate that is also a subgroup variable is left out of that variable's per-level fits. */
  covariates?: readonly Predictor[];
  level?: number;
  /** Cox ties (default 'efron', as coxph). */
  ties?: 'efron' | 'breslow';
}

/** The exposure's effect for one non-reference level against the reference. */
export interface SubgroupEffect {
  /** Exposure level compared with the reference. */
  term: string;
  /** Coefficient (log OR, log HR or mean difference) and its SE. */
  beta: number;
  se: number;
  /** OR/HR = exp(β) with exp of the Wald CI; for 'linear' the mean difference with its t CI. */
  estimate: number;
  lower: number;
  upper: number;
  pValue: number;
}

/** Counts in one exposure arm. */
export interface SubgroupArm {
  level: string;
  n: number;
  /** Events (logistic, Cox), null for linear. */
  events: number | null;
  /** Mean outcome (linear), null otherwise. */
  mean: number | null;
}

export interface SubgroupLevel {
  /** Level of the subgroup variable ('' for the whole sample). */
  level: string;
  n: number;
  events: number | null;
  mean: number | null;
  arms: SubgroupArm[];
  /** Null when the model could not be fitted inside the level (see `error`). */
  effects: SubgroupEffect[] | null;
  /** Covariates left out of this level's model because they do not vary inside it. */
  dropped: string[];
  error: string | null;
}

export interface InteractionTest {
  /** 'LR': likelihood-ratio χ² (logistic, Cox); 'F': the F test of nested linear models (R: anova). */
  test: 'LR' | 'F';
  statistic: number;
  df: number;
  /** Residual df of the full model (F test only). */
  df2: number | null;
  pValue: number;
}

export interface SubgroupResult {
  name: string;
  levels: SubgroupLevel[];
  interaction: InteractionTest | null;
  interactionError: string | null;
}

export interface SubgroupAnalysis {
  model: SubgroupModel;
  overall: SubgroupLevel;
  subgroups: SubgroupResult[];
  level: number;
}

interface Fit {
  coef: Map<string, { beta: number; se: number; lower: number; upper: number; p: number }>;
  /** −2 log L (logistic: deviance; Cox: −2 log partial L) or the RSS with its residual df (linear). */
  stat: number;
  dfResidual: number;
  params: number;
}

const pick = <T>(xs: ArrayLike<T>, idx: readonly number[]): T[] => idx.map((i) => xs[i]!);

/** A covariate on the rows `idx`, or null when it does not vary there. */
function subsetPredictor(p: Predictor, idx: readonly number[]): Predictor | null {
  const values = pick(p.values, idx);
  if (p.type === 'numeric') {
    const v = values as number[];
    return v.every((x) => x === v[0]) ? null : { ...p, values: v };
  }
  const seen = new Set(values.map(String));
  if (seen.size < 2) return null;
  const reference = p.reference !== undefined && seen.has(p.reference) ? p.reference : undefined;
  return { name: p.name, type: 'categorical', values, ...(reference !== undefined ? { reference } : {}) };
}

function fitModel(input: SubgroupInput, idx: readonly number[], predictors: Predictor[], interactions: [string, string][], level: number): Fit {
  const coef: Fit['coef'] = new Map();
  if (input.model === 'logistic') {
    const f = logisticRegression({ y: pick(input.y!, idx), predictors, interactions, profile: false, level });
    for (const c of f.coefficients) coef.set(c.term, { beta: c.estimate, se: c.se, lower: c.ci[0], upper: c.ci[1], p: c.pValue });
    return { coef, stat: f.deviance, dfResidual: f.dfResidual, params: f.coefficients.length };
  }
  if (input.model === 'cox') {
    const f = coxRegression({ time: pick(input.time!, idx), status: pick(input.status!, idx), predictors, interactions, level, ties: input.ties ?? 'efron' });
    for (const c of f.coefficients) coef.set(c.term, { beta: c.estimate, se: c.se, lower: Math.log(c.hazardRatioCi[0]), upper: Math.log(c.hazardRatioCi[1]), p: c.pValue });
    return { coef, stat: -2 * f.logLik, dfResidual: NaN, params: f.coefficients.length };
  }
  const f = linearRegression({ y: pick(input.y!, idx), predictors, interactions, level });
  for (const c of f.coefficients) coef.set(c.term, { beta: c.estimate, se: c.se, lower: c.ci[0], upper: c.ci[1], p: c.pValue });
  return { coef, stat: f.sigma ** 2 * f.df2, dfResidual: f.df2, params: f.coefficients.length };
}

function describeLevel(input: SubgroupInput, idx: readonly number[], levelName: string, skip: string | null, level: number): SubgroupLevel {
  const ex = input.exposure;
  const exValues = pick(ex.values, idx);
  const outcome = input.model === 'cox' ? input.status! : input.y!;
  const arms: SubgroupArm[] = ex.levels.map((l) => {
    const rows = idx.filter((i) => ex.values[i] === l);
    const sum = rows.reduce((a, i) => a + outcome[i]!, 0);
    return input.model === 'linear' ? { level: l, n: rows.length, events: null, mean: rows.length > 0 ? sum / rows.length : null } : { level: l, n: rows.length, events: sum, mean: null };
  });
  const total = idx.reduce((a, i) => a + outcome[i]!, 0);
  const base: SubgroupLevel = {
    level: levelName,
    n: idx.length,
    events: input.model === 'linear' ? null : total,
    mean: input.model === 'linear' ? (idx.length > 0 ? total / idx.length : null) : null,
    arms,
    effects: null,
    dropped: [],
    error: null,
  };
  const present = ex.levels.filter((l) => arms.find((a) => a.level === l)!.n > 0);
  if (!present.includes(ex.levels[0]!)) return { ...base, error: `没有参照组“${ex.levels[0]}”的研究对象` };
  if (present.length < 2) return { ...base, error: '暴露只有一个水平' };
  if (input.model === 'logistic' && (total === 0 || total === idx.length)) return { ...base, error: total === 0 ? '没有发生结局事件' : '全部发生结局事件' };
  if (input.model === 'cox' && total === 0) return { ...base, error: '没有发生结局事件' };
  const dropped: string[] = [];
  const covs: Predictor[] = [];
  for (const c of input.covariates ?? []) {
    if (c.name === skip) continue;
    const s = subsetPredictor(c, idx);
    if (s) covs.push(s);
    else dropped.push(c.name);
  }
  const exposure: Predictor = { name: ex.name, type: 'categorical', values: exValues, reference: ex.levels[0] };
  try {
    const fit = fitModel(input, idx, [exposure, ...covs], [], level);
    const log = input.model !== 'linear';
    const effects = present.slice(1).map((l): SubgroupEffect => {
      const c = fit.coef.get(`${ex.name}${l}`)!;
      return { term: l, beta: c.beta, se: c.se, estimate: log ? Math.exp(c.beta) : c.beta, lower: log ? Math.exp(c.lower) : c.lower, upper: log ? Math.exp(c.upper) : c.upper, pValue: c.p };
    });
    return { ...base, effects, dropped };
  } catch (err) {
    if (err instanceof StatsError) return { ...base, dropped, error: err.message };
    throw err;
  }
}

/**
 * Subgroup analysis as journals report it: the overall adjusted effect of the exposure, its
 * effect inside each level of each subgroup variable (same covariates, those constant inside a
 * level dropped there), and per subgroup variable the interaction test in the whole sample —
 * exposure + subgroup + covariates + exposure:subgroup against the model without the interaction:
 * likelihood ratio for logistic (R: anova(glm0, glm1, test = "LRT")) and Cox (anova(cox0, cox1)),
 * F for linear (anova(lm0, lm1)). A fit that fails inside a level is reported with its message.
 * @throws StatsError for missing outcome columns, lengths that differ, a subgroup variable with
 *   fewer than two levels (naming it), an exposure with fewer than two levels, or a failed overall fit.
 */
export function subgroupAnalysis(input: SubgroupInput): Readonly<SubgroupAnalysis> {
  const level = input.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new StatsError('INVALID_ARGUMENT', '置信水平必须在0到1之间');
  const n = input.exposure.values.length;
  if (input.model === 'cox') {
    if (!input.time || !input.status) throw new StatsError('INVALID_ARGUMENT', 'Cox 模型需要生存时间与结局');
    if (input.time.length !== n || input.status.length !== n) throw new StatsError('INVALID_ARGUMENT', '生存时间、结局与暴露的长度不同');
  } else if (!input.y || input.y.length !== n) throw new StatsError('INVALID_ARGUMENT', '结局与暴露的长度不同');
  if (input.exposure.levels.length < 2) throw new StatsError('ZERO_VARIANCE', `暴露变量“${input.exposure.name}”只有一个水平`);
  for (const s of input.subgroups) {
    if (s.values.length !== n) throw new StatsError('INVALID_ARGUMENT', `亚组变量“${s.name}”与暴露的长度不同`);
    if (s.levels.length < 2) throw new StatsError('ZERO_VARIANCE', `亚组变量“${s.name}”只有一个水平（“${s.levels[0] ?? ''}”），无法做亚组分析`);
    if (s.name === input.exposure.name) throw new StatsError('INVALID_ARGUMENT', `暴露变量“${s.name}”不能同时作为亚组变量`);
  }
  const all = Array.from({ length: n }, (_, i) => i);
  const overall = describeLevel(input, all, '', null, level);
  if (overall.error) throw new StatsError('INVALID_ARGUMENT', `全部研究对象的模型无法拟合：${overall.error}`);
  const exposure: Predictor = { name: input.exposure.name, type: 'categorical', values: input.exposure.values, reference: input.exposure.levels[0] };
  const subgroups = input.subgroups.map((s): SubgroupResult => {
    const levels = s.levels.map((l) => describeLevel(input, all.filter((i) => s.values[i] === l), l, s.name, level));
    const sub: Predictor = { name: s.name, type: 'categorical', values: s.values, reference: s.levels[0] };
    const covs = (input.covariates ?? []).filter((c) => c.name !== s.name);
    let interaction: InteractionTest | null = null;
    let interactionError: string | null = null;
    try {
      const reduced = fitModel(input, all, [exposure, sub, ...covs], [], level);
      const full = fitModel(input, all, [exposure, sub, ...covs], [[input.exposure.name, s.name]], level);
      const df = full.params - reduced.params;
      if (input.model === 'linear') {
        const statistic = (reduced.stat - full.stat) / df / (full.stat / full.dfResidual);
        interaction = { test: 'F', statistic, df, df2: full.dfResidual, pValue: fSf(statistic, df, full.dfResidual) };
      } else {
        const statistic = Math.max(0, reduced.stat - full.stat);
        interaction = { test: 'LR', statistic, df, df2: null, pValue: chisqSf(statistic, df) };
      }
    } catch (err) {
      if (!(err instanceof StatsError)) throw err;
      interactionError = err.message;
    }
    return { name: s.name, levels, interaction, interactionError };
  });
  return { model: input.model, overall, subgroups, level };
}
