// The interpreter's explainers for the visual tools of group B (distributions and comparisons),
// under their tool keys. Every number comes from the report's `results` or its tables.
import { cellNum, cellText, fmt, name, pText, significant, type Cell, type Explanation, type ReportFacts } from '../explanation.js';

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

export const EXPLAINERS: Record<string, (f: ReportFacts) => Explanation> = {
  histogram,
  violin,
  'bar-means': barMeans,
  density: (f) => densityLike(f, '密度图'),
  ridgeline: (f) => densityLike(f, '山脊图'),
};
