// Pieces most tools share: the data-then-parameters step layout, the usual option fields, and
// reading the common parameters back with checks.
import type { Alternative } from '@labstat/stats';
import { finiteOrNull, num } from './report-helpers.js';
import { option, ToolInputError, type DataTable, type FieldSpec, type Params, type ToolDefinition } from './tool.js';

/** The two-step layout: choose data (with `tips`), then one form of `fields`. */
export function dataThenParams(p: { tips: string; paramsDescription: string; notice: string; fields: FieldSpec[] }): Pick<ToolDefinition, 'stepGroups' | 'steps'> {
  return {
    stepGroups: [
      { key: 'data', name: '数据', description: '选择示例数据或上传自己的数据' },
      { key: 'params', name: '参数', description: p.paramsDescription },
    ],
    steps: [
      { key: 'data', group: 'data', name: '选择数据', type: 'data', tips: p.tips, fields: [] },
      { key: 'params', group: 'params', name: '变量与选项', type: 'form', notice: p.notice, fields: p.fields },
    ],
  };
}

export const levelField = (): FieldSpec => ({ filed: 'level', name: '置信水平', type: 'input_number', value: 0.95, props: { min: 0.8, max: 0.999, step: 0.01 } });

/** The alternative-hypothesis choice, labelled for the tool's two sides. */
export const alternativeField = (twoSided: string, greater: string, less: string): FieldSpec => ({
  filed: 'alternative',
  name: '备择假设',
  type: 'select_single',
  value: 'two.sided',
  option: [option(twoSided, 'two.sided'), option(greater, 'greater'), option(less, 'less')],
});

export function alternativeOf(params: Params): Alternative {
  const a = String(params.alternative);
  return a === 'greater' || a === 'less' ? a : 'two.sided';
}

export const levelOf = (params: Params): number => (typeof params.level === 'number' ? params.level : 0.95);

/** Throws the user's message when a chosen variable is not in the data. */
export function requireVariables(data: DataTable, names: readonly string[]): void {
  for (const v of names) if (!data.variables.some((x) => x.name === v)) throw new ToolInputError(`数据中没有变量“${v}”`);
}

/** "P < 0.001" or "P = 0.023" for running text. */
export const pSentence = (p: number): string => (p < 0.001 ? 'P < 0.001' : `P = ${p.toFixed(3)}`);

/** An interval for text and tables; one-sided tests print their open end as ±∞. */
export const ciText = (ci: readonly [number, number], digits = 3): string => `${num(ci[0], digits) ?? '-∞'} ~ ${num(ci[1], digits) ?? '+∞'}`;

/** The footnote that says which alternative a test used. */
export function alternativeNote(alternative: Alternative, first: string, second: string): string {
  return alternative === 'two.sided' ? '双侧检验。' : `单侧检验（备择假设：${first}${alternative === 'greater' ? '>' : '<'}${second}）。`;
}

/** The stable result names of a test with an estimate and its interval (CONVENTIONS: one spelling). */
export function testResults(r: { statistic: number; df: number; pValue: number; estimate: number; ci: readonly [number, number] }) {
  return {
    statistic: r.statistic,
    df: r.df,
    p: r.pValue,
    meanDifference: r.estimate,
    ciLower: finiteOrNull(r.ci[0]),
    ciUpper: finiteOrNull(r.ci[1]),
  };
}

/** The outcome and grouping columns of a y ~ group tool, checked to be chosen and present. */
export function outcomeAndGroup(data: DataTable, params: Params, ask = '请选择检验变量和分组变量'): { yName: string; gName: string } {
  const yName = String(params.y ?? '');
  const gName = String(params.group ?? '');
  if (!yName || !gName) throw new ToolInputError(ask);
  requireVariables(data, [yName, gName]);
  return { yName, gName };
}
