// Shared pieces of the two propensity-score tools (倾向性评分匹配 PSM, 逆概率加权 IPTW): reading the
// treatment and covariates, the logistic PS model with its no-overlap refusals, the Table-1 style
// balance table before/after, the Love plot and the mirrored PS histograms. Kept apart so the two
// tools' run files never import each other.
import type { ReportBlock } from '@labstat/contracts';
import { balanceStatistics, propensityScore, StatsError, type PropensityScoreResult, maxOf } from '@labstat/stats';
import { binaryLevels, levelNote, positiveLevelField, type BinaryLevels } from '../../binary-outcome.js';
import { dataThenParams, requireVariables } from '../../common.js';
import { fieldList, modelInput, quoted, type ModelInput } from '../../model-input.js';
import { finiteOrNull, formatP, num, table } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type FieldSpec, type Params, type ToolDefinition } from '../../tool.js';

/** The SMD below which a covariate counts as balanced (Austin 2009). */
export const SMD_THRESHOLD = 0.1;

/** Treatment and covariate fields common to both tools. */
export const treatmentFields = (): FieldSpec[] => [
  { filed: 'treatment', name: '处理（分组）变量', type: 'select_single', columns: 'categorical', value: '', required: true, tips: '二分类变量，如 是否使用他汀（是/否）、手术方式（A/B）。' },
  positiveLevelField('treated', '代表处理组的取值', '填写处理变量中代表“处理组（暴露组）”的取值；留空时自动识别：0/1 取 1，文字按名称识别（如 是、有）。'),
  { filed: 'x', name: '定量协变量', type: 'select_multi', columns: 'numeric', value: [], tips: '可能同时影响处理分配与结局的混杂因素（如年龄、BMI），不要选入处理之后才发生的变量。' },
  { filed: 'factors', name: '分类协变量', type: 'select_multi', columns: 'categorical', value: [], tips: '分类混杂因素（如性别、糖尿病）；平衡性按每个类别分别评价。' },
];

/**
 * The definition of a propensity-score tool: what both tools share (family, example, the treatment and
 * covariate fields first) around the tool's own texts and fields.
 */
export function propensityDefinition(d: {
  id: number;
  key: string;
  name: string;
  subname: string;
  description: string;
  methods: string[];
  /** The data step's tips after the shared first sentence (the outcome's fate in this tool). */
  outcomeTips: string;
  paramsDescription: string;
  notice: string;
  fields: FieldSpec[];
}): ToolDefinition {
  return {
    id: d.id,
    key: d.key,
    version: 1,
    name: d.name,
    subname: d.subname,
    description: d.description,
    family: 'med',
    categories: ['causal', 'propensity'],
    difficulty: 4,
    methods: d.methods,
    vip: true,
    runningTime: 5,
    example: 'propensity',
    exampleParams: {
      treatment: '他汀使用',
      x: ['年龄', 'BMI', 'LDL-C(mmol/L)'],
      factors: ['性别', '糖尿病', '高血压', '吸烟'],
    },
    ...dataThenParams({
      tips: `每行一个研究对象：一列二分类的处理（分组）变量，以及处理前测得的混杂因素（定量或分类）。${d.outcomeTips}`,
      paramsDescription: d.paramsDescription,
      notice: d.notice,
      fields: [...treatmentFields(), ...d.fields],
    }),
  };
}

export interface PropensityInput {
  tName: string;
  levels: BinaryLevels;
  input: ModelInput;
  /** 0/1 treatment of each analysed row. */
  t: number[];
  ps: PropensityScoreResult;
  /** Balance columns: numeric covariates, and one 0/1 column per level of each factor. */
  columns: BalanceColumn[];
}

export interface BalanceColumn {
  /** Row label: the covariate, or “covariate：level”. */
  label: string;
  variable: string;
  level: string | null;
  values: number[];
}

/**
 * Reads the treatment (two levels, the treated one chosen as binaryLevels does), the covariates
 * (listwise deletion over them, the treatment and `also`), fits the PS and refuses separated models
 * and PS ranges that do not overlap.
 */
export function readPropensity(data: DataTable, params: Params, also: readonly string[] = []): PropensityInput {
  const tName = String(params.treatment ?? '');
  if (!tName) throw new ToolInputError('请选择处理（分组）变量');
  requireVariables(data, [tName, ...also]);
  if ([...fieldList(params.x), ...fieldList(params.factors), ...also].includes(tName)) throw new ToolInputError(`处理变量“${tName}”不能同时作为协变量或精确匹配变量`);
  const tText = data.text(tName);
  const alsoText = also.map((a) => data.text(a));
  const input = modelInput(data, params, tName, [
    { name: tName, present: (i) => (tText[i] ?? '').trim() !== '' && alsoText.every((c) => (c[i] ?? '').trim() !== '') },
  ]);
  const levels = binaryLevels(input.rows.map((i) => tText[i]!.trim()), tName, String(params.treated ?? ''), '处理变量');
  const t: number[] = input.rows.map((i) => (tText[i]!.trim() === levels.positive ? 1 : 0));
  const n1 = t.reduce((a, b) => a + b, 0);
  const n0 = t.length - n1;
  const p = input.names.reduce((a, v) => a + input.columnsOf(v), 0);
  if (Math.min(n1, n0) <= p + 1) throw new ToolInputError(`处理组 ${n1} 例、对照组 ${n0} 例，较少一组的例数须多于倾向性评分模型的参数个数（${p}）；请减少协变量或合并类别`);
  let ps: PropensityScoreResult;
  try {
    ps = propensityScore({ treatment: t, predictors: input.predictors });
  } catch (err) {
    if (err instanceof StatsError && err.code === 'SEPARATION')
      throw new ToolInputError(`倾向性评分模型出现分离：${err.message.replace(/^数据存在/, '')}。处理组与对照组在这些协变量上没有重叠（共同支持域为空），无法匹配或加权；请检查这些协变量，或限定在两组都有的人群中分析`);
    if (err instanceof StatsError) throw new ToolInputError(`倾向性评分模型：${err.message}`);
    throw err;
  }
  const [c0, c1] = [ps.rangeControl, ps.rangeTreated];
  if (c1[0] > c0[1] || c0[0] > c1[1])
    throw new ToolInputError(
      `处理组与对照组的倾向性评分范围不重叠（处理组 ${num(c1[0], 4)} ~ ${num(c1[1], 4)}，对照组 ${num(c0[0], 4)} ~ ${num(c0[1], 4)}）：两组没有可比的研究对象，无法匹配或加权`,
    );
  const columns: BalanceColumn[] = [];
  for (const name of input.names) {
    const values = input.predictors.find((q) => q.name === name)!.values as ArrayLike<number | string>;
    if (input.xs.includes(name)) columns.push({ label: name, variable: name, level: null, values: Array.from(values as ArrayLike<number>) });
    else for (const l of input.levels.get(name)!) columns.push({ label: `${name}：${l}`, variable: name, level: l, values: Array.from(values as ArrayLike<string>, (v) => (v === l ? 1 : 0)) });
  }
  return { tName, levels, input, t, ps, columns };
}

/** The note saying which value is the treated group. */
export const treatedNote = (p: PropensityInput): string => levelNote('处理变量', p.tName, p.levels, '代表处理组的取值');

export interface BalanceRow {
  column: BalanceColumn;
  before: ReturnType<typeof balanceStatistics>;
  after: ReturnType<typeof balanceStatistics>;
}

/** Balance of every column (and of the distance first) before and with `weights`. */
export function balanceRows(p: PropensityInput, distance: { label: string; values: number[] }, weights: readonly number[], denominator: 'treated' | 'pooled'): BalanceRow[] {
  const cols: BalanceColumn[] = [{ label: distance.label, variable: distance.label, level: null, values: distance.values }, ...p.columns];
  return cols.map((column) => ({ column, before: balanceStatistics(column.values, p.t, null, denominator), after: balanceStatistics(column.values, p.t, weights, denominator) }));
}

/** Weighted mean and SD (reliability weights, as cov.wt) of the units of one group. */
function weightedMeanSd(values: readonly number[], t: readonly number[], g: number, w: readonly number[] | null): { mean: number; sd: number; n: number } {
  let sw = 0;
  let s = 0;
  let sw2 = 0;
  for (let i = 0; i < values.length; i++) if (t[i] === g) {
    const wi = w ? w[i]! : 1;
    sw += wi;
    s += wi * values[i]!;
    sw2 += wi * wi;
  }
  const mean = s / sw;
  let v = 0;
  for (let i = 0; i < values.length; i++) if (t[i] === g) v += ((w ? w[i]! : 1) / sw) * (values[i]! - mean) ** 2;
  return { mean, sd: Math.sqrt(v / (1 - sw2 / (sw * sw))), n: sw };
}

const countText = (n: number) => (Math.abs(n - Math.round(n)) < 1e-9 ? String(Math.round(n)) : n.toFixed(1));

/**
 * The Table-1 style balance table: per covariate mean ± SD (numeric) or n (%) per level in each group,
 * before and after, with the SMD before/after and the variance ratio after; weighted counts where weighted.
 */
export function balanceTable(title: string, p: PropensityInput, rows: readonly BalanceRow[], weights: readonly number[], afterWord: string, footnotes: string[]): ReportBlock {
  const cells: Array<Array<string | number | null>> = [];
  let last = '';
  for (const r of rows) {
    const c = r.column;
    const smd = (b: BalanceRow['before']) => num(b.smd, 3);
    if (c.level === null) {
      const b1 = weightedMeanSd(c.values, p.t, 1, null);
      const b0 = weightedMeanSd(c.values, p.t, 0, null);
      const a1 = weightedMeanSd(c.values, p.t, 1, weights);
      const a0 = weightedMeanSd(c.values, p.t, 0, weights);
      const ms = (m: { mean: number; sd: number }) => `${m.mean.toFixed(2)} ± ${m.sd.toFixed(2)}`;
      cells.push([`${c.label}，均数 ± 标准差`, ms(b1), ms(b0), smd(r.before), ms(a1), ms(a0), smd(r.after), num(r.after.varRatio, 3)]);
    } else {
      if (c.variable !== last) cells.push([`${c.variable}，n（%）`, '', '', '', '', '', '', '']);
      last = c.variable;
      const cnt = (g: number, w: readonly number[] | null) => {
        let k = 0;
        let all = 0;
        for (let i = 0; i < c.values.length; i++) if (p.t[i] === g) {
          const wi = w ? w[i]! : 1;
          all += wi;
          k += wi * c.values[i]!;
        }
        return `${countText(k)}（${((100 * k) / all).toFixed(1)}）`;
      };
      cells.push([`  ${c.level}`, cnt(1, null), cnt(0, null), smd(r.before), cnt(1, weights), cnt(0, weights), smd(r.after), null]);
    }
  }
  return table(title, ['变量', '处理组（前）', '对照组（前）', 'SMD（前）', `处理组（${afterWord}）`, `对照组（${afterWord}）`, `SMD（${afterWord}）`, `方差比（${afterWord}）`], cells, footnotes);
}

/** Love plot: |SMD| of every row before and after, the 0.1 threshold dashed. */
export function lovePlot(title: string, rows: readonly BalanceRow[], beforeName: string, afterName: string): ReportBlock {
  const labels = rows.map((r) => r.column.label);
  const pts = (k: 'before' | 'after') => rows.map((r, i) => [Number(Math.abs(r[k].smd).toPrecision(6)), labels[i]!]);
  const max = Math.max(0.2, maxOf(rows.flatMap((r) => [Math.abs(r.before.smd), Math.abs(r.after.smd)]).filter(Number.isFinite)));
  return {
    type: 'chart',
    title,
    option: {
      textStyle: { fontFamily: 'Times New Roman, SimSun, serif' },
      tooltip: { trigger: 'item' },
      legend: { top: 0, data: [beforeName, afterName] },
      grid: { left: 20, right: 30, top: 36, bottom: 50, containLabel: true },
      xAxis: { type: 'value', min: 0, max: Number((Math.ceil(max * 10) / 10).toFixed(1)), name: '|标准化均数差（SMD）|', nameLocation: 'middle', nameGap: 28, splitLine: { show: false }, axisLine: { lineStyle: { color: '#000' } } },
      yAxis: { type: 'category', inverse: true, data: labels, axisTick: { show: false } },
      series: [
        {
          name: beforeName,
          type: 'scatter',
          symbol: 'circle',
          symbolSize: 9,
          data: pts('before'),
          markLine: { silent: true, symbol: 'none', label: { formatter: `${SMD_THRESHOLD}` }, lineStyle: { color: '#909399', type: 'dashed' }, data: [{ xAxis: SMD_THRESHOLD }] },
        },
        { name: afterName, type: 'scatter', symbol: 'diamond', symbolSize: 10, data: pts('after') },
      ],
    },
  };
}

/**
 * Mirrored histogram of the PS: treated upwards, controls downwards, in bins of 0.05 on [0, 1]
 * (right-closed, as R's hist), counts weighted by `weights` when given.
 */
export function psHistogram(title: string, ps: readonly number[], t: readonly number[], weights: readonly number[] | null, names: { treated: string; control: string }): ReportBlock {
  const bins = 20;
  const up = new Array<number>(bins).fill(0);
  const down = new Array<number>(bins).fill(0);
  ps.forEach((v, i) => {
    const w = weights ? weights[i]! : 1;
    if (w === 0) return;
    const b = Math.min(bins - 1, Math.max(0, Math.ceil(v * bins) - 1));
    if (t[i] === 1) up[b]! += w;
    else down[b]! -= w;
  });
  const labels = Array.from({ length: bins }, (_, b) => `${(b / bins).toFixed(2)}–${((b + 1) / bins).toFixed(2)}`);
  const r = (v: number) => Number(v.toFixed(2));
  return {
    type: 'chart',
    title,
    option: {
      textStyle: { fontFamily: 'Times New Roman, SimSun, serif' },
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: [names.treated, names.control] },
      grid: { left: 20, right: 20, top: 36, bottom: 60, containLabel: true },
      xAxis: { type: 'category', data: labels, name: '倾向性评分', nameLocation: 'middle', nameGap: 44, axisLabel: { rotate: 45, fontSize: 10 }, axisLine: { lineStyle: { color: '#000' } } },
      yAxis: { type: 'value', name: weights ? '加权例数（对照组向下）' : '例数（对照组向下）', splitLine: { show: false }, axisLine: { show: true, lineStyle: { color: '#000' } } },
      series: [
        { name: names.treated, type: 'bar', stack: 'ps', barCategoryGap: '5%', data: up.map(r) },
        { name: names.control, type: 'bar', stack: 'ps', barCategoryGap: '5%', data: down.map(r) },
      ],
    },
  };
}

/** The PS model's coefficients with ORs, its c statistic and the PS ranges per group. */
export function psModelTable(title: string, p: PropensityInput): ReportBlock {
  const rows = p.ps.coefficients.map((c) => [c.term === '(Intercept)' ? '常数项' : c.term, num(c.estimate, 4), num(c.se, 4), formatP(c.pValue), c.term === '(Intercept)' ? null : num(c.oddsRatio, 3)]);
  return table(title, ['项', 'B', 'SE', 'P', 'OR'], rows, [
    `Logistic 回归：因变量为是否属于处理组（“${p.tName}”=“${p.levels.positive}”），自变量为所选协变量（分类协变量以 ${[...p.input.levels].map(([f, l]) => `“${f}”=“${l[0]}”`).join('、') || '—'} 为参照，参照的选择不影响倾向性评分）。`,
    `倾向性评分的 C 统计量（AUC）= ${num(p.ps.auc, 3)}；处理组评分范围 ${num(p.ps.rangeTreated[0], 3)} ~ ${num(p.ps.rangeTreated[1], 3)}，对照组 ${num(p.ps.rangeControl[0], 3)} ~ ${num(p.ps.rangeControl[1], 3)}。C 统计量只反映两组的可区分程度，不是模型好坏的标准；很高（如 > 0.8）时两组重叠少，匹配或加权后可用的人少、权重极端。`,
  ]);
}

/** Labels of rows still imbalanced (|SMD| ≥ 0.1) after, distance excluded. */
export const imbalanced = (rows: readonly BalanceRow[]): string[] => rows.slice(1).filter((r) => !(Math.abs(r.after.smd) < SMD_THRESHOLD)).map((r) => r.column.label);

/** The largest |SMD| among the covariates (distance excluded). */
export const maxAbsSmd = (rows: readonly BalanceRow[], k: 'before' | 'after'): number => Math.max(maxOf(rows.slice(1).map((r) => Math.abs(r[k].smd)).filter(Number.isFinite)), 0);

/**
 * The balance before and after in a few numbers: the conclusion's sentence on it (`word`: 匹配 or 加权),
 * the covariates still imbalanced, and the results entries (maxima, counts, then every row's).
 */
export function balanceSummary(rows: readonly BalanceRow[], word: string): { bad: string[]; sentence: string; results: Record<string, number | null> } {
  const bad = imbalanced(rows);
  const smdMaxBefore = maxAbsSmd(rows, 'before');
  const smdMaxAfter = maxAbsSmd(rows, 'after');
  const badBefore = rows.slice(1).filter((r) => !(Math.abs(r.before.smd) < SMD_THRESHOLD)).map((r) => r.column.label);
  const sentence =
    `${word}前 ${badBefore.length} 个协变量（或类别）的 |SMD| ≥ ${SMD_THRESHOLD}，最大 |SMD| = ${num(smdMaxBefore, 3)}；${word}后最大 |SMD| = ${num(smdMaxAfter, 3)}，` +
    (bad.length === 0 ? `全部协变量的 |SMD| < ${SMD_THRESHOLD}，两组基线均衡。` : `${quoted(bad)}的 |SMD| 仍 ≥ ${SMD_THRESHOLD}，均衡性欠佳。`);
  return {
    bad,
    sentence,
    results: { maxAbsSmdBefore: smdMaxBefore, maxAbsSmdAfter: smdMaxAfter, imbalancedBefore: badBefore.length, imbalancedAfter: bad.length, ...balanceResults(rows) },
  };
}

/** The Love plot and the PS histograms before and after (`word`: 匹配 or 加权; `weighted`: the after histogram's title tail). */
export function balanceFigures(p: PropensityInput, rows: readonly BalanceRow[], weights: readonly number[], word: string, weighted: string): ReportBlock[] {
  const names = { treated: `处理组（${p.levels.positive}）`, control: `对照组（${p.levels.negative ?? '对照'}）` };
  return [
    lovePlot(`图1 Love 图：${word}前后各协变量的 |SMD|`, rows, `${word}前`, `${word}后`),
    psHistogram(`图2 ${word}前倾向性评分的分布（处理组向上、对照组向下）`, p.ps.ps, p.t, null, names),
    psHistogram(`图3 ${word}后倾向性评分的分布（${weighted}）`, p.ps.ps, p.t, weights, names),
  ];
}

/** Results entries of the balance rows under stable names: SMD, variance ratio and eCDF max (the KS statistic) before/after. */
export function balanceResults(rows: readonly BalanceRow[]): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const r of rows.slice(1)) {
    const k = r.column.label;
    out[`smdBefore.${k}`] = finiteOrNull(r.before.smd);
    out[`smdAfter.${k}`] = finiteOrNull(r.after.smd);
    out[`varRatioBefore.${k}`] = finiteOrNull(r.before.varRatio);
    out[`varRatioAfter.${k}`] = finiteOrNull(r.after.varRatio);
    out[`ecdfMaxBefore.${k}`] = finiteOrNull(r.before.ecdfMax);
    out[`ecdfMaxAfter.${k}`] = finiteOrNull(r.after.ecdfMax);
  }
  return out;
}

export { fieldList, quoted };
