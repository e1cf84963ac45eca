// 配对t检验: differences x1 − x2, Shapiro–Wilk on them, the paired t and Cohen's d_z, and the
// before/after plot papers show (a line per subject, the means, the test's mark).
import { describe as describeValues, pairedTTest, shapiroWilk, StatsError } from '@labstat/stats';
import { pairedChart, stars } from '../../charts.js';
import { alternativeNote, alternativeOf, ciText, levelOf, pSentence, requireVariables, testResults } from '../../common.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

export function run(data: DataTable, params: Params): ToolOutput {
  const a = String(params.x1 ?? '');
  const b = String(params.x2 ?? '');
  if (!a || !b) throw new ToolInputError('请选择配对的两个变量');
  if (a === b) throw new ToolInputError('两个变量不能相同');
  requireVariables(data, [a, b]);
  const alternative = alternativeOf(params);
  const level = levelOf(params);
  const xa = data.numeric(a);
  const xb = data.numeric(b);
  const keep = xa.map((v, i) => v !== null && xb[i] !== null);
  const pa = xa.filter((_, i) => keep[i]) as number[];
  const pb = xb.filter((_, i) => keep[i]) as number[];
  const dropped = data.rows - pa.length;
  if (pa.length < 2) throw new ToolInputError('完整配对的观测少于 2 对，无法进行配对t检验');
  const diff = pa.map((v, i) => v - pb[i]!);

  let r: ReturnType<typeof pairedTTest>;
  try {
    r = pairedTTest(pa, pb, { alternative, level });
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(err.message);
    throw err;
  }
  let sw: ReturnType<typeof shapiroWilk> | null = null;
  try {
    sw = shapiroWilk(diff);
  } catch (err) {
    if (!(err instanceof StatsError)) throw err;
  }
  const pct = Math.round(level * 100);
  const ci = ciText(r.ci);
  const rows = [a, b, `差值（${a} − ${b}）`].map((name, i) => {
    const d = describeValues(i === 0 ? pa : i === 1 ? pb : diff, { level });
    return [name, d.n, num(d.mean, 2), num(d.sd, 2), num(d.median, 2)];
  });
  const sig = r.pValue < 1 - level;
  const conclusion =
    `配对t检验：t = ${num(r.statistic, 3)}，df = ${r.df}，${pSentence(r.pValue)}。` +
    (sig
      ? `“${a}”与“${b}”的差异有统计学意义，平均差值为 ${num(r.estimate, 3)}（${pct}%CI ${ci}）。`
      : `“${a}”与“${b}”的差异无统计学意义（平均差值 ${num(r.estimate, 3)}，${pct}%CI ${ci}）。`) +
    `效应量 Cohen's d_z = ${num(r.effectSize, 3)}。`;
  const caveats: string[] = [];
  if (sw && sw.pValue < 0.05) caveats.push('差值偏离正态分布（Shapiro-Wilk P < 0.05）；样本量较小时建议改用 Wilcoxon 符号秩检验。');
  if (dropped > 0) caveats.push(`${dropped} 行因任一测量缺失未参与分析。`);

  const chart = pairedChart(pa, pb, { title: `图1 ${a}与${b}的配对比较`, names: [a, b], yName: '测量值', p: r.pValue });
  const chartNote = `灰线连接同一对象的两次测量，粗线连接两次测量的均值（见表1）；括号上的标注为配对t检验 ${pSentence(r.pValue)}（${stars(r.pValue)}）：* P<0.05，** P<0.01，*** P<0.001，ns 不显著。`;

  return {
    title: `配对t检验：${a} − ${b}`,
    sections: [
      { title: '描述统计', blocks: [table('表1 配对变量与差值的描述统计', ['变量', 'n', '均值', '标准差', '中位数'], rows)] },
      {
        title: '前提检验',
        blocks: [table('表2 差值的正态性检验', ['检验', '统计量', 'P'], [['Shapiro-Wilk', num(sw?.statistic, 4), sw ? formatP(sw.pValue) : '—']])],
      },
      {
        title: '配对t检验结果',
        blocks: [
          table('表3 配对t检验', ['配对', '平均差值', '标准误', 't', 'df', 'P', `${pct}%CI`], [[`${a} − ${b}`, num(r.estimate, 3), num(r.se, 3), num(r.statistic, 3), r.df, formatP(r.pValue), ci]], [
            alternativeNote(alternative, '第一次', '第二次'),
          ]),
        ],
      },
      { title: '图形', blocks: [chart, text(chartNote)] },
      { title: '结论', blocks: [text(conclusion, ...caveats)] },
    ],
    results: {
      ...testResults(r),
      cohensDz: r.effectSize,
      shapiroP: sw ? sw.pValue : null,
      pairs: pa.length,
    },
  };
}
