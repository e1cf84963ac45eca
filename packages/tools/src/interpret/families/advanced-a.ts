// The interpreter's explainers for the advanced tools of group A (issue 23), under their tool keys.
// Each reads the tool's own `results` and tables, so every number it writes is one the report shows.
import { fmt, pText, type Explanation, type ReportFacts } from '../explanation.js';

const kmoWord = (v: number | null) => (v === null ? '' : v >= 0.9 ? '极好' : v >= 0.8 ? '良好' : v >= 0.7 ? '中等' : v >= 0.6 ? '一般' : v >= 0.5 ? '较差' : '不可接受');

/** The report's own sentence on which variables make up each component/factor (from its conclusion). */
function structureSentence(f: ReportFacts, word: '主成分' | '因子'): string {
  const m = new RegExp(`(${word}1[^。]*?（按各[^）]*）)`).exec(f.conclusionText());
  return m ? `${m[1]}。` : '';
}

// ---------------------------------------------------------------------------------------------
// 主成分分析 PCA

function pca(f: ReportFacts): Explanation {
  const n = f.num('n');
  const p = f.num('variables');
  const k = f.num('components');
  const kmo = f.num('kmo');
  const cum = f.num('cumulative');
  const cor = f.str('matrix') !== 'covariance';
  const e1 = f.num('eigenvalue.1');
  const p1 = f.num('proportion.1');
  const structure = structureSentence(f, '主成分');
  const bart = `Bartlett 球形度检验 χ² = ${fmt(f.num('bartlettChi2'), 2)}，df = ${fmt(f.num('bartlettDf'), 0)}，${pText(f.num('bartlettP'))}`;
  const method = `对 ${fmt(p, 0)} 个定量变量做主成分分析（${cor ? '相关矩阵，即先标准化' : '协方差矩阵'}），把相关的变量浓缩为少数互不相关的主成分，结果与 R 的 prcomp 一致。`;
  const numbers = [
    `纳入 ${fmt(n, 0)} 例。KMO = ${fmt(kmo, 3)}（${kmoWord(kmo)}），${bart}。`,
    `第 1 主成分的特征值为 ${fmt(e1, 3)}，解释 ${fmt(p1, 2)}% 的方差；保留 ${fmt(k, 0)} 个主成分，累计解释 ${fmt(cum, 2)}%。`,
    ...(structure ? [structure] : []),
  ];
  const conclusion = `${fmt(p, 0)} 个变量可以用 ${fmt(k, 0)} 个主成分概括，保留了 ${fmt(cum, 2)}% 的信息；主成分得分已另存为新数据文件。`;
  const caveats: string[] = [];
  if (kmo !== null && kmo < 0.6) caveats.push(`KMO = ${fmt(kmo, 3)} 偏低，变量间共同信息少，降维效果有限。`);
  if (cum !== null && cum < 60) caveats.push(`累计方差解释率仅 ${fmt(cum, 2)}%，信息损失较多，可考虑多保留主成分。`);
  caveats.push('主成分是变量的线性组合，不是潜在构念；探索量表结构请用探索性因子分析。');
  caveats.push('主成分分析对异常值敏感，且只反映线性关系；变量单位不同时必须用相关矩阵。');
  const paper =
    `采用主成分分析对 ${fmt(p, 0)} 个变量进行降维。KMO 检验值为 ${fmt(kmo, 3)}，${bart}，适合进行主成分分析。` +
    `按${f.param('components') === '0' || f.param('components') === '' ? '特征值大于 1 的准则' : '设定'}提取 ${fmt(k, 0)} 个主成分，累计方差贡献率为 ${fmt(cum, 2)}%（表2，图1）。${structure}`;
  const next = [
    '用保存的主成分得分作为回归模型的自变量（主成分回归），避免多重共线性。',
    '若目的是解释潜在维度（如量表结构），改用探索性因子分析并做旋转。',
    '按方差贡献率对主成分得分加权求综合得分，用于排序或综合评价。',
  ];
  const nonsignificant =
    f.num('bartlettP') !== null && f.num('bartlettP')! >= 0.05
      ? `Bartlett 检验不显著（${pText(f.num('bartlettP'))}），说明变量间几乎不相关，每个变量各自携带独立的信息，主成分分析无法有效降维，此时应直接分析原始变量。`
      : `本次 Bartlett 检验显著（${pText(f.num('bartlettP'))}），变量间存在相关，适合降维。主成分分析本身没有“显著与否”，是否保留某个主成分应看特征值、碎石图的拐点和累计方差解释率，而不是 P 值。`;
  const effect = `特征值表示该主成分概括了相当于几个原始变量的方差（相关矩阵时每个变量的方差为 1）；载荷是变量与主成分的相关系数，绝对值 ≥ 0.4 一般认为该变量对主成分有重要贡献。`;
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
}

// ---------------------------------------------------------------------------------------------
// 探索性因子分析 EFA

function efa(f: ReportFacts): Explanation {
  const n = f.num('n');
  const p = f.num('variables');
  const k = f.num('factors');
  const kmo = f.num('kmo');
  const kaiser = f.num('kaiserFactors');
  const parallel = f.num('parallelFactors');
  const total = f.num('totalVariance');
  const ml = f.str('extraction') === 'ml';
  const rotation = f.str('rotation') ?? 'none';
  const oblique = rotation === 'oblimin' || rotation === 'promax';
  const rotText = rotation === 'none' ? '不旋转' : `${rotation} ${oblique ? '斜交' : '正交'}旋转`;
  const structure = structureSentence(f, '因子');
  const reverse = f.str('reverseItems');
  const cross = f.num('crossLoadings');
  const maxPhi = f.num('maxFactorCorrelation');
  const bart = `Bartlett 球形度检验 χ² = ${fmt(f.num('bartlettChi2'), 2)}，df = ${fmt(f.num('bartlettDf'), 0)}，${pText(f.num('bartlettP'))}`;
  const method =
    `对 ${fmt(p, 0)} 个条目做探索性因子分析：用平行分析（${fmt(f.num('iterations'), 0)} 次模拟，种子 ${fmt(f.num('seed'), 0)}）和特征值 > 1 准则判断因子个数，` +
    `${ml ? '最大似然法' : '主轴因子法'}提取，${rotText}，结果与 R 的 psych::fa、fa.parallel 一致。`;
  const numbers = [
    `纳入 ${fmt(n, 0)} 例。KMO = ${fmt(kmo, 3)}（${kmoWord(kmo)}），${bart}。`,
    `平行分析提示 ${fmt(parallel, 0)} 个因子，特征值 > 1 准则提示 ${fmt(kaiser, 0)} 个；本次提取 ${fmt(k, 0)} 个因子，共解释 ${fmt(total, 2)}% 的方差。`,
    ...(structure ? [structure] : []),
    ...(oblique && maxPhi !== null ? [`因子间相关的绝对值最大为 ${fmt(maxPhi, 3)}。`] : []),
    ...(ml && f.num('chi2') !== null ? [`最大似然拟合检验 χ² = ${fmt(f.num('chi2'), 2)}，df = ${fmt(f.num('df'), 0)}，${pText(f.num('p'))}。`] : []),
  ];
  const conclusion = `${fmt(p, 0)} 个条目可归为 ${fmt(k, 0)} 个因子，共解释 ${fmt(total, 2)}% 的方差。${structure}`;
  const caveats: string[] = [];
  if (reverse) caveats.push(`${reverse} 的主要载荷为负，可能是反向计分条目，计算维度得分和信度前应先反向计分。`);
  if (cross !== null && cross > 0) caveats.push(`有 ${fmt(cross, 0)} 个条目存在交叉载荷（两个以上因子载荷 ≥ 0.4），归属不明确。`);
  if (kmo !== null && kmo < 0.6) caveats.push(`KMO = ${fmt(kmo, 3)} 偏低，因子分析的适宜性欠佳。`);
  if (parallel !== kaiser) caveats.push(`平行分析（${fmt(parallel, 0)} 个）与特征值 > 1（${fmt(kaiser, 0)} 个）的建议不同，特征值 > 1 常高估因子数。`);
  caveats.push('EFA 的结构需在独立样本中用验证性因子分析（CFA）确认；因子的命名要依据条目内容和理论。');
  const paper =
    `对 ${fmt(p, 0)} 个条目进行探索性因子分析。KMO 值为 ${fmt(kmo, 3)}，${bart}，表明数据适合进行因子分析。` +
    `平行分析提示保留 ${fmt(parallel, 0)} 个因子，采用${ml ? '最大似然法' : '主轴因子法'}提取 ${fmt(k, 0)} 个因子并进行 ${rotText}，累计解释 ${fmt(total, 2)}% 的方差（表2、表3）。${structure}`;
  const next = [
    '对每个因子（维度）分别做信度分析（Cronbach α、McDonald ω），反向条目先反向计分。',
    '在另一独立样本中做验证性因子分析（CFA），报告 CFI、TLI、RMSEA、SRMR 及 AVE、组合信度。',
    '删除交叉载荷或载荷均 < 0.4 的条目后重新分析，检查结构是否稳定。',
  ];
  const nonsignificant =
    f.num('bartlettP') !== null && f.num('bartlettP')! >= 0.05
      ? `Bartlett 检验不显著（${pText(f.num('bartlettP'))}），条目间相关很弱，没有可提取的共同因子，不宜做因子分析。`
      : `Bartlett 检验显著（${pText(f.num('bartlettP'))}）只说明条目间存在相关、可以做因子分析，并不说明因子结构正确。因子个数和条目归属要结合平行分析、载荷大小、可解释性和理论判断${ml && f.num('p') !== null ? `；最大似然拟合检验 ${pText(f.num('p'))}，样本量大时此检验几乎总是显著，不宜单凭它否定模型` : ''}。`;
  const effect = `载荷反映条目与因子的关联强度：绝对值 ≥ 0.4 一般认为条目归属该因子，≥ 0.7 为强；共同度 h² 是因子共同解释该条目方差的比例，小于 0.2 ~ 0.3 的条目与其他条目的共同部分很少。`;
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
}

export const EXPLAINERS: Readonly<Record<string, (f: ReportFacts) => Explanation>> = { pca, efa };
