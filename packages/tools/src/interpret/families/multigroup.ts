// Explainers of the multigroup family (issue 17): one-way, non-parametric, repeated-measures and
// factorial comparisons of more than two groups or conditions, the guided multi-group flow and the
// grouped box plot. Each reads the tool's own `results` and tables.
import { cellNum, fmt, name, pText, significant, type Cell, type Explanation, type ReportFacts } from '../explanation.js';
import {
  cellText,
  etaSize,
  FLOW_CAVEAT,
  flowAlpha,
  levelPct,
  pCell,
  pCellSignificant,
  rSize,
  shapiroPath,
  sigWord,
  toolNotes,
  withPath,
} from './comparison.js';

const list = (xs: readonly string[], max = 6): string => (xs.length > max ? `${xs.slice(0, max).join('、')} 等` : xs.join('、'));

/** The method named in a table title's outer parentheses, e.g. "表4 两两比较（Tukey HSD）" → "Tukey HSD". */
function titleMethod(title: string | undefined): string {
  const t = (title ?? '').trim();
  const i = t.indexOf('（');
  return i >= 0 && t.endsWith('）') ? name(t.slice(i + 1, -1)) : '';
}

/** Shapiro–Wilk rows of an assumption table whose verdict says the group departs from normality. */
function nonNormalRows(rows: Cell[][]): Array<{ label: string; p: string }> {
  return rows.filter((r) => String(r[0] ?? '').startsWith('Shapiro-Wilk') && /^偏离/.test(String(r[3] ?? ''))).map((r) => ({ label: cellText(r[0]), p: pCell(r[2]) }));
}

/** Pairwise rows with P in column `pCol`: the significant labels and the lines to list. */
function pairwise(rows: Cell[][], pCol: number): { sig: string[]; lines: string[] } {
  const sig = rows.filter((r) => pCellSignificant(r[pCol])).map((r) => cellText(r[0]).replace(' vs ', '与'));
  return { sig, lines: rows.map((r) => `${cellText(r[0])}：${pCell(r[pCol])}${pCellSignificant(r[pCol]) ? '（有统计学意义）' : ''}`) };
}

// ---------------------------------------------------------------------------------------------
// One-way ANOVA (also the parametric branches of the multi-group flow)

function anovaOneway(f: ReportFacts): Explanation {
  const y = f.param('y');
  const g = f.param('group');
  const isFlow = f.report.tool.key.startsWith('flow');
  const alpha = flowAlpha(f);
  const groups = f.rows('各组描述统计').map((r) => ({ name: cellText(r[0]), n: cellNum(r[1]), mean: cellNum(r[2]), sd: cellNum(r[3]) }));
  const welch = f.str('method') === 'welch';
  const setting = f.report.parameters.method;
  const F = f.num('statistic');
  const df1 = f.num('df1');
  const df2 = f.num('df2');
  const p = f.num('p');
  const eta = f.num('etaSquared');
  const omega = f.num('omegaSquared');
  const eps = f.num('epsilonSquared');
  const levene = f.num('leveneP');
  const phTable = f.table('两两比较');
  const phName = titleMethod(phTable?.title);
  const ph = pairwise(phTable?.rows ?? [], 3);
  const pct = levelPct(f);
  const checkRows = [...f.rows('正态性与方差齐性'), ...f.rows('前提检验')];
  const nonNormal = nonNormalRows(checkRows);
  const df2Text = fmt(df2, welch ? 2 : 0);
  const testName = welch ? 'Welch 方差分析' : '单因素方差分析';

  const why = welch
    ? setting === 'welch'
      ? '按分析设置采用不假定方差齐的 Welch 方差分析（分母自由度经校正，可为小数）。'
      : `Levene 检验 ${pText(levene)}，提示各组方差不齐，因此采用 Welch 方差分析（分母自由度经校正）。`
    : setting === 'classic'
      ? '按分析设置采用假定方差齐的经典方差分析。'
      : levene !== null
        ? `Levene 检验 ${pText(levene)}（≥ ${isFlow ? alpha.text : '0.05'}），可认为各组方差齐，因此采用经典的单因素方差分析。`
        : 'Levene 检验无法计算，按方差齐采用经典方差分析。';
  const method =
    `比较按“${g}”分成的 ${groups.length} 组“${y}”的均值是否全部相等，采用${testName}。` +
    '方差分析适用于多个独立组、结局为定量资料且各组近似正态的情形；它先做整体检验，整体有差异时再用两两比较找出哪些组不同。' +
    why +
    (phName ? `两两比较采用 ${phName}。` : '本次未做两两比较。');

  const numbers: string[] = groups.map((r) => `${r.name}：n = ${fmt(r.n, 0)}，均值 ${fmt(r.mean, 2)}，标准差 ${fmt(r.sd, 2)}。`);
  numbers.push(`${testName}：F(${fmt(df1, 0)}, ${df2Text}) = ${fmt(F, 3)}，${pText(p)}：${significant(p) ? '各组均值不全相等' : '尚不能认为各组均值不同'}。`);
  const other = welch ? [f.num('classicF'), f.num('classicP'), '经典方差分析'] as const : [f.num('welchF'), f.num('welchP'), 'Welch 方差分析'] as const;
  if (other[0] !== null) numbers.push(`作为对照，${other[2]} F = ${fmt(other[0], 3)}，${pText(other[1])}${significant(other[1]) === significant(p) ? '，与主要结果结论一致' : '，与主要结果结论不一致，需谨慎'}。`);
  if (eta !== null) numbers.push(`效应量 η² = ${fmt(eta, 3)}：组别可解释“${y}”总变异的 ${fmt(eta * 100, 1)}%；偏差较小的 ω² = ${fmt(omega, 3)}、ε² = ${fmt(eps, 3)}，按经验标准属于${etaSize(omega ?? eta)}效应。`);
  if (levene !== null) numbers.push(`Levene 方差齐性检验 ${pText(levene)}：${levene < (isFlow ? alpha.value : 0.05) ? '方差不齐' : '方差齐'}。`);
  if (ph.lines.length > 0) numbers.push(`${phName} 两两比较：${ph.lines.join('；')}。`);

  const sorted = groups.filter((r) => r.mean !== null).sort((a, b) => b.mean! - a.mean!);
  const top = sorted[0];
  const bottom = sorted[sorted.length - 1];
  const conclusion = significant(p)
    ? `${groups.length} 组“${y}”的均值差异有统计学意义（${pText(p)}）` +
      (top && bottom ? `，均值最高为${top.name}（${fmt(top.mean, 2)}），最低为${bottom.name}（${fmt(bottom.mean, 2)}）` : '') +
      `；η² = ${fmt(eta, 3)}，${etaSize(omega ?? eta)}效应。` +
      (phName ? (ph.sig.length > 0 ? `${phName} 两两比较显示 ${list(ph.sig)} 差异有统计学意义，其余组对差异无统计学意义。` : `但 ${phName} 两两比较未发现差异有统计学意义的组对，整体差异可能来自多个组的综合趋势。`) : '')
    : `${groups.length} 组“${y}”的均值差异无统计学意义（${pText(p)}），现有数据不足以认为各组均值不同；整体检验不显著时一般不再解读两两比较。`;

  const caveats: string[] = [];
  for (const r of nonNormal) caveats.push(`${r.label}：${r.p}，该组偏离正态分布；样本量较小时建议改用 Kruskal-Wallis 检验或做敏感性分析。`);
  if (!welch && levene !== null && levene < 0.05) caveats.push(`Levene 检验 ${pText(levene)} 提示方差不齐，而本报告按设置采用经典方差分析，建议改用 Welch 方差分析与 Games-Howell 两两比较。`);
  if (welch && phName.startsWith('Tukey')) caveats.push('方差不齐时 Tukey HSD 可能不准确，建议两两比较改用 Games-Howell。');
  if (phName.startsWith('LSD')) caveats.push('LSD 法未做多重比较校正，比较的组对越多，假阳性风险越高；宜改用 Tukey HSD 或 Bonferroni。');
  if (groups.some((r) => r.n !== null && r.n < 10)) caveats.push('至少一组例数少于 10，正态性与方差齐性检验都不可靠，结论需谨慎。');
  if (isFlow) caveats.push(FLOW_CAVEAT);

  const desc = groups.map((r) => `${r.name}为 ${fmt(r.mean, 2)} ± ${fmt(r.sd, 2)}`).join('，');
  const paper =
    `采用${testName}比较${groups.length}组${y}。${desc ? `${desc}（均数 ± 标准差）。` : ''}` +
    `各组差异${sigWord(p)}（F = ${fmt(F, 3)}，${pText(p)}，η² = ${fmt(eta, 3)}）` +
    (significant(p) && phName ? (ph.sig.length > 0 ? `；${phName} 两两比较显示，${list(ph.sig)} 差异有统计学意义（P < 0.05）。` : `；${phName} 两两比较未发现差异有统计学意义的组对。`) : '。');
  const next = significant(p)
    ? [
        `报告各组均值（95%CI）与两两比较的均值差及其${pct}%CI，判断差异的临床意义。`,
        '若组间存在基线差异或混杂因素，可用协方差分析（两因素方差分析/协方差分析工具）做校正。',
        nonNormal.length > 0 ? '用 Kruskal-Wallis 检验做敏感性分析。' : '若组别为有序等级（如剂量），可进一步做趋势检验或回归分析。',
      ]
    : ['查看各组均值差的置信区间，判断是否存在有临床意义但未被检出的差异。', '根据本次的组内标准差估计所需样本量。', '若各组有自然顺序，可考虑趋势检验，效能通常高于整体方差分析。'];
  const nonsignificant = significant(p)
    ? `本次 ${pText(p)}，只说明各组均值不全相等，并不说明每两组之间都有差异——具体哪些组不同要看两两比较；差异大小要看均值差及效应量。`
    : `本次 ${pText(p)} ≥ 0.05，表示未能证明各组均值不同，不等于证明各组相同。组数多、每组例数少时方差分析的效能有限。`;
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next,
    nonsignificant,
    effect:
      eta !== null
        ? `η² = ${fmt(eta, 3)} 表示组别解释了“${y}”总变异的 ${fmt(eta * 100, 1)}%；η² 在样本中略有高估，ω² = ${fmt(omega, 3)} 与 ε² = ${fmt(eps, 3)} 是偏差较小的估计。按 Cohen 的经验标准，本次属于${etaSize(omega ?? eta)}效应。`
        : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Kruskal-Wallis (also the non-parametric branch of the multi-group flow)

function kruskalWallis(f: ReportFacts): Explanation {
  const y = f.param('y');
  const g = f.param('group');
  const isFlow = f.report.tool.key.startsWith('flow');
  const groups = f.rows('各组中位数与平均秩').map((r) => ({ name: cellText(r[0]), n: cellNum(r[1]), median: cellNum(r[2]), iqr: cellText(r[3]), rank: cellNum(r[4]) }));
  const H = f.num('statistic');
  const df = f.num('df');
  const p = f.num('p');
  const eps = f.num('epsilonSquared');
  const dunnTable = f.table('Dunn 两两比较');
  const adjust = titleMethod(dunnTable?.title);
  const dunn = pairwise(dunnTable?.rows ?? [], 3);

  const method =
    `比较按“${g}”分成的 ${groups.length} 组“${y}”的分布，采用 Kruskal-Wallis 秩和检验：把全部观测统一排秩，比较各组的平均秩。` +
    '它不要求正态分布，适用于偏态资料、等级资料或有极端值的多组比较；整体有差异时用 Dunn 检验做两两比较' +
    (adjust ? `（${adjust}）` : '') +
    '。';
  const numbers: string[] = groups.map((r) => `${r.name}：n = ${fmt(r.n, 0)}，中位数 ${fmt(r.median, 2)}（${r.iqr}），平均秩 ${fmt(r.rank, 2)}。`);
  numbers.push(`H = ${fmt(H, 3)}，df = ${fmt(df, 0)}，${pText(p)}：${significant(p) ? '各组分布不全相同' : '尚不能认为各组分布不同'}（H 已做结校正）。`);
  if (eps !== null) numbers.push(`效应量 ε² = ${fmt(eps, 3)}，按经验标准属于${etaSize(eps)}效应。`);
  if (dunn.lines.length > 0) numbers.push(`Dunn 两两比较（校正后 P）：${dunn.lines.join('；')}。`);
  const sorted = groups.filter((r) => r.rank !== null).sort((a, b) => b.rank! - a.rank!);
  const top = sorted[0];
  const bottom = sorted[sorted.length - 1];
  const conclusion = significant(p)
    ? `${groups.length} 组“${y}”的分布差异有统计学意义（${pText(p)}）` +
      (top && bottom ? `，${top.name}的平均秩最高（中位数 ${fmt(top.median, 2)}），${bottom.name}最低（中位数 ${fmt(bottom.median, 2)}）` : '') +
      `；ε² = ${fmt(eps, 3)}，${etaSize(eps)}效应。` +
      (dunn.sig.length > 0 ? `校正后的 Dunn 两两比较显示 ${list(dunn.sig)} 差异有统计学意义。` : '校正后的 Dunn 两两比较未发现差异有统计学意义的组对。')
    : `${groups.length} 组“${y}”的分布差异无统计学意义（${pText(p)}），现有数据不足以认为各组不同。`;
  const caveats: string[] = ['Kruskal-Wallis 检验比较的是各组的整体分布；只有各组分布形状相近时，才可把结果解释为“中位数不同”。'];
  if (adjust.startsWith('不校正')) caveats.push('两两比较未做多重比较校正，假阳性风险随比较次数增加。');
  if (groups.some((r) => r.n !== null && r.n < 5)) caveats.push('至少一组例数少于 5，χ² 近似可能不准确。');
  if (isFlow) caveats.push(FLOW_CAVEAT);
  const desc = groups.map((r) => `${r.name}为 ${fmt(r.median, 2)}（${r.iqr}）`).join('，');
  const paper =
    `${isFlow ? '因资料不满足正态分布，' : ''}采用 Kruskal-Wallis 检验比较${groups.length}组${y}。${desc ? `${desc}[M（P25 ~ P75）]。` : ''}` +
    `各组差异${sigWord(p)}（H = ${fmt(H, 3)}，${pText(p)}）` +
    (significant(p) ? (dunn.sig.length > 0 ? `；Dunn 两两比较（${adjust}）显示，${list(dunn.sig)} 差异有统计学意义。` : `；Dunn 两两比较（${adjust}）未发现差异有统计学意义的组对。`) : '。');
  const next = significant(p)
    ? ['以中位数（四分位数）描述各组，并用箱线图展示分布。', '若组别有自然顺序（如剂量、分期），可用 Jonckheere-Terpstra 趋势检验。', '需要校正混杂因素时，可考虑有序 logistic 回归或对结局变换后做协方差分析。']
    : ['查看各组中位数差别是否有临床意义，评估是否样本量不足。', '若组别有自然顺序，趋势检验的效能通常更高。'];
  const nonsignificant = significant(p)
    ? `本次 ${pText(p)}，只说明至少有一组的分布与其他组不同；具体是哪些组要看校正后的两两比较，差异大小要结合中位数与效应量。`
    : `本次 ${pText(p)} ≥ 0.05，表示未能证明各组分布不同，不等于证明各组相同；秩检验在例数少时效能有限。`;
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next,
    nonsignificant,
    effect: eps !== null ? `ε² = ${fmt(eps, 3)}（基于 H 的效应量，0 ~ 1），表示组别能解释的秩变异比例，按经验标准属于${etaSize(eps)}效应。` : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Friedman

function friedman(f: ReportFacts): Explanation {
  const conds = f.rows('各条件的中位数').map((r) => ({ name: cellText(r[0]), median: cellNum(r[2]), iqr: cellText(r[3]), rank: cellNum(r[4]) }));
  const chi = f.num('statistic');
  const df = f.num('df');
  const p = f.num('p');
  const W = f.num('kendallW');
  const n = f.num('n');
  const k = f.num('k');
  const excluded = f.num('excluded');
  const posthoc = f.report.parameters.posthoc;
  const phName = posthoc === 'conover' ? 'Conover 检验' : posthoc === 'none' ? '' : '配对 Wilcoxon 符号秩检验';
  const adjust = { holm: 'Holm', bonferroni: 'Bonferroni', BH: 'Benjamini-Hochberg', none: '不校正' }[String(f.report.parameters.adjust)] ?? 'Holm';
  const ph = pairwise(f.rows('两两比较'), 3);

  const method =
    `比较同一批对象在 ${fmt(k, 0)} 个条件（${list(conds.map((c) => c.name))}）下的测量值，采用 Friedman 检验：在每个对象内部对各条件排秩，再比较各条件的平均秩。` +
    '它是重复测量方差分析的非参数替代，不要求正态性与球形假设，适用于偏态资料或评分、等级资料（如 VAS 评分）。' +
    (phName ? `两两比较采用${phName}，P 值按 ${adjust} 法校正。` : '本次未做两两比较。');
  const numbers: string[] = conds.map((c) => `${c.name}：中位数 ${fmt(c.median, 2)}（${c.iqr}），平均秩 ${fmt(c.rank, 2)}。`);
  if (n !== null) numbers.push(`完整对象 ${fmt(n, 0)} 个${excluded !== null && excluded > 0 ? `，${fmt(excluded, 0)} 个对象因有条件缺失未参与分析` : ''}。`);
  numbers.push(`χ² = ${fmt(chi, 3)}，df = ${fmt(df, 0)}，${pText(p)}：${significant(p) ? '各条件的分布不全相同' : '尚不能认为各条件不同'}。`);
  if (W !== null) numbers.push(`Kendall's W = ${fmt(W, 3)}（0 ~ 1）：各对象对条件排序的一致程度，属于${rSize(W)}效应。`);
  if (ph.lines.length > 0) numbers.push(`两两比较（${adjust} 校正后 P）：${ph.lines.join('；')}。`);
  const sorted = conds.filter((c) => c.rank !== null).sort((a, b) => b.rank! - a.rank!);
  const conclusion = significant(p)
    ? `${fmt(k, 0)} 个条件的测量值差异有统计学意义（${pText(p)}）` +
      (sorted.length > 1 ? `，${sorted[0]!.name}的平均秩最高（中位数 ${fmt(sorted[0]!.median, 2)}），${sorted[sorted.length - 1]!.name}最低（中位数 ${fmt(sorted[sorted.length - 1]!.median, 2)}）` : '') +
      `；Kendall's W = ${fmt(W, 3)}，${rSize(W)}。` +
      (phName ? (ph.sig.length > 0 ? `校正后的两两比较显示 ${list(ph.sig)} 差异有统计学意义。` : '校正后的两两比较均无统计学意义。') : '')
    : `${fmt(k, 0)} 个条件的测量值差异无统计学意义（${pText(p)}），现有数据不足以认为各条件不同。`;
  const caveats = [...toolNotes(f, /缺失|不准确|谨慎/)];
  if (adjust === '不校正' && phName) caveats.push('两两比较未做多重比较校正，比较次数多时假阳性风险高。');
  const paper =
    `采用 Friedman 检验比较${fmt(n, 0)}例对象在${fmt(k, 0)}个条件下的测量值。${conds.map((c) => `${c.name}为 ${fmt(c.median, 2)}（${c.iqr}）`).join('，')}[M（P25 ~ P75）]。` +
    `各条件间差异${sigWord(p)}（χ² = ${fmt(chi, 3)}，${pText(p)}，Kendall's W = ${fmt(W, 3)}）` +
    (significant(p) && phName ? (ph.sig.length > 0 ? `；${phName}（${adjust} 校正）显示，${list(ph.sig)} 差异有统计学意义。` : `；${phName}（${adjust} 校正）均无统计学意义。`) : '。');
  const next = significant(p)
    ? ['用箱线图或中位数折线图展示各条件的变化趋势。', '若条件为时间点，可关注与基线（第一次测量）的比较，减少不必要的两两比较。', '若有组间因素（如不同治疗组），可考虑广义估计方程或线性混合模型。']
    : ['查看各条件中位数的变化是否有临床意义，评估样本量是否不足。', '若资料近似正态，可用重复测量方差分析，效能更高。'];
  const nonsignificant = significant(p)
    ? `本次 ${pText(p)}，只说明至少有一个条件与其他条件不同；具体是哪些条件要看校正后的两两比较。`
    : `本次 ${pText(p)} ≥ 0.05，表示未能证明各条件不同，不等于证明各条件相同；对象数少时 Friedman 检验效能有限。`;
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next,
    nonsignificant,
    effect: W !== null ? `Kendall's W = ${fmt(W, 3)}，取值 0 ~ 1，越大表示各对象对条件的排序越一致（条件效应越稳定）。按 Cohen 的经验界值（0.1 小、0.3 中、0.5 大），本次属于${rSize(W)}效应。` : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Repeated-measures ANOVA (one-way or mixed design)

const CORRECTION: Record<string, string> = { none: '假定球形', gg: 'Greenhouse–Geisser 校正', hf: 'Huynh–Feldt 校正' };

function repeatedAnova(f: ReportFacts): Explanation {
  const vars = Array.isArray(f.report.parameters.vars) ? f.report.parameters.vars.map((v) => name(String(v))) : [];
  const g = f.param('group');
  const corr = f.str('correction') ?? 'none';
  const corrName = CORRECTION[corr] ?? '假定球形';
  const setting = f.report.parameters.correction;
  const n = f.num('n');
  const excluded = f.num('excluded');
  const mW = f.num('mauchlyW');
  const mP = f.num('mauchlyP');
  const eGG = f.num('epsilonGG');
  const eHF = f.num('epsilonHF');
  const F = f.num('statistic');
  const p = f.num('pCorrected') ?? f.num('p');
  const eta = f.num('partialEta2');
  const within = f.rows('个体内效应');
  const row = (lead: string) => within.find((r) => String(r[0] ?? '').startsWith(lead) && String(r[0] ?? '').includes(corrName));
  const dfOf = (lead: string) => cellNum(row(lead)?.[2]);
  const dfErr = dfOf('误差');
  const digits = corr === 'none' ? 0 : 3;
  const fText = (lead: string, stat: number | null, pv: number | null, pe: number | null) =>
    `F(${fmt(dfOf(lead), digits)}, ${fmt(dfErr, digits)}) = ${fmt(stat, 3)}，${pText(pv)}，偏 η² = ${fmt(pe, 3)}`;
  const mixed = f.num('interactionF') !== null;
  const iP = f.num('interactionPCorrected') ?? f.num('interactionP');
  const bP = f.num('betweenP');

  const why =
    mP === null
      ? vars.length === 2
        ? '只有 2 次测量，球形假设自动满足。'
        : '对象数太少，无法做 Mauchly 球形检验。'
      : `Mauchly 球形检验 W = ${fmt(mW, 3)}，${pText(mP)}，${mP < 0.05 ? '不满足球形假设' : '满足球形假设'}；` +
        (setting === 'auto' || setting === undefined
          ? corr === 'none'
            ? '因此按假定球形报告。'
            : `自动选择 ${corrName}（ε(GG) = ${fmt(eGG, 3)}${corr === 'hf' ? '，大于 0.75 时用 Huynh–Feldt' : '，不超过 0.75 时用 Greenhouse–Geisser'}）。`
          : `按分析设置采用${corrName}。`);
  const method =
    (mixed
      ? `对同一批对象 ${vars.length} 次测量（${list(vars)}）的数据，按“${g}”分组，做“${g} × 时间”的混合设计重复测量方差分析：同时检验时间主效应、组间主效应与二者的交互作用。`
      : `对同一批对象 ${vars.length} 次测量（${list(vars)}）的数据做单因素重复测量方差分析，检验测量值是否随时间（条件）变化。`) +
    '重复测量设计考虑了同一对象多次测量之间的相关性，要求各次测量近似正态并满足球形假设（各时间点差值的方差相等），不满足时校正自由度。' +
    why;

  const numbers: string[] = [];
  if (n !== null) numbers.push(`完整对象 ${fmt(n, 0)} 例${excluded !== null && excluded > 0 ? `，${fmt(excluded, 0)} 例因有测量缺失被整体剔除` : ''}。`);
  if (mP !== null) numbers.push(`Mauchly W = ${fmt(mW, 3)}，${pText(mP)}；ε(GG) = ${fmt(eGG, 3)}，ε(HF) = ${fmt(eHF, 3)}（ε 越接近 1 越符合球形）。`);
  numbers.push(`时间主效应（${corrName}）：${fText('时间（', F, p, eta)}：${significant(p) ? '测量值随时间有变化' : '尚不能认为测量值随时间变化'}。`);
  if (mixed) {
    numbers.push(`时间 × ${g}交互作用：${fText('时间 × ', f.num('interactionF'), iP, f.num('interactionPartialEta2'))}：${significant(iP) ? '各组随时间的变化趋势不同' : '尚不能认为各组变化趋势不同'}。`);
    numbers.push(`${g}组间效应：F(${fmt(f.num('betweenDf1'), 0)}, ${fmt(f.num('betweenDf2'), 0)}) = ${fmt(f.num('betweenF'), 3)}，${pText(bP)}，偏 η² = ${fmt(f.num('betweenPartialEta2'), 3)}（各组在全部测量上的平均水平比较，不受球形假设影响）。`);
    const sw = f.prefixed('simpleWithinPGG.').map(([k, v]) => `${name(k)}组内时间效应 ${pText(v)}（GG 校正）`);
    const sb = f.prefixed('simpleBetweenP.').map(([k, v]) => `${name(k)}时组间比较 ${pText(v)}`);
    if (sw.length > 0) numbers.push(`简单效应：${sw.join('；')}。`);
    if (sb.length > 0) numbers.push(`各时间点组间比较：${sb.join('；')}。`);
  } else {
    const ph = f.prefixed('posthocP.').map(([k, v]) => `${name(k)}：${pText(v)}`);
    if (ph.length > 0) numbers.push(`Bonferroni 校正的配对 t 检验两两比较：${ph.join('；')}。`);
  }

  const sigTimes = f.prefixed('simpleBetweenP.').filter(([, v]) => significant(v)).map(([k]) => name(k));
  let conclusion = `时间主效应${sigWord(p)}（${pText(p)}，偏 η² = ${fmt(eta, 3)}，${etaSize(eta)}效应）。`;
  if (mixed) {
    conclusion += significant(iP)
      ? `时间 × ${g}交互作用有统计学意义（${pText(iP)}），说明各组随时间的变化趋势不同，此时应重点解读简单效应，而不是单独解读主效应${sigTimes.length > 0 ? `；各时间点的组间比较中，${list(sigTimes)}时组间差异有统计学意义` : ''}。`
      : `时间 × ${g}交互作用无统计学意义（${pText(iP)}），可认为各组随时间的变化趋势相近；${g}的组间效应${sigWord(bP)}（${pText(bP)}）。`;
  } else {
    const sig = f.prefixed('posthocP.').filter(([, v]) => significant(v)).map(([k]) => name(k));
    if (significant(p)) conclusion += sig.length > 0 ? `Bonferroni 校正的两两比较显示 ${list(sig)} 差异有统计学意义。` : 'Bonferroni 校正的两两比较未发现差异有统计学意义的时间点对。';
  }

  const caveats: string[] = [];
  if (mP !== null && mP < 0.05 && corr === 'none') caveats.push(`Mauchly 检验 ${pText(mP)} 提示违反球形假设，而本报告按假定球形计算，P 值可能偏小；建议改用 Greenhouse–Geisser 或 Huynh–Feldt 校正。`);
  else if (mP !== null && mP < 0.05) caveats.push(`Mauchly 检验 ${pText(mP)} 提示违反球形假设，本报告已采用${corrName}，F 值不变，自由度与 P 值按 ε 校正。`);
  caveats.push(...toolNotes(f, /剔除|少于|不稳定/));
  if (mixed && significant(iP)) caveats.push('交互作用有统计学意义时，时间与组别的主效应是对另一因素各水平平均后的结果，可能掩盖各组间相反的变化，解读以简单效应为准。');
  if (mixed && f.prefixed('simpleBetweenP.').length > 1) caveats.push('各时间点分别做组间比较时存在多重比较问题，可按 Bonferroni 法以 0.05/测量次数为界。');

  const paper =
    (mixed
      ? `采用${g} × 时间的重复测量方差分析。${mP !== null ? `Mauchly 球形检验 ${pText(mP)}，${mP < 0.05 ? `不满足球形假设，采用${corrName}。` : '满足球形假设。'}` : ''}` +
        `时间主效应${sigWord(p)}（${fText('时间（', F, p, eta)}），时间 × ${g}交互作用${sigWord(iP)}（${fText('时间 × ', f.num('interactionF'), iP, f.num('interactionPartialEta2'))}），` +
        `${g}组间效应${sigWord(bP)}（F = ${fmt(f.num('betweenF'), 3)}，${pText(bP)}）。`
      : `采用单因素重复测量方差分析比较${vars.length}次测量。${mP !== null ? `Mauchly 球形检验 ${pText(mP)}，${mP < 0.05 ? `不满足球形假设，采用${corrName}。` : '满足球形假设。'}` : ''}` +
        `各次测量间差异${sigWord(p)}（${fText('时间（', F, p, eta)}）。`);
  const next = [
    mixed && significant(iP) ? '结合轮廓图与简单效应，说明各组在哪些时间点开始出现差异。' : '结合轮廓图描述测量值随时间的变化趋势。',
    excluded !== null && excluded > 0 ? '有对象因缺失被整体剔除；缺失较多或测量时间不等距时，可改用线性混合模型，保留不完整对象。' : '若测量时间不等距或需要纳入协变量，可考虑线性混合模型。',
    '若关心特定时间点与基线的比较，可预先设定对比，减少多重比较。',
  ];
  const nonsignificant = significant(p) || (mixed && significant(iP))
    ? '有统计学意义的效应说明相应的变化不太可能仅由随机误差造成，但不说明变化的临床意义；请结合各时间点的均值、偏 η² 与轮廓图判断。单组前后变化也不能排除时间趋势、回归均值等非干预因素。'
    : `时间主效应 ${pText(p)} ≥ 0.05，表示未能证明测量值随时间变化，不等于证明没有变化；对象数少或个体差异大时检验效能有限。`;
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next,
    nonsignificant,
    effect:
      eta !== null
        ? `偏 η² = SS效应 /（SS效应 + SS误差）。时间主效应偏 η² = ${fmt(eta, 3)}${mixed ? `，交互作用偏 η² = ${fmt(f.num('interactionPartialEta2'), 3)}，组间效应偏 η² = ${fmt(f.num('betweenPartialEta2'), 3)}` : ''}；按 Cohen 的经验标准，时间效应属于${etaSize(eta)}效应。偏 η² 在不同设计之间不宜直接比较。` +
          (f.num('partialEpsilon2') !== null
            ? `偏 ε² 扣除了偏 η² 在样本中的正偏倚，是总体效应的更保守估计：时间主效应偏 ε² = ${fmt(f.num('partialEpsilon2'), 3)}${mixed ? `，交互作用 ${fmt(f.num('interactionPartialEpsilon2'), 3)}，组间效应 ${fmt(f.num('betweenPartialEpsilon2'), 3)}` : ''}（为负时按 0 理解）。`
            : '')
        : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Factorial ANOVA / ANCOVA

function factorialAnova(f: ReportFacts): Explanation {
  const y = f.param('y');
  const A = String(f.report.parameters.factorA ?? '');
  const B = String(f.report.parameters.factorB ?? '');
  const covs = Array.isArray(f.report.parameters.covariates) ? f.report.parameters.covariates.map(String).filter((c) => c !== '') : [];
  const inter = B && f.num(`F.${A}:${B}`) !== null ? `${A}:${B}` : '';
  const ancova = covs.length > 0;
  const kind = ancova ? '协方差分析' : '方差分析';
  const design = B ? `${name(A)} × ${name(B)} 两因素${kind}` : `${name(A)}单因素${kind}`;
  const dfRes = f.num('dfResidual');
  const n = f.num('n');
  const excluded = f.num('excluded');
  const label = (t: string) => (t === inter ? `${name(A)} × ${name(B)} 交互作用` : covs.includes(t) ? `协变量${name(t)}` : `${name(t)}主效应`);
  const terms = [...covs, A, ...(B ? [B] : []), ...(inter ? [inter] : [])].filter((t) => f.num(`F.${t}`) !== null);
  const line = (t: string) => `F(${fmt(f.num(`df.${t}`), 0)}, ${fmt(dfRes, 0)}) = ${fmt(f.num(`F.${t}`), 3)}，${pText(f.num(`p.${t}`))}，偏 η² = ${fmt(f.num(`partialEta2.${t}`), 3)}`;
  const interP = inter ? f.num(`p.${inter}`) : null;
  const levene = f.num('leveneP');
  const shapiro = f.num('shapiroP');
  const pairTable = f.table('估计边际均值的两两比较');
  const adjust = titleMethod(pairTable?.title);
  const pairRows = pairTable?.rows ?? [];
  const simpleRows = f.rows('简单效应');

  const method =
    `以“${y}”为因变量，做${design}（III 型平方和，效应编码，同 SPSS 与 R car::Anova(type = 3)）。` +
    (B ? (inter ? `模型同时检验两个因素的主效应及其交互作用（一个因素的效应是否随另一因素的水平而不同）。` : '模型只含两个因素的主效应，未纳入交互项。') : '') +
    (ancova ? `协变量（${list(covs.map(name))}）用于校正基线差异，比较的是协变量取均值时的调整均值（估计边际均值）。` : '') +
    (adjust ? `估计边际均值的两两比较采用 ${adjust}。` : '');
  const numbers: string[] = [];
  if (n !== null) numbers.push(`分析样本 n = ${fmt(n, 0)}${excluded !== null && excluded > 0 ? `，${fmt(excluded, 0)} 行因所用变量缺失被剔除` : ''}；模型 R² = ${fmt(f.num('rSquared'), 3)}，调整 R² = ${fmt(f.num('adjRSquared'), 3)}。`);
  for (const t of terms) numbers.push(`${label(t)}：${line(t)}，${sigWord(f.num(`p.${t}`))}。`);
  const emm = f.rows('估计边际均值').filter((r) => cellNum(r[2]) !== null);
  if (emm.length > 0) numbers.push(`估计边际均值${ancova ? '（协变量取均值时的调整均值）' : ''}：${emm.map((r) => `${cellText(r[1])} ${fmt(cellNum(r[2]), 3)}（${cellText(r[4])}）`).join('；')}。`);
  const sigPairs = pairRows.filter((r) => pCellSignificant(r[5])).map((r) => `${cellText(r[1])}（差 ${fmt(cellNum(r[2]), 3)}，${pCell(r[5])}）`);
  if (pairRows.length > 0) numbers.push(`两两比较（${adjust}）中有统计学意义的：${sigPairs.length > 0 ? sigPairs.join('；') : '无'}。`);
  if (levene !== null) numbers.push(`Levene 方差齐性 ${pText(levene)}；残差 Shapiro-Wilk ${pText(shapiro)}。`);
  for (const [k, v] of f.prefixed('slopesP.')) numbers.push(`回归斜率同质性（${name(k.replace(':', ' × '))}）${pText(v)}：${v < 0.05 ? '斜率不同质' : '斜率同质'}。`);

  const sigTerms = terms.filter((t) => significant(f.num(`p.${t}`)) && !covs.includes(t));
  const nsTerms = terms.filter((t) => !significant(f.num(`p.${t}`)) && !covs.includes(t));
  let conclusion =
    (sigTerms.length > 0 ? `${sigTerms.map(label).join('、')}有统计学意义` : '各因素效应均无统计学意义') +
    (nsTerms.length > 0 && sigTerms.length > 0 ? `，${nsTerms.map(label).join('、')}无统计学意义` : '') +
    '。';
  if (inter && significant(interP)) {
    const simpleSig = simpleRows.filter((r) => pCellSignificant(r[5])).map((r) => `${cellText(r[0])}中 ${cellText(r[1])}`);
    conclusion += `由于交互作用有统计学意义，${name(A)}的作用随${name(B)}的水平而不同，应以简单效应为准${simpleSig.length > 0 ? `：${list(simpleSig, 8)} 差异有统计学意义` : ''}。`;
  } else {
    const top = emm.filter((r) => String(r[0] ?? '') === A).sort((a, b) => (cellNum(b[2]) ?? 0) - (cellNum(a[2]) ?? 0));
    if (significant(f.num(`p.${A}`)) && top.length > 1)
      conclusion += `按估计边际均值，${name(A)}中“${cellText(top[0]![1])}”最高（${fmt(cellNum(top[0]![2]), 3)}），“${cellText(top[top.length - 1]![1])}”最低（${fmt(cellNum(top[top.length - 1]![2]), 3)}）。`;
    if (inter) conclusion += `交互作用无统计学意义（${pText(interP)}），未发现${name(A)}的作用随${name(B)}的水平而不同。`;
  }
  if (ancova) conclusion += `以上比较均已校正${list(covs.map(name))}。`;

  const caveats: string[] = [];
  if (levene !== null && levene < 0.05) caveats.push(`Levene 检验 ${pText(levene)} 提示各单元格方差不齐；单元格例数相差较大时 F 检验可能失真，可考虑变换或稳健方法。`);
  if (shapiro !== null && shapiro < 0.05) caveats.push(`残差 Shapiro-Wilk ${pText(shapiro)}，偏离正态；小样本时请谨慎解读或考虑变换。`);
  for (const [k, v] of f.prefixed('slopesP.')) if (v < 0.05) caveats.push(`协变量与因素的交互（${name(k.replace(':', ' × '))}）${pText(v)}，回归斜率不同质，协方差分析的调整均值可能误导。`);
  if (inter && interP !== null && interP >= 0.05 && interP < 0.1) caveats.push(`交互作用 ${pText(interP)} 接近 0.05，不宜断言“没有交互”；可结合交互作用图与简单效应判断各${name(B)}水平内的差异是否一致。`);
  if (adjust.startsWith('LSD')) caveats.push('两两比较未做多重比较校正，假阳性风险随比较次数增加。');
  caveats.push(...toolNotes(f, /单元格的样本量/));

  const paper =
    `以${y}为因变量${ancova ? `、${list(covs.map(name))}为协变量` : ''}，采用${design}（III 型平方和）。` +
    terms.map((t) => `${label(t)}${sigWord(f.num(`p.${t}`))}（F = ${fmt(f.num(`F.${t}`), 3)}，${pText(f.num(`p.${t}`))}，偏 η² = ${fmt(f.num(`partialEta2.${t}`), 3)}）`).join('；') +
    '。' +
    (sigPairs.length > 0 ? `估计边际均值两两比较（${adjust}）显示，${list(sigPairs.map((s) => s.replace(/（.*$/, '')), 8)} 差异有统计学意义。` : '');
  const next = [
    inter && significant(interP) ? '结合交互作用图与简单效应表，分别报告各亚组内的比较结果。' : '结合估计边际均值及其置信区间描述主要因素各水平的差异。',
    ancova ? '报告调整前后的均值，并说明协变量的选择依据（应为基线测量或预先设定的混杂因素）。' : '若组间基线不均衡，可纳入基线值作为协变量做协方差分析。',
    '检查残差图与离群值；方差不齐或残差偏态明显时考虑变换或稳健方法。',
  ];
  const nonsignificant =
    '某一效应无统计学意义只表示未能证明该效应存在，不等于证明没有效应；特别是交互作用的检验效能通常较低，P 值不显著时也不能断言各亚组效应相同。' +
    (sigTerms.length > 0 ? '有统计学意义的效应说明该因素的作用不太可能仅由随机误差造成，实际意义要看估计边际均值之差及偏 η²。' : '');
  const mainEta = f.num(`partialEta2.${A}`);
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next,
    nonsignificant,
    effect:
      mainEta !== null
        ? `偏 η² = SS效应 /（SS效应 + SS误差），表示扣除其他效应后该效应可解释的变异比例。${terms.filter((t) => !covs.includes(t)).map((t) => `${label(t)}偏 η² = ${fmt(f.num(`partialEta2.${t}`), 3)}（${etaSize(f.num(`partialEta2.${t}`))}）`).join('；')}。按 Cohen 的经验标准（约 0.01 小、0.06 中、0.14 大）判断。` +
          (f.num(`partialEpsilon2.${A}`) !== null
            ? `偏 ε² 扣除了偏 η² 在样本中的正偏倚：${terms.filter((t) => !covs.includes(t)).map((t) => `${label(t)}偏 ε² = ${fmt(f.num(`partialEpsilon2.${t}`), 3)}`).join('；')}（为负时按 0 理解，即效应可忽略）。`
            : '')
        : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Multi-group flow

function flowMultiGroups(f: ReportFacts): Explanation {
  const chosen = f.str('chosenTest');
  const chosenName = f.str('chosenTestName') ?? '所选检验';
  const alpha = flowAlpha(f);
  const levene = f.num('leveneP');
  const shap = shapiroPath(f, alpha);
  const steps = [`本报告为“多组比较”引导流程，按前提检验自动选择方法（前提检验的检验水准 α = ${alpha.text}）。第一步，Shapiro-Wilk 检验各组正态性：${shap || '无法检验'}。`];
  if (chosen === 'kruskal-wallis') steps.push(`至少一组偏离正态或无法确认正态，不满足方差分析前提，因此选用${chosenName}。`);
  else if (levene !== null) steps.push(`各组均未见偏离正态；第二步，Levene 方差齐性检验 ${pText(levene)}，${levene < alpha.value ? '方差不齐' : '方差齐'}，因此选用${chosenName}。`);
  else steps.push(`各组均未见偏离正态；Levene 检验无法计算，按方差齐选用${chosenName}。`);
  const base = chosen === 'kruskal-wallis' ? kruskalWallis(f) : anovaOneway(f);
  return withPath(base, steps.join(''), chosen === 'kruskal-wallis' ? 'Kruskal-Wallis检验' : '单因素方差分析');
}

// ---------------------------------------------------------------------------------------------
// Box plot (a figure with pairwise P values)

function boxplot(f: ReportFacts): Explanation {
  const y = f.param('y');
  const g = f.param('group');
  const rows = f.rows('五数概括');
  const k = f.num('groups');
  const n = f.num('n');
  const cmpTable = f.table('组间比较');
  const methodName = titleMethod(cmpTable?.title);
  const cmp = pairwise(cmpTable?.rows ?? [], 1);
  const marks = f.report.parameters.marks;
  const points = f.report.parameters.points !== false;
  const outliers = f.num('outliers');
  const whiskers =
    outliers !== null
      ? `须线延伸至距箱体 1.5 倍四分位距以内的最远观测，数据量大，只画出须线以外的离群点（共 ${fmt(outliers, 0)} 个）`
      : `须线延伸至最小值和最大值${points ? '，灰点为原始观测值' : ''}`;
  const method =
    `按“${g}”分组绘制“${y}”的箱线图${k !== null ? `（${fmt(k, 0)} 组，共 ${fmt(n, 0)} 例）` : ''}：箱体为 P25 ~ P75，箱内横线为中位数，${whiskers}。` +
    (methodName ? `图中的显著性标注采用 ${methodName}，只标注 P < 0.05 的组对。` : marks === 'none' ? '按设置未做显著性标注。' : '本次未做组间比较标注。') +
    '箱线图不依赖正态分布，适合展示偏态资料的中心位置、离散程度与极端值。';
  const numbers: string[] = rows.map(
    (r) => `${cellText(r[0])}（n = ${fmt(cellNum(r[1]), 0)}）：中位数 ${fmt(cellNum(r[4]), 2)}，P25 ~ P75 为 ${fmt(cellNum(r[3]), 2)} ~ ${fmt(cellNum(r[5]), 2)}，范围 ${fmt(cellNum(r[2]), 2)} ~ ${fmt(cellNum(r[6]), 2)}。`,
  );
  if (cmp.lines.length > 0) numbers.push(`${methodName}：${cmp.lines.join('；')}。`);
  const sorted = rows.filter((r) => cellNum(r[4]) !== null).sort((a, b) => cellNum(b[4])! - cellNum(a[4])!);
  const conclusion =
    (sorted.length > 1 ? `从图中看，${cellText(sorted[0]![0])}的中位数最高（${fmt(cellNum(sorted[0]![4]), 2)}），${cellText(sorted[sorted.length - 1]![0])}最低（${fmt(cellNum(sorted[sorted.length - 1]![4]), 2)}）。` : '') +
    (methodName ? (cmp.sig.length > 0 ? `${methodName} 显示 ${list(cmp.sig)} 差异有统计学意义（图中以星号标注），其余组对无统计学意义。` : `${methodName} 未发现差异有统计学意义的组对，图中没有星号标注。`) : '');
  const caveats: string[] = [];
  if (rows.some((r) => (cellNum(r[1]) ?? 99) < 5)) caveats.push('有组例数少于 5，箱线图的四分位数很不稳定，宜直接展示原始数据点。');
  if (marks === 'parametric' && rows.length === 2) caveats.push('两组时参数法标注采用 Welch t 检验，比较的是均值，而箱线图展示的是中位数；资料偏态时两者可能不一致，可改用非参数法标注。');
  else if (marks === 'parametric') caveats.push('参数法标注（Tukey HSD）比较的是均值，而箱线图展示的是中位数；资料明显偏态时宜改用非参数法（Dunn 检验）标注。');
  caveats.push('图中的两两比较 P 值只用于标注，不能代替正式的整体检验（方差分析或 Kruskal-Wallis 检验）及其报告。');
  const paper =
    `图1 为各组${y}的箱线图（箱体为 P25 ~ P75，中位线为中位数，须线为最小值至最大值）。` +
    (sorted.length > 0 ? `${sorted.map((r) => `${cellText(r[0])}的中位数为 ${fmt(cellNum(r[4]), 2)}`).join('，')}。` : '') +
    (methodName ? `${methodName} 显示${cmp.sig.length > 0 ? `，${list(cmp.sig)} 差异有统计学意义` : '各组对差异均无统计学意义'}（*P < 0.05，**P < 0.01，***P < 0.001）。` : '');
  const next = [
    rows.length > 2 ? '先用单因素方差分析或 Kruskal-Wallis 检验做整体比较，再报告两两比较结果。' : '用独立样本 t 检验或 Mann-Whitney U 检验做正式的两组比较并报告效应量。',
    '检查箱线图外的极端值是否为录入错误。',
    '在论文图注中说明箱体、须线的含义及显著性标注所用的方法。',
  ];
  const nonsignificant =
    cmp.sig.length > 0
      ? '图中标注的星号只说明相应两组差异不太可能由抽样误差造成；差异的大小要看中位数与四分位数，而且标注的检验是否恰当取决于资料分布。'
      : '没有星号（ns）只表示未能证明这些组对不同，不等于证明它们相同；每组例数少时尤其如此。';
  return { method, numbers: numbers.length > 0 ? numbers : ['各组的五数概括见表1。'], conclusion: conclusion || '请结合图形与表1 观察各组的分布。', caveats, paper, next, nonsignificant };
}

export const EXPLAINERS: Record<string, (f: ReportFacts) => Explanation> = {
  'anova-oneway': anovaOneway,
  'kruskal-wallis': kruskalWallis,
  friedman,
  'repeated-anova': repeatedAnova,
  'factorial-anova': factorialAnova,
  'flow-multi-groups': flowMultiGroups,
  boxplot,
};
