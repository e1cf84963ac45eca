// 线性回归: least squares by QR, coefficients with CIs, model fit, VIF, Durbin–Watson, Cook's
// distance, residual normality, and a residuals-versus-fitted plot.
import { linearRegression, shapiroWilk, type Predictor, maxOf } from '@labstat/stats';
import { scatterChart } from '../../charts.js';
import { ciText, levelOf, pSentence, requireVariables } from '../../common.js';
import { orNull } from '../../groups.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

export function run(data: DataTable, params: Params): ToolOutput {
  const yName = String(params.y ?? '');
  const xs = (Array.isArray(params.x) ? params.x : []).map(String);
  const factors = (Array.isArray(params.factors) ? params.factors : []).map(String);
  if (!yName) throw new ToolInputError('请选择因变量');
  if (xs.length + factors.length === 0) throw new ToolInputError('请至少选择一个自变量');
  const all = [...xs, ...factors];
  if (all.includes(yName)) throw new ToolInputError(`因变量“${yName}”不能同时作为自变量`);
  if (new Set(all).size !== all.length) throw new ToolInputError('同一变量不能既作定量自变量又作分类自变量');
  requireVariables(data, [yName, ...all]);
  const level = levelOf(params);
  const pct = Math.round(level * 100);

  const predictors: Predictor[] = [
    ...xs.map((name) => ({ name, type: 'numeric' as const, values: data.numeric(name) })),
    ...factors.map((name) => ({ name, type: 'categorical' as const, values: data.text(name) })),
  ];
  const m = linearRegression({ y: data.numeric(yName), yName, predictors, level });
  const normality = orNull(() => shapiroWilk(m.residuals));
  const maxCook = maxOf(m.cooksDistance);
  const influential = m.cooksDistance.filter((d) => d > 4 / m.n).length;
  const vif = new Map((m.vif ?? []).map((v) => [v.term, v.vif]));
  const beta = new Map(m.standardized.map((b) => [b.term, b.beta]));
  // An exact fit: F and t are infinite (NIST Wampler1), printed as ∞ rather than rounding noise.
  const stat = (x: number, digits: number) => (Number.isFinite(x) ? num(x, digits) : x > 0 ? '∞' : '−∞');

  const coefRows = m.coefficients.map((c) => [
    c.term === '(Intercept)' ? '常数项' : c.term,
    num(c.estimate, 4),
    num(c.se, 4),
    c.term === '(Intercept)' ? '' : num(beta.get(c.term), 4),
    stat(c.statistic, 3),
    formatP(c.pValue),
    ciText(c.ci, 4),
    c.term === '(Intercept)' ? '' : num(vif.get(c.term), 2),
  ]);
  const fitRows = [[m.n, num(m.rSquared, 4), num(m.adjRSquared, 4), num(m.sigma, 4), `F(${m.df1}, ${m.df2}) = ${stat(m.fStatistic, 3)}`, formatP(m.fPValue), num(m.aic, 2)]];
  const diagRows: Array<Array<string | number | null>> = [
    ['Durbin-Watson', num(m.durbinWatson, 3), m.durbinWatson > 1.5 && m.durbinWatson < 2.5 ? '残差无明显自相关' : '残差可能存在自相关'],
    ['残差 Shapiro-Wilk', normality ? `W = ${num(normality.statistic, 4)}，${pSentence(normality.pValue)}` : '—', normality ? (normality.pValue < 0.05 ? '残差偏离正态' : '残差近似正态') : '样本量不适用'],
    ["最大 Cook's 距离", num(maxCook, 4), `${influential} 个观测 > 4/n，${maxCook > 1 ? '存在强影响点' : '无强影响点（均 ≤1）'}`],
    ['最大 VIF', num(Math.max(0, maxOf(vif.values())), 2), Math.max(0, maxOf(vif.values())) >= 10 ? '存在严重共线性' : Math.max(0, maxOf(vif.values())) >= 5 ? '存在一定共线性' : '无明显共线性'],
  ];
  const sigTerms = m.coefficients.filter((c) => c.term !== '(Intercept)' && c.pValue < 0.05);
  const sentences = [
    `以${yName}为因变量、${all.join('、')}为自变量建立多重线性回归模型（n = ${m.n}${m.missing > 0 ? `，${m.missing} 行因缺失未纳入` : ''}）：` +
      `F(${m.df1}, ${m.df2}) = ${stat(m.fStatistic, 3)}，${pSentence(m.fPValue)}，R² = ${num(m.rSquared, 3)}，调整 R² = ${num(m.adjRSquared, 3)}，模型${m.fPValue < 0.05 ? '有' : '无'}统计学意义。`,
    sigTerms.length > 0
      ? `在控制其他变量后，${sigTerms.map((c) => `${c.term}（B = ${num(c.estimate, 3)}，${pct}%CI ${ciText(c.ci, 3)}，${pSentence(c.pValue)}）`).join('；')}对${yName}的影响有统计学意义。`
      : '各自变量的回归系数均无统计学意义。',
  ];
  if (m.perfectFit) sentences.push('模型对数据完全拟合（残差在计算精度内为 0）：F 与 t 为无穷大、标准误为 0，检验失去意义。请检查因变量是否由自变量直接计算得到，或自变量中是否混入了因变量。');
  if (normality && normality.pValue < 0.05) sentences.push('残差偏离正态，样本量较小时系数的检验与区间可能不准确，可考虑变量变换。');
  if (Math.max(0, maxOf(vif.values())) >= 5) sentences.push('部分自变量 VIF ≥ 5，存在共线性，系数解释需谨慎。');

  const results: ToolOutput['results'] = {
    n: m.n,
    rSquared: m.rSquared,
    adjRSquared: m.adjRSquared,
    statistic: finiteOrNull(m.fStatistic),
    perfectFit: m.perfectFit ? 1 : 0,
    df1: m.df1,
    df2: m.df2,
    p: m.fPValue,
    aic: m.aic,
    durbinWatson: m.durbinWatson,
  };
  for (const c of m.coefficients) {
    results[`b.${c.term}`] = c.estimate;
    results[`p.${c.term}`] = c.pValue;
    if (beta.has(c.term)) results[`beta.${c.term}`] = beta.get(c.term)!;
    results[`ciLower.${c.term}`] = c.ci[0];
    results[`ciUpper.${c.term}`] = c.ci[1];
  }
  return {
    title: `线性回归：${yName} ~ ${all.join(' + ')}`,
    sections: [
      { title: '模型概况', blocks: [table('表1 模型拟合', ['n', 'R²', '调整 R²', '残差标准误', 'F 检验', 'P', 'AIC'], fitRows)] },
      {
        title: '回归系数',
        blocks: [
          table('表2 回归系数', ['变量', 'B', '标准误', 'Beta', 't', 'P', `${pct}%CI`, 'VIF'], coefRows, [
            factors.length > 0 ? `分类变量以排序后的第一个类别为参照，系数名为“变量名+类别”。` : 'B 为未标准化回归系数。',
            'Beta 为标准化回归系数（B × 自变量标准差 / 因变量标准差，分类变量按其哑变量计算），可比较各自变量作用的相对大小。',
          ]),
        ],
      },
      { title: '模型诊断', blocks: [table('表3 残差与共线性诊断', ['诊断', '数值', '结论'], diagRows)] },
      {
        title: '图形',
        blocks: [scatterChart(m.fitted.map((f, i) => [Number(f.toFixed(6)), Number(m.residuals[i]!.toFixed(6))]), { title: '图1 残差-拟合值图', xName: '拟合值', yName: '残差' })],
      },
      { title: '结论', blocks: [text(...sentences)] },
    ],
    results,
  };
}
