// 卡方检验: contingency table with row percentages, Pearson χ² (with Yates for 2×2), likelihood-ratio
// G², Fisher's exact test (R×C by the engine's network algorithm, or a seeded Monte Carlo p past its
// budget), the expected-count check that decides which one to read, Pearson and standardized
// residuals, Cramér's V and a stacked bar chart. Rows may carry a frequency (weight) column.
// Categories keep the data's order of first appearance unless the user gives an order.
import { chiSquareTest, fisherExact, gTest, minOf } from '@labstat/stats';
import { PALETTE } from '../../charts.js';
import { pSentence, requireVariables } from '../../common.js';
import { crossTabulate } from '../../contingency.js';
import { orNull } from '../../groups.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { splitList } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const MAX_LEVELS = 30;
// Fisher's exact test only where its cost stays bounded whatever the row count: the 2×2 test walks
// the hypergeometric support (as long as the smallest margin), the R×C network has a work budget
// and its Monte Carlo fallback draws B tables of n cases each. Past these sizes every expected count
// is large (2×2: an expected count under 5 needs a margin under √(5n), 10,000 up to 20M rows) or the
// R×C test is left to χ² unless the expected counts call for Fisher.
const FISHER_2X2_MAX_MARGIN = 10_000;
const FISHER_SIMULATE_MAX_N = 10_000;

/** Fisher's test of the table when it is affordable, or why it was left out. */
function fisherOf(counts: number[][], n: number, expectedTrouble: boolean): { fisher: ReturnType<typeof fisherExact> | null; note: string | null } {
  const r = counts.length;
  const c = counts[0]!.length;
  if (r * c > 60) return { fisher: null, note: null };
  if (r === 2 && c === 2) {
    const margins = [...counts.map((row) => row[0]! + row[1]!), counts[0]![0]! + counts[1]![0]!, counts[0]![1]! + counts[1]![1]!];
    const smallest = minOf(margins);
    if (smallest > FISHER_2X2_MAX_MARGIN) {
      return { fisher: null, note: `样本量很大（最小的行/列合计为 ${smallest}），各格理论频数都很大，未计算 Fisher 精确检验，以卡方检验为准。` };
    }
    return { fisher: orNull(() => fisherExact(counts)), note: null };
  }
  if (n <= FISHER_SIMULATE_MAX_N) return { fisher: orNull(() => fisherExact(counts)), note: null };
  if (!expectedTrouble) {
    return { fisher: null, note: `样本量较大（n = ${n}）且理论频数满足卡方检验的条件，未计算 Fisher 精确检验（其计算量随样本量增长），以卡方检验为准。` };
  }
  const exact = orNull(() => fisherExact(counts, { simulate: false }));
  return { fisher: exact, note: exact ? null : `样本量较大（n = ${n}），Fisher 精确检验的计算量超出上限，未能计算。` };
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
  const { rows, cols, counts, n, excluded } = crossTabulate({
    rowValues: data.text(rName),
    colValues: data.text(cName),
    rowName: rName,
    colName: cName,
    weight: wName ? { name: wName, values: data.numeric(wName), text: data.text(wName) } : null,
    rowOrder: splitList(params.rowOrder),
    colOrder: splitList(params.colOrder),
    maxLevels: MAX_LEVELS,
  });
  const is2x2 = rows.length === 2 && cols.length === 2;
  const pearson = chiSquareTest(counts, { correct: false });
  const yates = is2x2 ? chiSquareTest(counts, { correct: true }) : null;
  const g2 = gTest(counts);
  const low = pearson.lowExpected;
  const expectedTrouble = low.share > 0.2 || low.min < 1;
  const { fisher, note: fisherNote } = fisherOf(counts, n, expectedTrouble);
  const simulated = fisher?.simulated ?? null;
  const mode = String(params.correct ?? 'auto');
  // 2×2: Yates when asked, or (auto) when some expected count is between 1 and 5, as textbooks teach.
  const useYates = is2x2 && (mode === 'yes' || (mode === 'auto' && low.count > 0 && low.min >= 1));
  const headline = expectedTrouble && fisher ? { name: 'Fisher 精确检验', p: fisher.pValue, stat: null as number | null, df: null as number | null } : useYates && yates ? { name: '连续性校正卡方检验', p: yates.pValue, stat: yates.statistic, df: yates.df } : { name: 'Pearson 卡方检验', p: pearson.pValue, stat: pearson.statistic, df: pearson.df };

  const rowTotals = counts.map((row) => row.reduce((a, b) => a + b, 0));
  const colTotals = cols.map((_, j) => counts.reduce((a, row) => a + row[j]!, 0));
  const pct = (x: number, t: number) => (t > 0 ? `${x}（${((100 * x) / t).toFixed(1)}%）` : String(x));
  const crossRows: Array<Array<string | number | null>> = rows.map((name, i) => [name, ...counts[i]!.map((x) => pct(x, rowTotals[i]!)), rowTotals[i]!]);
  crossRows.push(['合计', ...colTotals.map((x) => pct(x, n)), n]);
  const testRows: Array<Array<string | number | null>> = [['Pearson 卡方', num(pearson.statistic, 3), pearson.df, formatP(pearson.pValue)]];
  if (yates) testRows.push(['连续性校正卡方（Yates）', num(yates.statistic, 3), yates.df, formatP(yates.pValue)]);
  testRows.push(['似然比卡方（G²）', num(g2.statistic, 3), g2.df, formatP(g2.pValue)]);
  if (fisher) testRows.push([simulated ? `Fisher 精确检验（蒙特卡罗模拟，B = ${simulated.B}）` : 'Fisher 精确检验', null, null, formatP(fisher.pValue)]);
  const testNotes: string[] = fisherNote ? [fisherNote] : [];
  if (simulated) {
    testNotes.push(
      `该 ${rows.length}×${cols.length} 表的精确计算量超出上限，Fisher 检验的 P 值由固定边际的 ${simulated.B} 次随机模拟估计（随机种子 ${simulated.seed}），` +
        `模拟 P 值的 95% 置信区间为 ${num(simulated.ci[0], 5)}～${num(simulated.ci[1], 5)}。`,
    );
  }
  const resRows: Array<Array<string | number | null>> = [];
  rows.forEach((name, i) => {
    resRows.push([name, 'Pearson 残差', ...pearson.residuals[i]!.map((v) => num(v, 3))]);
    resRows.push(['', '标准化残差', ...pearson.stdres[i]!.map((v) => num(v, 3))]);
  });
  const effectName = is2x2 ? 'φ 系数' : "Cramér's V";

  const sig = headline.p < 0.05;
  const sentences = [
    `对${rName}与${cName}的 ${rows.length}×${cols.length} 列联表（n = ${n}）采用${headline.name}：` +
      (headline.stat !== null ? `χ² = ${num(headline.stat, 3)}，df = ${headline.df}，` : '') +
      `${pSentence(headline.p)}，${sig ? `两变量的关联有统计学意义，各${rName}的${cName}构成不同` : '未发现两变量之间有统计学意义的关联'}。` +
      `${effectName} = ${num(pearson.cramersV, 3)}。`,
    `理论频数小于 5 的格子 ${low.count} 个（${(low.share * 100).toFixed(1)}%），最小理论频数 ${num(low.min, 2)}。` +
      (expectedTrouble ? (fisher ? '不满足卡方检验的条件，结论以 Fisher 精确检验为准。' : '不满足卡方检验的条件，且未能计算 Fisher 精确检验，卡方检验的结果须谨慎解读。') : '满足卡方检验的条件。'),
  ];
  if (simulated && headline.name === 'Fisher 精确检验') {
    sentences.push(`Fisher 精确检验的 P 值由 ${simulated.B} 次蒙特卡罗模拟估计（95% 置信区间 ${num(simulated.ci[0], 5)}～${num(simulated.ci[1], 5)}），并非精确计算。`);
  }
  const big = pearson.stdres.flatMap((row, i) => row.map((v, j) => ({ v, i, j }))).filter((e) => Math.abs(e.v) > 1.96);
  if (sig && big.length > 0) {
    sentences.push(
      '标准化残差绝对值大于 1.96 的格子：' +
        big.map((e) => `${rows[e.i]}×${cols[e.j]}（${num(e.v, 2)}，${e.v > 0 ? '多于' : '少于'}期望）`).join('、') +
        '。',
    );
  }
  const chart = {
    type: 'chart' as const,
    title: `图1 各${rName}中${cName}的构成（%）`,
    option: {
      textStyle: { fontFamily: 'Times New Roman, SimSun, serif' },
      tooltip: { trigger: 'axis' },
      legend: { data: cols, top: 0 },
      grid: { left: 60, right: 24, top: 40, bottom: 40 },
      xAxis: { type: 'category', data: rows, axisLine: { lineStyle: { color: '#000' } } },
      yAxis: { type: 'value', max: 100, name: '%', splitLine: { show: false }, axisLine: { show: true, lineStyle: { color: '#000' } } },
      series: cols.map((col, j) => ({
        type: 'bar',
        name: col,
        stack: 'pct',
        itemStyle: { color: PALETTE[j % PALETTE.length] },
        label: { show: true, formatter: '{c}%' },
        data: rows.map((_, i) => (rowTotals[i]! > 0 ? Number(((100 * counts[i]![j]!) / rowTotals[i]!).toFixed(1)) : 0)),
      })),
    },
  };
  return {
    title: `卡方检验：${rName} × ${cName}`,
    sections: [
      { title: '列联表', blocks: [table(`表1 ${rName}与${cName}的列联表`, [rName, ...cols, '合计'], crossRows, [
            '括号内为行百分比（合计行为总百分比）。',
            ...(wName ? [`按频数列“${wName}”加权计数。`] : []),
            ...(excluded > 0 ? [`有缺失值的 ${excluded} 行未纳入分析。`] : []),
          ])] },
      {
        title: '检验结果',
        blocks: [
          table('表2 卡方检验', ['方法', 'χ²', 'df', 'P'], testRows, [
            `${effectName} = ${num(pearson.cramersV, 3)}；理论频数 <5 的格子 ${low.count} 个（${(low.share * 100).toFixed(1)}%）。`,
            ...testNotes,
          ]),
        ],
      },
      {
        title: '残差分析',
        blocks: [
          table(`表3 各格子的残差`, [rName, '残差', ...cols], resRows, [
            'Pearson 残差 =（实际频数 − 理论频数）/ √理论频数；标准化（调整）残差另除以 √[(1 − 行合计/n)(1 − 列合计/n)]，近似服从标准正态分布。',
            '标准化残差的绝对值大于 1.96（或 2）的格子，其实际频数与独立假设下的期望相差较大，是关联的主要来源。',
          ]),
        ],
      },
      { title: '图形', blocks: [chart] },
      { title: '结论', blocks: [text(...sentences)] },
    ],
    results: {
      method: headline.name,
      statistic: headline.stat,
      df: headline.df,
      p: headline.p,
      pearsonChi2: pearson.statistic,
      pearsonP: pearson.pValue,
      yatesChi2: yates?.statistic ?? null,
      yatesP: yates?.pValue ?? null,
      fisherP: fisher?.pValue ?? null,
      g2: g2.statistic,
      g2Df: g2.df,
      g2P: g2.pValue,
      fisherSimulated: fisher ? (simulated ? 1 : 0) : null,
      fisherB: simulated?.B ?? null,
      fisherPLower: simulated?.ci[0] ?? null,
      fisherPUpper: simulated?.ci[1] ?? null,
      cramersV: pearson.cramersV,
      n,
      excluded,
      lowExpectedCells: low.count,
    },
  };
}
