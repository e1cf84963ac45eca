// 多组比较 (guided): Shapiro–Wilk per group, then Levene → one-way ANOVA with Tukey / Welch ANOVA
// with Games–Howell, or Kruskal–Wallis with Dunn. Numbers and tables come from the med tools.
import { levelOf, outcomeAndGroup } from '../../common.js';
import { groupsOf, leveneOf } from '../../groups.js';
import { run as runAnova } from '../../med/anova-oneway/run.js';
import { run as runKruskal } from '../../med/kruskal-wallis/run.js';
import { numericColumn } from '../../med/wilcoxon-signed-rank/paired.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { allNormal, checkAlphaOf, chosenSections, excludedNote, flowChart, nonNormalReason, normalityChecks, normalityClause, normalityResults, normalityRows, pText, STEP, type FlowLink, type FlowNode } from '../flow.js';

const NODES: FlowNode[] = [
  { id: 'start', label: '多个独立样本\n定量资料', kind: 'start', x: 1, y: 0 },
  { id: 'normal', label: '各组服从正态分布？\n（Shapiro-Wilk）', kind: 'check', x: 1, y: 1 },
  { id: 'levene', label: '方差齐？\n（Levene）', kind: 'check', x: 0.5, y: 2 },
  { id: 'anova', label: '单因素方差分析\n+ Tukey HSD', kind: 'test', x: 0, y: 3 },
  { id: 'welch', label: 'Welch 方差分析\n+ Games-Howell', kind: 'test', x: 1, y: 3 },
  { id: 'kw', label: 'Kruskal-Wallis 检验\n+ Dunn 检验', kind: 'test', x: 2, y: 2 },
];
const LINKS: FlowLink[] = [
  { from: 'start', to: 'normal' },
  { from: 'normal', to: 'levene', label: '是' },
  { from: 'normal', to: 'kw', label: '否' },
  { from: 'levene', to: 'anova', label: '是' },
  { from: 'levene', to: 'welch', label: '否' },
];
const NAMES = { anova: '单因素方差分析（Tukey HSD 两两比较）', 'welch-anova': 'Welch 方差分析（Games-Howell 两两比较）', 'kruskal-wallis': 'Kruskal-Wallis 检验（Dunn 两两比较）' } as const;

export function run(data: DataTable, params: Params): ToolOutput {
  const { yName, gName } = outcomeAndGroup(data, params);
  numericColumn(data, yName);
  const alpha = checkAlphaOf(params);
  const level = levelOf(params);
  const groups = groupsOf(data, yName, gName, { min: 3, max: 50 });
  for (const g of groups) if (g.values.length < 2) throw new ToolInputError(`分组变量“${gName}”中的“${g.name}”组只有 ${g.values.length} 个有效观测，每组至少需要 2 个`);
  const used = groups.reduce((s, g) => s + g.values.length, 0);

  const normality = normalityChecks(groups, alpha);
  const normal = allNormal(normality);
  const levene = normal ? leveneOf(groups) : null;
  const equalVar = levene === null || levene.pValue >= alpha;
  const chosen: keyof typeof NAMES = !normal ? 'kruskal-wallis' : equalVar ? 'anova' : 'welch-anova';

  const steps = [
    `${STEP[0]}：检验各组${yName}的正态性。Shapiro-Wilk 检验：${normalityClause(normality)}。` +
      (normal ? `各组均未见偏离正态分布（P ≥ ${alpha}），因此可考虑方差分析，进入方差齐性判断。` : `${nonNormalReason(normality, alpha)}，不满足方差分析的正态性前提，因此选用 Kruskal-Wallis 检验，两两比较用 Dunn 检验（Holm 校正）。`),
  ];
  if (normal) {
    steps.push(
      levene
        ? `${STEP[1]}：检验方差齐性。Levene 检验（中位数中心）F = ${num(levene.statistic, 3)}，${pText(levene.pValue)}，` +
            (equalVar ? `P ≥ ${alpha}，可认为各组方差齐，因此选用单因素方差分析，两两比较用 Tukey HSD。` : `P < ${alpha}，各组方差不齐，因此选用 Welch 方差分析，两两比较用 Games-Howell 检验。`)
        : `${STEP[1]}：Levene 检验无法计算（组内数值全部相同），按方差齐处理，选用单因素方差分析。`,
    );
  }
  steps.push(`${STEP[steps.length]}：${NAMES[chosen]}的结果见下文。`);

  const base = { y: yName, group: gName, level };
  const out =
    chosen === 'kruskal-wallis'
      ? runKruskal(data, { ...base, adjust: 'holm' })
      : runAnova(data, { ...base, method: chosen === 'anova' ? 'classic' : 'welch', posthoc: chosen === 'anova' ? 'tukey' : 'games-howell' });
  const checkRows = normalityRows(normality);
  checkRows.push(['Levene 方差齐性（中位数中心）', num(levene?.statistic, 4), levene ? formatP(levene.pValue) : '—', !normal ? '未进行（已偏离正态）' : levene ? (equalVar ? '方差齐' : '方差不齐') : '无法计算']);
  const path = ['start', 'normal', ...(chosen === 'kruskal-wallis' ? ['kw'] : ['levene', chosen === 'anova' ? 'anova' : 'welch'])];

  return {
    title: `多组比较：${yName} ~ ${gName}（${NAMES[chosen]}）`,
    sections: [
      {
        title: '分析流程',
        blocks: [
          flowChart('图 决策流程（蓝色为本次数据所走的路径）', NODES, LINKS, path),
          text(...steps),
          table('表 前提检验', ['检验', '统计量', 'P', '判断'], checkRows, [`检验水准 α = ${alpha}。`, ...excludedNote(data.rows - used, `${yName}或${gName}`)]),
        ],
      },
      ...chosenSections(out, ['前提检验']),
    ],
    results: {
      chosenTest: chosen,
      chosenTestName: NAMES[chosen],
      ...out.results,
      ...normalityResults(normality),
      leveneP: levene ? levene.pValue : null,
      n: used,
    },
  };
}
