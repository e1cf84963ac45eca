// Kaplan–Meier 生存分析: curves with CI bands and censor marks, the number at risk under the plot,
// quartiles of survival time, survival at chosen times, RMST at τ, and the tests of equal survival
// (log-rank and its weighted relatives) with pairwise comparisons.
import { kaplanMeier, logRankTest, normalQuantile, normalSf, pAdjust, pairwiseLogRank, type KaplanMeierResult, type LogRankResult, type PAdjustMethod, type SurvivalConfType, type SurvivalTest, maxOf, minOf } from '@labstat/stats';
import { survivalChart } from '../../charts.js';
import { levelOf, pSentence } from '../../common.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { levelOrder, missingNote, parseTimes, readSurvival, splitList, timeTicks } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

export const TEST_NAMES: Record<SurvivalTest, string> = {
  logrank: 'Log-rank',
  'gehan-breslow': 'Gehan–Breslow',
  'tarone-ware': 'Tarone–Ware',
  'peto-peto': 'Peto–Peto',
};
const TESTS = Object.keys(TEST_NAMES) as SurvivalTest[];
const RESULT_TEST_KEYS: Record<SurvivalTest, string> = { logrank: 'logrankP', 'gehan-breslow': 'gehanBreslowP', 'tarone-ware': 'taroneWareP', 'peto-peto': 'petoPetoP' };
const ADJUST_NAMES: Record<string, string> = { holm: 'Holm', bonferroni: 'Bonferroni', BH: 'Benjamini–Hochberg', none: '未校正' };
const MAX_GROUPS = 12;

interface Group {
  name: string;
  time: number[];
  status: number[];
  km: KaplanMeierResult;
  maxTime: number;
}

const t = (x: number | null | undefined): number | null => num(x, 2);
/** "310（284 ~ 361）"; "未达到" where the curve never gets there, "—" for an open CI end. */
function estimateCi(estimate: number | null, lower: number | null, upper: number | null): string {
  if (estimate === null) return `未达到（${t(lower) ?? '—'} ~ ${t(upper) ?? '—'}）`;
  return `${t(estimate)}（${t(lower) ?? '—'} ~ ${t(upper) ?? '—'}）`;
}

export function run(data: DataTable, params: Params): ToolOutput {
  const groupName = String(params.group ?? '');
  const input = readSurvival(data, params, groupName ? [{ name: groupName, kind: 'categorical' }] : []);
  const { time, status, timeName } = input;
  const level = levelOf(params);
  const pct = Math.round(level * 100);
  const z = normalQuantile(1 - (1 - level) / 2);
  const test = (TESTS.includes(params.test as SurvivalTest) ? params.test : 'logrank') as SurvivalTest;
  const adjust = (['holm', 'bonferroni', 'BH', 'none'].includes(String(params.adjust)) ? params.adjust : 'holm') as PAdjustMethod;
  const confType = (['log-log', 'log', 'plain'].includes(String(params.confType)) ? params.confType : 'log-log') as SurvivalConfType;

  // Groups in order of first appearance.
  const labels = groupName ? input.text.get(groupName)! : time.map(() => '总体');
  const names = levelOrder(labels, groupName, groupName ? splitList(params.groupOrder) : []);
  if (groupName && names.length < 2) throw new ToolInputError(`分组变量“${groupName}”在分析的行中只有一个组（“${names[0]}”），无法比较；如只需总体生存曲线，请不选分组变量`);
  if (names.length > MAX_GROUPS) throw new ToolInputError(`分组变量“${groupName}”有 ${names.length} 个组，超过 ${MAX_GROUPS} 个；请选择类别较少的分组变量或先合并类别`);
  for (const name of names) {
    const size = labels.filter((g) => g === name).length;
    if (size < 2) throw new ToolInputError(`分组变量“${groupName}”中的组“${name}”只有 ${size} 例，无法估计其生存曲线；请合并该组或删除这些行`);
  }
  const maxTime = maxOf(time);
  const ticks = timeTicks(maxTime);
  let times = parseTimes(params.times, '报告生存率的时间点');
  if (times.length === 0) {
    const inside = ticks.filter((x) => x > 0 && x <= maxTime);
    times = inside.length > 5 ? inside.filter((_, i) => i % 2 === 1) : inside;
  }
  const groupMax = names.map((name) => maxOf(time.filter((_, i) => labels[i] === name)));
  const tauParam = typeof params.tau === 'number' && params.tau > 0 ? params.tau : 0;
  const tau = tauParam > 0 ? tauParam : minOf(groupMax);

  const groups: Group[] = names.map((name, gi) => {
    const idx = labels.flatMap((g, i) => (g === name ? [i] : []));
    const gt = idx.map((i) => time[i]!);
    const gs = idx.map((i) => status[i]!);
    return { name, time: gt, status: gs, maxTime: groupMax[gi]!, km: kaplanMeier(gt, gs, { level, confType, times, probs: [0.25, 0.5, 0.75], rmeanTau: tau }) };
  });
  const overall = groups.length > 1 ? kaplanMeier(time, status, { level, confType, probs: [0.25, 0.5, 0.75] }) : groups[0]!.km;

  // Tests of equal survival: all four, the chosen one in the conclusion.
  const tests = groups.length > 1 ? TESTS.map((k) => [k, logRankTest(time, status, labels, { test: k })] as const) : [];
  const chosen: LogRankResult | null = tests.find(([k]) => k === test)?.[1] ?? null;
  const pairwise = groups.length > 2 ? pairwiseLogRank(time, status, labels, { test, adjust }) : [];
  const order = (a: string, b: string) => (names.indexOf(a) <= names.indexOf(b) ? [a, b] : [b, a]);
  const pairRows = pairwise
    .map((r) => ({ ...r, pair: order(r.group1, r.group2) }))
    .sort((a, b) => names.indexOf(a.pair[0]!) - names.indexOf(b.pair[0]!) || names.indexOf(a.pair[1]!) - names.indexOf(b.pair[1]!));

  // RMST and its differences (each group against the first; all pairs beyond two groups).
  const rmst = groups.map((g) => g.km.restrictedMean!);
  const rmstPairs: Array<{ a: number; b: number; diff: number; se: number; p: number }> = [];
  for (let a = 0; a < groups.length; a++) {
    for (let b = a + 1; b < groups.length; b++) {
      const diff = rmst[b]!.estimate - rmst[a]!.estimate;
      const se = Math.sqrt(rmst[a]!.se ** 2 + rmst[b]!.se ** 2);
      rmstPairs.push({ a, b, diff, se, p: se > 0 ? 2 * normalSf(Math.abs(diff / se)) : NaN });
    }
  }
  const rmstAdjusted = rmstPairs.length > 1 ? pAdjust(rmstPairs.map((r) => (Number.isFinite(r.p) ? r.p : 1)), adjust) : rmstPairs.map((r) => r.p);

  // Tables.
  const summaryRows = groups.map((g) => [g.name, g.km.n, g.km.events, g.km.n - g.km.events, num((100 * g.km.events) / g.km.n, 1), estimateCi(g.km.median.estimate, g.km.median.lower, g.km.median.upper)]);
  if (groups.length > 1) summaryRows.push(['合计', overall.n, overall.events, overall.n - overall.events, num((100 * overall.events) / overall.n, 1), estimateCi(overall.median.estimate, overall.median.lower, overall.median.upper)]);
  const quantRows = groups.map((g) => [g.name, ...g.km.quantiles.map((q) => estimateCi(q.estimate, q.lower, q.upper))]);
  if (groups.length > 1) quantRows.push(['合计', ...overall.quantiles.map((q) => estimateCi(q.estimate, q.lower, q.upper))]);
  let beyond = false;
  const atRows = groups.flatMap((g) =>
    g.km.at.map((a, i) => {
      const out = a.time > g.maxTime;
      beyond ||= out;
      return [i === 0 ? g.name : '', t(a.time), out ? '—' : a.nRisk, out ? '—' : num(a.survival, 3), out ? '—' : num(a.se, 3), out ? '超出随访' : `${num(a.lower, 3) ?? '—'} ~ ${num(a.upper, 3) ?? '—'}`];
    }),
  );
  const rmstRows = groups.map((g, i) => [g.name, num(rmst[i]!.estimate, 2), num(rmst[i]!.se, 2), `${num(rmst[i]!.estimate - z * rmst[i]!.se, 2)} ~ ${num(rmst[i]!.estimate + z * rmst[i]!.se, 2)}`, t(g.maxTime)]);
  const rmstDiffRows = rmstPairs.map((r, i) => [
    `${groups[r.b]!.name} − ${groups[r.a]!.name}`,
    num(r.diff, 2),
    num(r.se, 2),
    `${num(r.diff - z * r.se, 2)} ~ ${num(r.diff + z * r.se, 2)}`,
    num(r.diff / r.se, 3),
    formatP(r.p),
    ...(rmstPairs.length > 1 ? [formatP(rmstAdjusted[i]!)] : []),
  ]);

  const sections: ToolOutput['sections'] = [];
  const codingNotes = [input.codingNote, missingNote(input.excluded)];
  sections.push({
    title: '生存资料概况',
    blocks: [
      table(`表1 ${groupName ? '各组' : ''}生存资料概况`, ['组别', '例数', '事件数', '删失数', '事件率(%)', `中位生存时间（${pct}%CI）`], summaryRows, [
        ...codingNotes,
        `中位生存时间为生存率降至 50% 的时间；“未达到”表示随访期内生存率未降至 50%。置信区间按 ${confType} 变换（R: survfit(conf.type = "${confType}")）。`,
      ]),
      table(`表2 生存时间的四分位数（${pct}%CI）`, ['组别', '25%（生存率降至 75%）', '50%（中位生存时间）', '75%（生存率降至 25%）'], quantRows, [
        '按 R quantile.survfit 的规则：生存曲线恰好停在该水平时取其与下一次下降时间的中点。',
      ]),
    ],
  });
  // Number at risk at each tick: still followed and event-free at that time (summary(fit, times)$n.risk).
  const atRisk = groups.map((g) => ticks.map((x) => g.time.filter((v) => v >= x).length));
  sections.push({
    title: '生存曲线',
    blocks: [
      survivalChart(groups.map((g) => ({ name: g.name, rows: g.km.table })), {
        title: `图1 Kaplan–Meier 生存曲线${groupName ? `（按${groupName}分组）` : ''}`,
        timeName,
        ticks,
        ciBand: params.ciBand !== false,
        censorMarks: params.censorMarks !== false,
        note: chosen ? `${TEST_NAMES[test]} P ${chosen.pValue < 0.001 ? '< 0.001' : `= ${chosen.pValue.toFixed(3)}`}` : '',
        atRisk,
      }),
      table(
        '表3 风险人数（Number at risk）',
        ['组别', ...ticks.map((x) => String(x))],
        groups.map((g, i) => [g.name, ...atRisk[i]!]),
        [`各时间点仍处于随访中、尚未发生事件的人数（${timeName} ≥ 该时间），同图1下方的风险人数（R: summary(fit, times = …)$n.risk）。`],
      ),
    ],
  });
  sections.push({
    title: '生存率与限制平均生存时间',
    blocks: [
      table(`表4 指定时间点的生存率`, ['组别', '时间', '风险人数', '生存率', '标准误', `${pct}%CI`], atRows, [
        'Greenwood 标准误；生存率取该时间点及之前最后一次估计（R: summary(fit, times = …)）。',
        ...(beyond ? ['“超出随访”：时间点晚于该组最长随访时间，不作估计。'] : []),
      ]),
      table(`表5 限制平均生存时间（RMST，τ = ${t(tau)}）`, ['组别', 'RMST', '标准误', `${pct}%CI`, '最长随访时间'], rmstRows, [
        `RMST 为 0~τ 内生存曲线下面积，即 τ 时间内的平均无事件生存时间（R: print(fit, rmean = ${t(tau)})）。`,
        tauParam > 0 ? 'τ 由用户指定。' : 'τ 取各组最长随访时间中的最小值。',
      ]),
      ...(rmstDiffRows.length > 0
        ? [
            table(
              '表6 RMST 组间差值',
              ['比较', '差值', '标准误', `${pct}%CI`, 'z', 'P', ...(rmstPairs.length > 1 ? [`校正 P（${ADJUST_NAMES[adjust]}）`] : [])],
              rmstDiffRows,
              ['差值的标准误为两组标准误的平方和开方，按正态近似检验（同 survRM2::rmst2）。'],
            ),
          ]
        : []),
    ],
  });
  if (chosen) {
    sections.push({
      title: '生存曲线的组间比较',
      blocks: [
        table(
          '表7 生存曲线比较的检验',
          ['检验方法', '权重', 'χ²', 'df', 'P', '采用'],
          tests.map(([k, r]) => [TEST_NAMES[k], { logrank: '1', 'gehan-breslow': '风险人数 n', 'tarone-ware': '√n', 'peto-peto': '合并 KM S(t−)' }[k], num(r.statistic, 3), r.df, formatP(r.pValue), k === test ? '采用' : '']),
          ['Log-rank 与 Peto–Peto 同 R survdiff（rho = 0、1）；Gehan–Breslow 与 Tarone–Ware 为同一加权 log-rank 公式取权重 n、√n（三组及以上时与 survMisc::comp 一致）。'],
        ),
        table(
          `表8 各组观察与期望事件数（${TEST_NAMES[test]}）`,
          ['组别', '例数', '事件数', '观察数 O', '期望数 E', '(O−E)²/E', '(O−E)²/V'],
          names.map((name) => {
            const r = chosen.groups.find((x) => x.group === name)!;
            return [name, r.n, r.observed, num(r.weightedObserved, 2), num(r.weightedExpected, 2), num((r.weightedObserved - r.weightedExpected) ** 2 / r.weightedExpected, 3), num((r.weightedObserved - r.weightedExpected) ** 2 / r.variance, 3)];
          }),
          [
            test === 'logrank'
              ? 'O、E 为实际与期望事件数。'
              : `O、E 为按 ${TEST_NAMES[test]} 权重加权的观察与期望数（加权 Σw·d 与 Σw·d·nᵍ/n，同 survdiff 对 rho = 1 的输出），与加权的检验统计量对应；“事件数”为实际事件数。`,
          ],
        ),
        ...(pairRows.length > 0
          ? [
              table(
                `表9 两两比较（${TEST_NAMES[test]}）`,
                ['比较', 'χ²', 'P', `校正 P（${ADJUST_NAMES[adjust]}）`],
                pairRows.map((r) => [`${r.pair[0]} vs ${r.pair[1]}`, num(r.statistic, 3), formatP(r.pValue), formatP(r.pAdjusted)]),
                ['每两组仅用这两组的观测单独检验（同 survminer::pairwise_survdiff）。'],
              ),
            ]
          : []),
      ],
    });
  }

  // Conclusion and caveats.
  const parts: string[] = [];
  parts.push(`共纳入 ${input.rows.length} 例，随访期间发生事件（${input.coding.positive}）${input.events} 例，删失 ${input.rows.length - input.events} 例。`);
  const med = (g: Group) =>
    g.km.median.estimate === null ? `“${g.name}”中位生存时间未达到` : `“${g.name}”中位生存时间为 ${t(g.km.median.estimate)}（${pct}%CI ${t(g.km.median.lower) ?? '—'} ~ ${t(g.km.median.upper) ?? '未达到'}）`;
  parts.push(groups.length > 1 ? `${groups.map(med).join('，')}。` : `${med(groups[0]!).replace('“总体”', '总体')}。`);
  if (chosen) {
    const sig = chosen.pValue < 1 - level;
    parts.push(`${TEST_NAMES[test]} 检验显示各组生存曲线${sig ? '差异有统计学意义' : '差异无统计学意义'}（χ² = ${num(chosen.statistic, 3)}，df = ${chosen.df}，${pSentence(chosen.pValue)}）。`);
    if (pairRows.length > 0) {
      const sigPairs = pairRows.filter((r) => r.pAdjusted < 1 - level).map((r) => `“${r.pair[0]}”与“${r.pair[1]}”`);
      parts.push(sigPairs.length > 0 ? `经 ${ADJUST_NAMES[adjust]} 校正的两两比较中，${sigPairs.join('、')}之间差异有统计学意义。` : `经 ${ADJUST_NAMES[adjust]} 校正的两两比较均无统计学意义。`);
    }
  }
  const firstAt = groups[0]!.km.at.findIndex((a) => groups.every((g) => a.time <= g.maxTime));
  if (firstAt >= 0) {
    const tt = groups[0]!.km.at[firstAt]!.time;
    parts.push(`${timeName}为 ${t(tt)} 时的生存率${groups.length > 1 ? '分别为' : '为'} ${groups.map((g) => `${groups.length > 1 ? `${g.name} ` : ''}${num(g.km.at[firstAt]!.survival * 100, 1)}%`).join('、')}。`);
  }
  parts.push(
    `0~${t(tau)} 内的限制平均生存时间${groups.length > 1 ? '分别为' : '为'} ${groups.map((g, i) => `${groups.length > 1 ? `${g.name} ` : ''}${num(rmst[i]!.estimate, 2)}（${pct}%CI ${num(rmst[i]!.estimate - z * rmst[i]!.se, 2)} ~ ${num(rmst[i]!.estimate + z * rmst[i]!.se, 2)}）`).join('，')}` +
      (rmstPairs.length === 1 ? `，差值 ${num(rmstPairs[0]!.diff, 2)}（${pct}%CI ${num(rmstPairs[0]!.diff - z * rmstPairs[0]!.se, 2)} ~ ${num(rmstPairs[0]!.diff + z * rmstPairs[0]!.se, 2)}，${pSentence(rmstPairs[0]!.p)}）。` : '。'),
  );
  const caveats: string[] = [];
  if (chosen) {
    const lr = tests.find(([k]) => k === 'logrank')![1];
    const gb = tests.find(([k]) => k === 'gehan-breslow')![1];
    if (lr.pValue < 1 - level !== gb.pValue < 1 - level) {
      caveats.push('Log-rank 与 Gehan–Breslow 检验结论不一致：组间差异可能集中在早期或晚期，生存曲线可能交叉（比例风险假设可疑）。宜结合曲线形态与 RMST 解释，并说明所选检验。');
    }
  }
  const fewEvents = groups.filter((g) => g.km.events < 5).map((g) => g.name);
  if (fewEvents.length > 0) caveats.push(`${fewEvents.map((g) => `“${g}”`).join('、')}的事件数少于 5，生存率与中位生存时间的估计不稳定。`);
  const shortGroups = groups.filter((g) => g.maxTime < tau).map((g) => g.name);
  if (shortGroups.length > 0) caveats.push(`τ = ${t(tau)} 超过了${shortGroups.map((g) => `“${g}”`).join('、')}的最长随访时间，这些组的生存曲线在末次随访后按水平延伸，RMST 可能有偏；宜取不超过各组最长随访时间的 τ。`);
  if (groups.some((g) => g.km.median.estimate === null)) caveats.push('部分组的中位生存时间未达到（随访结束时生存率仍高于 50%），可报告指定时间点的生存率或 RMST。');

  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  const results: ToolOutput['results'] = {
    n: input.rows.length,
    events: input.events,
    censored: input.rows.length - input.events,
    excluded: input.excluded,
    groups: groups.length,
    eventValue: input.coding.positive,
    confType,
    tau,
  };
  if (chosen) {
    Object.assign(results, { test, statistic: chosen.statistic, df: chosen.df, p: chosen.pValue });
    for (const [k, r] of tests) results[RESULT_TEST_KEYS[k]] = r.pValue;
    for (const r of chosen.groups) {
      results[`observed.${r.group}`] = r.weightedObserved;
      results[`expected.${r.group}`] = r.weightedExpected;
    }
    for (const r of pairRows) {
      results[`pairwiseStatistic.${r.pair[0]}|${r.pair[1]}`] = r.statistic;
      results[`pairwiseP.${r.pair[0]}|${r.pair[1]}`] = r.pValue;
      results[`pairwiseAdjustedP.${r.pair[0]}|${r.pair[1]}`] = r.pAdjusted;
    }
  }
  groups.forEach((g, i) => {
    const q = g.km.quantiles;
    Object.assign(results, {
      [`n.${g.name}`]: g.km.n,
      [`events.${g.name}`]: g.km.events,
      [`median.${g.name}`]: g.km.median.estimate,
      [`medianLower.${g.name}`]: g.km.median.lower,
      [`medianUpper.${g.name}`]: g.km.median.upper,
      [`q25.${g.name}`]: q[0]!.estimate,
      [`q75.${g.name}`]: q[2]!.estimate,
      [`rmst.${g.name}`]: rmst[i]!.estimate,
      [`rmstSe.${g.name}`]: rmst[i]!.se,
    });
    for (const a of g.km.at) {
      if (a.time > g.maxTime) continue;
      results[`atRisk.${g.name}.${a.time}`] = a.nRisk;
      results[`survival.${g.name}.${a.time}`] = a.survival;
      results[`survivalLower.${g.name}.${a.time}`] = finiteOrNull(a.lower);
      results[`survivalUpper.${g.name}.${a.time}`] = finiteOrNull(a.upper);
    }
  });
  if (rmstPairs.length === 1) {
    const r = rmstPairs[0]!;
    Object.assign(results, { rmstDifference: r.diff, rmstDifferenceSe: r.se, rmstDifferenceLower: r.diff - z * r.se, rmstDifferenceUpper: r.diff + z * r.se, rmstDifferenceP: finiteOrNull(r.p) });
  }

  return {
    title: `Kaplan–Meier 生存分析：${timeName}${groupName ? ` ~ ${groupName}` : ''}`,
    sections,
    results,
  };
}
