// 重复测量方差分析: wide input (one column per time point), optional between-subjects factor.
// Mauchly's test, Greenhouse–Geisser / Huynh–Feldt corrections, between-subjects effects and the
// time × group interaction (car::Anova type 3), simple effects (time within each group; groups at
// each time), Bonferroni paired t tests between time points without a group, with a group the
// time points compared on estimated marginal means (overall and within each group) with the pooled
// within-subject error, and a profile plot.
import {
  mixedRepeatedMeasuresAnova,
  oneWayAnova,
  pAdjust,
  pairedTTest,
  repeatedMeasuresAnova,
  tQuantile,
  tTwoSided,
  type MixedWithinRow,
} from '@labstat/stats';
import { profileChart, stars } from '../../charts.js';
import { levelOf, pSentence, requireVariables } from '../../common.js';
import { orNull } from '../../groups.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { levelOrder, missingNote, numericValues, splitList } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const MAX_GROUPS = 10;
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String).filter((x) => x !== '') : typeof v === 'string' && v !== '' ? [v] : []);
type Correction = 'none' | 'gg' | 'hf';
const CORRECTION_NAME: Record<Correction, string> = { none: '假定球形', gg: 'Greenhouse–Geisser 校正', hf: 'Huynh–Feldt 校正' };

interface WithinTest {
  ss: number;
  df1: number;
  ssError: number;
  df2: number;
  statistic: number;
  pValue: number;
  partialEtaSquared: number;
  gg: { epsilon: number; pValue: number };
  hf: { epsilon: number; pValue: number };
}

export function run(data: DataTable, params: Params): ToolOutput {
  const vars = list(params.vars);
  const gName = String(params.group ?? '');
  if (vars.length < 2) throw new ToolInputError('请按时间顺序选择至少 2 列重复测量的数据');
  if (new Set(vars).size !== vars.length) throw new ToolInputError('同一列被重复选择，请每个时间点只选一次');
  requireVariables(data, gName ? [...vars, gName] : vars);
  if (gName && vars.includes(gName)) throw new ToolInputError(`组间因素“${gName}”不能同时作为测量列`);
  const level = levelOf(params);
  const pct = Math.round(level * 100);
  const choice = String(params.correction ?? 'auto');
  const errorBar = ['ci', 'sd'].includes(String(params.errorBar)) ? String(params.errorBar) : 'se';

  const cols = vars.map((v) => numericValues(data, v));
  const gRaw = gName ? data.text(gName).map((v) => (v === null || v.trim() === '' ? null : v.trim())) : null;
  const keep: number[] = [];
  for (let i = 0; i < data.rows; i++) if (cols.every((c) => c[i] !== null) && (!gRaw || gRaw[i] !== null)) keep.push(i);
  const excluded = data.rows - keep.length;
  const Y = keep.map((i) => cols.map((c) => c[i]!));
  const g = gRaw ? keep.map((i) => gRaw[i]!) : null;
  const k = vars.length;
  if (Y.length < 2) throw new ToolInputError(`各次测量均完整的对象只有 ${Y.length} 例，至少需要 2 例`);
  const groups = g ? levelOrder(g, gName, splitList(params.groupOrder)) : null;
  if (groups && groups.length < 2) throw new ToolInputError(`组间因素“${gName}”在分析样本中只有一个组（“${groups[0]}”），请换一个分组变量或不选组间因素`);
  if (groups && groups.length > MAX_GROUPS) throw new ToolInputError(`组间因素“${gName}”有 ${groups.length} 个组，超过 ${MAX_GROUPS} 个，请确认它是分类变量`);
  if (groups) {
    const small = groups.find((lv) => g!.filter((x) => x === lv).length < 2);
    if (small !== undefined) throw new ToolInputError(`组间因素“${gName}”的“${small}”组只有 ${g!.filter((x) => x === small).length} 例完整对象，每组至少需要 2 例；请合并组别或补充数据`);
    if (Y.length - groups.length < k - 1) throw new ToolInputError(`完整对象（${Y.length} 例）太少：多变量误差自由度（${Y.length - groups.length}）小于测量次数减 1（${k - 1}），无法估计`);
  }
  const flat = Y.flatMap((r) => r);
  if (flat.every((v) => v === flat[0])) throw new ToolInputError(`所选测量列（${vars.map((v) => `“${v}”`).join('、')}）的取值全部相同，无法进行方差分析`);
  if (Y.every((r) => r.every((v) => v === r[0]))) throw new ToolInputError('每个对象在各次测量中的取值都相同（没有个体内变异），无法进行重复测量方差分析');

  // The within-subject tests, one-way or mixed.
  let within: WithinTest;
  let interaction: WithinTest | null = null;
  let mauchly: { statistic: number; pValue: number } | null;
  let between: ReturnType<typeof mixedRepeatedMeasuresAnova> | null = null;
  let ssSubjects: number | null = null;
  const fromMixed = (r: MixedWithinRow): WithinTest => ({ ...r, gg: r.greenhouseGeisser, hf: r.huynhFeldt });
  if (groups) {
    between = mixedRepeatedMeasuresAnova(Y, g!, groups);
    within = fromMixed(between.within);
    interaction = fromMixed(between.interaction);
    mauchly = between.mauchly;
  } else {
    const r = repeatedMeasuresAnova(Y);
    within = { ss: r.ss, df1: r.df1, ssError: r.ssError, df2: r.df2, statistic: r.statistic, pValue: r.pValue, partialEtaSquared: r.partialEtaSquared, gg: r.greenhouseGeisser, hf: r.huynhFeldt };
    mauchly = r.mauchly;
    ssSubjects = r.ssSubjects;
  }
  const ggEps = within.gg.epsilon;
  const auto: Correction = mauchly === null || mauchly.pValue >= 0.05 ? 'none' : ggEps > 0.75 ? 'hf' : 'gg';
  const correction: Correction = choice === 'none' || choice === 'gg' || choice === 'hf' ? choice : auto;
  const pOf = (t: WithinTest, c: Correction) => (c === 'gg' ? t.gg.pValue : c === 'hf' ? t.hf.pValue : t.pValue);
  const epsOf = (t: WithinTest, c: Correction) => (c === 'gg' ? t.gg.epsilon : c === 'hf' ? Math.min(1, t.hf.epsilon) : 1);

  // Descriptive statistics per time (and group).
  const stat = (v: number[]) => {
    const n = v.length;
    const m = v.reduce((a, b) => a + b, 0) / n;
    const sd = n > 1 ? Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / (n - 1)) : NaN;
    return { n, mean: m, sd, se: sd / Math.sqrt(n) };
  };
  const sets = groups ? groups.map((lv) => ({ name: lv, rows: Y.filter((_, i) => g![i] === lv) })) : [{ name: '全部', rows: Y }];
  const descRows = sets.flatMap((s) => vars.map((v, j) => {
    const d = stat(s.rows.map((r) => r[j]!));
    return [...(groups ? [s.name] : []), v, d.n, num(d.mean, 3), num(d.sd, 3)];
  }));

  const sections: ToolOutput['sections'] = [
    { title: '描述统计', blocks: [table('表1 各次测量的描述统计', [...(groups ? [gName] : []), '测量', 'n', '均值', '标准差'], descRows, [missingNote(excluded)])] },
  ];
  sections.push({
    title: '球形检验',
    blocks: [
      table(
        '表2 Mauchly 球形检验',
        ['效应', 'Mauchly W', 'P', 'ε（Greenhouse–Geisser）', 'ε（Huynh–Feldt）'],
        [['时间', mauchly ? num(mauchly.statistic, 4) : null, mauchly ? formatP(mauchly.pValue) : '—', num(ggEps, 4), num(within.hf.epsilon, 4)]],
        [
          k === 2 ? '只有 2 次测量时球形假设自动满足，无需检验。' : mauchly === null ? '对象数太少，无法进行 Mauchly 检验。' : 'P < 0.05 提示违反球形假设，应采用校正后的自由度与 P 值。',
          'Huynh–Feldt ε 可大于 1，计算 P 值时取 1（同 R car 包）。',
          `本报告采用：${CORRECTION_NAME[correction]}${choice === 'auto' ? '（自动选择：Mauchly P ≥ 0.05 时假定球形；否则 ε(GG) > 0.75 用 Huynh–Feldt，≤ 0.75 用 Greenhouse–Geisser）' : ''}。`,
        ],
      ),
    ],
  });

  /** Partial ε² (effectsize::epsilon_squared(partial = TRUE)) from the effect's own error stratum; unchanged by GG/HF (ε scales both df). */
  const partialEpsilon2 = (ss: number, df1: number, ssError: number, df2: number) => (ss - (df1 * ssError) / df2) / (ss + ssError);
  const withinRows = (label: string, t: WithinTest) =>
    (['none', 'gg', 'hf'] as Correction[]).map((c) => {
      const e = epsOf(t, c);
      return [`${label}（${CORRECTION_NAME[c]}）`, num(t.ss, 3), num(t.df1 * e, c === 'none' ? 0 : 3), num(t.ss / (t.df1 * e), 3), num(t.statistic, 3), formatP(pOf(t, c)), num(t.partialEtaSquared, 3), num(partialEpsilon2(t.ss, t.df1, t.ssError, t.df2), 3)];
    });
  const errRows = (['none', 'gg', 'hf'] as Correction[]).map((c) => {
    const e = epsOf(within, c);
    return [`误差（时间，${CORRECTION_NAME[c]}）`, num(within.ssError, 3), num(within.df2 * e, c === 'none' ? 0 : 3), num(within.ssError / (within.df2 * e), 3), null, null, null, null];
  });
  sections.push({
    title: '个体内效应',
    blocks: [
      table('表3 个体内效应检验', ['变异来源', 'SS', 'df', 'MS', 'F', 'P', '偏 η²', '偏 ε²'], [...withinRows('时间', within), ...(interaction ? withinRows(`时间 × ${gName}`, interaction) : []), ...errRows], [
        groups ? 'III 型平方和（效应编码），同 SPSS 与 R car::Anova(type = 3)。' : '单因素重复测量方差分析，同 R car::Anova（idesign = ~时间）。',
        '校正仅改变自由度（乘以 ε）与 P 值，F 值不变。偏 η² = SS效应 /（SS效应 + SS误差）；偏 ε² =（SS效应 − df效应 × SS误差/df误差）/（SS效应 + SS误差），校正了偏 η² 的正偏倚（同 R effectsize::epsilon_squared），可为负值（按 0 解读），不受 GG/HF 校正影响。',
      ]),
    ],
  });
  if (between) {
    sections.push({
      title: '组间效应',
      blocks: [
        table(
          '表4 个体间效应检验',
          ['变异来源', 'SS', 'df', 'MS', 'F', 'P', '偏 η²', '偏 ε²'],
          [
            ['截距', num(between.intercept.ss, 3), between.intercept.df1, num(between.intercept.ss, 3), num(between.intercept.statistic, 3), formatP(between.intercept.pValue), null, null],
            [
              gName,
              num(between.between.ss, 3),
              between.between.df1,
              num(between.between.ss / between.between.df1, 3),
              num(between.between.statistic, 3),
              formatP(between.between.pValue),
              num(between.between.partialEtaSquared, 3),
              num(partialEpsilon2(between.between.ss, between.between.df1, between.between.ssError, between.between.df2), 3),
            ],
            ['误差', num(between.between.ssError, 3), between.between.df2, num(between.between.ssError / between.between.df2, 3), null, null, null, null],
          ],
          ['组间效应比较各组在全部测量上的平均水平，不受球形假设影响。'],
        ),
      ],
    });
  } else if (ssSubjects !== null) {
    sections[sections.length - 1]!.blocks.push(text(`个体间平方和 SS = ${num(ssSubjects, 3)}（df = ${Y.length - 1}），已从误差项中分离。`));
  }

  const results: ToolOutput['results'] = {
    n: Y.length,
    excluded,
    correction,
    statistic: within.statistic,
    df1: within.df1,
    df2: within.df2,
    p: within.pValue,
    pCorrected: pOf(within, correction),
    pGG: within.gg.pValue,
    pHF: within.hf.pValue,
    epsilonGG: within.gg.epsilon,
    epsilonHF: within.hf.epsilon,
    partialEta2: within.partialEtaSquared,
    partialEpsilon2: partialEpsilon2(within.ss, within.df1, within.ssError, within.df2),
    ss: within.ss,
    ssError: within.ssError,
    mauchlyW: mauchly?.statistic ?? null,
    mauchlyP: mauchly?.pValue ?? null,
  };
  if (interaction && between) {
    Object.assign(results, {
      interactionF: interaction.statistic,
      interactionDf1: interaction.df1,
      interactionP: interaction.pValue,
      interactionPCorrected: pOf(interaction, correction),
      interactionPGG: interaction.gg.pValue,
      interactionPHF: interaction.hf.pValue,
      interactionPartialEta2: interaction.partialEtaSquared,
      interactionPartialEpsilon2: partialEpsilon2(interaction.ss, interaction.df1, interaction.ssError, interaction.df2),
      betweenF: between.between.statistic,
      betweenDf1: between.between.df1,
      betweenDf2: between.between.df2,
      betweenP: between.between.pValue,
      betweenPartialEta2: between.between.partialEtaSquared,
      betweenPartialEpsilon2: partialEpsilon2(between.between.ss, between.between.df1, between.between.ssError, between.between.df2),
      interceptF: between.intercept.statistic,
    });
  }

  const sentences: string[] = [];
  const fText = (t: WithinTest) => {
    const e = epsOf(t, correction);
    return `F(${num(t.df1 * e, correction === 'none' ? 0 : 2)}, ${num(t.df2 * e, correction === 'none' ? 0 : 2)}) = ${num(t.statistic, 2)}，${pSentence(pOf(t, correction))}，偏 η² = ${num(t.partialEtaSquared, 3)}`;
  };
  sentences.push(
    `对 ${Y.length} 例对象 ${k} 次测量的数据进行${groups ? `${gName}（${groups.length} 组）× 时间的混合设计` : '单因素'}重复测量方差分析。` +
      (mauchly ? `Mauchly 球形检验 W = ${num(mauchly.statistic, 3)}，${pSentence(mauchly.pValue)}，${mauchly.pValue < 0.05 ? '不满足球形假设' : '满足球形假设'}；` : '') +
      `结果采用 ${CORRECTION_NAME[correction]}${correction === 'none' ? '' : `（ε = ${num(epsOf(within, correction), 3)}）`}。`,
  );
  sentences.push(`时间主效应${pOf(within, correction) < 0.05 ? '有' : '无'}统计学意义（${fText(within)}）。`);
  if (interaction && between) {
    sentences.push(`时间 × ${gName}交互作用${pOf(interaction, correction) < 0.05 ? '有' : '无'}统计学意义（${fText(interaction)}）${pOf(interaction, correction) < 0.05 ? `，即各组随时间的变化趋势不同` : ''}。`);
    sentences.push(`${gName}的组间效应${between.between.pValue < 0.05 ? '有' : '无'}统计学意义（F(${between.between.df1}, ${between.between.df2}) = ${num(between.between.statistic, 2)}，${pSentence(between.between.pValue)}，偏 η² = ${num(between.between.partialEtaSquared, 3)}）。`);
  }

  // Simple effects.
  if (params.simple !== false) {
    if (groups) {
      const swRows: Array<Array<string | number | null>> = [];
      sets.forEach((s) => {
        const r = orNull(() => repeatedMeasuresAnova(s.rows));
        if (!r) {
          swRows.push([s.name, null, null, null, '—', null, '—']);
          return;
        }
        swRows.push([s.name, num(r.statistic, 3), `${r.df1}, ${r.df2}`, num(r.greenhouseGeisser.epsilon, 3), formatP(r.pValue), num(r.partialEtaSquared, 3), formatP(r.greenhouseGeisser.pValue)]);
        results[`simpleWithinF.${s.name}`] = r.statistic;
        results[`simpleWithinP.${s.name}`] = r.pValue;
        results[`simpleWithinPGG.${s.name}`] = r.greenhouseGeisser.pValue;
      });
      const sbRows = vars.map((v, j) => {
        const a = orNull(() => oneWayAnova(sets.map((s) => ({ name: s.name, values: s.rows.map((r) => r[j]!) }))));
        if (a) {
          results[`simpleBetweenF.${v}`] = a.statistic;
          results[`simpleBetweenP.${v}`] = a.pValue;
        }
        return [v, a ? num(a.statistic, 3) : null, a ? `${a.df1}, ${a.df2}` : '—', a ? formatP(a.pValue) : '—', a ? num(a.etaSquared, 3) : null];
      });
      sections.push({
        title: '简单效应',
        blocks: [
          table(`表5 各组内的时间效应（单因素重复测量方差分析）`, [gName, 'F', 'df', 'ε（GG）', 'P', '偏 η²', 'P（GG 校正）'], swRows, ['每组分别建模（误差项取自该组），同 R 中对各组子集做 car::Anova。']),
          table(`表6 各时间点的组间比较（单因素方差分析）`, ['测量', 'F', 'df', 'P', 'η²'], sbRows, ['每个时间点分别做单因素方差分析（误差项取自该时间点）。多个时间点重复检验时，可按 Bonferroni 法以 0.05/测量次数为界。']),
        ],
      });
      // Pairwise comparisons of the time points on estimated marginal means, as emmeans on
      // aov(y ~ g * time + Error(id/time)): each time contrast lies in the within-subject stratum and
      // is tested with its pooled error (MS = SS误差/df误差, sphericity assumed), overall (the groups
      // weighted equally) and within each group; Bonferroni over the k(k − 1)/2 pairs of a family.
      const mse = within.ssError / within.df2;
      const dfE = within.df2;
      const m = (k * (k - 1)) / 2;
      const tCrit = tQuantile(1 - (1 - level) / (2 * m), dfE);
      const cellMeans = sets.map((s) => vars.map((_, j) => s.rows.reduce((a, r) => a + r[j]!, 0) / s.rows.length));
      const G = sets.length;
      const compare = (mean: (j: number) => number, se: number, key: string) =>
        vars.flatMap((a, ja) =>
          vars.slice(ja + 1).map((b, off) => {
            const jb = ja + 1 + off;
            const estimate = mean(ja) - mean(jb);
            const t = estimate / se;
            const p = Math.min(1, m * tTwoSided(t, dfE));
            const lower = estimate - tCrit * se;
            const upper = estimate + tCrit * se;
            const id = `${key}${a}-${b}`;
            Object.assign(results, { [`emmPairEstimate.${id}`]: estimate, [`emmPairSe.${id}`]: se, [`emmPairT.${id}`]: t, [`emmPairP.${id}`]: p, [`emmPairLower.${id}`]: lower, [`emmPairUpper.${id}`]: upper });
            return { a, b, estimate, se, t, p, lower, upper };
          }),
        );
      const overall = compare((j) => cellMeans.reduce((acc, cm) => acc + cm[j]!, 0) / G, Math.sqrt((2 * mse * sets.reduce((acc, st) => acc + 1 / st.rows.length, 0)) / G ** 2), '');
      const byGroup = sets.map((st, gi) => ({ name: st.name, pairs: compare((j) => cellMeans[gi]![j]!, Math.sqrt((2 * mse) / st.rows.length), `${st.name}.`) }));
      Object.assign(results, { emmDf: dfE, emmMse: mse });
      const pairRow = (x: (typeof overall)[number]) => [`${x.a} − ${x.b}`, num(x.estimate, 3), num(x.se, 3), `${num(x.lower, 3)} ~ ${num(x.upper, 3)}`, num(x.t, 3), formatP(x.p), stars(x.p)];
      const emmNotes = [
        `按估计边际均值比较（同 R emmeans 对 aov(y ~ ${gName} × 时间 + Error(对象/时间)) 的 pairs()）：时间的比较只涉及个体内层，使用该层的合并误差项（MS误差 = ${num(mse, 4)}，df = ${dfE}），各对比较的标准误相同（组内比较随该组例数而变）。`,
        `P 值与 ${pct}% 置信区间按 Bonferroni 法校正（每个比较族 ${m} 次比较）。`,
        `合并误差的比较假定球形、未做 Greenhouse–Geisser / Huynh–Feldt 校正（这些校正只用于 F 检验）${mauchly && mauchly.pValue < 0.05 ? '；本数据 Mauchly 检验提示违反球形假设，合并误差的两两比较可能偏于宽松，解读时宜结合表5各组内经 GG 校正的时间效应，或改用不依赖球形假设的比较（如 Bonferroni 校正的配对 t 检验）' : ''}。`,
      ];
      sections.push({
        title: '两两比较',
        blocks: [
          table(`表7 各时间点两两比较（估计边际均值，${sets.length} 组等权平均）`, ['比较', '均值差', '标准误', `${pct}%CI（Bonferroni）`, 't', 'P（Bonferroni）', '显著性'], overall.map(pairRow), [
            ...emmNotes,
            ...(interaction && pOf(interaction, correction) < 0.05 ? [`时间 × ${gName}交互作用有统计学意义，各组的变化趋势不同，宜以表8各组内的比较为准。`] : []),
          ]),
          table(`表8 各组内时间点的两两比较（估计边际均值）`, [gName, '比较', '均值差', '标准误', `${pct}%CI（Bonferroni）`, 't', 'P（Bonferroni）', '显著性'], byGroup.flatMap((bg) => bg.pairs.map((x, i) => [i === 0 ? bg.name : '', ...pairRow(x)])), [
            '每组内的比较自成一族做 Bonferroni 校正；误差项与表7相同（全部对象的个体内合并误差）。',
          ]),
        ],
      });
      const sigPairs = overall.filter((x) => x.p < 0.05).map((x) => `${x.a}与${x.b}`);
      const sigIn = byGroup.map((bg) => ({ name: bg.name, n: bg.pairs.filter((x) => x.p < 0.05).length })).filter((x) => x.n > 0);
      const emmSentence =
        `估计边际均值的两两比较（合并误差，Bonferroni 校正）：${sigPairs.length === m ? `各组平均后，${k} 个时间点两两之间差异均有统计学意义` : sigPairs.length > 0 ? `各组平均后，${sigPairs.join('、')}之间差异有统计学意义` : '各组平均后，各时间点之间差异均无统计学意义'}；` +
          `${sigIn.length > 0 ? `组内比较中，${sigIn.map((x) => `${x.name}组有 ${x.n} 对`).join('、')}时间点差异有统计学意义（每组共 ${m} 对）` : '各组内时间点之间的差异均无统计学意义'}。`;
      const sigTimes = vars.filter((v) => (results[`simpleBetweenP.${v}`] as number | undefined) !== undefined && (results[`simpleBetweenP.${v}`] as number) < 0.05);
      const sigGroups = sets.filter((s) => (results[`simpleWithinPGG.${s.name}`] as number | undefined) !== undefined && (results[`simpleWithinPGG.${s.name}`] as number) < 0.05).map((s) => s.name);
      sentences.push(
        `简单效应分析：${sigGroups.length > 0 ? `${sigGroups.join('、')}组内 ${vars.length} 次测量之间差异有统计学意义（GG 校正 P < 0.05）` : '各组内时间效应均无统计学意义'}；${sigTimes.length > 0 ? `${sigTimes.join('、')}时各组间差异有统计学意义（P < 0.05）` : '各时间点组间差异均无统计学意义'}。`,
      );
      sentences.push(emmSentence);
    } else {
      const pairs: Array<{ a: number; b: number; t: ReturnType<typeof pairedTTest> }> = [];
      for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) pairs.push({ a, b, t: pairedTTest(Y.map((r) => r[a]!), Y.map((r) => r[b]!), { level: 1 - (1 - level) / (k * (k - 1) / 2) }) });
      const adj = pAdjust(pairs.map((x) => x.t.pValue), 'bonferroni');
      const rows = pairs.map((x, i) => {
        results[`posthocP.${vars[x.a]}-${vars[x.b]}`] = adj[i]!;
        return [`${vars[x.a]} − ${vars[x.b]}`, num(x.t.estimate, 3), `${num(x.t.ci[0], 3)} ~ ${num(x.t.ci[1], 3)}`, num(x.t.statistic, 3), formatP(adj[i]!), stars(adj[i]!)];
      });
      sections.push({ title: '两两比较', blocks: [table('表4 各次测量的两两比较（Bonferroni 校正的配对 t 检验）', ['比较', '均值差', `${pct}%CI（Bonferroni）`, 't', 'P（校正）', '显著性'], rows, ['同 R pairwise.t.test(paired = TRUE, p.adjust.method = "bonferroni")；置信区间按比较次数放宽。'])] });
      const sig = pairs.filter((_, i) => adj[i]! < 0.05).map((x) => `${vars[x.a]}与${vars[x.b]}`);
      sentences.push(sig.length > 0 ? `Bonferroni 校正的两两比较显示：${sig.join('、')}之间差异有统计学意义。` : 'Bonferroni 校正的两两比较未发现差异有统计学意义的时间点对。');
    }
  }

  // Profile plot.
  const barName = errorBar === 'ci' ? `${pct}%CI` : errorBar === 'sd' ? '±1 SD' : '±1 SE';
  const series = sets.map((s) => ({
    name: groups ? s.name : '均值',
    points: vars.map((_, j) => {
      const d = stat(s.rows.map((r) => r[j]!));
      const h = errorBar === 'sd' ? d.sd : errorBar === 'ci' ? tQuantile(1 - (1 - level) / 2, d.n - 1) * d.se : d.se;
      return Number.isFinite(h) ? { mean: d.mean, lower: d.mean - h, upper: d.mean + h } : { mean: d.mean, lower: d.mean, upper: d.mean };
    }),
  }));
  sections.push({ title: '图形', blocks: [profileChart(vars, series, { title: groups ? `图1 各组${k}次测量均值的轮廓图` : `图1 ${k}次测量均值的变化`, xName: '测量时间', yName: '均值', barLabel: `误差线：${barName}` })] });

  const caveats: string[] = [];
  if (mauchly && mauchly.pValue < 0.05 && choice === 'none') caveats.push('Mauchly 检验提示违反球形假设，而本报告按假定球形计算，P 值可能偏小；建议改用 Greenhouse–Geisser 或 Huynh–Feldt 校正。');
  if (groups && sets.some((s) => s.rows.length < 5)) caveats.push('部分组的例数少于 5，组内简单效应的估计不稳定。');
  if (excluded > 0) caveats.push(`${excluded} 例对象因有测量缺失而被整体剔除；缺失较多时可考虑线性混合模型。`);
  sections.push({ title: '结论', blocks: [text(...sentences, ...caveats)] });
  return { title: groups ? `重复测量方差分析：${gName} × 时间` : '重复测量方差分析', sections, results };
}
