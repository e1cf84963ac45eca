// 独立样本t检验: assumptions (Shapiro–Wilk per group, Levene), Student and Welch rows, Cohen's d,
// and the figure papers show: bars of means ± SD (or box plots) with the test's significance mark.
import { describe as describeValues, StatsError, twoSampleTTest } from '@labstat/stats';
import { boxplotChart, meanBarChart, stars } from '../../charts.js';
import { assumptionRows } from '../../groups.js';
import { alternativeNote, alternativeOf, ciText, levelOf, pSentence, testResults, outcomeAndGroup } from '../../common.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

export function run(data: DataTable, params: Params): ToolOutput {
  const { yName, gName } = outcomeAndGroup(data, params);
  const alternative = alternativeOf(params);
  const level = levelOf(params);
  const method = String(params.method ?? 'auto');

  const y = data.numeric(yName);
  const g = data.text(gName);
  const levels = [...new Set(g.filter((v): v is string => v !== null))].sort();
  if (levels.length !== 2) throw new ToolInputError(`分组变量“${gName}”应恰好有两个组，当前有 ${levels.length} 个（${levels.slice(0, 5).join('、')}）`);
  const groups = levels.map((name) => ({ name, values: y.filter((v, i) => g[i] === name && v !== null) as number[] }));
  for (const grp of groups) if (grp.values.length < 2) throw new ToolInputError(`组“${grp.name}”的有效观测少于 2 个，无法进行t检验`);

  const desc = groups.map((grp) => describeValues(grp.values, { level }));
  const checks = assumptionRows(groups);
  const normality = checks.shapiro;
  const levene = checks.levene;
  const useWelch = method === 'welch' || (method === 'auto' && levene !== null && levene.pValue < 0.05);
  let student: ReturnType<typeof twoSampleTTest>;
  let welch: ReturnType<typeof twoSampleTTest>;
  try {
    student = twoSampleTTest(groups[0]!.values, groups[1]!.values, { varEqual: true, alternative, level });
    welch = twoSampleTTest(groups[0]!.values, groups[1]!.values, { varEqual: false, alternative, level });
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(err.message);
    throw err;
  }
  const chosen = useWelch ? welch : student;
  const pct = Math.round(level * 100);

  const descRows = groups.map((grp, i) => [grp.name, desc[i]!.n, num(desc[i]!.mean, 2), num(desc[i]!.sd, 2), num(desc[i]!.median, 2)]);
  const testRows = [student, welch].map((r, i) => [
    i === 0 ? '方差齐（Student）' : '方差不齐（Welch）',
    num(r.statistic, 3),
    num(r.df, i === 0 ? 0 : 2),
    formatP(r.pValue),
    num(r.estimate, 3),
    ciText(r.ci),
    (i === 1) === useWelch ? '采用' : '',
  ]);

  const sig = chosen.pValue < 1 - level;
  const direction = chosen.estimate > 0 ? '高于' : '低于';
  const conclusion =
    `采用${useWelch ? ' Welch' : ' Student'} t 检验比较“${groups[0]!.name}”与“${groups[1]!.name}”的${yName}：` +
    `t = ${num(chosen.statistic, 3)}，df = ${num(chosen.df, useWelch ? 2 : 0)}，${pSentence(chosen.pValue)}。` +
    (sig
      ? `差异有统计学意义，“${groups[0]!.name}”的均值${direction}“${groups[1]!.name}” ${num(Math.abs(chosen.estimate), 3)}（${pct}%CI ${ciText(chosen.ci)}）。`
      : `差异无统计学意义（${pct}%CI ${ciText(chosen.ci)} 包含 0）。`) +
    `效应量 Cohen's d = ${num(chosen.effectSize, 3)}（${pct}%CI ${num(chosen.effectSizeCi[0], 3)} ~ ${num(chosen.effectSizeCi[1], 3)}）。`;
  const caveats: string[] = [];
  if (normality.some((n) => n && n.pValue < 0.05)) caveats.push('至少一组偏离正态分布；样本量较小时建议改用 Mann-Whitney U 检验。');
  if (method === 'auto') caveats.push(`方差假定由 Levene 检验决定（${levene ? pSentence(levene.pValue) : 'Levene 检验无法计算'}）。`);

  const chartKind = params.chart === 'box' ? 'box' : 'bar';
  const markText = `${useWelch ? 'Welch' : 'Student'} t 检验 ${pSentence(chosen.pValue)}（${stars(chosen.pValue)}）`;
  const chart =
    chartKind === 'box'
      ? boxplotChart(groups, { title: `图1 两组${yName}的箱线图`, yName, points: true, marks: [{ groupA: groups[0]!.name, groupB: groups[1]!.name, p: chosen.pValue }] })
      : meanBarChart(
          groups.map((grp, i) => ({ name: grp.name, n: desc[i]!.n, mean: desc[i]!.mean, lower: desc[i]!.mean - desc[i]!.sd, upper: desc[i]!.mean + desc[i]!.sd })),
          { title: `图1 两组${yName}的均值 ± 标准差`, yName, barLabel: '误差线：均值 ± 标准差', mark: { a: 0, b: 1, p: chosen.pValue } },
        );
  const chartNote =
    chartKind === 'box'
      ? `箱体为 P25~P75，横线为中位数；${chosen.pValue < 0.05 ? `星号标注${markText}` : `差异无统计学意义（${markText}），图中不标注`}。`
      : `柱高为均值，误差线为 ±1 个标准差（数值见表1）；括号上的标注为${markText}：* P<0.05，** P<0.01，*** P<0.001，ns 不显著。`;

  return {
    title: `独立样本t检验：${yName} ~ ${gName}`,
    sections: [
      { title: '描述统计', blocks: [table('表1 两组描述统计', ['组别', 'n', '均值', '标准差', '中位数'], descRows)] },
      { title: '前提检验', blocks: [table('表2 正态性与方差齐性检验', ['检验', '统计量', 'P', '结论'], checks.rows)] },
      {
        title: 't 检验结果',
        blocks: [
          table(`表3 独立样本t检验（${groups[0]!.name} − ${groups[1]!.name}）`, ['方差假定', 't', 'df', 'P', '均值差', `${pct}%CI`, '采用'], testRows, [
            alternativeNote(alternative, '第一组', '第二组'),
          ]),
        ],
      },
      { title: '图形', blocks: [chart, text(chartNote)] },
      { title: '结论', blocks: [text(conclusion, ...caveats)] },
    ],
    results: {
      [`mean.${groups[0]!.name}`]: desc[0]!.mean,
      [`sd.${groups[0]!.name}`]: desc[0]!.sd,
      [`mean.${groups[1]!.name}`]: desc[1]!.mean,
      [`sd.${groups[1]!.name}`]: desc[1]!.sd,
      method: useWelch ? 'welch' : 'student',
      ...testResults(chosen),
      cohensD: chosen.effectSize,
      cohensDLower: finiteOrNull(chosen.effectSizeCi[0]),
      cohensDUpper: finiteOrNull(chosen.effectSizeCi[1]),
      hedgesG: chosen.hedgesG,
      leveneP: levene ? levene.pValue : null,
      [`shapiroP.${groups[0]!.name}`]: normality[0]?.pValue ?? null,
      [`shapiroP.${groups[1]!.name}`]: normality[1]?.pValue ?? null,
      studentP: student.pValue,
      welchP: welch.pValue,
    },
  };
}
