// 配对卡方检验: two classifications of the same subjects. A 2×2 paired table gets McNemar's exact
// binomial test and the corrected/uncorrected χ², the discordant-pair odds ratio with its exact CI and
// the paired difference in proportions; a k×k table gets Bowker's test of symmetry.
import { bowkerTest, mcnemarExact, mcnemarTest, normalQuantile } from '@labstat/stats';
import { binaryLevels } from '../../binary-outcome.js';
import { PALETTE } from '../../charts.js';
import { levelOf, pSentence, requireVariables } from '../../common.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { levelOrder, missingNote, splitList } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

type Cell = string | number | null;
const MAX_LEVELS = 10;
const pct = (x: number, t: number) => (t > 0 ? `${x}（${((100 * x) / t).toFixed(1)}%）` : String(x));
const ratioText = (x: number) => (x === Infinity ? '∞' : x.toFixed(3));

export function run(data: DataTable, params: Params): ToolOutput {
  const n1 = String(params.x1 ?? '');
  const n2 = String(params.x2 ?? '');
  if (!n1 || !n2) throw new ToolInputError('请选择两次配对的分类结果');
  if (n1 === n2) throw new ToolInputError('两次结果不能是同一列');
  requireVariables(data, [n1, n2]);
  const level = levelOf(params);
  const pctLevel = Math.round(level * 1000) / 10;

  const v1 = data.text(n1);
  const v2 = data.text(n2);
  const present = (v: string | null | undefined): v is string => v !== null && v !== undefined && v.trim() !== '';
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < data.rows; i++) if (present(v1[i]) && present(v2[i])) pairs.push([v1[i]!.trim(), v2[i]!.trim()]);
  const excluded = data.rows - pairs.length;
  if (pairs.length === 0) throw new ToolInputError(`“${n1}”与“${n2}”没有同时不缺失的行`);
  // Categories as R's unique(c(x1, x2)) lists them: the first column's, then any only the second has.
  const seen = [...new Set([...pairs.map(([a]) => a), ...pairs.map(([, b]) => b)])];
  if (seen.length < 2) throw new ToolInputError(`“${n1}”与“${n2}”在分析的行中只有一个取值“${seen[0]}”，配对表至少需要 2 个类别`);
  if (seen.length > MAX_LEVELS) throw new ToolInputError(`“${n1}”与“${n2}”共有 ${seen.length} 个类别，超过 ${MAX_LEVELS} 个，请确认它们是分类变量`);
  const given = splitList(params.order);
  let levels: string[];
  if (given.length > 0) levels = levelOrder(seen, `${n1}/${n2}`, given);
  else if (seen.length === 2) {
    const b = binaryLevels(seen, `${n1}/${n2}`, '', '配对结果');
    levels = [b.positive, b.negative!];
  } else levels = seen;
  const k = levels.length;
  const counts = levels.map(() => levels.map(() => 0));
  for (const [a, b] of pairs) counts[levels.indexOf(a)]![levels.indexOf(b)]!++;
  const n = pairs.length;
  const only1 = levels.filter((l) => !pairs.some(([a]) => a === l));
  const only2 = levels.filter((l) => !pairs.some(([, b]) => b === l));

  // The paired table with totals.
  const rowT = counts.map((r) => r.reduce((a, b) => a + b, 0));
  const colT = levels.map((_, j) => counts.reduce((a, r) => a + r[j]!, 0));
  // A 2×2 table labels its cells a–d, as the formulas in the notes use them.
  const crossRows: Cell[][] = levels.map((l, i) => [l, ...counts[i]!.map((x, j) => (k === 2 ? `${x}（${'abcd'[2 * i + j]}）` : x)), rowT[i]!]);
  crossRows.push(['合计', ...colT, n]);
  const agree = levels.reduce((a, _, i) => a + counts[i]![i]!, 0);
  const crossNotes = [`行为“${n1}”，列为“${n2}”；对角线为两次结果一致的对子（${agree} 对，${((100 * agree) / n).toFixed(1)}%）。`, missingNote(excluded)];
  if (given.length === 0 && k === 2) crossNotes.push(`“${levels[0]}”按名称识别为阳性类别排在前面；如需更改顺序，请在“类别顺序”中填写。`);
  if (only1.length > 0 || only2.length > 0)
    crossNotes.push(`${[...only1.map((l) => `“${n1}”没有取值“${l}”`), ...only2.map((l) => `“${n2}”没有取值“${l}”`)].join('；')}，相应行或列为 0。`);

  const margRows: Cell[][] = levels.map((l, i) => [l, pct(rowT[i]!, n), pct(colT[i]!, n)]);
  const sections: ToolOutput['sections'] = [
    {
      title: '配对表',
      blocks: [
        table(`表1 ${n1}与${n2}的配对表`, [`${n1} \\ ${n2}`, ...levels, '合计'], crossRows, crossNotes),
        table(`表2 两次结果的构成`, ['类别', n1, n2], margRows, ['括号内为占配对总数的百分比。']),
      ],
    },
  ];
  const chart = {
    type: 'chart' as const,
    title: `图1 ${n1}与${n2}的结果构成（%）`,
    option: {
      textStyle: { fontFamily: 'Times New Roman, SimSun, serif' },
      tooltip: { trigger: 'axis' },
      legend: { data: levels, top: 0 },
      grid: { left: 60, right: 24, top: 40, bottom: 40 },
      xAxis: { type: 'category', data: [n1, n2], axisLine: { lineStyle: { color: '#000' } } },
      yAxis: { type: 'value', max: 100, name: '%', splitLine: { show: false }, axisLine: { show: true, lineStyle: { color: '#000' } } },
      series: levels.map((l, i) => ({
        type: 'bar',
        name: l,
        stack: 'pct',
        barMaxWidth: 80,
        itemStyle: { color: PALETTE[i % PALETTE.length] },
        label: { show: true, formatter: '{c}%' },
        data: [Number(((100 * rowT[i]!) / n).toFixed(1)), Number(((100 * colT[i]!) / n).toFixed(1))],
      })),
    },
  };

  if (k > 2) {
    const bw = bowkerTest(counts);
    const notes = ['Bowker 对称性检验：H0 为配对表关于对角线对称（各对称格子 nij = nji），χ² = Σ(nij − nji)²/(nij + nji)。'];
    if (bw.emptyPairs > 0) notes.push(`${bw.emptyPairs} 对对称格子都为 0，不提供信息，已从统计量中去掉并相应减少自由度（R 的 mcnemar.test 此时给出 NaN）。`);
    const pairRows: Cell[][] = [];
    for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) pairRows.push([`${levels[i]} → ${levels[j]}`, counts[i]![j]!, counts[j]![i]!, `${levels[j]} → ${levels[i]}`]);
    sections.push({
      title: '检验结果',
      blocks: [
        table('表3 Bowker 对称性检验', ['方法', 'χ²', 'df', 'P'], [['Bowker 对称性检验', num(bw.statistic, 3), bw.df, formatP(bw.pValue)]], notes),
        table('表4 不一致的对子', [`${n1} → ${n2}`, '对子数', '对子数', `${n1} → ${n2}（反向）`], pairRows, ['每行比较一对对称格子：左为第一次结果为前者、第二次为后者的对子数，右为相反方向。']),
        chart,
      ],
    });
    const sig = bw.pValue < 0.05;
    const sentences = [
      `${n} 对观察中，${n1}与${n2}结果一致的有 ${agree} 对（${((100 * agree) / n).toFixed(1)}%）。Bowker 对称性检验 χ² = ${num(bw.statistic, 3)}，df = ${bw.df}，${pSentence(bw.pValue)}，` +
        (sig ? `配对表不对称，两次结果的不一致有系统方向，${n1}与${n2}的分类分布不同。` : `未发现配对表不对称，两次结果的不一致无系统方向。`),
    ];
    const caveats = ['Bowker 检验针对对称性；它与边际齐性（两次结果的构成相同）在 2×2 时等价，多分类时并不相同。若要专门检验边际齐性，可用 Stuart–Maxwell 检验（本工具未提供）。'];
    if (pairRows.some((r) => (r[1] as number) + (r[2] as number) < 5)) caveats.push('部分对称格子的对子数之和小于 5，卡方近似可能不准确，可考虑合并类别。');
    sections.push({ title: '结论', blocks: [text(...sentences, ...caveats)] });
    return {
      title: `配对卡方检验（Bowker）：${n1} × ${n2}`,
      sections,
      results: { method: 'Bowker 对称性检验', statistic: bw.statistic, df: bw.df, p: bw.pValue, n, excluded, agreement: agree / n, categories: k, emptyPairs: bw.emptyPairs },
    };
  }

  const [[a, b], [c, d]] = counts as [[number, number], [number, number]];
  if (b + c === 0) throw new ToolInputError(`“${n1}”与“${n2}”的结果完全一致（不一致对子 b = c = 0），McNemar 检验无从比较；两种方法的阳性率相同`);
  const corrected = mcnemarTest(counts, { correct: true });
  const uncorrected = mcnemarTest(counts, { correct: false });
  const exact = mcnemarExact(b, c, level);
  const mode = ['exact', 'corrected', 'uncorrected'].includes(String(params.method)) ? String(params.method) : 'auto';
  const useExact = mode === 'exact' || (mode === 'auto' && b + c < 25);
  const head =
    useExact
      ? { name: 'McNemar 精确检验', stat: null as number | null, p: exact.pValue }
      : mode === 'uncorrected'
        ? { name: 'McNemar 卡方检验（未校正）', stat: uncorrected.statistic, p: uncorrected.pValue }
        : { name: 'McNemar 卡方检验（连续性校正）', stat: corrected.statistic, p: corrected.pValue };
  const p1 = (a + b) / n;
  const p2 = (a + c) / n;
  const diff = (b - c) / n;
  const z = normalQuantile(1 - (1 - level) / 2);
  const seDiff = Math.sqrt(b + c - (b - c) ** 2 / n) / n;
  const diffCi: [number, number] = [diff - z * seDiff, diff + z * seDiff];
  const testRows: Cell[][] = [
    ['McNemar 精确检验（二项分布）', null, null, formatP(exact.pValue)],
    ['McNemar 卡方检验（连续性校正）', num(corrected.statistic, 3), 1, formatP(corrected.pValue)],
    ['McNemar 卡方检验（未校正）', num(uncorrected.statistic, 3), 1, formatP(uncorrected.pValue)],
  ];
  const testNotes = [
    `不一致对子 b = ${b}，c = ${c}（b + c = ${b + c}）。精确检验：b 服从 B(b + c, 0.5) 的双侧二项检验；校正卡方 χ² = (|b − c| − 1)²/(b + c)${b === c ? '（b = c 时不校正，同 R）' : ''}；未校正 χ² = (b − c)²/(b + c)。`,
    `主要结果取${head.name}${mode === 'auto' ? `（自动：b + c ${b + c < 25 ? '< 25，用精确检验' : '≥ 25，用校正卡方'}）` : '（用户指定）'}。`,
  ];
  const estRows: Cell[][] = [
    [`${n1}“${levels[0]}”的比例`, `${(100 * p1).toFixed(1)}%`, '—', '(a + b)/n'],
    [`${n2}“${levels[0]}”的比例`, `${(100 * p2).toFixed(1)}%`, '—', '(a + c)/n'],
    ['比例之差', `${(100 * diff).toFixed(1)}%`, `${(100 * diffCi[0]).toFixed(1)}% ~ ${(100 * diffCi[1]).toFixed(1)}%`, '(b − c)/n'],
    ['不一致对子的比值比', ratioText(exact.oddsRatio), `${ratioText(exact.ci[0])} ~ ${ratioText(exact.ci[1])}`, 'b/c'],
  ];
  const estNotes = [
    `比例之差的 ${pctLevel}% CI 为 Wald 法：SE = √(b + c − (b − c)²/n)/n。`,
    `比值比 b/c 是配对（条件）比值比；其 ${pctLevel}% CI 由 b/(b + c) 的 Clopper–Pearson 精确区间经 p/(1 − p) 换算（同 exact2x2::mcnemar.exact）。`,
  ];
  if (c === 0) estNotes.push('c = 0：比值比为无穷大，置信区间上限为无穷大。');
  if (b === 0) estNotes.push('b = 0：比值比为 0，置信区间下限为 0。');
  sections.push({
    title: '检验结果',
    blocks: [table('表3 McNemar 检验', ['方法', 'χ²', 'df', 'P'], testRows, testNotes), table('表4 配对比例与不一致对子的比值比', ['指标', '估计值', `${pctLevel}%CI`, '计算'], estRows, estNotes), chart],
  });
  const sig = head.p < 0.05;
  const sentences = [
    `${n} 对观察中，${n1}为“${levels[0]}”者 ${a + b} 例（${(100 * p1).toFixed(1)}%），${n2}为“${levels[0]}”者 ${a + c} 例（${(100 * p2).toFixed(1)}%）；` +
      `两者结果不一致的对子中，仅${n1}为“${levels[0]}”的 ${b} 对，仅${n2}为“${levels[0]}”的 ${c} 对。` +
      `${head.name}${head.stat !== null ? `：χ² = ${num(head.stat, 3)}，` : '：'}${pSentence(head.p)}，` +
      (sig ? `两种结果的“${levels[0]}”比例差异有统计学意义，${p1 > p2 ? n1 : n2}的“${levels[0]}”比例较高。` : `尚不能认为两种结果的“${levels[0]}”比例不同。`) +
      `比例之差为 ${(100 * diff).toFixed(1)}%（${pctLevel}%CI ${(100 * diffCi[0]).toFixed(1)}%~${(100 * diffCi[1]).toFixed(1)}%），不一致对子的比值比为 ${ratioText(exact.oddsRatio)}（${pctLevel}%CI ${ratioText(exact.ci[0])}~${ratioText(exact.ci[1])}）。`,
  ];
  const caveats: string[] = [];
  if (b + c < 25 && !useExact) caveats.push(`不一致对子数 b + c = ${b + c} < 25，卡方近似不够准确，建议以精确检验（P = ${formatP(exact.pValue)}）为准。`);
  caveats.push('McNemar 检验只利用不一致的对子，回答“两种结果的阳性率是否不同”；两者的一致程度请用 Kappa 一致性分析。');
  sections.push({ title: '结论', blocks: [text(...sentences, ...caveats)] });
  return {
    title: `配对卡方检验（McNemar）：${n1} × ${n2}`,
    sections,
    results: {
      method: head.name,
      statistic: head.stat,
      df: head.stat === null ? null : 1,
      p: head.p,
      a,
      b,
      c,
      d,
      n,
      excluded,
      exactP: exact.pValue,
      correctedChi2: corrected.statistic,
      correctedP: corrected.pValue,
      uncorrectedChi2: uncorrected.statistic,
      uncorrectedP: uncorrected.pValue,
      proportion1: p1,
      proportion2: p2,
      difference: diff,
      differenceLower: diffCi[0],
      differenceUpper: diffCi[1],
      oddsRatio: finiteOrNull(exact.oddsRatio),
      ciLower: exact.ci[0],
      ciUpper: finiteOrNull(exact.ci[1]),
      positiveLevel: levels[0]!,
    },
  };
}
