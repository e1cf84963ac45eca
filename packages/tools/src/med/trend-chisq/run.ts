// 趋势卡方检验: a binary outcome across ordered groups — each group's rate, the Cochran–Armitage
// trend test (signed Z, χ² as prop.trend.test), the Pearson χ² of the 2×k table and the departure
// from a linear trend, with equal-step scores in a chosen order or the scores of a numeric column.
import { cochranArmitageTrend, proportionCi } from '@labstat/stats';
import { binaryLevels, levelNote } from '../../binary-outcome.js';
import { PALETTE } from '../../charts.js';
import { pSentence, requireVariables } from '../../common.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { levelOrder, missingNote, splitList } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

type Cell = string | number | null;
const MAX_GROUPS = 20;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function run(data: DataTable, params: Params): ToolOutput {
  const gName = String(params.group ?? '');
  const yName = String(params.outcome ?? '');
  const sName = String(params.score ?? '');
  if (!gName || !yName) throw new ToolInputError('请选择有序分组和结局变量');
  if (gName === yName || sName === yName) throw new ToolInputError('分组（或评分列）与结局不能是同一列');
  requireVariables(data, sName ? [gName, yName, sName] : [gName, yName]);

  const gv = data.text(gName);
  const yv = data.text(yName);
  const sv = sName ? data.numeric(sName) : null;
  if (sName && sName !== gName) {
    const raw = data.text(sName);
    const bad = raw.findIndex((v, i) => v !== null && v.trim() !== '' && sv![i] === null);
    if (bad >= 0) throw new ToolInputError(`评分列“${sName}”第 ${bad + 1} 行的值“${raw[bad]}”不是数值；评分列应为数值（如剂量）`);
  }
  const present = (v: string | null | undefined): v is string => v !== null && v !== undefined && v.trim() !== '';
  const keep: number[] = [];
  for (let i = 0; i < data.rows; i++) if (present(gv[i]) && present(yv[i]) && (!sv || (sv[i] !== null && Number.isFinite(sv[i]!)))) keep.push(i);
  const excluded = data.rows - keep.length;
  if (keep.length === 0) throw new ToolInputError(`“${gName}”与“${yName}”没有同时不缺失的行`);
  const g = keep.map((i) => gv[i]!.trim());
  const y = keep.map((i) => yv[i]!.trim());
  const yl = binaryLevels(y, yName, String(params.positive ?? ''), '结局');

  let groups = levelOrder(g, gName, splitList(params.groupOrder));
  if (groups.length < 2) throw new ToolInputError(`分组变量“${gName}”在分析的行中只有一个取值“${groups[0]}”，趋势检验至少需要 2 组`);
  if (groups.length > MAX_GROUPS) throw new ToolInputError(`分组变量“${gName}”有 ${groups.length} 个类别，超过 ${MAX_GROUPS} 个；连续变量请先分组，或改用 Logistic 回归`);
  let scores: number[];
  if (sv) {
    const byGroup = new Map<string, Set<number>>();
    keep.forEach((row, k) => {
      const set = byGroup.get(g[k]!) ?? new Set<number>();
      set.add(sv[row]!);
      byGroup.set(g[k]!, set);
    });
    const mixed = groups.find((x) => byGroup.get(x)!.size > 1);
    if (mixed !== undefined) throw new ToolInputError(`评分列“${sName}”在组“${mixed}”内取值不同（${[...byGroup.get(mixed)!].slice(0, 4).join('、')}），同一组的评分必须相同`);
    groups = [...groups].sort((a, b) => [...byGroup.get(a)!][0]! - [...byGroup.get(b)!][0]!);
    scores = groups.map((x) => [...byGroup.get(x)!][0]!);
    if (new Set(scores).size < 2) throw new ToolInputError(`评分列“${sName}”在各组中取值都相同，无法检验趋势`);
  } else scores = groups.map((_, i) => i + 1);

  const events = groups.map(() => 0);
  const totals = groups.map(() => 0);
  g.forEach((x, k) => {
    const i = groups.indexOf(x);
    totals[i]!++;
    if (y[k] === yl.positive) events[i]!++;
  });
  const n = totals.reduce((a, b) => a + b, 0);
  const X = events.reduce((a, b) => a + b, 0);
  if (X === 0 || X === n) throw new ToolInputError(`结局“${yName}”在分析的行中全部为“${X === 0 ? yl.negative : yl.positive}”，没有变化，无法检验趋势`);
  const tr = cochranArmitageTrend(events, totals, scores);
  const rates = events.map((x, i) => x / totals[i]!);
  const cis = events.map((x, i) => proportionCi(x, totals[i]!, 'wilson'));

  const groupRows: Cell[][] = groups.map((x, i) => [x, scores[i]!, totals[i]!, events[i]!, pct(rates[i]!), `${pct(cis[i]![0])} ~ ${pct(cis[i]![1])}`]);
  groupRows.push(['合计', '', n, X, pct(X / n), '']);
  const groupNotes = [
    levelNote('结局', yName, yl, '结局阳性的取值'),
    sv ? `评分取自“${sName}”，组按评分从小到大排列。` : `评分为等距的 1, 2, …, ${groups.length}，组的顺序${splitList(params.groupOrder).length > 0 ? '按用户指定' : '按数据中首次出现的顺序（请确认是从低到高；如不是，请在“组的顺序”中填写）'}。`,
    '发生率的 95% CI 为 Wilson 计分法。',
    missingNote(excluded),
  ];
  const testRows: Cell[][] = [
    ['Cochran–Armitage 趋势检验', num(tr.z, 3), num(tr.statistic, 3), 1, formatP(tr.pValue)],
    [`总体差异（Pearson χ²，2×${groups.length}）`, null, num(tr.overall.statistic, 3), tr.overall.df, formatP(tr.overall.pValue)],
  ];
  if (tr.departure) testRows.push(['偏离线性趋势', null, num(tr.departure.statistic, 3), tr.departure.df, formatP(tr.departure.pValue)]);
  const testNotes = [
    '趋势检验：χ² = Z²，与 R 的 prop.trend.test 相同；Z > 0 表示发生率随评分升高而升高。偏离线性趋势 χ² = 总体 χ² − 趋势 χ²，自由度 k − 2。',
    `发生率对评分的加权回归斜率为 ${num(tr.slope, 4)}（评分每增加 1，发生率平均变化 ${(100 * tr.slope).toFixed(2)} 个百分点）。`,
  ];

  const chart = {
    type: 'chart' as const,
    title: `图1 各组${yName}“${yl.positive}”的发生率（%）`,
    option: {
      textStyle: { fontFamily: 'Times New Roman, SimSun, serif' },
      tooltip: { trigger: 'axis' },
      grid: { left: 60, right: 24, top: 30, bottom: 50 },
      xAxis: { type: 'category', data: groups, name: gName, nameLocation: 'middle', nameGap: 30, axisLine: { lineStyle: { color: '#000' } } },
      yAxis: { type: 'value', min: 0, max: 100, name: '%', splitLine: { show: false }, axisLine: { show: true, lineStyle: { color: '#000' } } },
      series: [
        { type: 'bar', name: '发生率', barMaxWidth: 60, itemStyle: { color: PALETTE[0] }, label: { show: true, position: 'top', formatter: '{c}%' }, data: rates.map((r) => Number((100 * r).toFixed(1))) },
        { type: 'line', name: '趋势', symbol: 'circle', lineStyle: { color: '#303133', type: 'dashed' }, itemStyle: { color: '#303133' }, data: rates.map((r) => Number((100 * r).toFixed(1))) },
      ],
    },
  };
  const sections: ToolOutput['sections'] = [
    { title: '各组发生率', blocks: [table(`表1 各${gName}的${yName}`, [gName, '评分', '例数', yl.positive, '发生率', '95%CI'], groupRows, groupNotes), chart] },
    { title: '检验结果', blocks: [table('表2 趋势卡方检验', ['方法', 'Z', 'χ²', 'df', 'P'], testRows, testNotes)] },
  ];

  const sig = tr.pValue < 0.05;
  const up = tr.z > 0;
  const sentences = [
    `${groups.length} 组（n = ${n}）的${yName}“${yl.positive}”率依次为 ${groups.map((x, i) => `${x} ${pct(rates[i]!)}`).join('、')}。` +
      `Cochran–Armitage 趋势检验 Z = ${num(tr.z, 3)}（χ² = ${num(tr.statistic, 3)}），${pSentence(tr.pValue)}，` +
      (sig ? `${yName}“${yl.positive}”率随${gName}${up ? '升高而升高' : '升高而降低'}，线性趋势有统计学意义。` : `未发现${yName}“${yl.positive}”率随${gName}变化的线性趋势。`),
  ];
  if (tr.departure)
    sentences.push(
      `偏离线性趋势的检验 χ² = ${num(tr.departure.statistic, 3)}，df = ${tr.departure.df}，${pSentence(tr.departure.pValue)}，` +
        (tr.departure.pValue < 0.05 ? '各组发生率偏离线性趋势（如先升后平或非单调），宜结合各组发生率解读。' : '未发现偏离线性趋势。'),
    );
  const caveats: string[] = [];
  if (totals.some((t) => t * (X / n) < 5 || t * (1 - X / n) < 5)) caveats.push('部分组的理论频数小于 5，趋势检验的正态近似可能不够准确，可考虑合并相邻组或用精确趋势检验。');
  if (!sv) caveats.push('趋势检验的结果依赖评分：等距评分假定相邻组的间隔相同；若各组剂量不等距，请选择剂量作为评分列。');
  sections.push({ title: '结论', blocks: [text(...sentences, ...caveats)] });

  return {
    title: `趋势卡方检验：${yName} ~ ${gName}`,
    sections,
    results: {
      method: 'Cochran–Armitage 趋势检验',
      z: tr.z,
      statistic: tr.statistic,
      df: 1,
      p: tr.pValue,
      slope: tr.slope,
      overallChi2: tr.overall.statistic,
      overallDf: tr.overall.df,
      overallP: tr.overall.pValue,
      departureChi2: tr.departure?.statistic ?? null,
      departureDf: tr.departure?.df ?? null,
      departureP: tr.departure?.pValue ?? null,
      groups: groups.length,
      n,
      excluded,
      events: X,
      positiveLevel: yl.positive,
    },
  };
}
