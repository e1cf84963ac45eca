// 判别分析: Fisher's linear discriminant analysis as MASS::lda — group means, the discriminant functions
// with their Wilks' lambda tests, raw and standardised coefficients, resubstitution and leave-one-out
// classification tables, the score plot, and the scores with predicted groups saved as a new data file.
import { linearDiscriminant, StatsError, type LdaResult, maxOf, minOf } from '@labstat/stats';
import type { ReportBlock } from '@labstat/contracts';
import { boxplotChart, scatterChart } from '../../charts.js';
import { requireVariables } from '../../common.js';
import { fieldList, quoted } from '../../model-input.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { numericValues } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { freshNames } from '../dimension-a.js';

const MAX_GROUPS = 20;

interface LdaInput {
  groupName: string;
  names: string[];
  levels: string[];
  rows: number[];
  x: number[][];
  group: number[];
  excluded: number;
}

/** The complete rows: a non-empty group and every chosen variable present. */
function readInput(data: DataTable, params: Params): LdaInput {
  const groupName = String(params.group ?? '');
  const names = fieldList(params.vars);
  if (!groupName) throw new ToolInputError('请选择分组变量');
  if (names.length < 1) throw new ToolInputError('请至少选择 1 个判别指标');
  requireVariables(data, [groupName, ...names]);
  if (names.includes(groupName)) throw new ToolInputError(`分组变量“${groupName}”不能同时作为判别指标`);
  const cols = names.map((v) => numericValues(data, v));
  const gText = data.text(groupName);
  const rows: number[] = [];
  for (let i = 0; i < data.rows; i++) {
    if ((gText[i] ?? '').trim() === '') continue;
    if (cols.every((c) => typeof c[i] === 'number' && Number.isFinite(c[i]!))) rows.push(i);
  }
  const labels = rows.map((i) => gText[i]!.trim());
  const levels = [...new Set(labels)];
  if (levels.length < 2) throw new ToolInputError(`分组变量“${groupName}”在完整观测中只有 ${levels.length} 个取值，判别分析至少需要 2 组`);
  if (levels.length > MAX_GROUPS) throw new ToolInputError(`分组变量“${groupName}”有 ${levels.length} 个取值，超过 ${MAX_GROUPS} 组；请确认选的是分组变量而不是连续变量`);
  const group = labels.map((l) => levels.indexOf(l));
  const counts = levels.map((_, k) => group.filter((v) => v === k).length);
  const small = levels.filter((_, k) => counts[k]! < 2);
  if (small.length > 0) throw new ToolInputError(`分组变量“${groupName}”的${quoted(small)}组完整观测少于 2 例，请合并或删除该组`);
  const n = rows.length;
  if (n <= names.length + levels.length - 1) throw new ToolInputError(`完整观测数（${n}）须多于判别指标数与组数之和减 1（${names.length + levels.length - 1}），请减少指标或增加样本`);
  const x = rows.map((i) => cols.map((c) => c[i]!));
  names.forEach((v, j) => {
    if (x.every((r) => r[j] === x[0]![j])) throw new ToolInputError(`判别指标“${v}”在所有观测中取值相同，无法用于判别，请删除该指标`);
  });
  return { groupName, names, levels, rows, x, group, excluded: data.rows - n };
}

/** The engine's singular-matrix error, turned into a message that names the culprit. */
function fit(input: LdaInput, prior: 'proportional' | 'equal'): LdaResult {
  try {
    return linearDiscriminant(input.x, input.group, { prior });
  } catch (err) {
    if (!(err instanceof StatsError)) throw err;
    if (err.code === 'SINGULAR') {
      const constant = input.names.filter((_, j) => input.levels.every((_, k) => {
        const vals = input.x.filter((_, i) => input.group[i] === k).map((r) => r[j]!);
        return vals.every((v) => v === vals[0]);
      }));
      if (constant.length > 0) throw new ToolInputError(`判别指标${quoted(constant)}在各组内取值恒定，组内协方差矩阵奇异，请删除该指标`);
      throw new ToolInputError(`判别指标${quoted(input.names)}之间存在完全共线性（某指标可由其他指标线性表示，如总分与各分项同时纳入），组内协方差矩阵奇异，请删除多余的指标`);
    }
    throw new ToolInputError(`判别分析：${err.message}`);
  }
}

/** Rows: true group; columns: predicted group, then n and percent correct. */
function classificationRows(levels: readonly string[], truth: readonly number[], pred: readonly number[], label: string): { rows: Array<Array<string | number | null>>; correct: number } {
  const g = levels.length;
  const m = Array.from({ length: g }, () => new Array<number>(g).fill(0));
  truth.forEach((t, i) => m[t]![pred[i]!]!++);
  const rows = levels.map((l, k) => {
    const total = m[k]!.reduce((a, b) => a + b, 0);
    return [label, l, ...m[k]!, total, num((100 * m[k]![k]!) / total, 1)];
  });
  const correct = truth.filter((t, i) => t === pred[i]).length;
  return { rows, correct };
}

export function run(data: DataTable, params: Params): ToolOutput {
  const input = readInput(data, params);
  const prior = params.prior === 'equal' ? 'equal' : 'proportional';
  const f = fit(input, prior);
  const { levels, names } = input;
  const { n, p } = f;
  const s = f.scaling[0]!.length;
  const fn = Array.from({ length: s }, (_, j) => `判别函数${j + 1}`);
  const sections: ToolOutput['sections'] = [];

  // Table 1: group sizes, priors and means.
  const meanRows = levels.map((l, k) => [l, f.counts[k]!, num(f.prior[k]!, 4), ...names.map((_, j) => num(f.means[k]![j]!, 3))]);
  const overall = names.map((_, j) => input.x.reduce((a, r) => a + r[j]!, 0) / n);
  meanRows.push(['合计', n, null, ...overall.map((v) => num(v, 3))]);
  const excludedNote = input.excluded > 0 ? [`${input.excluded} 行因分组或判别指标缺失未纳入分析（列表删除）。`] : [];
  sections.push({
    title: '各组描述',
    blocks: [table('表1 各组样本量、先验概率与均数', [input.groupName, '例数', '先验概率', ...names], meanRows, [prior === 'equal' ? '先验概率：各组相等。' : '先验概率：按各组在样本中的比例（R 的 lda 默认）。', ...excludedNote])],
  });

  // Table 2: eigenvalues, canonical correlations and Wilks' lambda tests.
  const testRows = f.tests.map((t, k) => [
    fn[k] ?? `判别函数${k + 1}`,
    num(t.eigenvalue, 4),
    num(100 * (t.eigenvalue / f.tests.reduce((a, b) => a + b.eigenvalue, 0)), 2),
    f.proportionOfTrace[k] === undefined ? null : num(100 * f.proportionOfTrace[k]!, 2),
    num(t.canonicalCorrelation, 4),
    k === 0 ? `1 ~ ${f.tests.length}` : `${k + 1} ~ ${f.tests.length}`,
    num(t.wilks, 4),
    num(t.statistic, 3),
    t.df,
    formatP(t.pValue),
  ]);
  sections.push({
    title: '判别函数的检验',
    blocks: [
      table('表2 判别函数的特征值与 Wilks\' Λ 检验', ['函数', '特征值', '方差百分比（%）', '迹的比例（%）', '典型相关系数', '检验的函数', "Wilks' Λ", 'χ²', 'df', 'P'], testRows, [
        '特征值为 E⁻¹H（组内与组间离差矩阵）的特征值，典型相关系数 = √(特征值 / (1 + 特征值))；方差百分比同 SPSS。“迹的比例”为 R 的 lda 输出的 Proportion of trace（随先验概率而变，按样本比例时与方差百分比相同）。',
        "Wilks' Λ 检验第 k 至最后一个判别函数的联合判别能力：Λ = ∏ 1/(1 + 特征值)，Bartlett χ² = −(n − 1 − (p + g)/2) ln Λ，df = (p − k + 1)(g − k)。",
      ]),
    ],
  });

  // Table 3: coefficients.
  const coefRows = names.map((v, j) => [v, ...f.scaling[j]!.map((c) => num(c, 4)), ...f.standardized[j]!.map((c) => num(c, 4))]);
  sections.push({
    title: '判别函数系数',
    blocks: [
      table('表3 判别函数系数', ['指标', ...fn.map((l) => `${l}（未标准化）`), ...fn.map((l) => `${l}（标准化）`)], coefRows, [
        '未标准化系数即 R 的 lda()$scaling：判别得分 = Σ 系数 × (指标值 − 按先验概率加权的总均数)，使各函数的合并组内方差为 1。',
        '标准化系数 = 未标准化系数 × 合并组内标准差，可比较各指标对判别函数的相对贡献（绝对值越大贡献越大）。每个函数的正负号是任意的：已使每列绝对值最大的未标准化系数为正。',
      ]),
    ],
  });

  // Table 4: classification.
  const resub = classificationRows(levels, input.group, f.predicted, '回代');
  const loo = classificationRows(levels, input.group, f.cvPredicted, '留一法交叉验证');
  const accuracy = resub.correct / n;
  const cvAccuracy = loo.correct / n;
  const maxPrior = maxOf(f.counts) / n;
  const blocks: ReportBlock[] = [
    table('表4 分类结果', ['方法', `实际${input.groupName}`, ...levels.map((l) => `预测：${l}`), '合计', '正确率（%）'], [...resub.rows, ...loo.rows], [
      `回代（用全部样本建立的判别函数判定每个对象）总正确率 ${num(100 * accuracy, 1)}%（${resub.correct}/${n}）；留一法交叉验证（每次留出一个对象，用其余对象建立判别函数再判定它，同 R 的 lda(CV = TRUE)）总正确率 ${num(100 * cvAccuracy, 1)}%（${loo.correct}/${n}）。`,
      `全部判为最大组的正确率为 ${num(100 * maxPrior, 1)}%，可作比较的基线。`,
    ]),
  ];
  if (s >= 2) {
    blocks.push(
      scatterChart([], {
        title: '图1 判别得分散点图（判别函数1 × 判别函数2）',
        xName: '判别函数1',
        yName: '判别函数2',
        groups: levels.map((l, k) => ({ name: l, points: f.scores.filter((_, i) => input.group[i] === k).map((r) => [r[0]!, r[1]!] as [number, number]) })),
      }),
    );
  } else {
    blocks.push(boxplotChart(levels.map((l, k) => ({ name: l, values: f.scores.filter((_, i) => input.group[i] === k).map((r) => r[0]!) })), { title: '图1 各组的判别函数1得分', yName: '判别函数1得分', points: n <= 500 }));
  }
  sections.push({ title: '分类结果', blocks });

  // Conclusion.
  const t1 = f.tests[0]!;
  const sig = f.tests.filter((t) => t.pValue < 0.05).length;
  const pText = (pv: number) => (pv < 0.001 ? 'P < 0.001' : `P = ${pv.toFixed(3)}`);
  const top = names.map((v, j) => ({ v, c: Math.abs(f.standardized[j]![0]!) })).sort((a, b) => b.c - a.c).slice(0, Math.min(3, p));
  const parts = [
    `以 ${quoted(names)} 共 ${p} 个指标对${input.groupName}（${levels.length} 组：${quoted(levels)}）做 Fisher 线性判别分析，纳入 ${n} 例，先验概率${prior === 'equal' ? '各组相等' : '按各组样本比例'}。`,
    `共得到 ${f.tests.length} 个判别函数，判别函数1的特征值为 ${num(t1.eigenvalue, 4)}，典型相关系数为 ${num(t1.canonicalCorrelation, 3)}；Wilks' Λ = ${num(t1.wilks, 4)}，χ² = ${num(t1.statistic, 2)}，df = ${t1.df}，${pText(t1.pValue)}${t1.pValue < 0.05 ? `，各组在这些指标上的差异有统计学意义，${sig === f.tests.length ? `${f.tests.length > 1 ? '全部' : ''}判别函数均有统计学意义` : `前 ${sig} 个判别函数有统计学意义`}` : '，判别函数无统计学意义，这些指标不能有效区分各组'}。`,
    `按标准化系数，判别函数1中贡献最大的指标为 ${quoted(top.map((t) => t.v))}。`,
    `回代正确率 ${num(100 * accuracy, 1)}%，留一法交叉验证正确率 ${num(100 * cvAccuracy, 1)}%（全部判为最大组的基线为 ${num(100 * maxPrior, 1)}%）。`,
    '各对象的判别得分、回代与留一法的预测分组已另存为新的数据文件。',
  ];
  const caveats: string[] = [];
  if (accuracy - cvAccuracy > 0.05) caveats.push(`回代正确率比留一法高 ${num(100 * (accuracy - cvAccuracy), 1)} 个百分点，回代结果偏乐观，报告判别效果时应以交叉验证的正确率为准。`);
  if (minOf(f.counts) <= p) caveats.push(`最小组只有 ${minOf(f.counts)} 例，不多于指标数（${p}），判别函数可能不稳定，宜减少指标或增加样本。`);
  caveats.push('线性判别分析假定各组的指标服从多元正态分布且组内协方差矩阵相同（可用 Box\'s M 检验或比较各组标准差核对）；协方差差异大时可考虑二次判别分析或 Logistic 回归。');
  caveats.push('判别系数受指标间相关的影响，不宜单独据此判断某个指标的作用；判别函数用于新样本前最好在独立样本中验证。');
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  const results: ToolOutput['results'] = {
    n,
    excluded: input.excluded,
    groups: levels.length,
    variables: p,
    functions: s,
    prior,
    accuracy,
    cvAccuracy,
    baseline: maxPrior,
    significantFunctions: sig,
  };
  f.tests.forEach((t, k) => {
    results[`eigenvalue.${k + 1}`] = t.eigenvalue;
    results[`canonicalCorrelation.${k + 1}`] = t.canonicalCorrelation;
    results[`wilks.${k + 1}`] = t.wilks;
    results[`chi2.${k + 1}`] = t.statistic;
    results[`df.${k + 1}`] = t.df;
    results[`p.${k + 1}`] = t.pValue;
  });
  f.proportionOfTrace.forEach((v, k) => (results[`proportionOfTrace.${k + 1}`] = v));
  const newNames = freshNames(data, [...fn.map((l) => `${l}得分`), '预测分组', '留一法预测分组']);
  return {
    title: `判别分析：${input.groupName}（${levels.length} 组）`,
    sections,
    results,
    derivedData: {
      suffix: '_判别得分',
      rows: input.rows,
      columns: [
        ...fn.map((_, j) => ({ name: newNames[j]!, values: f.scores.map((r) => r[j]!) })),
        { name: newNames[s]!, values: f.predicted.map((k) => levels[k]!) },
        { name: newNames[s + 1]!, values: f.cvPredicted.map((k) => levels[k]!) },
      ],
    },
  };
}
