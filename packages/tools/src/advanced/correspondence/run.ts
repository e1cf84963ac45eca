// 对应分析: simple correspondence analysis of the two-way table of two categorical columns (ca::ca):
// the table with the χ² test, the inertia decomposition, row and column points (mass, inertia,
// principal coordinates, contributions, cos²) and the symmetric map of dims 1–2.
import { correspondenceAnalysis, type CaPoints, maxOf } from '@labstat/stats';
import type { ReportBlock } from '@labstat/contracts';
import { pSentence, requireVariables } from '../../common.js';
import { quoted } from '../../model-input.js';
import { num, table, text } from '../../report-helpers.js';
import { levelOrder, splitList } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { asInputError, FONT_FAMILY } from '../dimension-a.js';

const MAX_LEVELS = 30;
const AXIS_LINE = { lineStyle: { color: '#000' } };
const r4 = (v: number) => Number(v.toPrecision(6));

function pointRows(names: readonly string[], pts: CaPoints, shown: number): Array<Array<string | number | null>> {
  return names.map((name, i) => [
    name,
    num(pts.mass[i]!, 3),
    num(pts.inertia[i]!, 4),
    ...Array.from({ length: shown }, (_, k) => num(pts.principal[i]![k]!, 3)),
    ...Array.from({ length: shown }, (_, k) => num(100 * pts.contribution[i]![k]!, 1)),
    ...Array.from({ length: shown }, (_, k) => num(pts.cos2[i]![k]!, 3)),
    num(pts.cos2[i]!.slice(0, shown).reduce((s, v) => s + v, 0), 3),
  ]);
}

function symmetricMap(title: string, rName: string, cName: string, rows: readonly string[], cols: readonly string[], rp: number[][], cp: number[][], pct: readonly number[]): ReportBlock {
  const pts = (names: readonly string[], coords: number[][]) => names.map((name, i) => ({ name, value: [r4(coords[i]![0]!), r4(coords[i]![1]!)] }));
  const all = [...rp, ...cp].flatMap((p) => [Math.abs(p[0]!), Math.abs(p[1]!)]);
  const lim = Math.max(maxOf(all), 1e-6) * 1.2;
  const label = (color: string) => ({ show: true, formatter: '{b}', position: 'right', color, fontSize: 12 });
  return {
    type: 'chart',
    title,
    option: {
      textStyle: { fontFamily: FONT_FAMILY },
      tooltip: { trigger: 'item' },
      legend: { top: 0 },
      grid: { left: 64, right: 40, top: 36, bottom: 52 },
      xAxis: { type: 'value', name: `维度1（${num(pct[0]!, 1)}%）`, nameLocation: 'middle', nameGap: 30, min: r4(-lim), max: r4(lim), splitLine: { show: false }, axisLine: { ...AXIS_LINE, onZero: false } },
      yAxis: { type: 'value', name: `维度2（${num(pct[1]!, 1)}%）`, nameLocation: 'middle', nameGap: 44, min: r4(-lim), max: r4(lim), splitLine: { show: false }, axisLine: { ...AXIS_LINE, onZero: false } },
      series: [
        {
          type: 'scatter',
          name: rName,
          data: pts(rows, rp),
          symbol: 'circle',
          symbolSize: 9,
          itemStyle: { color: '#409EFF' },
          label: label('#1F5FA8'),
          markLine: { silent: true, symbol: 'none', lineStyle: { type: 'dashed', color: '#909399' }, label: { show: false }, data: [{ xAxis: 0 }, { yAxis: 0 }] },
        },
        { type: 'scatter', name: cName, data: pts(cols, cp), symbol: 'triangle', symbolSize: 11, itemStyle: { color: '#F56C6C' }, label: label('#C0392B') },
      ],
    },
  };
}

/** The categories of a point set nearest (by principal coordinates on dims 1–2) to each category of the other set. */
function nearest(from: number[][], to: number[][]): number[] {
  return from.map((p) => {
    let best = 0;
    let bestD = Infinity;
    to.forEach((q, j) => {
      const d = (p[0]! - q[0]!) ** 2 + (p[1]! - q[1]!) ** 2;
      if (d < bestD) {
        bestD = d;
        best = j;
      }
    });
    return best;
  });
}

export function run(data: DataTable, params: Params): ToolOutput {
  const rName = String(params.row ?? '');
  const cName = String(params.col ?? '');
  if (!rName || !cName) throw new ToolInputError('请选择行变量和列变量');
  if (rName === cName) throw new ToolInputError('行变量与列变量不能相同');
  requireVariables(data, [rName, cName]);
  const wName = String(params.weight ?? '');
  if (wName) requireVariables(data, [wName]);
  if (wName && (wName === rName || wName === cName)) throw new ToolInputError('频数列不能与行变量或列变量相同');
  const r = data.text(rName);
  const c = data.text(cName);
  const w = wName ? data.numeric(wName) : null;
  const keep: number[] = [];
  let excluded = 0;
  for (let i = 0; i < r.length; i++) {
    const wt = w ? w[i] : 1;
    if (r[i] === null || r[i] === '' || c[i] === null || c[i] === '' || wt === null || wt === undefined) {
      excluded++;
      continue;
    }
    if (!Number.isInteger(wt) || wt < 0) throw new ToolInputError(`频数列“${wName}”第 ${i + 1} 行的值为 ${wt}，频数须为非负整数`);
    if (wt > 0) keep.push(i);
  }
  const weightOf = (i: number) => (w ? w[i]! : 1);
  const rows = levelOrder(keep.map((i) => r[i]!), rName, splitList(params.rowOrder));
  const cols = levelOrder(keep.map((i) => c[i]!), cName, splitList(params.colOrder));
  for (const [name, lv] of [[rName, rows], [cName, cols]] as const) {
    if (lv.length < 2) throw new ToolInputError(`变量“${name}”至少需要 2 个类别，当前只有 ${lv.length} 个`);
    if (lv.length > MAX_LEVELS) throw new ToolInputError(`变量“${name}”有 ${lv.length} 个类别，超过 ${MAX_LEVELS} 个，请确认它是分类变量`);
  }
  const counts = rows.map(() => cols.map(() => 0));
  for (const i of keep) counts[rows.indexOf(r[i]!)]![cols.indexOf(c[i]!)]! += weightOf(i);
  const ca = asInputError('对应分析', () => correspondenceAnalysis(counts));
  const shown = Math.min(2, ca.dims);
  const dimLabels = Array.from({ length: shown }, (_, k) => `维度${k + 1}`);

  const sections: ToolOutput['sections'] = [];
  const colTotals = cols.map((_, j) => counts.reduce((s, row) => s + row[j]!, 0));
  const ctRows = rows.map((name, i) => [name, ...counts[i]!, counts[i]!.reduce((s, v) => s + v, 0)]);
  ctRows.push(['合计', ...colTotals, ca.n]);
  const expected = rows.map((_, i) => cols.map((_, j) => ca.rows.mass[i]! * colTotals[j]!));
  const lowExp = expected.flat().filter((e) => e < 5).length;
  const ctNotes = [`Pearson χ² = ${num(ca.statistic, 3)}，df = ${ca.df}，${pSentence(ca.pValue)}；总惯量 = χ² / n = ${num(ca.totalInertia, 4)}。`];
  if (excluded > 0) ctNotes.push(`${excluded} 行因“${rName}”或“${cName}”${wName ? '或频数' : ''}缺失未纳入分析。`);
  if (lowExp > 0) ctNotes.push(`${lowExp} 个格子的理论频数小于 5（共 ${rows.length * cols.length} 个），卡方检验的 P 值仅供参考。`);
  sections.push({ title: '列联表与卡方检验', blocks: [table(`表1 ${rName} × ${cName} 列联表`, [`${rName} \\ ${cName}`, ...cols, '合计'], ctRows, ctNotes)] });

  const eigRows = ca.eigenvalues.map((v, k) => [`维度${k + 1}`, num(ca.singularValues[k]!, 4), num(v, 4), num(ca.proportion[k]!, 2), num(ca.cumulative[k]!, 2)]);
  eigRows.push(['合计', null, num(ca.totalInertia, 4), 100, null]);
  sections.push({
    title: '惯量分解',
    blocks: [
      table('表2 各维度的主惯量与解释比例', ['维度', '奇异值', '主惯量（特征值）', '惯量百分比（%）', '累计百分比（%）'], eigRows, [
        `共 min(${rows.length}, ${cols.length}) − 1 = ${ca.dims} 个维度；主惯量 = 奇异值²，各维度主惯量之和等于总惯量。`,
      ]),
    ],
  });

  const head = (what: string) => [what, '质量', '惯量', ...dimLabels.map((d) => `${d}坐标`), ...dimLabels.map((d) => `${d}贡献率（%）`), ...dimLabels.map((d) => `${d} cos²`), `前 ${shown} 维 cos² 合计`];
  const pointNotes = [
    '质量 = 该类别的边际比例；坐标为主坐标（标准坐标 × 奇异值，同 ca::ca 的 map = "symmetric"）；贡献率 = 质量 × 坐标² / 主惯量，表示该点对维度的决定作用；cos² = 坐标² / 该点到中心的 χ² 距离²，表示该维度对该点的代表程度，前几维 cos² 的合计即该点在图上的表示质量。',
    '每个维度的方向（正负号）是任意的：已使标准坐标绝对值最大的列类别为正。',
  ];
  const pointBlocks: ReportBlock[] = [table(`表3 行点（${rName}）`, head(rName), pointRows(rows, ca.rows, shown), pointNotes), table(`表4 列点（${cName}）`, head(cName), pointRows(cols, ca.columns, shown), [pointNotes[0]!])];
  if (ca.dims >= 2) {
    pointBlocks.push(symmetricMap('图1 对应分析对称图（维度1 × 维度2）', rName, cName, rows, cols, ca.rows.principal, ca.columns.principal, ca.proportion));
  }
  sections.push({ title: '行点与列点', blocks: pointBlocks });

  const cum = ca.cumulative[shown - 1]!;
  const topContrib = (names: readonly string[], pts: CaPoints, k: number) => {
    const order = names.map((_, i) => i).sort((a, b) => pts.contribution[b]![k]! - pts.contribution[a]![k]!);
    return order.filter((i) => pts.contribution[i]![k]! >= 1 / names.length).map((i) => names[i]!);
  };
  const parts: string[] = [
    `对 ${ca.n} 例的“${rName}”（${rows.length} 类）与“${cName}”（${cols.length} 类）做简单对应分析。`,
    `列联表卡方检验 χ² = ${num(ca.statistic, 2)}，df = ${ca.df}，${pSentence(ca.pValue)}，${ca.pValue < 0.05 ? '两变量间存在关联' : '两变量间的关联无统计学意义，对应分析图上的距离可能主要反映随机波动'}。`,
    `总惯量为 ${num(ca.totalInertia, 4)}，第 1 维度解释 ${num(ca.proportion[0]!, 2)}%${shown >= 2 ? `，第 2 维度解释 ${num(ca.proportion[1]!, 2)}%，前 2 个维度累计解释 ${num(cum, 2)}%` : ''}。`,
    `第 1 维度主要由${quoted(topContrib(rows, ca.rows, 0))}（${rName}）与${quoted(topContrib(cols, ca.columns, 0))}（${cName}）决定（贡献率高于平均水平）。`,
  ];
  if (ca.dims >= 2) {
    const near = nearest(ca.rows.principal, ca.columns.principal);
    parts.push(`对称图上，${rows.map((name, i) => `“${name}”靠近“${cols[near[i]!]}”`).join('，')}，提示这些类别间对应较多（按前 2 维主坐标的距离判断）。`);
  }
  const caveats: string[] = [];
  if (ca.pValue >= 0.05) caveats.push('卡方检验不显著时，对应分析图的结构可能不稳定，不宜过度解读。');
  if (shown >= 2 && cum < 70) caveats.push(`前 2 个维度仅解释 ${num(cum, 2)}% 的惯量，二维图对部分类别的代表性不足，请结合 cos² 判断。`);
  if (ca.dims < 2) caveats.push('只有 1 个维度（有一个变量仅 2 个类别），不绘制二维对称图；此时对应分析与卡方检验加行列百分比提供的信息相同。');
  const smallCats = [...rows.filter((_, i) => ca.rows.mass[i]! * ca.n < 10), ...cols.filter((_, j) => ca.columns.mass[j]! * ca.n < 10)];
  if (smallCats.length > 0) caveats.push(`类别 ${quoted(smallCats)} 的例数少于 10，其位置不稳定，可考虑与相近类别合并。`);
  caveats.push('对称图中行点之间、列点之间的距离可解释为轮廓的相似程度；行点与列点之间的距离并非严格的 χ² 距离，只能按方向和相对位置大致判断对应关系。');
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  const results: ToolOutput['results'] = {
    n: ca.n,
    excluded,
    rowLevels: rows.length,
    colLevels: cols.length,
    dims: ca.dims,
    chiSquare: ca.statistic,
    df: ca.df,
    pValue: ca.pValue,
    totalInertia: ca.totalInertia,
    cumulative: cum,
  };
  ca.eigenvalues.forEach((v, k) => {
    results[`inertia.${k + 1}`] = v;
    results[`proportion.${k + 1}`] = ca.proportion[k]!;
  });
  return { title: `对应分析：${rName} × ${cName}`, sections, results };
}
