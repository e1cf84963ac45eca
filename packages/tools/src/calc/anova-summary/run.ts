// One-way ANOVA from group summaries (n, mean, SD): the classic F (R anova(lm())), Welch's F
// (oneway.test(var.equal = FALSE)) and Bartlett's test (bartlett.test), all from the summaries.
import { chisqSf, fSf } from '@labstat/stats';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type ToolOutput } from '../../tool.js';
import { cellNumber, cellText, requireRows, type CalcInput } from '../calc-tool.js';
import { rSection } from '../sample-size.js';
import { definition } from './definition.js';

export interface Summary {
  name: string;
  n: number;
  mean: number;
  sd: number;
}

export function anovaFromSummary(s: readonly Summary[]) {
  const k = s.length;
  const N = s.reduce((t, g) => t + g.n, 0);
  const grand = s.reduce((t, g) => t + g.n * g.mean, 0) / N;
  const ssBetween = s.reduce((t, g) => t + g.n * (g.mean - grand) ** 2, 0);
  const ssWithin = s.reduce((t, g) => t + (g.n - 1) * g.sd ** 2, 0);
  const df1 = k - 1;
  const df2 = N - k;
  const msBetween = ssBetween / df1;
  const msWithin = ssWithin / df2;
  const f = msBetween / msWithin;
  // Welch (1951).
  const w = s.map((g) => g.n / g.sd ** 2);
  const W = w.reduce((a, b) => a + b, 0);
  const mw = s.reduce((t, g, i) => t + w[i]! * g.mean, 0) / W;
  const tmp = s.reduce((t, g, i) => t + (1 - w[i]! / W) ** 2 / (g.n - 1), 0) / (k * k - 1);
  const welchF = s.reduce((t, g, i) => t + w[i]! * (g.mean - mw) ** 2, 0) / (k - 1) / (1 + 2 * (k - 2) * tmp);
  const welchDf2 = 1 / (3 * tmp);
  // Bartlett (1937).
  const pooled = msWithin;
  const bartlett = (df2 * Math.log(pooled) - s.reduce((t, g) => t + (g.n - 1) * Math.log(g.sd ** 2), 0)) / (1 + (s.reduce((t, g) => t + 1 / (g.n - 1), 0) - 1 / df2) / (3 * (k - 1)));
  return {
    N,
    grand,
    ssBetween,
    ssWithin,
    ssTotal: ssBetween + ssWithin,
    df1,
    df2,
    msBetween,
    msWithin,
    f,
    p: fSf(f, df1, df2),
    etaSquared: ssBetween / (ssBetween + ssWithin),
    omegaSquared: (ssBetween - df1 * msWithin) / (ssBetween + ssWithin + msWithin),
    welch: { f: welchF, df1, df2: welchDf2, p: fSf(welchF, df1, welchDf2) },
    bartlett: { statistic: bartlett, df: k - 1, p: chisqSf(bartlett, k - 1) },
  };
}

export function run({ rows }: CalcInput): ToolOutput {
  const filled = requireRows(definition, rows, 2);
  const groups: Summary[] = filled.map((_, i) => {
    const n = cellNumber(definition, filled, i, 'n', { integer: true, min: 2 });
    const mean = cellNumber(definition, filled, i, 'mean');
    const sd = cellNumber(definition, filled, i, 'sd', { min: 0 });
    if (sd === 0) throw new ToolInputError(`第 ${i + 1} 行“标准差”必须大于 0`);
    return { name: cellText(filled, i, 'group') || `第${i + 1}组`, n, mean, sd };
  });
  if (new Set(groups.map((g) => g.name)).size !== groups.length) throw new ToolInputError('组名不能重复');
  const r = anovaFromSummary(groups);
  const pText = (p: number) => (p < 0.001 ? 'P<0.001' : `P=${formatP(p)}`);
  const equal = r.bartlett.p >= 0.05;
  const paragraph =
    `${groups.length} 组共 ${r.N} 例，单因素方差分析：F=${num(r.f, 3)}，ν1=${r.df1}，ν2=${r.df2}，${pText(r.p)}，η²=${num(r.etaSquared, 3)}，ω²=${num(r.omegaSquared, 3)}；` +
    `${r.p < 0.05 ? '各组均数不全相等' : '尚不能认为各组均数不同'}（α=0.05）。Bartlett 方差齐性检验 χ²=${num(r.bartlett.statistic, 3)}，${pText(r.bartlett.p)}` +
    `${equal ? '。' : `，方差不齐，宜以 Welch 方差分析为准：F=${num(r.welch.f, 3)}，ν1=${r.welch.df1}，ν2=${num(r.welch.df2, 2)}，${pText(r.welch.p)}。`}`;
  const ys = groups.map((g, i) => `  g${i + 1} = ${g.mean} + ${g.sd} * as.numeric(scale(rnorm(${g.n})))`).join(',\n');

  return {
    title: '单因素方差分析（汇总数据）',
    sections: [
      {
        title: '方差分析结果',
        blocks: [
          table('各组的汇总数据', ['组别', '例数', '均数', '标准差'], groups.map((g) => [g.name, g.n, g.mean, g.sd]), [`总均数 = ${num(r.grand, 4)}。`]),
          table('方差分析表', ['变异来源', '平方和', '自由度', '均方', 'F', 'P'], [
            ['组间', num(r.ssBetween, 4), r.df1, num(r.msBetween, 4), num(r.f, 4), formatP(r.p)],
            ['组内（误差）', num(r.ssWithin, 4), r.df2, num(r.msWithin, 4), null, null],
            ['总', num(r.ssTotal, 4), r.N - 1, null, null, null],
          ], [`η² = ${num(r.etaSquared, 4)}，ω² = ${num(r.omegaSquared, 4)}（η² 约 0.01、0.06、0.14 分别为小、中、大效应）。`]),
          table('方差不齐时的检验', ['方法', '统计量', '自由度', 'P'], [
            ['Bartlett 方差齐性检验（χ²）', num(r.bartlett.statistic, 4), r.bartlett.df, formatP(r.bartlett.p)],
            ['Welch 方差分析（F）', num(r.welch.f, 4), `${r.welch.df1}, ${num(r.welch.df2, 2)}`, formatP(r.welch.p)],
          ], ['只有汇总数据时无法做 Levene 检验，也无法检查正态性；两两比较需要原始数据或另行计算。']),
          text(paragraph),
        ],
      },
      rSection(
        `# 构造恰好具有这些例数、均数和标准差的数据\n` +
          `d <- stack(list(\n${ys}\n))\n` +
          `anova(lm(values ~ ind, data = d))\n` +
          `oneway.test(values ~ ind, data = d, var.equal = FALSE)\n` +
          `bartlett.test(values ~ ind, data = d)`,
      ),
    ],
    results: {
      statistic: r.f,
      df1: r.df1,
      df2: r.df2,
      p: r.p,
      etaSquared: r.etaSquared,
      omegaSquared: r.omegaSquared,
      ssBetween: r.ssBetween,
      ssWithin: r.ssWithin,
      welchStatistic: r.welch.f,
      welchDf2: r.welch.df2,
      welchP: r.welch.p,
      bartlettStatistic: r.bartlett.statistic,
      bartlettP: r.bartlett.p,
      n: r.N,
      groups: groups.length,
    },
  };
}
