// The prediction model the nomogram (1036) and validation (1037) tools share: the form fields
// (binary or survival outcome, numeric and categorical predictors with reference levels), reading
// the data through the shared model-input and survival-input pieces, the multivariable logistic or
// Cox fit, and the model table (OR/HR with CIs). Kept here so both tools read and print a model alike.
import { coxBaselineSurvival, coxRegression, logisticRegression, StatsError, type CoxResult, type LogisticRegressionResult, type NomogramTerm, maxOf } from '@labstat/stats';
import type { ReportBlock } from '@labstat/contracts';
import { binaryLevels, levelNote, positiveLevelField } from '../../binary-outcome.js';
import { forestChart } from '../../charts.js';
import { levelOf, requireVariables } from '../../common.js';
import { fieldList, modelInput, quoted, type ModelInput } from '../../model-input.js';
import { forestRows, termRows, type TermRow } from '../../model-terms.js';
import { formatP, num, table } from '../../report-helpers.js';
import { missingNote, readSurvival, survivalOutcomeFields } from '../../survival-input.js';
import { option, ToolInputError, type DataTable, type FieldSpec, type Params } from '../../tool.js';

/** Below this many events (or non-events) per model parameter the tools refuse the model. */
export const MIN_EPV = 2;

const REFERENCE_FIELD: FieldSpec = {
  filed: 'reference',
  name: '分类变量的参照水平（可选）',
  type: 'input',
  value: '',
  tips: '格式“变量=参照水平”，多个变量用分号分隔，如“性别=男; 分期=I期”；也可写出全部类别的顺序，如“分期=I期,II期,III期”（第一个为参照，列线图上按此顺序排列）。未指定的变量以数据中最先出现的类别为参照。',
};

/**
 * The model fields. With `survival` the form offers an outcome type (二分类 / 生存) and the survival
 * fields (time, status, event value shared with the binary outcome); `survivalOnly` names the
 * tool's own fields that apply to survival outcomes only (enabled with them).
 */
export function predictionModelFields(survival: boolean, survivalOnly: readonly string[] = []): FieldSpec[] {
  const outcome: FieldSpec[] = survival
    ? [
        {
          filed: 'outcomeType',
          name: '结局类型',
          type: 'select_single',
          value: 'binary',
          tips: '二分类结局（如是否发生并发症）建立 Logistic 模型；生存结局（随访时间 + 是否发生事件）建立 Cox 模型。',
          option: [option('二分类（Logistic 回归）', 'binary'), option('生存（Cox 回归）', 'survival')],
          link_item: [
            { id: 'y', rule: { disabled: { binary: false, survival: true } } },
            { id: 'time', rule: { disabled: { binary: true, survival: false } } },
            { id: 'status', rule: { disabled: { binary: true, survival: false } } },
            ...survivalOnly.map((id) => ({ id, rule: { disabled: { binary: true, survival: false } } })),
          ],
        },
        { filed: 'y', name: '结局变量（二分类）', type: 'select_single', columns: 'categorical', value: '', tips: '只能有两个取值，如 是/否、1/0。生存结局不用此项。' },
        ...survivalOutcomeFields().map((f): FieldSpec => (f.filed === 'event' ? { ...f, name: '代表结局发生（事件）的取值' } : { ...f, required: false, disabled: true })),
      ]
    : [
        { filed: 'y', name: '结局变量（二分类）', type: 'select_single', columns: 'categorical', required: true, value: '', tips: '只能有两个取值，如 是/否、发病/未发病、1/0。' },
        positiveLevelField('event', '代表结局发生的取值', '填写结局变量中代表“发生”的取值；留空时自动识别：0/1 取 1，文字按名称识别（如 是、阳性、死亡）。'),
      ];
  return [
    ...outcome,
    { filed: 'x', name: '定量预测变量', type: 'select_multi', columns: 'numeric', value: [], tips: '以线性项进入模型；列线图上的刻度覆盖该变量在数据中的取值范围。' },
    { filed: 'factors', name: '分类预测变量', type: 'select_multi', columns: 'categorical', value: [], tips: '自动生成哑变量，每个类别与参照类别比较；列线图上每个类别一个刻度。' },
    REFERENCE_FIELD,
  ];
}

export interface PredictionModel {
  kind: 'logistic' | 'cox';
  input: ModelInput;
  n: number;
  events: number;
  /** Cases without the event (logistic) or censored (Cox). */
  nonEvents: number;
  excluded: number;
  /** “并发症=是”, or the Cox event as “结局=死亡”. */
  outcomeLabel: string;
  outcomeName: string;
  eventWord: string;
  codingNote: string;
  /** Model parameters besides the intercept and events per parameter (the smaller outcome class for logistic). */
  parameters: number;
  epv: number;
  rows: TermRow[];
  /** Coefficient of a design column (engine naming: name, or name+level). */
  coef(column: string): number;
  /** ORs/HRs with Wald CIs of a design column. */
  ratio(column: string): { ratio: number; ci: readonly [number, number]; se: number; p: number };
  intercept: number;
  terms: NomogramTerm[];
  /** Linear predictor of each analysed row without the intercept (Σ βx). */
  xb: number[];
  /** Design columns without the intercept, in the engine's order, with their names. */
  design: Array<{ name: string; values: number[] }>;
  /** Binary outcome 0/1 per analysed row (logistic). */
  y: number[];
  /** Survival outcome per analysed row (Cox). */
  time: number[];
  status: number[];
  timeName: string;
  logistic: LogisticRegressionResult | null;
  cox: CoxResult | null;
  level: number;
}

/**
 * Reads and fits the model. `allowSurvival` false reads a binary outcome whatever outcomeType says.
 * @throws ToolInputError for missing choices, a non-binary outcome, constant or one-level predictors,
 *   too few events per parameter (below MIN_EPV), separation or a fit that does not converge.
 */
export function fitPredictionModel(data: DataTable, params: Params, allowSurvival: boolean): PredictionModel {
  const survival = allowSurvival && params.outcomeType === 'survival';
  const level = levelOf(params);
  const xs = fieldList(params.x);
  const fs = fieldList(params.factors);
  if (xs.length + fs.length === 0) throw new ToolInputError('请至少选择一个预测变量（定量或分类）');
  let input: ModelInput;
  let y: number[] = [];
  let time: number[] = [];
  let status: number[] = [];
  let outcomeLabel: string;
  let outcomeName: string;
  let eventWord: string;
  let codingNote: string;
  let timeName = '';
  let excluded: number;
  if (survival) {
    const extra = [...xs.map((name) => ({ name, kind: 'numeric' as const })), ...fs.map((name) => ({ name, kind: 'categorical' as const }))];
    const both = xs.find((x) => fs.includes(x));
    if (both !== undefined) throw new ToolInputError(`变量“${both}”同时被选为定量与分类预测变量，请只保留一种`);
    const s = readSurvival(data, params, extra);
    const kept = new Set(s.rows);
    input = modelInput(data, params, '', [{ name: s.timeName, present: (i) => kept.has(i) }]);
    // readSurvival already dropped the rows with a missing predictor, so both row lists agree.
    time = s.time;
    status = s.status;
    timeName = s.timeName;
    eventWord = s.coding.positive;
    outcomeLabel = `“${s.statusName}=${eventWord}”`;
    outcomeName = `${s.timeName}，${s.statusName}`;
    codingNote = s.codingNote;
    excluded = s.excluded;
  } else {
    const yName = String(params.y ?? '');
    if (!yName) throw new ToolInputError('请选择结局变量（二分类）');
    requireVariables(data, [yName]);
    const yText = data.text(yName);
    input = modelInput(data, params, yName, [{ name: yName, present: (i) => (yText[i] ?? '').trim() !== '' }]);
    const values = input.rows.map((i) => yText[i]!.trim());
    const coding = binaryLevels(values, yName, String(params.event ?? ''), '结局变量');
    y = values.map((v) => (v === coding.positive ? 1 : 0));
    eventWord = coding.positive;
    outcomeLabel = `“${yName}=${eventWord}”`;
    outcomeName = yName;
    codingNote = levelNote('结局变量', yName, coding, '代表结局发生的取值');
    excluded = input.excluded;
  }
  const n = input.rows.length;
  const events = survival ? status.reduce((a, b) => a + b, 0) : y.reduce((a, b) => a + b, 0);
  const nonEvents = n - events;
  const parameters = input.names.reduce((s, v) => s + input.columnsOf(v), 0);
  const limiting = survival ? events : Math.min(events, nonEvents);
  const epv = limiting / parameters;
  if (epv < MIN_EPV) {
    throw new ToolInputError(
      `${survival ? '事件数' : '结局中较少一类的例数'}只有 ${limiting}，模型有 ${parameters} 个参数（每参数 ${num(epv, 1)} 个事件，EPV < ${MIN_EPV}），模型严重过拟合、无法用于预测。请减少预测变量或合并分类变量的类别（一般建议 EPV ≥ 10）`,
    );
  }
  for (const f of input.fs) {
    const vals = input.predictors.find((p) => p.name === f)!.values as string[];
    for (const l of input.levels.get(f)!) {
      const idx = vals.map((v, i) => (v === l ? i : -1)).filter((i) => i >= 0);
      const ev = idx.reduce((s, i) => s + (survival ? status[i]! : y[i]!), 0);
      if (ev === 0 || (!survival && ev === idx.length)) {
        throw new ToolInputError(`分类预测变量“${f}”的类别“${l}”（${idx.length} 例）中${ev === 0 ? '没有发生结局' : '全部发生结局'}，其效应无法估计（分离）；请将该类别与相邻类别合并，或删除这些行`);
      }
    }
  }

  let logistic: LogisticRegressionResult | null = null;
  let cox: CoxResult | null = null;
  try {
    if (survival) cox = coxRegression({ time, status, predictors: input.predictors, ties: 'efron', level });
    else logistic = logisticRegression({ y, predictors: input.predictors, profile: false, level });
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(`模型无法拟合：${err.message}`);
    throw err;
  }
  const coefs = new Map<string, { estimate: number; se: number; p: number; ratio: number; ci: readonly [number, number] }>();
  let intercept = 0;
  if (logistic) {
    for (const c of logistic.coefficients) coefs.set(c.term, { estimate: c.estimate, se: c.se, p: c.pValue, ratio: c.oddsRatio, ci: c.oddsRatioCi });
    intercept = coefs.get('(Intercept)')!.estimate;
  } else {
    for (const c of cox!.coefficients) coefs.set(c.term, { estimate: c.estimate, se: c.se, p: c.pValue, ratio: c.hazardRatio, ci: c.hazardRatioCi });
  }
  const coef = (column: string) => {
    const c = coefs.get(column);
    if (!c) throw new Error(`no coefficient ${column}`);
    return c.estimate;
  };
  const terms: NomogramTerm[] = input.names.map((name) => {
    const p = input.predictors.find((q) => q.name === name)!;
    if (p.type === 'numeric') return { type: 'numeric', name, coef: coef(name), values: Array.from(p.values as ArrayLike<number>) };
    return { type: 'categorical', name, levels: input.levels.get(name)!.map((l, k) => ({ label: l, coef: k === 0 ? 0 : coef(`${name}${l}`) })) };
  });
  const design: PredictionModel['design'] = [];
  for (const name of input.names) {
    const p = input.predictors.find((q) => q.name === name)!;
    if (p.type === 'numeric') design.push({ name, values: Array.from(p.values as ArrayLike<number>) });
    else for (const l of input.levels.get(name)!.slice(1)) design.push({ name: `${name}${l}`, values: (p.values as string[]).map((v) => (v === l ? 1 : 0)) });
  }
  const xb = input.rows.map((_, i) => design.reduce((s, c) => s + coef(c.name) * c.values[i]!, 0));
  if (logistic && logistic.coefficients.some((c) => !Number.isFinite(c.se) || Math.abs(c.estimate) > 15)) {
    const bad = logistic.coefficients.filter((c) => c.term !== '(Intercept)' && (!Number.isFinite(c.se) || Math.abs(c.estimate) > 15)).map((c) => c.term);
    if (bad.length > 0) throw new ToolInputError(`${quoted(bad)}的系数极大（可能存在分离：该变量几乎完全决定结局），无法建立稳定的预测模型；请合并类别或删除该变量`);
  }
  return {
    kind: survival ? 'cox' : 'logistic',
    input,
    n,
    events,
    nonEvents,
    excluded,
    outcomeLabel,
    outcomeName,
    eventWord,
    codingNote,
    parameters,
    epv,
    rows: termRows(input.names, input.levels),
    coef,
    ratio: (column) => {
      const c = coefs.get(column)!;
      return { ratio: c.ratio, ci: c.ci, se: c.se, p: c.p };
    },
    intercept,
    terms,
    xb,
    design,
    y,
    time,
    status,
    timeName,
    logistic,
    cox,
    level,
  };
}

/** Baseline survival at the centre for a Cox model, with the largest follow-up time. */
export function coxBaseline(m: PredictionModel): { centre: number; at(t: number): number; maxTime: number } {
  const base = coxBaselineSurvival(m.time, m.status, m.xb, 'efron');
  const maxTime = maxOf(m.time);
  return {
    centre: base.centre,
    maxTime,
    at: (t) => {
      if (t > maxTime + 1e-6) return NaN;
      let s = 1;
      for (let k = 0; k < base.time.length && base.time[k]! <= t + 1e-6; k++) s = base.survival[k]!;
      return s;
    },
  };
}

/** The sample table: rows, events, exclusions, parameters and EPV. */
export function sampleTable(m: PredictionModel, title: string): ReportBlock {
  const cox = m.kind === 'cox';
  return table(
    title,
    ['纳入例数', cox ? `事件数（${m.eventWord}）` : `结局发生（${m.eventWord}）`, cox ? '删失数' : '未发生', '因缺失排除', '模型参数', '每参数事件数（EPV）'],
    [[m.n, m.events, m.nonEvents, m.excluded, m.parameters, num(m.epv, 1)]],
    [m.codingNote, missingNote(m.excluded), `EPV 为${cox ? '事件数' : '结局中较少一类的例数'}除以模型参数个数（不含常数项），一般建议不少于 10。`],
  );
}

/** The multivariable model table (B, SE, P, OR/HR with Wald CI) and, given a title, its forest plot. */
export function modelBlocks(m: PredictionModel, tableTitle: string, figureTitle: string | null): ReportBlock[] {
  const pct = Number((m.level * 100).toFixed(1));
  const ratioName = m.kind === 'cox' ? 'HR' : 'OR';
  const body = m.rows.map((r, i, all) => {
    const head = [i === 0 || all[i - 1]!.variable !== r.variable ? r.variable : '', r.level ?? ''];
    if (r.reference) return [...head, '', '', '', '1（参照）', ''];
    const c = m.ratio(r.column!);
    return [...head, num(m.coef(r.column!), 4), num(c.se, 4), formatP(c.p), num(c.ratio, 3), `${num(c.ci[0], 3)} ~ ${num(c.ci[1], 3)}`];
  });
  if (m.kind === 'logistic') {
    const c = m.ratio('(Intercept)');
    body.push(['常数项', '', num(m.intercept, 4), num(c.se, 4), formatP(c.p), '', '']);
  }
  return [
    table(tableTitle, ['变量', '类别', 'B', 'SE', 'P', ratioName, `${ratioName} ${pct}%CI`], body, [
      m.kind === 'cox'
        ? `Cox 比例风险模型，结局为${m.outcomeLabel}，偏似然估计（Efron 法处理结点，同 R coxph / rms::cph 的默认）；HR = exp(B)，置信区间为 Wald 法。`
        : `Logistic 回归，结局为${m.outcomeLabel}；OR = exp(B)，置信区间为 Wald 法（R: confint.default）。`,
    ]),
    ...(figureTitle === null
      ? []
      : [
          forestChart(
            forestRows(m.rows, (column) => {
              const c = m.ratio(column);
              return { ratio: c.ratio, ci: c.ci };
            }),
            { title: figureTitle, xName: `${ratioName}（${pct}%CI，对数刻度）` },
          ),
        ]),
  ];
}

/** Coefficients in `results` under stable names: estimate.<column>, or.<column> / hr.<column>, p.<column>. */
export function coefficientResults(m: PredictionModel): Record<string, number> {
  const out: Record<string, number> = {};
  const ratioKey = m.kind === 'cox' ? 'hr' : 'or';
  if (m.kind === 'logistic') out['estimate.(Intercept)'] = m.intercept;
  for (const r of m.rows) {
    if (r.reference) continue;
    const c = m.ratio(r.column!);
    out[`estimate.${r.column}`] = m.coef(r.column!);
    out[`${ratioKey}.${r.column}`] = c.ratio;
    out[`p.${r.column}`] = c.p;
  }
  return out;
}
