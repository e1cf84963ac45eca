// 限制性立方样条 RCS: the dose–response curve of one continuous exposure in a linear, logistic or
// Cox model (optionally adjusted), as rms does it — knots at Harrell's quantiles (or the user's),
// the effect (mean difference, OR or HR) against a reference value with its pointwise CI band, the
// overall and nonlinearity tests (Wald as rms::anova, with the likelihood-ratio tests beside), the
// knots and the effect at chosen exposure values.
import { normalSf, quantile, rcsKnotQuantiles, rcsKnots, restrictedCubicSpline, StatsError, tTwoSided, type RcsEffect, type RcsModel, type RcsResult } from '@labstat/stats';
import { binaryLevels, levelNote } from '../../binary-outcome.js';
import { histogram } from '../../charts.js';
import { levelOf, pSentence, requireVariables } from '../../common.js';
import { fieldList, modelInput, quoted, type ModelInput } from '../../model-input.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { missingNote, numericValues, readSurvival } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { doseResponseChart } from './chart.js';

const MODEL_NAME: Record<RcsModel, string> = { linear: '线性回归', logistic: 'Logistic 回归', cox: 'Cox 比例风险回归' };
const EFFECT: Record<RcsModel, string> = { linear: '均值差', logistic: 'OR', cox: 'HR' };

/** Numbers typed into a text field ("110, 125；140 160"); [] when blank. */
function numberList(raw: unknown, field: string): number[] {
  const s = String(raw ?? '').trim();
  if (s === '') return [];
  const parts = s.split(/[,，;；、\s]+/).filter((v) => v !== '');
  const out = parts.map(Number);
  const bad = parts.find((_, i) => !Number.isFinite(out[i]!));
  if (bad !== undefined) throw new ToolInputError(`“${field}”中的“${bad}”不是数值，请用逗号分隔数值`);
  return out;
}

/** Significant digits enough to tell the knots and table values apart. */
const xText = (v: number) => String(Number(v.toPrecision(6)));

export function run(data: DataTable, params: Params): ToolOutput {
  const model: RcsModel = params.outcomeType === 'linear' ? 'linear' : params.outcomeType === 'cox' ? 'cox' : 'logistic';
  const exposure = String(params.exposure ?? '');
  if (!exposure) throw new ToolInputError('请选择暴露变量（连续）');
  requireVariables(data, [exposure]);
  const covX = fieldList(params.x);
  const covF = fieldList(params.factors);
  if (covX.includes(exposure) || covF.includes(exposure)) throw new ToolInputError(`暴露变量“${exposure}”不能同时作为调整的协变量`);
  const level = levelOf(params);
  const pct = Number((level * 100).toFixed(1));
  const effectName = EFFECT[model];
  const withExposure: Params = { ...params, x: [exposure, ...covX], factors: covF };

  // Outcome and listwise deletion over the outcome, the exposure and the covariates.
  let input: ModelInput;
  let y: number[] = [];
  let time: number[] = [];
  let status: number[] = [];
  let outcomeLabel: string;
  const notes: string[] = [];
  let eventWord = '';
  if (model === 'cox') {
    const surv = readSurvival(data, params, [
      { name: exposure, kind: 'numeric' },
      ...covX.map((name) => ({ name, kind: 'numeric' as const })),
      ...covF.map((name) => ({ name, kind: 'categorical' as const })),
    ]);
    const kept = new Set(surv.rows);
    input = modelInput(data, withExposure, surv.statusName, [
      { name: surv.timeName, present: (i) => kept.has(i) },
      { name: surv.statusName, present: (i) => kept.has(i) },
    ]);
    time = surv.time;
    status = surv.status;
    outcomeLabel = `“${surv.statusName}”（时间“${surv.timeName}”）`;
    eventWord = surv.coding.positive;
    notes.push(surv.codingNote);
  } else {
    const yName = String(params.y ?? '');
    if (!yName) throw new ToolInputError(model === 'linear' ? '请选择结局变量（连续）' : '请选择结局变量（二分类）');
    requireVariables(data, [yName]);
    if (model === 'linear') {
      const yNum = numericValues(data, yName);
      input = modelInput(data, withExposure, yName, [{ name: yName, present: (i) => yNum[i] !== null }]);
      y = input.rows.map((i) => yNum[i]!);
      if (y.every((v) => v === y[0])) throw new ToolInputError(`结局变量“${yName}”在分析的行中取值恒定（均为 ${y[0]}），无法分析`);
    } else {
      const yText = data.text(yName);
      input = modelInput(data, withExposure, yName, [{ name: yName, present: (i) => (yText[i] ?? '').trim() !== '' }]);
      const values = input.rows.map((i) => yText[i]!.trim());
      const coding = binaryLevels(values, yName, String(params.event ?? ''), '结局变量');
      y = values.map((v) => (v === coding.positive ? 1 : 0));
      eventWord = coding.positive;
      notes.push(levelNote('结局变量', yName, coding, '代表结局发生的取值'));
    }
    outcomeLabel = `“${yName}”`;
  }
  const n = input.rows.length;
  const x = input.predictors[0]!.values as number[];
  const covariates = input.predictors.slice(1);
  const covNames = input.names.slice(1);
  const covColumns = covNames.reduce((a, v) => a + input.columnsOf(v), 0);
  const sorted = [...x].sort((a, b) => a - b);
  const xMin = sorted[0]!;
  const xMax = sorted[n - 1]!;
  const distinct = new Set(x).size;
  if (distinct < 5) throw new ToolInputError(`暴露变量“${exposure}”在分析的行中只有 ${distinct} 个不同取值，无法拟合限制性立方样条（至少需要 5 个不同取值）；可将其作为分类变量分析`);

  // Knots: the user's, or Harrell's quantiles for the chosen number.
  const given = numberList(params.customKnots, '自定义节点位置');
  const nk = typeof params.knots === 'number' ? params.knots : Number(params.knots ?? 4) || 4;
  let knots: number[];
  if (given.length > 0) {
    knots = [...new Set(given)].sort((a, b) => a - b);
    if (knots.length < 3 || knots.length > 7) throw new ToolInputError(`自定义节点位置应为 3–7 个互不相同的数值，当前为 ${knots.length} 个`);
    const outside = knots.filter((k) => k <= xMin || k >= xMax);
    if (outside.length > 0) throw new ToolInputError(`自定义节点 ${outside.map(xText).join('、')} 不在暴露变量“${exposure}”的取值范围内（${xText(xMin)} ~ ${xText(xMax)}），节点应位于数据范围之内`);
  } else {
    try {
      knots = rcsKnots(x, nk);
    } catch (err) {
      if (err instanceof StatsError) throw new ToolInputError(`暴露变量“${exposure}”的不同取值太少，无法放置 ${nk} 个节点：${err.message}`);
      throw err;
    }
  }
  const k = knots.length;
  const parameters = k - 1 + covColumns;
  const events = model === 'linear' ? null : model === 'logistic' ? y.reduce((a, b) => a + b, 0) : status.reduce((a, b) => a + b, 0);
  const limiting = model === 'logistic' ? Math.min(events!, n - events!) : model === 'cox' ? events! : n;
  if (limiting <= parameters + (model === 'cox' ? 0 : 1)) {
    throw new ToolInputError(
      model === 'linear'
        ? `分析的 ${n} 例不足以估计 ${parameters + 1} 个参数（样条 ${k - 1} 项与协变量 ${covColumns} 项），请减少节点数或协变量`
        : `${model === 'cox' ? '事件数' : '结局中较少一类的例数'}（${limiting}）不多于模型参数个数（${parameters}，其中样条 ${k - 1} 项），无法拟合；请减少节点数或协变量`,
    );
  }

  const refRaw = String(params.refValue ?? '').trim();
  let reference: number | undefined;
  if (refRaw !== '') {
    reference = Number(refRaw);
    if (!Number.isFinite(reference)) throw new ToolInputError(`参照值“${refRaw}”不是数值`);
    if (reference < xMin || reference > xMax) throw new ToolInputError(`参照值 ${refRaw} 不在暴露变量“${exposure}”的取值范围内（${xText(xMin)} ~ ${xText(xMax)}）`);
  }
  const userAt = numberList(params.at, '效应表中的暴露取值');
  const percentiles = [0.1, 0.25, 0.5, 0.75, 0.9];
  const pctValues = quantile(x, percentiles);
  const refValue = reference ?? quantile(x, [0.5])[0]!;
  const atLabels = new Map<number, string[]>();
  const label = (v: number, l: string) => atLabels.set(v, [...(atLabels.get(v) ?? []), l]);
  if (userAt.length > 0) userAt.forEach((v) => label(v, ''));
  else {
    knots.forEach((v, i) => label(v, `节点${i + 1}`));
    pctValues.forEach((v, i) => label(v, `P${Math.round(percentiles[i]! * 100)}`));
  }
  label(refValue, '参照值');
  const at = [...atLabels.keys()].sort((a, b) => a - b);

  let fit: RcsResult;
  try {
    fit = restrictedCubicSpline({ model, x, xName: exposure, y, time, status, covariates, knots, reference: refValue, at, level });
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(err.message);
    throw err;
  }

  /** Two-sided Wald P of a point's effect (t on the residual df for a linear model, as its CI). */
  const zP = (e: RcsEffect) => (!(e.se > 0) ? 1 : fit.overall.df2 !== null ? tTwoSided(e.estimate / e.se, fit.overall.df2) : 2 * normalSf(Math.abs(e.estimate / e.se)));
  // Percentile of each knot: Harrell's nominal one when the knots are the plain quantiles, else the share of values ≤ the knot.
  const nominal = given.length === 0 && k === nk ? quantile(x, rcsKnotQuantiles(k)) : null;
  const plain = nominal !== null && nominal.every((v, i) => Math.abs(v - knots[i]!) <= 1e-9 * (Math.abs(v) + 1));
  const knotPct = knots.map((v, i) => (plain ? 100 * rcsKnotQuantiles(k)[i]! : (100 * x.filter((u) => u <= v).length) / n));

  const sections: ToolOutput['sections'] = [];
  const [q1, med, q3] = quantile(x, [0.25, 0.5, 0.75]) as [number, number, number];
  sections.push({
    title: '数据概况',
    blocks: [
      table(
        '表1 分析数据与模型设定',
        ['项目', '内容'],
        [
          ['模型', `${MODEL_NAME[model]}（效应：${effectName}）`],
          ['结局', outcomeLabel],
          ['纳入例数', n],
          ...(events !== null ? [[model === 'cox' ? '事件数' : `“${eventWord}”例数`, `${events}（${num((100 * events) / n, 1)}%）`] as Array<string | number | null>] : []),
          ['暴露变量', exposure],
          ['暴露的中位数（P25, P75）', `${xText(med)}（${xText(q1)}, ${xText(q3)}）`],
          ['暴露的范围', `${xText(xMin)} ~ ${xText(xMax)}`],
          ['节点数', `${k}${given.length > 0 ? '（自定义位置）' : k !== nk ? `（设定 ${nk} 个，因不同取值较少减为 ${k} 个）` : ''}`],
          ['参照值', `${xText(refValue)}${reference === undefined ? '（中位数）' : ''}`],
          ['调整的协变量', covNames.length > 0 ? covNames.join('、') : '无'],
        ],
        [...notes, missingNote(input.excluded)],
      ),
    ],
  });

  // Curve and distribution.
  const distribution = params.distribution === 'rug' ? 'rug' : params.distribution === 'none' ? 'none' : 'histogram';
  const hist = distribution === 'histogram' ? histogram([x], 30) : null;
  const yName = model === 'linear' ? `与参照值相比的${effectName}（${pct}%CI）` : `${effectName}（${pct}%CI）`;
  const pOverallText = formatP(fit.overall.pValue);
  const pNonlinearText = formatP(fit.nonlinear.pValue);
  sections.push({
    title: '剂量–反应曲线',
    blocks: [
      doseResponseChart({
        title: `图1 ${exposure}与结局的剂量–反应关系（限制性立方样条，${k} 个节点）`,
        curve: fit.curve,
        model,
        xName: exposure,
        yName,
        reference: refValue,
        knots,
        distribution: hist ? { kind: 'histogram', edges: hist.edges, counts: hist.counts[0]! } : distribution === 'rug' ? { kind: 'rug', values: x } : null,
        note: `P总体 ${pOverallText === '<0.001' ? '< 0.001' : `= ${pOverallText}`}，P非线性 ${pNonlinearText === '<0.001' ? '< 0.001' : `= ${pNonlinearText}`}`,
      }),
      text(
        `实线为${model === 'linear' ? '与参照值相比的结局均值差' : `与参照值（${xText(refValue)}）相比的 ${effectName}`}，阴影为逐点 ${pct}% 置信区间；水平虚线为无效应线（${model === 'linear' ? '0' : '1'}），竖虚线标出参照值，下方${distribution === 'histogram' ? '直方图' : distribution === 'rug' ? '短线' : ''}${distribution === 'none' ? '' : '为暴露的分布'}。曲线画在暴露的第 10 个最小值与第 10 个最大值之间（同 rms 的 datadist），两端数据稀少处置信区间较宽。`,
      ),
      table(
        '表2 样条节点位置',
        ['节点', '位置', '所在百分位'],
        knots.map((v, i) => [`节点${i + 1}`, num(v, 4), `${num(knotPct[i], 1)}%`]),
        [
          (given.length > 0
            ? '节点由用户指定。'
            : `节点按 Harrell 推荐的分位数放置（同 R 的 rms::rcs / Hmisc::rcspline.eval）${n < 100 ? '；样本量小于 100，两端节点取第 5 个最小值与第 5 个最大值' : ''}。`) +
            (plain ? '' : '所在百分位为不大于该节点的观测所占比例。') +
            '样条在两端节点之外限制为直线。',
        ],
      ),
    ],
  });

  // Tests.
  const lin = model === 'linear';
  const testRow = (name: string, t: RcsResult['overall']) => [
    name,
    lin ? num(t.f, 3) : num(t.statistic, 3),
    lin ? `${t.df}, ${t.df2}` : t.df,
    formatP(t.pValue),
    num(t.lr.statistic, 3),
    t.lr.df,
    formatP(t.lr.pValue),
  ];
  sections.push({
    title: '总体关联与非线性检验',
    blocks: [
      table(
        '表3 总体关联与非线性检验',
        ['检验', lin ? 'F' : 'Wald χ²', 'df', 'P', '似然比 χ²', 'df', 'P（似然比）'],
        [testRow('总体关联（全部样条项）', fit.overall), testRow('非线性（非线性样条项）', fit.nonlinear)],
        [
          `主要结果为 Wald 检验（同 R 的 rms::anova${lin ? '，线性模型为 F 检验' : ''}）：总体关联检验全部 ${k - 1} 个样条系数是否同时为 0（暴露与结局是否有关），非线性检验 ${k - 2} 个非线性项的系数是否同时为 0（P < 0.05 提示关系偏离直线）。`,
          `似然比检验比较嵌套模型（${covNames.length > 0 ? '调整协变量的' : ''}不含暴露的模型、暴露取线性的模型与样条模型），同 rms::lrtest，可作为参考。`,
        ],
      ),
    ],
  });

  // Effect at chosen values.
  const inside = (v: number) => v >= xMin && v <= xMax;
  const effectRow = (e: RcsEffect) => [
    num(e.x, 4),
    [...(atLabels.get(e.x) ?? [])].filter((l) => l !== '').join('、') + (inside(e.x) ? '' : (atLabels.get(e.x)?.some((l) => l !== '') ? '；' : '') + '超出数据范围（外推）'),
    num(e.effect, lin ? 4 : 3),
    e.x === fit.reference ? '（参照）' : `${num(e.effectLower, lin ? 4 : 3)} ~ ${num(e.effectUpper, lin ? 4 : 3)}`,
    e.x === fit.reference ? '' : formatP(zP(e)),
  ];
  sections.push({
    title: '各暴露水平的效应',
    blocks: [
      table(
        `表4 不同${exposure}水平与参照值（${xText(refValue)}）相比的${effectName}`,
        [exposure, '说明', effectName, `${pct}%CI`, 'P'],
        fit.effects.map(effectRow),
        [
          `${effectName}${lin ? '为调整协变量后该暴露水平与参照值相比的结局均值差' : ' = exp(该暴露水平与参照值的线性预测值之差)，即调整协变量后相对于参照值的' + (model === 'cox' ? '风险比' : '比值比')}，置信区间为逐点 ${pct}% 置信区间（同 rms::Predict(fit, ref.zero = TRUE)${lin ? '' : ', fun = exp'}）；P 为该点效应是否为 ${lin ? '0' : '1'} 的 Wald 检验。`,
        ],
      ),
    ],
  });

  // Coefficients.
  const coefRows = fit.coefficients.map((c) => [c.term, num(c.estimate, 6), num(c.se, 6)]);
  sections.push({
    title: '模型系数',
    blocks: [
      table('表5 模型系数', ['项', 'B', 'SE'], coefRows, [
        `${fit.splineTerms.map((t) => `“${t}”`).join('、')}为${exposure}的样条项（第一项为${exposure}本身，其余为非线性项，同 rms 的命名），单个样条系数没有直观含义，请看曲线与表4。${model === 'linear' ? `R² = ${num(fit.rSquared, 4)}，残差标准差 = ${num(fit.sigma, 4)}；` : ''}AIC = ${num(fit.aic, 3)}。`,
      ]),
    ],
  });

  // Shape: the curve's extreme and where the CI excludes no effect.
  const nadir = fit.curve.reduce((a, e) => (e.estimate < a.estimate ? e : a));
  /** The turning point as the text prints it (4 significant digits: the grid is not finer than that). */
  const roundX = (v: number) => Number(v.toPrecision(4));
  const peak = fit.curve.reduce((a, e) => (e.estimate > a.estimate ? e : a));
  const interior = (e: RcsEffect) => e !== fit.curve[0] && e !== fit.curve[fit.curve.length - 1];
  const nonlinearSig = fit.nonlinear.pValue < 0.05;
  const overallSig = fit.overall.pValue < 0.05;
  const pOverall = pSentence(fit.overall.pValue).replace('P', 'P总体');
  const pNonlinear = pSentence(fit.nonlinear.pValue).replace('P', 'P非线性');
  const parts: string[] = [];
  parts.push(
    `采用限制性立方样条（${k} 个节点，位于 ${knots.map(xText).join('、')}）${MODEL_NAME[model]}${covNames.length > 0 ? `，调整${quoted(covNames)}后` : ''}分析${exposure}与${outcomeLabel}的剂量–反应关系，以 ${xText(refValue)}${reference === undefined ? '（中位数）' : ' '}为参照。共纳入 ${n} 例${events !== null ? `，${model === 'cox' ? '发生事件' : `结局为“${eventWord}”者`} ${events} 例` : ''}。`,
  );
  let shape: 'none' | 'linear' | 'nonlinear';
  if (!overallSig) {
    shape = 'none';
    parts.push(`${exposure}与结局的总体关联无统计学意义（${pOverall}，${pNonlinear}）。`);
  } else if (!nonlinearSig) {
    shape = 'linear';
    const up = fit.curve[fit.curve.length - 1]!.estimate > fit.curve[0]!.estimate;
    parts.push(`${exposure}与结局存在关联（${pOverall}），未见明显的非线性（${pNonlinear}），可认为呈线性关系：${exposure}越高，${model === 'linear' ? '结局均值越' : model === 'cox' ? '风险越' : '结局发生的比值越'}${up ? '高' : '低'}。`);
  } else {
    shape = 'nonlinear';
    const turn = interior(nadir) ? nadir : interior(peak) ? peak : null;
    parts.push(
      `${exposure}与结局呈非线性关系（${pOverall}，${pNonlinear}）` +
        (turn
          ? turn === nadir
            ? `，曲线呈 U 形或 J 形：${model === 'linear' ? '结局均值' : '风险'}在${exposure}约 ${roundX(turn.x)} 处最低，偏离此值${model === 'linear' ? '结局均值' : '风险'}上升。`
            : `，曲线呈倒 U 形：${model === 'linear' ? '结局均值' : '风险'}在${exposure}约 ${roundX(turn.x)} 处最高。`
          : '，曲线单调但斜率随暴露水平变化。'),
    );
  }
  const shown = fit.effects.filter((e) => e.x !== fit.reference && inside(e.x));
  const sigEffects = shown.filter((e) => zP(e) < 1 - level);
  if (sigEffects.length > 0) {
    const describe = (e: RcsEffect) => `${exposure} = ${xText(e.x)} 时 ${effectName} = ${num(e.effect, lin ? 4 : 3)}（${pct}%CI ${num(e.effectLower, lin ? 4 : 3)} ~ ${num(e.effectUpper, lin ? 4 : 3)}）`;
    parts.push(`与参照值相比，${sigEffects.slice(0, 4).map(describe).join('；')}${sigEffects.length > 4 ? ' 等' : ''}（见表4）。`);
  }
  const caveats: string[] = [];
  const epv = limiting / parameters;
  if (model !== 'linear' && epv < 10) caveats.push(`每个参数的${model === 'cox' ? '事件' : '较少一类结局'}数（EPV = ${num(epv, 1)}）少于 10，曲线可能过度拟合、形状不稳定；宜减少节点数（如 3 个）或协变量。`);
  caveats.push(`曲线两端数据稀少，置信区间很宽，形状主要由少数观测决定；第 10 个最小值以下与第 10 个最大值以上未画出，超出数据范围的效应为外推，不宜解读。`);
  if (nonlinearSig && k >= 5 && n < 300) caveats.push('节点较多而样本量不大时，曲线的弯曲可能部分来自随机波动；可用 3–4 个节点做敏感性分析。');
  caveats.push('非线性 P 与节点数和位置有关；报告时请注明节点数与位置，并可比较不同节点数（如 3、4、5 个，AIC 较小者为宜）的结果。');
  if (model === 'cox') caveats.push('Cox 模型假定比例风险：暴露的效应不随时间变化，可用 Cox 回归工具检验。');
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  const results: ToolOutput['results'] = {
    model,
    n,
    events,
    excluded: input.excluded,
    exposure,
    knotCount: k,
    knots: knots.map(xText).join(', '),
    reference: refValue,
    chiOverall: fit.overall.statistic,
    dfOverall: fit.overall.df,
    pOverall: fit.overall.pValue,
    fOverall: finiteOrNull(fit.overall.f),
    chiNonlinear: fit.nonlinear.statistic,
    dfNonlinear: fit.nonlinear.df,
    pNonlinear: fit.nonlinear.pValue,
    fNonlinear: finiteOrNull(fit.nonlinear.f),
    dfResidual: fit.overall.df2,
    lrOverall: fit.overall.lr.statistic,
    pLrOverall: fit.overall.lr.pValue,
    lrNonlinear: fit.nonlinear.lr.statistic,
    pLrNonlinear: fit.nonlinear.lr.pValue,
    shape,
    nadir: interior(nadir) ? roundX(nadir.x) : null,
    nadirEffect: interior(nadir) ? nadir.effect : null,
    aic: fit.aic,
    epv: model === 'linear' ? null : epv,
    level,
  };
  knots.forEach((v, i) => (results[`knot.${i + 1}`] = v));
  for (const e of fit.effects) {
    const key = xText(e.x);
    results[`effect.${key}`] = e.effect;
    results[`effectLower.${key}`] = e.effectLower;
    results[`effectUpper.${key}`] = e.effectUpper;
  }
  return { title: `限制性立方样条：${exposure}与${outcomeLabel.replace(/“|”/g, '')}`, sections, results };
}
