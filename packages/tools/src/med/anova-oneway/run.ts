// 单因素方差分析: assumptions, classic and Welch ANOVA, η²/ω², the chosen post-hoc, box plot.
import { oneWayAnova, postHoc, welchAnova, type PostHocMethod } from '@labstat/stats';
import { boxplotChart, stars } from '../../charts.js';
import { levelOf, pSentence, outcomeAndGroup } from '../../common.js';
import { assumptionRows, groupsOf } from '../../groups.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { type DataTable, type Params, type ToolOutput } from '../../tool.js';

const POSTHOC_NAME: Record<string, string> = {
  tukey: 'Tukey HSD',
  'games-howell': 'Games-Howell',
  bonferroni: 'Bonferroni 校正的两两 t 检验',
  lsd: 'LSD（两两 t 检验，不校正）',
  dunnett: 'Dunnett 检验',
};

export function run(data: DataTable, params: Params): ToolOutput {
  const { yName, gName } = outcomeAndGroup(data, params);
  const level = levelOf(params);
  const method = String(params.method ?? 'auto');
  const posthoc = String(params.posthoc ?? 'tukey');
  const groups = groupsOf(data, yName, gName, { max: 50 });

  const anova = oneWayAnova(groups);
  const welch = welchAnova(groups);
  const checks = assumptionRows(groups);
  const useWelch = method === 'welch' || (method === 'auto' && checks.levene !== null && checks.levene.pValue < 0.05);
  const chosen = useWelch ? welch : anova;
  const ph = posthoc === 'none' ? null : postHoc(groups, posthoc as PostHocMethod, level);
  const pct = Math.round(level * 100);

  const descRows = anova.groups.map((g) => [g.name, g.n, num(g.mean, 2), num(g.sd, 2)]);
  const anovaRows: Array<Array<string | number | null>> = [
    ['组间', num(anova.ssBetween, 3), anova.df1, num(anova.msBetween, 3), num(anova.statistic, 3), formatP(anova.pValue)],
    ['组内', num(anova.ssWithin, 3), anova.df2, num(anova.msWithin, 3), null, null],
    ['总计', num(anova.ssTotal, 3), anova.df1 + anova.df2, null, null, null],
  ];
  const sig = chosen.pValue < 0.05;
  const sentences = [
    `采用${useWelch ? ' Welch 方差分析' : '单因素方差分析'}比较 ${groups.length} 组的${yName}：` +
      `F(${chosen.df1}, ${num(chosen.df2, useWelch ? 2 : 0)}) = ${num(chosen.statistic, 3)}，${pSentence(chosen.pValue)}，` +
      (sig ? '各组均值差异有统计学意义。' : '各组均值差异无统计学意义。') +
      `效应量 η² = ${num(anova.etaSquared, 3)}，ε² = ${num(anova.epsilonSquared, 3)}，ω² = ${num(anova.omegaSquared, 3)}。`,
  ];
  const sections: ToolOutput['sections'] = [
    { title: '描述统计', blocks: [table('表1 各组描述统计', ['组别', 'n', '均值', '标准差'], descRows)] },
    { title: '前提检验', blocks: [table('表2 正态性与方差齐性检验', ['检验', '统计量', 'P', '结论'], checks.rows)] },
    {
      title: '方差分析',
      blocks: [
        table('表3 单因素方差分析表', ['变异来源', 'SS', 'df', 'MS', 'F', 'P'], anovaRows, [
          `Welch 方差分析：F(${welch.df1}, ${num(welch.df2, 2)}) = ${num(welch.statistic, 3)}，${pSentence(welch.pValue)}。${useWelch ? '因方差不齐，结论以 Welch 结果为准。' : ''}`,
          `η² = ${num(anova.etaSquared, 3)}，ε² = ${num(anova.epsilonSquared, 3)}，ω² = ${num(anova.omegaSquared, 3)}。`,
        ]),
      ],
    },
  ];
  if (ph) {
    const rows = ph.comparisons.map((c) => [
      `${c.groupB} vs ${c.groupA}`,
      num(c.difference, 3),
      c.ci ? `${num(c.ci[0], 3)} ~ ${num(c.ci[1], 3)}` : '—',
      formatP(c.pValue),
      stars(c.pValue),
    ]);
    sections.push({
      title: '两两比较',
      blocks: [table(`表4 两两比较（${POSTHOC_NAME[posthoc]}）`, ['比较', '均值差', `${pct}%CI`, 'P', '显著性'], rows, ['均值差为前一组减后一组；* P<0.05，** P<0.01，*** P<0.001，ns 不显著。'])],
    });
    const significant = ph.comparisons.filter((c) => c.pValue < 0.05).map((c) => `${c.groupB}与${c.groupA}`);
    sentences.push(significant.length > 0 ? `${POSTHOC_NAME[posthoc]}两两比较显示：${significant.join('、')}之间差异有统计学意义（P<0.05）。` : `${POSTHOC_NAME[posthoc]}两两比较未发现差异有统计学意义的组对。`);
    if (useWelch && posthoc === 'tukey') sentences.push('方差不齐时 Tukey HSD 可能不准确，建议改选 Games-Howell。');
  }
  if (checks.shapiro.some((s) => s && s.pValue < 0.05)) sentences.push('至少一组偏离正态分布；若样本量较小，建议改用 Kruskal-Wallis 检验。');
  sections.push({ title: '图形', blocks: [boxplotChart(groups, { title: `图1 各组${yName}的箱线图`, yName, points: true, marks: ph?.comparisons.map((c) => ({ ...c, p: c.pValue })) })] });
  sections.push({ title: '结论', blocks: [text(...sentences)] });

  const results: ToolOutput['results'] = {
    method: useWelch ? 'welch' : 'classic',
    statistic: chosen.statistic,
    df1: chosen.df1,
    df2: chosen.df2,
    p: chosen.pValue,
    classicF: anova.statistic,
    classicP: anova.pValue,
    welchF: welch.statistic,
    welchP: welch.pValue,
    etaSquared: anova.etaSquared,
    omegaSquared: anova.omegaSquared,
    epsilonSquared: anova.epsilonSquared,
    leveneP: checks.levene?.pValue ?? null,
  };
  for (const c of ph?.comparisons ?? []) results[`posthocP.${c.comparison}`] = c.pValue;
  return { title: `单因素方差分析：${yName} ~ ${gName}`, sections, results };
}
