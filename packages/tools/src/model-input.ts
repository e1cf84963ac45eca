// Covariates of the multinomial, ordinal and count regression tools: the fields as users fill them
// (numeric and categorical covariates, reference levels), listwise deletion over the outcome and
// every covariate, constant-covariate and one-level-factor refusals, and the engine's predictors.
// Shared so the three model tools read their inputs alike.
import type { Predictor } from '@labstat/stats';
import { requireVariables } from './common.js';
import { parseReferences } from './model-terms.js';
import { levelOrder, numericValues } from './survival-input.js';
import { ToolInputError, type DataTable, type Params } from './tool.js';

const MAX_LEVELS = 15;
export const fieldList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String).filter((x) => x !== '') : typeof v === 'string' && v !== '' ? [v] : []);
export const quoted = (xs: readonly string[]) => xs.map((v) => `“${v}”`).join('、');

export interface ModelInput {
  /** Analysed rows of the table (after listwise deletion). */
  rows: number[];
  excluded: number;
  xs: string[];
  fs: string[];
  /** Covariates in the model's order: numeric first, then factors. */
  names: string[];
  /** Levels of each factor, reference first. */
  levels: Map<string, string[]>;
  predictors: Predictor[];
  /** Design columns of a covariate (1, or levels − 1). */
  columnsOf(name: string): number;
}

/**
 * Reads covariates `x` (numeric) and `factors` (categorical) with `reference`; `extra` are further
 * columns that must be present in a row (the outcome, an offset), each checked by `present`.
 */
export function modelInput(data: DataTable, params: Params, yName: string, extra: Array<{ name: string; present: (i: number) => boolean }>): ModelInput {
  const xs = fieldList(params.x);
  const fs = fieldList(params.factors);
  if (xs.length + fs.length === 0) throw new ToolInputError('请至少选择一个自变量（定量或分类）');
  requireVariables(data, [...xs, ...fs]);
  const both = xs.filter((x) => fs.includes(x));
  if (both.length > 0) throw new ToolInputError(`变量“${both[0]}”同时被选为定量与分类自变量，请只保留一种`);
  const used = extra.map((e) => e.name);
  const clash = [...xs, ...fs].find((v) => used.includes(v));
  if (clash !== undefined) throw new ToolInputError(`变量“${clash}”已作为${clash === yName ? '结局变量' : '偏移量'}，不能同时作为自变量`);
  const numeric = new Map(xs.map((x) => [x, numericValues(data, x)]));
  const textCols = new Map(fs.map((f) => [f, data.text(f)]));
  const rows: number[] = [];
  for (let i = 0; i < data.rows; i++) {
    if (!extra.every((e) => e.present(i))) continue;
    if ([...numeric.values()].some((c) => c[i] === null)) continue;
    if ([...textCols.values()].some((c) => c[i] === null || c[i]!.trim() === '')) continue;
    rows.push(i);
  }
  if (rows.length === 0) throw new ToolInputError('去除缺失值后没有可分析的行，请检查所选变量');
  const xv = new Map(xs.map((x) => [x, rows.map((i) => numeric.get(x)![i]!)]));
  const fv = new Map(fs.map((f) => [f, rows.map((i) => textCols.get(f)![i]!.trim())]));
  for (const x of xs) {
    const v = xv.get(x)!;
    if (v.every((u) => u === v[0])) throw new ToolInputError(`定量自变量“${x}”在分析的行中取值恒定（均为 ${v[0]}），无法估计其效应，请删除该变量`);
  }
  const refs = parseReferences(params.reference, fs);
  const levels = new Map(fs.map((f) => [f, levelOrder(fv.get(f)!, f, refs.get(f) ?? [])]));
  for (const f of fs) {
    const lv = levels.get(f)!;
    if (lv.length < 2) throw new ToolInputError(`分类自变量“${f}”在分析的行中只有一个类别（“${lv[0]}”），无法纳入模型，请删除该变量`);
    if (lv.length > MAX_LEVELS) throw new ToolInputError(`分类自变量“${f}”有 ${lv.length} 个类别，超过 ${MAX_LEVELS} 个；请合并类别，或把它作为定量变量`);
  }
  const names = [...xs, ...fs];
  const predictors: Predictor[] = names.map((name) =>
    xs.includes(name) ? { name, values: xv.get(name)!, type: 'numeric' } : { name, values: fv.get(name)!, type: 'categorical', reference: levels.get(name)![0] },
  );
  return { rows, excluded: data.rows - rows.length, xs, fs, names, levels, predictors, columnsOf: (name) => (xs.includes(name) ? 1 : levels.get(name)!.length - 1) };
}

/**
 * A categorical outcome and the covariates, read together: rows with a blank outcome or a missing
 * covariate are dropped; `y` holds the trimmed outcome of each kept row, `seen` its values in order
 * of first appearance. `ask` is the message when no outcome was chosen.
 */
export function categoricalOutcomeInput(data: DataTable, params: Params, ask: string): { yName: string; input: ModelInput; y: string[]; seen: string[] } {
  const yName = String(params.y ?? '');
  if (!yName) throw new ToolInputError(ask);
  requireVariables(data, [yName]);
  const yText = data.text(yName);
  const input = modelInput(data, params, yName, [{ name: yName, present: (i) => (yText[i] ?? '').trim() !== '' }]);
  const y = input.rows.map((i) => yText[i]!.trim());
  return { yName, input, y, seen: [...new Set(y)] };
}
