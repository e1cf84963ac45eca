// Kruskal-Wallis检验: medians and mean ranks, H with the tie correction, ε², Dunn's comparisons.
import { dunnTest, kruskalWallis, type PAdjustMethod } from '@labstat/stats';
import { boxplotChart, stars } from '../../charts.js';
import { pSentence, outcomeAndGroup } from '../../common.js';
import { fiveNumbers, groupsOf } from '../../groups.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { type DataTable, type Params, type ToolOutput } from '../../tool.js';

const ADJUST_NAME: Record<string, string> = { holm: 'Holm', bonferroni: 'Bonferroni', BH: 'Benjamini-Hochberg', none: '不校正' };

export function run(data: DataTable, params: Params): ToolOutput {
  const { yName, gName } = outcomeAndGroup(data, params);
  const adjust = String(params.adjust ?? 'holm');
  const groups = groupsOf(data, yName, gName, { max: 50 });
  const kw = kruskalWallis(groups);
  const dunn = dunnTest(groups, adjust as PAdjustMethod);
  const desc = groups.map((g, i) => {
    const f = fiveNumbers(g.values);
    return [g.name, g.values.length, num(f[2], 2), `${num(f[1], 2)} ~ ${num(f[3], 2)}`, num(kw.meanRanks[i]!.meanRank, 2)];
  });
  const dunnRows = dunn.comparisons.map((c) => [`${c.groupB} vs ${c.groupA}`, num(c.z, 3), formatP(c.pValue), formatP(c.pAdjusted), stars(c.pAdjusted)]);
  const sig = kw.pValue < 0.05;
  const pairs = dunn.comparisons.filter((c) => c.pAdjusted < 0.05).map((c) => `${c.groupB}与${c.groupA}`);
  const conclusion = [
    `采用 Kruskal-Wallis 检验比较 ${groups.length} 组的${yName}：H = ${num(kw.statistic, 3)}，df = ${kw.df}，${pSentence(kw.pValue)}，` +
      `${sig ? '各组分布差异有统计学意义' : '各组分布差异无统计学意义'}。效应量 ε² = ${num(kw.epsilonSquared, 3)}。`,
    pairs.length > 0 ? `Dunn 两两比较（${ADJUST_NAME[adjust]} 校正）显示：${pairs.join('、')}之间差异有统计学意义。` : `Dunn 两两比较（${ADJUST_NAME[adjust]} 校正）未发现差异有统计学意义的组对。`,
  ];
  const results: ToolOutput['results'] = { statistic: kw.statistic, df: kw.df, p: kw.pValue, epsilonSquared: kw.epsilonSquared };
  for (const c of dunn.comparisons) results[`dunnP.${c.comparison}`] = c.pAdjusted;
  return {
    title: `Kruskal-Wallis检验：${yName} ~ ${gName}`,
    sections: [
      { title: '描述统计', blocks: [table('表1 各组中位数与平均秩', ['组别', 'n', '中位数', 'P25 ~ P75', '平均秩'], desc)] },
      { title: '检验结果', blocks: [table('表2 Kruskal-Wallis 检验', ['H', 'df', 'P', 'ε²'], [[num(kw.statistic, 3), kw.df, formatP(kw.pValue), num(kw.epsilonSquared, 3)]], ['H 含结校正，与 R 的 kruskal.test 一致。'])] },
      { title: '两两比较', blocks: [table(`表3 Dunn 两两比较（${ADJUST_NAME[adjust]} 校正）`, ['比较', 'Z', 'P', '校正 P', '显著性'], dunnRows)] },
      {
        title: '图形',
        blocks: [
          boxplotChart(groups, {
            title: `图1 各组${yName}的箱线图`,
            yName,
            points: true,
            marks: dunn.comparisons.map((c) => ({ ...c, p: c.pAdjusted })),
          }),
        ],
      },
      { title: '结论', blocks: [text(...conclusion)] },
    ],
    results,
  };
}
