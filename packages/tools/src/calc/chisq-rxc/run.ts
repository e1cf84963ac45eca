// χ² and Fisher's exact test on a typed R×C table (R: chisq.test, fisher.test). Engine:
// chiSquareTest, gTest, fisherExact (network algorithm, Monte Carlo past its work budget).
import { chiSquareTest, fisherExact, gTest } from '@labstat/stats';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type ToolOutput } from '../../tool.js';
import { cellNumber, cellText, formText, requireRows, type CalcInput } from '../calc-tool.js';
import { rSection } from '../sample-size.js';
import { tableAdvice } from './advice.js';
import { COUNT_KEYS, definition } from './definition.js';

const rString = (s: string) => JSON.stringify(s);

export function run({ rows, form }: CalcInput): ToolOutput {
  const filled = requireRows(definition, rows, 2);
  const used = COUNT_KEYS.filter((k) => filled.some((_, i) => cellText(filled, i, k) !== ''));
  if (used.length < 2) throw new ToolInputError('至少需要填写 2 列频数（类别）');
  const counts = filled.map((_, i) => used.map((k) => cellNumber(definition, filled, i, k, { integer: true, min: 0 })));
  const rowNames = filled.map((_, i) => cellText(filled, i, 'group') || `第${i + 1}行`);
  const typed = formText(form, 'categories').split(/[,，、;；]/).map((s) => s.trim());
  const colNames = used.map((k, j) => typed[j] || `类别${COUNT_KEYS.indexOf(k) + 1}`);
  const rowTotals = counts.map((r) => r.reduce((s, v) => s + v, 0));
  const colTotals = used.map((_, j) => counts.reduce((s, r) => s + r[j]!, 0));
  const n = rowTotals.reduce((s, v) => s + v, 0);
  rowTotals.forEach((t, i) => {
    if (t === 0) throw new ToolInputError(`第 ${i + 1} 行（${rowNames[i]}）的频数全为 0，请删除该行`);
  });
  colTotals.forEach((t, j) => {
    if (t === 0) throw new ToolInputError(`“${colNames[j]}”列的频数全为 0，请删除该列`);
  });
  const R = counts.length;
  const C = used.length;
  const is2x2 = R === 2 && C === 2;

  const pearson = chiSquareTest(counts, { correct: false });
  const yates = is2x2 ? chiSquareTest(counts, { correct: true }) : null;
  const g = gTest(counts);
  const fisher = fisherExact(counts);
  const advice = tableAdvice(pearson.expected, n);
  const fisherNote = fisher.simulated
    ? `表格较大，Fisher 确切概率的精确计算量超出限制，改用蒙特卡罗模拟（${fisher.simulated.B} 次，种子 ${fisher.simulated.seed}；模拟 P 的 95% 区间 ${num(fisher.simulated.ci[0], 4)}～${num(fisher.simulated.ci[1], 4)}）。`
    : null;
  const headline =
    advice.test === 'fisher'
      ? `Fisher 确切概率法 P=${formatP(fisher.pValue)}`
      : advice.test === 'yates'
        ? `连续性校正 χ²=${num(yates!.statistic, 3)}，P=${formatP(yates!.pValue)}`
        : `χ²=${num(pearson.statistic, 3)}，ν=${pearson.df}，P=${formatP(pearson.pValue)}`;
  const headP = advice.test === 'fisher' ? fisher.pValue : advice.test === 'yates' ? yates!.pValue : pearson.pValue;
  const size = `${R}×${C}`;
  const paragraph =
    `对 ${size} 列联表（共 ${n} 例）进行检验：${advice.reason.replace(/，宜采用|，可采用/, '，故采用')}。结果 ${headline}，` +
    `${headP < 0.05 ? '差异有统计学意义，各组的构成（或率）不全相同' : '差异无统计学意义，尚不能认为各组的构成（或率）不同'}（α=0.05）。Cramér V=${num(pearson.cramersV, 3)}。`;

  const pctRow = (i: number, j: number) => num((100 * counts[i]![j]!) / rowTotals[i]!, 1);
  const testRows: Array<Array<string | number | null>> = [['Pearson χ²', num(pearson.statistic, 3), pearson.df, formatP(pearson.pValue)]];
  if (yates) testRows.push(['连续性校正 χ²（Yates）', num(yates.statistic, 3), yates.df, formatP(yates.pValue)]);
  testRows.push(['似然比 χ²（G 检验）', num(g.statistic, 3), g.df, formatP(g.pValue)]);
  testRows.push([fisher.simulated ? 'Fisher 确切概率法（蒙特卡罗）' : 'Fisher 确切概率法（双侧）', null, null, formatP(fisher.pValue)]);

  const matrix = `matrix(c(${counts.map((r) => r.join(', ')).join(',\n                ')}), nrow = ${R}, byrow = TRUE,\n              dimnames = list(c(${rowNames.map(rString).join(', ')}), c(${colNames.map(rString).join(', ')})))`;

  return {
    title: `${size} 列联表 χ² 检验`,
    sections: [
      {
        title: '列联表',
        blocks: [
          table('观察频数（行百分比）', ['分组', ...colNames, '合计'], [
            ...counts.map((r, i) => [rowNames[i]!, ...r.map((v, j) => `${v}（${pctRow(i, j)}%）`), rowTotals[i]!]),
            ['合计', ...colTotals, n],
          ]),
          table('理论频数', ['分组', ...colNames], pearson.expected.map((r, i) => [rowNames[i]!, ...r.map((e) => num(e, 2))]), [
            `理论频数 < 5 的格子 ${pearson.lowExpected.count} 个（${num(pearson.lowExpected.share * 100, 1)}%），最小理论频数 ${num(pearson.lowExpected.min, 2)}。`,
          ]),
        ],
      },
      {
        title: '检验结果',
        blocks: [
          table('χ² 检验与 Fisher 确切概率法', ['方法', '统计量', '自由度', 'P'], testRows, [
            advice.reason,
            `Cramér V = ${num(pearson.cramersV, 3)}${is2x2 ? '（四格表即 φ 系数的绝对值）' : ''}。`,
            ...(fisherNote ? [fisherNote] : []),
          ]),
          text(paragraph),
        ],
      },
      {
        title: '构成比图',
        blocks: [
          {
            type: 'chart',
            title: '各组的构成比',
            option: {
              grid: { left: 60, right: 30, top: 40, bottom: 40 },
              tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
              legend: { top: 0, data: colNames },
              xAxis: { type: 'category', data: rowNames },
              yAxis: { type: 'value', name: '百分比（%）', min: 0, max: 100 },
              series: colNames.map((name, j) => ({ name, type: 'bar', stack: 'total', data: counts.map((_, i) => pctRow(i, j)) })),
            },
          },
        ],
      },
      rSection(
        `tab <- ${matrix}\n` +
          `chisq.test(tab, correct = FALSE)\n` +
          (is2x2 ? `chisq.test(tab, correct = TRUE)   # 连续性校正\n` : '') +
          `chisq.test(tab)$expected\n` +
          (fisher.simulated ? `fisher.test(tab, simulate.p.value = TRUE, B = ${fisher.simulated.B})` : `fisher.test(tab, workspace = 2e7)`),
      ),
    ],
    results: {
      statistic: pearson.statistic,
      df: pearson.df,
      p: pearson.pValue,
      yatesStatistic: yates ? yates.statistic : null,
      yatesP: yates ? yates.pValue : null,
      gStatistic: g.statistic,
      gP: g.pValue,
      fisherP: fisher.pValue,
      fisherSimulated: fisher.simulated ? 'yes' : 'no',
      cramersV: pearson.cramersV,
      minExpected: pearson.lowExpected.min,
      lowExpectedCells: pearson.lowExpected.count,
      recommended: advice.test,
      rows: R,
      columns: C,
      n,
    },
  };
}
