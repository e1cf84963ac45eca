// 决策曲线 DCA: net benefit of one or more models (probability columns, markers turned into
// probabilities, or a model fitted here) across threshold probabilities, with treat-all and
// treat-none, for a binary outcome or a survival outcome at a time t (Kaplan–Meier). The report
// holds the curves as dcurves draws them (y from −10% of the prevalence to the prevalence), the net
// benefit at round thresholds, and the threshold ranges where each model beats both defaults.
import type { ReportBlock } from '@labstat/contracts';
import { coxRiskAt, decisionCurve, logisticRegression, markerToRisk, StatsError, survivalDecisionCurve, thresholdGrid, type DecisionCurve, type DecisionCurveResult, maxOf } from '@labstat/stats';
import { binaryLevels, levelNote } from '../../binary-outcome.js';
import { PALETTE } from '../../charts.js';
import { requireVariables } from '../../common.js';
import { fieldList, modelInput, quoted } from '../../model-input.js';
import { finiteOrNull, num, table, text } from '../../report-helpers.js';
import { missingNote, numericValues, readSurvival } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const MAX_MODELS = 8;
const ALL = '全部干预（Treat all）';
const NONE = '全部不干预（Treat none）';
const FONT = { fontFamily: 'Times New Roman, SimSun, serif' };
const AXIS_LINE = { lineStyle: { color: '#000' } };

/** Consecutive runs of thresholds where `ok` holds, as [from, to] pairs. */
function runs(thresholds: readonly number[], ok: readonly boolean[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = -1;
  ok.forEach((v, i) => {
    if (v && start < 0) start = i;
    if ((!v || i === ok.length - 1) && start >= 0) {
      out.push([thresholds[start]!, thresholds[v ? i : i - 1]!]);
      start = -1;
    }
  });
  return out;
}

/** Thresholds of the grid on round tenths (or about ten evenly spaced ones when the range holds too few). */
function tableThresholds(thresholds: readonly number[]): number[] {
  const round = thresholds.map((t, i) => ({ t, i })).filter(({ t }) => Math.abs(t * 10 - Math.round(t * 10)) < 1e-9);
  const idx = round.length >= 3 ? round.map((r) => r.i) : [...new Set(Array.from({ length: 10 }, (_, k) => Math.round((k * (thresholds.length - 1)) / 9)))];
  return idx.map((i) => i);
}

const fmtT = (t: number) => String(Number(t.toFixed(4)));

function dcaChart(res: DecisionCurveResult, key: 'netBenefit' | 'standardized', title: string, yName: string): ReportBlock {
  const curves: Array<{ c: DecisionCurve; name: string; color: string; dash?: boolean; width: number }> = [
    ...res.curves.map((c, i) => ({ c, name: c.name, color: PALETTE[i % PALETTE.length]!, width: 2 })),
    { c: res.all, name: ALL, color: '#606266', dash: true, width: 1.5 },
    { c: res.none, name: NONE, color: '#000000', width: 1.5 },
  ];
  // dcurves' plot.dca: coord_cartesian(ylim = c(−0.1, 1) × prevalence); standardised NB: −0.1 ~ 1.
  const top = key === 'netBenefit' ? res.prevalence : 1;
  const yMin = Number((-0.1 * top).toFixed(4));
  const yMax = Number(top.toFixed(4));
  const r6 = (v: number | null) => (v === null || !Number.isFinite(v) ? null : Number(v.toFixed(6)));
  return {
    type: 'chart',
    title,
    option: {
      textStyle: FONT,
      tooltip: { trigger: 'axis' },
      legend: { data: curves.map((c) => c.name), bottom: 0 },
      grid: { left: 70, right: 30, top: 30, bottom: 80 },
      xAxis: { type: 'value', name: '阈值概率', nameLocation: 'middle', nameGap: 28, min: res.thresholds[0], max: res.thresholds[res.thresholds.length - 1], splitLine: { show: false }, axisLine: AXIS_LINE },
      yAxis: { type: 'value', name: yName, nameLocation: 'middle', nameGap: 50, min: yMin, max: yMax, splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true, onZero: false } },
      series: curves.map(({ c, name, color, dash, width }) => ({
        type: 'line',
        name,
        clip: true,
        symbol: 'none',
        connectNulls: false,
        data: res.thresholds.map((t, i) => [t, r6(c[key][i] ?? null)]),
        itemStyle: { color },
        lineStyle: { color, width, ...(dash ? { type: 'dashed' } : {}) },
      })),
    },
  };
}

export function run(data: DataTable, params: Params): ToolOutput {
  const survival = params.outcomeType === 'survival';
  const riskCols = fieldList(params.risks);
  const fit = params.fitModel === true;
  const modelName = String(params.modelName ?? '').trim() || '拟合模型';
  if (riskCols.length === 0 && !fit) throw new ToolInputError('请至少选择一列模型预测概率或标志物，或打开“由所选变量拟合模型”');
  if (riskCols.length + (fit ? 1 : 0) > MAX_MODELS) throw new ToolInputError(`最多比较 ${MAX_MODELS} 个模型，请减少所选的列`);
  requireVariables(data, riskCols);
  const from = typeof params.from === 'number' ? params.from : 0.01;
  const to = typeof params.to === 'number' ? params.to : 0.99;
  const by = typeof params.by === 'number' ? params.by : 0.01;
  if (!(from >= 0 && to < 1 && from < to)) throw new ToolInputError(`阈值概率范围应满足 0 ≤ 起点 < 终点 < 1（当前为 ${from} ~ ${to}）`);
  if (!(by > 0) || (to - from) / by > 1000) throw new ToolInputError('阈值步长须大于 0，且阈值个数不超过 1000 个');
  const thresholds = thresholdGrid(from, to, by);
  const t = typeof params.timePoint === 'number' ? params.timePoint : NaN;
  if (survival && !(t > 0)) throw new ToolInputError('生存结局请填写大于 0 的评价时间点 t');
  if (fit && riskCols.includes(modelName)) throw new ToolInputError(`拟合模型的名称“${modelName}”与所选的列重名，请另取名称`);

  // The outcome and listwise deletion over it, the risk columns and the model's variables.
  const riskValues = new Map(riskCols.map((c) => [c, numericValues(data, c)]));
  let rows: number[];
  let excluded: number;
  let y: number[] = [];
  let time: number[] = [];
  let status: number[] = [];
  let outcomeNote: string;
  let eventWord: string;
  const outcomeCols: string[] = [];
  if (survival) {
    const s = readSurvival(data, params);
    outcomeCols.push(s.timeName, s.statusName);
    const keep = new Set(s.rows);
    const present = (i: number) => keep.has(i) && [...riskValues.values()].every((v) => v[i] !== null);
    rows = s.rows.filter(present);
    outcomeNote = s.codingNote;
    eventWord = s.coding.positive;
    const pos = new Map(s.rows.map((i, k) => [i, k]));
    if (fit) {
      const input = modelInput(data, params, s.statusName, [
        { name: s.timeName, present: (i) => pos.has(i) },
        { name: s.statusName, present: (i) => pos.has(i) },
        ...riskCols.map((c) => ({ name: c, present: (i: number) => riskValues.get(c)![i] !== null })),
      ]);
      rows = input.rows;
    }
    time = rows.map((i) => s.time[pos.get(i)!]!);
    status = rows.map((i) => s.status[pos.get(i)!]!);
    excluded = data.rows - rows.length;
  } else {
    const yName = String(params.y ?? '');
    if (!yName) throw new ToolInputError('请选择结局变量（二分类）');
    requireVariables(data, [yName]);
    if (riskCols.includes(yName)) throw new ToolInputError(`结局变量“${yName}”不能同时作为模型列`);
    outcomeCols.push(yName);
    const yText = data.text(yName);
    const has = (i: number) => (yText[i] ?? '').trim() !== '';
    if (fit) {
      rows = modelInput(data, params, yName, [{ name: yName, present: has }, ...riskCols.map((c) => ({ name: c, present: (i: number) => riskValues.get(c)![i] !== null }))]).rows;
    } else {
      rows = [];
      for (let i = 0; i < data.rows; i++) if (has(i) && [...riskValues.values()].every((v) => v[i] !== null)) rows.push(i);
    }
    if (rows.length === 0) throw new ToolInputError('去除缺失值后没有可分析的行，请检查所选变量');
    const coding = binaryLevels(rows.map((i) => yText[i]!.trim()), yName, String(params.event ?? ''), '结局变量');
    y = rows.map((i) => (yText[i]!.trim() === coding.positive ? 1 : 0));
    outcomeNote = levelNote('结局变量', yName, coding, '代表结局发生（事件）的取值');
    eventWord = coding.positive;
    excluded = data.rows - rows.length;
  }
  const clash = riskCols.find((c) => outcomeCols.includes(c));
  if (clash) throw new ToolInputError(`变量“${clash}”已用作结局，不能同时作为模型列`);
  const n = rows.length;
  if (n < 10) throw new ToolInputError(`去除缺失值后只有 ${n} 例，至少需要 10 例`);
  const events = survival ? status.reduce((a, b) => a + b, 0) : y.reduce((a, b) => a + b, 0);
  if (events === 0) throw new ToolInputError('分析的行中没有发生结局事件，无法做决策曲线分析');
  if (survival) {
    const maxTime = maxOf(time);
    if (maxTime < t) throw new ToolInputError(`评价时间点 t = ${t} 超过了最长随访时间（${maxTime}），请填写随访范围内的时间点`);
  }

  // Each model's risks: probability columns as they are, other columns converted.
  const models: Array<{ name: string; risk: number[] }> = [];
  const converted: string[] = [];
  for (const c of riskCols) {
    const v = rows.map((i) => riskValues.get(c)![i]!);
    if (v.every((u) => u === v[0])) throw new ToolInputError(`列“${c}”在分析的行中取值恒定（均为 ${v[0]}），不能作为模型`);
    if (v.every((u) => u >= 0 && u <= 1)) {
      models.push({ name: c, risk: v });
      continue;
    }
    try {
      const risk = survival
        ? (coxRiskAt({ time, status, predictors: [{ name: c, values: v, type: 'numeric' }] }, t) as number[])
        : markerToRisk(y, v, c);
      models.push({ name: c, risk });
      converted.push(c);
    } catch (err) {
      if (err instanceof StatsError) throw new ToolInputError(`把“${c}”转换为概率时出错：${err.message}`);
      throw err;
    }
  }
  let fitNote: string | null = null;
  let fitVars: string[] = [];
  if (fit) {
    const input = modelInput(data, params, '', []);
    fitVars = input.names;
    const used = new Set(rows);
    const pos = new Map(input.rows.map((i, k) => [i, k]));
    const predictors = input.predictors.map((p) => ({ ...p, values: rows.map((i) => (used.has(i) ? (p.values as ArrayLike<number | string>)[pos.get(i)!]! : null)) as Array<number | string> }));
    const params0 = fitVars.reduce((a, v) => a + input.columnsOf(v), 0);
    const minority = survival ? events : Math.min(events, n - events);
    if (minority <= params0) throw new ToolInputError(`结局事件只有 ${minority} 例，少于模型的参数个数（${params0}）；请减少建模变量`);
    try {
      const risk = survival
        ? (coxRiskAt({ time, status, predictors }, t) as number[])
        : logisticRegression({ y, predictors, profile: false }).fitted;
      models.push({ name: modelName, risk });
    } catch (err) {
      if (err instanceof StatsError) throw new ToolInputError(`拟合模型（${quoted(fitVars)}）时出错：${err.message}`);
      throw err;
    }
    fitNote = survival
      ? `“${modelName}”：由${quoted(fitVars)}拟合的多因素 Cox 回归（Breslow 结点），预测概率为 t = ${t} 时刻前发生事件的概率 1 − S₀(t)^exp(xβ)。`
      : `“${modelName}”：由${quoted(fitVars)}拟合的多因素 Logistic 回归的预测概率。`;
  }

  let res: DecisionCurveResult;
  try {
    res = survival ? survivalDecisionCurve(time, status, t, models, thresholds) : decisionCurve(y, models, thresholds);
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(err.message);
    throw err;
  }
  const prevalence = res.prevalence;

  // Where each model beats both treat all and treat none.
  const beats = res.curves.map((c) => {
    const ok = c.netBenefit.map((v, i) => v !== null && v > Math.max(res.all.netBenefit[i] ?? -Infinity, 0));
    return { name: c.name, ranges: runs(res.thresholds, ok), count: ok.filter(Boolean).length };
  });
  const bestAt = (i: number) => {
    let best = NONE;
    let v = 0;
    if ((res.all.netBenefit[i] ?? -Infinity) > v) {
      best = ALL;
      v = res.all.netBenefit[i]!;
    }
    for (const c of res.curves) if ((c.netBenefit[i] ?? -Infinity) > v) {
      best = c.name;
      v = c.netBenefit[i]!;
    }
    return best;
  };

  const sections: ToolOutput['sections'] = [];
  const outcomeText = survival ? `t = ${t} 时刻的累计事件风险（Kaplan–Meier）` : `结局发生率`;
  sections.push({
    title: '样本概况',
    blocks: [
      table(
        '表1 分析样本与模型',
        ['纳入例数', survival ? '事件数' : `结局发生（${eventWord}）`, survival ? `t = ${t} 时累计风险` : '发生率', '因缺失排除', '模型数', '阈值概率范围'],
        [[n, events, num(prevalence, 4), excluded, res.curves.length, `${fmtT(from)} ~ ${fmtT(res.thresholds[res.thresholds.length - 1]!)}（步长 ${fmtT(by)}）`]],
        [
          outcomeNote,
          missingNote(excluded),
          ...(converted.length > 0
            ? [`${quoted(converted)}的取值不在 0~1 之间，按 dcurves 的 as_probability 做法先以${survival ? `单因素 Cox 回归转换为 t = ${t} 时刻前发生事件的概率` : '单因素 Logistic 回归转换为预测概率'}；该转换假定标志物与${survival ? '对数风险' : 'logit'}呈线性关系，不满足时会造成校准偏差，进而影响净获益。`]
            : []),
          ...(fitNote ? [fitNote] : []),
          ...(models.length - converted.length - (fit ? 1 : 0) > 0 ? [`${quoted(models.filter((m) => !converted.includes(m.name) && m.name !== (fit ? modelName : '')).map((m) => m.name))}取值在 0~1 之间，直接作为预测概率使用。`] : []),
        ],
      ),
    ],
  });

  const chartNote = `净获益 = 真阳性数/n − 假阳性数/n × pt/(1 − pt)，预测风险 ≥ pt 判为阳性（同 R 的 dcurves::dca）${survival ? `；生存结局中，阳性者 t 时刻的事件风险由 Kaplan–Meier 估计（Vickers 等 2008）` : ''}。纵轴范围同 dcurves：−10% × ${outcomeText}至${outcomeText}（${num(prevalence, 4)}），超出部分不显示。`;
  const curveBlocks: ReportBlock[] = [dcaChart(res, 'netBenefit', '图1 决策曲线（净获益）', '净获益')];
  const idx = tableThresholds(res.thresholds);
  const nbRows = idx.map((i) => [
    fmtT(res.thresholds[i]!),
    ...res.curves.map((c) => num(c.netBenefit[i], 4)),
    num(res.all.netBenefit[i], 4),
    0,
    bestAt(i),
  ]);
  const nullNote = res.curves.some((c) => c.netBenefit.some((v) => v === null))
    ? [`部分阈值下，模型判为阳性者的随访都未达到 t = ${t}，该处净获益无法估计（表中为空，曲线断开）。`]
    : [];
  curveBlocks.push(
    table(`表2 各阈值概率下的净获益`, ['阈值概率', ...res.curves.map((c) => c.name), ALL, NONE, '净获益最高'], nbRows, [chartNote, '“全部不干预”的净获益恒为 0；“全部干预”的净获益 = 发生率 − (1 − 发生率) × pt/(1 − pt)。', ...nullNote]),
  );
  const rangeRows = beats.map((b) => [b.name, b.ranges.length > 0 ? b.ranges.map(([a, z]) => (a === z ? fmtT(a) : `${fmtT(a)} ~ ${fmtT(z)}`)).join('；') : '无', b.count, res.thresholds.length]);
  curveBlocks.push(
    table('表3 模型净获益同时高于“全部干预”与“全部不干预”的阈值范围', ['模型', '阈值概率范围', '阈值个数', '阈值总数'], rangeRows, [
      '在所列阈值概率（按所设步长逐个计算）上，模型的净获益大于“全部干预”且大于 0（全部不干预）。只有在这一范围内按模型决定是否干预才优于两种默认策略。',
    ]),
  );
  sections.push({ title: '决策曲线', blocks: curveBlocks });
  if (params.standardized === true) {
    sections.push({
      title: '标准化净获益',
      blocks: [
        dcaChart(res, 'standardized', '图2 决策曲线（标准化净获益）', '标准化净获益'),
        table(
          '表4 各阈值概率下的标准化净获益',
          ['阈值概率', ...res.curves.map((c) => c.name), ALL],
          idx.map((i) => [fmtT(res.thresholds[i]!), ...res.curves.map((c) => num(c.standardized[i], 4)), num(res.all.standardized[i], 4)]),
          [`标准化净获益 = 净获益 / ${outcomeText}（${num(prevalence, 4)}），即以“完美模型”的净获益为 1 的相对值（Kerr 等 2016）。`],
        ),
      ],
    });
  }

  // Results and conclusion.
  const results: ToolOutput['results'] = {
    n,
    events,
    excluded,
    prevalence,
    outcomeType: survival ? 'survival' : 'binary',
    timePoint: survival ? t : null,
    thresholdFrom: res.thresholds[0]!,
    thresholdTo: res.thresholds[res.thresholds.length - 1]!,
    thresholdBy: by,
    models: res.curves.length,
    converted: converted.join('、'),
  };
  res.curves.forEach((c, k) => {
    const b = beats[k]!;
    results[`beatCount.${c.name}`] = b.count;
    results[`beatFrom.${c.name}`] = b.ranges.length > 0 ? b.ranges[0]![0] : null;
    results[`beatTo.${c.name}`] = b.ranges.length > 0 ? b.ranges[b.ranges.length - 1]![1] : null;
    for (const i of idx) results[`nb.${c.name}.${fmtT(res.thresholds[i]!)}`] = finiteOrNull(c.netBenefit[i]);
  });
  for (const i of idx) results[`nbAll.${fmtT(res.thresholds[i]!)}`] = finiteOrNull(res.all.netBenefit[i]);

  const parts: string[] = [];
  parts.push(
    survival
      ? `共纳入 ${n} 例，发生事件 ${events} 例，t = ${t} 时刻的累计事件风险为 ${(prevalence * 100).toFixed(1)}%。`
      : `共纳入 ${n} 例，其中结局“${eventWord}”${events} 例（发生率 ${(prevalence * 100).toFixed(1)}%）。`,
  );
  for (const b of beats) {
    parts.push(
      b.ranges.length > 0
        ? `在阈值概率 ${b.ranges.map(([a, z]) => (a === z ? fmtT(a) : `${fmtT(a)} ~ ${fmtT(z)}`)).join('、')} 范围内，“${b.name}”的净获益高于“全部干预”和“全部不干预”两种策略。`
        : `在所设阈值范围内，“${b.name}”的净获益没有同时高于两种默认策略，按该模型决策不能带来额外的临床净获益。`,
    );
  }
  // The model with the highest net benefit at most thresholds where some model beats both defaults.
  if (res.curves.length > 1) {
    const wins = new Map(res.curves.map((c) => [c.name, 0]));
    res.thresholds.forEach((_, i) => {
      const b = bestAt(i);
      if (wins.has(b)) wins.set(b, wins.get(b)! + 1);
    });
    const top = [...wins].sort((a, b) => b[1] - a[1])[0]!;
    if (top[1] > 0) parts.push(`比较各模型，“${top[0]}”在 ${top[1]} 个阈值（共 ${res.thresholds.length} 个）上净获益最高。`);
    results.bestModel = top[1] > 0 ? top[0] : '';
    results.bestModelCount = top[1];
  }
  const mid = idx.find((i) => Math.abs(res.thresholds[i]! - 0.2) < 1e-9) ?? idx[Math.floor(idx.length / 2)]!;
  const midT = res.thresholds[mid]!;
  const c0 = res.curves[0]!;
  const nb0 = c0.netBenefit[mid];
  if (nb0 !== null && nb0 !== undefined) {
    parts.push(
      nb0 > 0
        ? `以阈值概率 ${fmtT(midT)} 为例，“${c0.name}”的净获益为 ${num(nb0, 4)}，相当于每 100 例中净检出 ${(nb0 * 100).toFixed(1)} 例真阳性（已扣除按该阈值折算的假阳性）。`
        : `在阈值概率 ${fmtT(midT)} 处，“${c0.name}”的净获益为 ${num(nb0, 4)}，不高于全部不干预。`,
    );
  }
  const caveats: string[] = [];
  if (fit) caveats.push(`“${modelName}”在同一批数据上建模并评价，其净获益会偏乐观；应以内部验证（bootstrap 校正）或外部数据的决策曲线为准。`);
  if (converted.length > 0) caveats.push('标志物经单因素模型转换为概率后，其决策曲线反映“标志物 + 线性模型”的表现；若关系非线性，宜先建立合适的模型再做决策曲线。');
  caveats.push('阈值概率应由临床上“愿意为避免一次漏诊承担多少次过度干预”来确定，只解读临床合理范围内的曲线；远高于结局发生率的阈值通常没有实际意义。');
  caveats.push('决策曲线评价的是临床效用而非区分度；模型校准不佳时净获益会下降，甚至低于默认策略，宜同时报告校准曲线。');
  if (survival) caveats.push('生存结局的净获益基于 Kaplan–Meier 估计，假定删失与预测风险无关（非信息性删失）。');
  if (n < 100 || events < 20) caveats.push(`样本量（${n} 例，${events} 例事件）较小，净获益的抽样误差较大，曲线间的小差别不宜过度解读。`);
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });
  return { title: `决策曲线分析：${survival ? `${outcomeCols[0]}（t = ${t}）` : outcomeCols[0]}`, sections, results };
}
