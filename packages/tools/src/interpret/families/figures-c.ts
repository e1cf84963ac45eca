// The interpreter's explainers for the visual tools of group C (multivariate and omics figures),
// under their tool keys. Every number is read from the report's results and tables.
import { cellNum, fmt, name, pct, pText, significant, type Explanation, type ReportFacts } from '../explanation.js';

const list = (xs: readonly string[], max = 6): string => (xs.length > max ? `${xs.slice(0, max).join('、')} 等` : xs.join('、'));
const names = (s: string | null): string[] => (s ? s.split(', ').map(name) : []);

// ---------------------------------------------------------------------------------------------
// Heatmap

function heatmap(f: ReportFacts): Explanation {
  const nr = f.num('rows');
  const nc = f.num('columns');
  const excluded = f.num('excluded') ?? 0;
  const constant = f.num('constantRows') ?? 0;
  const scale = f.report.parameters.scale;
  const linkage = f.report.parameters.linkage === 'average' ? '平均连接' : '完全连接';
  const rowTop = f.num('rowTopHeight');
  const colTop = f.num('columnTopHeight');
  const cols = names(f.str('columnOrder'));
  const rows = names(f.str('rowOrder'));
  const scaleText = scale === 'none' ? '未做标准化，颜色表示原始数值' : scale === 'column' ? '按列做 z-score 标准化' : '按行做 z-score 标准化（每行减去均值、除以标准差）';
  const clustered = rowTop !== null || colTop !== null;
  const method =
    `把 ${fmt(nr, 0)} 行 × ${fmt(nc, 0)} 列的数值矩阵画成热图，${scaleText}。` +
    (clustered ? `行、列的排列顺序由层次聚类决定（欧氏距离，${linkage}，与 R hclust 一致），聚类树画在热图旁：越早（越低处）汇合的对象越相似。` : '未做聚类，行列按数据顺序排列。') +
    '热图适合一次展示大量变量（如基因）在各样本中的高低模式。';
  const numbers: string[] = [`绘图 ${fmt(nr, 0)} 行、${fmt(nc, 0)} 列${excluded > 0 ? `；${fmt(excluded, 0)} 行含缺失值未绘制` : ''}${constant > 0 ? `；${fmt(constant, 0)} 行取值全部相同无法标准化` : ''}。`];
  numbers.push(`色标范围 ${fmt(f.num('colorMin'), 3)} ~ ${fmt(f.num('colorMax'), 3)}${scale === 'none' ? '' : '（z-score，0 为均值）'}。`);
  if (colTop !== null) numbers.push(`列聚类后的顺序：${list(cols, 12)}；全部列最终合并的高度为 ${fmt(colTop, 4)}。`);
  if (rowTop !== null) numbers.push(`行聚类后排在最上方的是 ${list(rows, 5)}；全部行最终合并的高度为 ${fmt(rowTop, 4)}。`);
  const colSteps = f.rows('列聚类的合并过程');
  const last = colSteps[colSteps.length - 1];
  const conclusion =
    (last ? `列聚类最后一步把“${name(String(last[1]))}”与“${name(String(last[2]))}”两个分支合并（高度 ${fmt(cellNum(last[3]), 4)}），即样本首先分为这两大类；请对照样本分组看这两类是否对应已知的分组。` : '') +
    (rowTop !== null ? '行方向上同一分支内颜色模式相近的行，是在各样本中变化方向一致的一组对象（如共表达的基因）。' : '') +
    '热图与聚类是描述性的展示，不提供 P 值。';
  const caveats = [
    '聚类在标准化后的数据上进行，换一种标准化或连接方法，聚类树可能不同；结论应在不同设置下保持稳定才可靠。',
    '层次聚类总会给出一棵树，即使数据中没有真实的分群；分群需要用统计检验或独立数据验证。',
    ...f.footnotes().filter((t) => /只绘制|取值全部相同/.test(t)).map(name),
  ];
  const paper =
    `对 ${fmt(nr, 0)} 个对象在 ${fmt(nc, 0)} 个样本中的数值${scale === 'row' ? '按行做 z-score 标准化后' : ''}绘制热图` +
    (clustered ? `，并基于欧氏距离、${linkage}法对${rowTop !== null && colTop !== null ? '行和列' : rowTop !== null ? '行' : '列'}进行层次聚类` : '') +
    '（图1）。' +
    (colTop !== null ? `列聚类的顺序为 ${list(cols, 12)}。` : '') +
    '图注可写：颜色表示标准化后的表达水平（红色高、蓝色低），树状图为层次聚类结果。';
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next: ['用差异分析（如 t 检验或 limma）检验聚类中看到的组间差异，并做多重检验校正。', '对聚类得到的基因模块做富集分析（GO/KEGG）。', '换用平均连接或相关距离重复聚类，检查分群是否稳定。'],
    nonsignificant:
      '热图本身不做假设检验，没有“显著”与否；列聚类没有把两组样本分开，只说明这些变量的整体模式不足以区分两组，不等于两组在每个变量上都没有差异——单个变量的差异要用检验来判断。',
  };
}

// ---------------------------------------------------------------------------------------------
// Correlation heatmap

/** |r| in the words the correlation family uses. */
const strength = (r: number): string => {
  const a = Math.abs(r);
  return a < 0.1 ? '几乎无相关' : a < 0.3 ? '弱相关' : a < 0.5 ? '中等程度相关' : a < 0.7 ? '较强相关' : '强相关';
};

function correlationHeatmap(f: ReportFacts): Explanation {
  const spearman = f.report.parameters.method === 'spearman';
  const sym = spearman ? 'ρ' : 'r';
  const k = f.num('variables');
  const pairs = f.num('pairs');
  const nSig = f.num('significantPairs') ?? 0;
  const ps = new Map(f.prefixed('p.'));
  const list2 = f
    .prefixed('r.')
    .map(([pair, r]) => ({ pair: name(pair).replace(' ~ ', '与'), r, p: ps.get(pair) ?? null }))
    .sort((a, b) => Math.abs(b.r) - Math.abs(a.r));
  const sig = list2.filter((x) => significant(x.p));
  const top = list2[0];
  const clustered = f.report.parameters.order !== 'original';
  const method =
    `计算 ${fmt(k, 0)} 个变量两两之间的 ${spearman ? 'Spearman 秩相关系数 ρ（不要求正态，反映单调关系）' : 'Pearson 相关系数 r（反映线性关系，适合近似正态的连续变量）'}，共 ${fmt(pairs, 0)} 对，` +
    `用 t 检验（H0：相关系数为 0）得到 P 值并以星号标在热图上；缺失值按成对删除。` +
    (clustered ? `变量按 1 − ${sym} 的层次聚类排序，相关紧密的变量排在一起。` : '');
  const numbers = [
    `${fmt(pairs, 0)} 对变量中 ${fmt(nSig, 0)} 对相关有统计学意义（P < 0.05，未校正多重比较）；每对的观测数 ${fmt(f.num('nMin'), 0)} ~ ${fmt(f.num('nMax'), 0)}。`,
    ...sig.slice(0, 8).map((x) => `${x.pair}：${sym} = ${fmt(x.r, 3)}，${pText(x.p)}，${x.r > 0 ? '正' : '负'}${strength(x.r)}。`),
  ];
  if (sig.length > 8) numbers.push(`其余 ${fmt(sig.length - 8, 0)} 对有统计学意义的相关见表1（带星号者）。`);
  const conclusion = top
    ? `相关最强的是${top.pair}（${sym} = ${fmt(top.r, 3)}，${pText(top.p)}），属于${top.r > 0 ? '正' : '负'}${strength(top.r)}。` +
      (sig.length > 0 ? `有统计学意义的相关中，|${sym}| 最小为 ${fmt(Math.abs(sig[sig.length - 1]!.r), 3)}；样本量较大时很弱的相关也可能“显著”，应结合相关系数大小判断意义。` : '各对变量的相关均无统计学意义。')
    : '请结合表1 查看各对变量的相关系数。';
  const caveats = [
    `同时检验 ${fmt(pairs, 0)} 对相关，P 值未做多重比较校正，部分星号可能是偶然结果；探索性分析宜用 Bonferroni 或 FDR 校正后再下结论。`,
    spearman ? 'Spearman 相关只反映单调关系，非单调的曲线关系可能被低估。' : 'Pearson 相关只反映直线关系，对离群值敏感；变量偏态或有离群值时宜改用 Spearman 并查看散点图。',
    '相关不等于因果，两个变量同受第三个因素影响时也会相关。',
  ];
  const paper =
    `采用 ${spearman ? 'Spearman 秩相关' : 'Pearson 相关'}分析 ${fmt(k, 0)} 项指标间的相关性（图1）。` +
    (sig.length > 0 ? `${sig.slice(0, 4).map((x) => `${x.pair}${x.r > 0 ? '正' : '负'}相关（${sym} = ${fmt(x.r, 3)}，${pText(x.p)}）`).join('，')}。` : '各指标间相关均无统计学意义。') +
    '图注可写：颜色表示相关系数，*P < 0.05，**P < 0.01，***P < 0.001。';
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next: ['对关心的几对变量画散点图（散点图矩阵工具），检查是否为直线关系、有无离群值。', '需要排除混杂因素时，用偏相关或多因素回归。', '变量较多时可做主成分分析或因子分析，概括相关结构。'],
    nonsignificant: '没有星号只表示未能证明该对变量相关，不等于证明不相关：样本量小时效能不足，曲线关系也可能使线性相关系数接近 0。反之，有星号但 |相关系数| 很小时，实际意义有限。',
    effect: top ? `相关系数本身就是效应量：|${sym}| < 0.3 为弱、0.3 ~ 0.5 为中等、≥ 0.5 为较强。本次最强的${top.pair}为 ${fmt(top.r, 3)}，${sym}² = ${fmt(f.num('strongestRSquared'), 3)}，即约 ${fmt((f.num('strongestRSquared') ?? 0) * 100, 1)}% 的变异可由另一变量线性解释。` : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Volcano plot

function volcano(f: ReportFacts): Explanation {
  const n = f.num('n') ?? 0;
  const up = f.num('up') ?? 0;
  const down = f.num('down') ?? 0;
  const ns = f.num('notSignificant') ?? 0;
  const fcCut = f.num('fcCut');
  const top = names(f.str('topGenes'));
  const rule = `|log2FC| ≥ ${fmt(fcCut, fcCut !== null && Number.isInteger(fcCut) ? 0 : 2)} 且 P < ${f.param('pCut')}`;
  const pName = f.param('p');
  const adjusted = /adj|fdr|q值|校正|bh/i.test(pName);
  const method =
    `火山图把 ${fmt(n, 0)} 个基因的差异分析结果画在一张图上：横轴为 log2 倍数变化（效应大小），纵轴为 −log10(P)（统计学意义），按 ${rule} 把基因分为上调、下调与无差异。` +
    '它同时考虑变化幅度与统计学意义，避免只看 P 值而忽略变化很小的“显著”基因。';
  const numbers = [
    `上调 ${fmt(up, 0)} 个（${pct(n > 0 ? up / n : null)}），下调 ${fmt(down, 0)} 个（${pct(n > 0 ? down / n : null)}），无差异 ${fmt(ns, 0)} 个。`,
  ];
  if (top.length > 0) numbers.push(`P 值最小的差异基因（图中标注）：${list(top, 10)}；其中最显著的 ${top[0]} log2FC = ${fmt(f.num('topFc'), 3)}，${pText(f.num('topP'))}。`);
  const conclusion =
    up + down > 0
      ? `在 ${rule} 的标准下共有 ${fmt(up + down, 0)} 个差异基因，其中上调 ${fmt(up, 0)} 个、下调 ${fmt(down, 0)} 个${up > down ? '，以上调为主' : down > up ? '，以下调为主' : ''}。`
      : `在 ${rule} 的标准下没有差异基因。`;
  const caveats = [
    adjusted ? '所用 P 值列看起来是校正后的 P 值，适合同时检验大量基因的情形。' : `请确认“${pName}”是否为多重检验校正后的 P 值（如 FDR/padj）；用原始 P 值判定时，成千上万次检验会带来大量假阳性。`,
    '倍数阈值与 P 值阈值是约定俗成的，改变阈值会改变差异基因的个数，论文中应写明所用阈值。',
    ...f.footnotes().filter((t) => /抽样|抽取|P 值为 0/.test(t)).map(name),
  ];
  const paper =
    `以 ${rule} 为标准筛选差异表达基因，共得到 ${fmt(up + down, 0)} 个差异基因，其中上调 ${fmt(up, 0)} 个、下调 ${fmt(down, 0)} 个（图1，火山图）。` +
    (top.length > 0 ? `最显著的差异基因包括 ${list(top, 5)}。` : '');
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next: ['对上调、下调基因分别做 GO/KEGG 富集分析。', '用热图展示差异基因在各样本中的表达模式。', '挑选关键基因用 qPCR 或独立队列验证。'],
    nonsignificant:
      up + down === 0
        ? '没有基因同时达到两个阈值，只说明在当前样本量与阈值下未检出差异，不等于两组表达完全相同；样本量小时检验效能低，可查看倍数变化大但 P 值未达标的基因。'
        : '灰点不一定“没有变化”：可能是变化幅度未达倍数阈值，或样本量不足使 P 值未达标；差异基因也只说明统计学上有差异，生物学意义需要验证。',
    effect: `log2FC 就是效应量：log2FC = 1 表示升高到 2 倍，−1 表示降为一半；本次倍数阈值为 ${fmt(fcCut, 2)}。`,
  };
}

// ---------------------------------------------------------------------------------------------
// Venn diagram and UpSet plot

function vennUpset(f: ReportFacts): Explanation {
  const k = f.num('sets') ?? 0;
  const union = f.num('union') ?? 0;
  const lists = f.report.parameters.mode === 'lists';
  const unit = lists ? '个元素' : '例';
  const sizes = f.prefixed('size.').map(([s, n]) => ({ s: name(s), n }));
  const regions = f
    .prefixed('only.')
    .map(([s, n]) => ({ s: name(s).split('&').join(' ∩ '), deg: s.split('&').length, n }))
    .sort((a, b) => b.n - a.n);
  const share = (n: number) => pct(union > 0 ? n / union : null);
  const shared = f.num('shared') ?? 0;
  const excluded = f.num('excluded') ?? 0;
  const method =
    `统计 ${fmt(k, 0)} 个集合（${list(sizes.map((x) => x.s))}）之间的交集：韦恩图中每个区域、UpSet 图中每根柱子，都是“恰好属于这些集合、不属于其余所选集合”的${lists ? '元素' : '对象'}个数（互斥区域）。` +
    'UpSet 图按个数从大到小排列各种组合，集合较多时比韦恩图更容易阅读。';
  const numbers = [
    `并集共 ${fmt(union, 0)} ${unit}${excluded > 0 ? `（${fmt(excluded, 0)} 行因缺失值未计入）` : ''}；各集合大小：${sizes.map((x) => `${x.s} ${fmt(x.n, 0)}`).join('，')}。`,
    `个数最多的组合：${regions.slice(0, 5).map((r) => `${r.s} ${fmt(r.n, 0)}（${share(r.n)}）`).join('；')}。`,
    `同时属于全部 ${fmt(k, 0)} 个集合的有 ${fmt(shared, 0)} ${unit}（${share(shared)}）。`,
  ];
  const single = f.num('singleSetOnly') ?? 0;
  const conclusion =
    `在 ${fmt(union, 0)} ${unit}中，只属于一个集合的共 ${fmt(single, 0)} ${unit}（${share(single)}），其余属于两个及以上集合。` +
    (regions[0] ? `最常见的组合是“${regions[0].s}”（${fmt(regions[0].n, 0)} ${unit}）。` : '');
  const caveats = [
    '图中的数字是互斥区域的个数，不是两两交集的总数；两个集合的交集总数等于包含这两个集合的所有区域之和。',
    '交集计数是描述性的，不提供 P 值；两个集合重叠多，也可能只是因为两个集合都很大。',
    ...(k >= 4 ? ['4 个及以上集合时韦恩图的小区域难以辨认，请以 UpSet 图和表2 为准。'] : []),
    ...(excluded > 0 ? [`有 ${fmt(excluded, 0)} 行因所选列中有缺失值未计入，若缺失较多应说明其可能的影响。`] : []),
  ];
  const paper =
    `${fmt(k, 0)} 个集合的交集见图1${f.report.parameters.venn === false ? '' : '（韦恩图）与图2（UpSet 图）'}。并集共 ${fmt(union, 0)} ${unit}，` +
    `${sizes.map((x) => `${x.s} ${fmt(x.n, 0)} ${unit}`).join('、')}；同时属于全部集合的有 ${fmt(shared, 0)} ${unit}（${share(shared)}）。` +
    (regions[0] ? `最常见的组合为${regions[0].s}（${fmt(regions[0].n, 0)} ${unit}，${share(regions[0].n)}）。` : '');
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next: lists
      ? ['对共同的元素（如共同差异基因）做富集分析。', '用超几何检验判断两个名单的重叠是否多于随机预期（需要知道背景总数）。']
      : ['用卡方检验或 logistic 回归检验两种情况是否相关（例如共病是否多于独立时的预期）。', '按共病组合分组，比较结局或治疗反应。'],
    nonsignificant: '交集图本身不做假设检验，没有“显著”与否；交集小不等于两个集合无关，要判断重叠是否多于（或少于）随机预期，需要卡方检验或超几何检验。',
  };
}

// ---------------------------------------------------------------------------------------------
// Radar chart

function radar(f: ReportFacts): Explanation {
  const k = f.num('groups') ?? 0;
  const p = f.num('variables');
  const scale = f.report.parameters.scale;
  const scaleText = scale === 'range' ? '每个指标按极差缩放到 0 ~ 1 后' : scale === 'z' ? '每个指标做 z-score 标准化后' : '各轴使用相同刻度';
  const rows = f.rows('均值 ± 标准差');
  const head = f.table('均值 ± 标准差')?.columns ?? [];
  const leader = f.str('leadingGroup');
  const method =
    `把${k > 1 ? ` ${fmt(k, 0)} 组对象` : '全部对象'}在 ${fmt(p, 0)} 个指标上的均值画成雷达图（${scaleText}），每条轴一个指标，顶点越靠外均值越大。` +
    '雷达图适合一次比较多个维度的整体轮廓，如量表各维度评分。';
  const numbers = rows.map((r) => `${name(String(r[0]))}（n = ${fmt(cellNum(r[1]), 0)}）：${head.slice(2).map((h, j) => `${name(h)} ${name(String(r[j + 2]))}`).join('，')}。`);
  const conclusion =
    (leader ? `${leader}在 ${fmt(f.num('leadingCount'), 0)} 个指标上均值最高，多边形整体最靠外。` : '') + '各组在哪些指标上差别最大，可对照表1 的均值与标准差判断；标准差较大时，均值的差别可能只是抽样波动。';
  const caveats = [
    '多边形面积取决于指标的排列顺序，不能用面积比较组间差异。',
    scale === 'none' ? '未缩放时各轴刻度相同，若指标量纲不同，数值大的指标会主导图形，请考虑缩放。' : '缩放后的数值只反映相对位置，报告具体数值时请用表1 的原始均值。',
    '雷达图不提供 P 值，组间差异需要另做检验，并注意多个指标同时比较的多重比较问题。',
    ...f.footnotes().filter((t) => /缺失/.test(t)).map(name),
  ];
  const paper = `${k > 1 ? `${fmt(k, 0)} 组` : '研究对象'}在 ${fmt(p, 0)} 个指标上的均值见雷达图（图1）与表1（均数 ± 标准差）。${leader ? `${leader}在多数指标上均值较高。` : ''}`;
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next: ['对每个指标做方差分析或 Kruskal-Wallis 检验，并校正多重比较。', '多个指标同时比较时可考虑多元方差分析（MANOVA）。', '用箱线图展示差别最大的指标的分布。'],
    nonsignificant: '雷达图本身不做假设检验，没有“显著”与否；多边形相近说明各组均值接近，但不能据此断言没有差异，需要检验并结合样本量判断。',
  };
}

// ---------------------------------------------------------------------------------------------
// Bubble chart

function bubble(f: ReportFacts): Explanation {
  const [x, y, s, g] = [f.param('x'), f.param('y'), f.param('size'), f.param('group')];
  const r = f.num('r');
  const p = f.num('p');
  const n = f.num('n');
  const ct = f.rows('Pearson 相关')[0];
  const ci = ct ? name(String(ct[2] ?? '')) : '';
  const groups = f.rows('均值').filter((row) => row.length === 6);
  const largest = f.str('largest');
  const method =
    `气泡图把 ${fmt(n, 0)} 个对象画在“${x}—${y}”平面上，气泡面积与“${s}”成正比${g ? `，颜色区分“${g}”` : ''}，一张图同时展示多个维度。` +
    `并用 Pearson 相关（未按气泡大小加权）描述“${x}”与“${y}”的线性关联。`;
  const numbers = [`${x}与${y}：r = ${fmt(r, 3)}${ci ? `（95%CI ${ci}）` : ''}，${pText(p)}。`];
  for (const row of groups) numbers.push(`${name(String(row[0]))}（n = ${fmt(cellNum(row[1]), 0)}）：${x}均值 ${fmt(cellNum(row[2]), 3)}，${y}均值 ${fmt(cellNum(row[3]), 3)}，${s}均值 ${fmt(cellNum(row[4]), 3)}。`);
  if (largest) numbers.push(`${s}最大的对象是${largest}（气泡最大）。`);
  const dir = r !== null && r > 0 ? '正' : '负';
  const conclusion = significant(p)
    ? `${x}与${y}呈${dir}相关（r = ${fmt(r, 3)}，${pText(p)}），即${x}越${dir === '正' ? '高' : '低'}的对象，${y}往往越高。${g ? `不同${g}的气泡分布在图中的不同区域，可结合表1 的组均值比较。` : ''}`
    : `未发现${x}与${y}有统计学意义的线性相关（r = ${fmt(r, 3)}，${pText(p)}）。`;
  const caveats = [
    '相关分析每个对象权重相同，未考虑气泡大小；大小差别很大时，可用按大小加权的回归作敏感性分析。',
    '对象为地区、医院等汇总单位时，结论只适用于该层面，不能推断到个人（生态学谬误）。',
    '人眼对面积的判断不精确，精确数值请看表格。',
    ...f.footnotes().filter((t) => /抽取|缺失/.test(t)).map(name),
  ];
  const paper = `以${x}为横轴、${y}为纵轴、气泡面积表示${s}${g ? `、颜色表示${g}` : ''}绘制气泡图（图1）。${x}与${y}${significant(p) ? `呈${dir}相关` : '无统计学意义的相关'}（r = ${fmt(r, 3)}，${pText(p)}）。`;
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next: [`需要校正其他因素或按“${s}”加权时，用多因素线性回归（加权最小二乘）。`, '关系不是直线或有离群对象时，改用 Spearman 相关并检查离群点。', g ? `比较各${g}的${y}，可用方差分析或 Kruskal-Wallis 检验。` : '按地区或类别分组着色，观察分组模式。'],
    nonsignificant: significant(p)
      ? '相关有统计学意义只说明线性关联不太可能由抽样误差造成，不代表因果关系，关联强弱要看 r 的大小。'
      : '相关不显著只表示未能证明线性关联，不等于两者无关：对象数少时效能低，曲线关系也会使 r 接近 0。',
    effect: r !== null ? `r = ${fmt(r, 3)}，|r| < 0.3 为弱、0.3 ~ 0.5 为中等、≥ 0.5 为较强的线性关联。` : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Scatter-plot matrix

function scatterMatrix(f: ReportFacts): Explanation {
  const spearman = f.report.parameters.method === 'spearman';
  const sym = spearman ? 'ρ' : 'r';
  const k = f.num('variables');
  const ps = new Map(f.prefixed('p.'));
  const ns = new Map(f.prefixed('n.'));
  const pairs = f
    .prefixed('r.')
    .map(([pair, r]) => ({ pair: name(pair).replace(' ~ ', '与'), r, p: ps.get(pair) ?? null, n: ns.get(pair) ?? null }))
    .sort((a, b) => Math.abs(b.r) - Math.abs(a.r));
  const sig = pairs.filter((x) => significant(x.p));
  const strong = pairs.filter((x) => Math.abs(x.r) >= 0.7);
  const method =
    `散点图矩阵把 ${fmt(k, 0)} 个变量两两配对：对角线为直方图（看每个变量的分布形状），下三角为散点图（看关系是否为直线、有无离群值），上三角为 ${spearman ? 'Spearman 秩相关系数 ρ' : 'Pearson 相关系数 r'} 及其星号。` +
    '缺失值按成对删除。它是多因素分析前检查变量关系与共线性的常用工具。';
  const numbers = [
    `${fmt(pairs.length, 0)} 对变量中 ${fmt(f.num('significantPairs'), 0)} 对相关有统计学意义（P < 0.05，未校正多重比较）。`,
    ...pairs.slice(0, 6).map((x) => `${x.pair}：${sym} = ${fmt(x.r, 3)}，${pText(x.p)}${x.n !== null ? `（n = ${fmt(x.n, 0)}）` : ''}。`),
  ];
  const top = pairs[0];
  const conclusion =
    (top ? `相关最强的是${top.pair}（${sym} = ${fmt(top.r, 3)}，${pText(top.p)}）。` : '') +
    (sig.length > 0 ? `有统计学意义的相关共 ${fmt(sig.length, 0)} 对，请结合下三角散点图确认关系是否为直线、是否由少数离群点造成。` : '各对变量的相关均无统计学意义。');
  const caveats = [
    '请看对角线直方图：明显偏态或有极端值的变量，Pearson 相关可能失真，宜改用 Spearman。',
    'P 值未做多重比较校正，变量多时部分星号可能是偶然结果。',
    ...(strong.length > 0 ? [`${list(strong.map((x) => x.pair))} 的 |${sym}| ≥ 0.7，作为自变量同时进入回归模型时可能存在共线性。`] : []),
    ...f.footnotes().filter((t) => /抽取/.test(t)).map(name),
  ];
  const paper =
    `${fmt(k, 0)} 个变量的散点图矩阵见图1。` +
    (sig.length > 0 ? `${sig.slice(0, 4).map((x) => `${x.pair}${x.r > 0 ? '正' : '负'}相关（${sym} = ${fmt(x.r, 3)}，${pText(x.p)}）`).join('，')}。` : '各变量间相关均无统计学意义。');
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next: ['变量较多时可用相关热图概括全部相关系数。', '需要校正混杂时做多因素线性回归，并检查方差膨胀因子（VIF）。', '对偏态变量考虑对数变换后重新查看散点图。'],
    nonsignificant: '相关不显著只表示未能证明存在线性（或单调）关联，不等于无关；散点图中的曲线关系可能使相关系数接近 0。',
    effect: top ? `相关系数即效应量：|${sym}| < 0.3 为弱、0.3 ~ 0.5 为中等、≥ 0.5 为较强。本次最强的${top.pair}为 ${fmt(top.r, 3)}。` : undefined,
  };
}

export const EXPLAINERS: Record<string, (f: ReportFacts) => Explanation> = {
  heatmap,
  'correlation-heatmap': correlationHeatmap,
  'scatter-matrix': scatterMatrix,
  bubble,
  radar,
  volcano,
  'venn-upset': vennUpset,
};
