// The interpreter's explainers for the advanced tools of group X2 (issue 23), under their tool keys.
// Each reads the tool's own `results` and conclusion, so every number it writes is one the report shows.
import { fmt, pText, type Explanation, type ReportFacts } from '../explanation.js';

/** The report's own sentence starting with `start` (up to its full stop), or ''. */
function sentence(f: ReportFacts, start: string): string {
  const text = f.conclusionText();
  const i = text.indexOf(start);
  if (i < 0) return '';
  const j = text.indexOf('。', i);
  return j < 0 ? '' : text.slice(i, j + 1);
}

// ---------------------------------------------------------------------------------------------
// 对应分析

function correspondence(f: ReportFacts): Explanation {
  const row = f.param('row');
  const col = f.param('col');
  const n = f.num('n');
  const dims = f.num('dims');
  const p = f.num('pValue');
  const chi = `χ² = ${fmt(f.num('chiSquare'), 2)}，df = ${fmt(f.num('df'), 0)}，${pText(p)}`;
  const p1 = f.num('proportion.1');
  const p2 = f.num('proportion.2');
  const cum = f.num('cumulative');
  const two = dims !== null && dims >= 2;
  const dim1 = sentence(f, '第 1 维度主要由');
  const near = sentence(f, '对称图上');
  const method = `对“${row}”与“${col}”的列联表做简单对应分析：把标准化残差做奇异值分解，用少数几个维度概括行、列类别间的对应关系，并画在同一张对称图上，结果与 R 的 ca::ca 一致。`;
  const numbers = [
    `纳入 ${fmt(n, 0)} 例，列联表卡方检验 ${chi}；总惯量（χ²/n）为 ${fmt(f.num('totalInertia'), 4)}。`,
    two ? `第 1 维度解释 ${fmt(p1, 2)}% 的惯量，第 2 维度解释 ${fmt(p2, 2)}%，前 2 维累计 ${fmt(cum, 2)}%。` : `只有 1 个维度，解释全部惯量。`,
    ...(dim1 ? [dim1] : []),
    ...(near ? [near] : []),
  ];
  const conclusion =
    p !== null && p < 0.05
      ? `“${row}”与“${col}”之间存在关联（${pText(p)}）${two ? `，前 2 个维度概括了 ${fmt(cum, 2)}% 的关联信息，可从对称图上相互靠近的类别读出主要的对应关系` : ''}。`
      : `“${row}”与“${col}”之间的关联无统计学意义（${pText(p)}），对应分析图上的结构不宜过度解读。`;
  const caveats: string[] = [];
  if (two && cum !== null && cum < 70) caveats.push(`前 2 维只解释 ${fmt(cum, 2)}% 的惯量，二维图对部分类别代表不足，请看各点的 cos²。`);
  caveats.push('对称图中行点与列点之间的距离不是严格的 χ² 距离，只能按方向和相对位置判断对应关系；同一变量内各点的距离才表示轮廓的相似程度。');
  caveats.push('例数很少的类别位置不稳定，且可能主导某个维度；可与相近类别合并后重做。');
  const paper =
    `采用对应分析探讨${row}与${col}的关系。卡方检验显示二者${p !== null && p < 0.05 ? '存在关联' : '关联无统计学意义'}（${chi}）。` +
    (two ? `对应分析共提取 ${fmt(dims, 0)} 个维度，前 2 个维度分别解释总惯量的 ${fmt(p1, 2)}% 和 ${fmt(p2, 2)}%，累计 ${fmt(cum, 2)}%（表2）。${near}` : '');
  const next = [
    '对关联最强的几对类别，可回到列联表看行百分比或调整残差，给出具体的比例差异。',
    '三个及以上分类变量的对应关系可用多重对应分析（MCA）。',
    '如需控制混杂因素，改用多分类 logistic 回归等模型。',
  ];
  const nonsignificant =
    p !== null && p >= 0.05
      ? `卡方检验不显著（${pText(p)}）说明行列的关联可能只是随机波动，此时对应分析图上的远近关系不可靠，应报告“未发现关联”而不是解读图形。`
      : `卡方检验显著（${pText(p)}）只说明两变量有关联；对应分析是描述性方法，图上两点靠近不等于这对类别的关联有统计学意义，具体的比例差异仍需回到列联表。`;
  const effect = `主惯量表示该维度概括的行列关联强度，总惯量 = χ²/n，可看作关联程度（类似 φ² 的量度）；贡献率表示某类别对维度方向的决定作用，cos² 表示该维度对某类别的代表程度。`;
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
}

// ---------------------------------------------------------------------------------------------
// 多重响应分析

function multipleResponse(f: ReportFacts): Explanation {
  const n = f.num('n');
  const k = f.num('options');
  const group = f.param('group');
  const grouped = f.num('groups') !== null;
  const top = sentence(f, '选择比例最高的是');
  const diff = sentence(f, '不同') || sentence(f, '各选项的选择比例在不同');
  const example = sentence(f, '例如');
  const base = f.str('base') === 'all' ? '全部完整应答者' : '至少选择 1 项的个案';
  const method = `把多选题的 ${fmt(k, 0)} 个选项（每个选项一列 0/1）作为一组做多重响应分析，计算响应百分比与个案百分比（同 SPSS 的 MULT RESPONSE）${grouped ? `，并按“${group}”做交叉表，对每个选项做 Pearson 卡方检验` : ''}。`;
  const numbers = [
    `${base} ${fmt(n, 0)} 人共作出 ${fmt(f.num('responses'), 0)} 次选择，人均 ${fmt(f.num('meanChosen'), 2)} 项。`,
    ...(top ? [top] : []),
    ...(grouped && diff ? [diff] : []),
    ...(example ? [example] : []),
  ];
  const sig = f.num('significantOptions');
  const conclusion = grouped
    ? sig !== null && sig > 0
      ? `有 ${fmt(sig, 0)} 个选项的选择比例在不同“${group}”间差异有统计学意义，说明不同组别的选择偏好不同。`
      : `各选项的选择比例在不同“${group}”间差异均无统计学意义。`
    : `各选项的选择比例见表1，最常被选择的选项即为该人群的主要选择。`;
  const caveats = ['个案百分比之和超过 100% 是正常的（每人可选多项）；描述时应说明百分比的基数。'];
  if (grouped && k !== null && k > 2) caveats.push(`对 ${fmt(k, 0)} 个选项分别检验存在多重比较问题，可用 Bonferroni 校正。`);
  caveats.push('选项的顺序、选项个数上限等问卷设计会影响选择比例，比较不同研究时需注意。');
  const paper = `多选题采用多重响应分析，以${base}为基数计算个案百分比。${fmt(n, 0)} 名${base === '全部完整应答者' ? '应答者' : '选择至少 1 项的应答者'}共作出 ${fmt(f.num('responses'), 0)} 次选择（人均 ${fmt(f.num('meanChosen'), 2)} 项）。${top}${grouped ? diff : ''}`;
  const next = [
    '对差异显著的选项，可做两两组间比较（如卡方分割并校正 P 值）。',
    '需要同时考虑多个因素对某一选项的影响时，以该选项（选中/未选）为因变量做 logistic 回归。',
    '选项间的共现关系可用 Venn/UpSet 图或对应分析进一步展示。',
  ];
  const nonsignificant = grouped
    ? '某选项组间差异不显著只说明没有发现足够证据，不能证明各组选择比例相同；样本量小时检验效能有限。'
    : '本分析为描述性统计，没有假设检验；若要比较不同人群的选择比例，请指定分组变量。';
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant };
}

export const EXPLAINERS: Readonly<Record<string, (f: ReportFacts) => Explanation>> = { correspondence, 'multiple-response': multipleResponse };
