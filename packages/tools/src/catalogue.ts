// The catalogue as the API shows it: categories per family, stable ids for step groups, steps and
// fields, the form fields of a step (with the chosen file's columns as options), and the server-side
// check of submitted parameters against a definition. Pure data in, data out.
import type { FieldOption, FieldValue, FormField, VariableInfo } from '@labstat/contracts';
import { ToolInputError, type ColumnKind, type FieldSpec, type Params, type StepSpec, type ToolDefinition } from './tool.js';

export interface CategoryNode {
  /** Stable slug, the `toolcalss` filter value. */
  name: string;
  name_zh: string;
  children?: CategoryNode[];
}

/** Category trees per family (up to three levels); tool definitions name paths of these slugs. */
export const CATEGORIES: Record<ToolDefinition['family'], CategoryNode[]> = {
  med: [
    {
      name: 'basic',
      name_zh: '基础统计',
      children: [
        { name: 'descriptive', name_zh: '描述统计' },
        { name: 'normality', name_zh: '正态性检验' },
      ],
    },
    {
      name: 'difference',
      name_zh: '差异检验',
      children: [
        { name: 'parametric', name_zh: '参数检验' },
        { name: 'nonparametric', name_zh: '非参数检验' },
        { name: 'categorical', name_zh: '分类资料检验' },
      ],
    },
    {
      name: 'relation',
      name_zh: '相关与回归',
      children: [
        { name: 'correlation', name_zh: '相关分析' },
        { name: 'regression', name_zh: '回归分析' },
      ],
    },
    {
      name: 'diagnostic',
      name_zh: '诊断试验',
      children: [
        { name: 'roc', name_zh: 'ROC 分析' },
        { name: 'accuracy', name_zh: '诊断准确性' },
        { name: 'agreement', name_zh: '一致性分析' },
      ],
    },
    {
      name: 'survival',
      name_zh: '生存分析',
      children: [
        { name: 'survival-curve', name_zh: '生存曲线与比较' },
        { name: 'survival-regression', name_zh: '生存回归' },
      ],
    },
    {
      name: 'evidence',
      name_zh: '循证医学',
      children: [{ name: 'meta', name_zh: 'Meta 分析' }],
    },
    {
      name: 'prediction',
      name_zh: '临床预测模型',
      children: [
        { name: 'variable-selection', name_zh: '变量筛选' },
        { name: 'model-building', name_zh: '模型构建与展示' },
        { name: 'model-validation', name_zh: '模型验证与评价' },
        { name: 'competing-risk', name_zh: '竞争风险' },
      ],
    },
    {
      name: 'causal',
      name_zh: '因果推断',
      children: [
        { name: 'propensity', name_zh: '倾向性评分' },
        { name: 'subgroup', name_zh: '亚组分析' },
      ],
    },
  ],
  visual: [
    {
      name: 'statplot',
      name_zh: '统计图',
      children: [
        { name: 'comparison-plot', name_zh: '分布与比较' },
        { name: 'relation-plot', name_zh: '关系图' },
        { name: 'composition-plot', name_zh: '构成与趋势' },
        { name: 'omics-plot', name_zh: '组学与高维' },
        { name: 'clinical-plot', name_zh: '临床研究图' },
      ],
    },
  ],
  small_process: [
    { name: 'flow-difference', name_zh: '差异比较流程' },
    { name: 'flow-association', name_zh: '关联分析流程' },
  ],
  // The advanced tools' menu (GET /menu, /high-tool/<name>): each top node is a menu item, its
  // children the category buttons of that item's list. Adding an item never touches the web app.
  advanced: [
    {
      name: 'fenxi',
      name_zh: '多元统计',
      children: [
        { name: 'dimension', name_zh: '降维与因子' },
        { name: 'cluster', name_zh: '聚类与判别' },
        { name: 'multi-association', name_zh: '多元关联' },
      ],
    },
    {
      name: 'wenjuan',
      name_zh: '问卷研究',
      children: [
        { name: 'scale', name_zh: '信度与效度' },
        { name: 'path', name_zh: '中介与调节' },
        { name: 'multi-choice', name_zh: '多选题' },
      ],
    },
    {
      name: 'moxing',
      name_zh: '高级模型',
      children: [
        { name: 'regression-plus', name_zh: '回归扩展' },
        { name: 'longitudinal', name_zh: '纵向与重复数据' },
        { name: 'missing-data', name_zh: '缺失数据' },
      ],
    },
  ],
};

/** The advanced tools' menu items, in order (GET /menu). */
export const ADVANCED_MENU: ReadonlyArray<{ name: string; title: string }> = CATEGORIES.advanced.map((c) => ({ name: c.name, title: c.name_zh }));

/** Checks a category path against the family's tree; returns the missing slug or null. */
export function unknownCategory(def: ToolDefinition): string | null {
  let level: CategoryNode[] | undefined = CATEGORIES[def.family];
  for (const slug of def.categories) {
    const node: CategoryNode | undefined = level?.find((c) => c.name === slug);
    if (!node) return slug;
    level = node.children;
  }
  return null;
}

/** A stable small integer for a class (ids must not move when categories are added). */
export function classId(level1: string, name: string): number {
  let h = 2166136261;
  for (const ch of `${level1}/${name}`) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return (h >>> 0) % 1_000_000;
}

// Ids: group = tool·100 + 1…, step = tool·100 + 51…, field = step·100 + 1…. They follow the order
// in the definition, which only ever grows at the end for a published tool.
export const groupId = (def: ToolDefinition, index: number): number => def.id * 100 + index + 1;
export const stepId = (def: ToolDefinition, index: number): number => def.id * 100 + 51 + index;
export const fieldId = (step: number, index: number): number => step * 100 + index + 1;

/** The tool and step index a step id names. */
export function parseStepId(id: number): { toolId: number; index: number } | null {
  const toolId = Math.floor(id / 100);
  const index = (id % 100) - 51;
  return toolId > 0 && index >= 0 ? { toolId, index } : null;
}

/**
 * Column kinds a field accepts. Categorical fields also take numeric codes with few distinct values
 * (1/2 for groups) but not identifiers.
 */
export const MAX_CODED_LEVELS = 20;
export function columnFits(kind: ColumnKind, v: VariableInfo): boolean {
  if (kind === 'any') return true;
  if (kind === 'numeric') return v.type === 'numeric';
  // A text column whose every value differs (an ID such as P001…) is an identifier, not a category.
  if (v.distinct > MAX_CODED_LEVELS && v.distinct >= v.valid) return false;
  return v.type === 'categorical' || (v.type === 'numeric' && v.distinct <= MAX_CODED_LEVELS) || v.type === 'date';
}

function columnOptions(kind: ColumnKind, variables: readonly VariableInfo[]): FieldOption[] {
  // True categorical columns first, then coded numeric ones.
  const fitting = variables.filter((v) => columnFits(kind, v));
  const ordered = kind === 'categorical' ? [...fitting.filter((v) => v.type !== 'numeric'), ...fitting.filter((v) => v.type === 'numeric')] : fitting;
  return ordered.map((v) => ({ lable: v.name, value: v.name }));
}

/**
 * The form fields of a step as the client renders them. With `variables` the column fields list
 * that file's columns; `values` (saved parameters or the example's choices) replace the defaults.
 */
export function formFields(def: ToolDefinition, index: number, variables?: readonly VariableInfo[], values: Params = {}): FormField[] {
  return renderFields(def.steps[index]!.fields, stepId(def, index), variables, values);
}

/**
 * Fields as the client renders them (ids `base * 100 + i + 1`); shared by tools, calculation tools
 * and processing methods. With `variables` the column fields list that file's columns.
 */
export function renderFields(fields: readonly FieldSpec[], base: number, variables?: readonly VariableInfo[], values: Params = {}): FormField[] {
  return fields.map((f, i) => {
    const option = f.columns ? (variables ? columnOptions(f.columns, variables) : []) : (f.option ?? []);
    let value: FieldValue = f.value ?? (f.type === 'select_multi' ? [] : f.type === 'switch' ? false : '');
    if (values[f.filed] !== undefined) value = values[f.filed]!;
    if (f.columns && variables) {
      // Drop remembered columns the file does not have.
      const names = new Set(option.map((o) => String(o.value)));
      if (Array.isArray(value)) value = value.filter((x) => names.has(String(x)));
      else if (value !== '' && !names.has(String(value))) value = '';
    }
    return {
      id: fieldId(base, i),
      filed: f.filed,
      name: f.name,
      type: f.type,
      value,
      option,
      tips: f.tips ?? '',
      disabled: f.disabled ?? false,
      props: f.props ?? {},
      link_item: f.link_item ?? [],
    };
  });
}

const formSteps = (def: ToolDefinition): Array<{ step: StepSpec; index: number }> =>
  def.steps.map((step, index) => ({ step, index })).filter((s) => s.step.type === 'form');

/** Every field of every form step, with the step it sits in. */
export function allFields(def: ToolDefinition): FieldSpec[] {
  return formSteps(def).flatMap((s) => s.step.fields);
}

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i;
const KIND_ZH: Record<ColumnKind, string> = { numeric: '定量（数值型）', categorical: '分类', any: '' };

function checkField(f: FieldSpec, raw: FieldValue | undefined, variables: readonly VariableInfo[]): FieldValue {
  const label = `“${f.name}”`;
  let v: FieldValue = raw === undefined || raw === null ? (f.value ?? null) : raw;
  const optionValues = (f.option ?? []).map((o) => String(o.value));
  const findOption = (x: string | number) => (f.option ?? []).find((o) => String(o.value) === String(x));
  const checkColumn = (name: string) => {
    const col = variables.find((c) => c.name === name);
    if (!col) throw new ToolInputError(`${label}所选的变量“${name}”不在数据文件中`);
    if (f.columns && !columnFits(f.columns, col)) throw new ToolInputError(`${label}需要${KIND_ZH[f.columns]}变量，“${name}”不符合`);
  };
  switch (f.type) {
    case 'select_single': {
      if (Array.isArray(v)) throw new ToolInputError(`${label}只能选择一项`);
      if (v === null || v === '') {
        if (f.required) throw new ToolInputError(`请选择${label}`);
        return '';
      }
      if (f.columns) checkColumn(String(v));
      else if (f.option?.length) {
        const o = findOption(v as string | number);
        if (!o) throw new ToolInputError(`${label}的取值“${String(v)}”不是可选项（${optionValues.join('、')}）`);
        return o.value;
      }
      return v;
    }
    case 'select_multi': {
      const list = v === null || v === '' ? [] : Array.isArray(v) ? v : [v as string | number];
      if (f.required && list.length === 0) throw new ToolInputError(`请至少选择一个${label}`);
      if (new Set(list.map(String)).size !== list.length) throw new ToolInputError(`${label}中有重复的选择`);
      if (list.length > 200) throw new ToolInputError(`${label}最多选择 200 项`);
      for (const x of list) {
        if (f.columns) checkColumn(String(x));
        else if (f.option?.length && !findOption(x)) throw new ToolInputError(`${label}的取值“${String(x)}”不是可选项`);
      }
      return list;
    }
    case 'input_number': {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw new ToolInputError(`${label}应为数字`);
      const { min, max } = f.props ?? {};
      if (min !== undefined && n < min) throw new ToolInputError(`${label}不能小于 ${min}`);
      if (max !== undefined && n > max) throw new ToolInputError(`${label}不能大于 ${max}`);
      return n;
    }
    case 'switch':
      if (typeof v === 'boolean') return v;
      if (v === 0 || v === 1 || v === '0' || v === '1' || v === 'true' || v === 'false') return v === 1 || v === '1' || v === 'true';
      throw new ToolInputError(`${label}应为开或关`);
    case 'color':
      if (typeof v !== 'string' || !COLOR.test(v.trim())) throw new ToolInputError(`${label}不是有效的颜色值`);
      return v.trim();
    default:
      if (v === null) return '';
      if (typeof v !== 'string' && typeof v !== 'number') throw new ToolInputError(`${label}应为文本`);
      if (String(v).length > 500) throw new ToolInputError(`${label}不能超过 500 个字符`);
      return String(v);
  }
}

/**
 * Checks submitted values against the definition and the file's columns: every field gets a valid
 * value (its default when absent), unknown keys are dropped. Throws ToolInputError with the reason.
 */
export function validateParams(def: ToolDefinition, values: Params, variables: readonly VariableInfo[]): Params {
  return validateFields(allFields(def), values, variables);
}

/** The same check for any field list (calculation tools, processing methods). */
export function validateFields(fields: readonly FieldSpec[], values: Params, variables: readonly VariableInfo[]): Params {
  const out: Params = {};
  for (const f of fields) out[f.filed] = checkField(f, values[f.filed], variables);
  return out;
}
