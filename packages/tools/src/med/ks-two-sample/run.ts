// 两样本 Kolmogorov–Smirnov: D (or D⁺/D⁻), exact or asymptotic p as R 4.2's ks.test(x, y), and the
// two ECDFs as step lines with the point of largest distance marked.
import { ksTwoSample, minOf } from '@labstat/stats';
import type { ReportBlock } from '@labstat/contracts';
import { PALETTE } from '../../charts.js';
import { alternativeNote, alternativeOf, outcomeAndGroup, pSentence } from '../../common.js';
import { fiveNumbers, groupsOf } from '../../groups.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { numericColumn } from '../wilcoxon-signed-rank/paired.js';

/** ECDF steps of sorted values: [value, F(value)] at each distinct value. */
function ecdf(values: readonly number[]): Array<[number, number]> {
  const s = [...values].sort((a, b) => a - b);
  const out: Array<[number, number]> = [];
  for (let i = 0; i < s.length; i++) if (i === s.length - 1 || s[i + 1] !== s[i]) out.push([s[i]!, (i + 1) / s.length]);
  return out;
}

function ecdfChart(groups: Array<{ name: string; values: number[] }>, o: { title: string; xName: string; at: number; from: number; to: number }): ReportBlock {
  const lo = minOf(groups.flatMap((g) => g.values));
  const series: Array<Record<string, unknown>> = groups.map((g, i) => ({
    type: 'line',
    name: g.name,
    step: 'end',
    symbol: 'none',
    data: [[lo, 0], ...ecdf(g.values)],
    itemStyle: { color: PALETTE[i] },
    lineStyle: { color: PALETTE[i], width: 2 },
  }));
  series.push({ type: 'line', name: 'D', symbol: 'none', data: [[o.at, o.from], [o.at, o.to]], lineStyle: { color: '#000', type: 'dashed', width: 1.5 }, tooltip: { show: false } });
  return {
    type: 'chart',
    title: o.title,
    option: {
      textStyle: { fontFamily: 'Times New Roman, SimSun, serif' },
      tooltip: { trigger: 'axis' },
      legend: { data: groups.map((g) => g.name), top: 0 },
      grid: { left: 60, right: 30, top: 40, bottom: 50 },
      xAxis: { type: 'value', name: o.xName, nameLocation: 'middle', nameGap: 28, scale: true, splitLine: { show: false }, axisLine: { lineStyle: { color: '#000' } } },
      yAxis: { type: 'value', name: '累积比例', min: 0, max: 1, interval: 0.2, splitLine: { show: false }, axisLine: { show: true, lineStyle: { color: '#000' } } },
      series,
    },
  };
}

export function run(data: DataTable, params: Params): ToolOutput {
  const { yName, gName } = outcomeAndGroup(data, params);
  numericColumn(data, yName);
  const alternative = alternativeOf(params);
  const groups = groupsOf(data, yName, gName, { min: 2, max: 2 });
  const [a, b] = groups as [(typeof groups)[0], (typeof groups)[0]];
  for (const g of groups) if (g.values.length < 2) throw new ToolInputError(`分组变量“${gName}”的组“${g.name}”只有 ${g.values.length} 个有效观测，每组至少需要 2 个`);
  const used = a.values.length + b.values.length;
  const dropped = data.rows - used;
  const r = ksTwoSample(a.values, b.values, { alternative });

  // Where the ECDFs are farthest apart (for the chart's dashed segment).
  const fa = ecdf(a.values);
  const fb = ecdf(b.values);
  const F = (steps: Array<[number, number]>, v: number) => {
    let p = 0;
    for (const [x, y] of steps) if (x <= v) p = y;
    return p;
  };
  let at = fa[0]![0];
  let best = -1;
  for (const v of [...fa, ...fb].map((s) => s[0])) {
    const d = alternative === 'two.sided' ? Math.abs(F(fa, v) - F(fb, v)) : alternative === 'greater' ? F(fa, v) - F(fb, v) : F(fb, v) - F(fa, v);
    if (d > best) {
      best = d;
      at = v;
    }
  }
  const desc = groups.map((g) => {
    const f = fiveNumbers(g.values);
    return [g.name, g.values.length, num(f[2], 2), `${num(f[1], 2)} ~ ${num(f[3], 2)}`, `${num(f[0], 2)} ~ ${num(f[4], 2)}`];
  });
  const statName = alternative === 'two.sided' ? 'D' : alternative === 'greater' ? 'D⁺' : 'D⁻';
  const sig = r.pValue < 0.05;
  const conclusion =
    `采用两样本 Kolmogorov-Smirnov 检验（${r.exact ? '精确 P 值' : '渐近 P 值'}）比较“${a.name}”（n = ${a.values.length}）与“${b.name}”（n = ${b.values.length}）的${yName}分布：` +
    `${statName} = ${num(r.statistic, 4)}，${pSentence(r.pValue)}。` +
    (sig ? '两组分布差异有统计学意义。' : '两组分布差异无统计学意义。');
  const caveats: string[] = [];
  if (dropped > 0) caveats.push(`${dropped} 行因检验变量或分组缺失未参与分析。`);
  if (r.ties && !r.exact) caveats.push('数据中有结（相同数值），渐近 P 值偏保守。');
  caveats.push('K-S 检验对分布任何方面的差异都敏感，但检验位置差异的效能低于 Mann-Whitney U 检验；若只关心中位数的差异，宜用后者。');

  return {
    title: `两样本 Kolmogorov-Smirnov 检验：${yName} ~ ${gName}`,
    sections: [
      { title: '描述统计', blocks: [table('表1 两组的中位数、四分位数与范围', ['组别', 'n', '中位数', 'P25 ~ P75', '最小值 ~ 最大值'], desc)] },
      {
        title: '检验结果',
        blocks: [
          table('表2 两样本 Kolmogorov-Smirnov 检验', ['统计量', '值', 'P', '方法'], [[statName, num(r.statistic, 4), formatP(r.pValue), r.exact ? '精确' : '渐近']], [
            `${statName} 为两组经验累积分布函数的最大${alternative === 'two.sided' ? '绝对' : ''}差值（与 R 的 ks.test 一致）。${alternativeNote(alternative, '第一组 ECDF', '第二组 ECDF')}`,
            ...(r.ties ? ['数据中有结；两组样本量之积小于 10000 时 P 值按 R 4.2 的方法对结精确计算。'] : []),
          ]),
        ],
      },
      {
        title: '图形',
        blocks: [ecdfChart(groups, { title: `图1 两组${yName}的经验累积分布函数（虚线处为 ${statName}）`, xName: yName, at, from: F(fa, at), to: F(fb, at) })],
      },
      { title: '结论', blocks: [text(conclusion, ...caveats)] },
    ],
    results: { statistic: r.statistic, p: r.pValue, exact: r.exact ? 1 : 0, ties: r.ties ? 1 : 0, n1: a.values.length, n2: b.values.length, excluded: dropped },
  };
}
