// Wilcoxon 符号秩检验 (paired): V, exact or normal p as wilcox.test, the Hodges–Lehmann pseudo-median
// of the differences with its CI (wilcox.test conf.int = TRUE), r = Z/√n and the matched-pairs
// rank-biserial correlation.
import { signedRankLocation, StatsError, wilcoxonSignedRank } from '@labstat/stats';
import { boxplotChart } from '../../charts.js';
import { alternativeNote, alternativeOf, ciText, levelOf, pSentence, requireVariables } from '../../common.js';
import { fiveNumbers } from '../../groups.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { pairedColumns, signedRankZ } from './paired.js';

export function run(data: DataTable, params: Params): ToolOutput {
  const a = String(params.x1 ?? '');
  const b = String(params.x2 ?? '');
  if (!a || !b) throw new ToolInputError('请选择配对的两个变量');
  if (a === b) throw new ToolInputError('两个变量不能相同，请选择两次测量各自所在的列');
  requireVariables(data, [a, b]);
  const alternative = alternativeOf(params);
  const level = levelOf(params);
  const { x, y, dropped } = pairedColumns(data, a, b);
  const diff = x.map((v, i) => v - y[i]!);
  const nonZero = diff.filter((d) => d !== 0).length;
  if (nonZero < 1) throw new ToolInputError(`“${a}”与“${b}”在所有完整对子中都相等（差值全为 0），无法进行符号秩检验`);
  const test = wilcoxonSignedRank(x, y, { alternative });
  let hl: ReturnType<typeof signedRankLocation> | null = null;
  let hlNote = '';
  try {
    hl = signedRankLocation(x, y, { alternative, level });
  } catch (err) {
    if (!(err instanceof StatsError)) throw err;
    hlNote = `伪中位数的置信区间无法计算：${err.message}`;
  }
  const z = signedRankZ(diff);
  const r = z / Math.sqrt(nonZero);
  const pos = diff.filter((d) => d > 0).length;
  const neg = diff.filter((d) => d < 0).length;
  const pct = Math.round((hl?.level ?? level) * 1000) / 10;
  const ci = hl ? ciText(hl.ci) : '—';

  const desc = [a, b, `差值（${a} − ${b}）`].map((name, i) => {
    const v = i === 0 ? x : i === 1 ? y : diff;
    const f = fiveNumbers(v);
    return [name, v.length, num(f[2], 2), `${num(f[1], 2)} ~ ${num(f[3], 2)}`];
  });
  const footnotes = [
    `V 为正差值（${a} > ${b}）的秩和，与 R 的 wilcox.test 一致；${test.exact ? '精确 P 值' : '正态近似（含连续性校正与结校正）'}。${alternativeNote(alternative, '第一次', '第二次')}`,
    `伪中位数为差值 Walsh 平均数的中位数（Hodges-Lehmann 估计）；${hl?.exact ? '精确置信区间' : '置信区间由正态近似求根得到（R 的 uniroot，精度约 1e-4）'}。`,
    `效应量 r = Z/√n（Z 不含连续性校正，n 为非零差值的对数）；匹配秩双列相关 = (T⁺ − T⁻)/(T⁺ + T⁻)。`,
  ];
  if (hl && hl.level < level) footnotes.push(`样本量太小，无法达到所要求的 ${Math.round(level * 100)}% 置信水平，实际为 ${pct}%。`);
  const caveats: string[] = [];
  if (hlNote) caveats.push(hlNote);
  if (dropped > 0) caveats.push(`${dropped} 行因任一测量缺失未参与分析。`);
  if (diff.length - nonZero > 0) caveats.push(`${diff.length - nonZero} 对差值为 0，未参与秩次计算。`);
  if (nonZero < 6) caveats.push('非零差值不足 6 对，双侧检验在 0.05 水平上不可能得到显著结果，结论仅供参考。');

  const sig = test.pValue < 0.05;
  const direction = hl ? (hl.estimate > 0 ? `“${a}”总体高于“${b}”` : `“${a}”总体低于“${b}”`) : '';
  const conclusion =
    `采用 Wilcoxon 符号秩检验比较“${a}”与“${b}”（${x.length} 对，其中非零差值 ${nonZero} 对：正差值 ${pos} 对、负差值 ${neg} 对）：` +
    `V = ${num(test.statistic, 1)}${test.z !== null ? `，Z = ${num(test.z, 3)}` : ''}，${pSentence(test.pValue)}。` +
    (sig ? `两次测量的差异有统计学意义，${direction}` : '两次测量的差异无统计学意义') +
    (hl ? `（差值的伪中位数为 ${num(hl.estimate, 3)}，${pct}%CI ${ci}）` : '') +
    `。效应量 r = ${num(r, 3)}。`;

  return {
    title: `Wilcoxon 符号秩检验：${a} − ${b}`,
    sections: [
      { title: '描述统计', blocks: [table('表1 配对变量与差值的中位数与四分位数', ['变量', 'n', '中位数', 'P25 ~ P75'], desc)] },
      {
        title: '检验结果',
        blocks: [
          table(
            '表2 Wilcoxon 符号秩检验',
            ['配对', '非零对数', 'V', 'Z', 'P', '伪中位数', `${pct}%CI`, '效应量 r', '秩双列相关'],
            [[`${a} − ${b}`, nonZero, num(test.statistic, 1), num(test.z, 3), formatP(test.pValue), num(hl?.estimate, 3), ci, num(r, 3), num(test.effectSize, 3)]],
            footnotes,
          ),
        ],
      },
      {
        title: '图形',
        blocks: [
          boxplotChart(
            [
              { name: a, values: x },
              { name: b, values: y },
            ],
            { title: `图1 ${a}与${b}的箱线图`, yName: a, points: true, marks: [{ groupA: a, groupB: b, p: test.pValue }] },
          ),
          boxplotChart([{ name: `${a} − ${b}`, values: diff }], { title: '图2 差值的箱线图', yName: '差值', points: true }),
        ],
      },
      { title: '结论', blocks: [text(conclusion, ...caveats)] },
    ],
    results: {
      statistic: test.statistic,
      z: test.z,
      p: test.pValue,
      exact: test.exact ? 1 : 0,
      estimate: hl ? hl.estimate : null,
      ciLower: hl ? finiteOrNull(hl.ci[0]) : null,
      ciUpper: hl ? finiteOrNull(hl.ci[1]) : null,
      level: hl ? hl.level : null,
      r,
      rankBiserial: test.effectSize,
      pairs: x.length,
      nonZero,
    },
  };
}
