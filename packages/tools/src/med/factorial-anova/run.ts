// 双因素方差分析 / 协方差分析: two factors (or one) with their interaction and optional covariates;
// type III ANOVA with the intercept row (car::Anova, contr.sum), partial η², estimated marginal means
// and their pairwise comparisons with the model's error term (emmeans, Tukey/Bonferroni/none), simple
// effects of A within each level of B, Levene and residual normality, homogeneity of slopes, and an
// interaction plot of the cell EMMs.
import { estimatedMarginalMeans, factorialAnova, leveneTest, shapiroWilk, type EmmAdjust, type EmmeansInput, type EmmeansResult } from '@labstat/stats';
import { profileChart, stars } from '../../charts.js';
import { levelOf, pSentence, requireVariables } from '../../common.js';
import { orNull } from '../../groups.js';
import { parseReferences } from '../../model-terms.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { levelOrder, missingNote, numericValues } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const MAX_LEVELS = 20;
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String).filter((x) => x !== '') : typeof v === 'string' && v !== '' ? [v] : []);
const ADJUST_NAME: Record<EmmAdjust, string> = { tukey: 'Tukey 法', bonferroni: 'Bonferroni 法', none: 'LSD 法（不校正）' };

export function run(data: DataTable, params: Params): ToolOutput {
  const yName = String(params.y ?? '');
  const aName = String(params.factorA ?? '');
  const bName = String(params.factorB ?? '');
  const covNames = list(params.covariates);
  if (!yName || !aName) throw new ToolInputError('请选择因变量和因素 A');
  const factorNames = bName ? [aName, bName] : [aName];
  requireVariables(data, [yName, ...factorNames, ...covNames]);
  if (bName === aName) throw new ToolInputError(`因素 A 与因素 B 不能是同一列“${aName}”`);
  for (const v of [...factorNames, ...covNames]) if (v === yName) throw new ToolInputError(`因变量“${yName}”不能同时作为因素或协变量`);
  const both = covNames.find((c) => factorNames.includes(c));
  if (both) throw new ToolInputError(`变量“${both}”同时被选为因素与协变量，请只保留一种`);
  const level = levelOf(params);
  const pct = Math.round(level * 100);
  const posthoc = String(params.posthoc ?? 'tukey');
  const adjust: EmmAdjust | null = posthoc === 'skip' ? null : posthoc === 'bonferroni' ? 'bonferroni' : posthoc === 'none' ? 'none' : 'tukey';
  const withInteraction = Boolean(bName) && params.interaction !== false;

  // Listwise deletion over every variable used.
  const y = numericValues(data, yName);
  const covs = covNames.map((c) => numericValues(data, c));
  const facs = factorNames.map((f) => data.text(f).map((v) => (v === null || v.trim() === '' ? null : v.trim())));
  const keep: number[] = [];
  for (let i = 0; i < data.rows; i++) if (y[i] !== null && covs.every((c) => c[i] !== null) && facs.every((f) => f[i] !== null)) keep.push(i);
  const excluded = data.rows - keep.length;
  const yv = keep.map((i) => y[i]!);
  const fv = facs.map((f) => keep.map((i) => f[i]!));
  const cv = covs.map((c) => keep.map((i) => c[i]!));
  const order = parseReferences(params.order, factorNames);
  const levels = factorNames.map((f, j) => levelOrder(fv[j]!, f, order.get(f) ?? []));
  levels.forEach((lv, j) => {
    if (lv.length < 2) throw new ToolInputError(`因素“${factorNames[j]}”在分析样本中只有一个水平（“${lv[0] ?? ''}”），无法比较，请换一个因素`);
    if (lv.length > MAX_LEVELS) throw new ToolInputError(`因素“${factorNames[j]}”有 ${lv.length} 个水平，超过 ${MAX_LEVELS} 个，请确认它是分类变量`);
  });
  cv.forEach((c, j) => {
    if (c.every((v) => v === c[0])) throw new ToolInputError(`协变量“${covNames[j]}”在分析样本中取值恒定，无法作为协变量，请移除`);
  });
  if (new Set(yv).size < 2) throw new ToolInputError(`因变量“${yName}”在分析样本中取值恒定，无法进行方差分析`);

  // Cells (A × B, or A alone) with their raw descriptive statistics.
  const cellKey = (i: number) => fv.map((f) => f[i]!).join('\u0000');
  const cellValues = new Map<string, number[]>();
  yv.forEach((v, i) => {
    const k = cellKey(i);
    if (!cellValues.has(k)) cellValues.set(k, []);
    cellValues.get(k)!.push(v);
  });
  const cellList = bName ? levels[1]!.flatMap((b) => levels[0]!.map((a) => [a, b])) : levels[0]!.map((a) => [a]);
  if (withInteraction) {
    const empty = cellList.find((c) => !cellValues.has(c.join('\u0000')));
    if (empty) throw new ToolInputError(`“${aName}”=“${empty[0]}”且“${bName}”=“${empty[1]}”的单元格没有观测，无法估计交互作用；请关闭“包含 A×B 交互作用”或合并水平`);
  }
  const nParams = 1 + covNames.length + levels.reduce((a, l) => a + l.length - 1, 0) + (withInteraction ? (levels[0]!.length - 1) * (levels[1]!.length - 1) : 0);
  if (yv.length <= nParams) throw new ToolInputError(`完整观测只有 ${yv.length} 例，不多于模型参数个数（${nParams}），无法估计误差`);

  const factorInputs = factorNames.map((name, j) => ({ name, values: fv[j]!, levels: levels[j]! }));
  const covInputs = covNames.map((name, j) => ({ name, values: cv[j]! }));
  const interactions = withInteraction ? ([[aName, bName]] as string[][]) : ('none' as const);
  const anova = factorialAnova({ y: yv, factors: factorInputs, covariates: covInputs, interactions, type: 3 });
  const input: EmmeansInput = { y: yv, factors: factorInputs, covariates: covInputs, interactions };
  const emm = factorNames.map((f) => estimatedMarginalMeans(input, { specs: [f], level, adjust: adjust ?? 'none', compare: adjust !== null }));
  const cells = bName ? estimatedMarginalMeans(input, { specs: [aName, bName], level, compare: false }) : null;
  const simple = withInteraction && adjust !== null && params.simple !== false ? estimatedMarginalMeans(input, { specs: [aName, bName], by: bName, level, adjust }) : null;

  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const sd = (v: number[]) => {
    if (v.length < 2) return null;
    // The mean once, not once per value (quadratic in the cell's size).
    const m = mean(v);
    return Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / (v.length - 1));
  };
  const descRows = cellList.map((c) => {
    const v = cellValues.get(c.join('\u0000')) ?? [];
    return [...c, v.length, v.length ? num(mean(v), 2) : null, num(sd(v), 2)];
  });
  const yMean = mean(yv);
  const ssTotal = yv.reduce((a, v) => a + (v - yMean) ** 2, 0);
  const rSquared = 1 - anova.residual.ss / ssTotal;
  const adjRSquared = 1 - (1 - rSquared) * ((yv.length - 1) / anova.residual.df);

  // Assumptions: Levene across cells (median-centred, as car::leveneTest), Shapiro–Wilk on residuals.
  const groups = cellList.map((c) => ({ name: c.join(' × '), values: cellValues.get(c.join('\u0000')) ?? [] })).filter((g) => g.values.length > 0);
  const levene = groups.every((g) => g.values.length >= 2) ? orNull(() => leveneTest(groups, 'median')) : null;
  const shapiro = emm[0]!.residuals.length >= 3 && emm[0]!.residuals.length <= 5000 ? orNull(() => shapiroWilk(emm[0]!.residuals)) : null;
  // Homogeneity of regression slopes: covariate × factor terms added to the model.
  const slopes = covNames.flatMap((c) =>
    factorNames.map((f) => {
      const r = orNull(() => factorialAnova({ y: yv, factors: factorInputs, covariates: covInputs, interactions: [...(withInteraction ? [[aName, bName]] : []), [c, f]], type: 3 }));
      const row = r?.rows.find((x) => x.term === `${c}:${f}`) ?? null;
      return { term: `${c} × ${f}`, row };
    }),
  );
  const checkRows: Array<Array<string | number | null>> = [
    ['Levene 方差齐性检验（各单元格）', levene ? num(levene.statistic, 3) : null, levene ? formatP(levene.pValue) : '—', levene ? (levene.pValue < 0.05 ? '方差不齐' : '方差齐') : '单元格样本量不足'],
    ['残差 Shapiro-Wilk 正态性检验', shapiro ? num(shapiro.statistic, 3) : null, shapiro ? formatP(shapiro.pValue) : '—', shapiro ? (shapiro.pValue < 0.05 ? '偏离正态' : '近似正态') : '无法计算'],
    ...slopes.map((s) => [`回归斜率同质性（${s.term}）`, s.row ? num(s.row.statistic, 3) : null, s.row ? formatP(s.row.pValue) : '—', s.row ? (s.row.pValue < 0.05 ? '斜率不同质' : '斜率同质') : '无法估计']),
  ];

  /** Partial ε² (effectsize::epsilon_squared(partial = TRUE)): (SS − df·MSE)/(SS + SSE); may be below 0. */
  const partialEpsilon2 = (r: { ss: number; df: number }) => (r.ss - r.df * anova.residual.ms) / (r.ss + anova.residual.ss);
  const termLabel = (t: string) => (t === '(Intercept)' ? '截距' : t.split(':').join(' × '));
  const allRows = [anova.intercept!, ...anova.rows];
  const anovaRows: Array<Array<string | number | null>> = [
    ...allRows.map((r) => [
      termLabel(r.term),
      num(r.ss, 3),
      r.df,
      num(r.ms, 3),
      num(r.statistic, 3),
      formatP(r.pValue),
      r.term === '(Intercept)' ? null : num(r.partialEtaSquared, 3),
      r.term === '(Intercept)' ? null : num(partialEpsilon2(r), 3),
    ]),
    ['误差', num(anova.residual.ss, 3), anova.residual.df, num(anova.residual.ms, 3), null, null, null, null],
  ];
  const design = bName ? `${aName} × ${bName}两因素` : `${aName}单因素`;
  const kind = covNames.length > 0 ? '协方差分析' : '方差分析';
  const sections: ToolOutput['sections'] = [
    { title: '描述统计', blocks: [table('表1 各单元格描述统计', [...factorNames, 'n', '均值', '标准差'], descRows, [missingNote(excluded)])] },
    { title: '前提检验', blocks: [table('表2 方差齐性、残差正态性与回归斜率同质性', ['检验', '统计量', 'P', '结论'], checkRows, covNames.length > 0 ? ['回归斜率同质性：在模型中加入协变量与因素的交互项，检验其是否有统计学意义（P ≥ 0.05 时满足协方差分析的前提）。'] : [])] },
    {
      title: `${kind}表`,
      blocks: [
        table(`表3 ${design}${kind}表（III 型平方和）`, ['变异来源', 'SS', 'df', 'MS', 'F', 'P', '偏 η²', '偏 ε²'], anovaRows, [
          `III 型平方和，效应编码（sum-to-zero），同 SPSS 与 R car::Anova(type = 3)。R² = ${num(rSquared, 3)}，调整 R² = ${num(adjRSquared, 3)}。`,
          '偏 η² = SS效应 /（SS效应 + SS误差）；0.01、0.06、0.14 分别约为小、中、大效应。偏 ε² =（SS效应 − df效应 × MS误差）/（SS效应 + SS误差），校正了偏 η² 的正偏倚（同 R effectsize::epsilon_squared），效应很小时可为负值，按 0 解读。',
          missingNote(excluded),
        ]),
      ],
    },
  ];

  const covNote = covNames.length > 0 ? `协变量取样本均值（${covNames.map((c, j) => `${c} = ${num(mean(cv[j]!), 2)}`).join('，')}）时的调整均值；` : '';
  const emmRows = emm.flatMap((e, j) => e.means.map((m) => [factorNames[j]!, m.levels[factorNames[j]!]!, num(m.estimate, 3), num(m.se, 3), `${num(m.lower, 3)} ~ ${num(m.upper, 3)}`]));
  const emmBlocks = [
    table(`表4 估计边际均值`, ['因素', '水平', 'EMM', '标准误', `${pct}%CI`], emmRows, [
      `${covNote}对另一因素各水平等权平均（同 R emmeans）。标准误基于模型误差均方（MSE = ${num(anova.residual.ms, 3)}，df = ${anova.residual.df}）。`,
      ...(withInteraction ? ['存在交互项时，主效应的边际均值是对另一因素各水平的平均，解读时请结合交互作用图与简单效应。'] : []),
    ]),
  ];
  if (cells) {
    const cellRows = cells.means.map((m) => [m.levels[aName]!, m.levels[bName]!, num(m.estimate, 3), num(m.se, 3), `${num(m.lower, 3)} ~ ${num(m.upper, 3)}`]);
    emmBlocks.push(table('表5 各单元格估计边际均值', [aName, bName, 'EMM', '标准误', `${pct}%CI`], cellRows, covNames.length > 0 ? ['协变量取样本均值时的调整均值。'] : withInteraction ? ['含交互项的模型中，单元格边际均值即各单元格的样本均值。'] : ['无交互项的模型中，单元格边际均值为模型预测值（加性模型）。']));
  }
  sections.push({ title: '估计边际均值', blocks: emmBlocks });

  const results: ToolOutput['results'] = {
    n: yv.length,
    excluded,
    dfResidual: anova.residual.df,
    mse: anova.residual.ms,
    ssResidual: anova.residual.ss,
    rSquared,
    adjRSquared,
    leveneP: levene?.pValue ?? null,
    shapiroP: shapiro?.pValue ?? null,
  };
  for (const r of allRows) {
    results[`F.${r.term}`] = r.statistic;
    results[`df.${r.term}`] = r.df;
    results[`p.${r.term}`] = r.pValue;
    results[`ss.${r.term}`] = r.ss;
    if (r.term !== '(Intercept)') {
      results[`partialEta2.${r.term}`] = r.partialEtaSquared;
      results[`partialEpsilon2.${r.term}`] = partialEpsilon2(r);
    }
  }
  for (const s of slopes) if (s.row) results[`slopesP.${s.term.replace(' × ', ':')}`] = s.row.pValue;
  emm.forEach((e, j) =>
    e.means.forEach((m) => {
      const k = `${factorNames[j]}.${m.levels[factorNames[j]!]}`;
      results[`emm.${k}`] = m.estimate;
      results[`emmSe.${k}`] = m.se;
      results[`emmLower.${k}`] = m.lower;
      results[`emmUpper.${k}`] = m.upper;
    }),
  );

  const pairRows = (e: EmmeansResult, lead: string | null) =>
    e.comparisons.map((c) => [...(lead !== null ? [lead] : []), ...(c.by !== null ? [c.by] : []), `${c.a} − ${c.b}`, num(c.estimate, 3), num(c.se, 3), num(c.statistic, 3), formatP(c.pValue), `${num(c.lower, 3)} ~ ${num(c.upper, 3)}`, stars(c.pValue)]);
  const sentences: string[] = [];
  const covText = covNames.length > 0 ? `，以${covNames.join('、')}为协变量` : '';
  sentences.push(`以${yName}为因变量${covText}，进行${design}${kind}（III 型平方和，n = ${yv.length}）。`);
  for (const r of anova.rows) {
    const what = r.term.includes(':') ? `${termLabel(r.term)}交互作用` : covNames.includes(r.term) ? `协变量${r.term}的作用` : `${r.term}的主效应`;
    sentences.push(`${what}${r.pValue < 0.05 ? '有' : '无'}统计学意义（F(${r.df}, ${anova.residual.df}) = ${num(r.statistic, 2)}，${pSentence(r.pValue)}，偏 η² = ${num(r.partialEtaSquared, 3)}）。`);
  }
  const inter = anova.rows.find((r) => r.term.includes(':'));
  if (adjust !== null) {
    const blocks = [];
    const pairs = emm.filter((e) => e.comparisons.length > 0);
    blocks.push(
      table(
        `表6 估计边际均值的两两比较（${ADJUST_NAME[adjust]}）`,
        ['因素', '比较', '均值差', '标准误', 't', 'P', `${pct}%CI`, '显著性'],
        emm.flatMap((e, j) => pairRows(e, factorNames[j]!)),
        [`基于模型误差项（df = ${anova.residual.df}）；${adjust === 'tukey' ? 'P 值与置信区间按学生化极差分布校正（同 emmeans 的 Tukey 法）' : adjust === 'bonferroni' ? 'P 值乘以比较次数（上限 1），置信区间相应放宽' : '未做多重比较校正'}。* P<0.05，** P<0.01，*** P<0.001，ns 不显著。`],
      ),
    );
    for (const [j, e] of emm.entries()) {
      if (!pairs.includes(e) || (withInteraction && inter && inter.pValue < 0.05)) continue;
      const sig = e.comparisons.filter((c) => c.pValue < 0.05).map((c) => `${c.a}与${c.b}`);
      if (e.comparisons.length > 1 || sig.length > 0) sentences.push(sig.length > 0 ? `${factorNames[j]}各水平的边际均值两两比较（${ADJUST_NAME[adjust]}）：${sig.join('、')}之间差异有统计学意义。` : `${factorNames[j]}各水平的边际均值两两比较（${ADJUST_NAME[adjust]}）未发现差异有统计学意义的水平对。`);
    }
    e2results(emm, factorNames, results);
    if (simple) {
      blocks.push(table(`表7 简单效应：在${bName}各水平内比较${aName}（${ADJUST_NAME[adjust]}）`, [bName, '比较', '均值差', '标准误', 't', 'P', `${pct}%CI`, '显著性'], pairRows(simple, null), ['每个水平内为一个比较族，按该族的比较数校正；误差项为整个模型的误差均方。']));
      for (const c of simple.comparisons) {
        const k = `${aName}.${c.a}-${c.b}@${c.by}`;
        results[`simpleP.${k}`] = c.pValue;
        results[`simpleDiff.${k}`] = c.estimate;
      }
      if (inter && inter.pValue < 0.05) {
        const parts = levels[1]!.map((b) => {
          const sig = simple.comparisons.filter((c) => c.by === b && c.pValue < 0.05).map((c) => `${c.a}与${c.b}`);
          return `${bName}为“${b}”时${sig.length > 0 ? `${sig.join('、')}之间差异有统计学意义` : `${aName}各水平间差异无统计学意义`}`;
        });
        sentences.push(`由于交互作用有统计学意义，进一步做简单效应分析：${parts.join('；')}（${ADJUST_NAME[adjust]}）。`);
      }
    }
    sections.push({ title: '两两比较', blocks });
  }
  if (cells) {
    const series = levels[1]!.map((b) => ({
      name: b,
      points: levels[0]!.map((a) => {
        const m = cells.means.find((x) => x.levels[aName] === a && x.levels[bName] === b)!;
        return { mean: m.estimate, lower: m.lower, upper: m.upper };
      }),
    }));
    sections.push({ title: '图形', blocks: [profileChart(levels[0]!, series, { title: `图1 ${aName} × ${bName} 交互作用图（估计边际均值）`, xName: aName, yName, barLabel: `误差线：${pct}%CI` })] });
  } else {
    const series = [{ name: yName, points: emm[0]!.means.map((m) => ({ mean: m.estimate, lower: m.lower, upper: m.upper })) }];
    sections.push({ title: '图形', blocks: [profileChart(levels[0]!, series, { title: `图1 ${aName}各水平的估计边际均值`, xName: aName, yName, barLabel: `误差线：${pct}%CI` })] });
  }

  const caveats: string[] = [];
  if (levene && levene.pValue < 0.05) caveats.push(`Levene 检验提示各单元格方差不齐（${pSentence(levene.pValue)}）；各单元格样本量相差较大时 F 检验可能失真，可考虑变量变换或稳健方法。`);
  if (shapiro && shapiro.pValue < 0.05) caveats.push(`残差偏离正态分布（Shapiro-Wilk ${pSentence(shapiro.pValue)}）；样本量较大时影响有限，小样本时请谨慎解读或考虑变换。`);
  for (const s of slopes) if (s.row && s.row.pValue < 0.05) caveats.push(`协变量与因素的交互（${s.term}）有统计学意义（${pSentence(s.row.pValue)}），回归斜率不同质，协方差分析的调整均值可能误导。`);
  const small = descRows.filter((r) => (r[factorNames.length] as number) < 2);
  if (small.length > 0) caveats.push(`有 ${small.length} 个单元格的样本量少于 2，估计不稳定。`);
  sections.push({ title: '结论', blocks: [text(...sentences, ...caveats)] });
  return { title: `${design}${kind}：${yName}`, sections, results };
}

function e2results(emm: readonly EmmeansResult[], factorNames: readonly string[], results: ToolOutput['results']): void {
  emm.forEach((e, j) =>
    e.comparisons.forEach((c) => {
      const k = `${factorNames[j]}.${c.a}-${c.b}`;
      results[`posthocP.${k}`] = c.pValue;
      results[`posthocDiff.${k}`] = c.estimate;
      results[`posthocLower.${k}`] = finiteOrNull(c.lower);
      results[`posthocUpper.${k}`] = finiteOrNull(c.upper);
    }),
  );
}
