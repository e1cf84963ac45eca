// 二元 Logistic 回归: univariable screening (each covariate alone), then the multivariable model
// (all entered, screened by univariable P, or stepwise forward/backward by likelihood-ratio P or
// AIC) with ORs, a forest plot, the model's LR test and pseudo-R², Hosmer–Lemeshow, the
// classification table at a chosen cut-off, the ROC of the fitted probabilities and (G)VIFs.
// Categorical covariates take a reference level; separation is refused with the terms named.
import { logisticRegression, rocCurve, StatsError, stepwiseSelection, type LogisticRegressionResult, type Predictor } from '@labstat/stats';
import { binaryLevels, levelNote } from '../../binary-outcome.js';
import { forestChart, rocChart } from '../../charts.js';
import { levelOf, pSentence, requireVariables } from '../../common.js';
import { factorDrop1, forestRows, parseReferences, termRows, type FactorTest, type TermRow } from '../../model-terms.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { levelOrder, missingNote, numericValues } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const MAX_LEVELS = 15;
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String).filter((x) => x !== '') : typeof v === 'string' && v !== '' ? [v] : []);
const quoted = (xs: readonly string[]) => xs.map((v) => `“${v}”`).join('、');

/** log det of a symmetric positive-definite matrix by Cholesky; NaN when it is not (exact collinearity). */
function logDet(m: number[][]): number {
  const n = m.length;
  const l = m.map((r) => r.map(() => 0));
  let sum = 0;
  for (let j = 0; j < n; j++) {
    let d = m[j]![j]!;
    for (let k = 0; k < j; k++) d -= l[j]![k]! ** 2;
    if (!(d > 1e-12)) return NaN;
    l[j]![j] = Math.sqrt(d);
    sum += Math.log(d);
    for (let i = j + 1; i < n; i++) {
      let s = m[i]![j]!;
      for (let k = 0; k < j; k++) s -= l[i]![k]! * l[j]![k]!;
      l[i]![j] = s / l[j]![j]!;
    }
  }
  return sum;
}

/**
 * Generalised VIF per term (Fox & Monette 1992, as car::vif): det(R₁₁)·det(R₂₂)/det(R) from the
 * correlation matrix of the design columns; equal to 1/(1 − R²) for a one-column term.
 */
function gvif(blocks: ReadonlyArray<{ term: string; columns: number[][] }>): Array<{ term: string; gvif: number; df: number }> {
  const cols = blocks.flatMap((b) => b.columns);
  const std = cols.map((c) => {
    const m = c.reduce((a, b) => a + b, 0) / c.length;
    const s = Math.sqrt(c.reduce((a, b) => a + (b - m) ** 2, 0));
    return c.map((v) => (v - m) / s);
  });
  const r = std.map((a) => std.map((b) => a.reduce((s, v, i) => s + v * b[i]!, 0)));
  const all = logDet(r);
  let start = 0;
  return blocks.map((b) => {
    const inside = b.columns.map((_, k) => start + k);
    start += b.columns.length;
    const outside = r.map((_, k) => k).filter((k) => !inside.includes(k));
    const sub = (idx: number[]) => idx.map((i) => idx.map((j) => r[i]![j]!));
    return { term: b.term, gvif: Math.exp(logDet(sub(inside)) + logDet(sub(outside)) - all), df: b.columns.length };
  });
}

export function run(data: DataTable, params: Params): ToolOutput {
  const yName = String(params.y ?? '');
  const xs = list(params.x);
  const fs = list(params.factors);
  if (!yName) throw new ToolInputError('请选择结局变量（二分类）');
  if (xs.length + fs.length === 0) throw new ToolInputError('请至少选择一个自变量（定量或分类）');
  requireVariables(data, [yName, ...xs, ...fs]);
  const both = xs.filter((x) => fs.includes(x));
  if (both.length > 0) throw new ToolInputError(`变量“${both[0]}”同时被选为定量与分类自变量，请只保留一种`);
  if ([...xs, ...fs].includes(yName)) throw new ToolInputError(`结局变量“${yName}”不能同时作为自变量`);
  const level = levelOf(params);
  const pct = Math.round(level * 100);
  const cutoff = typeof params.cutoff === 'number' && params.cutoff > 0 && params.cutoff < 1 ? params.cutoff : 0.5;
  const profile = params.ciMethod === 'profile';
  const selection = ['screen', 'forward', 'backward'].includes(String(params.selection)) ? (String(params.selection) as 'screen' | 'forward' | 'backward') : 'all';
  const criterion = params.criterion === 'aic' ? 'aic' : 'p';

  // Listwise deletion over the outcome and every covariate.
  const yText = data.text(yName);
  const numeric = new Map(xs.map((x) => [x, numericValues(data, x)]));
  const textCols = new Map(fs.map((f) => [f, data.text(f)]));
  const rows: number[] = [];
  for (let i = 0; i < data.rows; i++) {
    const v = yText[i];
    if (v === null || v === undefined || v.trim() === '') continue;
    if ([...numeric.values()].some((c) => c[i] === null)) continue;
    if ([...textCols.values()].some((c) => c[i] === null || c[i]!.trim() === '')) continue;
    rows.push(i);
  }
  if (rows.length === 0) throw new ToolInputError('去除缺失值后没有可分析的行，请检查所选变量');
  const excluded = data.rows - rows.length;
  const yValues = rows.map((i) => yText[i]!.trim());
  const coding = binaryLevels(yValues, yName, String(params.event ?? ''), '结局变量');
  const y: number[] = yValues.map((v) => (v === coding.positive ? 1 : 0));
  const n = y.length;
  const events = y.reduce((a, b) => a + b, 0);
  const nonEvents = n - events;
  const eventWord = coding.positive;
  /** The outcome as running text names it: “低出生体重=是”. */
  const outcome = `“${yName}=${eventWord}”`;
  const xv = new Map(xs.map((x) => [x, rows.map((i) => numeric.get(x)![i]!)]));
  const fv = new Map(fs.map((f) => [f, rows.map((i) => textCols.get(f)![i]!.trim())]));

  for (const x of xs) {
    const v = xv.get(x)!;
    if (v.every((u) => u === v[0])) throw new ToolInputError(`定量自变量“${x}”在分析的行中取值恒定（均为 ${v[0]}），无法估计其效应，请删除该变量`);
  }
  const refs = parseReferences(params.reference, fs);
  const levels = new Map(fs.map((f) => [f, levelOrder(fv.get(f)!, f, refs.get(f) ?? [])]));
  const levelCounts = new Map<string, Map<string, { n: number; events: number }>>();
  for (const f of fs) {
    const lv = levels.get(f)!;
    if (lv.length < 2) throw new ToolInputError(`分类自变量“${f}”在分析的行中只有一个类别（“${lv[0]}”），无法纳入模型，请删除该变量`);
    if (lv.length > MAX_LEVELS) throw new ToolInputError(`分类自变量“${f}”有 ${lv.length} 个类别，超过 ${MAX_LEVELS} 个；请合并类别，或把它作为定量变量`);
    const counts = new Map(lv.map((l) => [l, { n: 0, events: 0 }]));
    fv.get(f)!.forEach((v, i) => {
      const c = counts.get(v)!;
      c.n++;
      c.events += y[i]!;
    });
    levelCounts.set(f, counts);
  }
  const columnsOf = (name: string) => (xs.includes(name) ? 1 : levels.get(name)!.length - 1);
  const names = [...xs, ...fs];
  const minority = Math.min(events, nonEvents);
  const maxColumns = Math.max(...names.map(columnsOf));
  if (minority <= maxColumns) throw new ToolInputError(`结局“${yName}”中较少一类只有 ${minority} 例，需多于模型参数个数（${maxColumns}）。请合并分类变量的类别或收集更多资料`);
  for (const f of fs) {
    for (const [l, c] of levelCounts.get(f)!) {
      if (c.events === 0 || c.events === c.n) {
        throw new ToolInputError(
          `分类自变量“${f}”的类别“${l}”（${c.n} 例）${c.events === 0 ? `中没有发生“${eventWord}”` : `全部为“${eventWord}”`}，存在准完全分离，其 OR 趋于${c.events === 0 ? ' 0' : '无穷大'}、最大似然估计不存在；请将该类别与相邻类别合并，或删除这些行`,
        );
      }
    }
  }

  const predictorOf = (name: string): Predictor =>
    xs.includes(name) ? { name, values: xv.get(name)!, type: 'numeric' } : { name, values: fv.get(name)!, type: 'categorical', reference: levels.get(name)![0] };
  const fit = (use: readonly string[], withProfile = profile): LogisticRegressionResult =>
    logisticRegression({ y, event: 1, predictors: use.map(predictorOf), level, cutoff, profile: withProfile });
  const ciOf = (c: LogisticRegressionResult['coefficients'][number]): readonly [number, number] => (profile && c.oddsRatioProfileCi ? c.oddsRatioProfileCi : c.oddsRatioCi);
  const ciName = profile ? '轮廓似然' : 'Wald';

  // Univariable screening: each covariate alone on the same rows.
  const uni = new Map<string, { fit: LogisticRegressionResult | null; error: string | null }>();
  for (const name of names) {
    try {
      uni.set(name, { fit: fit([name]), error: null });
    } catch (err) {
      if (!(err instanceof StatsError)) throw err;
      uni.set(name, { fit: null, error: err.message });
    }
  }
  const lrP = (name: string) => uni.get(name)!.fit?.modelPValue ?? NaN;
  const screenP = typeof params.screenP === 'number' && params.screenP > 0 ? params.screenP : 0.1;

  // Which covariates enter the multivariable model.
  let selected: string[] = names;
  let stepRows: Array<Array<string | number | null>> = [];
  if (selection === 'screen') selected = names.filter((v) => lrP(v) < screenP);
  if (selection === 'forward' || selection === 'backward') {
    try {
      const step = stepwiseSelection({ model: 'logistic', y, event: 1, predictors: names.map(predictorOf), direction: selection, criterion });
      selected = step.selected;
      stepRows = step.steps.map((s, i) => [i + 1, s.action === 'add' ? '引入' : '剔除', s.term, s.df, criterion === 'p' ? formatP(s.value) : num(s.value, 3)]);
    } catch (err) {
      if (err instanceof StatsError) throw new ToolInputError(`逐步回归：${err.message}`);
      throw err;
    }
  }

  const uniFootnotes: string[] = [];
  const uniRows = termRows(names, levels).map((r, i, all) => {
    const u = uni.get(r.variable)!;
    const first = i === 0 || all[i - 1]!.variable !== r.variable;
    const counts = r.level !== null ? levelCounts.get(r.variable)!.get(r.level)! : null;
    const head = [first ? r.variable : '', r.level ?? '', counts?.n ?? '', counts ? `${counts.events}（${num((100 * counts.events) / counts.n, 1)}%）` : ''];
    const overall = first ? (u.fit ? formatP(u.fit.modelPValue) : '—') : '';
    if (!u.fit) {
      if (first) uniFootnotes.push(`“${r.variable}”单独拟合失败：${u.error}`);
      return [...head, first ? '无法估计' : '', '', '', overall];
    }
    if (r.reference) return [...head, '1（参照）', '', '', overall];
    const c = u.fit.coefficients.find((x) => x.term === r.column)!;
    const ci = ciOf(c);
    return [...head, num(c.oddsRatio, 3), `${num(ci[0], 3) ?? '0'} ~ ${num(ci[1], 3) ?? '∞'}`, formatP(c.pValue), overall];
  });

  let multi: LogisticRegressionResult | null = null;
  let drop1: Map<string, FactorTest> = new Map();
  if (selected.length > 0) {
    const p = selected.reduce((s, v) => s + columnsOf(v), 0);
    if (minority <= p) throw new ToolInputError(`结局中较少一类只有 ${minority} 例：多因素模型有 ${p} 个参数，须多于参数个数（一般建议每个参数至少 10 例）。请减少自变量或合并类别`);
    try {
      multi = fit(selected);
    } catch (err) {
      if (err instanceof StatsError) throw new ToolInputError(`多因素模型：${err.message}`);
      throw err;
    }
    const m = multi;
    drop1 = factorDrop1(selected, fs, columnsOf, (rest) => fit(rest, false).deviance, m.deviance, m.nullDeviance);
  }
  const params0 = multi ? multi.coefficients.length - 1 : 0;

  const sections: ToolOutput['sections'] = [];
  sections.push({
    title: '样本概况',
    blocks: [
      table(
        '表1 分析样本',
        ['纳入例数', `结局发生（${eventWord}）`, `未发生（${coding.negative}）`, '因缺失排除', '多因素模型参数', '每参数事件数（EPV）'],
        [[n, events, nonEvents, excluded, params0 || '—', params0 ? num(minority / params0, 1) : '—']],
        [levelNote('结局变量', yName, coding, '代表结局发生的取值'), missingNote(excluded), '单因素与多因素分析使用同一批观测；EPV 为结局中较少一类的例数除以模型参数个数（不含常数项）。'],
      ),
    ],
  });
  sections.push({
    title: '单因素 Logistic 回归',
    blocks: [
      table('表2 单因素 Logistic 回归（每个变量单独拟合）', ['变量', '类别', '例数', `${eventWord}（%）`, 'OR', `${pct}%CI`, 'P', '整体 P'], uniRows, [
        `OR 的 P 为 Wald 检验，置信区间为 ${ciName} 法；整体 P 为该变量的似然比检验（多分类变量为全部哑变量的联合检验）。`,
        ...(selection === 'screen' ? [`多因素模型纳入整体 P < ${screenP} 的变量：${selected.length > 0 ? quoted(selected) : '无'}。`] : []),
        ...uniFootnotes,
      ]),
    ],
  });

  const results: ToolOutput['results'] = { n, events, excluded, eventValue: eventWord, selection, selected: selected.join('、') };
  for (const name of names) {
    const u = uni.get(name)!.fit;
    results[`uniLrP.${name}`] = u ? u.modelPValue : null;
    for (const c of u?.coefficients.slice(1) ?? []) {
      const ci = ciOf(c);
      results[`uniOr.${c.term}`] = c.oddsRatio;
      results[`uniOrLower.${c.term}`] = finiteOrNull(ci[0]);
      results[`uniOrUpper.${c.term}`] = finiteOrNull(ci[1]);
      results[`uniP.${c.term}`] = c.pValue;
    }
  }

  const parts: string[] = [];
  const caveats: string[] = [];
  parts.push(`共纳入 ${n} 例，其中“${yName}”为“${eventWord}”者 ${events} 例（${num((100 * events) / n, 1)}%）。`);
  const uniSig = names.filter((v) => lrP(v) < 1 - level);
  parts.push(uniSig.length > 0 ? `单因素 Logistic 回归中，${quoted(uniSig)}与${outcome}有关（P < ${num(1 - level, 3)}）。` : '单因素 Logistic 回归中，各变量与结局的关联均无统计学意义。');

  const methodText = { all: '全部纳入法（Enter）', screen: `单因素筛选（P < ${screenP}）后全部纳入`, forward: `向前逐步法（${criterion === 'p' ? '似然比 P 值，引入 0.05、剔除 0.10' : 'AIC'}）`, backward: `向后逐步法（${criterion === 'p' ? '似然比 P 值，引入 0.05、剔除 0.10' : 'AIC'}）` }[selection];
  if (stepRows.length > 0 || selection === 'forward' || selection === 'backward') {
    sections.push({
      title: '逐步回归过程',
      blocks: [
        table(
          `表3 ${methodText}的变量选择过程`,
          ['步骤', '操作', '变量', 'df', criterion === 'p' ? '似然比检验 P' : '变动后 AIC'],
          stepRows.length > 0 ? stepRows : [['—', '无变动', '', '', '']],
          [
            criterion === 'p'
              ? '同 SPSS 的 Forward/Backward:LR：每步先剔除似然比检验 P 最大且 > 0.10 的变量，否则引入 P 最小且 < 0.05 的变量。'
              : '同 R 的 step()：每步在全部可能的引入/剔除中选使 AIC 最小的一步，AIC 不再下降时停止。',
            `最终模型：${selected.length > 0 ? quoted(selected) : '无变量入选'}。`,
          ],
        ),
      ],
    });
  }

  if (!multi) {
    parts.push(selection === 'screen' ? `没有变量满足单因素筛选标准（整体 P < ${screenP}），未建立多因素模型。` : '逐步法没有选入任何变量，未建立多因素模型。');
  } else {
    const m = multi;
    const rows = termRows(selected, levels);
    const coef = new Map(m.coefficients.map((c) => [c.term, c]));
    const t = (k: number) => `表${k + (sections.some((s) => s.title === '逐步回归过程') ? 1 : 0)}`;
    const multiRows = rows.map((r, i, all) => {
      const first = i === 0 || all[i - 1]!.variable !== r.variable;
      const d = first ? drop1.get(r.variable) : undefined;
      const head = [first ? r.variable : '', r.level ?? ''];
      const overall = d ? formatP(d.pValue) : '';
      if (r.reference) return [...head, '', '', '', '', '1（参照）', '', overall];
      const c = coef.get(r.column!)!;
      const ci = ciOf(c);
      return [...head, num(c.estimate, 4), num(c.se, 4), num(c.statistic ** 2, 3), formatP(c.pValue), num(c.oddsRatio, 3), `${num(ci[0], 3) ?? '0'} ~ ${num(ci[1], 3) ?? '∞'}`, overall];
    });
    const b0 = m.coefficients[0]!;
    multiRows.push(['常数项', '', num(b0.estimate, 4), num(b0.se, 4), num(b0.statistic ** 2, 3), formatP(b0.pValue), num(b0.oddsRatio, 3), '', '']);
    const hl = m.hosmerLemeshow;
    const cl = m.classification;
    const roc = rocCurve(m.fitted, y, { positive: 1, direction: '<', level });
    const vifs =
      selected.length >= 2
        ? gvif(
            selected.map((v) => ({
              term: v,
              columns: xs.includes(v) ? [xv.get(v)!] : levels.get(v)!.slice(1).map((l) => fv.get(v)!.map((u) => (u === l ? 1 : 0))),
            })),
          )
        : [];

    const modelBlocks = [
      table(`${t(3)} 多因素 Logistic 回归（${methodText}）`, ['变量', '类别', 'B', 'SE', 'Wald χ²', 'P', 'OR', `OR ${pct}%CI`, '整体 P'], multiRows, [
        `结局为“${yName}”=“${eventWord}”；OR = exp(B)，为其他变量不变时该变量每增加 1 个单位（或相对于参照类别）结局发生的比值比。Wald χ² = (B/SE)²，df = 1；OR 的置信区间为 ${ciName} 法${profile ? '（R: confint(fit)）' : '（R: confint.default(fit)）'}。`,
        ...(drop1.size > 0 ? ['整体 P：多分类变量全部哑变量的似然比检验（R: drop1(fit, test = "Chisq")）。'] : []),
      ]),
      forestChart(
        forestRows(rows, (column) => ({ ratio: coef.get(column)!.oddsRatio, ci: ciOf(coef.get(column)!) })),
        { title: '图1 多因素 Logistic 回归的 OR（森林图）', xName: `OR（${pct}%CI，对数刻度）` },
      ),
    ];
    sections.push({ title: '多因素 Logistic 回归', blocks: modelBlocks });

    sections.push({
      title: '模型检验与拟合优度',
      blocks: [
        table(
          `${t(4)} 模型整体检验与拟合`,
          ['指标', '值'],
          [
            ['似然比 χ²（模型 vs 仅常数项）', num(m.modelChiSquare, 3)],
            ['df', m.modelDf],
            ['P', formatP(m.modelPValue)],
            ['−2 对数似然（仅常数项）', num(m.nullDeviance, 3)],
            ['−2 对数似然（模型）', num(m.deviance, 3)],
            ['AIC', num(m.aic, 3)],
            ['BIC', num(m.bic, 3)],
            ['Cox–Snell R²', num(m.coxSnellR2, 4)],
            ['Nagelkerke R²', num(m.nagelkerkeR2, 4)],
          ],
          ['似然比检验检验全部回归系数是否同时为 0；Nagelkerke R² 为 Cox–Snell R² 除以其最大可能值，仅供参考，不宜与线性回归的 R² 等同看待。'],
        ),
        ...(hl
          ? [
              table(
                `${t(5)} Hosmer–Lemeshow 拟合优度检验`,
                ['组', '例数', `观察“${eventWord}”`, `期望“${eventWord}”`, `观察“${coding.negative}”`, `期望“${coding.negative}”`],
                [
                  ...hl.groups.map((g, i) => [i + 1, g.n, g.observed, num(g.expected, 2), g.n - g.observed, num(g.n - g.expected, 2)]),
                  ['χ²', num(hl.statistic, 3), 'df', hl.df, 'P', formatP(hl.pValue)],
                ],
                ['按预测概率的十分位数分组（结点相同的分位数合并）；P > 0.05 表示模型预测与观察结果无明显差异，拟合良好。'],
              ),
            ]
          : []),
      ],
    });

    sections.push({
      title: '预测效果',
      blocks: [
        table(
          `${t(6)} 分类表（预测概率界值 ${cutoff}）`,
          ['观察值', `预测“${eventWord}”`, `预测“${coding.negative}”`, '正确百分比（%）'],
          [
            [eventWord, cl.truePositive, cl.falseNegative, num(100 * cl.sensitivity, 1)],
            [coding.negative ?? '', cl.falsePositive, cl.trueNegative, num(100 * cl.specificity, 1)],
            ['总体', '', '', num(100 * cl.accuracy, 1)],
          ],
          [`预测概率 > ${cutoff} 判为“${eventWord}”。“${eventWord}”行的正确百分比即灵敏度，“${coding.negative}”行即特异度。`],
        ),
        table(
          `${t(7)} 预测概率的 ROC 分析`,
          ['AUC', 'SE', `${pct}%CI`, 'P', '最佳界值（Youden）', '灵敏度', '特异度'],
          [[num(roc.auc, 4), num(roc.se, 4), `${num(roc.ci[0], 4)} ~ ${num(roc.ci[1], 4)}`, formatP(roc.pValue), num(roc.best.threshold, 4), num(roc.best.sensitivity, 4), num(roc.best.specificity, 4)]],
          ['AUC 的标准误与置信区间为 DeLong 法（R: pROC::ci.auc(method = "delong")）；P 为 AUC = 0.5 的检验。在建模数据上评价，会高估模型在新样本中的区分度。'],
        ),
        rocChart([{ name: `模型预测概率（AUC = ${num(roc.auc, 3)}）`, points: roc.points.map((q) => [1 - q.specificity, q.sensitivity]), best: [1 - roc.best.specificity, roc.best.sensitivity] }], {
          title: '图2 多因素模型预测概率的 ROC 曲线',
          bestLabel: 'Youden 最佳界值',
        }),
      ],
    });

    if (vifs.length > 0) {
      sections.push({
        title: '共线性诊断',
        blocks: [
          table(
            `${t(8)} 方差膨胀因子（VIF）`,
            ['变量', 'GVIF', 'df', 'GVIF^(1/(2·df))'],
            vifs.map((v) => [v.term, num(v.gvif, 3), v.df, num(v.gvif ** (1 / (2 * v.df)), 3)]),
            ['按自变量之间的相关计算（与 R 的 car::vif 对同一组自变量的线性模型相同，亦即 SPSS 的共线性诊断）；多分类变量给出广义 VIF（GVIF），GVIF^(1/(2·df)) 可与单列变量的 √VIF 比较。VIF > 10（或 GVIF^(1/(2·df)) > 3.16）提示严重共线性。'],
          ),
        ],
      });
      const high = vifs.filter((v) => v.gvif ** (1 / v.df) > 10 || !Number.isFinite(v.gvif));
      if (high.length > 0) caveats.push(`${quoted(high.map((v) => v.term))}的 VIF 较大，存在明显共线性，其系数的标准误被放大、方向可能不稳定；可删除或合并高度相关的变量。`);
    }

    // Conclusion.
    const sigRows = rows.filter((r) => !r.reference && coef.get(r.column!)!.pValue < 1 - level);
    const describe = (r: TermRow) => {
      const c = coef.get(r.column!)!;
      const ci = ciOf(c);
      const what =
        r.level === null
          ? `“${r.variable}”每增加 1 个单位，${outcome}的比值${c.oddsRatio > 1 ? '增加' : '降低'} ${num(Math.abs(c.oddsRatio - 1) * 100, 1)}%`
          : `“${r.variable}”为“${r.level}”者${outcome}的比值是“${levels.get(r.variable)![0]}”者的 ${num(c.oddsRatio, 2)} 倍`;
      return `${what}（OR = ${num(c.oddsRatio, 3)}，${pct}%CI ${num(ci[0], 3) ?? 0} ~ ${num(ci[1], 3) ?? '∞'}，${pSentence(c.pValue)}）`;
    };
    parts.push(`多因素 Logistic 回归（${methodText}）纳入 ${quoted(selected)}。` + (sigRows.length > 0 ? `调整其他变量后，${sigRows.map(describe).join('；')}。` : '调整其他变量后，各变量的效应均无统计学意义。'));
    const nonsig = selected.filter((v) => !sigRows.some((r) => r.variable === v));
    if (sigRows.length > 0 && nonsig.length > 0) parts.push(`${quoted(nonsig)}的效应无统计学意义。`);
    parts.push(
      `模型似然比检验 χ² = ${num(m.modelChiSquare, 3)}，df = ${m.modelDf}，${pSentence(m.modelPValue)}；Nagelkerke R² = ${num(m.nagelkerkeR2, 3)}。` +
        (hl ? `Hosmer–Lemeshow 检验 χ² = ${num(hl.statistic, 3)}，df = ${hl.df}，${pSentence(hl.pValue)}，${hl.pValue > 0.05 ? '模型拟合良好' : '提示模型拟合欠佳'}。` : '') +
        `以 ${cutoff} 为界值，模型总体预测正确率为 ${num(100 * cl.accuracy, 1)}%（灵敏度 ${num(100 * cl.sensitivity, 1)}%，特异度 ${num(100 * cl.specificity, 1)}%）；` +
        `预测概率的 ROC 曲线下面积 AUC = ${num(roc.auc, 3)}（${pct}%CI ${num(roc.ci[0], 3)} ~ ${num(roc.ci[1], 3)}）。`,
    );
    if (hl && hl.pValue <= 0.05) caveats.push('Hosmer–Lemeshow 检验提示拟合欠佳：可能遗漏了重要变量、交互作用，或定量变量与 logit 不呈线性（可尝试分段或样条）。');
    if (!hl) caveats.push('预测概率的不同取值太少（少于 3 组），无法进行 Hosmer–Lemeshow 检验。');
    const epv = minority / params0;
    if (epv < 10) caveats.push(`每个参数的事件数（EPV = ${num(epv, 1)}）少于 10，系数估计可能不稳定、存在过拟合；宜减少自变量或合并类别。`);
    const wide = rows.filter((r) => !r.reference && (() => { const ci = ciOf(coef.get(r.column!)!); return !(ci[1] / ci[0] <= 100); })());
    if (wide.length > 0) caveats.push(`${quoted(wide.map((r) => r.column!))}的 OR 置信区间极宽，估计很不精确（常见于类别例数或事件很少）。`);

    Object.assign(results, {
      statistic: m.modelChiSquare,
      df: m.modelDf,
      p: m.modelPValue,
      deviance: m.deviance,
      nullDeviance: m.nullDeviance,
      logLik: m.logLik,
      aic: m.aic,
      bic: m.bic,
      coxSnellR2: m.coxSnellR2,
      nagelkerkeR2: m.nagelkerkeR2,
      hlStatistic: hl ? hl.statistic : null,
      hlDf: hl ? hl.df : null,
      hlP: hl ? hl.pValue : null,
      cutoff,
      truePositive: cl.truePositive,
      falseNegative: cl.falseNegative,
      falsePositive: cl.falsePositive,
      trueNegative: cl.trueNegative,
      sensitivity: finiteOrNull(cl.sensitivity),
      specificity: finiteOrNull(cl.specificity),
      accuracy: cl.accuracy,
      auc: roc.auc,
      aucSe: roc.se,
      aucLower: roc.ci[0],
      aucUpper: roc.ci[1],
      parameters: params0,
      ciMethod: profile ? 'profile' : 'wald',
    });
    for (const c of m.coefficients) {
      const ci = ciOf(c);
      Object.assign(results, {
        [`estimate.${c.term}`]: c.estimate,
        [`se.${c.term}`]: c.se,
        [`wald.${c.term}`]: c.statistic ** 2,
        [`p.${c.term}`]: c.pValue,
        [`or.${c.term}`]: c.oddsRatio,
        [`orLower.${c.term}`]: finiteOrNull(ci[0]),
        [`orUpper.${c.term}`]: finiteOrNull(ci[1]),
      });
    }
    for (const [f, d] of drop1) results[`termP.${f}`] = d.pValue;
    for (const v of vifs) results[`vif.${v.term}`] = finiteOrNull(v.gvif);
  }

  for (const f of fs) {
    const sparse = [...levelCounts.get(f)!].filter(([, c]) => c.n < 5 || c.events < 3 || c.n - c.events < 3).map(([l]) => `“${l}”`);
    if (sparse.length > 0) caveats.push(`分类自变量“${f}”的类别${sparse.join('、')}例数或事件数很少，其 OR 估计不稳定；可考虑合并类别。`);
  }
  if (selection !== 'all') caveats.push('按 P 值筛选或逐步法选择变量可能遗漏需要调整的混杂因素，且所选模型的 P 值与置信区间偏乐观；变量选择宜以专业知识为主。');
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  return { title: `二元 Logistic 回归：${yName}`, sections, results };
}
