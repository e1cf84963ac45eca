// Explainers of the categorical family (issue 17): tool key → explainer. Contingency tables — the
// χ² test of independence (and the guided flow that picks Pearson / Yates / Fisher), McNemar's paired
// test, the stratified CMH test and the Cochran–Armitage trend test. Every number is read from the
// report; the choices the tool made (which test, why) are explained from its results and options.
import { cellText, ciText, fmt, levelText, name, pct, pctCiText, pText, significant, type Explanation, type ReportFacts } from '../explanation.js';

/** An integer-valued number (df, counts) as written. */
const int = (x: number | null): string => (x === null ? '—' : Number.isInteger(x) ? String(x) : fmt(x, 2));

/** "（95%CI a ~ b）" at the report's level, '' when a bound is missing. */
const ci = (f: ReportFacts, lo: number | null, hi: number | null, digits = 3): string => ciText(lo, hi, digits, levelText(f));

/** Cramér's V / φ read against Cohen's benchmarks (0.1 small, 0.3 medium, 0.5 large). */
function assocStrength(v: number): string {
  const a = Math.abs(v);
  return a < 0.1 ? '关联极弱' : a < 0.3 ? '弱关联' : a < 0.5 ? '中等强度的关联' : '较强的关联';
}

const excludedLine = (f: ReportFacts): string[] => {
  const ex = f.num('excluded');
  return ex !== null && ex > 0 ? [`有 ${int(ex)} 行因所用变量缺失未纳入分析（列表删除）；若缺失并非随机，结果可能有偏倚。`] : [];
};

// ---------------------------------------------------------------- χ² test of independence

interface Crosstab {
  rowVar: string;
  colVar: string;
  rows: number;
  cols: number;
  is2x2: boolean;
  /** "对照组：无效 34（56.7%）、有效 26（43.3%）" per row of table 1. */
  profiles: string[];
  /** Cells whose standardized residual exceeds 1.96 in absolute value. */
  residuals: string[];
}

function crosstab(f: ReportFacts): Crosstab {
  const rowVar = f.param('row');
  const colVar = f.param('col');
  const t1 = f.tableStartingWith('表1');
  const levels = t1 ? t1.columns.slice(1, -1) : [];
  const body = t1 ? t1.rows.filter((r) => r[0] !== '合计') : [];
  const profiles = body.slice(0, 8).map((r) => `${cellText(r[0])}：${levels.slice(0, 6).map((l, j) => `${name(l)} ${cellText(r[j + 1])}`).join('、')}`);
  const residuals: string[] = [];
  const t3 = f.table('残差');
  if (t3) {
    const cols = t3.columns.slice(2);
    let current = '';
    for (const r of t3.rows) {
      if (r[0] !== '' && r[0] !== null) current = String(r[0]);
      if (r[1] !== '标准化残差') continue;
      cols.forEach((c, j) => {
        const v = r[j + 2];
        if (typeof v === 'number' && Math.abs(v) > 1.96) residuals.push(`${name(current)}×${name(c)}（${fmt(v, 2)}，实际频数${v > 0 ? '多于' : '少于'}期望）`);
      });
    }
  }
  const is2x2 = f.num('yatesChi2') !== null;
  return { rowVar, colVar, rows: body.length, cols: levels.length, is2x2, profiles, residuals };
}

/** The headline test in one clause: "χ² = 29.400，df = 1，P < 0.001" or Fisher's P alone. */
function headline(f: ReportFacts): string {
  const stat = f.num('statistic');
  const df = f.num('df');
  return stat !== null ? `χ² = ${fmt(stat)}，df = ${int(df)}，${pText(f.num('p'))}` : pText(f.num('p'));
}

/** The other tests of table 2, for the reader to see whether they agree. */
function otherTests(f: ReportFacts, is2x2: boolean): string {
  const parts: string[] = [];
  const pearson = f.num('pearsonChi2');
  if (pearson !== null) parts.push(`Pearson χ² = ${fmt(pearson)}（${pText(f.num('pearsonP'))}）`);
  const yates = f.num('yatesChi2');
  if (is2x2 && yates !== null) parts.push(`Yates 校正 χ² = ${fmt(yates)}（${pText(f.num('yatesP'))}）`);
  const g2 = f.num('g2');
  if (g2 !== null) parts.push(`似然比 G² = ${fmt(g2)}（${pText(f.num('g2P'))}）`);
  const fisherP = f.num('fisherP');
  if (fisherP !== null) parts.push(`Fisher 精确检验 ${pText(fisherP)}${f.num('fisherSimulated') === 1 ? '（蒙特卡罗模拟）' : ''}`);
  const ps = [f.num('pearsonP'), is2x2 ? f.num('yatesP') : null, f.num('g2P'), fisherP].filter((p): p is number => p !== null);
  const agree = ps.every((p) => significant(p) === significant(ps[0]));
  return `表2 的各种方法：${parts.join('；')}。${agree ? '几种方法的结论一致，结果稳健。' : '几种方法在 0.05 水准上的结论不一致，说明结果处在临界附近，应以上面所选的方法为准并谨慎解释。'}`;
}

function chisqCaveats(f: ReportFacts, x: Crosstab): string[] {
  const out: string[] = [];
  const low = f.num('lowExpectedCells');
  const method = String(f.report.results.method ?? '');
  const cells = x.rows * x.cols;
  const trouble = low !== null && cells > 0 && low / cells > 0.2;
  if (low !== null && low > 0) {
    if (method.includes('Fisher')) out.push(`有 ${int(low)} 个格子的理论频数小于 5，卡方近似不可靠，结论以 Fisher 精确检验为准。`);
    else if (method.includes('校正')) out.push(`有 ${int(low)} 个格子的理论频数小于 5，已用连续性校正；若结论处在临界附近，可参考 Fisher 精确检验的 P 值。`);
    else if (trouble && f.num('fisherP') === null) out.push(`有 ${int(low)} 个格子的理论频数小于 5（超过 1/5），但该表过大，Fisher 精确检验未能完成，Pearson 卡方的 P 值只是近似值；建议合并理论频数过小的类别后重新分析。`);
    else if (x.is2x2) out.push(`有 ${int(low)} 个格子的理论频数小于 5，而本次未做连续性校正，P 值可能偏小；请同时参考校正卡方或 Fisher 精确检验。`);
    else out.push(`有 ${int(low)} 个格子的理论频数小于 5，但未超过格子总数的 1/5 且无小于 1 的理论频数，Pearson 卡方仍可使用。`);
  }
  if (f.num('fisherSimulated') === 1) {
    const b = f.num('fisherB');
    const lo = f.num('fisherPLower');
    const hi = f.num('fisherPUpper');
    out.push(`Fisher 精确检验的 P 值由${b !== null ? ` ${int(b)} 次` : ''}蒙特卡罗模拟估计${lo !== null && hi !== null ? `（模拟 P 值的 95% 置信区间 ${fmt(lo, 5)} ~ ${fmt(hi, 5)}）` : ''}，并非精确计算，重复运行可能略有不同。`);
  }
  if (f.param('weight')) out.push(`计数按频数列“${f.param('weight')}”加权，请确认该列为每个格子的例数。`);
  out.push(...excludedLine(f));
  return out;
}

function chisqNumbers(f: ReportFacts, x: Crosstab): string[] {
  const method = f.str('method') ?? '卡方检验';
  const p = f.num('p');
  const v = f.num('cramersV');
  const eff = x.is2x2 ? 'φ 系数' : "Cramér's V";
  const out = [
    `主要结果（${method}）：${headline(f)}。${significant(p) ? 'P < 0.05，两变量的关联有统计学意义。' : 'P ≥ 0.05，尚不能认为两变量有关联。'}`,
    `纳入分析的例数 n = ${int(f.num('n'))}${x.rows > 0 ? `，构成 ${x.rows}×${x.cols} 列联表` : ''}。`,
  ];
  if (x.profiles.length > 0) out.push(`各${x.rowVar}中${x.colVar}的构成（行百分比）：${x.profiles.join('；')}。`);
  out.push(otherTests(f, x.is2x2));
  if (v !== null) out.push(`${eff} = ${fmt(v)}，衡量关联强度（0 表示无关联，1 表示完全关联），属于${assocStrength(v)}。`);
  const low = f.num('lowExpectedCells');
  if (low !== null) out.push(`理论频数小于 5 的格子 ${int(low)} 个，这是判断能否使用卡方检验的依据。`);
  if (x.residuals.length > 0) out.push(`标准化残差绝对值大于 1.96 的格子（关联的主要来源）：${x.residuals.slice(0, 8).join('、')}。`);
  return out;
}

function chisqShared(f: ReportFacts, x: Crosstab, method: string): Explanation {
  const p = f.num('p');
  const sig = significant(p);
  const v = f.num('cramersV');
  const eff = x.is2x2 ? 'φ 系数' : "Cramér's V";
  const test = f.str('method') ?? '卡方检验';
  const profile = x.profiles.length > 0 ? `（${x.profiles.join('；')}）` : '';
  const conclusion = sig
    ? `${x.rowVar}与${x.colVar}之间的关联有统计学意义（${headline(f)}）：不同${x.rowVar}的${x.colVar}构成不同${profile}。` +
      (v !== null ? `${eff} = ${fmt(v)}，属于${assocStrength(v)}。` : '') +
      (x.residuals.length > 0 && !x.is2x2 ? `差异主要来自：${x.residuals.slice(0, 4).join('、')}。` : '')
    : `未发现${x.rowVar}与${x.colVar}之间有统计学意义的关联（${headline(f)}），各${x.rowVar}的${x.colVar}构成${profile}的差别可以用抽样误差解释。` + (v !== null ? `${eff} = ${fmt(v)}。` : '');
  const paper =
    `采用 ${test}比较不同${x.rowVar}的${x.colVar}构成。` +
    (x.profiles.length > 0 ? `${x.profiles.join('；')}。` : '') +
    `${x.rowVar}与${x.colVar}的${sig ? '关联有统计学意义' : '关联无统计学意义'}（${headline(f).replace(/，df = [^，]+/, '')}）` +
    (v !== null ? `，${eff} = ${fmt(v)}` : '') +
    '。';
  const next = sig
    ? [
        x.is2x2 ? '计算 OR 或 RR 及其 95% 置信区间，说明关联的方向和大小（可用二分类 Logistic 回归）。' : '做两两比较（各对之间的卡方检验或 Fisher 检验），并用 Bonferroni 法调整检验水准。',
        `若需控制年龄、性别等混杂因素，可用分层卡方检验（CMH）或 Logistic 回归。`,
        `若${x.colVar}是有序等级（如疗效分级），卡方检验未利用等级信息，宜改用秩和检验或趋势卡方检验。`,
      ]
    : [
        '查看各组构成比的实际差别和置信区间，判断是否存在有临床意义但样本量不足以检出的差异。',
        '研究设计阶段可做样本量估算；若为预试验，可据本次构成比估计正式研究所需例数。',
        `若${x.colVar}是有序等级，可改用秩和检验或趋势卡方检验，它们对有序资料的检验效能更高。`,
      ];
  const nonsignificant = sig
    ? `P < 0.05 说明${x.rowVar}与${x.colVar}之间存在关联，但卡方检验只回答“有没有关联”，不说明因果，也不直接给出关联大小；关联大小请看 ${eff}，两组比较时最好再报告 OR 或 RR 及其置信区间。观察性资料中的关联还可能来自混杂。`
    : `P ≥ 0.05 表示现有数据不足以证明${x.rowVar}与${x.colVar}有关联，并不等于证明两者无关。例数较少或某些类别例数很少时检验效能低，可能漏掉真实存在的差异；应结合各组构成比的实际差别判断其临床意义。`;
  return {
    method,
    numbers: chisqNumbers(f, x),
    conclusion,
    caveats: chisqCaveats(f, x),
    paper,
    next,
    nonsignificant,
    effect:
      v !== null
        ? `${eff} = ${fmt(v)}：取值 0～1，越大关联越强；按 Cohen 的标准，约 0.1 为弱、0.3 为中等、0.5 为强关联，本次属于${assocStrength(v)}。${x.is2x2 ? '四格表资料还可计算 OR 或 RR 表达效应大小，临床上更直观。' : '多分类表的 Cramér\'s V 只反映总体关联强弱，具体差在哪些类别请看标准化残差。'}`
        : undefined,
  };
}

function chisq(f: ReportFacts): Explanation {
  const x = crosstab(f);
  const test = f.str('method') ?? '卡方检验';
  const low = f.num('lowExpectedCells');
  const mode = f.param('correct') || 'auto';
  let why: string;
  if (test.includes('Fisher')) why = '理论频数小于 5 的格子超过格子总数的 1/5（或有理论频数小于 1），卡方近似不可靠，因此结论以 Fisher 精确检验为准';
  else if (test.includes('校正')) why = mode === 'yes' ? '按所选选项对四格表做 Yates 连续性校正' : `四格表中有 ${int(low)} 个格子的理论频数在 1～5 之间，按教科书规则采用 Yates 连续性校正卡方`;
  else if (low === 0) why = '所有格子的理论频数均不小于 5，满足 Pearson 卡方检验的条件';
  else if (x.is2x2 && mode === 'no') why = '按所选选项不做连续性校正';
  else why = '理论频数小于 5 的格子不超过 1/5 且无理论频数小于 1，Pearson 卡方检验仍适用';
  const method =
    `将${x.rowVar}与${x.colVar}两个分类变量交叉成 ${x.rows}×${x.cols} 列联表，用卡方检验判断两者是否独立（即各${x.rowVar}的${x.colVar}构成是否相同）。` +
    `两个变量都是无序分类、各观测相互独立，适合用卡方检验；本次采用 ${test}，原因是${why}。` +
    (f.param('weight') ? `计数按频数列“${f.param('weight')}”加权。` : '');
  return chisqShared(f, x, method);
}

function flowCategorical(f: ReportFacts): Explanation {
  const x = crosstab(f);
  const chosen = f.str('chosenTestName') ?? f.str('method') ?? '卡方检验';
  const key = String(f.report.results.chosenTest ?? '');
  const n = f.num('n');
  const minE = f.num('minExpected');
  const low = f.num('lowExpectedCells');
  const eText = `最小理论频数 T = ${fmt(minE, 2)}，T < 5 的格子 ${int(low)} 个`;
  let path: string;
  if (x.is2x2) {
    const step = `第一步，${x.rowVar}与${x.colVar}构成 2×2 四格表（n = ${int(n)}），按四格表的规则选择；第二步，计算理论频数：${eText}。`;
    if (key === 'fisher')
      path = step + (n !== null && n < 40 ? `总例数 n < 40，卡方近似不可靠，因此选用 Fisher 精确检验。` : '有理论频数 T < 1，卡方近似不可靠，因此选用 Fisher 精确检验。');
    else if (key === 'yates-chisq') path = step + 'n ≥ 40 且有 1 ≤ T < 5 的格子，因此选用连续性校正（Yates）卡方检验。';
    else path = step + 'n ≥ 40 且所有 T ≥ 5，因此选用 Pearson 卡方检验（不校正）。';
  } else {
    const step = `第一步，${x.rowVar}与${x.colVar}构成 ${x.rows}×${x.cols} 的 R×C 列联表（n = ${int(n)}），按 R×C 表的规则选择；第二步，计算理论频数：${eText}。`;
    path = step + (key === 'fisher' ? 'T < 5 的格子超过 1/5 或有 T < 1，不宜用卡方检验，因此选用 Fisher 精确检验。' : 'T < 5 的格子不超过 1/5 且无 T < 1，因此选用 Pearson 卡方检验。');
  }
  const method =
    `本报告是“两分类变量关联”的引导流程：先由理论频数 T 决定用哪种检验，再报告所选检验的结果（规则同孙振球《医学统计学》）。${path}` +
    `最终采用${chosen}，检验${x.rowVar}与${x.colVar}是否独立。`;
  const e = chisqShared(f, x, method);
  // The flow could not run Fisher's test on a large sparse table and fell back to Pearson's χ².
  const cells = x.rows * x.cols;
  const fellBack = !x.is2x2 && key === 'pearson-chisq' && ((minE !== null && minE < 1) || (low !== null && cells > 0 && low / cells > 0.2));
  const caveats = e.caveats.filter((c) => !c.includes('Fisher 精确检验未能完成'));
  if (fellBack) caveats.unshift('按规则本应使用 Fisher 精确检验，但该表过大，无法在合理时间内完成精确计算，流程暂以 Pearson 卡方检验报告，P 值只是近似值；建议合并理论频数过小的类别后重新分析。');
  return { ...e, caveats };
}

// ---------------------------------------------------------------- McNemar / Bowker

function mcnemar(f: ReportFacts): Explanation {
  const x1 = f.param('x1');
  const x2 = f.param('x2');
  const test = f.str('method') ?? 'McNemar 检验';
  const p = f.num('p');
  const sig = significant(p);
  const n = f.num('n');
  const stat = f.num('statistic');
  const head = stat !== null ? `χ² = ${fmt(stat)}，${pText(p)}` : pText(p);

  if (test.includes('Bowker')) {
    const k = f.num('categories');
    const agree = f.num('agreement');
    const empty = f.num('emptyPairs');
    const caveats = ['Bowker 检验针对配对表的对称性；多分类时它与“两次结果的构成相同”（边际齐性）并不等价，专门检验边际齐性可用 Stuart–Maxwell 检验。'];
    if (empty !== null && empty > 0) caveats.push(`有 ${int(empty)} 对对称格子都为 0，不提供信息，已从统计量中去掉并相应减少自由度。`);
    if (f.conclusionText().includes('小于 5')) caveats.push('部分对称格子的对子数之和小于 5，卡方近似可能不准确，可考虑合并类别。');
    caveats.push(...excludedLine(f));
    return {
      method: `${x1}与${x2}是同一批对象的两次分类结果（配对设计），共有 ${int(k)} 个类别，构成 k×k 配对表。多分类的配对资料用 Bowker 对称性检验：若两次结果的不一致没有系统方向，配对表应关于对角线对称。不能用普通卡方检验，因为两次结果来自同一对象，并不独立。`,
      numbers: [
        `Bowker 对称性检验：χ² = ${fmt(stat)}，df = ${int(f.num('df'))}，${pText(p)}。`,
        `配对数 n = ${int(n)}，两次结果一致的比例为 ${pct(agree)}（配对表对角线）。`,
        '表4 列出每一对对称格子的对子数，可看出不一致主要集中在哪些类别之间。',
      ],
      conclusion: sig
        ? `配对表不对称（${head}），${x1}与${x2}的不一致有系统方向，两次结果的分类分布不同；具体方向请看表4 中对子数相差较大的格子。`
        : `未发现配对表不对称（${head}），${x1}与${x2}的不一致没有明显的系统方向。`,
      caveats,
      paper: `采用 Bowker 对称性检验比较${x1}与${x2}的配对分类结果。${int(n)} 对观察中两者结果一致者占 ${pct(agree)}；两者的分类分布${sig ? '差异有统计学意义' : '差异无统计学意义'}（χ² = ${fmt(stat)}，${pText(p)}）。`,
      next: ['若关心两种方法的一致程度（而非分布差异），请用 Kappa（有序类别用加权 Kappa）一致性分析。', '合并为二分类（如阳性/阴性）后可用 McNemar 检验并给出比例之差的置信区间。', '报告完整的配对表，便于读者看清不一致的方向。'],
      nonsignificant: sig
        ? 'P < 0.05 说明两次结果的不一致有系统方向，但不说明哪一种方法更准确；准确性需要与金标准比较（诊断试验评价）。'
        : 'P ≥ 0.05 只表示未发现系统性的不一致，并不说明两次结果高度一致——一致程度要用 Kappa 衡量；配对数较少时检验效能也有限。',
    };
  }

  const pos = f.str('positiveLevel') ?? '阳性';
  const b = f.num('b');
  const c = f.num('c');
  const p1 = f.num('proportion1');
  const p2 = f.num('proportion2');
  const diff = f.num('difference');
  const or = f.num('oddsRatio');
  const mode = f.param('method') || 'auto';
  const exact = test.includes('精确');
  const why =
    mode === 'auto'
      ? exact
        ? '不一致对子数 b + c < 25，卡方近似不准，按自动规则用精确（二项分布）检验'
        : '不一致对子数 b + c ≥ 25，按自动规则用连续性校正卡方'
      : '按所选选项';
  const diffText = diff !== null ? `${pct(diff)}${pctCiText(f.num('differenceLower'), f.num('differenceUpper'), levelText(f))}` : '';
  const orText = or !== null ? `${fmt(or)}${ci(f, f.num('ciLower'), f.num('ciUpper'))}` : '无穷大（c = 0）';
  const higher = p1 !== null && p2 !== null ? (p1 > p2 ? x1 : x2) : '';
  const caveats: string[] = [];
  if (!exact && b !== null && c !== null && b + c < 25)
    caveats.push(`不一致对子较少（b = ${int(b)}，c = ${int(c)}），卡方近似不够准确，建议以精确检验（${pText(f.num('exactP'))}）为准。`);
  if (b === 0 || c === 0) caveats.push('有一类不一致对子为 0，比值比为 0 或无穷大，其置信区间只有单侧有意义。');
  caveats.push(...excludedLine(f));
  return {
    method:
      `${x1}与${x2}是同一批对象的两次二分类结果（如同一标本的两种检测方法、同一患者治疗前后），属于配对设计，比较两者“${pos}”的比例是否相同。` +
      `两次结果不独立，不能用普通卡方检验；McNemar 检验只利用两者结果不一致的对子（b：仅${x1}为“${pos}”，c：仅${x2}为“${pos}”）。本次采用${test}（${why}）。`,
    numbers: [
      `主要结果（${test}）：${head}。${sig ? 'P < 0.05，两者的阳性比例差异有统计学意义。' : 'P ≥ 0.05，尚不能认为两者的阳性比例不同。'}`,
      `配对数 n = ${int(n)}；不一致对子 b = ${int(b)}、c = ${int(c)}，检验的信息全部来自这两格。`,
      `${x1}为“${pos}”的比例 ${pct(p1)}，${x2}为“${pos}”的比例 ${pct(p2)}；比例之差 ${diffText}。`,
      `不一致对子的比值比（b/c）= ${orText}，大于 1 表示仅${x1}为“${pos}”的对子更多。`,
      `三种算法的 P 值：精确检验 ${pText(f.num('exactP'))}，校正卡方 χ² = ${fmt(f.num('correctedChi2'))}（${pText(f.num('correctedP'))}），未校正卡方 χ² = ${fmt(f.num('uncorrectedChi2'))}（${pText(f.num('uncorrectedP'))}）。`,
    ],
    conclusion: sig
      ? `${x1}与${x2}的“${pos}”比例差异有统计学意义（${head}），${higher}的“${pos}”比例较高（${pct(p1)} vs ${pct(p2)}），比例之差为 ${diffText}。`
      : `尚不能认为${x1}与${x2}的“${pos}”比例不同（${head}）；两者的比例分别为 ${pct(p1)} 和 ${pct(p2)}，比例之差 ${diffText}。`,
    caveats,
    paper:
      `${int(n)} 对观察中，${x1}为“${pos}”者占 ${pct(p1)}，${x2}为“${pos}”者占 ${pct(p2)}。经${test}，两者“${pos}”比例${sig ? '差异有统计学意义' : '差异无统计学意义'}（${head}），` +
      `比例之差为 ${diffText}。`,
    next: [
      '若关心两种方法的一致程度，请做 Kappa 一致性分析（McNemar 检验不衡量一致性）。',
      '若其中一种是金标准，可用诊断试验评价计算灵敏度、特异度等指标。',
      sig ? '在论文中同时报告比例之差及其置信区间，说明差异的临床意义。' : '结合比例之差的置信区间判断是否可能存在有临床意义的差异；必要时扩大样本。',
    ],
    nonsignificant: sig
      ? `P < 0.05 说明两者的“${pos}”比例不同，但不说明哪一种更准确，也不说明两者一致性差或好——准确性要与金标准比较，一致性要用 Kappa。`
      : `P ≥ 0.05 表示未发现两者的“${pos}”比例不同，并不证明两者等价，也不说明两者一致（一致程度要用 Kappa 衡量）：McNemar 检验只看不一致对子，不一致对子少时检验效能很低。要证明等价需预先设定界值做等效性检验，并看比例之差的置信区间是否落在界值内。`,
    effect: `比例之差 ${diffText} 直接表示两种结果阳性率相差多少个百分点；不一致对子的比值比 ${orText} 表示“仅${x1}为${pos}”与“仅${x2}为${pos}”的对子数之比，越偏离 1 差异越大。`,
  };
}

// ---------------------------------------------------------------- CMH

function cmh(f: ReportFacts): Explanation {
  const e = f.param('exposure');
  const o = f.param('outcome');
  const s = f.param('stratum');
  const eLevel = f.str('exposureLevel') ?? '暴露';
  const oLevel = f.str('outcomeLevel') ?? '阳性';
  const p = f.num('p');
  const sig = significant(p);
  const corrected = f.param('correct') !== 'no';
  const or = f.num('oddsRatio');
  const crude = f.num('crudeOddsRatio');
  const orText = or !== null ? `${fmt(or, 2)}${ci(f, f.num('ciLower'), f.num('ciUpper'), 2)}` : '无法估计';
  const crudeText = crude !== null ? `${fmt(crude, 2)}${ci(f, f.num('crudeCiLower'), f.num('crudeCiUpper'), 2)}` : '无法估计';
  const taroneP = f.num('taroneP');
  const hetero = significant(taroneP);
  const confounded = or !== null && crude !== null && Math.abs(crude - or) / or > 0.1;
  const head = `CMH χ² = ${fmt(f.num('statistic'))}，${pText(p)}`;
  // Stratum ORs as table 1 prints them: the stratum name on its first row, the OR cell beside it.
  const t1 = f.tableStartingWith('表1');
  // The reference levels as table 1 prints them (second exposure row, second outcome column).
  const eNeg = t1 && t1.rows[1] && typeof t1.rows[1][1] === 'string' ? name(t1.rows[1][1]) : `非${eLevel}`;
  const oNeg = t1 && t1.columns[3] ? name(t1.columns[3]) : `非${oLevel}`;
  const strata = (t1?.rows ?? []).filter((r) => r[0] !== '' && r[0] !== null && r[0] !== '合计（不分层）').map((r) => `${cellText(r[0])} OR = ${cellText(r[4])}`);
  const caveats: string[] = [];
  if (taroneP === null) caveats.push('本次未能做 Breslow–Day 齐性检验（见表2 注），无法判断各层 OR 是否一致，合并 OR 需谨慎解释。');
  else if (hetero) caveats.push(`Breslow–Day 齐性检验 P < 0.05，各层 OR 不一致，提示${s}对${e}与${o}的关联有效应修饰（交互）作用，宜分层报告各层 OR，合并 OR 仅供参考。`);
  if (confounded) caveats.push(`粗 OR 与合并 OR 相差超过 10%（见表3 注），${s}可能是混杂因素，应以 Mantel–Haenszel 合并 OR 为准。`);
  if (f.footnotes().some((t) => t.includes('Haldane'))) caveats.push('有的层存在零格，该层 OR 按各格加 0.5 计算，区间较宽。');
  if (f.conclusionText().includes('频数小于 5')) caveats.push('部分层有频数小于 5 的格子：CMH 检验依赖各层合计，仍然可用，但这些层的 OR 区间较宽，Breslow–Day 检验的效能较低。');
  caveats.push(...excludedLine(f));
  return {
    method:
      `研究${e}（${eLevel} vs ${eNeg}）与${o}（${oLevel} vs ${oNeg}）的关联，并按${s}分为 ${int(f.num('strata'))} 层，以控制${s}的混杂作用。` +
      `每层是一张四格表，Cochran–Mantel–Haenszel（CMH）检验把各层的信息合并，检验“控制分层后两者无关联（共同 OR = 1）”，并给出 Mantel–Haenszel 合并 OR；Breslow–Day 检验判断各层 OR 是否一致，一致时合并 OR 才有意义。` +
      `本次${corrected ? '使用连续性校正（与 R mantelhaen.test 默认相同）' : '未做连续性校正'}。`,
    numbers: [
      `CMH 检验${corrected ? '（连续性校正）' : ''}：${head}。${sig ? `控制${s}后${e}与${o}的关联有统计学意义。` : `控制${s}后未发现${e}与${o}有统计学意义的关联。`}`,
      `Mantel–Haenszel 合并 OR = ${orText}：控制${s}后，${eLevel}者发生“${oLevel}”的比值是${eNeg}者的多少倍。`,
      `不分层的粗 OR = ${crudeText}，与合并 OR 比较可判断${s}是否有混杂作用。`,
      ...(strata.length > 0 ? [`各层 OR：${strata.join('；')}。`] : []),
      ...(taroneP !== null
        ? [`Breslow–Day 齐性检验（Tarone 校正）χ² = ${fmt(f.num('tarone'))}，df = ${int(f.num('breslowDayDf'))}，${pText(taroneP)}：${hetero ? '各层 OR 不一致。' : '未发现各层 OR 不一致，可以报告合并 OR。'}`]
        : []),
      `纳入分析 n = ${int(f.num('n'))}，共 ${int(f.num('strata'))} 层。`,
    ],
    conclusion: sig
      ? `控制${s}后，${e}与${o}的关联有统计学意义（${head}），合并 OR = ${orText}，${or !== null && or > 1 ? `${eLevel}者发生“${oLevel}”的风险（比值）较高` : `${eLevel}者发生“${oLevel}”的比值较低`}。` +
        (confounded ? `粗 OR（${fmt(crude, 2)}）与合并 OR 相差较大，说明${s}有混杂作用，应以合并 OR 为准。` : `粗 OR（${fmt(crude, 2)}）与合并 OR 接近，${s}的混杂作用不明显。`)
      : `控制${s}后，未发现${e}与${o}有统计学意义的关联（${head}），合并 OR = ${orText}。` + (confounded ? `粗 OR 为 ${fmt(crude, 2)}，与合并 OR 相差较大，不分层时看到的关联可能部分来自${s}的混杂。` : ''),
    caveats,
    paper:
      `按${s}分层后，采用 Cochran–Mantel–Haenszel 检验分析${e}与${o}的关联。Breslow–Day 齐性检验${taroneP !== null ? `显示各层 OR ${hetero ? '不一致' : '差异无统计学意义'}（${pText(taroneP)}）` : '未能进行'}；` +
      `控制${s}后，${e}与${o}的关联${sig ? '有统计学意义' : '无统计学意义'}（${head}），Mantel–Haenszel 合并 OR = ${orText}（粗 OR = ${fmt(crude, 2)}）。`,
    next: [
      hetero ? `分层报告各层 OR，或在 Logistic 回归中加入${e}×${s}交互项检验效应修饰。` : '在论文中同时报告粗 OR 与合并 OR，说明分层因素的混杂作用。',
      `需要同时控制多个混杂因素（或连续型混杂因素）时，改用多因素 Logistic 回归。`,
      '检查各层例数，层数多而每层例数少时可合并相邻的层。',
    ],
    nonsignificant: sig
      ? `P < 0.05 说明控制${s}后${e}与${o}仍有关联，但只控制了这一个因素；其他未分层的混杂仍可能存在，观察性研究中的关联也不等于因果。`
      : `P ≥ 0.05 表示控制${s}后未能证明${e}与${o}有关联，并不证明无关联；请看合并 OR 的置信区间——区间宽说明样本量不足，区间窄且靠近 1 才提示关联确实很弱。`,
    effect: or !== null ? `合并 OR = ${orText}：OR = 1 表示无关联，越偏离 1 关联越强；置信区间不包含 1 与检验有统计学意义相对应。粗 OR = ${fmt(crude, 2)}，两者之差反映了${s}的混杂程度。` : '合并 OR 无法估计（为 0 或无穷大），请查看各层四格表是否有零格。',
  };
}

// ---------------------------------------------------------------- Cochran–Armitage trend

function trendChisq(f: ReportFacts): Explanation {
  const g = f.param('group');
  const y = f.param('outcome');
  const pos = f.str('positiveLevel') ?? '阳性';
  const p = f.num('p');
  const sig = significant(p);
  const z = f.num('z');
  const up = z !== null && z > 0;
  const head = `Z = ${fmt(z)}（χ² = ${fmt(f.num('statistic'))}），${pText(p)}`;
  const depP = f.num('departureP');
  const slope = f.num('slope');
  const scoreCol = f.param('score');
  const t1 = f.tableStartingWith('表1');
  const body = (t1?.rows ?? []).filter((r) => r[0] !== '合计');
  const rates = body.map((r) => `${cellText(r[0])} ${cellText(r[4])}`);
  const n = f.num('n');
  const events = f.num('events');
  // Expected counts below 5 in some group make the normal approximation rough (as the tool warns).
  const smallExpected =
    n !== null && events !== null && n > 0 && body.some((r) => typeof r[2] === 'number' && (r[2] * (events / n) < 5 || r[2] * (1 - events / n) < 5));
  const caveats: string[] = [];
  if (significant(depP)) caveats.push(`偏离线性趋势的检验 P < 0.05，各组${pos}率并非随评分线性变化（可能先升后平或非单调），不宜只用“线性趋势”概括，应结合各组发生率解读。`);
  if (!scoreCol) caveats.push(`评分为等距的 1, 2, …，假定相邻组的间隔相同，且组的顺序${f.param('groupOrder') ? '按用户指定' : '按数据中首次出现的顺序'}；请确认顺序由低到高，若各组剂量不等距，请选择剂量作为评分列。`);
  if (smallExpected) caveats.push('部分组的理论频数小于 5，趋势检验的正态近似可能不够准确，可考虑合并相邻组。');
  caveats.push(...excludedLine(f));
  return {
    method:
      `${g}是有序分组（如剂量由低到高），${y}是二分类结局（以“${pos}”为阳性）。Cochran–Armitage 趋势检验回答“${pos}率是否随${g}的等级升高而线性升高或降低”，` +
      `比普通卡方检验（只问各组是否不同、不考虑顺序）更有针对性、效能更高。评分${scoreCol ? `取自“${scoreCol}”列` : '为等距的 1, 2, …'}。同时给出 2×k 表的总体卡方与偏离线性趋势的检验。`,
    numbers: [
      `趋势检验：${head}。Z 的符号表示方向：${up ? 'Z > 0，发生率随评分升高而升高' : 'Z < 0，发生率随评分升高而降低'}。`,
      ...(rates.length > 0 ? [`各组${pos}率：${rates.join('、')}。`] : []),
      ...(slope !== null ? [`发生率对评分的加权回归斜率为 ${fmt(slope, 4)}，即评分每增加 1，${pos}率平均变化 ${(100 * slope).toFixed(2)} 个百分点。`] : []),
      `总体差异（Pearson χ²）：χ² = ${fmt(f.num('overallChi2'))}，df = ${int(f.num('overallDf'))}，${pText(f.num('overallP'))}，只说明各组是否不同，不考虑顺序。`,
      ...(depP !== null ? [`偏离线性趋势：χ² = ${fmt(f.num('departureChi2'))}，df = ${int(f.num('departureDf'))}，${pText(depP)}，${significant(depP) ? '有偏离线性的成分' : '未发现偏离线性趋势'}。`] : []),
      `共 ${int(f.num('groups'))} 组，n = ${int(n)}，其中“${pos}”${int(events)} 例。`,
    ],
    conclusion: sig
      ? `${y}“${pos}”率随${g}${up ? '升高而升高' : '升高而降低'}，线性趋势有统计学意义（${head}）${rates.length > 0 ? `，各组依次为 ${rates.join('、')}` : ''}。${slope !== null ? `评分每增加 1，${pos}率平均变化 ${(100 * slope).toFixed(2)} 个百分点。` : ''}`
      : `未发现${y}“${pos}”率随${g}变化的线性趋势（${head}）${rates.length > 0 ? `；各组依次为 ${rates.join('、')}` : ''}。`,
    caveats,
    paper:
      `${rates.length > 0 ? `各${g}的${y}“${pos}”率依次为 ${rates.join('、')}。` : ''}Cochran–Armitage 趋势检验显示，${pos}率随${g}${sig ? (up ? '升高呈上升趋势' : '升高呈下降趋势') + '，趋势有统计学意义' : '变化的线性趋势无统计学意义'}（${head}）。`,
    next: [
      '用 Logistic 回归把分组评分作为连续自变量，得到每升高一级的 OR 及其置信区间，并可调整混杂因素。',
      significant(depP) ? '各组发生率偏离线性，可把分组作为分类变量做 Logistic 回归或两两比较。' : '在论文中同时列出各组发生率及其 95% 置信区间（表1）。',
      scoreCol ? '用不同评分（如剂量的对数）做敏感性分析，检查结论是否依赖评分。' : '若各组实际剂量不等距，改用实际剂量作为评分列重新分析。',
    ],
    nonsignificant: sig
      ? '趋势有统计学意义说明发生率与等级之间存在单调的线性倾向，但不说明每相邻两组之间都有差异，也不说明因果关系（剂量–反应关系只是因果判断的证据之一）。'
      : '未发现线性趋势不等于各组没有差异：发生率可能先升后降（非单调），此时趋势检验不敏感，请看总体卡方与偏离线性趋势的检验；组数少或每组例数少时检验效能也有限。',
    effect: slope !== null ? `斜率 ${fmt(slope, 4)} 表示评分每增加 1（相邻两组之间），${pos}率平均变化 ${(100 * slope).toFixed(2)} 个百分点，是趋势大小的直观度量；Z 值只反映统计证据的强弱。` : undefined,
  };
}

export const EXPLAINERS: Record<string, (f: ReportFacts) => Explanation> = {
  chisq,
  'flow-categorical': flowCategorical,
  mcnemar,
  cmh,
  'trend-chisq': trendChisq,
};
