// Design matrices shared by the regression models: listwise deletion, numeric columns, treatment
// (dummy) coding of categorical predictors as R's factor/contr.treatment, interaction columns.
import { StatsError } from '../errors.js';
import { normalSf } from '../distributions/normal.js';

export interface Predictor {
  name: string;
  values: ArrayLike<number | string | null | undefined>;
  type: 'numeric' | 'categorical';
  /** Reference level of a categorical predictor (default: the first level in sorted order, as R's factor). */
  reference?: string;
}

/** The right-hand side of a model formula. */
export interface ModelTerms {
  predictors: Predictor[];
  /** Pairs of predictor names whose interaction enters the model (R: a:b). */
  interactions?: [string, string][];
  intercept?: boolean;
}

export interface DesignColumn {
  name: string;
  values: Float64Array;
}

/** Marks null, undefined, '' and non-finite numbers (a typed array only needs the finiteness test). */
export function markMissing(values: ArrayLike<unknown>, missing: Uint8Array): void {
  const n = missing.length;
  if (values instanceof Float64Array) {
    for (let i = 0; i < n; i++) if (!(values[i]! - values[i]! === 0)) missing[i] = 1;
    return;
  }
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (typeof v === 'number' ? !(v - v === 0) : v === null || v === undefined || v === '') missing[i] = 1;
  }
}

/**
 * The kept rows as numbers; null when one of them is not a finite number (text in a numeric variable).
 * A complete Float64Array is copied unless `share` is set (the caller then only reads the column).
 */
export function numericColumn(values: ArrayLike<unknown>, rows: Int32Array, n0: number, share = false): Float64Array | null {
  if (values instanceof Float64Array && rows.length === n0) return share ? values : values.slice(); // finiteness checked by markMissing
  const col = new Float64Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const v = Number(values[rows[r]!]);
    if (!Number.isFinite(v)) return null;
    col[r] = v;
  }
  return col;
}

/** A plain array copy (Array.from goes through the iterator protocol, several times slower on 10⁶ values). */
export function toArray(values: Float64Array): number[] {
  const out = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i]!;
  return out;
}

export function levelsOf(values: (string | number)[], reference?: string): string[] {
  const set = [...new Set(values.map(String))];
  const numeric = set.every((s) => s.trim() !== '' && Number.isFinite(Number(s)));
  set.sort(numeric ? (a, b) => Number(a) - Number(b) : (a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (reference !== undefined) {
    if (!set.includes(reference)) throw new StatsError('INVALID_ARGUMENT', `参照水平“${reference}”不在变量的取值中`);
    return [reference, ...set.filter((s) => s !== reference)];
  }
  return set;
}

/**
 * Builds the design matrix (dummy coding with R's treatment contrasts). With `readOnly` a complete
 * numeric predictor given as a Float64Array becomes its column as it is, not a copy: for models
 * that never write to their columns (a copy of 10⁵–10⁶ values per predictor costs more than the fit's
 * arithmetic on them in fresh memory).
 */
export function design(input: ModelTerms, rows: Int32Array, readOnly = false): DesignColumn[] {
  const blocks = new Map<string, DesignColumn[]>();
  for (const p of input.predictors) {
    if (p.type === 'numeric') {
      const col = numericColumn(p.values, rows, p.values.length, readOnly);
      if (!col) throw new StatsError('NON_FINITE', `自变量“${p.name}”含有非数值内容，请将其设为分类变量或清理数据`);
      blocks.set(p.name, [{ name: p.name, values: col }]);
    } else {
      const vals = Array.from(rows, (i) => p.values[i]!);
      const levels = levelsOf(vals as (string | number)[], p.reference);
      if (levels.length < 2) throw new StatsError('ZERO_VARIANCE', `分类变量“${p.name}”只有一个水平，无法纳入模型`);
      blocks.set(
        p.name,
        levels.slice(1).map((lv) => ({ name: `${p.name}${lv}`, values: Float64Array.from(vals, (v) => (String(v) === lv ? 1 : 0)) })),
      );
    }
  }
  const cols: DesignColumn[] = [];
  if (input.intercept ?? true) cols.push({ name: '(Intercept)', values: new Float64Array(rows.length).fill(1) });
  for (const p of input.predictors) cols.push(...blocks.get(p.name)!);
  for (const [a, b] of input.interactions ?? []) {
    const A = blocks.get(a);
    const B = blocks.get(b);
    if (!A || !B) throw new StatsError('INVALID_ARGUMENT', `交互项中的变量“${!A ? a : b}”不在自变量中`);
    for (const ca of A) for (const cb of B) cols.push({ name: `${ca.name}:${cb.name}`, values: ca.values.map((v, i) => v * cb.values[i]!) });
  }
  return cols;
}

/**
 * Indices of the rows with a value in every outcome column and every predictor (listwise deletion).
 * @throws StatsError when a predictor's length differs from the outcome's.
 */
export function completeRows(outcomes: readonly ArrayLike<unknown>[], predictors: readonly Predictor[]): Int32Array {
  const n0 = outcomes[0]!.length;
  for (const p of predictors) {
    if (p.values.length !== n0) throw new StatsError('INVALID_ARGUMENT', `自变量“${p.name}”与因变量的长度不同`);
  }
  const missing = new Uint8Array(n0);
  for (const o of outcomes) markMissing(o, missing);
  for (const p of predictors) markMissing(p.values, missing);
  return unmarked(missing);
}

/** Indices i with missing[i] = 0. */
function unmarked(missing: Uint8Array): Int32Array {
  const n0 = missing.length;
  let kept = 0;
  for (let i = 0; i < n0; i++) if (!missing[i]) kept++;
  const rows = new Int32Array(kept);
  for (let i = 0, r = 0; i < n0; i++) if (!missing[i]) rows[r++] = i;
  return rows;
}

/**
 * Type II likelihood-ratio terms (car::Anova): each term is tested by dropping its columns from the
 * model that holds every term not containing it (for a main effect, its interactions are left out
 * of both fits; an interaction is tested against the full model).
 */
export function termBlocks(input: ModelTerms, cols: readonly DesignColumn[]): { term: string; base: Set<number>; drop: Set<number> }[] {
  const index = new Map(cols.map((c, j) => [c.name, j]));
  const mainCols = new Map<string, number[]>();
  for (const pr of input.predictors) {
    const own = cols
      .map((c, j) => [c, j] as const)
      .filter(([c]) => c.name !== '(Intercept)' && !c.name.includes(':') && (pr.type === 'numeric' ? c.name === pr.name : c.name.startsWith(pr.name) && c.name.length > pr.name.length))
      .map(([, j]) => j);
    mainCols.set(pr.name, own);
  }
  const interactionCols = (a: string, b: string) => {
    const out: number[] = [];
    for (const ja of mainCols.get(a) ?? []) for (const jb of mainCols.get(b) ?? []) {
      const j = index.get(`${cols[ja]!.name}:${cols[jb]!.name}`);
      if (j !== undefined) out.push(j);
    }
    return out;
  };
  const all = new Set(cols.map((_, j) => j));
  const out: { term: string; base: Set<number>; drop: Set<number> }[] = [];
  for (const pr of input.predictors) {
    const base = new Set(all);
    for (const [a, b] of input.interactions ?? []) if (a === pr.name || b === pr.name) for (const j of interactionCols(a, b)) base.delete(j);
    out.push({ term: pr.name, base, drop: new Set(mainCols.get(pr.name)) });
  }
  for (const [a, b] of input.interactions ?? []) out.push({ term: `${a}:${b}`, base: all, drop: new Set(interactionCols(a, b)) });
  return out;
}

/** A coefficient with its test statistic, p-value and confidence interval. */
export interface Coefficient {
  term: string;
  estimate: number;
  se: number;
  statistic: number;
  pValue: number;
  ci: readonly [number, number];
}

/** A coefficient of a logit model with the odds ratio exp(β) and exp of its CI. */
export interface OddsRatioCoefficient extends Coefficient {
  oddsRatio: number;
  oddsRatioCi: readonly [number, number];
}

/** Wald z test and CI (estimate ± z·SE) of one maximum-likelihood coefficient. */
export function waldCoefficient(term: string, estimate: number, se: number, z: number): Coefficient {
  const statistic = estimate / se;
  return { term, estimate, se, statistic, pValue: 2 * normalSf(Math.abs(statistic)), ci: [estimate - z * se, estimate + z * se] };
}

/** exp of a coefficient and of its CI (odds, rate or hazard ratio). */
export function expRatio(c: Coefficient): { ratio: number; ci: readonly [number, number] } {
  return { ratio: Math.exp(c.estimate), ci: [Math.exp(c.ci[0]), Math.exp(c.ci[1])] };
}

export function withOddsRatio(c: Coefficient): OddsRatioCoefficient {
  const r = expRatio(c);
  return { ...c, oddsRatio: r.ratio, oddsRatioCi: r.ci };
}
