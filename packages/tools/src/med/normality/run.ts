// 正态性检验: Shapiro–Wilk, Lilliefors and Anderson–Darling per variable (and group), skewness and
// kurtosis, and a Q–Q plot of the first variable.
import { andersonDarling, describe as describeValues, lillieforsTest, qqPoints, shapiroWilk } from '@labstat/stats';
import { PALETTE } from '../../charts.js';
import { pSentence, requireVariables } from '../../common.js';
import { orNull } from '../../groups.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

export function run(data: DataTable, params: Params): ToolOutput {
  const vars = (Array.isArray(params.vars) ? params.vars : []).map(String);
  const gName = String(params.group ?? '');
  if (vars.length === 0) throw new ToolInputError('请至少选择一个检验变量');
  if (vars.length > 50) throw new ToolInputError('一次最多检验 50 个变量');
  requireVariables(data, gName ? [...vars, gName] : vars);
  const g = gName ? data.text(gName) : null;
  const levels = g ? [...new Set(g.filter((v): v is string => v !== null && v !== ''))].sort() : [''];
  if (levels.length > 30) throw new ToolInputError(`分组变量“${gName}”有 ${levels.length} 个组，超过 30 个`);

  const rows: Array<Array<string | number | null>> = [];
  const results: ToolOutput['results'] = {};
  const verdicts: string[] = [];
  let first: number[] | null = null;
  for (const v of vars) {
    const col = data.numeric(v);
    for (const level of levels) {
      const values = col.filter((x, i): x is number => x !== null && Number.isFinite(x) && (!g || g[i] === level));
      const label = level ? `${v}（${level}）` : v;
      if (values.length < 3) {
        rows.push([label, values.length, null, null, null, null, '—', '—', '—', '观测少于 3 个，无法检验']);
        continue;
      }
      first ??= values;
      const d = describeValues(values);
      const sw = orNull(() => shapiroWilk(values));
      const ks = orNull(() => lillieforsTest(values));
      const ad = orNull(() => andersonDarling(values));
      const normal = sw ? sw.pValue >= 0.05 : null;
      rows.push([
        label,
        values.length,
        num(d.mean, 3),
        num(d.sd, 3),
        num(d.skewnessAdjusted, 3),
        num(d.kurtosisAdjusted, 3),
        sw ? `${num(sw.statistic, 4)} / ${formatP(sw.pValue)}` : '—',
        ks ? `${num(ks.statistic, 4)} / ${formatP(ks.pValue)}` : '—',
        ad ? `${num(ad.statistic, 4)} / ${formatP(ad.pValue)}` : '—',
        normal === null ? '—' : normal ? '未见偏离正态' : '偏离正态',
      ]);
      const key = level ? `${v}.${level}` : v;
      results[`shapiroW.${key}`] = sw?.statistic ?? null;
      results[`shapiroP.${key}`] = sw?.pValue ?? null;
      results[`lillieforsP.${key}`] = ks?.pValue ?? null;
      results[`adP.${key}`] = ad?.pValue ?? null;
      if (sw) verdicts.push(`${label}：W = ${num(sw.statistic, 3)}，${pSentence(sw.pValue)}，${normal ? '未见偏离正态分布' : '偏离正态分布'}`);
    }
  }
  if (!first) throw new ToolInputError('所选变量的有效观测都少于 3 个，无法进行正态性检验');
  const qq = qqPoints(first);
  const qqPairs = qq.theoretical.map((t, i) => [Number(t.toFixed(6)), qq.sample[i]!] as [number, number]);
  // Reference line through the quartiles, as R's qqline.
  const d0 = describeValues(first);
  const slope = (d0.q3 - d0.q1) / (1.3489795003921634);
  const intercept = d0.q1 - slope * -0.6744897501960817;
  const xs = [qq.theoretical[0]!, qq.theoretical[qq.theoretical.length - 1]!];
  const chart = {
    type: 'chart' as const,
    title: `图1 ${vars[0]}${gName ? `（${levels[0]}）` : ''}的正态 Q-Q 图`,
    option: {
      textStyle: { fontFamily: 'Times New Roman, SimSun, serif' },
      grid: { left: 60, right: 24, top: 20, bottom: 50 },
      xAxis: { type: 'value', name: '理论分位数', nameLocation: 'middle', nameGap: 28, splitLine: { show: false }, axisLine: { lineStyle: { color: '#000' } } },
      yAxis: { type: 'value', name: '样本分位数', scale: true, splitLine: { show: false }, axisLine: { show: true, onZero: false, lineStyle: { color: '#000' } } },
      series: [
        { type: 'scatter', symbolSize: 5, itemStyle: { color: PALETTE[0] }, data: qqPairs },
        { type: 'line', symbol: 'none', lineStyle: { color: PALETTE[1] }, data: xs.map((x) => [x, intercept + slope * x]) },
      ],
    },
  };
  return {
    title: `正态性检验：${vars.join('、')}${gName ? `（按${gName}分组）` : ''}`,
    sections: [
      {
        title: '检验结果',
        blocks: [
          table('表1 正态性检验', ['变量', 'n', '均值', '标准差', '偏度', '峰度', 'Shapiro-Wilk W / P', 'Lilliefors D / P', 'Anderson-Darling A / P', '结论'], rows, [
            '结论依据 Shapiro-Wilk 检验（P<0.05 判为偏离正态）；偏度、峰度为样本校正值（与 SPSS 相同），正态分布时接近 0。',
          ]),
        ],
      },
      { title: '图形', blocks: [chart] },
      { title: '结论', blocks: [text(`${verdicts.join('；')}。`, `样本量较大时轻微偏离也可能“显著”，请结合 Q-Q 图：点大致落在直线上即可视为近似正态。`)] },
    ],
    results,
  };
}
