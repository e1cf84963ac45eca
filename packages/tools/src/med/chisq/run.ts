// 卡方检验: contingency table with row percentages, Pearson χ² (with Yates for 2×2), Fisher's exact
// test, the expected-count check that decides which one to read, Cramér's V and a stacked bar chart.
import { chiSquareTest, fisherExact } from '@labstat/stats';
import { PALETTE } from '../../charts.js';
import { pSentence, requireVariables } from '../../common.js';
import { orNull } from '../../groups.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const MAX_LEVELS = 30;

export function run(data: DataTable, params: Params): ToolOutput {
  const rName = String(params.row ?? '');
  const cName = String(params.col ?? '');
  if (!rName || !cName) throw new ToolInputError('请选择行变量和列变量');
  if (rName === cName) throw new ToolInputError('行变量与列变量不能相同');
  requireVariables(data, [rName, cName]);
  const r = data.text(rName);
  const c = data.text(cName);
  const rows = [...new Set(r.filter((v): v is string => v !== null && v !== ''))].sort();
  const cols = [...new Set(c.filter((v): v is string => v !== null && v !== ''))].sort();
  for (const [name, lv] of [[rName, rows], [cName, cols]] as const) {
    if (lv.length < 2) throw new ToolInputError(`变量“${name}”至少需要 2 个类别，当前只有 ${lv.length} 个`);
    if (lv.length > MAX_LEVELS) throw new ToolInputError(`变量“${name}”有 ${lv.length} 个类别，超过 ${MAX_LEVELS} 个，请确认它是分类变量`);
  }
  const counts = rows.map(() => cols.map(() => 0));
  let n = 0;
  for (let i = 0; i < r.length; i++) {
    const a = rows.indexOf(r[i] ?? '');
    const b = cols.indexOf(c[i] ?? '');
    if (a < 0 || b < 0) continue;
    counts[a]![b]!++;
    n++;
  }
  const is2x2 = rows.length === 2 && cols.length === 2;
  const pearson = chiSquareTest(counts, { correct: false });
  const yates = is2x2 ? chiSquareTest(counts, { correct: true }) : null;
  const fisher = rows.length * cols.length <= 60 ? orNull(() => fisherExact(counts)) : null;
  const low = pearson.lowExpected;
  const expectedTrouble = low.share > 0.2 || low.min < 1;
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
  if (fisher) testRows.push(['Fisher 精确检验', null, null, formatP(fisher.pValue)]);
  const effectName = is2x2 ? 'φ 系数' : "Cramér's V";

  const sig = headline.p < 0.05;
  const sentences = [
    `对${rName}与${cName}的 ${rows.length}×${cols.length} 列联表（n = ${n}）采用${headline.name}：` +
      (headline.stat !== null ? `χ² = ${num(headline.stat, 3)}，df = ${headline.df}，` : '') +
      `${pSentence(headline.p)}，${sig ? `两变量的关联有统计学意义，各${rName}的${cName}构成不同` : '未发现两变量之间有统计学意义的关联'}。` +
      `${effectName} = ${num(pearson.cramersV, 3)}。`,
    `理论频数小于 5 的格子 ${low.count} 个（${(low.share * 100).toFixed(1)}%），最小理论频数 ${num(low.min, 2)}。` +
      (expectedTrouble ? '不满足卡方检验的条件，结论以 Fisher 精确检验为准。' : '满足卡方检验的条件。'),
  ];
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
      { title: '列联表', blocks: [table(`表1 ${rName}与${cName}的列联表`, [rName, ...cols, '合计'], crossRows, ['括号内为行百分比（合计行为总百分比）。'])] },
      {
        title: '检验结果',
        blocks: [
          table('表2 卡方检验', ['方法', 'χ²', 'df', 'P'], testRows, [
            `${effectName} = ${num(pearson.cramersV, 3)}；理论频数 <5 的格子 ${low.count} 个（${(low.share * 100).toFixed(1)}%）。`,
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
      cramersV: pearson.cramersV,
      n,
      lowExpectedCells: low.count,
    },
  };
}
