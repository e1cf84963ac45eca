// 逐步回归: forward, backward or both-way selection of the predictors of a linear model, by AIC/BIC
// (R's step(), extractAIC scale) or by partial-F p-values to enter and remove (SPSS Stepwise); every
// step with the model's fit after it, then the final model refitted by OLS with its coefficients,
// standardised coefficients, CIs and VIF. All steps compare models on the same complete rows.
import { linearRegression, stepwiseSelection, StatsError, type LinearRegressionResult, type Predictor, type StepwiseResult, maxOf } from '@labstat/stats';
import type { ReportBlock } from '@labstat/contracts';
import { levelOf, requireVariables } from '../../common.js';
import { fieldList, modelInput, quoted } from '../../model-input.js';
import { termRows } from '../../model-terms.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { numericValues } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const FONT_FAMILY = 'Times New Roman, SimSun, serif';
type Direction = 'both' | 'forward' | 'backward';
type Criterion = 'aic' | 'bic' | 'p';
const DIRECTION_NAME: Record<Direction, string> = { both: '逐步（双向）', forward: '向前选择', backward: '向后剔除' };
const CRITERION_NAME: Record<Criterion, string> = { aic: 'AIC', bic: 'BIC', p: 'F 检验 P 值' };

const pParam = (v: unknown, fallback: number, what: string): number => {
  if (v === null || v === undefined || v === '') return fallback;
  const x = Number(v);
  if (!(x > 0 && x < 1)) throw new ToolInputError(`“${what}”须在 0 与 1 之间`);
  return x;
};

/** Engine errors the user can act on, in Chinese (the engine's own messages name the column). */
function fitError(err: unknown, what: string): never {
  if (err instanceof StatsError) {
    if (err.code === 'SINGULAR') throw new ToolInputError(`${what}存在完全共线的自变量（${err.message}）；请删除与其他变量完全线性相关的变量（如同时选入了总分与各分项）`);
    throw new ToolInputError(`${what}失败：${err.message}`);
  }
  throw err;
}

export function run(data: DataTable, params: Params): ToolOutput {
  const yName = String(params.y ?? '');
  if (!yName) throw new ToolInputError('请选择因变量');
  requireVariables(data, [yName]);
  const direction: Direction = params.direction === 'forward' || params.direction === 'backward' ? params.direction : 'both';
  const criterion: Criterion = params.criterion === 'bic' || params.criterion === 'p' ? params.criterion : 'aic';
  const pEnter = pParam(params.pEnter, 0.05, '进入标准');
  const pRemove = pParam(params.pRemove, 0.1, '剔除标准');
  if (criterion === 'p' && direction === 'both' && pEnter > pRemove) throw new ToolInputError(`进入标准（${pEnter}）不能大于剔除标准（${pRemove}），否则变量会反复进出模型`);
  const level = levelOf(params);

  const yv = numericValues(data, yName);
  const input = modelInput(data, params, yName, [{ name: yName, present: (i) => yv[i] !== null }]);
  const names = input.names;
  const keep = fieldList(params.keep);
  const stray = keep.find((k) => !names.includes(k));
  if (stray !== undefined) throw new ToolInputError(`强制保留的变量“${stray}”不在候选自变量中，请先把它选为定量或分类候选自变量`);
  if (names.length < 2) throw new ToolInputError('逐步回归用于从多个候选自变量中筛选，请至少选择 2 个候选自变量');
  const y = input.rows.map((i) => yv[i]!);
  const n = y.length;
  if (y.every((v) => v === y[0])) throw new ToolInputError(`因变量“${yName}”在分析的行中取值恒定，无法分析`);
  const columns = names.reduce((s, v) => s + input.columnsOf(v), 0);
  if (n <= columns + 2) throw new ToolInputError(`分析的行只有 ${n} 行，不多于全模型的参数个数（${columns + 1}）加 1；请减少候选自变量或增加样本（一般每个自变量至少 10 例）`);

  const predictorsOf = (use: readonly string[]): Predictor[] => input.predictors.filter((p) => use.includes(p.name));
  const fitOf = (use: readonly string[]): Readonly<LinearRegressionResult> | null => {
    if (use.length === 0) return null;
    try {
      return linearRegression({ y, predictors: predictorsOf(use), level });
    } catch (err) {
      return fitError(err, `含${quoted([...use])}的线性模型拟合`);
    }
  };
  // The full model first: a collinear candidate set is refused with its column named.
  const full = fitOf(names)!;

  let sel: Readonly<StepwiseResult>;
  try {
    sel = stepwiseSelection({ model: 'linear', y, predictors: input.predictors, direction, criterion, keep, pEnter, pRemove });
  } catch (err) {
    return fitError(err, '逐步筛选');
  }

  // The model after each step, in order (step 0 = the starting model).
  const models: string[][] = [direction === 'backward' ? [...names] : [...keep]];
  for (const s of sel.steps) {
    const prev = models[models.length - 1]!;
    models.push(s.action === 'add' ? names.filter((v) => prev.includes(v) || v === s.term) : prev.filter((v) => v !== s.term));
  }
  const tss = y.reduce((a, v) => a + (v - y.reduce((b, u) => b + u, 0) / n) ** 2, 0);
  const icOf = (fit: Readonly<LinearRegressionResult> | null, p: number) => {
    const rss = fit ? fit.residuals.reduce((a, e) => a + e * e, 0) : tss;
    return n * Math.log(rss / n) + (criterion === 'bic' ? Math.log(n) : 2) * p;
  };
  const stepFits = models.map((m) => fitOf(m));
  const paramsOf = (m: readonly string[]) => 1 + m.reduce((s, v) => s + input.columnsOf(v), 0);
  const icName = criterion === 'bic' ? 'BIC' : 'AIC';
  const stepRows = models.map((m, k) => {
    const fit = stepFits[k]!;
    const s = k === 0 ? null : sel.steps[k - 1]!;
    return [
      k,
      s ? (s.action === 'add' ? '加入' : '剔除') : direction === 'backward' ? '起始（全模型）' : keep.length > 0 ? '起始（强制保留的变量）' : '起始（仅截距）',
      s ? s.term : '—',
      s ? s.df : '—',
      s && criterion === 'p' ? formatP(s.value) : '—',
      num(icOf(fit, paramsOf(m)), 3),
      fit ? num(fit.rSquared, 4) : 0,
      fit ? num(fit.adjRSquared, 4) : 0,
      m.length > 0 ? m.join('、') : '（无）',
    ];
  });

  const selected = sel.selected;
  const final = stepFits[stepFits.length - 1]!;
  const sections: ToolOutput['sections'] = [];
  const yMean = y.reduce((a, b) => a + b, 0) / n;
  sections.push({
    title: '样本与设置',
    blocks: [
      table(
        '表1 分析样本与筛选设置',
        ['纳入例数', '因缺失排除', '候选自变量', '设计矩阵列数', '筛选方向', '准则', ...(criterion === 'p' ? ['进入 / 剔除标准'] : []), '强制保留'],
        [[n, input.excluded, names.length, columns, DIRECTION_NAME[direction], CRITERION_NAME[criterion], ...(criterion === 'p' ? [`P < ${pEnter} / P > ${pRemove}`] : []), keep.length > 0 ? keep.join('、') : '无']],
        [
          ...(input.excluded > 0 ? [`${input.excluded} 行因所选变量存在缺失值被排除（列表删除），全部步骤使用同样的 ${n} 行。`] : ['所选变量无缺失值。']),
          ...(input.fs.length > 0 ? [`分类变量${quoted(input.fs)}按参照水平转为哑变量（参照：${input.fs.map((f) => `${f}=${input.levels.get(f)![0]}`).join('；')}），整体进入或剔除。`] : []),
          criterion === 'p'
            ? `每一步先检查模型中的变量：偏 F 检验 P 值最大且大于 ${pRemove} 者剔除；否则在模型外的变量中纳入 P 值最小且小于 ${pEnter} 者（同 SPSS）。`
            : `${icName} 按 R 的 extractAIC 计算：n·ln(RSS/n) + ${criterion === 'bic' ? 'ln(n)' : '2'}·k（k 为参数个数），每一步选择使 ${icName} 下降最多的加入或剔除，不再下降时停止（同 R 的 step()${criterion === 'bic' ? '，k = log(n)' : ''}）。`,
        ],
      ),
    ],
  });

  sections.push({
    title: '筛选过程',
    blocks: [
      table(
        '表2 逐步筛选的每一步',
        ['步骤', '操作', '变量', 'df', ...(criterion === 'p' ? ['偏 F 检验 P'] : []), icName, 'R²', '调整 R²', '该步后的模型'],
        stepRows.map((r) => (criterion === 'p' ? r : [...r.slice(0, 4), ...r.slice(5)])),
        [
          `${icName} 越小模型越好；${icName} 只能比较同一批数据上的模型。${criterion === 'p' ? 'P 值为加入（或剔除）该变量的偏 F 检验。' : ''}`,
          sel.steps.length === 0 ? '起始模型已是最优，没有变量加入或剔除。' : `共 ${sel.steps.length} 步，最终模型含 ${selected.length} 个变量。`,
        ],
      ),
      stepChart(stepRows.map((r) => Number(r[0])), stepFits.map((f, k) => icOf(f, paramsOf(models[k]!))), stepFits.map((f) => (f ? f.adjRSquared : 0)), icName),
    ],
  });

  const results: ToolOutput['results'] = {
    n,
    excluded: input.excluded,
    candidates: names.length,
    direction,
    criterion,
    steps: sel.steps.length,
    nSelected: selected.length,
    selectedVariables: selected.join('、'),
    removedVariables: names.filter((v) => !selected.includes(v)).join('、'),
    finalCriterion: sel.final,
    fullRSquared: full.rSquared,
    fullAdjRSquared: full.adjRSquared,
    level,
  };
  sel.steps.forEach((s, k) => {
    results[`step${k + 1}`] = `${s.action === 'add' ? '加入' : '剔除'}${s.term}`;
    // The criterion after the step (AIC/BIC) or the partial-F p-value that moved it (P criterion).
    results[`stepValue${k + 1}`] = s.value;
  });

  const parts: string[] = [];
  parts.push(
    `共纳入 ${n} 例${input.excluded > 0 ? `（${input.excluded} 例因缺失排除）` : ''}，以“${yName}”为因变量，对 ${names.length} 个候选自变量采用${DIRECTION_NAME[direction]}法、以${CRITERION_NAME[criterion]}为准则${criterion === 'p' ? `（进入 P < ${pEnter}，剔除 P > ${pRemove}）` : ''}进行逐步线性回归，经 ${sel.steps.length} 步筛选，`,
  );
  if (!final) {
    parts.push('没有自变量进入模型：所有候选变量都未能改善模型。');
    results.rSquared = 0;
    sections.push({ title: '最终模型', blocks: [text(`最终模型只有截距（“${yName}”的均值 ${num(yMean, 3)}）。`)] });
  } else {
    const rows = termRows(selected, input.levels);
    const coef = new Map(final.coefficients.map((c) => [c.term, c]));
    const beta = new Map(final.standardized.map((s) => [s.term, s.beta]));
    const vif = new Map((final.vif ?? []).map((v) => [v.term, v.vif]));
    const intercept = coef.get('(Intercept)')!;
    const coefRows: Array<Array<string | number | null>> = [['（常量）', num(intercept.estimate, 4), num(intercept.se, 4), '', num(intercept.statistic, 3), formatP(intercept.pValue), `${num(intercept.ci[0], 4)} ~ ${num(intercept.ci[1], 4)}`, '']];
    for (const r of rows) {
      const label = r.level === null ? r.variable : `${r.variable}：${r.level}`;
      if (r.reference) {
        coefRows.push([`${label}（参照）`, '', '', '', '', '', '', '']);
        continue;
      }
      const c = coef.get(r.column!)!;
      coefRows.push([label, num(c.estimate, 4), num(c.se, 4), num(beta.get(r.column!), 3), num(c.statistic, 3), formatP(c.pValue), `${num(c.ci[0], 4)} ~ ${num(c.ci[1], 4)}`, vif.has(r.column!) ? num(vif.get(r.column!), 2) : '—']);
      results[`b.${r.column}`] = c.estimate;
      results[`se.${r.column}`] = c.se;
      results[`p.${r.column}`] = c.pValue;
      results[`ciLower.${r.column}`] = c.ci[0];
      results[`ciUpper.${r.column}`] = c.ci[1];
      results[`beta.${r.column}`] = beta.get(r.column!) ?? null;
    }
    Object.assign(results, { rSquared: final.rSquared, adjRSquared: final.adjRSquared, fStatistic: final.fStatistic, df1: final.df1, df2: final.df2, p: final.fPValue, sigma: final.sigma, intercept: intercept.estimate });
    const maxVif = Math.max(1, maxOf((final.vif ?? []).map((v) => v.vif)));
    results.maxVif = final.vif ? maxVif : null;
    const pct = Math.round(level * 1000) / 10;
    sections.push({
      title: '最终模型',
      blocks: [
        table(
          '表3 最终模型的拟合优度',
          ['R²', '调整 R²', '残差标准误', 'F', 'df', 'P', icName],
          [[num(final.rSquared, 4), num(final.adjRSquared, 4), num(final.sigma, 4), num(final.fStatistic, 3), `${final.df1}, ${final.df2}`, formatP(final.fPValue), num(sel.final, 3)]],
          [`全部 ${names.length} 个候选变量的全模型：R² = ${num(full.rSquared, 4)}，调整 R² = ${num(full.adjRSquared, 4)}。`],
        ),
        table(
          `表4 最终模型的回归系数（${pct}%CI）`,
          ['变量', 'B', '标准误', '标准化系数 Beta', 't', 'P', `B 的 ${pct}%CI`, 'VIF'],
          coefRows,
          [
            '普通最小二乘重新拟合入选变量（同 R 的 summary(lm) 与 confint）；Beta 为标准化回归系数（同 SPSS），VIF 为方差膨胀因子（同 car::vif，哑变量按列）。',
            '注意：逐步筛选后的 P 值与置信区间未考虑筛选过程本身，会偏乐观（P 偏小、区间偏窄）。',
          ],
        ),
      ],
    });
    const sig = rows.filter((r) => !r.reference && coef.get(r.column!)!.pValue < 0.05);
    parts.push(
      `最终模型纳入${quoted(selected)}，模型有统计学意义（F = ${num(final.fStatistic, 2)}，P ${final.fPValue < 0.001 ? '< 0.001' : `= ${final.fPValue.toFixed(3)}`}），R² = ${num(final.rSquared, 3)}，调整 R² = ${num(final.adjRSquared, 3)}。`,
    );
    if (sig.length > 0) {
      parts.push(
        sig
          .map((r) => {
            const c = coef.get(r.column!)!;
            const label = r.level === null ? r.variable : `${r.variable}（${r.level} vs ${input.levels.get(r.variable)![0]}）`;
            return `${label}每${r.level === null ? '增加 1 个单位' : ''}，${yName}${r.level === null ? '' : '均值'}${c.estimate > 0 ? '升高' : '降低'} ${num(Math.abs(c.estimate), 4)}（${pct}%CI ${num(c.ci[0], 4)} ~ ${num(c.ci[1], 4)}，P ${c.pValue < 0.001 ? '< 0.001' : `= ${c.pValue.toFixed(3)}`}）`;
          })
          .join('；') + '。',
      );
    }
    if (final.vif && maxVif >= 5) parts.push(`入选变量的最大 VIF 为 ${num(maxVif, 2)}，存在一定的多重共线性，可考虑岭回归。`);
  }
  const caveats = [
    '逐步回归是数据驱动的筛选：换一份样本，入选变量可能不同；入选变量的系数偏大、P 值偏小。论文中宜同时报告依据专业知识确定的模型，或用 Bootstrap 检验入选的稳定性。',
    'AIC 倾向保留较多变量，BIC 与 P 值准则更严格；不同准则结果不一致时，应结合专业意义取舍。',
    '最终模型仍需检查线性、残差正态与方差齐性（可用多重线性回归工具的残差诊断）。',
  ];
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });
  return { title: `逐步回归：${yName}`, sections, results };
}

function stepChart(steps: number[], ic: number[], adjR2: number[], icName: string): ReportBlock {
  const r6 = (v: number) => Number(v.toPrecision(6));
  return {
    type: 'chart',
    title: `图1 各步骤的 ${icName} 与调整 R²`,
    option: {
      textStyle: { fontFamily: FONT_FAMILY },
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0, data: [icName, '调整 R²'] },
      grid: { left: 70, right: 70, top: 40, bottom: 60 },
      xAxis: { type: 'category', name: '步骤', nameLocation: 'middle', nameGap: 28, data: steps.map(String), axisLine: { lineStyle: { color: '#000' } } },
      yAxis: [
        { type: 'value', name: icName, scale: true, splitLine: { show: false }, axisLine: { show: true, lineStyle: { color: '#000' } } },
        { type: 'value', name: '调整 R²', scale: true, splitLine: { show: false }, axisLine: { show: true, lineStyle: { color: '#000' } } },
      ],
      series: [
        { type: 'line', name: icName, data: ic.map(r6), itemStyle: { color: '#409EFF' } },
        { type: 'line', name: '调整 R²', yAxisIndex: 1, data: adjR2.map(r6), lineStyle: { type: 'dashed' }, itemStyle: { color: '#F56C6C' } },
      ],
    },
  };
}
