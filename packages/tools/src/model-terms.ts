// Covariates of the regression tools (Cox, logistic): the reference-level field as users type it,
// one table row per numeric covariate or factor level (the reference level shown as 1), the
// forest-plot rows built from those rows, and the factors' drop1 tests. Shared so every model tool
// reads and prints terms alike.
import { chisqSf } from '@labstat/stats';
import type { ForestRow } from './charts.js';
import { ToolInputError } from './tool.js';

/** "性别=女; 分期=I期,II期,III期" → per variable the levels named first (the first is the reference). */
export function parseReferences(raw: unknown, factors: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const entry of String(raw ?? '').split(/[;；\n]/)) {
    if (entry.trim() === '') continue;
    const m = /^(.*?)[=＝:：](.*)$/.exec(entry.trim());
    if (!m) throw new ToolInputError(`“参照水平”中的“${entry.trim()}”格式不对，应为“变量=参照水平”，多个变量用分号分隔`);
    const name = m[1]!.trim();
    if (!factors.includes(name)) throw new ToolInputError(`“参照水平”中的变量“${name}”不是所选的分类协变量${factors.length > 0 ? `（${factors.map((f) => `“${f}”`).join('、')}）` : ''}`);
    const levels = m[2]!.split(/[,，、]/).map((x) => x.trim()).filter((x) => x !== '');
    if (levels.length === 0) throw new ToolInputError(`“参照水平”中变量“${name}”没有写出参照水平`);
    out.set(name, levels);
  }
  return out;
}

/** One row of a coefficient table: a numeric covariate, a factor's reference level, or one of its other levels. */
export interface TermRow {
  variable: string;
  level: string | null;
  reference: boolean;
  /** Design column name (as the engine names it), null for a reference level. */
  column: string | null;
}

/** The rows of `use` in order: numeric covariates one row, factors one row per level (reference first). */
export function termRows(use: readonly string[], levels: ReadonlyMap<string, readonly string[]>): TermRow[] {
  return use.flatMap((name): TermRow[] => {
    const lv = levels.get(name);
    return lv === undefined
      ? [{ variable: name, level: null, reference: false, column: name }]
      : lv.map((l, i) => ({ variable: name, level: l, reference: i === 0, column: i === 0 ? null : `${name}${l}` }));
  });
}

/** Forest-plot rows: the ratio and CI of each non-reference row, “参照” for a reference level. */
export function forestRows(rows: readonly TermRow[], ratioOf: (column: string) => { ratio: number; ci: readonly [number, number] }): ForestRow[] {
  return rows.map((r) => {
    const label = r.level === null ? r.variable : `${r.variable}：${r.level}`;
    if (r.reference) return { label, estimate: null, lower: null, upper: null, text: '参照' };
    const { ratio, ci } = ratioOf(r.column!);
    const f = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : v > 0 ? '∞' : '−∞');
    return { label, estimate: ratio, lower: ci[0], upper: ci[1], text: `${f(ratio)} (${f(ci[0])}–${f(ci[1])})` };
  });
}

/** A factor's overall likelihood-ratio test in the multivariable model (R: drop1(fit, test = "Chisq")). */
export interface FactorTest {
  statistic: number;
  df: number;
  pValue: number;
}

/**
 * drop1 LR tests of the factors with 3+ levels among `selected`: refit without each and compare
 * deviances (−2 log-likelihood). `deviance(rest)` fits the model on the remaining terms; `full` and
 * `empty` are the deviances of the whole model and of the model with no terms.
 */
export function factorDrop1(
  selected: readonly string[],
  factors: readonly string[],
  columnsOf: (name: string) => number,
  deviance: (terms: string[]) => number,
  full: number,
  empty: number,
): Map<string, FactorTest> {
  const out = new Map<string, FactorTest>();
  for (const f of selected.filter((n) => factors.includes(n) && columnsOf(n) > 1)) {
    const rest = selected.filter((n) => n !== f);
    const statistic = (rest.length > 0 ? deviance(rest) : empty) - full;
    out.set(f, { statistic, df: columnsOf(f), pValue: chisqSf(statistic, columnsOf(f)) });
  }
  return out;
}
