// The variables of the path analyses (中介效应, 调节效应): numeric role variables (X, mediators, W, Y)
// and optional covariates, numeric or categorical (treatment-coded, first level seen = reference),
// read with listwise deletion and refused in Chinese when unusable. Shared by both tools.
import { fieldList } from '../../model-input.js';
import { requireVariables } from '../../common.js';
import { levelOrder, numericValues } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params } from '../../tool.js';

export interface PathInput {
  rows: number[];
  excluded: number;
  /** Each role variable's values over the analysed rows. */
  values: Map<string, number[]>;
  /** Covariate design columns (a numeric covariate, or one dummy per non-reference level). */
  covColumns: number[][];
  covNames: string[];
  /** Covariates as chosen (for text). */
  covariates: string[];
  /** The categorical role variable's trimmed values over the analysed rows (when asked for). */
  groupValues: string[] | null;
}

/**
 * Reads `roles` (label → column, every one numeric and required) and the covariates `covariates`
 * (numeric) and `factors` (categorical) of `params`.
 */
export function pathInput(data: DataTable, roles: ReadonlyArray<{ name: string; label: string }>, params: Params, group?: { name: string; label: string }): PathInput {
  const xs = fieldList(params.covariates);
  const fs = fieldList(params.factors);
  const all = [...roles.map((r) => r.name), ...(group ? [group.name] : []), ...xs, ...fs];
  requireVariables(data, all);
  const dup = all.find((v, i) => all.indexOf(v) !== i);
  if (dup !== undefined) throw new ToolInputError(`变量“${dup}”被选了不止一次（同一变量不能同时担任两个角色），请检查`);
  const numeric = new Map([...roles.map((r) => r.name), ...xs].map((v) => [v, numericValues(data, v)]));
  const texts = new Map([...(group ? [group.name] : []), ...fs].map((f) => [f, data.text(f)]));
  const rows: number[] = [];
  for (let i = 0; i < data.rows; i++) {
    if ([...numeric.values()].some((c) => c[i] === null || c[i] === undefined)) continue;
    if ([...texts.values()].some((c) => c[i] === null || c[i]!.trim() === '')) continue;
    rows.push(i);
  }
  const need = roles.length + (group ? 1 : 0) + xs.length + fs.length + 3;
  if (rows.length < need) throw new ToolInputError(`去除缺失值后只有 ${rows.length} 行，少于所需的 ${need} 行（变量个数 + 3），无法分析`);
  const values = new Map([...numeric].map(([v, c]) => [v, rows.map((i) => c[i]!)]));
  for (const r of roles) {
    const v = values.get(r.name)!;
    if (v.every((u) => u === v[0])) throw new ToolInputError(`${r.label}“${r.name}”在分析的行中取值恒定（均为 ${v[0]}），无法分析`);
  }
  const covColumns: number[][] = [];
  const covNames: string[] = [];
  for (const x of xs) {
    const v = values.get(x)!;
    if (v.every((u) => u === v[0])) throw new ToolInputError(`协变量“${x}”在分析的行中取值恒定（均为 ${v[0]}），请删除该变量`);
    covColumns.push(v);
    covNames.push(x);
  }
  for (const f of fs) {
    const v = rows.map((i) => texts.get(f)![i]!.trim());
    const levels = levelOrder(v, f);
    if (levels.length < 2) throw new ToolInputError(`分类协变量“${f}”在分析的行中只有一个类别（“${levels[0]}”），请删除该变量`);
    if (levels.length > 15) throw new ToolInputError(`分类协变量“${f}”有 ${levels.length} 个类别，超过 15 个；请合并类别或作为定量变量`);
    for (const l of levels.slice(1)) {
      covColumns.push(v.map((u) => (u === l ? 1 : 0)));
      covNames.push(`${f}[${l}]`);
    }
  }
  const groupValues = group ? rows.map((i) => texts.get(group.name)![i]!.trim()) : null;
  return { rows, excluded: data.rows - rows.length, values, covColumns, covNames, covariates: [...xs, ...fs], groupValues };
}
