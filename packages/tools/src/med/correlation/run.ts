// Pearson/Spearman相关分析: one pair gives the test with CI and a scatter plot; more variables give
// the matrix of coefficients and P values with a heat map.
import { correlationMatrix, correlationTest, type CorrelationMethod } from '@labstat/stats';
import { scatterChart, stars } from '../../charts.js';
import { alternativeNote, alternativeOf, ciText, levelOf, pSentence, requireVariables } from '../../common.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const METHOD_NAME: Record<string, string> = { pearson: 'Pearson 相关系数 r', spearman: 'Spearman 秩相关系数 ρ', kendall: 'Kendall τ-b' };
const SYMBOL: Record<string, string> = { pearson: 'r', spearman: 'ρ', kendall: 'τ' };

function strength(r: number): string {
  const a = Math.abs(r);
  return a < 0.1 ? '几乎无' : a < 0.3 ? '弱' : a < 0.5 ? '中等' : a < 0.7 ? '较强' : '强';
}

const column = (data: DataTable, name: string) => Float64Array.from(data.numeric(name), (v) => (v === null ? NaN : v));

export function run(data: DataTable, params: Params): ToolOutput {
  const vars = (Array.isArray(params.vars) ? params.vars : []).map(String);
  if (vars.length < 2) throw new ToolInputError('请至少选择两个变量');
  if (vars.length > 30) throw new ToolInputError('一次最多分析 30 个变量');
  requireVariables(data, vars);
  const method = (['pearson', 'spearman', 'kendall'].includes(String(params.method)) ? String(params.method) : 'pearson') as CorrelationMethod;
  const alternative = alternativeOf(params);
  const level = levelOf(params);
  const sym = SYMBOL[method]!;

  if (vars.length === 2) {
    const [xn, yn] = vars as [string, string];
    const x = column(data, xn);
    const y = column(data, yn);
    const r = correlationTest(x, y, { method, alternative, level });
    const pct = Math.round(level * 100);
    const points: Array<[number, number]> = [];
    for (let i = 0; i < x.length; i++) if (Number.isFinite(x[i]) && Number.isFinite(y[i])) points.push([x[i]!, y[i]!]);
    const sig = r.pValue < 0.05;
    const conclusion =
      `${xn}与${yn}的${METHOD_NAME[method]} = ${num(r.estimate, 3)}（n = ${r.n}${r.ci ? `，${pct}%CI ${ciText(r.ci)}` : ''}），${pSentence(r.pValue)}。` +
      (sig ? `两者呈${strength(r.estimate)}${r.estimate > 0 ? '正' : '负'}相关，且有统计学意义。` : '未发现两者之间有统计学意义的相关。');
    return {
      title: `相关分析：${xn} 与 ${yn}`,
      sections: [
        {
          title: '相关系数',
          blocks: [
            table(
              `表1 ${METHOD_NAME[method]}`,
              ['变量对', 'n', sym, `${pct}%CI`, `${r.statisticName}`, 'P'],
              [[`${xn} — ${yn}`, r.n, num(r.estimate, 3), r.ci ? ciText(r.ci) : '—', num(r.statistic, 3), formatP(r.pValue)]],
              [`${alternativeNote(alternative, sym, '0')}${r.ci ? '置信区间由 Fisher z 变换计算。' : ''}${r.exact ? '精确 P 值。' : ''}`],
            ),
          ],
        },
        { title: '图形', blocks: [scatterChart(points, { title: `图1 ${xn}与${yn}的散点图`, xName: xn, yName: yn })] },
        { title: '结论', blocks: [text(conclusion)] },
      ],
      results: { r: r.estimate, statistic: r.statistic, df: r.df, p: r.pValue, n: r.n, ciLower: finiteOrNull(r.ci?.[0]), ciUpper: finiteOrNull(r.ci?.[1]) },
    };
  }

  const cols: Record<string, Float64Array> = {};
  for (const v of vars) cols[v] = column(data, v);
  const m = correlationMatrix(cols, { method, alternative, level });
  const rows = vars.map((a, i) => [a, ...vars.map((_, j) => (j < i ? `${num(m.r[i]![j]!, 3)}${stars(m.p[i]![j]!) === 'ns' ? '' : stars(m.p[i]![j]!)}` : j === i ? '1' : ''))]);
  const pRows = vars.map((a, i) => [a, ...vars.map((_, j) => (j === i ? '' : formatP(m.p[i]![j]!)))]);
  const results: ToolOutput['results'] = {};
  const notable: string[] = [];
  for (let i = 0; i < vars.length; i++) {
    for (let j = 0; j < i; j++) {
      results[`r.${vars[j]}~${vars[i]}`] = m.r[i]![j]!;
      results[`p.${vars[j]}~${vars[i]}`] = m.p[i]![j]!;
      if (m.p[i]![j]! < 0.05) notable.push(`${vars[j]}与${vars[i]}（${sym} = ${num(m.r[i]![j]!, 3)}）`);
    }
  }
  const heat = {
    type: 'chart' as const,
    title: `图1 ${METHOD_NAME[method]}热图`,
    option: {
      textStyle: { fontFamily: 'Times New Roman, SimSun, serif' },
      tooltip: { position: 'top' },
      grid: { left: 100, right: 40, top: 20, bottom: 90 },
      xAxis: { type: 'category', data: vars, axisLabel: { rotate: 30 } },
      yAxis: { type: 'category', data: vars },
      visualMap: { min: -1, max: 1, calculable: true, orient: 'horizontal', left: 'center', bottom: 0, inRange: { color: ['#2166ac', '#f7f7f7', '#b2182b'] } },
      series: [
        {
          type: 'heatmap',
          data: vars.flatMap((_, i) => vars.map((__, j) => [j, i, Number(m.r[i]![j]!.toFixed(3))])),
          label: { show: vars.length <= 12 },
        },
      ],
    },
  };
  return {
    title: `相关矩阵：${vars.join('、')}`,
    sections: [
      {
        title: '相关矩阵',
        blocks: [
          table(`表1 ${METHOD_NAME[method]}矩阵`, ['变量', ...vars], rows, ['* P<0.05，** P<0.01，*** P<0.001；缺失值按成对删除。']),
          table('表2 P 值矩阵', ['变量', ...vars], pRows),
        ],
      },
      { title: '图形', blocks: [heat] },
      { title: '结论', blocks: [text(notable.length > 0 ? `相关有统计学意义的变量对：${notable.join('；')}。` : '所选变量之间均未发现有统计学意义的相关。')] },
    ],
    results,
  };
}
