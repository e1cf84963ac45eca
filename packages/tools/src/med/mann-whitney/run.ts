// Mann-Whitney U检验: medians (IQR), W and U, z, P (exact or normal as R chooses), rank-biserial r,
// and the Hodges–Lehmann location shift with its CI (wilcox.test conf.int = TRUE).
import { mannWhitneyU, rankSumLocation, StatsError } from '@labstat/stats';
import { boxplotChart } from '../../charts.js';
import { alternativeNote, alternativeOf, ciText, levelOf, pSentence, outcomeAndGroup } from '../../common.js';
import { fiveNumbers, groupsOf } from '../../groups.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

export function run(data: DataTable, params: Params): ToolOutput {
  const { yName, gName } = outcomeAndGroup(data, params);
  const alternative = alternativeOf(params);
  const groups = groupsOf(data, yName, gName, { min: 2, max: 2 });
  const [a, b] = groups as [(typeof groups)[0], (typeof groups)[0]];
  for (const g of groups) if (g.values.length < 1) throw new ToolInputError(`组“${g.name}”没有有效观测`);
  const r = mannWhitneyU(a.values, b.values, { alternative });
  const level = levelOf(params);
  let hl: ReturnType<typeof rankSumLocation> | null = null;
  try {
    hl = rankSumLocation(a.values, b.values, { alternative, level });
  } catch (err) {
    if (!(err instanceof StatsError)) throw err;
  }
  const pct = Math.round((hl?.level ?? level) * 1000) / 10;
  const u = Math.min(r.statistic, a.values.length * b.values.length - r.statistic);
  const desc = groups.map((g) => {
    const f = fiveNumbers(g.values);
    return [g.name, g.values.length, num(f[2], 2), `${num(f[1], 2)} ~ ${num(f[3], 2)}`];
  });
  const sig = r.pValue < 0.05;
  const higher = fiveNumbers(a.values)[2] > fiveNumbers(b.values)[2] ? a.name : b.name;
  const conclusion =
    `采用 Mann-Whitney U 检验（${r.exact ? '精确 P 值' : '正态近似，含连续性校正与结校正'}）比较“${a.name}”与“${b.name}”的${yName}：` +
    `W = ${num(r.statistic, 1)}（U = ${num(u, 1)}）${r.z !== null ? `，Z = ${num(r.z, 3)}` : ''}，${pSentence(r.pValue)}。` +
    (sig ? `两组分布差异有统计学意义，“${higher}”的${yName}总体偏高。` : '两组分布差异无统计学意义。') +
    (hl ? `两组位置差（Hodges-Lehmann 估计，${a.name} − ${b.name}）为 ${num(hl.estimate, 3)}（${pct}%CI ${ciText(hl.ci)}）。` : '') +
    `效应量 r = ${num(r.effectSize, 3)}。`;
  return {
    title: `Mann-Whitney U检验：${yName} ~ ${gName}`,
    sections: [
      { title: '描述统计', blocks: [table('表1 两组中位数与四分位数', ['组别', 'n', '中位数', 'P25 ~ P75'], desc)] },
      {
        title: '检验结果',
        blocks: [
          table(
            '表2 Mann-Whitney U 检验',
            ['W', 'U', 'Z', 'P', '位置差（HL）', `${pct}%CI`, '效应量 r'],
            [[num(r.statistic, 1), num(u, 1), num(r.z, 3), formatP(r.pValue), num(hl?.estimate, 3), hl ? ciText(hl.ci) : '—', num(r.effectSize, 3)]],
            [
              `W 为第一组（${a.name}）的秩和统计量，与 R 的 wilcox.test 一致；${alternativeNote(alternative, '第一组', '第二组')}`,
              `位置差为两组间全部两两差值（${a.name} − ${b.name}）的中位数（Hodges-Lehmann 估计）；${hl?.exact ? '精确置信区间' : '置信区间由正态近似求根得到（R 的 uniroot，精度约 1e-4）'}。`,
              ...(hl && hl.level < level ? [`样本量太小，无法达到所要求的置信水平，实际为 ${pct}%。`] : []),
            ],
          ),
        ],
      },
      { title: '图形', blocks: [boxplotChart(groups, { title: `图1 两组${yName}的箱线图`, yName, points: true, marks: [{ groupA: a.name, groupB: b.name, p: r.pValue }] })] },
      { title: '结论', blocks: [text(conclusion)] },
    ],
    results: {
      statistic: r.statistic,
      u,
      z: r.z,
      p: r.pValue,
      exact: r.exact ? 1 : 0,
      rankBiserial: r.effectSize,
      estimate: hl ? hl.estimate : null,
      ciLower: hl ? finiteOrNull(hl.ci[0]) : null,
      ciUpper: hl ? finiteOrNull(hl.ci[1]) : null,
      level: hl ? hl.level : null,
    },
  };
}
