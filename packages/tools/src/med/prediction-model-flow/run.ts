// 临床预测模型（一站式）: the flow Chinese clinical papers publish, in one report on one analysis
// set — LASSO selection (cross-validated λ), the ordinary multivariable logistic model refitted on
// the selected variables, its nomogram and risk calculator, ROC with a DeLong AUC CI, bootstrap
// internal validation with the calibration curve, decision curves, and a TRIPOD checklist saying
// which items the report covers. Every step calls the engine function its own tool calls, and the
// model pieces come from the nomogram/validation tools' shared model-c.ts and charts-c.ts.
import type { RiskCalculatorModel, ReportBlock } from '@labstat/contracts';
import { decisionCurve, lassoCv, nomogram, rocCurve, StatsError, thresholdGrid, validateLogistic, type DecisionCurveResult, type LassoCvResult, type LogisticValidationResult, type ValidationIndex, maxOf } from '@labstat/stats';
import { binaryLevels, levelNote } from '../../binary-outcome.js';
import { PALETTE, rocChart } from '../../charts.js';
import { pSentence, requireVariables } from '../../common.js';
import { modelInput, quoted } from '../../model-input.js';
import { termRows } from '../../model-terms.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { missingNote } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { calibrationChart, nomogramChart } from '../prediction/charts-c.js';
import { coefficientResults, fitPredictionModel, modelBlocks, type PredictionModel } from '../prediction/model-c.js';

/** The flow refuses a final model with fewer events per parameter than this, and warns below WARN_EPV. */
export const FLOW_MIN_EPV = 5;
const WARN_EPV = 10;
/** LASSO needs this many of the smaller outcome class (as the LASSO tool). */
const MIN_EVENTS = 10;
const RISK_AT = [0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99];
const FONT = { fontFamily: 'Times New Roman, SimSun, serif' };
const AXIS_LINE = { lineStyle: { color: '#000' } };
const MODEL = '预测模型';
const r6 = (v: number) => Number(v.toPrecision(6));
const plogis = (v: number) => 1 / (1 + Math.exp(-v));

const intParam = (v: unknown, fallback: number, lo: number, hi: number, what: string): number => {
  if (v === null || v === undefined || v === '') return fallback;
  const x = Number(v);
  if (!Number.isInteger(x) || x < lo || x > hi) throw new ToolInputError(`“${what}”须为 ${lo} ~ ${hi} 之间的整数`);
  return x;
};
const numParam = (v: unknown, fallback: number): number => (v === null || v === undefined || v === '' ? fallback : Number(v));

/** The same table restricted to `rows` (in order), so the refitted model uses LASSO's analysis set. */
function rowView(data: DataTable, rows: readonly number[]): DataTable {
  return {
    rows: rows.length,
    variables: data.variables,
    numeric: (name) => {
      const c = data.numeric(name);
      return rows.map((i) => c[i] ?? null);
    },
    text: (name) => {
      const c = data.text(name);
      return rows.map((i) => c[i] ?? null);
    },
  };
}

/** The cross-validation curve: mean error with ±1 SE bars against log(λ), λ.min and λ.1se marked. */
function cvChart(cv: LassoCvResult, title: string): ReportBlock {
  const xs = cv.lambda.map((l) => r6(Math.log(l)));
  return {
    type: 'chart',
    title,
    option: {
      textStyle: FONT,
      tooltip: { trigger: 'item' },
      legend: { bottom: 0, data: ['交叉验证二项偏差', '± 1 个标准误'] },
      grid: { left: 70, right: 30, top: 30, bottom: 60 },
      xAxis: { type: 'value', name: 'log(λ)', nameLocation: 'middle', nameGap: 28, scale: true, splitLine: { show: false }, axisLine: AXIS_LINE },
      yAxis: { type: 'value', name: '二项偏差', nameLocation: 'middle', nameGap: 50, scale: true, splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true } },
      series: [
        {
          type: 'lines',
          name: '± 1 个标准误',
          coordinateSystem: 'cartesian2d',
          silent: true,
          lineStyle: { color: '#909399', width: 1, opacity: 1 },
          data: xs.map((x, k) => ({ coords: [[x, r6(cv.cvm[k]! - cv.cvsd[k]!)], [x, r6(cv.cvm[k]! + cv.cvsd[k]!)]] })),
        },
        {
          type: 'scatter',
          name: '交叉验证二项偏差',
          symbolSize: 5,
          itemStyle: { color: '#F56C6C' },
          data: xs.map((x, k) => [x, r6(cv.cvm[k]!)]),
          markLine: {
            symbol: 'none',
            silent: true,
            lineStyle: { type: 'dashed', color: '#606266' },
            data: [
              { xAxis: r6(Math.log(cv.lambdaMin)), label: { formatter: 'λ.min', position: 'end' } },
              { xAxis: r6(Math.log(cv.lambdaSe)), label: { formatter: 'λ.1se', position: 'end' } },
            ],
          },
        },
      ],
    },
  };
}

/** Decision curves of the model with treat all and treat none (axes as dcurves' plot.dca). */
function dcaChart(res: DecisionCurveResult, title: string): ReportBlock {
  const curves = [
    { c: res.curves[0]!, name: MODEL, color: PALETTE[0]!, width: 2, dash: false },
    { c: res.all, name: '全部干预（Treat all）', color: '#606266', width: 1.5, dash: true },
    { c: res.none, name: '全部不干预（Treat none）', color: '#000000', width: 1.5, dash: false },
  ];
  return {
    type: 'chart',
    title,
    option: {
      textStyle: FONT,
      tooltip: { trigger: 'axis' },
      legend: { data: curves.map((c) => c.name), bottom: 0 },
      grid: { left: 70, right: 30, top: 30, bottom: 80 },
      xAxis: { type: 'value', name: '阈值概率', nameLocation: 'middle', nameGap: 28, min: res.thresholds[0], max: res.thresholds[res.thresholds.length - 1], splitLine: { show: false }, axisLine: AXIS_LINE },
      yAxis: { type: 'value', name: '净获益', nameLocation: 'middle', nameGap: 50, min: Number((-0.1 * res.prevalence).toFixed(4)), max: Number(res.prevalence.toFixed(4)), splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true, onZero: false } },
      series: curves.map(({ c, name, color, width, dash }) => ({
        type: 'line',
        name,
        clip: true,
        symbol: 'none',
        data: res.thresholds.map((t, i) => [t, c.netBenefit[i] === null ? null : r6(c.netBenefit[i]!)]),
        itemStyle: { color },
        lineStyle: { color, width, ...(dash ? { type: 'dashed' } : {}) },
      })),
    },
  };
}

/** The reader's risk calculator over the refitted model (numeric inputs default to the median). */
function calculatorModel(m: PredictionModel): RiskCalculatorModel {
  return {
    kind: 'logistic',
    intercept: m.intercept,
    inputs: m.terms.map((t) => {
      if (t.type === 'numeric') {
        const s = [...t.values].sort((a, b) => a - b);
        const median = s[Math.floor((s.length - 1) / 2)]! / 2 + s[Math.ceil((s.length - 1) / 2)]! / 2;
        return { type: 'numeric' as const, name: t.name, coef: t.coef, min: s[0]!, max: s[s.length - 1]!, value: Number(median.toPrecision(10)) };
      }
      return { type: 'categorical' as const, name: t.name, levels: t.levels.map((l) => ({ label: l.label, coef: l.coef })), value: t.levels[0]!.label };
    }),
    outcomeLabel: `${m.outcomeName}=${m.eventWord} 的预测概率`,
  };
}

/** Thresholds of the DCA grid shown in the table: round tenths inside the range (or about 8 evenly spaced). */
function tableIndexes(thresholds: readonly number[]): number[] {
  const tenths = thresholds.flatMap((t, i) => (Math.abs(t * 10 - Math.round(t * 10)) < 1e-9 ? [i] : []));
  if (tenths.length >= 3) return tenths;
  return [...new Set(Array.from({ length: 8 }, (_, k) => Math.round((k * (thresholds.length - 1)) / 7)))];
}

const fmtT = (t: number) => String(Number(t.toFixed(4)));

const INDEX_NAME: Record<ValidationIndex, string> = { C: 'C 指数（AUC）', Dxy: 'Somers’ Dxy', R2: 'Nagelkerke R²', Intercept: '校准截距', Slope: '校准斜率', Brier: 'Brier 评分' };
const INDEX_ORDER: ValidationIndex[] = ['C', 'Dxy', 'R2', 'Intercept', 'Slope', 'Brier'];
const KEY: Record<ValidationIndex, string> = { C: 'c', Dxy: 'dxy', R2: 'r2', Intercept: 'intercept', Slope: 'slope', Brier: 'brier' };

export function run(data: DataTable, params: Params): ToolOutput {
  const yName = String(params.y ?? '');
  if (!yName) throw new ToolInputError('请选择结局变量（二分类）');
  requireVariables(data, [yName]);
  const rule: 'min' | '1se' = params.lambdaRule === 'min' ? 'min' : '1se';
  const ruleName = rule === 'min' ? 'λ.min' : 'λ.1se';
  const nfolds = intParam(params.nfolds, 10, 3, 20, '交叉验证折数');
  const B = intParam(params.B, 200, 20, 2000, 'Bootstrap 次数');
  const seed = intParam(params.seed, 2026, 1, 999999, '随机数种子');
  const from = numParam(params.dcaFrom, 0.01);
  const to = numParam(params.dcaTo, 0.8);
  if (!(from >= 0 && to < 1 && from < to)) throw new ToolInputError(`DCA 阈值概率范围应满足 0 ≤ 起点 < 终点 < 1（当前为 ${from} ~ ${to}）`);

  // Step 1: the candidates on the rows complete in the outcome and every candidate.
  const yText = data.text(yName);
  const input = modelInput(data, params, yName, [{ name: yName, present: (i) => (yText[i] ?? '').trim() !== '' }]);
  const coding = binaryLevels(input.rows.map((i) => yText[i]!.trim()), yName, String(params.event ?? ''), '结局变量');
  const y: number[] = input.rows.map((i) => (yText[i]!.trim() === coding.positive ? 1 : 0));
  const n = y.length;
  const events = y.reduce((a, b) => a + b, 0);
  const minority = Math.min(events, n - events);
  const design = termRows(input.names, input.levels).filter((r) => !r.reference);
  const label = (r: (typeof design)[number]) => (r.level === null ? r.variable : `${r.variable}：${r.level}`);
  if (design.length < 2) throw new ToolInputError('LASSO 用于从多个候选变量中筛选，请至少选择 2 个候选变量（或 1 个多分类变量）');
  if (minority < MIN_EVENTS) throw new ToolInputError(`结局“${yName}”中较少一类只有 ${minority} 例，少于 ${MIN_EVENTS} 例，交叉验证、变量筛选与模型验证都不可靠；请增加样本或改用更常见的结局`);
  if (minority < nfolds) throw new ToolInputError(`结局中较少一类的例数（${minority}）少于折数（${nfolds}），部分折没有该类结局；请减少折数`);
  if (n < 3 * nfolds) throw new ToolInputError(`分析的行只有 ${n} 行，${nfolds} 折交叉验证每折至少需要 3 例；请减少折数或增加样本`);
  const xcols = design.map((r) => {
    const p = input.predictors.find((q) => q.name === r.variable)!;
    return r.level === null ? (p.values as number[]).slice() : (p.values as string[]).map((v) => (v === r.level ? 1 : 0));
  });
  let cv: LassoCvResult;
  try {
    cv = lassoCv(xcols, { y }, 'binomial', { alpha: 1, nfolds, seed });
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(`LASSO 拟合失败：${err.message}`);
    throw err;
  }
  const chosenIndex = rule === 'min' ? cv.indexMin : cv.indexSe;
  const beta = cv.path.beta[chosenIndex]!;
  const selectedAt = (b: readonly number[]) => [...new Set(design.filter((_, j) => b[j] !== 0).map((r) => r.variable))];
  const selected = selectedAt(beta);
  if (selected.length === 0) {
    const atMin = selectedAt(cv.path.beta[cv.indexMin]!);
    throw new ToolInputError(
      `按 ${ruleName} 准则，LASSO 把全部候选变量的系数压缩为 0，没有变量入选，无法建立预测模型。` +
        (rule === '1se' && atMin.length > 0 ? `可把“LASSO 采用的 λ”改为 λ.min（该处入选 ${atMin.length} 个变量：${quoted(atMin)}），` : '') +
        '或检查候选变量与结局是否确有关联、增加样本量。',
    );
  }

  // Step 2: the ordinary logistic model on the selected variables, same rows, same level order.
  const selX = input.xs.filter((v) => selected.includes(v));
  const selF = input.fs.filter((v) => selected.includes(v));
  const parameters = [...selX, ...selF].reduce((s, v) => s + input.columnsOf(v), 0);
  const epv = minority / parameters;
  if (epv < FLOW_MIN_EPV) {
    throw new ToolInputError(
      `LASSO 入选的 ${selected.length} 个变量共 ${parameters} 个参数，而结局中较少一类只有 ${minority} 例（EPV = ${num(epv, 1)} < ${FLOW_MIN_EPV}），最终模型会严重过拟合。请${rule === 'min' ? '改用 λ.1se、' : ''}减少候选变量或合并分类变量的类别，或增加样本`,
    );
  }
  // The user's reference entries for the selected factors: on the same rows they give the same level order.
  const reference = String(params.reference ?? '')
    .split(/[;；\n]/)
    .filter((e) => selF.includes((/^(.*?)[=＝:：]/.exec(e.trim())?.[1] ?? '').trim()))
    .join('; ');
  const m = fitPredictionModel(rowView(data, input.rows), { ...params, x: selX, factors: selF, reference }, false);
  for (const f of selF) if (m.input.levels.get(f)!.join('\u0000') !== input.levels.get(f)!.join('\u0000')) throw new Error(`level order of ${f} changed in the refit`);
  const risk = m.xb.map((v) => plogis(v + m.intercept));

  // Step 3: discrimination, internal validation and calibration, decision curves.
  let roc;
  let v: LogisticValidationResult;
  let dca: DecisionCurveResult;
  try {
    roc = rocCurve(risk, m.y, { positive: 1, direction: '<', level: 0.95 });
    v = validateLogistic({ columns: m.design.map((c) => c.values), y: m.y, B, seed });
    dca = decisionCurve(m.y, [{ name: MODEL, risk }], thresholdGrid(from, to, 0.01));
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(`模型评价失败：${err.message}`);
    throw err;
  }
  const nom = nomogram({ kind: 'logistic', terms: m.terms, intercept: m.intercept, linearPredictors: m.xb.map((x) => x + m.intercept), riskAt: RISK_AT });

  const sections: ToolOutput['sections'] = [];
  const candidates = input.names.length;
  sections.push({
    title: '研究对象与设置',
    blocks: [
      table(
        '表1 分析样本与建模设置',
        ['纳入例数', `结局发生（${coding.positive}）`, '因缺失排除', '候选变量', '设计矩阵列数', '最终模型参数', '最终模型 EPV', 'λ 准则', '交叉验证', 'Bootstrap', '随机种子'],
        [[n, `${events}（${num((100 * events) / n, 1)}%）`, input.excluded, candidates, design.length, parameters, num(epv, 1), ruleName, `${nfolds} 折`, `B = ${B}`, seed]],
        [
          levelNote('结局变量', yName, coding, '代表结局发生的取值'),
          missingNote(input.excluded),
          '完整病例分析：任一候选变量或结局缺失的行不参与分析；LASSO、最终模型与各项评价使用同一批研究对象。',
          ...(input.fs.length > 0 ? [`分类变量按参照水平转为哑变量（参照：${input.fs.map((f) => `${f}=${input.levels.get(f)![0]}`).join('；')}）。`] : []),
          'EPV 为结局中较少一类的例数除以最终模型的参数个数（不含常数项）。',
        ],
      ),
    ],
  });

  // LASSO.
  const cell = (b: number) => (b === 0 ? '0' : num(b, 4));
  const bMin = cv.path.beta[cv.indexMin]!;
  const bSe = cv.path.beta[cv.indexSe]!;
  const lambdaRow = (name: string, k: number) => [name, num(cv.lambda[k]!, 5), num(Math.log(cv.lambda[k]!), 3), num(cv.cvm[k]!, 4), num(cv.cvsd[k]!, 4), cv.nzero[k]!];
  sections.push({
    title: '第一步：LASSO 变量筛选',
    blocks: [
      table('表2 交叉验证选出的 λ', ['准则', 'λ', 'log(λ)', '交叉验证二项偏差', '标准误', '非零系数个数'], [lambdaRow('λ.min', cv.indexMin), lambdaRow('λ.1se', cv.indexSe)], [
        `Logistic LASSO（同 R glmnet::cv.glmnet(family = "binomial", nfolds = ${nfolds})）：候选变量标准化后压缩，λ 路径 ${cv.lambda.length} 个值；λ.min 使交叉验证二项偏差最小，λ.1se 为偏差在最小值 1 个标准误以内的最大 λ。`,
        `分折由随机种子 ${seed} 决定（本软件的随机数发生器，与 R 的分折不同；λ 路径与系数一致，λ.min / λ.1se 可能略有差别）。`,
      ]),
      cvChart(cv, `图1 ${nfolds} 折交叉验证曲线（虚线为 λ.min 与 λ.1se）`),
      table(
        `表3 候选变量的 LASSO 系数（本报告采用 ${ruleName}）`,
        ['变量', 'λ.min 系数', 'λ.1se 系数', '进入最终模型'],
        design.map((r, j) => [label(r), cell(bMin[j]!), cell(bSe[j]!), selected.includes(r.variable) ? '是' : '否']),
        [
          '系数为原始单位、已压缩向 0 的估计，0 表示未入选；不能据此报告 OR 或 P 值，最终效应见表4。',
          `按 ${ruleName} 入选 ${selected.length} 个变量：${quoted(selected)}。多分类变量只要有一个类别的系数不为 0 即整体进入最终模型。`,
        ],
      ),
    ],
  });

  // The multivariable model.
  sections.push({ title: '第二步：多因素 Logistic 回归模型', blocks: modelBlocks(m, '表4 入选变量的多因素 Logistic 回归（最终模型）', '图2 最终模型的 OR（森林图）') });

  // Nomogram and calculator.
  const widest = nom.predictors.reduce((best, p) => (maxOf(p.points) > maxOf(best.points) ? p : best));
  sections.push({
    title: '第三步：列线图与风险计算器',
    blocks: [
      nomogramChart(nom, { title: `图3 预测“${m.outcomeName}=${m.eventWord}”概率的列线图`, outcomeLabels: [`${m.outcomeName}=${m.eventWord} 的概率`], lpLabel: '线性预测值' }),
      table('表5 各预测变量取值对应的得分', ['变量', '取值', '得分'], nom.predictors.flatMap((p) => p.labels.map((l, k) => [k === 0 ? p.name : '', l, num(p.points[k]!, 1)])), [
        `得分按回归系数折算：效应范围最大的变量（“${widest.name}”）记 0–100 分，其余按同一比例（每单位线性预测值 ${num(nom.scale, 3)} 分）；总分 P 对应 logit(p) = ${num(nom.lpAtZero, 4)} + P / ${num(nom.scale, 4)}（同 R rms::nomogram）。`,
      ]),
      { type: 'calculator', title: '风险计算器：设置各预测变量的取值，查看预测的发生概率', model: calculatorModel(m) },
    ],
  });

  // ROC.
  const pct = 95;
  const best = roc.best;
  sections.push({
    title: '第四步：区分度（ROC 曲线）',
    blocks: [
      rocChart(
        [{ name: `${MODEL}（AUC = ${roc.auc.toFixed(3)}，95%CI ${roc.ci[0].toFixed(3)} ~ ${roc.ci[1].toFixed(3)}）`, points: roc.points.map((p): [number, number] => [1 - p.specificity, p.sensitivity]), best: [1 - best.specificity, best.sensitivity] }],
        { title: '图4 最终模型预测概率的 ROC 曲线', bestLabel: '约登指数最佳截断点' },
      ),
      table(
        '表6 ROC 曲线下面积与最佳截断点',
        ['AUC', '标准误', `${pct}%CI`, 'P', '最佳截断概率', '灵敏度', '特异度', '约登指数'],
        [[num(roc.auc, 3), num(roc.se, 4), `${num(roc.ci[0], 3)} ~ ${num(roc.ci[1], 3)}`, formatP(roc.pValue), num(best.threshold, 3), num(best.sensitivity, 3), num(best.specificity, 3), num(best.youden, 3)]],
        ['AUC 的标准误与置信区间为 DeLong 法（同 R pROC::roc + ci.auc(method = "delong")）；P 为 AUC = 0.5 的检验。', '这是在建模数据上的表观 AUC，乐观度校正后的 C 指数见表7。'],
      ),
    ],
  });

  // Internal validation and calibration.
  const row = new Map(v.indexes.map((r) => [r.index, r]));
  const get = (k: ValidationIndex) => row.get(k)!;
  const digits = (k: ValidationIndex) => (k === 'Brier' ? 4 : 3);
  const c = v.calibration;
  const hl = v.hosmerLemeshow;
  const hlOk = hl.df >= 1 && Number.isFinite(hl.pValue);
  sections.push({
    title: '第五步：内部验证与校准',
    blocks: [
      table(
        `表7 Bootstrap 内部验证（B = ${B}）`,
        ['指标', '表观值', '乐观度', '校正值', '乐观度的蒙特卡洛标准误'],
        INDEX_ORDER.map((k) => {
          const r = get(k);
          return [INDEX_NAME[k], num(r.apparent, digits(k)), num(r.optimism, 4), num(r.corrected, digits(k)), num(r.optimismSe, 4)];
        }),
        [
          '同 R rms::validate(lrm(...), method = "boot")：每次有放回抽样重新拟合最终模型，乐观度 = 训练样本指标 − 原数据指标的平均，校正值 = 表观值 − 乐观度。',
          `随机数种子 ${seed}${v.failed > 0 ? `；${v.failed} 个 Bootstrap 样本的模型无法拟合，已剔除` : ''}。Bootstrap 中未重复 LASSO 筛选，乐观度可能被低估。`,
        ],
      ),
      calibrationChart(c, v.fitted, { title: `图5 校准曲线（Bootstrap B = ${B}）`, B: B - v.failed }),
      table(
        '表8 校准的误差与 Hosmer–Lemeshow 检验',
        ['平均绝对误差', '均方误差', '绝对误差 0.9 分位数', 'HL χ²', 'HL df', 'HL P'],
        [[num(c.meanAbsoluteError, 4), num(c.meanSquaredError, 5), num(c.quantile90, 4), hlOk ? num(hl.statistic, 3) : '—', hlOk ? hl.df : '—', hlOk ? formatP(hl.pValue) : '—']],
        ['误差为每例预测概率与偏差校正曲线之差（同 print(rms::calibrate)）；Hosmer–Lemeshow 检验按预测概率十分位数分 10 组（同 ResourceSelection::hoslem.test，g = 10）。'],
      ),
    ],
  });

  // DCA.
  const model = dca.curves[0]!;
  const idx = tableIndexes(dca.thresholds);
  const beats = dca.thresholds.map((_, i) => model.netBenefit[i] !== null && model.netBenefit[i]! > Math.max(0, dca.all.netBenefit[i] ?? -Infinity) + 1e-12);
  const ranges: Array<[number, number]> = [];
  let start = -1;
  beats.forEach((ok, i) => {
    if (ok && start < 0) start = i;
    if ((!ok || i === beats.length - 1) && start >= 0) {
      ranges.push([dca.thresholds[start]!, dca.thresholds[ok ? i : i - 1]!]);
      start = -1;
    }
  });
  const rangeText = ranges.map(([a, b]) => (a === b ? fmtT(a) : `${fmtT(a)} ~ ${fmtT(b)}`)).join('、');
  // The widest run, for the conclusion (ties with treat all at low thresholds split the runs).
  const main = ranges.reduce<[number, number] | null>((w, r) => (w === null || r[1] - r[0] > w[1] - w[0] ? r : w), null);
  const mainText = main === null ? '' : main[0] === main[1] ? fmtT(main[0]) : `${fmtT(main[0])} ~ ${fmtT(main[1])}`;
  sections.push({
    title: '第六步：临床决策曲线（DCA）',
    blocks: [
      dcaChart(dca, `图6 决策曲线（阈值概率 ${fmtT(from)} ~ ${fmtT(dca.thresholds[dca.thresholds.length - 1]!)}）`),
      table(
        '表9 各阈值概率下的净获益',
        ['阈值概率', MODEL, '全部干预', '全部不干预'],
        idx.map((i) => [fmtT(dca.thresholds[i]!), num(model.netBenefit[i] ?? null, 4), num(dca.all.netBenefit[i] ?? null, 4), 0]),
        [
          `净获益 = 真阳性/n − 假阳性/n × pt/(1 − pt)，预测概率 ≥ 阈值概率 pt 者视为干预（同 R dcurves::dca）；结局发生率 ${num(dca.prevalence, 3)}。`,
          ranges.length > 0 ? `模型的净获益高于“全部干预”与“全部不干预”的阈值范围：${rangeText}。` : '在所选阈值范围内，模型的净获益均未同时高于“全部干预”与“全部不干预”。',
        ],
      ),
    ],
  });

  // TRIPOD checklist.
  const yes = '是';
  const part = '部分';
  const no = '否（需作者补充）';
  sections.push({
    title: 'TRIPOD 报告条目对照',
    blocks: [
      table(
        '表10 TRIPOD 声明（开发型研究）主要条目在本报告中的覆盖情况',
        ['条目', '内容', '本报告', '位置 / 说明'],
        [
          ['4a, 5a', '数据来源、研究对象与纳入标准', no, '研究设计、场所、时间与纳入排除标准'],
          ['6a', '结局的定义', part, `结局变量“${yName}”及其编码（表1 脚注）；定义与评估方法需补充`],
          ['7a', '预测因素的定义', part, `候选变量 ${candidates} 个（表3）；测量方法需补充`],
          ['8', '样本量', yes, `n = ${n}，结局发生 ${events} 例，EPV = ${num(epv, 1)}（表1）`],
          ['9', '缺失数据的处理', yes, `完整病例分析，排除 ${input.excluded} 例（表1）`],
          ['10a', '预测因素在分析中的处理', yes, '定量变量线性项，分类变量哑变量（表1、表3）'],
          ['10b', '模型类型、建模步骤（含变量筛选）与内部验证方法', yes, `LASSO（${nfolds} 折交叉验证，${ruleName}）→ Logistic 回归；Bootstrap 内部验证 B = ${B}（表2、表4、表7）`],
          ['10d', '模型表现的评价指标', yes, 'AUC、校准截距与斜率、Brier 评分、校准曲线、HL 检验、决策曲线（表6–9）'],
          ['13a', '研究对象流程（纳入与排除例数）', part, `分析 ${n} 例、因缺失排除 ${input.excluded} 例；流程图需补充`],
          ['13b', '研究对象特征（基线表）', no, '可用“三线表 / 基线特征表”工具按结局分组描述'],
          ['14a', '参与者数与结局事件数', yes, '表1'],
          ['14b', '预测因素与结局的未调整关联', no, '可用单因素 Logistic 回归补充'],
          ['15a', '完整的模型（全部回归系数与截距）', yes, '表4'],
          ['15b', '模型的使用方法', yes, '列线图（图3、表5）与风险计算器'],
          ['16', '模型表现（含置信区间）', yes, `AUC 与 95%CI（表6）、乐观度校正的指标（表7）`],
          ['10e, 17', '模型更新 / 外部验证', no, '本报告仅含内部验证'],
          ['18–20', '局限性、解释与临床意义', part, '见“结论”中的注意事项；需结合研究背景讨论'],
        ],
        ['条目编号按 TRIPOD 2015 清单（Collins GS 等，BMJ 2015;350:g7594）。“是”表示本报告给出了该条目所需的统计内容，写作时仍需按清单逐条核对。'],
      ),
    ],
  });

  // Conclusion, worded as a results section.
  const C = get('C');
  const slope = get('Slope');
  const brier = get('Brier');
  const sig = m.rows.filter((r) => !r.reference && m.ratio(r.column!).p < 0.05);
  const describe = (r: (typeof sig)[number]) => {
    const q = m.ratio(r.column!);
    return `${r.level === null ? `“${r.variable}”` : `“${r.variable}”为“${r.level}”`}（OR = ${num(q.ratio, 3)}，95%CI ${num(q.ci[0], 3)} ~ ${num(q.ci[1], 3)}，${pSentence(q.p)}）`;
  };
  const parts = [
    `共纳入 ${n} 例，“${yName}”为“${coding.positive}”者 ${events} 例（${num((100 * events) / n, 1)}%）。`,
    `对 ${candidates} 个候选变量进行 LASSO 回归，经 ${nfolds} 折交叉验证按 ${ruleName} 准则（λ = ${num(cv.lambda[chosenIndex]!, 5)}）筛选出 ${selected.length} 个变量：${quoted(selected)}。`,
    `将其纳入多因素 Logistic 回归${sig.length > 0 ? `，${sig.map(describe).join('、')}为独立预测因素` : '，各变量的效应均无统计学意义'}，并据此构建列线图（图3）。`,
    `模型的 AUC 为 ${num(roc.auc, 3)}（95%CI ${num(roc.ci[0], 3)} ~ ${num(roc.ci[1], 3)}）；经 ${B} 次 Bootstrap 内部验证，校正后的 C 指数为 ${num(C.corrected, 3)}，校准斜率为 ${num(slope.corrected, 3)}，Brier 评分为 ${num(brier.corrected, 4)}，校准曲线的平均绝对误差为 ${num(c.meanAbsoluteError, 3)}` +
      (hlOk ? `，Hosmer–Lemeshow 检验 χ² = ${num(hl.statistic, 3)}，${pSentence(hl.pValue)}。` : '。'),
    ranges.length > 0
      ? `决策曲线显示，阈值概率在 ${mainText}${ranges.length > 1 ? '（主要范围，完整范围见表9 脚注）' : ''} 时，按模型决策的净获益同时高于全部干预与全部不干预。`
      : '决策曲线显示，在所选阈值范围内模型的净获益未能同时高于全部干预与全部不干预。',
  ];
  const caveats = [
    '所有评价均在建模数据上完成（Bootstrap 为内部验证），不能代替在其他中心或其他时期数据中的外部验证。',
    'Bootstrap 内部验证针对最终模型，未在每个重抽样样本中重复 LASSO 筛选，乐观度可能被低估。',
    '最终模型的系数来自普通 Logistic 回归（未压缩）；LASSO 只用于筛选变量。',
  ];
  if (epv < WARN_EPV) caveats.push(`最终模型每参数事件数（EPV = ${num(epv, 1)}）少于 ${WARN_EPV}，存在过拟合风险，请关注校正后的校准斜率。`);
  if (slope.corrected < 0.9) caveats.push(`校正后的校准斜率（${num(slope.corrected, 3)}）明显小于 1，提示过拟合，预测概率偏极端；可考虑按斜率收缩系数。`);
  if (selF.some((f) => input.levels.get(f)!.length > 2)) caveats.push('多分类变量只有部分类别被 LASSO 选中时，本报告仍纳入整个变量（全部类别）。');
  if (v.failed > 0) caveats.push(`${v.failed} 个 Bootstrap 样本的模型无法拟合，已剔除。`);
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  const results: ToolOutput['results'] = {
    model: 'logistic',
    n,
    events,
    excluded: input.excluded,
    eventValue: coding.positive,
    candidates,
    columns: design.length,
    lambdaRule: rule,
    nfolds,
    seed,
    B,
    lambdaMin: cv.lambdaMin,
    lambdaSe: cv.lambdaSe,
    lambdaChosen: cv.lambda[chosenIndex]!,
    nSelected: selected.length,
    selectedVariables: selected.join('、'),
    parameters,
    epv,
    auc: roc.auc,
    aucSe: roc.se,
    aucLower: roc.ci[0],
    aucUpper: roc.ci[1],
    bestThreshold: best.threshold,
    sensitivity: best.sensitivity,
    specificity: best.specificity,
    failed: v.failed,
    hlStatistic: hlOk ? hl.statistic : null,
    hlDf: hlOk ? hl.df : null,
    hlP: hlOk ? hl.pValue : null,
    calibrationMae: c.meanAbsoluteError,
    prevalence: dca.prevalence,
    dcaFrom: from,
    dcaTo: dca.thresholds[dca.thresholds.length - 1]!,
    dcaUsefulRange: rangeText,
    dcaMainRange: mainText,
    dcaMainFrom: main === null ? null : main[0],
    dcaMainTo: main === null ? null : main[1],
    pointsPerUnit: nom.scale,
    widestPredictor: widest.name,
  };
  Object.assign(results, coefficientResults(m));
  design.forEach((r, j) => {
    results[`lassoCoef.${r.column}`] = beta[j]!;
  });
  for (const k of INDEX_ORDER) {
    const r = get(k);
    Object.assign(results, { [`${KEY[k]}Apparent`]: r.apparent, [`${KEY[k]}Optimism`]: r.optimism, [`${KEY[k]}Corrected`]: r.corrected });
  }
  for (const i of idx) results[`netBenefit.${fmtT(dca.thresholds[i]!)}`] = model.netBenefit[i] ?? null;
  return { title: `临床预测模型：${yName}`, sections, results };
}
