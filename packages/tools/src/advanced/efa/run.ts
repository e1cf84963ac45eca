// 探索性因子分析 EFA: KMO and Bartlett; the number of factors by seeded parallel analysis (psych's
// fa.parallel, SMC = TRUE), Kaiser's rule or the user's choice; principal-axis or ML extraction;
// varimax, promax or oblimin rotation; sorted loadings with small ones blanked, communalities, Φ, the
// explained variance, and regression factor scores saved as a new data file.
import { factorAnalysis, oblimin, parallelAnalysis, regressionScores, sortFactors, maxOf, minOf } from '@labstat/stats';
import { quoted } from '../../model-input.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { adequacy, adequacyTable, asInputError, crossLoading, freshNames, itemList, kmoWord, loadingRows, markers, negativeMain, readItems, screeChart } from '../dimension-a.js';

const ROTATION_NAME: Record<string, string> = { varimax: 'varimax 正交旋转', promax: 'promax 斜交旋转（κ = 4）', oblimin: '直接斜交 oblimin 旋转（γ = 0）', none: '不旋转' };
const intIn = (v: unknown, fallback: number, lo: number, hi: number, what: string): number => {
  if (v === null || v === undefined || v === '') return fallback;
  const x = Number(v);
  if (!Number.isInteger(x) || x < lo || x > hi) throw new ToolInputError(`“${what}”须为 ${lo} ~ ${hi} 之间的整数`);
  return x;
};
const pSentence = (p: number) => (p < 0.001 ? 'P < 0.001' : `P = ${p.toFixed(3)}`);

export function run(data: DataTable, params: Params): ToolOutput {
  const items = readItems(data, params, 3, '探索性因子分析');
  const { p, n } = items;
  const extraction = params.extraction === 'ml' ? 'ml' : 'pa';
  const rotation = (['varimax', 'promax', 'oblimin', 'none'] as const).find((r) => r === params.rotation) ?? 'oblimin';
  const nMethod = params.nMethod === 'kaiser' || params.nMethod === 'fixed' ? params.nMethod : 'parallel';
  const blank = typeof params.blank === 'number' && params.blank > 0 ? params.blank : 0;
  const sort = params.sort !== false;
  const iterations = intIn(params.iterations, 100, 20, 1000, '平行分析模拟次数');
  const seed = intIn(params.seed, 2024, 1, 999999, '随机种子');
  const a = adequacy(items);
  const par = asInputError('平行分析', () => parallelAnalysis(items.cor, p, n, { iterations, seed }));
  const kaiser = par.observed.pc.filter((v) => v > 1).length;
  const maxFactors = extraction === 'ml' ? Math.floor((2 * p + 1 - Math.sqrt(8 * p + 1)) / 2) : p - 1;
  if (maxFactors < 1) throw new ToolInputError(`${p} 个条目无法用最大似然法提取因子，请增加条目或改用主轴因子法`);
  const notes: string[] = [];
  let k: number;
  if (nMethod === 'fixed') {
    k = intIn(params.factors, 3, 1, 20, '指定的因子个数');
    if (k > maxFactors) throw new ToolInputError(`${p} 个条目${extraction === 'ml' ? '用最大似然法' : ''}最多可提取 ${maxFactors} 个因子，当前指定 ${k} 个`);
  } else {
    const suggested = nMethod === 'parallel' ? par.factors : kaiser;
    k = Math.min(Math.max(suggested, 1), maxFactors);
    if (suggested < 1) notes.push(`${nMethod === 'parallel' ? '平行分析' : '特征值 > 1 准则'}未提示任何因子，按 1 个因子分析；条目间的共同变异可能很少。`);
    if (suggested > maxFactors) notes.push(`建议的 ${suggested} 个因子超过可提取的上限，按 ${maxFactors} 个分析。`);
  }
  const fa = asInputError('探索性因子分析', () => factorAnalysis(items.columns, { names: items.names, factors: k, extraction, rotation: rotation === 'oblimin' ? 'none' : rotation }));
  if (!fa.converged)
    throw new ToolInputError(`${extraction === 'ml' ? '最大似然法' : '主轴因子法'}迭代未收敛（${fa.iterations} 次），通常是因子个数过多或有条目的共同度接近 1（Heywood 情形${fa.heywood.length > 0 ? `：${quoted(fa.heywood)}` : ''}）。请减少因子个数、删除该条目或改用${extraction === 'ml' ? '主轴因子法' : '最大似然法'}`);
  let pattern = fa.loadings;
  let phi = fa.factorCorrelations;
  let scores = fa.scores;
  let rotationUsed: string = fa.rotation;
  if (rotation === 'oblimin' && k >= 2) {
    const ob = asInputError('oblimin 旋转', () => oblimin(fa.loadings));
    if (!ob.converged) throw new ToolInputError(`oblimin 旋转未收敛（${ob.iterations} 次迭代），可改用 promax 旋转或调整因子个数`);
    const s = sortFactors(ob.loadings, ob.phi);
    pattern = s.loadings;
    phi = s.phi;
    scores = asInputError('因子得分', () => regressionScores(items.columns, pattern, phi)).scores;
    rotationUsed = 'oblimin';
  }
  const oblique = phi !== null;
  const labels = Array.from({ length: k }, (_, j) => `因子${j + 1}`);
  let cum = 0;
  const variance = labels.map((_, f) => {
    const ss = pattern.reduce((s, row) => s + row[f]! ** 2, 0);
    cum += (100 * ss) / p;
    return { ss, proportion: (100 * ss) / p, cumulative: cum };
  });
  const totalCommon = (100 * fa.communalities.reduce((s, h) => s + h, 0)) / p;
  const methodText = `${extraction === 'ml' ? '最大似然法' : '主轴因子法'}提取 ${k} 个因子，${ROTATION_NAME[rotationUsed] ?? '不旋转'}`;
  const kText = nMethod === 'fixed' ? `按设定提取 ${k} 个因子` : nMethod === 'parallel' ? `平行分析提示 ${par.factors} 个因子` : `特征值 > 1 的因子有 ${kaiser} 个`;

  const sections: ToolOutput['sections'] = [];
  sections.push({ title: '适用性检验', blocks: [adequacyTable('表1 KMO 与 Bartlett 球形度检验', a, items, [])] });
  const eigenRows = par.observed.pc.map((v, i) => {
    const cumPc = (100 * par.observed.pc.slice(0, i + 1).reduce((s, x) => s + x, 0)) / p;
    return [i + 1, num(v, 3), num((100 * v) / p, 2), num(cumPc, 2), num(par.observed.fa[i]!, 3), num(par.simulated.faQuantile[i]!, 3)];
  });
  sections.push({
    title: '因子个数',
    blocks: [
      table('表2 特征值与平行分析', ['序号', '特征值', '方差解释率（%）', '累计（%）', '约简相关矩阵特征值', '随机数据特征值（95% 分位数）'], eigenRows, [
        `特征值 > 1 准则提示 ${kaiser} 个因子；平行分析（${iterations} 次模拟，随机种子 ${seed}）提示 ${par.factors} 个因子（约简相关矩阵特征值大于随机数据 95% 分位数的前几个）、${par.components} 个主成分。本次${nMethod === 'fixed' ? '按设定' : nMethod === 'parallel' ? '按平行分析' : '按特征值 > 1'}提取 ${k} 个因子。`,
        '特征值：相关矩阵的特征值（主成分）；约简相关矩阵：对角线换为各条目的多重相关平方（SMC）后的特征值，与 psych::fa.parallel(SMC = TRUE) 相同。随机数据为与本数据同样本量、同条目数的独立标准正态数据。',
        ...notes,
      ]),
      screeChart('图1 碎石图与平行分析', par.observed.fa, {
        name: '约简相关矩阵特征值',
        reference: null,
        more: [{ name: '相关矩阵特征值', values: par.observed.pc }],
        simulated: { name: '随机数据特征值（95% 分位数）', values: par.simulated.faQuantile },
      }),
    ],
  });

  const loadFoot = [
    `${methodText}。${sort ? '条目按其载荷绝对值最大的因子分组，组内按载荷大小排序；' : ''}${blank > 0 ? `|载荷| < ${blank} 的载荷未显示；` : ''}共同度 h² 为各因子共同解释该条目方差的比例，唯一性 u² = 1 − h²。`,
    ...(oblique ? ['斜交旋转给出的是模式矩阵（pattern）：载荷为因子对条目的偏回归系数，因子间的相关见表5。'] : []),
    ...(fa.fitTest ? [`最大似然法拟合检验：χ² = ${num(fa.fitTest.statistic, 2)}，df = ${fa.fitTest.df}，P = ${formatP(fa.fitTest.pValue)}（P < 0.05 表示 ${k} 个因子不足以完全再现相关矩阵；样本量大时此检验很敏感）。`] : []),
    ...(fa.heywood.length > 0 ? [`${quoted(fa.heywood)}的共同度接近或达到 1（Heywood 情形），该解可能不恰当。`] : []),
  ];
  const loadTable = table(
    `表3 旋转后的因子载荷矩阵${rotationUsed === 'none' ? '（未旋转）' : ''}`,
    ['条目', ...labels, '共同度 h²', '唯一性 u²'],
    loadingRows(items.names, pattern, { sort, blank, extra: (i) => [num(fa.communalities[i]!, 3), num(fa.uniquenesses[i]!, 3)] }),
    loadFoot,
  );
  const varTable = table(
    '表4 各因子解释的方差',
    ['', ...labels],
    [
      ['载荷平方和', ...variance.map((v) => num(v.ss, 3))],
      ['方差解释率（%）', ...variance.map((v) => num(v.proportion, 2))],
      ['累计（%）', ...variance.map((v) => num(v.cumulative, 2))],
    ],
    [
      oblique
        ? `斜交旋转后因子相关，各因子的载荷平方和（按模式矩阵）不能简单相加；${k} 个因子共同解释的方差为各条目共同度之和 / 条目数 = ${num(totalCommon, 2)}%。`
        : `${k} 个因子共解释 ${num(totalCommon, 2)}% 的方差（各条目共同度之和 / 条目数）。`,
    ],
  );
  const blocks = [loadTable, varTable];
  if (oblique && phi) blocks.push(table('表5 因子相关矩阵', ['', ...labels], phi.map((row, i) => [labels[i]!, ...row.map((v) => num(v, 3))]), ['斜交旋转估计的因子间相关；若各相关的绝对值都小于 0.3 左右，也可改用正交旋转。']));
  sections.push({ title: '因子载荷', blocks });

  const groups = markers(items.names, pattern, 0.4);
  const negative = negativeMain(items.names, pattern, 0.3);
  const cross = crossLoading(items.names, pattern, 0.4);
  const weak = items.names.filter((_, i) => maxOf(pattern[i]!.map(Math.abs)) < 0.4);
  const maxPhi = phi ? maxOf(phi.flatMap((row, i) => row.filter((_, j) => j !== i).map(Math.abs))) : null;
  const parts: string[] = [
    `对 ${itemList(items.names, '条目')}（${n} 例）做探索性因子分析。KMO = ${num(a.kmo.overall, 3)}（${kmoWord(a.kmo.overall)}），Bartlett 球形度检验 χ² = ${num(a.bartlett.statistic, 2)}（df = ${a.bartlett.df}，${pSentence(a.bartlett.pValue)}）${a.kmo.overall >= 0.6 && a.bartlett.pValue < 0.05 ? '，数据适合做因子分析' : '，数据做因子分析的适宜性欠佳'}。`,
    `${kText}（特征值 > 1 准则 ${kaiser} 个，平行分析 ${par.factors} 个），采用${methodText}，${k} 个因子共解释 ${num(totalCommon, 2)}% 的方差。`,
    groups.map((g, j) => (g.length > 0 ? `因子${j + 1}由 ${quoted(g)}构成` : `因子${j + 1}没有载荷 ≥ 0.4 的条目`)).join('；') + '（按各条目绝对值最大的载荷归类，载荷 ≥ 0.4）。',
    ...(oblique && maxPhi !== null ? [`因子间相关的绝对值最大为 ${num(maxPhi, 3)}。`] : []),
    '各研究对象的因子得分（回归法）已另存为新的数据文件（每个因子一列，均数约为 0）。',
  ];
  const caveats: string[] = [];
  if (negative.length > 0) caveats.push(`${quoted(negative)}的主要载荷为负，可能是反向计分条目：计算维度得分或做信度分析前应先反向计分（如 5 级评分：6 − 原分）。`);
  if (cross.length > 0) caveats.push(`${quoted(cross)}在 2 个及以上因子上的载荷 ≥ 0.4（交叉载荷），归属不明确，可考虑删除后重新分析。`);
  if (weak.length > 0) caveats.push(`${quoted(weak)}在所有因子上的载荷都 < 0.4，与其他条目的共同变异少，可考虑删除。`);
  if (a.kmo.overall < 0.6) caveats.push(`KMO = ${num(a.kmo.overall, 3)} < 0.6，不太适合做因子分析。`);
  if (n < 5 * p) caveats.push(`样本量（${n}）不足条目数的 5 倍，因子结构可能不稳定。`);
  if (par.factors !== kaiser) caveats.push(`平行分析（${par.factors} 个）与特征值 > 1 准则（${kaiser} 个）提示的因子数不同；特征值 > 1 准则常高估因子数，宜结合理论与各方案的可解释性决定。`);
  caveats.push('探索性因子分析得到的结构应在另一样本中用验证性因子分析（CFA）检验；Likert 条目的分类少于 5 级时，可考虑基于多分格相关矩阵分析。');
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  const results: ToolOutput['results'] = {
    n,
    excluded: items.excluded,
    variables: p,
    factors: k,
    kaiserFactors: kaiser,
    parallelFactors: par.factors,
    parallelComponents: par.components,
    iterations,
    seed,
    kmo: a.kmo.overall,
    bartlettChi2: a.bartlett.statistic,
    bartlettDf: a.bartlett.df,
    bartlettP: a.bartlett.pValue,
    extraction,
    rotation: rotationUsed,
    totalVariance: totalCommon,
    minCommunality: minOf(fa.communalities),
    heywood: fa.heywood.length,
    reverseItems: negative.join('、'),
    crossLoadings: cross.length,
    maxFactorCorrelation: maxPhi,
  };
  if (fa.fitTest) Object.assign(results, { chi2: fa.fitTest.statistic, df: fa.fitTest.df, p: fa.fitTest.pValue });
  variance.forEach((v, f) => {
    results[`ss.${f + 1}`] = v.ss;
    results[`proportion.${f + 1}`] = v.proportion;
  });
  par.observed.pc.forEach((v, i) => (results[`eigenvalue.${i + 1}`] = v));
  const scoreNames = freshNames(data, labels.map((l) => `${l}得分`));
  return {
    title: `探索性因子分析：${p} 个条目，${k} 个因子`,
    sections,
    results,
    derivedData: { suffix: '_因子得分', rows: items.rows, columns: scoreNames.map((name, j) => ({ name, values: scores.map((row) => row[j]!) })) },
  };
}
