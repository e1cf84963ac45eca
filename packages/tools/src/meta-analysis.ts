// The report both meta-analysis tools share (binary and continuous outcomes): per-study table,
// pooled fixed and random effects, heterogeneity with τ² and its CI, the journal forest plot with
// weights, funnel plot with Egger's test, subgroup analysis and leave-one-out. Each tool reads its
// own columns and supplies the per-study effects and a fitting function for any subset of studies.
import { eggerTest, normalQuantile, normalSf, subgroupDifference, type EffectSizes, type MetaResult, maxOf, minOf } from '@labstat/stats';
import type { ReportBlock } from '@labstat/contracts';
import { niceCeil } from './charts.js';
import { pSentence } from './common.js';
import { finiteOrNull, formatP, num, table, text } from './report-helpers.js';
import { levelOrder, splitList } from './survival-input.js';
import { option, ToolInputError, type DataTable, type FieldSpec, type Params, type ToolOutput } from './tool.js';

export type MetaMeasure = 'OR' | 'RR' | 'RD' | 'MD' | 'SMD';

/** What a pooled fit reports, fixed (IV, MH, Peto) or random. */
export interface Pooled {
  estimate: number;
  se: number;
  ci: readonly [number, number];
  statistic: number;
  pValue: number;
  q: number;
  qDf: number;
  qPValue: number;
  i2: number;
  h2: number;
  studies: ReadonlyArray<{ weight: number }>;
}

/** Fixed and random fits of a subset of studies; random is null for a single study. */
export interface MetaFit {
  fixed: Pooled;
  random: MetaResult | null;
}

export const MEASURE_NAMES: Record<MetaMeasure, string> = {
  OR: '比值比 OR',
  RR: '相对危险度 RR',
  RD: '率差 RD',
  MD: '均数差 MD',
  SMD: '标准化均数差 SMD（Hedges g）',
};
const isRatio = (m: MetaMeasure) => m === 'OR' || m === 'RR';
const MAX_STUDIES = 300;
const MAX_SUBGROUPS = 20;

/** Fields both tools share, after their data columns. */
export function metaModelFields(): FieldSpec[] {
  return [
    { filed: 'subgroup', name: '亚组变量（可选）', type: 'select_single', columns: 'categorical', value: '', tips: '按该列（如 设计类型、地区）做亚组分析，并检验亚组间差异；留空则不做。' },
    { filed: 'subgroupOrder', name: '亚组的顺序（可选）', type: 'input', value: '', tips: '用逗号分隔亚组名指定报告中的顺序；留空时按数据中首次出现的顺序。' },
    {
      filed: 'tau2Method',
      name: '随机效应 τ² 估计方法',
      type: 'select_single',
      value: 'REML',
      option: [option('限制性最大似然 REML（metafor 默认）', 'REML'), option('DerSimonian–Laird（DL，RevMan 默认）', 'DL')],
    },
    {
      filed: 'model',
      name: '主要报告的模型',
      type: 'select_single',
      value: 'random',
      option: [option('随机效应模型', 'random'), option('固定效应模型', 'fixed')],
      tips: '两种模型的结果都会列出；此项决定结论、亚组分析与逐一剔除分析采用哪一种。',
    },
    { filed: 'level', name: '置信水平', type: 'input_number', value: 0.95, props: { min: 0.8, max: 0.999, step: 0.01 } },
  ];
}

/** The study-name column and the optional subgroup column, checked. */
export function studyColumns(data: DataTable, params: Params, used: readonly string[]): { study: string; subgroup: string } {
  const study = String(params.study ?? '');
  const subgroup = String(params.subgroup ?? '');
  if (!study) throw new ToolInputError('请选择研究名称列');
  for (const name of [study, ...used, ...(subgroup ? [subgroup] : [])]) {
    if (!data.variables.some((v) => v.name === name)) throw new ToolInputError(`数据中没有变量“${name}”`);
  }
  const all = [study, ...used, ...(subgroup ? [subgroup] : [])];
  const dup = all.find((n, i) => all.indexOf(n) !== i);
  if (dup) throw new ToolInputError(`变量“${dup}”被选了两次：研究名称、各组数据列与亚组变量必须是不同的列`);
  return { study, subgroup };
}

/**
 * The analysed rows: those with a study name, every numeric column and (when chosen) the subgroup
 * present. Returns row indices, names and subgroup labels.
 */
export function presentRows(data: DataTable, study: string, subgroup: string, numeric: ReadonlyArray<Array<number | null>>): { rows: number[]; names: string[]; groups: string[] | null; excluded: number } {
  const names = data.text(study);
  const sg = subgroup ? data.text(subgroup) : null;
  const ok = (v: string | null | undefined) => v !== null && v !== undefined && v.trim() !== '';
  const rows: number[] = [];
  for (let i = 0; i < data.rows; i++) {
    if (!ok(names[i])) continue;
    if (sg && !ok(sg[i])) continue;
    if (numeric.some((c) => c[i] === null || c[i] === undefined)) continue;
    rows.push(i);
  }
  if (rows.length > MAX_STUDIES) throw new ToolInputError(`共有 ${rows.length} 项研究，超过 ${MAX_STUDIES} 项；请确认每行是一项研究（汇总数据），而不是一个研究对象`);
  if (rows.length < 2) throw new ToolInputError(`去除缺失值后只有 ${rows.length} 项研究，Meta 分析至少需要 2 项研究（每行一项研究，列“${study}”为研究名称）`);
  return { rows, names: rows.map((i) => names[i]!.trim()), groups: sg ? rows.map((i) => sg[i]!.trim()) : null, excluded: data.rows - rows.length };
}

export interface MetaReportSpec {
  title: string;
  measure: MetaMeasure;
  names: string[];
  subgroup: string;
  groups: string[] | null;
  subgroupOrder: unknown;
  /** Per-study effects (log scale for ratios) and variances, as the random-effects model uses them. */
  es: EffectSizes;
  fit: (idx: readonly number[]) => MetaFit;
  fixedLabel: string;
  randomLabel: string;
  model: 'fixed' | 'random';
  level: number;
  /** The per-study data columns and rows shown before the effect columns of table 1. */
  dataColumns: string[];
  dataRows: Array<Array<string | number | null>>;
  notes: string[];
  /** The comparison in words, e.g. “接种组 vs 对照组”, and what the outcome is. */
  comparison: string;
  outcome: string;
  /** Results the tool adds (e.g. counts of zero-cell studies). */
  extraResults?: ToolOutput['results'];
  /** Sentences on method choices put after the heterogeneity paragraph. */
  caveats?: string[];
}

const fmt = (x: number, digits: number) => (Number.isFinite(x) ? x.toFixed(digits) : x > 0 ? '∞' : '-∞');

export function buildMetaReport(s: MetaReportSpec): ToolOutput {
  const ratio = isRatio(s.measure);
  const digits = s.measure === 'RD' ? 3 : 2;
  const back = (x: number) => (ratio ? Math.exp(x) : x);
  const show = (x: number) => fmt(back(x), digits);
  const ciShow = (ci: readonly [number, number]) => `${show(ci[0])} ~ ${show(ci[1])}`;
  const pct = Math.round(s.level * 1000) / 10;
  const k = s.names.length;
  const all = s.names.map((_, i) => i);
  const overall = s.fit(all);
  const random = overall.random!;
  const main: Pooled = s.model === 'random' ? random : overall.fixed;
  const mainLabel = s.model === 'random' ? `随机效应模型（${s.randomLabel}）` : `固定效应模型（${s.fixedLabel}）`;
  const sections: ToolOutput['sections'] = [];

  // Table 1: studies with effect, CI and both weights.
  const studyRows = s.names.map((_, i) => {
    const y = s.es.yi[i]!;
    return [...s.dataRows[i]!, show(y), ciShow(random.studies[i]!.ci), num(overall.fixed.studies[i]!.weight, 1), num(random.studies[i]!.weight, 1)];
  });
  sections.push({
    title: '纳入研究',
    blocks: [table(`表1 各研究的数据与效应量（${MEASURE_NAMES[s.measure]}）`, [...s.dataColumns, MEASURE_NAMES[s.measure].split(' ')[0]!, `${pct}%CI`, '权重%（固定）', '权重%（随机）'], studyRows, s.notes)],
  });

  // Table 2: pooled estimates; table 3: heterogeneity.
  const pooledRow = (label: string, p: Pooled) => [label, show(p.estimate), ciShow(p.ci), num(p.statistic, 3), formatP(p.pValue)];
  const pooledNotes = [
    `固定效应模型：${s.fixedLabel}；随机效应模型：${s.randomLabel} 估计 τ²，逆方差加权。z 检验为正态近似（同 metafor 默认）。`,
    `预测区间：${show(random.predictionInterval[0])} ~ ${show(random.predictionInterval[1])}，表示一项新研究的真实效应有 ${pct}% 的可能落在此范围内（μ̂ ± z·√(SE² + τ²)，同 metafor predict）。`,
  ];
  if (ratio) pooledNotes.push('效应量在对数尺度上合并，表中为反对数后的值。');
  const hetRows = [
    ['Cochran Q', num(overall.fixed.q, 3), overall.fixed.qDf, formatP(overall.fixed.qPValue)],
    ['I²（%）', num(random.i2, 1), '', ''],
    ['H²', num(random.h2, 3), '', ''],
    ['τ²', num(random.tau2, 4), `${pct}%CI ${num(random.tau2Ci![0], 4)} ~ ${num(random.tau2Ci![1], 4)}`, ''],
    ['τ', num(Math.sqrt(random.tau2), 4), `${pct}%CI ${num(Math.sqrt(random.tau2Ci![0]), 4)} ~ ${num(Math.sqrt(random.tau2Ci![1]), 4)}`, ''],
  ];
  const hetNotes = [
    `Q 检验 H0：各研究的真实效应相同。I² 与 H² 按 metafor 的定义由 τ²（${s.randomLabel}）与典型研究内方差算出；τ² 的置信区间为 Q-profile 法（同 metafor confint）。`,
  ];
  if (s.fixedLabel !== '逆方差法' && Math.abs(overall.fixed.q - random.q) > 1e-9 * Math.max(1, random.q))
    hetNotes.push(`表中 Q 按 ${s.fixedLabel}合并值计算（同 metafor ${s.fixedLabel === 'Peto 法' ? 'rma.peto' : 'rma.mh'}）；以逆方差合并值计算的 Q = ${num(random.q, 3)}。`);
  sections.push({
    title: '合并效应与异质性',
    blocks: [
      table('表2 合并效应量', ['模型', MEASURE_NAMES[s.measure].split(' ')[0]!, `${pct}%CI`, 'z', 'P'], [pooledRow(`固定效应模型（${s.fixedLabel}）`, overall.fixed), pooledRow(`随机效应模型（${s.randomLabel}）`, random)], pooledNotes),
      table('表3 异质性检验', ['指标', '值', 'df / 区间', 'P'], hetRows, hetNotes),
    ],
  });

  // Subgroups.
  let sub: { q: number; df: number; p: number } | null = null;
  const subRows: Array<Array<string | number | null>> = [];
  const subFits: Array<{ name: string; idx: number[]; fit: MetaFit; main: Pooled }> = [];
  if (s.groups) {
    const levels = levelOrder(s.groups, s.subgroup, splitList(s.subgroupOrder));
    if (levels.length > MAX_SUBGROUPS) throw new ToolInputError(`亚组变量“${s.subgroup}”有 ${levels.length} 个类别，超过 ${MAX_SUBGROUPS} 个，请确认它是分类变量`);
    if (levels.length < 2) throw new ToolInputError(`亚组变量“${s.subgroup}”在分析的研究中只有一个取值“${levels[0]}”，至少需要 2 个亚组；不做亚组分析时请留空`);
    for (const name of levels) {
      const idx = all.filter((i) => s.groups![i] === name);
      let fit: MetaFit;
      try {
        fit = s.fit(idx);
      } catch (e) {
        throw new ToolInputError(`亚组“${name}”（${s.subgroup}）无法合并：${(e as Error).message}；可改用逆方差法，或把该亚组与相邻亚组合并`);
      }
      const m = s.model === 'random' && fit.random ? fit.random : fit.fixed;
      subFits.push({ name, idx, fit, main: m });
      subRows.push([name, idx.length, show(m.estimate), ciShow(m.ci), formatP(m.pValue), idx.length > 1 ? num(fit.random?.i2 ?? NaN, 1) : '—', idx.length > 1 && fit.random ? num(fit.random.tau2, 4) : '—']);
    }
    const d = subgroupDifference(subFits.map((f) => f.main));
    sub = { q: d.statistic, df: d.df, p: d.pValue };
    const single = subFits.filter((f) => f.idx.length === 1).map((f) => `“${f.name}”`);
    const notes = [
      `亚组内按${mainLabel}合并，各亚组单独估计 τ²。亚组间差异检验：Q = ${num(d.statistic, 3)}，df = ${d.df}，P ${formatP(d.pValue).startsWith('<') ? '' : '= '}${formatP(d.pValue)}（各亚组合并值的 Cochran Q，Cochrane 手册的方法）。`,
    ];
    if (single.length > 0) notes.push(`亚组 ${single.join('、')} 只有 1 项研究，其合并值即该研究的效应（固定效应），无法估计异质性。`);
    sections.push({ title: '亚组分析', blocks: [table(`表4 按${s.subgroup}的亚组分析`, [s.subgroup, '研究数', MEASURE_NAMES[s.measure].split(' ')[0]!, `${pct}%CI`, 'P', 'I²（%）', 'τ²'], subRows, notes)] });
  }

  // Forest plot.
  sections.push({ title: '森林图', blocks: [metaForestChart(s, overall, subFits, sub, main, mainLabel)] });

  // Funnel plot and Egger's test.
  const biasBlocks: ReportBlock[] = [funnelChart(s, main.estimate)];
  let egger: ReturnType<typeof eggerTest> | null = null;
  if (k >= 3) {
    egger = eggerTest(s.es);
    biasBlocks.push(
      table(
        '表5 Egger 回归检验（漏斗图不对称）',
        ['标准误的系数', '截距（SE→0 时的效应）', 't', 'df', 'P'],
        [[num(egger.slope, 4), num(egger.intercept, 4), num(egger.statistic, 3), egger.df, formatP(egger.pValue)]],
        ['以各研究效应量对其标准误做加权回归（权重 1/SE²），检验标准误的系数是否为 0（同 metafor regtest(model = "lm")）。研究数少于 10 时检验效能低，结果仅供参考。'],
      ),
    );
  }
  sections.push({ title: '发表偏倚', blocks: biasBlocks });

  // Leave-one-out.
  const looRows: Array<Array<string | number | null>> = [];
  const loo: Pooled[] = [];
  if (k >= 3) {
    for (let i = 0; i < k; i++) {
      let f: MetaFit;
      try {
        f = s.fit(all.filter((j) => j !== i));
      } catch (e) {
        throw new ToolInputError(`剔除研究“${s.names[i]}”后无法合并：${(e as Error).message}；可改用逆方差法`);
      }
      const m = s.model === 'random' ? f.random! : f.fixed;
      loo.push(m);
      looRows.push([s.names[i]!, show(m.estimate), ciShow(m.ci), formatP(m.pValue), num(f.random!.i2, 1), num(f.random!.tau2, 4)]);
    }
    sections.push({
      title: '敏感性分析',
      blocks: [table('表6 逐一剔除分析', ['剔除的研究', MEASURE_NAMES[s.measure].split(' ')[0]!, `${pct}%CI`, 'P', 'I²（%）', 'τ²'], looRows, [`每次剔除一项研究后按${mainLabel}重新合并（同 metafor leave1out）；I² 与 τ² 为随机效应模型（${s.randomLabel}）的估计。`])],
    });
  }

  // Conclusion.
  const nullValue = ratio ? 1 : 0;
  const sig = main.pValue < 0.05;
  const mName = MEASURE_NAMES[s.measure].split(' ')[1]!;
  const direction = back(main.estimate) < nullValue ? '低于' : '高于';
  const sentences: string[] = [
    `共纳入 ${k} 项研究（${s.comparison}，结局：${s.outcome}）。${mainLabel}合并 ${mName} = ${show(main.estimate)}（${pct}%CI ${ciShow(main.ci)}），z = ${num(main.statistic, 3)}，${pSentence(main.pValue)}，` +
      (sig ? `差异有统计学意义，${s.comparison.split(' vs ')[0]}的${s.outcome}${direction}${s.comparison.split(' vs ')[1] ?? '对照'}。` : '差异无统计学意义。'),
    `异质性检验 Q = ${num(overall.fixed.q, 3)}，df = ${overall.fixed.qDf}，${pSentence(overall.fixed.qPValue)}，I² = ${num(random.i2, 1)}%，τ² = ${num(random.tau2, 4)}（${pct}%CI ${num(random.tau2Ci![0], 4)} ~ ${num(random.tau2Ci![1], 4)}）` +
      (random.i2 >= 75 ? '，研究间异质性高。' : random.i2 >= 50 ? '，研究间存在中等程度的异质性。' : random.i2 >= 25 ? '，研究间异质性较低。' : '，研究间异质性很小。') +
      `${pct}% 预测区间为 ${show(random.predictionInterval[0])} ~ ${show(random.predictionInterval[1])}。`,
  ];
  if (sub) sentences.push(`按${s.subgroup}分亚组，亚组间差异检验 Q = ${num(sub.q, 3)}，df = ${sub.df}，${pSentence(sub.p)}，` + (sub.p < 0.05 ? `不同${s.subgroup}的合并效应不同，${s.subgroup}可能是异质性的来源之一。` : `未发现不同${s.subgroup}的合并效应有差异。`));
  if (egger) sentences.push(`Egger 检验 t = ${num(egger.statistic, 3)}，df = ${egger.df}，${pSentence(egger.pValue)}，` + (egger.pValue < 0.1 ? '提示漏斗图不对称，可能存在发表偏倚或小样本效应。' : '未发现漏斗图明显不对称。'));
  if (loo.length > 0) {
    const flips = loo.filter((m) => (m.pValue < 0.05) !== sig).length;
    sentences.push(flips === 0 ? '逐一剔除各研究后，合并结果的统计学结论不变，结果稳健。' : `逐一剔除分析中有 ${flips} 次剔除使统计学结论改变，结果对个别研究较敏感，解释时需谨慎。`);
  }
  const caveats = [...(s.caveats ?? [])];
  if (s.model === 'fixed' && random.i2 >= 50) caveats.push('研究间异质性较大（I² ≥ 50%），固定效应模型的假设（各研究真实效应相同）可能不成立，建议以随机效应模型为主并探讨异质性来源。');
  if (k < 5 && s.model === 'random') caveats.push(`纳入研究仅 ${k} 项，τ² 的估计很不精确，随机效应模型的置信区间可能偏窄。`);
  if (k >= 3 && k < 10) caveats.push(`研究数少于 10 项，漏斗图与 Egger 检验识别发表偏倚的能力有限。`);
  sections.push({ title: '结论', blocks: [text(...sentences, ...caveats)] });

  const fr = (p: Pooled) => ({ estimate: back(p.estimate), ciLower: finiteOrNull(back(p.ci[0])), ciUpper: finiteOrNull(back(p.ci[1])), p: p.pValue });
  const f = fr(overall.fixed);
  const r = fr(random);
  const m = fr(main);
  return {
    title: s.title,
    sections,
    results: {
      measure: s.measure,
      model: s.model,
      k,
      estimate: finiteOrNull(m.estimate),
      ciLower: m.ciLower,
      ciUpper: m.ciUpper,
      statistic: main.statistic,
      p: main.pValue,
      logEstimate: ratio ? main.estimate : null,
      se: main.se,
      fixedEstimate: finiteOrNull(f.estimate),
      fixedCiLower: f.ciLower,
      fixedCiUpper: f.ciUpper,
      fixedStatistic: overall.fixed.statistic,
      fixedP: f.p,
      randomEstimate: finiteOrNull(r.estimate),
      randomCiLower: r.ciLower,
      randomCiUpper: r.ciUpper,
      randomStatistic: random.statistic,
      randomP: r.p,
      q: overall.fixed.q,
      qDf: overall.fixed.qDf,
      qP: overall.fixed.qPValue,
      i2: random.i2,
      h2: random.h2,
      tau2: random.tau2,
      tau2CiLower: random.tau2Ci![0],
      tau2CiUpper: random.tau2Ci![1],
      piLower: finiteOrNull(back(random.predictionInterval[0])),
      piUpper: finiteOrNull(back(random.predictionInterval[1])),
      eggerT: egger?.statistic ?? null,
      eggerDf: egger?.df ?? null,
      eggerP: egger?.pValue ?? null,
      subgroupQ: sub?.q ?? null,
      subgroupDf: sub?.df ?? null,
      subgroupP: sub?.p ?? null,
      ...Object.fromEntries(subFits.flatMap((g, i) => [[`subgroup${i + 1}Estimate`, finiteOrNull(back(g.main.estimate))]])),
      ...Object.fromEntries(loo.map((x, i) => [`leaveOut${i + 1}Estimate`, finiteOrNull(back(x.estimate))])),
      ...(s.extraResults ?? {}),
    },
  };
}

const FONT = { fontFamily: 'Times New Roman, SimSun, serif' };
const AXIS_LINE = { lineStyle: { color: '#000' } };
const r6 = (x: number) => Number(x.toPrecision(6));

/**
 * The journal forest plot: per study a square sized by its weight with the CI whisker, subgroup
 * headings and diamonds, the pooled diamonds (fixed and random) and the prediction interval; a log
 * axis for ratios with the no-effect line at 1, else a linear axis at 0. Diamonds are drawn as an
 * outline filled by horizontal strokes, so the option stays plain JSON (no renderItem).
 */
function metaForestChart(s: MetaReportSpec, overall: MetaFit, subFits: ReadonlyArray<{ name: string; idx: number[]; fit: MetaFit; main: Pooled }>, sub: { q: number; df: number; p: number } | null, main: Pooled, mainLabel: string): ReportBlock {
  const ratio = isRatio(s.measure);
  const digits = s.measure === 'RD' ? 3 : 2;
  const back = (x: number) => (ratio ? Math.exp(x) : x);
  const show = (x: number) => fmt(back(x), digits);
  const random = overall.random!;
  const weights = s.model === 'random' ? random.studies.map((x) => x.weight) : overall.fixed.studies.map((x) => x.weight);
  const maxW = maxOf(weights);
  type Row = { label: string; text: string; kind: 'study' | 'diamond' | 'interval' | 'heading'; est?: number; lo?: number; hi?: number; w?: number };
  const rows: Row[] = [];
  const studyRow = (i: number): Row => {
    const c = random.studies[i]!.ci;
    return { label: s.names[i]!, kind: 'study', est: s.es.yi[i]!, lo: c[0], hi: c[1], w: weights[i]!, text: `${show(s.es.yi[i]!)} [${show(c[0])}, ${show(c[1])}]  ${weights[i]!.toFixed(1)}%` };
  };
  const diamond = (label: string, p: Pooled): Row => ({ label, kind: 'diamond', est: p.estimate, lo: p.ci[0], hi: p.ci[1], text: `${show(p.estimate)} [${show(p.ci[0])}, ${show(p.ci[1])}]` });
  if (subFits.length > 0) {
    for (const g of subFits) {
      rows.push({ label: `${s.subgroup}：${g.name}`, kind: 'heading', text: '' });
      for (const i of g.idx) rows.push(studyRow(i));
      rows.push(diamond(`  亚组合并（k = ${g.idx.length}）`, g.main));
    }
  } else for (let i = 0; i < s.names.length; i++) rows.push(studyRow(i));
  rows.push(diamond(`固定效应（${s.fixedLabel}）`, overall.fixed));
  rows.push(diamond(`随机效应（${s.randomLabel}）`, random));
  rows.push({ label: '预测区间', kind: 'interval', lo: random.predictionInterval[0], hi: random.predictionInterval[1], text: `[${show(random.predictionInterval[0])}, ${show(random.predictionInterval[1])}]` });
  rows.push({ label: `异质性：I² = ${random.i2.toFixed(1)}%，τ² = ${random.tau2.toFixed(4)}，P ${formatP(overall.fixed.qPValue).startsWith('<') ? '' : '= '}${formatP(overall.fixed.qPValue)}`, kind: 'heading', text: '' });
  if (sub) rows.push({ label: `亚组间差异：Q = ${sub.q.toFixed(2)}，df = ${sub.df}，P ${formatP(sub.p).startsWith('<') ? '' : '= '}${formatP(sub.p)}`, kind: 'heading', text: '' });

  // Axis range from the finite ends, in the display scale.
  const ends = rows.flatMap((r) => [r.lo, r.hi, r.est]).filter((v): v is number => v !== undefined && Number.isFinite(v)).map(back);
  let axis: Record<string, unknown>;
  let clampLo: number;
  let clampHi: number;
  if (ratio) {
    const lo = Math.min(1, minOf(ends.filter((v) => v > 0)));
    const hi = Math.max(1, maxOf(ends));
    const base = hi / lo <= 64 ? 2 : 10;
    const min = base ** Math.floor(Math.log(lo) / Math.log(base) + 1e-9);
    const max = base ** Math.ceil(Math.log(hi) / Math.log(base) - 1e-9);
    clampLo = min;
    clampHi = max;
    axis = { type: 'log', logBase: base, min, max };
  } else {
    const lo = Math.min(0, minOf(ends));
    const hi = Math.max(0, maxOf(ends));
    const pad = (hi - lo) * 0.05 || 1;
    clampLo = lo - pad;
    clampHi = hi + pad;
    axis = { type: 'value', min: r6(clampLo), max: r6(clampHi) };
  }
  const x = (v: number) => r6(Math.min(clampHi, Math.max(clampLo, back(v))));
  const whiskers: unknown[] = [];
  const squares: unknown[] = [];
  const diamonds: unknown[] = [];
  rows.forEach((r, i) => {
    if (r.kind === 'study') {
      whiskers.push({ coords: [[x(r.lo!), i], [x(r.hi!), i]] });
      squares.push({ value: [x(r.est!), i], symbolSize: r6(4 + 12 * Math.sqrt(r.w! / maxW)) });
    } else if (r.kind === 'interval') {
      whiskers.push({ coords: [[x(r.lo!), i], [x(r.hi!), i]], lineStyle: { type: 'dashed', width: 1.5, color: '#606266' } });
    } else if (r.kind === 'diamond') {
      const h = 0.32;
      diamonds.push({ coords: [[x(r.lo!), i], [x(r.est!), i - h], [x(r.hi!), i], [x(r.est!), i + h], [x(r.lo!), i]] });
      // Fill: horizontal strokes across the diamond, in the estimate's scale so the sides stay straight.
      for (let t = 1; t < 8; t++) {
        const f = t / 8;
        for (const sign of [-1, 1]) {
          const lo = r.est! - (1 - f) * (r.est! - r.lo!);
          const hi = r.est! + (1 - f) * (r.hi! - r.est!);
          diamonds.push({ coords: [[x(lo), i + sign * f * h], [x(hi), i + sign * f * h]] });
        }
      }
      diamonds.push({ coords: [[x(r.lo!), i], [x(r.hi!), i]] });
    }
  });
  const n = rows.length;
  const hiddenAxis = { type: 'category', inverse: true, axisTick: { show: false }, axisLine: { show: false } };
  const mainRef = r6(back(main.estimate));
  return {
    type: 'chart',
    title: `图1 森林图（${MEASURE_NAMES[s.measure]}，${Math.round(s.level * 1000) / 10}%CI；方块大小与${mainLabel}权重成正比）`,
    option: {
      textStyle: FONT,
      tooltip: { trigger: 'item' },
      // The rows name themselves on the axes: an empty legend keeps the figure options from adding
      // one over the first study.
      legend: { data: [] },
      // Rows share the figure's height; the figure options fit the row labels' font and the squares
      // to it at the final size (rowLayout), so a small export keeps every row readable.
      rowLayout: { rows: n },
      grid: { left: 20, right: 20, top: 20, bottom: 50, containLabel: true },
      xAxis: { ...axis, name: ratio ? `${MEASURE_NAMES[s.measure]}（对数刻度）` : MEASURE_NAMES[s.measure], nameLocation: 'middle', nameGap: 28, splitLine: { show: false }, axisLine: { ...AXIS_LINE, onZero: false } },
      yAxis: [
        { ...hiddenAxis, data: rows.map((r) => ({ value: r.label, textStyle: r.kind === 'heading' || r.kind === 'diamond' ? { fontWeight: 'bold' } : {} })) },
        { ...hiddenAxis, position: 'right', data: rows.map((r) => r.text) },
        { type: 'value', min: -0.5, max: n - 0.5, inverse: true, show: false },
      ],
      series: [
        { type: 'lines', coordinateSystem: 'cartesian2d', yAxisIndex: 2, silent: true, lineStyle: { color: '#303133', width: 1.5 }, data: whiskers },
        {
          type: 'scatter',
          name: '研究',
          yAxisIndex: 2,
          symbol: 'rect',
          itemStyle: { color: '#303133' },
          data: squares,
          markLine: {
            silent: true,
            symbol: 'none',
            label: { show: false },
            data: [
              { xAxis: ratio ? 1 : 0, lineStyle: { color: '#000', type: 'solid', width: 1 } },
              { xAxis: mainRef, lineStyle: { color: '#909399', type: 'dashed', width: 1 } },
            ],
          },
        },
        { type: 'lines', coordinateSystem: 'cartesian2d', yAxisIndex: 2, polyline: true, silent: true, lineStyle: { color: '#000', width: 1.5 }, data: diamonds },
      ],
    },
  };
}

/** Funnel plot: effects against their SE (inverted axis) with the pseudo-CI funnel about the pooled estimate. */
function funnelChart(s: MetaReportSpec, centre: number): ReportBlock {
  const ratio = isRatio(s.measure);
  const back = (x: number) => (ratio ? Math.exp(x) : x);
  const se = s.es.vi.map(Math.sqrt);
  const maxSe = niceCeil(maxOf(se) * 1.05, maxOf(se));
  const z = 1.959963984540054;
  const left: Array<[number, number]> = [];
  const right: Array<[number, number]> = [];
  for (let t = 0; t <= 20; t++) {
    const v = (maxSe * t) / 20;
    left.push([r6(back(centre - z * v)), r6(v)]);
    right.push([r6(back(centre + z * v)), r6(v)]);
  }
  const xs = [...s.es.yi.map(back), left[20]![0], right[20]![0]];
  const axis = ratio ? { type: 'log', min: r6(minOf(xs) * 0.9), max: r6(maxOf(xs) * 1.1) } : { type: 'value', scale: true };
  return {
    type: 'chart',
    title: '图2 漏斗图（虚线为合并效应 ± 1.96·SE 的伪置信区间）',
    option: {
      textStyle: FONT,
      tooltip: { trigger: 'item' },
      grid: { left: 60, right: 30, top: 30, bottom: 50 },
      xAxis: { ...axis, name: ratio ? `${MEASURE_NAMES[s.measure]}（对数刻度）` : MEASURE_NAMES[s.measure], nameLocation: 'middle', nameGap: 28, splitLine: { show: false }, axisLine: { ...AXIS_LINE, onZero: false } },
      yAxis: { type: 'value', name: '标准误', nameLocation: 'middle', nameGap: 45, inverse: true, min: 0, max: r6(maxSe), splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true, onZero: false } },
      series: [
        { type: 'scatter', name: '研究', symbolSize: 7, itemStyle: { color: '#303133' }, data: s.es.yi.map((y, i) => ({ name: s.names[i], value: [r6(back(y)), r6(se[i]!)] })) },
        { type: 'line', name: '伪置信区间', symbol: 'none', silent: true, lineStyle: { color: '#909399', type: 'dashed' }, data: left },
        { type: 'line', name: '伪置信区间', symbol: 'none', silent: true, lineStyle: { color: '#909399', type: 'dashed' }, data: right },
        { type: 'line', name: '合并效应', symbol: 'none', silent: true, lineStyle: { color: '#909399' }, data: [[r6(back(centre)), 0], [r6(back(centre)), r6(maxSe)]] },
      ],
    },
  };
}

/** The model choices read back with defaults. */
export function modelOf(params: Params): { tau2Method: 'DL' | 'REML'; model: 'fixed' | 'random'; level: number } {
  const level = typeof params.level === 'number' ? params.level : 0.95;
  if (!(level > 0.5 && level < 1)) throw new ToolInputError('置信水平应在 0.5 与 1 之间，如 0.95');
  return { tau2Method: params.tau2Method === 'DL' ? 'DL' : 'REML', model: params.model === 'fixed' ? 'fixed' : 'random', level };
}

/** A fixed-effect (inverse-variance) fit of one study: the study itself. */
export function singleStudy(yi: number, vi: number, level: number): Pooled {
  const se = Math.sqrt(vi);
  const z = normalQuantile(1 - (1 - level) / 2);
  return { estimate: yi, se, ci: [yi - z * se, yi + z * se], statistic: yi / se, pValue: 2 * normalSf(Math.abs(yi / se)), q: 0, qDf: 0, qPValue: 1, i2: 0, h2: 1, studies: [{ weight: 100 }] };
}

/** An arm's name: the user's, else the common prefix of its column names (“接种组” from “接种组总人数”, “接种组结核病例数”), else the fallback. */
export function armName(given: unknown, columns: readonly string[], fallback: string): string {
  const g = String(given ?? '').trim();
  if (g) return g;
  let prefix = columns[0] ?? '';
  for (const c of columns.slice(1)) while (prefix && !c.startsWith(prefix)) prefix = prefix.slice(0, -1);
  prefix = prefix.replace(/[\s_\-.:：（(]+$/, '');
  return [...prefix].length >= 2 ? prefix : fallback;
}
