// 校准曲线 / 内部验证: apparent discrimination and calibration of a logistic prediction model,
// Bootstrap optimism correction as rms::validate, the bias-corrected calibration curve as
// rms::calibrate, and the Hosmer–Lemeshow test; seeded so a report repeats exactly.
import { StatsError, validateCox, validateLogistic, type LogisticValidationResult, type ValidationIndex, type ValidationRow, maxOf } from '@labstat/stats';
import { pSentence } from '../../common.js';
import { quoted } from '../../model-input.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { calibrationChart, groupCalibrationChart } from '../prediction/charts-c.js';
import { fitPredictionModel, modelBlocks, sampleTable, type PredictionModel } from '../prediction/model-c.js';

const INDEX_NAME: Record<ValidationIndex, string> = {
  C: 'C 指数（AUC）',
  Dxy: 'Somers’ Dxy',
  R2: 'Nagelkerke R²',
  Intercept: '校准截距',
  Slope: '校准斜率',
  Brier: 'Brier 评分',
};
const INDEX_ORDER: ValidationIndex[] = ['C', 'Dxy', 'R2', 'Intercept', 'Slope', 'Brier'];

/** 表3: each index's apparent, training, test, optimism and corrected value as rms::validate prints them. */
const validationTable = (B: number, rows: ReadonlyArray<[string, ValidationRow, number]>, footnotes: string[]) =>
  table(
    `表3 区分度与校准指标的 Bootstrap 内部验证（B = ${B}）`,
    ['指标', '表观值', '训练样本', '测试样本（原数据）', '乐观度', '校正值', '乐观度的蒙特卡洛标准误'],
    rows.map(([name, r, d]) => [name, num(r.apparent, d), num(r.training, d), num(r.test, d), num(r.optimism, 4), num(r.corrected, d), num(r.optimismSe, 4)]),
    footnotes,
  );

const KEY: Record<ValidationIndex, string> = { C: 'c', Dxy: 'dxy', R2: 'r2', Intercept: 'intercept', Slope: 'slope', Brier: 'brier' };

const intParam = (v: unknown, fallback: number, min: number, max: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, Math.round(v))) : fallback);

export function run(data: DataTable, params: Params): ToolOutput {
  const m = fitPredictionModel(data, params, true);
  const B = intParam(params.B, 200, 20, 2000);
  const seed = intParam(params.seed, 2026, 1, 2147483647);
  if (m.kind === 'cox') return runCox(m, params, B, seed);
  if (m.n < 20) throw new ToolInputError(`分析的行只有 ${m.n} 例，太少，无法进行 Bootstrap 内部验证与校准曲线（至少 20 例）`);
  let v: LogisticValidationResult;
  try {
    v = validateLogistic({ columns: m.design.map((c) => c.values), y: m.y, B, seed });
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(`模型验证失败：${err.message}`);
    throw err;
  }
  const row = new Map(v.indexes.map((r) => [r.index, r]));
  const get = (k: ValidationIndex) => row.get(k)!;
  const sections: ToolOutput['sections'] = [];
  sections.push({ title: '样本概况', blocks: [sampleTable(m, '表1 分析样本')] });
  sections.push({ title: '预测模型', blocks: modelBlocks(m, '表2 多因素 Logistic 回归（待验证的模型）', null) });

  const digits = (k: ValidationIndex) => (k === 'Brier' ? 4 : 3);
  sections.push({
    title: 'Bootstrap 内部验证',
    blocks: [
      validationTable(
        B,
        INDEX_ORDER.map((k) => [INDEX_NAME[k], get(k), digits(k)]),
        [
          '同 R rms::validate(fit, method = "boot")：每次从原数据有放回抽取同样大小的样本，在其中重新拟合模型，分别在该样本（训练）与原数据（测试）上计算指标；乐观度 = 训练 − 测试的平均值，校正值 = 表观值 − 乐观度。',
          'C 指数 = Dxy / 2 + 0.5，即 ROC 曲线下面积；校准截距与斜率为结局对模型线性预测值的 Logistic 回归系数（理想为 0 与 1，表观值按定义为 0 与 1），校正后的斜率 < 1 提示过拟合，可作为收缩系数；Brier 评分为预测概率与实际结局之差的平方均值，越小越好。',
          `随机数种子 ${seed}${v.failed > 0 ? `；${v.failed} 个 Bootstrap 样本的模型无法拟合（如出现分离），按 rms 的做法剔除，实际使用 ${B - v.failed} 个` : ''}。本软件的随机数发生器与 R 不同，Bootstrap 结果与 R 只在蒙特卡洛误差范围内一致。`,
        ],
      ),
    ],
  });

  const c = v.calibration;
  const hl = v.hosmerLemeshow;
  // Too few distinct predicted risks (e.g. one binary predictor) leave fewer than 3 groups: no test.
  const hlOk = hl.df >= 1 && Number.isFinite(hl.pValue);
  sections.push({
    title: '校准曲线',
    blocks: [
      calibrationChart(c, v.fitted, { title: `图1 校准曲线（Bootstrap B = ${B}）`, B: B - v.failed }),
      table(
        '表4 校准曲线的误差',
        ['指标', '值'],
        [
          ['平均绝对误差（MAE）', num(c.meanAbsoluteError, 4)],
          ['均方误差（MSE）', num(c.meanSquaredError, 5)],
          ['绝对误差的 0.9 分位数', num(c.quantile90, 4)],
        ],
        [
          '同 R rms::calibrate(fit, method = "boot")：在 50 个预测概率网格点（第 5 小至第 5 大的预测值之间）上以 lowess（iter = 0）平滑实际结局；偏差校正曲线 = 表观曲线 − Bootstrap 乐观度。误差为每例的预测概率与偏差校正曲线之差（同 print(calibrate)）。',
          '曲线越贴近虚线（理想校准）越好；位于虚线下方表示高估风险，上方表示低估风险。底部灰色条为预测概率的分布。',
        ],
      ),
      ...(hlOk
        ? [
      table(
        '表5 Hosmer–Lemeshow 拟合优度检验',
        ['组', '例数', `观察“${m.eventWord}”`, `期望“${m.eventWord}”`, '预测概率上限'],
        [...hl.groups.map((g, i) => [i + 1, g.n, g.observed, num(g.expected, 2), num(g.upper, 4)]), ['χ²', num(hl.statistic, 3), 'df', hl.df, `P ${formatP(hl.pValue)}`]],
        ['按预测概率的十分位数分为 10 组（同 ResourceSelection::hoslem.test(y, fitted(fit), g = 10)）；P > 0.05 表示预测与观察无明显差异。样本量大时该检验对微小偏差也敏感，应结合校准曲线判断。'],
      ),
          ]
        : []),
    ],
  });

  // Conclusion, worded as a results section.
  const C = get('C');
  const slope = get('Slope');
  const brier = get('Brier');
  const intercept = get('Intercept');
  const parts = [
    `以 ${quoted(m.input.names)}建立的 Logistic 预测模型（${m.n} 例，“${m.eventWord}” ${m.events} 例）的表观 C 指数为 ${num(C.apparent, 3)}，经 ${B} 次 Bootstrap 内部验证校正后为 ${num(C.corrected, 3)}（乐观度 ${num(C.optimism, 3)}）。`,
    `校正后的校准斜率为 ${num(slope.corrected, 3)}、校准截距为 ${num(intercept.corrected, 3)}，Brier 评分为 ${num(brier.corrected, 4)}（表观值 ${num(brier.apparent, 4)}）。`,
    `校准曲线显示偏差校正曲线与理想线的平均绝对误差为 ${num(c.meanAbsoluteError, 3)}` +
      (hlOk ? `；Hosmer–Lemeshow 检验 χ² = ${num(hl.statistic, 3)}，df = ${hl.df}，${pSentence(hl.pValue)}，${hl.pValue > 0.05 ? '提示模型校准良好' : '提示预测概率与实际发生率存在差异'}。` : '。'),
    `区分度${C.corrected >= 0.8 ? '较好' : C.corrected >= 0.7 ? '中等' : '较弱'}（C 指数 ${C.corrected >= 0.8 ? '≥ 0.8' : C.corrected >= 0.7 ? '在 0.7 ~ 0.8 之间' : '< 0.7'}）。`,
  ];
  const caveats = ['Bootstrap 仅为内部验证：它估计模型在同一人群新样本中的表现，不能代替在其他中心或其他时期数据中的外部验证。'];
  if (slope.corrected < 0.9) caveats.push(`校正后的校准斜率（${num(slope.corrected, 3)}）明显小于 1，提示模型过拟合：预测概率偏极端。可减少预测变量、用惩罚回归（如 LASSO、岭回归）或按斜率收缩回归系数。`);
  if (m.epv < 10) caveats.push(`每个参数的事件数（EPV = ${num(m.epv, 1)}）少于 10，模型容易过拟合，验证结果的不确定性也较大。`);
  if (v.failed > 0) caveats.push(`${v.failed} 个 Bootstrap 样本的模型无法拟合，已剔除；剔除较多时校正值可能偏乐观。`);
  if (!hlOk) caveats.push('预测概率的不同取值太少（按十分位数分组后少于 3 组），未做 Hosmer–Lemeshow 检验。');
  caveats.push('本验证针对所选变量的固定模型；若变量是经筛选（如逐步回归、LASSO）得到的，应在每个 Bootstrap 样本中重复筛选过程，否则乐观度被低估。');
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  const results: ToolOutput['results'] = { model: 'logistic', n: m.n, events: m.events, excluded: m.excluded, parameters: m.parameters, epv: m.epv, eventValue: m.eventWord, B, seed, failed: v.failed };
  for (const k of INDEX_ORDER) {
    const r = get(k);
    Object.assign(results, { [`${KEY[k]}Apparent`]: r.apparent, [`${KEY[k]}Optimism`]: r.optimism, [`${KEY[k]}Corrected`]: r.corrected, [`${KEY[k]}OptimismSe`]: r.optimismSe });
  }
  Object.assign(results, {
    hlStatistic: hlOk ? hl.statistic : null,
    hlDf: hlOk ? hl.df : null,
    hlP: hlOk ? hl.pValue : null,
    calibrationMae: c.meanAbsoluteError,
    calibrationMse: c.meanSquaredError,
    calibrationQ90: c.quantile90,
  });
  return { title: `校准曲线 / 内部验证：${m.outcomeName}`, sections, results };
}

const COX_NAME: Partial<Record<ValidationIndex, string>> = { C: 'C 指数', Dxy: 'Somers’ Dxy', R2: 'R²（Nagelkerke 型）', Slope: '校准斜率' };
const fmtTime = (t: number) => String(Number(t.toPrecision(6)));

/** The Cox branch: validate.cph indexes and the KM-grouped calibration at time u. */
function runCox(m: PredictionModel, params: Params, B: number, seed: number): ToolOutput {
  const u = typeof params.u === 'number' && params.u > 0 ? params.u : NaN;
  const maxTime = maxOf(m.time);
  if (!Number.isFinite(u)) throw new ToolInputError('请填写校准的时间点（大于 0，单位与生存时间相同）');
  if (u > maxTime) throw new ToolInputError(`校准的时间点 ${fmtTime(u)} 超过最长随访时间（${fmtTime(maxTime)}），请填写随访期内的时间点`);
  const groups = intParam(params.groups, 5, 2, 10);
  if (m.n < groups * 10) throw new ToolInputError(`分析的行只有 ${m.n} 例，分为 ${groups} 组时每组不足 10 例；请减少校准分组数或增加样本`);
  let v;
  try {
    v = validateCox({ columns: m.design.map((c) => c.values), time: m.time, status: m.status, u, groups, B, seed });
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(`模型验证失败：${err.message}`);
    throw err;
  }
  const get = (k: ValidationIndex) => v.indexes.find((r) => r.index === k)!;
  const sections: ToolOutput['sections'] = [];
  sections.push({ title: '样本概况', blocks: [sampleTable(m, '表1 分析样本')] });
  sections.push({ title: '预测模型', blocks: modelBlocks(m, '表2 多因素 Cox 回归（待验证的模型）', null) });
  const order: ValidationIndex[] = ['C', 'Dxy', 'R2', 'Slope'];
  sections.push({
    title: 'Bootstrap 内部验证',
    blocks: [
      validationTable(
        B,
        order.map((k) => [COX_NAME[k]!, get(k), 3]),
        [
          '同 R rms::validate(fit, method = "boot")（cph 模型）：每次有放回抽样重新拟合，在抽样数据（训练）与原数据（测试）上计算指标，乐观度 = 训练 − 测试的平均，校正值 = 表观值 − 乐观度。',
          'C 指数为 Harrell 一致性指数（同 Hmisc::rcorr.cens），Dxy = 2 × (C − 0.5)；R² 为基于似然比的 Nagelkerke 型指标；校准斜率为原数据上生存结局对线性预测值的 Cox 回归系数（表观值为 1），小于 1 提示过拟合。',
          `随机数种子 ${seed}${v.failed > 0 ? `；${v.failed} 个 Bootstrap 样本的模型无法拟合，已剔除` : ''}。本软件的随机数发生器与 R 不同，Bootstrap 结果与 R 只在蒙特卡洛误差范围内一致。`,
        ],
      ),
    ],
  });
  const unit = /[(（]([^)）]{1,6})[)）]\s*$/.exec(m.timeName)?.[1] ?? '';
  const when = `${fmtTime(u)}${unit ? ` ${unit}` : ''}`;
  sections.push({
    title: '校准图',
    blocks: [
      groupCalibrationChart(v.calibration, { title: `图1 ${when}生存率的校准图（Bootstrap B = ${B}）`, axisName: `${when}生存率` }),
      table(
        `表4 各风险组 ${when}的预测与实际生存率`,
        ['组', '例数', '事件数', '平均预测生存率', 'Kaplan–Meier 实际生存率', '乐观度', '偏差校正的实际生存率'],
        v.calibration.map((g, k) => [k + 1, g.n, g.events, num(g.predicted, 3), num(g.observed, 3), num(g.optimism, 4), num(g.corrected, 3)]),
        [
          `同 R rms::calibrate(fit, cmethod = "KM", u = ${fmtTime(u)}, m = ${Math.floor(m.n / groups)}, B = ${B})：按预测的 ${when}生存率（平均线性预测值者的基线生存率 ${num(v.baselineAtU, 3)}）的分位数分为 ${groups} 组，每组比较平均预测生存率与 Kaplan–Meier 估计；偏差校正值 = Kaplan–Meier 值 − Bootstrap 乐观度。事件少于 5 个的 Bootstrap 样本不参与校准的乐观度估计（同 rms）。`,
          '各点越靠近对角线，校准越好；点在对角线上方表示实际生存率高于预测（高估风险），下方表示低估风险。',
        ],
      ),
    ],
  });
  const C = get('C');
  const slope = get('Slope');
  const diffs = v.calibration.filter((g) => Number.isFinite(g.corrected)).map((g) => Math.abs(g.corrected - g.predicted));
  const maxDiff = diffs.length > 0 ? maxOf(diffs) : NaN;
  const parts = [
    `以 ${quoted(m.input.names)}建立的 Cox 预测模型（${m.n} 例，事件 ${m.events} 例）的表观 C 指数为 ${num(C.apparent, 3)}，经 ${B} 次 Bootstrap 内部验证校正后为 ${num(C.corrected, 3)}（乐观度 ${num(C.optimism, 3)}）；校正后的校准斜率为 ${num(slope.corrected, 3)}。`,
    `${when}的校准图中，各风险组偏差校正后的实际生存率与平均预测生存率之差最大为 ${num(maxDiff, 3)}。`,
  ];
  const caveats = ['Bootstrap 仅为内部验证：它估计模型在同一人群新样本中的表现，不能代替外部验证。'];
  if (slope.corrected < 0.9) caveats.push(`校正后的校准斜率（${num(slope.corrected, 3)}）明显小于 1，提示模型过拟合，预测的风险差别偏大；可减少预测变量或用惩罚回归。`);
  if (m.epv < 10) caveats.push(`每个参数的事件数（EPV = ${num(m.epv, 1)}）少于 10，模型容易过拟合，验证结果的不确定性也较大。`);
  caveats.push('按风险分组的校准图只有少数几个点，每组的 Kaplan–Meier 估计有抽样误差（组内例数少时尤甚）；校准时间点应选在多数研究对象仍在随访的时段。');
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });
  const results: ToolOutput['results'] = { model: 'cox', n: m.n, events: m.events, excluded: m.excluded, parameters: m.parameters, epv: m.epv, eventValue: m.eventWord, B, seed, failed: v.failed, u, groups, baselineAtU: v.baselineAtU, calibrationMaxDiff: Number.isFinite(maxDiff) ? maxDiff : null };
  for (const k of order) {
    const r = get(k);
    Object.assign(results, { [`${KEY[k]}Apparent`]: r.apparent, [`${KEY[k]}Optimism`]: r.optimism, [`${KEY[k]}Corrected`]: r.corrected, [`${KEY[k]}OptimismSe`]: r.optimismSe });
  }
  return { title: `校准曲线 / 内部验证：${m.outcomeName}`, sections, results };
}
