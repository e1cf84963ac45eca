// 分组/堆积柱状图: counts of two categorical variables as grouped or stacked bars (counts or the
// percent within each x category), with the contingency table and Pearson's chi-square test.
import { chiSquareTest } from '@labstat/stats';
import { requireVariables } from '../../common.js';
import { orNull } from '../../groups.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { levelOrder, splitList } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const has = (v: string | null | undefined): v is string => v !== null && v !== undefined && v.trim() !== '';
const r1 = (v: number) => Math.round(v * 10) / 10;

export function run(data: DataTable, params: Params): ToolOutput {
  const xName = String(params.x ?? '');
  const fName = String(params.fill ?? '');
  if (!xName || !fName) throw new ToolInputError('请选择横轴变量和分组（颜色）变量');
  if (xName === fName) throw new ToolInputError('横轴变量与分组变量不能是同一列');
  requireVariables(data, [xName, fName]);
  const xs = data.text(xName).map((v) => (has(v) ? v.trim() : null));
  const fs = data.text(fName).map((v) => (has(v) ? v.trim() : null));
  const keep = xs.map((x, i) => x !== null && fs[i] !== null);
  const n = keep.filter(Boolean).length;
  if (n === 0) throw new ToolInputError(`“${xName}”与“${fName}”没有同时不缺失的观测`);
  const xLv = levelOrder(xs.filter((_, i) => keep[i]) as string[], xName, splitList(params.xOrder));
  const fLv = levelOrder(fs.filter((_, i) => keep[i]) as string[], fName, splitList(params.fillOrder));
  if (xLv.length > 30) throw new ToolInputError(`横轴变量“${xName}”有 ${xLv.length} 个类别，最多 30 个；请选择分类变量或合并类别`);
  if (fLv.length > 12) throw new ToolInputError(`分组变量“${fName}”有 ${fLv.length} 个类别，最多 12 个；请合并类别`);
  const counts = xLv.map(() => fLv.map(() => 0));
  xs.forEach((x, i) => {
    if (keep[i]) counts[xLv.indexOf(x!)]![fLv.indexOf(fs[i]!)]! += 1;
  });
  const rowTotals = counts.map((r) => r.reduce((a, b) => a + b, 0));
  const colTotals = fLv.map((_, j) => counts.reduce((a, r) => a + r[j]!, 0));
  const pct = counts.map((r, i) => r.map((c) => (100 * c) / rowTotals[i]!));
  const percent = params.scale !== 'count';
  const stacked = params.layout !== 'grouped';
  const chi = xLv.length >= 2 && fLv.length >= 2 ? orNull(() => chiSquareTest(counts)) : null;

  const series = fLv.map((f, j) => ({
    type: 'bar',
    name: f,
    ...(stacked ? { stack: 'total' } : {}),
    barMaxWidth: stacked ? 48 : 28,
    itemStyle: { borderColor: '#222', borderWidth: 0.6 },
    label: { show: params.labels !== false, position: stacked ? 'inside' : 'top', fontSize: 10, formatter: percent ? '{c}%' : '{c}' },
    data: xLv.map((_, i) => (percent ? r1(pct[i]![j]!) : counts[i]![j]!)),
  }));
  const option = {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { data: fLv, top: 0 },
    grid: { left: 64, right: 24, top: 40, bottom: 56 },
    xAxis: { type: 'category', data: xLv.map((x, i) => `${x}\n(n=${rowTotals[i]})`), name: xName, nameLocation: 'middle', nameGap: 40, axisTick: { alignWithLabel: true } },
    yAxis: { type: 'value', name: percent ? `构成比（%）` : '频数', nameLocation: 'middle', nameGap: 44, min: 0, ...(percent && stacked ? { max: 100 } : {}), splitLine: { show: false } },
    series,
  };

  const results: ToolOutput['results'] = { n, xLevels: xLv.length, fillLevels: fLv.length };
  xLv.forEach((x, i) => fLv.forEach((f, j) => Object.assign(results, { [`count.${x}.${f}`]: counts[i]![j]!, [`percent.${x}.${f}`]: pct[i]![j]! })));
  if (chi) Object.assign(results, { statistic: chi.statistic, df: chi.df, p: chi.pValue, cramersV: chi.cramersV });
  const excluded = data.rows - n;
  const cell = (i: number, j: number) => `${counts[i]![j]!} (${pct[i]![j]!.toFixed(1)}%)`;
  const sections: ToolOutput['sections'] = [
    { title: '图形', blocks: [{ type: 'chart', title: `图1 各${xName}中${fName}的${percent ? '构成比' : '频数'}（${stacked ? '堆积' : '分组'}柱状图）`, option }] },
    {
      title: '列联表',
      blocks: [
        table(
          `表1 ${xName}与${fName}的列联表（频数与构成比）`,
          [xName, ...fLv, '合计'],
          [...xLv.map((x, i) => [x, ...fLv.map((_, j) => cell(i, j)), rowTotals[i]!]), ['合计', ...colTotals.map((c) => `${c} (${((100 * c) / n).toFixed(1)}%)`), n]],
          [`括号内为该${xName}类别内的构成比（行百分比）。`, excluded > 0 ? `${excluded} 行因${xName}或${fName}缺失而未纳入。` : '所用变量均无缺失值。'],
        ),
      ],
    },
  ];
  if (chi) {
    const notes = [chi.yates ? '2×2 表按 R 的默认做了 Yates 连续性校正。' : '未做连续性校正（R：chisq.test）。'];
    if (chi.lowExpected.count > 0) notes.push(`有 ${chi.lowExpected.count} 个格子（${(chi.lowExpected.share * 100).toFixed(1)}%）的期望频数小于 5，最小期望频数 ${num(chi.lowExpected.min, 2)}${chi.lowExpected.share > 0.2 ? '，超过 20%，χ² 检验结果可能不可靠，宜合并类别或用 Fisher 确切概率法' : ''}。`);
    sections.push({ title: '构成比较', blocks: [table('表2 Pearson χ² 检验', ['检验', 'χ²', '自由度', 'P', 'Cramér V'], [['Pearson χ² 检验', num(chi.statistic, 3), chi.df, formatP(chi.pValue), num(chi.cramersV, 3)]], notes)] });
  }
  sections.push({
    title: '说明',
    blocks: [
      text(
        `${stacked ? '堆积' : '分组'}柱状图：横轴为${xName}，颜色为${fName}，纵轴为${percent ? `各${xName}类别内的构成比（各柱${stacked ? '合计' : '组合计'}为 100%）` : '频数'}。` +
          (chi ? `χ² 检验比较各${xName}类别间${fName}的构成。` : `变量只有一个类别，未做 χ² 检验。`),
      ),
    ],
  });
  return { title: `分组/堆积柱状图：${xName} × ${fName}`, sections, results };
}
