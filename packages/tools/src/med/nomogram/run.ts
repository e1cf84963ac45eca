// 列线图 Nomogram: the multivariable logistic or Cox model, its nomogram as rms::nomogram draws it
// (points per predictor value, total points, predicted risk or survival at chosen times), a table
// of the points so Word shows them, and the risk calculator the report page makes interactive.
import { nomogram, type NomogramResult, maxOf } from '@labstat/stats';
import type { RiskCalculatorModel } from '@labstat/contracts';
import { pSentence } from '../../common.js';
import { quoted } from '../../model-input.js';
import { num, table, text } from '../../report-helpers.js';
import { parseTimes, timeTicks } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { nomogramChart } from '../prediction/charts-c.js';
import { coefficientResults, coxBaseline, fitPredictionModel, modelBlocks, sampleTable, type PredictionModel } from '../prediction/model-c.js';

const RISK_AT = [0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99];
const SURVIVAL_AT = [0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95];
const fmtTime = (t: number) => String(Number(t.toPrecision(6)));

/** Survival times: the user's, or three round times inside the follow-up (a quarter, half and three quarters of the last event time). */
function chosenTimes(m: PredictionModel, raw: unknown): { times: number[]; dropped: number[] } {
  const given = parseTimes(raw, '生存率的时间点');
  const lastEvent = maxOf(m.time.filter((_, i) => m.status[i] === 1));
  if (given.length === 0) {
    const ticks = timeTicks(lastEvent, 4).filter((t) => t > 0 && t < lastEvent);
    return { times: ticks.slice(0, 3), dropped: [] };
  }
  const maxTime = maxOf(m.time);
  return { times: given.filter((t) => t <= maxTime), dropped: given.filter((t) => t > maxTime) };
}

export function run(data: DataTable, params: Params): ToolOutput {
  const m = fitPredictionModel(data, params, true);
  const cox = m.kind === 'cox';
  const sections: ToolOutput['sections'] = [];
  const caveats: string[] = [];
  const results: ToolOutput['results'] = { model: m.kind, n: m.n, events: m.events, excluded: m.excluded, parameters: m.parameters, epv: m.epv, eventValue: m.eventWord };
  Object.assign(results, coefficientResults(m));

  // The nomogram: logistic uses the intercept; Cox the centre and S(t | centre) at each time.
  let nom: NomogramResult;
  let outcomeLabels: string[];
  let baseline: Array<{ time: number; survival: number }> = [];
  let centre = 0;
  if (!cox) {
    nom = nomogram({ kind: 'logistic', terms: m.terms, intercept: m.intercept, linearPredictors: m.xb.map((v) => v + m.intercept), riskAt: RISK_AT });
    outcomeLabels = [`${m.outcomeName}=${m.eventWord} 的概率`];
  } else {
    const base = coxBaseline(m);
    centre = base.centre;
    const { times, dropped } = chosenTimes(m, params.times);
    if (times.length === 0) throw new ToolInputError(`所填的时间点均超过最长随访时间（${fmtTime(base.maxTime)}），无法估计生存率；请填写随访期内的时间点`);
    if (dropped.length > 0) caveats.push(`时间点 ${dropped.map(fmtTime).join('、')} 超过最长随访时间（${fmtTime(base.maxTime)}），其生存率无法估计，未绘出。`);
    baseline = times.map((t) => ({ time: t, survival: base.at(t) }));
    const usable = baseline.filter((b) => b.survival > 0 && b.survival < 1);
    if (usable.length < baseline.length) caveats.push(`时间点 ${baseline.filter((b) => !(b.survival > 0 && b.survival < 1)).map((b) => fmtTime(b.time)).join('、')} 之前${baseline.some((b) => b.survival >= 1) ? '尚无事件发生' : '全部发生事件'}，无法绘制该时间点的生存率轴。`);
    baseline = usable;
    if (baseline.length === 0) throw new ToolInputError('所选时间点的基线生存率均为 1 或 0（该时间点之前没有事件，或全部发生事件），请换用随访期内有事件发生的时间点');
    nom = nomogram({ kind: 'cox', terms: m.terms, centre, linearPredictors: m.xb.map((v) => v - centre), survival: baseline, survivalAt: SURVIVAL_AT });
    const unit = /[(（]([^)）]{1,6})[)）]\s*$/.exec(m.timeName)?.[1];
    outcomeLabels = baseline.map((b) => (unit ? `${fmtTime(b.time)} ${unit}生存率` : `${m.timeName} = ${fmtTime(b.time)} 时的生存率`));
  }

  sections.push({ title: '样本概况', blocks: [sampleTable(m, '表1 分析样本')] });
  sections.push({ title: '多因素模型', blocks: modelBlocks(m, `表2 多因素${cox ? ' Cox' : ' Logistic'} 回归`, `图1 多因素模型的${cox ? 'HR' : 'OR'}（森林图）`) });

  // Points of each predictor value, and total points against the predicted risk/survival.
  const pointRows = nom.predictors.flatMap((p) => p.labels.map((l, k) => [k === 0 ? p.name : '', l, num(p.points[k]!, 1)]));
  const outcomeRows: Array<Array<string | number | null>> = [];
  for (const [k, a] of nom.outcome.entries()) a.values.forEach((v, j) => outcomeRows.push([outcomeLabels[k]!, v, num(a.points[j]!, 1)]));
  const widest = nom.predictors.reduce((best, p) => (maxOf(p.points) > maxOf(best.points) ? p : best));
  sections.push({
    title: '列线图',
    blocks: [
      nomogramChart(nom, { title: `图2 预测${cox ? '生存率' : `“${m.outcomeName}=${m.eventWord}”概率`}的列线图`, outcomeLabels, lpLabel: '线性预测值' }),
      table('表3 各预测变量取值对应的得分', ['变量', '取值', '得分'], pointRows, [
        `得分按回归系数折算：效应范围最大的变量（“${widest.name}”）记 0–100 分，其余变量按同一比例（每单位线性预测值 ${num(nom.scale, 3)} 分）折算，各变量的最低值记 0 分（同 R rms::nomogram）。定量变量的刻度覆盖其在数据中的取值范围；取值在刻度之间时按线性插值计分。`,
      ]),
      table(`表4 总分与预测${cox ? '生存率' : '概率'}的对应`, ['预测指标', cox ? '生存率' : '概率', '总分'], outcomeRows, [
        cox
          ? `总分 P 对应的线性预测值为 ${num(nom.lpAtZero, 4)} + P / ${num(nom.scale, 4)}（相对于平均风险中心化），生存率 S(t) = S₀(t)^exp(线性预测值)，S₀(t) 为平均线性预测值者的基线生存率（Breslow 估计，Efron 结点校正，同 rms::cph(surv = TRUE)）。`
          : `总分 P 对应的线性预测值 logit(p) = ${num(nom.lpAtZero, 4)} + P / ${num(nom.scale, 4)}，预测概率 p = 1 / (1 + e^(−logit))。`,
        '只列出落在模型数据线性预测值范围内的刻度。',
      ]),
    ],
  });

  // The risk calculator: the report page evaluates the same model for values the reader sets.
  const model: RiskCalculatorModel = {
    kind: m.kind,
    intercept: cox ? 0 : m.intercept,
    inputs: m.terms.map((t) => {
      if (t.type === 'numeric') {
        const sorted = [...t.values].sort((a, b) => a - b);
        const median = sorted[Math.floor((sorted.length - 1) / 2)]! / 2 + sorted[Math.ceil((sorted.length - 1) / 2)]! / 2;
        return { type: 'numeric' as const, name: t.name, coef: t.coef, min: sorted[0]!, max: sorted[sorted.length - 1]!, value: Number(median.toPrecision(10)) };
      }
      return { type: 'categorical' as const, name: t.name, levels: t.levels.map((l) => ({ label: l.label, coef: l.coef })), value: t.levels[0]!.label };
    }),
    ...(cox ? { centre, baseline } : {}),
    outcomeLabel: cox ? `${m.outcomeLabel.replace(/[“”]/g, '')} 的生存概率` : `${m.outcomeName}=${m.eventWord} 的预测概率`,
  };
  sections.push({
    title: '风险计算器（动态列线图）',
    blocks: [
      { type: 'calculator', title: '风险计算器：设置各预测变量的取值，查看预测的' + (cox ? '生存率' : '发生概率'), model },
      text('计算器使用与列线图相同的模型：定量变量默认取中位数，分类变量默认取参照类别。超出数据范围的取值属于外推，预测不可靠。'),
    ],
  });

  // Conclusion.
  const sig = m.rows.filter((r) => !r.reference && m.ratio(r.column!).p < 1 - m.level);
  const ratioName = cox ? 'HR' : 'OR';
  const pct = Number((m.level * 100).toFixed(1));
  const describe = (r: (typeof sig)[number]) => {
    const c = m.ratio(r.column!);
    return `${r.level === null ? `“${r.variable}”` : `“${r.variable}”为“${r.level}”`}（${ratioName} = ${num(c.ratio, 3)}，${pct}%CI ${num(c.ci[0], 3)} ~ ${num(c.ci[1], 3)}，${pSentence(c.p)}）`;
  };
  const parts = [
    `共纳入 ${m.n} 例，${cox ? `发生事件（${m.eventWord}）` : `“${m.outcomeName}”为“${m.eventWord}”者`} ${m.events} 例。`,
    `以 ${quoted(m.input.names)}建立多因素${cox ? ' Cox' : ' Logistic'} 回归模型${sig.length > 0 ? `，其中 ${sig.map(describe).join('、')}有统计学意义` : '，各变量的效应均无统计学意义'}。`,
    `据此绘制列线图（图2）：“${widest.name}”对预测的贡献范围最大（0–100 分），各变量得分相加得到总分（刻度 0–${nom.totalPoints[nom.totalPoints.length - 1]}），总分越高，${cox ? '生存率越低' : `“${m.eventWord}”的预测概率越高`}。`,
  ];
  caveats.push('列线图只是模型的图形表示，不能说明模型的区分度与校准度；请用“校准曲线 / 内部验证”工具评价（C 指数、校准曲线、Bootstrap 内部验证），并尽可能在外部数据中验证。');
  if (m.epv < 10) caveats.push(`每个参数的事件数（EPV = ${num(m.epv, 1)}）少于 10，模型可能过拟合，列线图的预测在新样本中会偏极端。`);
  if (cox && m.cox) {
    const bad = m.cox.proportionalHazards.terms.filter((t) => t.pValue < 0.05).map((t) => t.term);
    if (bad.length > 0) caveats.push(`${quoted(bad)}可能不满足比例风险假定（cox.zph P < 0.05），列线图对不同时间点的预测可能有偏。`);
    results.concordance = m.cox.concordance;
  }
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  Object.assign(results, {
    pointsPerUnit: nom.scale,
    lpAtZeroPoints: nom.lpAtZero,
    totalPointsMax: nom.totalPoints[nom.totalPoints.length - 1]!,
    widestPredictor: widest.name,
    ...(cox ? { centre, times: baseline.map((b) => fmtTime(b.time)).join('、') } : {}),
  });
  for (const b of baseline) results[`baselineSurvival.${fmtTime(b.time)}`] = b.survival;
  for (const p of nom.predictors) results[`maxPoints.${p.name}`] = maxOf(p.points);
  return { title: `列线图：${m.outcomeName}`, sections, results };
}
