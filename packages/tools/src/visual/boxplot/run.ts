// 箱线图: grouped boxes (R type-7 quartiles, whiskers at min/max), optional points, and brackets
// with stars for the pairs that differ by the chosen comparison.
import { dunnTest, mannWhitneyU, postHoc, twoSampleTTest } from '@labstat/stats';
import { boxplotChart, largeBoxplot, MAX_MARKS, SAMPLE_SEED, stars } from '../../charts.js';
import { outcomeAndGroup } from '../../common.js';
import { fiveNumbers, groupsOf, orNull } from '../../groups.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { type DataTable, type Params, type ToolOutput } from '../../tool.js';

export function run(data: DataTable, params: Params): ToolOutput {
  const { yName, gName } = outcomeAndGroup(data, params, '请选择数值变量和分组变量');
  const groups = groupsOf(data, yName, gName, { min: 1, max: 30 });
  const mode = String(params.marks ?? 'parametric');
  const comparisons: Array<{ groupA: string; groupB: string; p: number; label: string }> = [];
  let methodName = '';
  if (mode !== 'none' && groups.length >= 2 && groups.every((g) => g.values.length >= 2)) {
    if (groups.length === 2) {
      const [a, b] = groups as [(typeof groups)[0], (typeof groups)[0]];
      const p = mode === 'parametric' ? orNull(() => twoSampleTTest(a.values, b.values, { varEqual: false }))?.pValue : orNull(() => mannWhitneyU(a.values, b.values))?.pValue;
      methodName = mode === 'parametric' ? 'Welch t 检验' : 'Mann-Whitney U 检验';
      if (p !== undefined) comparisons.push({ groupA: a.name, groupB: b.name, p, label: `${b.name} vs ${a.name}` });
    } else if (mode === 'parametric') {
      methodName = 'Tukey HSD';
      for (const c of orNull(() => postHoc(groups, 'tukey'))?.comparisons ?? []) {
        comparisons.push({ groupA: c.groupA, groupB: c.groupB, p: c.pValue, label: `${c.groupB} vs ${c.groupA}` });
      }
    } else {
      methodName = 'Dunn 检验（Holm 校正）';
      for (const c of orNull(() => dunnTest(groups, 'holm'))?.comparisons ?? []) {
        comparisons.push({ groupA: c.groupA, groupB: c.groupB, p: c.pAdjusted, label: `${c.groupB} vs ${c.groupA}` });
      }
    }
  }
  const summary = groups.map((g) => {
    const f = fiveNumbers(g.values);
    return [g.name, g.values.length, num(f[0], 2), num(f[1], 2), num(f[2], 2), num(f[3], 2), num(f[4], 2)];
  });
  const big = largeBoxplot(groups);
  const points = params.points !== false && !big.large;
  const n = groups.reduce((a, g) => a + g.values.length, 0);
  const pointsNote = n > MAX_MARKS ? `，灰点为按固定随机种子（${SAMPLE_SEED}）从 ${n} 个原始观测值中各组按比例抽取的 ${MAX_MARKS} 个` : '，灰点为原始观测值';
  const sections: ToolOutput['sections'] = [
    { title: '图形', blocks: [boxplotChart(groups, { title: `图1 各组${yName}的箱线图`, yName, points: params.points !== false, marks: comparisons })] },
    { title: '箱线图数据', blocks: [table('表1 各组五数概括', ['组别', 'n', '最小值', 'P25', '中位数', 'P75', '最大值'], summary, ['四分位数按 R 的默认算法（type 7）计算。'])] },
  ];
  if (comparisons.length > 0) {
    sections.push({ title: '组间比较', blocks: [table(`表2 组间比较（${methodName}）`, ['比较', 'P', '标注'], comparisons.map((c) => [c.label, formatP(c.p), stars(c.p)]), ['* P<0.05，** P<0.01，*** P<0.001，ns 不显著（图中只标注显著的组对）。'])] });
  }
  sections.push({
    title: '说明',
    blocks: [
      text(
        big.large
          ? `箱体为 P25~P75，箱内横线为中位数。${big.note}${comparisons.length > 0 ? `显著性标注采用${methodName}。` : ''}`
          : `箱体为 P25~P75，箱内横线为中位数，须线延伸至最小值和最大值${points ? pointsNote : ''}。${comparisons.length > 0 ? `显著性标注采用${methodName}。` : ''}`,
      ),
    ],
  });
  const results: ToolOutput['results'] = { groups: groups.length, n };
  for (const g of groups) results[`median.${g.name}`] = fiveNumbers(g.values)[2];
  for (const c of comparisons) results[`p.${c.label}`] = c.p;
  if (big.large) {
    results.outliers = big.outliers;
    results.outliersDrawn = big.drawn.reduce((a, d) => a + d.length, 0);
  }
  return { title: `箱线图：${yName} ~ ${gName}`, sections, results };
}
