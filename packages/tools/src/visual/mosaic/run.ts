// 马赛克图: the contingency table of two categorical columns as rectangles whose widths are the
// column shares and heights the conditional shares within each column, so areas are proportional to
// counts. Cells are shaded by their Pearson residual at the ±2 and ±4 cut-offs of R's
// mosaicplot(shade = TRUE); the chi-square test (R chisq.test without continuity correction, the
// statistic those residuals add up to) is reported with them. The rectangles are markArea items in
// data coordinates, so the chart stays plain JSON and scales with the figure size.
import { chiSquareTest, maxOf } from '@labstat/stats';
import { requireVariables } from '../../common.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { levelOrder, splitList } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const MAX_LEVELS = 12;
const GAP_X = 0.02;
const GAP_Y = 0.012;

/** Residual classes, strongest excess first; colours are semantic (blue more, red fewer than expected). */
const CLASSES = [
  { name: '残差 > 4', test: (r: number) => r > 4, color: '#2166AC', dashed: false },
  { name: '残差 2 ~ 4', test: (r: number) => r > 2 && r <= 4, color: '#92C5DE', dashed: false },
  { name: '残差 −2 ~ 2', test: (r: number) => r >= -2 && r <= 2, color: '#EEEEEE', dashed: false },
  { name: '残差 −4 ~ −2', test: (r: number) => r < -2 && r >= -4, color: '#F4A582', dashed: true },
  { name: '残差 < −4', test: (r: number) => r < -4, color: '#B2182B', dashed: true },
];

const r6 = (v: number) => Number(v.toPrecision(8));
const width = (s: string) => [...s].reduce((a, ch) => a + (ch.charCodeAt(0) > 255 ? 13 : 7.5), 0);

export function run(data: DataTable, params: Params): ToolOutput {
  const xName = String(params.x ?? '');
  const yName = String(params.y ?? '');
  const wName = String(params.weight ?? '');
  if (!xName || !yName) throw new ToolInputError('请选择横向变量和纵向变量（两个分类变量）');
  if (xName === yName) throw new ToolInputError('横向变量和纵向变量不能是同一列');
  requireVariables(data, wName ? [xName, yName, wName] : [xName, yName]);
  const xs = data.text(xName);
  const ys = data.text(yName);
  const ws = wName ? data.numeric(wName) : null;
  const rows: Array<{ x: string; y: string; w: number }> = [];
  let excluded = 0;
  let zeroWeight = 0;
  for (let i = 0; i < data.rows; i++) {
    const a = (xs[i] ?? '').trim();
    const b = (ys[i] ?? '').trim();
    const w = ws ? ws[i] : 1;
    if (a === '' || b === '' || w === null || w === undefined || !Number.isFinite(w)) {
      excluded++;
      continue;
    }
    if (w < 0) throw new ToolInputError(`频数列“${wName}”第 ${i + 1} 行为负数（${w}），频数须为非负整数`);
    if (w === 0) {
      zeroWeight++;
      continue;
    }
    rows.push({ x: a, y: b, w });
  }
  if (rows.length === 0) throw new ToolInputError('没有两个变量都有取值的行，无法绘制马赛克图');
  const xLv = levelOrder(rows.map((r) => r.x), xName, splitList(params.xOrder));
  const yLv = levelOrder(rows.map((r) => r.y), yName, splitList(params.yOrder));
  for (const [name, lv] of [[xName, xLv], [yName, yLv]] as const) {
    if (lv.length < 2) throw new ToolInputError(`变量“${name}”只有 1 个类别（${lv[0]}），马赛克图需要每个变量至少 2 个类别`);
    if (lv.length > MAX_LEVELS) throw new ToolInputError(`变量“${name}”有 ${lv.length} 个类别，马赛克图每个变量最多 ${MAX_LEVELS} 个；它可能是连续变量或编号，请选择分类变量或先合并类别`);
  }
  // tab[i][j]: y level i (row of the table), x level j (column).
  const tab = yLv.map(() => xLv.map(() => 0));
  for (const r of rows) tab[yLv.indexOf(r.y)]![xLv.indexOf(r.x)]! += r.w;
  const colTotals = xLv.map((_, j) => tab.reduce((a, row) => a + row[j]!, 0));
  const rowTotals = tab.map((row) => row.reduce((a, b) => a + b, 0));
  const n = rowTotals.reduce((a, b) => a + b, 0);
  const test = chiSquareTest(tab, { correct: false });

  // Rectangles: columns left to right, y levels from the top (yAxis inverse) within each column.
  const W = 1 + GAP_X * (xLv.length - 1);
  const H = 1 + GAP_Y * (yLv.length - 1);
  const residualShade = params.shade !== 'category';
  const cells: Array<{ i: number; j: number; x0: number; x1: number; y0: number; y1: number }> = [];
  let x0 = 0;
  xLv.forEach((_, j) => {
    const w = colTotals[j]! / n;
    let y0 = 0;
    yLv.forEach((_, i) => {
      const h = tab[i]![j]! / colTotals[j]!;
      cells.push({ i, j, x0, x1: x0 + w, y0, y1: y0 + h });
      y0 += h + GAP_Y;
    });
    x0 += w + GAP_X;
  });
  const area = (c: (typeof cells)[number]) => {
    const big = (c.x1 - c.x0) * (c.y1 - c.y0) > 0.006 && c.y1 - c.y0 > 0.035;
    const count = tab[c.i]![c.j]!;
    return [
      {
        name: `${yLv[c.i]} · ${xLv[c.j]}`,
        coord: [r6(c.x0), r6(c.y0)],
        label: { show: big && count > 0, position: 'inside', formatter: String(r6(count)), fontSize: 11, color: '#222' },
      },
      { coord: [r6(c.x1), r6(c.y1)] },
    ];
  };
  const border = (dashed: boolean) => ({ borderColor: '#555', borderWidth: 0.8, borderType: dashed ? 'dashed' : 'solid' });
  const areaSeries = residualShade
    ? CLASSES.map((k) => ({
        type: 'line',
        name: k.name,
        data: [],
        symbol: 'none',
        itemStyle: { color: k.color },
        lineStyle: { color: k.color },
        markArea: { silent: true, itemStyle: { color: k.color, opacity: 1, ...border(k.dashed) }, data: cells.filter((c) => k.test(test.residuals[c.i]![c.j]!)).map(area) },
      }))
    : yLv.map((lv, i) => ({
        type: 'line',
        name: lv,
        data: [],
        symbol: 'none',
        markArea: { silent: true, itemStyle: { opacity: 0.85, ...border(false) }, data: cells.filter((c) => c.i === i).map(area) },
      }));
  const leftPad = Math.ceil(maxOf(yLv.map(width))) + 18;
  const first = cells.filter((c) => c.j === 0);
  const labelSeries = [
    {
      type: 'scatter',
      name: xName,
      symbolSize: 0,
      silent: true,
      label: { show: true, position: 'bottom', formatter: '{b}', fontSize: 12, color: '#222', distance: 4 },
      data: cells.filter((c) => c.i === 0).map((c) => ({ name: xLv[c.j], value: [r6((c.x0 + c.x1) / 2), r6(H)] })),
    },
    {
      type: 'scatter',
      name: yName,
      symbolSize: 0,
      silent: true,
      label: { show: true, position: 'left', formatter: '{b}', fontSize: 12, color: '#222', distance: 6 },
      data: first.map((c) => ({ name: yLv[c.i], value: [0, r6((c.y0 + c.y1) / 2)] })),
    },
  ];
  const chart = {
    type: 'chart' as const,
    title: `图1 ${xName} × ${yName} 的马赛克图`,
    option: {
      legend: { data: areaSeries.map((s) => s.name), top: 0, icon: 'rect' },
      grid: { left: leftPad + 30, right: 24, top: 44, bottom: 58 },
      // One interval per axis: the journal theme draws ticks, and a mosaic has no scale to mark.
      xAxis: { type: 'value', min: 0, max: r6(W), interval: r6(W), axisLine: { onZero: false }, name: xName, nameLocation: 'middle', nameGap: 36, axisLabel: { show: false }, axisTick: { show: false }, splitLine: { show: false } },
      yAxis: { type: 'value', min: 0, max: r6(H), interval: r6(H), inverse: true, name: yName, nameLocation: 'middle', nameGap: leftPad + 8, axisLabel: { show: false }, axisTick: { show: false }, splitLine: { show: false } },
      series: [...areaSeries, ...labelSeries],
    },
  };

  const results: ToolOutput['results'] = {
    n: r6(n),
    rows: rows.length,
    excluded,
    statistic: test.statistic,
    df: test.df,
    p: test.pValue,
    cramersV: test.cramersV,
    minExpected: test.lowExpected.min,
    lowExpected: test.lowExpected.count,
  };
  let max = { v: -Infinity, i: 0, j: 0 };
  let min = { v: Infinity, i: 0, j: 0 };
  yLv.forEach((yl, i) =>
    xLv.forEach((xl, j) => {
      const r = test.residuals[i]![j]!;
      results[`residual.${yl}.${xl}`] = r;
      if (r > max.v) max = { v: r, i, j };
      if (r < min.v) min = { v: r, i, j };
    }),
  );
  xLv.forEach((xl, j) => (results[`width.${xl}`] = colTotals[j]! / n));
  results.maxResidual = max.v;
  results.maxResidualRow = yLv[max.i]!;
  results.maxResidualCol = xLv[max.j]!;
  results.minResidual = min.v;
  results.minResidualRow = yLv[min.i]!;
  results.minResidualCol = xLv[min.j]!;

  const pct = (a: number, b: number) => num((100 * a) / b, 1);
  const countRows = [
    ...yLv.map((yl, i) => [yl, ...xLv.map((_, j) => num(tab[i]![j]!, 2)), num(rowTotals[i]!, 2)]),
    ['合计', ...colTotals.map((c) => num(c, 2)), num(n, 2)],
  ];
  const shareRows = [
    ...yLv.map((yl, i) => [yl, ...xLv.map((_, j) => pct(tab[i]![j]!, colTotals[j]!)), pct(rowTotals[i]!, n)]),
    [`宽度：${xName}构成比（%）`, ...colTotals.map((c) => pct(c, n)), 100],
  ];
  const residualRows = yLv.map((yl, i) => [yl, ...xLv.map((_, j) => num(test.residuals[i]![j]!, 2)), ...xLv.map((_, j) => num(test.stdres[i]![j]!, 2))]);
  const low = test.lowExpected.share > 0.2 || test.lowExpected.min < 1;
  const cellsN = xLv.length * yLv.length;
  const notes = [
    excluded > 0 ? `${excluded} 行因${xName}、${yName}${wName ? '或频数' : ''}缺失而未纳入（列表删除）。` : '所用变量均无缺失值。',
    ...(wName ? [`按频数列“${wName}”加权计数${zeroWeight > 0 ? `，${zeroWeight} 行频数为 0 不计` : ''}。`] : []),
  ];
  return {
    title: `马赛克图：${xName} × ${yName}`,
    sections: [
      { title: '图形', blocks: [chart] },
      {
        title: '列联表与残差',
        blocks: [
          table(`表1 ${yName} × ${xName} 列联表（例数）`, [`${yName} \\ ${xName}`, ...xLv, '合计'], countRows, notes),
          table(`表2 各${xName}内${yName}的构成比（%）`, [`${yName} \\ ${xName}`, ...xLv, '合计'], shareRows, [`矩形高度为列内构成比，宽度为${xName}的构成比；面积与例数成正比。`]),
          table('表3 各格子的 Pearson 残差与标准化残差', [yName, ...xLv.map((x) => `${x}（Pearson）`), ...xLv.map((x) => `${x}（标准化）`)], residualRows, [
            'Pearson 残差 =（实际频数 − 理论频数）/ √理论频数，图中按 ±2、±4 分级着色（R 的 mosaicplot(shade = TRUE)）：蓝色（实线框）多于独立时的期望，红色（虚线框）少于期望。',
            '标准化残差（调整残差）近似服从标准正态分布，绝对值大于 1.96 的格子在 0.05 水平上偏离独立。',
          ]),
          table('表4 卡方检验', ['检验', 'χ²', '自由度', 'P', "Cramér V", '最小理论频数', '理论频数<5 的格子'], [['Pearson χ²', num(test.statistic, 3), test.df, formatP(test.pValue), num(test.cramersV, 3), num(test.lowExpected.min, 2), `${test.lowExpected.count}/${cellsN}`]], [
            '未做连续性校正（与图中的 Pearson 残差一致）；2×2 表需要校正或 Fisher 精确检验时，请使用卡方检验工具。',
            ...(low ? ['理论频数小于 5 的格子超过 20% 或有理论频数小于 1，卡方近似不可靠，请以卡方检验工具中的 Fisher 精确检验为准。'] : []),
            ...(wName && !Number.isInteger(n) ? ['频数含小数，检验按加权计数计算，仅供参考。'] : []),
          ]),
        ],
      },
      {
        title: '说明',
        blocks: [
          text(
            `共 ${num(n, 2)} 例。χ² = ${num(test.statistic, 3)}，自由度 ${test.df}，P ${test.pValue < 0.001 ? '< 0.001' : `= ${formatP(test.pValue)}`}，Cramér V = ${num(test.cramersV, 3)}。` +
              `Pearson 残差最大的格子为${yLv[max.i]}、${xLv[max.j]}（${num(max.v, 2)}），最小的为${yLv[min.i]}、${xLv[min.j]}（${num(min.v, 2)}）。`,
          ),
        ],
      },
    ],
    results,
  };
}
