// 单样本检验: one-sample t (mean, CI, Cohen's d with CI) and one-sample Wilcoxon (V, Hodges–Lehmann
// pseudo-median with CI) against μ0; Shapiro–Wilk decides which one the report recommends.
import { describe as describeValues, oneSampleTTest, shapiroWilk, signedRankLocation, StatsError, wilcoxonSignedRank } from '@labstat/stats';
import { boxplotChart } from '../../charts.js';
import { alternativeNote, alternativeOf, ciText, levelOf, pSentence, requireVariables } from '../../common.js';
import { fiveNumbers, orNull } from '../../groups.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { numericColumn } from '../wilcoxon-signed-rank/paired.js';

export function run(data: DataTable, params: Params): ToolOutput {
  const y = String(params.y ?? '');
  if (!y) throw new ToolInputError('请选择检验变量');
  requireVariables(data, [y]);
  const mu = typeof params.mu === 'number' && Number.isFinite(params.mu) ? params.mu : 0;
  const alternative = alternativeOf(params);
  const level = levelOf(params);
  const values = numericColumn(data, y).filter((v): v is number => v !== null && Number.isFinite(v));
  const dropped = data.rows - values.length;
  if (values.length < 3) throw new ToolInputError(`变量“${y}”的有效观测少于 3 个（当前 ${values.length} 个），无法进行单样本检验`);
  if (values.every((v) => v === values[0])) throw new ToolInputError(`变量“${y}”的所有值都相同（${values[0]}），标准差为 0，无法检验`);
  const t = oneSampleTTest(values, { mu, alternative, level });
  const sw = orNull(() => shapiroWilk(values));
  const nonZero = values.filter((v) => v !== mu).length;
  if (nonZero < 1) throw new ToolInputError(`变量“${y}”的所有值都等于 μ0 = ${mu}，无法检验`);
  const w = wilcoxonSignedRank(values, null, { mu, alternative });
  let hl: ReturnType<typeof signedRankLocation> | null = null;
  let hlNote = '';
  try {
    hl = signedRankLocation(values, null, { mu, alternative, level });
  } catch (err) {
    if (!(err instanceof StatsError)) throw err;
    hlNote = `伪中位数的置信区间无法计算：${err.message}`;
  }
  const normal = sw === null || sw.pValue >= 0.05;
  const pct = Math.round(level * 100);
  const hlPct = Math.round((hl?.level ?? level) * 1000) / 10;
  const d = describeValues(values, { level });
  const f = fiveNumbers(values);

  const tTable = table(
    '表3 单样本 t 检验',
    ['μ0', '均值', '均值 − μ0', `${pct}%CI（均值）`, 't', 'df', 'P', "Cohen's d", `d 的 ${pct}%CI`],
    [[mu, num(t.estimate, 3), num(t.estimate - mu, 3), ciText(t.ci), num(t.statistic, 3), t.df, formatP(t.pValue), num(t.effectSize, 3), ciText(t.effectSizeCi)]],
    [`Cohen's d = (均值 − μ0)/标准差；其置信区间由非中心 t 分布求得。${alternativeNote(alternative, '总体均数', ` ${mu}`)}`],
  );
  const wTable = table(
    '表4 单样本 Wilcoxon 符号秩检验',
    ['μ0', '中位数', '非零差值数', 'V', 'Z', 'P', '伪中位数', `${hlPct}%CI`],
    [[mu, num(f[2], 3), nonZero, num(w.statistic, 1), num(w.z, 3), formatP(w.pValue), num(hl?.estimate, 3), hl ? ciText(hl.ci) : '—']],
    [
      `V 为大于 μ0 的观测（与 μ0 之差）的秩和，与 R 的 wilcox.test(x, mu = μ0) 一致；${w.exact ? '精确 P 值与精确置信区间' : '正态近似（含连续性校正与结校正）'}。`,
      '伪中位数为 Walsh 平均数的中位数（Hodges-Lehmann 估计），对称分布时即总体中位数的估计。',
      ...(hl && hl.level < level ? [`样本量太小，无法达到 ${pct}% 的置信水平，实际为 ${hlPct}%。`] : []),
    ],
  );
  const tSentence =
    `单样本 t 检验：${y} 的均值为 ${num(t.estimate, 2)}（${pct}%CI ${ciText(t.ci, 2)}），与 μ0 = ${mu} 比较，t = ${num(t.statistic, 3)}，df = ${t.df}，${pSentence(t.pValue)}，` +
    `${t.pValue < 1 - level ? '差异有统计学意义' : '差异无统计学意义'}；Cohen's d = ${num(t.effectSize, 3)}。`;
  const wSentence =
    `单样本 Wilcoxon 符号秩检验：${y} 的中位数为 ${num(f[2], 2)}，伪中位数 ${num(hl?.estimate, 2)}${hl ? `（${hlPct}%CI ${ciText(hl.ci, 2)}）` : ''}，V = ${num(w.statistic, 1)}，${pSentence(w.pValue)}，` +
    `${w.pValue < 1 - level ? '与 μ0 的差异有统计学意义' : '与 μ0 的差异无统计学意义'}。`;
  const recommendation = sw
    ? normal
      ? `Shapiro-Wilk 检验 W = ${num(sw.statistic, 4)}，${pSentence(sw.pValue)}，未见明显偏离正态，推荐报告单样本 t 检验。`
      : `Shapiro-Wilk 检验 W = ${num(sw.statistic, 4)}，${pSentence(sw.pValue)}，数据偏离正态分布，推荐报告单样本 Wilcoxon 符号秩检验。`
    : '样本量超出 Shapiro-Wilk 检验的适用范围（3~5000），按中心极限定理推荐 t 检验。';
  const caveats: string[] = [];
  if (hlNote) caveats.push(hlNote);
  if (dropped > 0) caveats.push(`${dropped} 行因“${y}”缺失或非数值未参与分析。`);
  if (values.length - nonZero > 0) caveats.push(`${values.length - nonZero} 个观测恰好等于 μ0，未参与 Wilcoxon 检验的秩次。`);

  return {
    title: `单样本检验：${y} 与 μ0 = ${mu}`,
    sections: [
      {
        title: '描述统计',
        blocks: [table('表1 描述统计', ['变量', 'n', '均值', '标准差', '中位数', 'P25 ~ P75'], [[y, d.n, num(d.mean, 2), num(d.sd, 2), num(f[2], 2), `${num(f[1], 2)} ~ ${num(f[3], 2)}`]])],
      },
      { title: '正态性检验', blocks: [table('表2 Shapiro-Wilk 正态性检验', ['变量', 'W', 'P', '推荐方法'], [[y, num(sw?.statistic, 4), sw ? formatP(sw.pValue) : '—', normal ? '单样本 t 检验' : '单样本 Wilcoxon 检验']])] },
      { title: normal ? '单样本 t 检验（推荐）' : '单样本 t 检验', blocks: [tTable] },
      { title: normal ? '单样本 Wilcoxon 符号秩检验' : '单样本 Wilcoxon 符号秩检验（推荐）', blocks: [wTable] },
      { title: '图形', blocks: [boxplotChart([{ name: y, values }], { title: `图1 ${y}的箱线图（检验值 μ0 = ${mu}）`, yName: y, points: true })] },
      { title: '结论', blocks: [text(recommendation, normal ? tSentence : wSentence, normal ? wSentence : tSentence, ...caveats)] },
    ],
    results: {
      n: values.length,
      mu,
      statistic: normal ? t.statistic : w.statistic,
      p: normal ? t.pValue : w.pValue,
      recommended: normal ? 't' : 'wilcoxon',
      shapiroW: sw ? sw.statistic : null,
      shapiroP: sw ? sw.pValue : null,
      mean: t.estimate,
      tStatistic: t.statistic,
      df: t.df,
      tP: t.pValue,
      ciLower: finiteOrNull(t.ci[0]),
      ciUpper: finiteOrNull(t.ci[1]),
      cohensD: t.effectSize,
      cohensDLower: finiteOrNull(t.effectSizeCi[0]),
      cohensDUpper: finiteOrNull(t.effectSizeCi[1]),
      wilcoxonStatistic: w.statistic,
      wilcoxonZ: w.z,
      wilcoxonP: w.pValue,
      wilcoxonExact: w.exact ? 1 : 0,
      estimate: hl ? hl.estimate : null,
      hlLower: hl ? finiteOrNull(hl.ci[0]) : null,
      hlUpper: hl ? finiteOrNull(hl.ci[1]) : null,
      hlLevel: hl ? hl.level : null,
    },
  };
}
