// The interpreter's explainers for the visual tools of group B (distributions and comparisons),
// under their tool keys. Every number comes from the report's `results` or its tables.
import { cellNum, cellP, cellText, fmt, name, pText, significant, type Cell, type Explanation, type ReportFacts } from '../explanation.js';

const list = (xs: readonly string[], max = 6): string => (xs.length > max ? `${xs.slice(0, max).join('、')} 等` : xs.join('、'));

/** Rows of a descriptive table as {name, n, a, b, c} read from the given columns. */
function descRows(rows: Cell[][], cols: readonly number[]) {
  return rows.map((r) => ({ name: cellText(r[0]), n: cellNum(r[1]), v: cols.map((c) => cellNum(r[c])) }));
}

/** mean vs median: the direction of skew a figure suggests, '' when they agree within 5% of the SD. */
function skewWord(mean: number | null | undefined, median: number | null | undefined, sd: number | null | undefined): string {
  if (mean === null || mean === undefined || median === null || median === undefined || sd === null || sd === undefined || !(sd > 0)) return '';
  const d = (mean - median) / sd;
  return d > 0.05 ? '均数大于中位数，提示右偏（正偏）' : d < -0.05 ? '均数小于中位数，提示左偏（负偏）' : '均数与中位数接近，分布大致对称';
}

// ---------------------------------------------------------------------------------------------
// Histogram

function histogram(f: ReportFacts): Explanation {
  const x = f.param('x');
  const g = f.param('group');
  const overlay = String(f.report.parameters.overlay ?? 'density');
  const bins = f.num('bins');
  const width = f.num('binWidth');
  const rows = descRows(f.rows('描述统计'), [2, 3, 4, 5]);
  const methodNote = f.table('频数分布表')?.footnotes[0] ?? '';
  const method =
    `绘制“${x}”的频数分布直方图${g ? `，按“${g}”分组叠加` : ''}：${name(methodNote)}` +
    (overlay === 'density' ? '叠加的曲线是高斯核密度估计（带宽按 R 的 bw.nrd0），是直方图的平滑版本。' : overlay === 'normal' ? '叠加的曲线是按均数和标准差画出的正态分布曲线，用来对照数据是否接近正态。' : '') +
    '直方图用于描述分布的形状、中心与离散程度，不做假设检验。';
  const numbers = rows.map((r) => `${r.name}：n = ${fmt(r.n, 0)}，均数 ${fmt(r.v[0], 3)}，标准差 ${fmt(r.v[1], 3)}，中位数 ${fmt(r.v[2], 3)}${r.v[3] !== null && r.v[3] !== undefined ? `，核密度带宽 ${fmt(r.v[3], 4)}` : ''}；${skewWord(r.v[0], r.v[2], r.v[1]) || '偏态方向不明显'}。`);
  if (bins !== null) numbers.push(`共 ${fmt(bins, 0)} 个组段，组距 ${fmt(width, 3)}。`);
  const shapes = rows.filter((r) => skewWord(r.v[0], r.v[2], r.v[1])).map((r) => `${r.name}${skewWord(r.v[0], r.v[2], r.v[1])}`);
  const conclusion =
    (shapes.length > 0 ? `${shapes.join('；')}。` : '') +
    (rows.length > 1
      ? (() => {
          const s = [...rows].filter((r) => r.v[2] !== null).sort((a, b) => b.v[2]! - a.v[2]!);
          return s.length > 1 ? `从中位数看，${s[0]!.name}（${fmt(s[0]!.v[2], 3)}）高于${s[s.length - 1]!.name}（${fmt(s[s.length - 1]!.v[2], 3)}），组间是否有差异需要用检验判断。` : '';
        })()
      : '');
  const caveats = [
    '组距会改变直方图的外观，可换用另一种组距方法确认形状（如双峰、拖尾）是否稳定。',
    '直方图只能直观判断正态性，请结合 Q-Q 图与 Shapiro-Wilk 检验。',
  ];
  if (rows.some((r) => r.n !== null && r.n < 20)) caveats.push('有组例数少于 20，直方图形状很不稳定，宜同时展示原始数据点或箱线图。');
  const paper =
    `${x}的分布见图1（直方图${overlay === 'density' ? '，曲线为核密度估计' : overlay === 'normal' ? '，曲线为正态分布曲线' : ''}）。` +
    rows.map((r) => `${r.name}${x}的均数 ± 标准差为 ${fmt(r.v[0], 2)} ± ${fmt(r.v[1], 2)}，中位数 ${fmt(r.v[2], 2)}（n = ${fmt(r.n, 0)}）`).join('；') +
    '。';
  return {
    method,
    numbers,
    conclusion: conclusion || '请结合图形与表1 观察分布形状。',
    caveats,
    paper,
    next: [
      '用 Q-Q 图与正态性检验确认是否近似正态，决定用均数 ± 标准差还是中位数（四分位数）描述。',
      rows.length > 1 ? '比较组间差异：近似正态用 t 检验或方差分析，偏态用 Mann-Whitney U 或 Kruskal-Wallis 检验。' : '明显偏态时可考虑对数等变换后再分析。',
      '检查直方图两端孤立的矩形是否为异常值或录入错误。',
    ],
    nonsignificant:
      '直方图不做假设检验，没有“显著”或“不显著”之分。各组直方图重叠多只说明分布相近，不能据此断言组间无差异；反之，看起来分开也需要用检验确认并报告效应量。',
  };
}

// ---------------------------------------------------------------------------------------------
// Density plot and ridgeline: kernel densities by group

function densityLike(f: ReportFacts, kind: '密度图' | '山脊图'): Explanation {
  const x = f.param(kind === '密度图' ? 'x' : 'y');
  const g = f.param('group');
  const rows = descRows(f.rows('核密度带宽'), [2, 3, 4, 5, 6]);
  const adjust = f.num('adjust');
  const method =
    `${kind}用高斯核密度估计把“${x}”的分布画成平滑曲线${g ? `，按“${g}”分组${kind === '山脊图' ? '上下错开排列' : '叠加'}` : ''}。` +
    `每组的带宽按 Silverman 经验法则（R 的 bw.nrd0）计算${adjust !== null && adjust !== 1 ? `，再乘以倍数 ${fmt(adjust, 1)}` : ''}；曲线下面积为 1，例数不同的组可以直接比较形状。核密度图是描述工具，不做假设检验。`;
  const numbers = rows.map(
    (r) => `${r.name}：n = ${fmt(r.n, 0)}，均数 ${fmt(r.v[0], 3)}，标准差 ${fmt(r.v[1], 3)}，中位数 ${fmt(r.v[2], 3)}，带宽 ${fmt(r.v[3], 4)}，密度峰值位于 ${fmt(r.v[4], 3)} 附近。`,
  );
  const byPeak = rows.filter((r) => r.v[4] !== null).sort((a, b) => b.v[4]! - a.v[4]!);
  const conclusion =
    (byPeak.length > 1 ? `${byPeak[0]!.name}的分布位置最靠右（峰值约 ${fmt(byPeak[0]!.v[4], 3)}），${byPeak[byPeak.length - 1]!.name}最靠左（峰值约 ${fmt(byPeak[byPeak.length - 1]!.v[4], 3)}）。` : '') +
    rows.filter((r) => skewWord(r.v[0], r.v[2], r.v[1])).map((r) => `${r.name}${skewWord(r.v[0], r.v[2], r.v[1])}`).join('；') +
    '。组间差异是否有统计学意义需要用检验判断。';
  const caveats = ['带宽决定曲线的平滑程度：过大掩盖双峰，过小出现虚假的小峰，可调整带宽倍数确认形状是否稳定。', '核密度曲线会延伸到数据范围之外，对不能为负或有上下限的变量，边界附近的曲线并不真实。'];
  if (rows.some((r) => r.n !== null && r.n < 20)) caveats.push('有组例数少于 20，曲线形状主要由带宽决定，宜同时展示原始数据。');
  caveats.push(...f.footnotes().filter((t) => t.includes('地毯线每组最多')).map(name));
  const paper =
    `图1 为${x}${g ? `在各${g}中` : ''}的核密度${kind === '山脊图' ? '山脊图' : '曲线'}（高斯核，带宽按 Silverman 法则）。` +
    rows.map((r) => `${r.name}的中位数为 ${fmt(r.v[2], 2)}（n = ${fmt(r.n, 0)}）`).join('，') +
    '。';
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next: [
      rows.length > 1 ? '用 t 检验/方差分析（近似正态）或 Mann-Whitney/Kruskal-Wallis 检验（偏态）比较组间差异。' : '用 Q-Q 图与正态性检验判断分布是否近似正态。',
      '发现双峰时，检查是否混有不同亚群（如性别、疾病亚型），按亚群分别分析。',
      '论文中可同时给出箱线图或小提琴图，展示中位数与四分位数。',
    ],
    nonsignificant: '密度图不做假设检验，没有“显著”或“不显著”之分。曲线重叠多只说明分布相近，不能据此断言组间无差异；曲线分开也需用检验确认并报告差值及其置信区间。',
  };
}

// ---------------------------------------------------------------------------------------------
// Bar chart of means with error bars and significance brackets

/** The method in a table title's outer parentheses, e.g. "表3 组间比较（Tukey HSD）" → "Tukey HSD". */
function titleMethod(title: string | undefined): string {
  const t = (title ?? '').trim();
  const i = t.indexOf('（');
  return i >= 0 && t.endsWith('）') ? name(t.slice(i + 1, -1)) : '';
}

const pIsSig = (c: Cell | undefined): boolean => typeof c === 'string' && (c.startsWith('<') || (Number.isFinite(Number(c)) && Number(c) < 0.05));

function barMeans(f: ReportFacts): Explanation {
  const y = f.param('y');
  const g = f.param('group');
  const rows = descRows(f.rows('各组均数与误差线'), [2, 3, 4, 5, 6]);
  const errorNote = name(f.table('各组均数与误差线')?.footnotes[0] ?? '');
  const overallTable = f.table('整体比较');
  const overallName = titleMethod(overallTable?.title);
  const p = f.num('p');
  const cmpTable = f.table('组间比较');
  const cmpName = titleMethod(cmpTable?.title);
  const cmpRows = cmpTable?.rows ?? [];
  const sig = cmpRows.filter((r) => pIsSig(r[1])).map((r) => cellText(r[0]).replace(' vs ', '与'));
  const method =
    `按“${g}”分组绘制“${y}”的均值柱状图：柱高为均数，${errorNote}` +
    (cmpName ? `显著性标注采用 ${cmpName}${overallName ? `（整体比较为${overallName}）` : ''}，图中只标注 P < 0.05 的组对。` : '按设置未做显著性标注。');
  const numbers = rows.map((r) => `${r.name}：n = ${fmt(r.n, 0)}，均数 ${fmt(r.v[0], 3)}，标准差 ${fmt(r.v[1], 3)}，标准误 ${fmt(r.v[2], 3)}。`);
  if (overallName && p !== null) numbers.push(`${overallName}：统计量 ${fmt(f.num('statistic'), 3)}，${pText(p)}。`);
  if (cmpRows.length > 0) numbers.push(`${cmpName}：${cmpRows.map((r) => `${cellText(r[0])} P = ${cellText(r[1])}`).join('；')}。`);
  const sorted = rows.filter((r) => r.v[0] !== null).sort((a, b) => b.v[0]! - a.v[0]!);
  const conclusion =
    (sorted.length > 1 ? `${sorted[0]!.name}的均数最高（${fmt(sorted[0]!.v[0], 3)}），${sorted[sorted.length - 1]!.name}最低（${fmt(sorted[sorted.length - 1]!.v[0], 3)}）。` : '') +
    (overallName && p !== null ? `整体比较${significant(p) ? '差异有统计学意义' : '差异无统计学意义'}（${pText(p)}）。` : '') +
    (cmpName ? (sig.length > 0 ? `${cmpName} 显示 ${list(sig)} 差异有统计学意义（图中以星号标注）。` : `${cmpName} 未发现差异有统计学意义的组对。`) : '');
  const caveats = ['图注中须写明误差线是标准差、标准误还是置信区间；标准误远小于标准差，容易让差异显得更大。'];
  if (rows.some((r) => r.n !== null && r.n < 10)) caveats.push('有组例数少于 10，柱状图隐藏了数据分布，建议叠加原始数据点或改用点图、箱线图。');
  if (cmpName.startsWith('Tukey') || cmpName.startsWith('Welch')) caveats.push('参数法标注要求各组近似正态；偏态或有极端值时请改用非参数法标注。');
  caveats.push('图中的两两比较只用于标注，正式报告请使用对应的检验工具（含前提检验与效应量）。');
  const paper =
    `各组${y}见图1（${errorNote.replace(/。$/, '')}）。` +
    rows.map((r) => `${r.name}为 ${fmt(r.v[0], 2)} ± ${fmt(r.v[1], 2)}`).join('，') +
    '（均数 ± 标准差）。' +
    (overallName && p !== null ? `${overallName}显示各组差异${significant(p) ? '有' : '无'}统计学意义（${pText(p)}）` : '') +
    (cmpName && sig.length > 0 ? `，${cmpName} 两两比较显示 ${list(sig)} 差异有统计学意义（*P < 0.05，**P < 0.01，***P < 0.001）。` : '。');
  return {
    method,
    numbers,
    conclusion: conclusion || '请结合图形与表1 比较各组均数。',
    caveats,
    paper,
    next: [
      rows.length > 2 ? '用单因素方差分析（或 Kruskal-Wallis 检验）工具做正式的整体比较，并报告效应量。' : '用独立样本 t 检验工具做正式比较，报告均数差及其置信区间。',
      '检查各组的分布与方差齐性（正态性检验、箱线图）。',
      '若各组是有序剂量，可考虑趋势检验或回归分析。',
    ],
    nonsignificant:
      sig.length > 0
        ? '星号只说明相应两组的差异不太可能由抽样误差造成；没有星号的组对只是未能证明不同，不等于相同。差异的大小与临床意义要看均数差及其置信区间。'
        : '没有星号（ns）只表示未能证明组间不同，不等于证明各组相同；每组例数少时检验效能很低。请查看均数差及其置信区间判断是否可能存在有意义的差异。',
  };
}

// ---------------------------------------------------------------------------------------------
// Violin plot

function violin(f: ReportFacts): Explanation {
  const y = f.param('y');
  const g = f.param('group');
  const rows = descRows(f.rows('各组分布概括'), [2, 3, 4, 5, 6, 7, 8]);
  const box = f.report.parameters.box !== false;
  const method =
    `按“${g}”分组绘制“${y}”的小提琴图：小提琴的宽度是高斯核密度估计（带宽按 R 的 bw.nrd0），表示该数值附近观测的密集程度，各组按同一比例缩放、两端截至最小值与最大值。` +
    (box ? '内嵌粗线为 P25 ~ P75，白点为中位数，细线为须线（1.5 倍四分位间距以内的最远观测）。' : '') +
    '小提琴图是描述工具，不做假设检验。';
  const numbers = rows.map((r) => `${r.name}（n = ${fmt(r.n, 0)}）：中位数 ${fmt(r.v[2], 2)}，P25 ~ P75 为 ${fmt(r.v[1], 2)} ~ ${fmt(r.v[3], 2)}，范围 ${fmt(r.v[0], 2)} ~ ${fmt(r.v[4], 2)}，均数 ${fmt(r.v[5], 2)}。`);
  const sorted = rows.filter((r) => r.v[2] !== null && r.v[2] !== undefined).sort((a, b) => b.v[2]! - a.v[2]!);
  const skewed = rows.filter((r) => skewWord(r.v[5], r.v[2], r.v[6])).map((r) => `${r.name}${skewWord(r.v[5], r.v[2], r.v[6])}`);
  const conclusion =
    (sorted.length > 1 ? `${sorted[0]!.name}的中位数最高（${fmt(sorted[0]!.v[2], 2)}），${sorted[sorted.length - 1]!.name}最低（${fmt(sorted[sorted.length - 1]!.v[2], 2)}）。` : '') +
    (skewed.length > 0 ? `${skewed.join('；')}。` : '') +
    '组间差异是否有统计学意义需要用检验判断。';
  const caveats = ['小提琴的形状依赖带宽；例数少时形状不可靠。', '有自然边界（不能为负等）的变量在边界附近的形状会失真。'];
  if (rows.some((r) => r.n !== null && r.n < 20)) caveats.push('有组例数少于 20，建议改用箱线图或点图并叠加原始数据点。');
  const paper =
    `图1 为各组${y}的小提琴图（宽度为核密度估计${box ? '，内嵌箱线为四分位数与中位数' : ''}）。` +
    rows.map((r) => `${r.name}的中位数（P25, P75）为 ${fmt(r.v[2], 2)}（${fmt(r.v[1], 2)}, ${fmt(r.v[3], 2)}）`).join('，') +
    '。';
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next: [
      rows.length > 2 ? '用单因素方差分析或 Kruskal-Wallis 检验做正式的组间比较。' : '用 t 检验或 Mann-Whitney U 检验做正式的组间比较。',
      '分布明显偏态时用中位数（四分位数）描述，并选用非参数检验。',
      '需要在图上标注显著性时，可使用箱线图或均值柱状图工具。',
    ],
    nonsignificant: '小提琴图不做假设检验，没有“显著”或“不显著”之分。各组形状重叠多只说明分布相近，不能据此断言组间无差异；请用相应的检验并报告差值及其置信区间。',
  };
}

// ---------------------------------------------------------------------------------------------
// Grouped / stacked bars of two categorical variables, with the chi-square test

function barGrouped(f: ReportFacts): Explanation {
  const x = f.param('x');
  const fill = f.param('fill');
  const percent = f.report.parameters.scale !== 'count';
  const stacked = f.report.parameters.layout !== 'grouped';
  const t1 = f.rows('列联表');
  const cols = (f.table('列联表')?.columns ?? []).slice(1, -1).map(name);
  const rows = t1.filter((r) => cellText(r[0]) !== '合计').map((r) => cellText(r[0]));
  const pctOf = (a: string, b: string) => f.num(`percent.${a}.${b}`);
  const p = f.num('p');
  const v = f.num('cramersV');
  const chiNotes = f.table('χ²')?.footnotes ?? [];
  const method =
    `以“${x}”为横轴、按“${fill}”分色绘制${stacked ? '堆积' : '分组（并列）'}柱状图，纵轴为${percent ? `各${x}类别内${fill}的构成比（行百分比）` : '频数'}。` +
    (p !== null ? `用 Pearson χ² 检验比较各${x}类别间${fill}的构成是否不同，Cramér V 表示关联强度。` : '');
  const numbers = rows.map((r) => `${r}：${cols.map((c) => `${c} ${fmt(pctOf(r, c), 1)}%`).join('，')}（n = ${fmt(t1.find((k) => cellText(k[0]) === r)?.[cols.length + 1] as number, 0)}）。`);
  if (p !== null) numbers.push(`χ² = ${fmt(f.num('statistic'), 3)}，自由度 ${fmt(f.num('df'), 0)}，${pText(p)}；Cramér V = ${fmt(v, 3)}。`);
  // The fill category whose share changes most across the x categories.
  let spread = { c: '', hi: '', lo: '', d: -1 };
  for (const c of cols) {
    const vals = rows.map((r) => ({ r, v: pctOf(r, c) })).filter((k): k is { r: string; v: number } => k.v !== null);
    if (vals.length < 2) continue;
    const hi = vals.reduce((a, b) => (b.v > a.v ? b : a));
    const lo = vals.reduce((a, b) => (b.v < a.v ? b : a));
    if (hi.v - lo.v > spread.d) spread = { c, hi: hi.r, lo: lo.r, d: hi.v - lo.v };
  }
  const conclusion =
    (spread.d >= 0 ? `各${x}间构成差别最大的是“${spread.c}”：${spread.hi}中占 ${fmt(pctOf(spread.hi, spread.c), 1)}%，${spread.lo}中占 ${fmt(pctOf(spread.lo, spread.c), 1)}%。` : '') +
    (p !== null ? `χ² 检验显示各${x}间${fill}的构成${significant(p) ? '差异有统计学意义' : '差异无统计学意义'}（${pText(p)}）。` : '');
  const caveats = chiNotes.filter((t) => t.includes('期望频数')).map(name);
  caveats.push('χ² 检验不考虑类别的顺序；两个变量均为有序分类（如分期与疗效等级）时，宜用趋势检验或秩和检验。');
  if (percent) caveats.push('构成比图隐藏了各组例数，例数少的类别构成比波动大，论文中应同时给出例数。');
  const paper =
    `各${x}患者的${fill}构成见图1 与表1。` +
    (spread.d >= 0 ? `${spread.c}在${spread.hi}中占 ${fmt(pctOf(spread.hi, spread.c), 1)}%，在${spread.lo}中占 ${fmt(pctOf(spread.lo, spread.c), 1)}%。` : '') +
    (p !== null ? `各${x}间${fill}的构成${significant(p) ? '差异有统计学意义' : '差异无统计学意义'}（χ² = ${fmt(f.num('statistic'), 2)}，${pText(p)}）。` : '');
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next: [
      '需要两两比较时，可对各对类别分别做 χ² 检验并校正 P 值（如 Bonferroni），或查看调整标准化残差。',
      '期望频数过小时改用 Fisher 确切概率法（卡方检验工具）。',
      `两个变量均为有序分类时，可用 Cochran-Armitage 趋势检验或 Kruskal-Wallis 检验；需要调整混杂时用 logistic 回归。`,
    ],
    nonsignificant: significant(p)
      ? 'P < 0.05 只说明构成不全相同，不说明哪些类别之间不同，也不说明因果关系；关联强弱请看 Cramér V。'
      : 'χ² 检验无统计学意义只表示未能证明各组构成不同，不等于证明相同；样本量小时检验效能低，请结合构成比的实际差别判断。',
  };
}

// ---------------------------------------------------------------------------------------------
// Line chart of means with error bars over time

function lineErrorbar(f: ReportFacts): Explanation {
  const t = f.param('time');
  const y = f.param('y');
  const g = f.param('group');
  const rows = f.rows('各时间点');
  const errorNote = name((f.table('各时间点')?.footnotes[0] ?? '').replace(/；.*$/, '。'));
  const times = [...new Set(rows.map((r) => cellText(r[0])))];
  const groups = g ? [...new Set(rows.map((r) => cellText(r[1])))] : [''];
  const at = (tm: string, gr: string) => rows.find((r) => cellText(r[0]) === tm && (!g || cellText(r[1]) === gr));
  const mean = (r: Cell[] | undefined) => cellNum(r?.[g ? 3 : 2]);
  const first = times[0] ?? '';
  const last = times[times.length - 1] ?? '';
  const change = (gr: string) => f.num(g ? `change.${gr}` : 'change');
  const label = (gr: string) => (g ? gr : y);
  const method =
    `按“${t}”的各时间点${g ? `与“${g}”的各组` : ''}计算“${y}”的均数，以折线连接，${errorNote}` +
    '折线图是描述工具，不做假设检验。';
  const numbers = groups.map(
    (gr) =>
      `${label(gr)}：${t} ${first} 时均数 ${fmt(mean(at(first, gr)), 2)}，${t} ${last} 时 ${fmt(mean(at(last, gr)), 2)}` +
      (change(gr) !== null ? `，变化 ${fmt(change(gr), 2)}。` : '。'),
  );
  const moves = groups.filter((gr) => change(gr) !== null).map((gr) => `${label(gr)}${change(gr)! < 0 ? '下降' : change(gr)! > 0 ? '上升' : '不变'}（${fmt(change(gr), 2)}）`);
  const byChange = groups.filter((gr) => change(gr) !== null).sort((a, b) => Math.abs(change(b)!) - Math.abs(change(a)!));
  const conclusion =
    (moves.length > 0 ? `从${t} ${first} 到 ${last}，${moves.join('，')}。` : '') +
    (byChange.length > 1 ? `${label(byChange[0]!)}的变化幅度${byChange.length === 2 ? '较大' : '最大'}。` : '') +
    '组间与时间的差异是否有统计学意义，需要用重复测量方差分析或线性混合模型检验。';
  const caveats = ['误差线是否重叠不能代替假设检验：标准误误差线不重叠不代表 P < 0.05，置信区间重叠也不代表无差异。', '同一对象重复测量的数据不独立，不宜在每个时间点分别做 t 检验。'];
  caveats.push(...f.footnotes().filter((x) => x.includes('没有观测') || x.includes('只有 1 个观测')).map(name));
  const paper =
    `${y}随${t}的变化见图1（${errorNote.replace(/。$/, '').replace(/；.*$/, '')}）。` +
    groups.map((gr) => `${label(gr)}由 ${fmt(mean(at(first, gr)), 1)} 变为 ${fmt(mean(at(last, gr)), 1)}`).join('，') +
    '。';
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next: [
      g ? '用重复测量方差分析或线性混合模型检验组别、时间及其交互作用。' : '用重复测量方差分析或配对检验比较不同时间点。',
      '以基线值为协变量，用协方差分析比较终点时的组间差异。',
      '检查各时间点的脱落情况与缺失原因。',
    ],
    nonsignificant: '折线图不做假设检验，没有“显著”或“不显著”之分。折线接近或误差线重叠不能说明组间无差异；折线分开也需用重复测量方差分析或混合模型确认，并报告差值及其置信区间。',
  };
}

// ---------------------------------------------------------------------------------------------
// Pie / donut chart of one categorical variable

function pie(f: ReportFacts): Explanation {
  const x = f.param('x');
  const donut = f.report.parameters.donut === true;
  const t = f.table('频数与构成比');
  const lv = (t?.columns[3] ?? '').replace(/CI.*$/, '');
  const rows = (t?.rows ?? []).filter((r) => cellText(r[0]) !== '合计').map((r) => ({ name: cellText(r[0]), n: cellNum(r[1]), p: cellNum(r[2]), lo: cellNum(r[3]), hi: cellNum(r[4]) }));
  const total = f.num('n');
  const kind = donut ? '环形图' : '饼图';
  const method = `以${kind}展示“${x}”各类别的构成比（n = ${fmt(total, 0)}），扇区角度与构成比成正比；表1 的构成比置信区间按 Clopper-Pearson 精确法计算。${kind}是描述工具，不做假设检验。`;
  const numbers = rows.map((r) => `${r.name}：${fmt(r.n, 0)} 例，占 ${fmt(r.p, 1)}%（${lv}CI ${fmt(r.lo, 1)}% ~ ${fmt(r.hi, 1)}%）。`);
  const sorted = [...rows].filter((r) => r.p !== null).sort((a, b) => b.p! - a.p!);
  const top = sorted[0];
  const second = sorted[1];
  const conclusion =
    (top ? `${top.name}最常见，占 ${fmt(top.p, 1)}%` : '') +
    (second ? `，其次为${second.name}（${fmt(second.p, 1)}%）` : '') +
    (sorted.length > 2 ? `；${sorted[sorted.length - 1]!.name}最少（${fmt(sorted[sorted.length - 1]!.p, 1)}%）。` : '。');
  const caveats = ['饼图只适合展示一个整体的构成，类别较多或构成比接近时人眼难以比较角度，宜改用柱状图。', '比较不同组的构成时不要并排多个饼图，请用分组/堆积柱状图并做 χ² 检验。'];
  if (rows.some((r) => r.n !== null && r.n < 10)) caveats.push('有类别例数少于 10，其构成比的置信区间很宽，应同时报告频数。');
  if (rows.length > 6) caveats.push('类别超过 6 个，可考虑把少见类别合并为“其他”。');
  const paper = `${fmt(total, 0)} 例中，` + rows.map((r) => `${r.name} ${fmt(r.n, 0)} 例（${fmt(r.p, 1)}%）`).join('，') + `（图1）。`;
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next: ['比较不同人群（如性别、年龄组）间的构成：用分组/堆积柱状图与 χ² 检验。', '与已知构成（如既往研究或全国数据）比较时，用 χ² 拟合优度检验。', '少见类别可合并后再分析，以保证每格的期望频数足够。'],
    nonsignificant: '饼图不做假设检验，没有“显著”或“不显著”之分。两个类别构成比的置信区间重叠，并不等于二者差异无统计学意义；需要比较时请用相应的检验。',
  };
}

// ---------------------------------------------------------------------------------------------
// Normal Q-Q and P-P plots

function qqPp(f: ReportFacts): Explanation {
  const x = f.param('x');
  const g = f.param('group');
  const plot = String(f.report.parameters.plot ?? 'both');
  const band = f.report.parameters.band !== false;
  const rows = f.rows('正态性概括').map((r) => ({ name: cellText(r[0]), n: cellNum(r[1]), mean: cellNum(r[2]), sd: cellNum(r[3]), slope: cellNum(r[5]), outside: cellNum(r[6]), W: cellNum(r[7]), p: cellP(r[8]) }));
  const bandNote = name(f.table('正态性概括')?.footnotes[0] ?? '');
  const method =
    `${plot === 'pp' ? '' : `正态 Q-Q 图把“${x}”的有序观测值与标准正态分布的理论分位数对照，${bandNote}`}` +
    (plot === 'qq' ? '' : 'P-P 图把经验累积概率与按样本均数、标准差拟合的正态分布的累积概率对照。') +
    (g ? `按“${g}”分组分别判断。` : '') +
    '同时给出 Shapiro-Wilk 检验（样本量过大或过小的组不做）。';
  const numbers = rows.map(
    (r) =>
      `${r.name}：n = ${fmt(r.n, 0)}，均数 ${fmt(r.mean, 3)}，标准差 ${fmt(r.sd, 3)}，参考线斜率 ${fmt(r.slope, 3)}` +
      (band && r.outside !== null ? `，置信带外 ${fmt(r.outside, 0)} 个点` : '') +
      (r.W !== null ? `；Shapiro-Wilk W = ${fmt(r.W, 4)}，${pText(r.p)}。` : '；未做 Shapiro-Wilk 检验。'),
  );
  const nonNormal = rows.filter((r) => significant(r.p)).map((r) => r.name);
  const normal = rows.filter((r) => r.p !== null && !significant(r.p)).map((r) => r.name);
  const skewHint = rows
    .filter((r) => r.mean !== null && r.sd !== null && r.slope !== null && r.slope > 0 && r.sd / r.slope > 1.15)
    .map((r) => r.name);
  const conclusion =
    (nonNormal.length > 0 ? `${list(nonNormal)}的 Shapiro-Wilk 检验 P < 0.05，提示偏离正态分布，请观察 Q-Q 图中点偏离参考线的形状（两端向上弯曲为右偏、S 形为厚尾）。` : '') +
    (normal.length > 0 ? `${list(normal)}的 Shapiro-Wilk 检验 P ≥ 0.05，结合图形若点大致落在参考线上，可认为近似正态。` : '') +
    (skewHint.length > 0 ? `${list(skewHint)}的标准差明显大于参考线斜率，提示尾部比正态分布更长。` : '');
  const caveats = [
    '样本量大时 Shapiro-Wilk 检验对很小的偏离也会显著，样本量小时又缺乏效能，应以图形为主。',
    '置信带是逐点的，即使数据来自正态分布也会有少数点落在带外。',
  ];
  caveats.push(...f.footnotes().filter((t) => t.includes('均匀取') || t.includes('不做 Shapiro')).map(name));
  const paper =
    `采用正态 Q-Q 图${plot === 'qq' ? '' : '与 P-P 图'}结合 Shapiro-Wilk 检验评价${x}的正态性。` +
    rows.filter((r) => r.W !== null).map((r) => `${r.name} W = ${fmt(r.W, 3)}，${pText(r.p)}`).join('；') +
    (rows.some((r) => r.W !== null) ? '。' : '') +
    (nonNormal.length > 0 ? `${list(nonNormal)}不服从正态分布，以中位数（P25, P75）描述，组间比较采用非参数检验。` : `数据近似正态分布，以均数 ± 标准差描述。`);
  return {
    method,
    numbers,
    conclusion: conclusion || '请结合图形判断点是否大致落在参考线上。',
    caveats,
    paper,
    next: [
      nonNormal.length > 0 ? '偏态数据可尝试对数等变换后再看 Q-Q 图，或直接选用非参数检验（Mann-Whitney U、Kruskal-Wallis）。' : '近似正态时可用 t 检验或方差分析比较组间均数。',
      '回归或方差分析的正态性前提针对的是残差，请在模型中检查残差的 Q-Q 图。',
      '同时查看直方图或密度图，了解偏态方向与是否多峰。',
    ],
    nonsignificant:
      'Shapiro-Wilk 检验 P ≥ 0.05 只表示未发现偏离正态的证据，不能证明数据服从正态分布；样本量小时检验效能很低，应结合 Q-Q 图判断。反之，大样本中 P < 0.05 可能只反映实际影响不大的轻微偏离。',
  };
}

// ---------------------------------------------------------------------------------------------
// Dot plot of means or medians with confidence intervals

function dotErrorbar(f: ReportFacts): Explanation {
  const y = f.param('y');
  const g = f.param('group');
  const isMedian = f.report.parameters.center === 'median';
  const what = isMedian ? '中位数' : '均数';
  const t = f.table('置信区间');
  const lv = (t?.columns[3] ?? '').replace(/CI.*$/, '');
  const all = (t?.rows ?? []).map((r) => ({ name: cellText(r[0]), n: cellNum(r[1]), est: cellNum(r[2]), lo: cellNum(r[3]), hi: cellNum(r[4]) }));
  const rows = all.filter((r) => r.name !== '全部');
  const overall = all.find((r) => r.name === '全部');
  const method =
    `按“${g}”分组绘制“${y}”的${what}（点）及其 ${lv}置信区间（误差线）：` +
    (isMedian ? '中位数的置信区间为按二项分布求得的次序统计量区间（精确、保守）。' : '均数的置信区间按 t 分布计算。') +
    '点图用于描述与比较估计值及其精度，本身不做假设检验。';
  const numbers = rows.map((r) => `${r.name}（n = ${fmt(r.n, 0)}）：${what} ${fmt(r.est, 3)}，${lv}CI ${fmt(r.lo, 3)} ~ ${fmt(r.hi, 3)}。`);
  if (overall) numbers.push(`全部观测（n = ${fmt(overall.n, 0)}）：${what} ${fmt(overall.est, 3)}，${lv}CI ${fmt(overall.lo, 3)} ~ ${fmt(overall.hi, 3)}。`);
  const sorted = rows.filter((r) => r.est !== null).sort((a, b) => b.est! - a.est!);
  const above = overall && overall.est !== null ? rows.filter((r) => r.lo !== null && r.lo > overall.est!).map((r) => r.name) : [];
  const below = overall && overall.est !== null ? rows.filter((r) => r.hi !== null && r.hi < overall.est!).map((r) => r.name) : [];
  const widest = rows.filter((r) => r.lo !== null && r.hi !== null).sort((a, b) => b.hi! - b.lo! - (a.hi! - a.lo!))[0];
  const conclusion =
    (sorted.length > 1 ? `${sorted[0]!.name}的${what}最高（${fmt(sorted[0]!.est, 3)}），${sorted[sorted.length - 1]!.name}最低（${fmt(sorted[sorted.length - 1]!.est, 3)}）。` : '') +
    (above.length > 0 ? `${list(above)}的置信区间整体高于总体${what}；` : '') +
    (below.length > 0 ? `${list(below)}的置信区间整体低于总体${what}；` : '') +
    (widest ? `${widest.name}的置信区间最宽，估计最不精确。` : '') +
    '组间差异是否有统计学意义需要用检验判断。';
  const caveats = ['置信区间是否重叠不能代替假设检验：两个置信区间部分重叠时，差异仍可能有统计学意义。'];
  if (!isMedian) caveats.push('均数的 t 区间要求数据近似正态或例数较大；明显偏态时请改用中位数。');
  caveats.push(...f.footnotes().filter((x) => x.includes('例数过少')).map(name));
  const paper =
    `各${g}${y}的${what}及其 ${lv}置信区间见图1。` +
    rows.map((r) => `${r.name}为 ${fmt(r.est, 2)}（${fmt(r.lo, 2)} ~ ${fmt(r.hi, 2)}）`).join('，') +
    (overall ? `；全部患者为 ${fmt(overall.est, 2)}（${fmt(overall.lo, 2)} ~ ${fmt(overall.hi, 2)}）。` : '。');
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next: [
      isMedian ? '用 Kruskal-Wallis 检验比较各组分布，必要时做 Dunn 两两比较。' : '用单因素方差分析比较各组均数，必要时做 Tukey 两两比较。',
      '多中心研究中，可用混合效应模型（中心为随机效应）评估中心间异质性。',
      '同时展示原始数据（箱线图或小提琴图），了解各组的分布形状。',
    ],
    nonsignificant: '点图不做假设检验，没有“显著”或“不显著”之分。置信区间重叠不等于差异无统计学意义，更不等于各组相同；请用相应的检验并报告差值及其置信区间。',
  };
}

export const EXPLAINERS: Record<string, (f: ReportFacts) => Explanation> = {
  histogram,
  violin,
  'bar-means': barMeans,
  density: (f) => densityLike(f, '密度图'),
  ridgeline: (f) => densityLike(f, '山脊图'),
  'bar-grouped': barGrouped,
  'line-errorbar': lineErrorbar,
  pie,
  'qq-pp': qqPp,
  'dot-errorbar': dotErrorbar,
};
