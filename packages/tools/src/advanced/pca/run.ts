// 主成分分析 PCA: prcomp on the chosen items (correlation or covariance matrix), KMO and Bartlett, the
// eigenvalue table and scree plot, loadings with communalities, score coefficients, the biplot, and the
// component scores of the complete rows saved as a new data file.
import { principalComponents, maxOf } from '@labstat/stats';
import type { ReportBlock } from '@labstat/contracts';
import { MAX_MARKS, MAX_POINTS, sampleIndices } from '../../charts.js';
import { quoted } from '../../model-input.js';
import { num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { adequacy, adequacyTable, asInputError, AXIS_LINE, FONT_FAMILY, freshNames, itemList, kmoWord, loadingRows, markers, readItems, screeChart } from '../dimension-a.js';

const r4 = (v: number) => Number(v.toPrecision(5));

function biplot(title: string, names: readonly string[], scores: readonly number[][], loadings: readonly number[][], matrix: string): ReportBlock {
  const n = scores.length;
  const idx = n > MAX_POINTS ? sampleIndices(n, MAX_MARKS) : scores.map((_, i) => i);
  const pts = idx.map((i) => [r4(scores[i]![0]!), r4(scores[i]![1]!)]);
  const maxScore = Math.max(maxOf(pts.flat().map(Math.abs)), 1e-12);
  const maxLoad = Math.max(maxOf(loadings.flatMap((l) => [Math.abs(l[0]!), Math.abs(l[1]!)])), 1e-12);
  const scale = (0.85 * maxScore) / maxLoad;
  const series: Array<Record<string, unknown>> = [{ type: 'scatter', name: '研究对象（标准化得分）', data: pts, symbolSize: 5, itemStyle: { color: '#909399', opacity: 0.6 }, z: 1 }];
  loadings.forEach((l, j) =>
    series.push({
      type: 'line',
      name: names[j],
      data: [
        [0, 0],
        [r4(l[0]! * scale), r4(l[1]! * scale)],
      ],
      symbol: ['none', 'arrow'],
      symbolSize: 8,
      lineStyle: { width: 1.5, color: '#C0392B' },
      itemStyle: { color: '#C0392B' },
      endLabel: { show: true, formatter: names[j], color: '#C0392B', fontSize: 11 },
      z: 3,
    }),
  );
  return {
    type: 'chart',
    title: n > MAX_POINTS ? `${title}（共 ${n} 点，随机抽取 ${idx.length} 点绘制）` : title,
    option: {
      textStyle: { fontFamily: FONT_FAMILY },
      tooltip: { trigger: 'item' },
      grid: { left: 56, right: 40, top: 30, bottom: 48 },
      xAxis: { type: 'value', name: '主成分1', nameLocation: 'middle', nameGap: 28, splitLine: { show: false }, axisLine: { ...AXIS_LINE, onZero: false } },
      yAxis: { type: 'value', name: '主成分2', nameLocation: 'middle', nameGap: 40, splitLine: { show: false }, axisLine: { ...AXIS_LINE, onZero: false } },
      series,
      graphic: [{ type: 'text', right: 10, bottom: 4, style: { text: `箭头：${matrix === 'correlation' ? '载荷（变量与主成分的相关系数）' : '载荷'} × ${num(scale, 2)}`, fontSize: 10, fill: '#606266' } }],
    },
  };
}

export function run(data: DataTable, params: Params): ToolOutput {
  const items = readItems(data, params, 3, '主成分分析');
  const matrix = params.matrix === 'covariance' ? 'covariance' : 'correlation';
  const asked = params.components === null || params.components === undefined || params.components === '' ? 0 : Number(params.components);
  if (!Number.isInteger(asked) || asked < 0) throw new ToolInputError('“保留的主成分个数”须为 0（自动）或正整数');
  if (asked > items.p) throw new ToolInputError(`保留的主成分个数（${asked}）不能多于变量数（${items.p}）`);
  const blank = typeof params.blank === 'number' && params.blank > 0 ? params.blank : 0;
  const standardized = params.scores !== 'raw';
  const a = adequacy(items);
  const pc = asInputError('主成分分析', () => principalComponents(items.columns, { names: items.names, matrix, ...(asked > 0 ? { components: asked } : {}) }));
  const k = pc.components;
  const labels = Array.from({ length: k }, (_, j) => `主成分${j + 1}`);
  const meanEigen = pc.eigenvalues.reduce((s, v) => s + v, 0) / items.p;
  const rule = asked > 0 ? `按设定保留 ${k} 个主成分` : matrix === 'correlation' ? `按 Kaiser 准则（特征值 > 1）保留 ${k} 个主成分` : `按特征值大于平均特征值（${num(meanEigen, 3)}）保留 ${k} 个主成分`;
  const cumK = pc.cumulative[k - 1]!;

  const sections: ToolOutput['sections'] = [];
  sections.push({ title: '适用性检验', blocks: [adequacyTable('表1 KMO 与 Bartlett 球形度检验', a, items, [])] });

  const eigenRows = pc.eigenvalues.map((v, i) => [`${i + 1}${i < k ? '（保留）' : ''}`, num(v, 3), num(pc.proportion[i]!, 2), num(pc.cumulative[i]!, 2)]);
  sections.push({
    title: '特征值与方差解释',
    blocks: [
      table('表2 特征值与方差解释率', ['主成分', '特征值', '方差解释率（%）', '累计方差解释率（%）'], eigenRows, [
        `${rule}，累计解释总方差的 ${num(cumK, 2)}%。`,
        matrix === 'correlation' ? '分析相关矩阵（各变量先标准化），特征值之和等于变量数。' : '分析协方差矩阵（保留各变量的原始方差），方差大的变量对结果影响大。',
      ]),
      screeChart('图1 碎石图', pc.eigenvalues, { name: '特征值', reference: matrix === 'correlation' ? 1 : null }),
    ],
  });

  const loadTable = table(
    `表3 成分载荷矩阵${blank > 0 ? `（|载荷| < ${blank} 未显示）` : ''}`,
    ['变量', ...labels, '共同度'],
    loadingRows(items.names, pc.loadings, { sort: false, blank, extra: (i) => [num(pc.communalities[i]!, 3)] }),
    [
      matrix === 'correlation' ? '载荷 = 特征向量 × √特征值，即变量与主成分的相关系数；共同度为保留的主成分解释该变量方差的比例（载荷平方和）。' : '载荷 = 特征向量 × √特征值（协方差尺度）；共同度为保留的主成分解释该变量方差的部分（载荷平方和）。',
      '每个主成分的方向（正负号）是任意的：已使每列绝对值最大的特征向量元素为正。',
    ],
  );
  const coefRows = items.names.map((v, i) => [v, ...Array.from({ length: k }, (_, j) => num(pc.eigenvectors[i]![j]! / (standardized ? Math.sqrt(pc.eigenvalues[j]!) : 1), 4))]);
  const coefTable = table(`表4 成分得分系数矩阵（${standardized ? '标准化得分' : '原始得分，即特征向量'}）`, ['变量', ...labels], coefRows, [
    `主成分得分 = Σ 系数 × ${matrix === 'correlation' ? '标准化后的变量值（z 分数）' : '中心化后的变量值（减去均数）'}${standardized ? '；系数 = 特征向量 / √特征值，得分的方差为 1' : '；系数即特征向量（R 的 prcomp()$rotation），得分的方差等于特征值'}。`,
  ]);
  const loadBlocks: ReportBlock[] = [loadTable, coefTable];
  const scoresOut = pc.scores.map((row) => row.map((v, j) => (standardized ? v / Math.sqrt(pc.eigenvalues[j]!) : v)));
  if (k >= 2) {
    const z = pc.scores.map((row) => [row[0]! / Math.sqrt(pc.eigenvalues[0]!), row[1]! / Math.sqrt(pc.eigenvalues[1]!)]);
    loadBlocks.push(biplot('图2 双标图（主成分1 × 主成分2）', items.names, z, pc.loadings, matrix));
  }
  sections.push({ title: '成分载荷', blocks: loadBlocks });

  const groups = markers(items.names, pc.loadings, 0.4);
  const parts: string[] = [
    `对 ${itemList(items.names, '变量')}（${items.n} 例）做主成分分析（${matrix === 'correlation' ? '相关矩阵' : '协方差矩阵'}）。`,
    `KMO = ${num(a.kmo.overall, 3)}（${kmoWord(a.kmo.overall)}），Bartlett 球形度检验 χ² = ${num(a.bartlett.statistic, 2)}，df = ${a.bartlett.df}，${a.bartlett.pValue < 0.001 ? 'P < 0.001' : `P = ${a.bartlett.pValue.toFixed(3)}`}${a.bartlett.pValue < 0.05 ? '，变量间存在较强的相关，适合做主成分分析' : '，变量间相关性弱，不宜做主成分分析'}。`,
    `${rule}，第 1 主成分的特征值为 ${num(pc.eigenvalues[0]!, 3)}，解释 ${num(pc.proportion[0]!, 2)}% 的方差；保留的主成分累计解释 ${num(cumK, 2)}% 的方差。`,
    groups.map((g, j) => (g.length > 0 ? `主成分${j + 1}主要反映 ${quoted(g)}` : `主成分${j + 1}没有载荷 ≥ 0.4 的变量`)).join('；') + '（按各变量绝对值最大的载荷归类）。',
    `各研究对象的${standardized ? '标准化' : '原始'}主成分得分已另存为新的数据文件（每个主成分一列），可用于综合评价、分组或作为回归分析的自变量（主成分之间互不相关，可避免多重共线性）。`,
  ];
  const caveats: string[] = [];
  if (a.kmo.overall < 0.6) caveats.push(`KMO = ${num(a.kmo.overall, 3)} < 0.6，变量间的共同信息不多，主成分的降维效果有限。`);
  if (cumK < 60) caveats.push(`保留的主成分仅解释 ${num(cumK, 2)}% 的方差，信息损失较多，可考虑多保留几个主成分。`);
  caveats.push('主成分分析是数据降维方法，主成分是变量的线性组合，不是潜在构念；若目的是探索量表的因子结构，请用探索性因子分析。');
  if (k === 1) caveats.push('只保留了 1 个主成分，不绘制双标图。');
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  const results: ToolOutput['results'] = {
    n: items.n,
    excluded: items.excluded,
    variables: items.p,
    matrix,
    components: k,
    kmo: a.kmo.overall,
    bartlettChi2: a.bartlett.statistic,
    bartlettDf: a.bartlett.df,
    bartlettP: a.bartlett.pValue,
    cumulative: cumK,
    scoreType: standardized ? 'standardized' : 'raw',
  };
  pc.eigenvalues.forEach((v, i) => {
    results[`eigenvalue.${i + 1}`] = v;
    results[`proportion.${i + 1}`] = pc.proportion[i]!;
  });
  const scoreNames = freshNames(data, labels.map((l) => `${l}得分`));
  return {
    title: `主成分分析：${items.p} 个变量`,
    sections,
    results,
    derivedData: {
      suffix: '_主成分得分',
      rows: items.rows,
      columns: scoreNames.map((name, j) => ({ name, values: scoresOut.map((row) => row[j]!) })),
    },
  };
}
