// Explainers of the correlation family (issue 17): tool key → explainer. The correlation tool (one
// pair with its CI, or a matrix), the guided flow that picks Pearson or Spearman by Shapiro–Wilk, and
// the scatter plot with its least-squares line. Every number is read from the report.
import { ciPart, fmt, levelText, name, pct, pText, significant, type Explanation, type ReportFacts } from '../explanation.js';

const METHOD: Record<string, { name: string; sym: string; why: string }> = {
  pearson: {
    name: 'Pearson 积差相关',
    sym: 'r',
    why: '两个变量都是连续的定量资料、大致服从正态分布、关系为直线时，Pearson 相关系数 r 描述线性相关的方向和强度',
  },
  spearman: {
    name: 'Spearman 秩相关',
    sym: 'ρ',
    why: 'Spearman 秩相关先把数据转成秩次再计算，不要求正态分布，对偏态、离群值和等级资料稳健，描述的是单调（不一定是直线）关系',
  },
  kendall: {
    name: 'Kendall τ-b 秩相关',
    sym: 'τ',
    why: 'Kendall τ-b 基于一致对与不一致对的比例，不要求正态分布，适合等级资料、样本量较小或相同值（结）较多的情形',
  },
};

/** The tool's own wording of |r| (the correlation report uses the same cut-offs). */
function strength(r: number): string {
  const a = Math.abs(r);
  return a < 0.1 ? '几乎无相关' : a < 0.3 ? '弱相关' : a < 0.5 ? '中等程度相关' : a < 0.7 ? '较强相关' : '强相关';
}

const direction = (r: number) => (r > 0 ? '正' : '负');

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

interface PairView {
  x: string;
  y: string;
  method: string;
  sym: string;
  methodName: string;
  r: number | null;
  p: number | null;
  n: number | null;
  ci: string;
  /** "r = 0.512，95%CI …，P = …" */
  head: string;
}

function pairView(f: ReportFacts, x: string, y: string, method: string): PairView {
  const m = METHOD[method] ?? METHOD.pearson!;
  const r = f.num('r');
  const p = f.num('p');
  const lo = f.num('ciLower');
  const hi = f.num('ciUpper');
  const ci = lo !== null && hi !== null ? ciPart(lo, hi, `${levelText(f)}%`) : '';
  const head = `${m.sym} = ${fmt(r)}${ci ? `，${ci}` : ''}，${pText(p)}`;
  return { x, y, method, sym: m.sym, methodName: m.name, r, p, n: f.num('n'), ci, head };
}

function pairExplanation(f: ReportFacts, v: PairView, method: string, extraCaveats: string[]): Explanation {
  const sig = significant(v.p);
  const alt = f.param('alternative');
  const oneSided = alt === 'greater' || alt === 'less';
  const stat = f.num('statistic');
  const df = f.num('df');
  // The statistic's name as the table prints it (t for Pearson, S or T or z for the rank methods).
  const statName = name(f.tables().find((t) => t.title.startsWith('表1'))?.columns[4] ?? '统计量');
  const numbers = [
    `${v.methodName}系数 ${v.sym} = ${fmt(v.r)}：符号表示方向（正值表示一个变量增大时另一个也增大），绝对值越接近 1 相关越强${v.r !== null ? `；本次为${direction(v.r)}向、${strength(v.r)}` : ''}。`,
    ...(v.ci ? [`${v.ci}：总体相关系数的可能范围${v.r !== null ? '，区间越窄估计越精确' : ''}。`] : []),
    `检验统计量 ${statName} = ${fmt(stat)}${v.method === 'pearson' && df !== null ? `，df = ${fmt(df, 0)}` : ''}，${pText(v.p)}${oneSided ? '（单侧检验）' : ''}：检验总体相关系数是否为 0。`,
    `成对完整的观测 n = ${fmt(v.n, 0)}（缺失值按成对删除）。`,
  ];
  const caveats = [...extraCaveats];
  if (oneSided) caveats.push(`本次为单侧检验（备择假设为${alt === 'greater' ? '正相关' : '负相关'}），单侧检验须在看到数据前就有充分理由，否则应报告双侧 P 值。`);
  if (v.n !== null && v.n < 30) caveats.push('样本量较小（n < 30），相关系数的估计不稳定，置信区间较宽，一两个极端值就可能改变结论。');
  if (v.method === 'pearson') caveats.push('Pearson 相关只反映直线关系，且对离群值敏感；请查看散点图，确认没有明显的曲线关系或个别极端点主导结果。');
  if (!v.ci && v.method !== 'pearson') caveats.push(`${v.methodName}本报告未给出置信区间，论文中可只报告系数与 P 值，或用 Bootstrap 法估计区间。`);
  const conclusion = sig
    ? `${v.x}与${v.y}呈${v.r !== null ? `${direction(v.r)}相关（${strength(v.r)}）` : '相关'}，且有统计学意义（${v.head}）：${v.r !== null && v.r > 0 ? `${v.x}越高，${v.y}往往越高` : `${v.x}越高，${v.y}往往越低`}。`
    : `未发现${v.x}与${v.y}之间有统计学意义的相关（${v.head}）${v.r !== null ? `，样本中相关系数很小或不稳定（${strength(v.r)}）` : ''}。`;
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper: `采用 ${v.methodName}分析${v.x}与${v.y}的关系，结果显示两者${sig ? `呈${v.r !== null ? direction(v.r) : ''}相关` : '无明显相关'}（${v.head}${v.n !== null ? `，n = ${fmt(v.n, 0)}` : ''}）。`,
    next: sig
      ? [
          `若要用${v.x}预测${v.y}或控制其他因素，进一步做线性回归（或多因素回归）。`,
          '用散点图检查关系是否为直线、有无离群值。',
          '相关不等于因果，可结合专业知识和研究设计讨论可能的混杂因素（必要时计算偏相关）。',
        ]
      : [
          '查看散点图：两者可能存在曲线（非单调）关系，此时相关系数接近 0 但并非无关。',
          '看置信区间的宽度：区间很宽说明样本量不足，可据此估算需要的样本量。',
          v.method === 'pearson' ? '若数据偏态或有离群值，可改用 Spearman 秩相关作敏感性分析。' : '若两变量近似正态且关系为直线，可用 Pearson 相关比较结论。',
        ],
    nonsignificant: sig
      ? `P < 0.05 只说明总体相关系数不为 0，并不说明相关很强——样本量大时很弱的相关也会“显著”，请看 ${v.sym} 的大小和置信区间；相关也不等于因果，可能来自共同的影响因素。`
      : `P ≥ 0.05 表示未能证明两变量存在${v.method === 'pearson' ? '线性' : '单调'}相关，并不证明两者无关：可能样本量不足，也可能存在非${v.method === 'pearson' ? '线性' : '单调'}的关系。请结合散点图和置信区间判断。`,
    effect:
      v.r !== null
        ? `${v.sym} = ${fmt(v.r)}，属于${strength(v.r)}（|${v.sym}| < 0.1 几乎无相关，0.1～0.3 弱，0.3～0.5 中等，0.5～0.7 较强，≥ 0.7 强）。相关系数本身就是效应量；是否有临床意义还要看变量的专业含义。`
        : undefined,
  };
}

function correlation(f: ReportFacts): Explanation {
  const vars = list(f.report.parameters.vars);
  const method = String(f.report.parameters.method ?? 'pearson');
  const m = METHOD[method] ?? METHOD.pearson!;
  if (vars.length === 2) {
    const [x, y] = vars.map(name) as [string, string];
    const v = pairView(f, x, y, method);
    const text = `分析${x}与${y}两个定量变量之间的相关关系。本次采用 ${m.name}：${m.why}。相关分析不区分自变量与因变量，只描述两者共同变化的方向和强度。`;
    return pairExplanation(f, v, text, []);
  }
  // A matrix: one r and P per pair, under results `r.a~b` / `p.a~b` (a before b in the chosen order).
  const pairs: Array<{ a: string; b: string; r: number; p: number }> = [];
  for (let i = 0; i < vars.length; i++)
    for (let j = 0; j < i; j++) {
      const r = f.num(`r.${vars[j]}~${vars[i]}`);
      const p = f.num(`p.${vars[j]}~${vars[i]}`);
      if (r !== null && p !== null) pairs.push({ a: vars[j]!, b: vars[i]!, r, p });
    }
  const sig = pairs.filter((q) => significant(q.p)).sort((u, w) => Math.abs(w.r) - Math.abs(u.r));
  const line = (q: (typeof pairs)[number]) => `${name(q.a)}与${name(q.b)}：${m.sym} = ${fmt(q.r)}，${pText(q.p)}`;
  const strongest = [...pairs].sort((u, w) => Math.abs(w.r) - Math.abs(u.r))[0];
  const numbers = pairs.slice(0, 15).map((q) => `${line(q)}（${direction(q.r)}向，${strength(q.r)}${significant(q.p) ? '，有统计学意义' : ''}）。`);
  if (pairs.length > 15) numbers.push('其余变量对见表1（相关系数）与表2（P 值）。');
  const caveats: string[] = [];
  if (pairs.length > 3) caveats.push('同时检验了多对相关，P 值未做多重比较校正；变量越多，偶然出现“显著”相关的机会越大，可用 Bonferroni 等方法校正，或把结果视为探索性的。');
  if (method === 'pearson') caveats.push('Pearson 相关只反映直线关系，且对离群值敏感；建议对重要的变量对查看散点图。');
  caveats.push('缺失值按成对删除，不同变量对的样本量可能不同。');
  return {
    method: `分析 ${vars.map(name).join('、')} 之间两两的相关关系，给出相关系数矩阵与 P 值矩阵。本次采用 ${m.name}：${m.why}。`,
    numbers,
    conclusion:
      sig.length > 0
        ? `相关有统计学意义的变量对：${sig.slice(0, 8).map((q) => `${name(q.a)}与${name(q.b)}（${m.sym} = ${fmt(q.r)}，${direction(q.r)}相关）`).join('；')}。其余变量对未发现有统计学意义的相关。`
        : `所选变量之间均未发现有统计学意义的相关${strongest ? `；相关最强的一对为${line(strongest)}` : ''}。`,
    caveats,
    paper:
      `采用 ${m.name}分析 ${vars.map(name).join('、')} 之间的相关性。` +
      (sig.length > 0 ? `${sig.slice(0, 6).map((q) => `${name(q.a)}与${name(q.b)}呈${direction(q.r)}相关（${m.sym} = ${fmt(q.r)}，${pText(q.p)}）`).join('；')}；其余变量间相关无统计学意义（P ≥ 0.05）。` : '各变量之间的相关均无统计学意义（P ≥ 0.05）。'),
    next: [
      '对关心的变量对单独做两变量相关分析，得到相关系数的置信区间和散点图。',
      '若变量之间高度相关，多因素回归中注意多重共线性（可只保留其一或合并）。',
      '要控制其他变量后看两变量的关系，可用多因素线性回归。',
    ],
    nonsignificant: sig.length > 0
      ? 'P < 0.05 只说明总体相关系数不为 0；请看系数大小判断相关强弱，且相关不等于因果。多对检验时个别“显著”可能是偶然。'
      : 'P ≥ 0.05 表示未能证明变量之间有相关，并不证明无关：样本量不足或关系为非直线（非单调）时相关系数都可能接近 0。',
    effect: strongest
      ? `相关系数本身就是效应量：|${m.sym}| < 0.1 几乎无相关，0.1～0.3 弱，0.3～0.5 中等，0.5～0.7 较强，≥ 0.7 强。本次相关最强的是${name(strongest.a)}与${name(strongest.b)}（${m.sym} = ${fmt(strongest.r)}，${strength(strongest.r)}）。`
      : undefined,
  };
}

function flowCorrelation(f: ReportFacts): Explanation {
  const x = f.param('x');
  const y = f.param('y');
  const chosen = String(f.report.results.chosenTest ?? 'pearson');
  const alpha = f.report.parameters.checkAlpha;
  const a = typeof alpha === 'number' ? String(alpha) : '0.05';
  // The assumption table: [检验, W, P, 判断] per variable.
  const rows = f.rows('前提检验');
  const label = (r: (typeof rows)[number]) => name(String(r[0] ?? '').replace(/^Shapiro-Wilk 正态性（(.*)）$/, '$1'));
  const checks = rows.map((r) => `${label(r)} W = ${r[1] === null ? '—' : String(r[1])}，P ${String(r[2]).startsWith('<') ? '< 0.001' : `= ${String(r[2])}`}（${name(String(r[3] ?? ''))}）`);
  const bad = rows.filter((r) => r[3] !== '未见偏离正态' && r[3] !== '样本量大，视为近似正态').map(label);
  const m = METHOD[chosen] ?? METHOD.pearson!;
  const path =
    chosen === 'pearson'
      ? `两变量的 Shapiro-Wilk 检验均 P ≥ ${a}，未见偏离正态分布，满足 Pearson 相关的前提，因此选用 Pearson 积差相关。`
      : `${bad.length > 0 ? `${bad.join('、')}` : '至少一个变量'}的正态性不满足（P < ${a}，或无法检验），不满足 Pearson 相关的正态性前提，因此改用 Spearman 秩相关。`;
  const method =
    `本报告是“相关分析”的引导流程：第一步，在成对完整的观测中分别对${x}和${y}做 Shapiro-Wilk 正态性检验（检验水准 α = ${a}，作为双变量正态的实用判断）${checks.length > 0 ? `：${checks.join('；')}` : ''}。` +
    `第二步，${path}${m.why}。`;
  const v = pairView(f, x, y, chosen);
  const extra: string[] = [];
  if (chosen === 'pearson' && v.n !== null && v.n < 30) extra.push('样本量较小时 Shapiro-Wilk 检验的效能低，“未见偏离正态”并不能保证正态，请结合散点图判断。');
  if (chosen === 'spearman') extra.push('改用 Spearman 秩相关后，系数描述的是单调关系而非直线关系，解释时不要写成“线性相关”。');
  return pairExplanation(f, v, method, extra);
}

function scatter(f: ReportFacts): Explanation {
  const x = f.param('x');
  const y = f.param('y');
  const g = f.param('group');
  const showFit = f.report.parameters.fit !== false;
  const slope = f.num('slope');
  const b0 = f.num('intercept');
  const r2 = f.num('rSquared');
  const p = f.num('p');
  const sig = significant(p);
  const lvl = `${levelText(f)}%`;
  const lo = f.num('slopeLower');
  const hi = f.num('slopeUpper');
  const ci = lo !== null && hi !== null ? ciPart(lo, hi, lvl, 4) : '';
  const head = `斜率 b = ${fmt(slope)}${ci ? `，${ci}` : ''}，R² = ${fmt(r2)}，${pText(p)}`;
  const eq = b0 !== null && slope !== null ? `${y} = ${fmt(b0, 4)} ${slope < 0 ? '−' : '+'} ${fmt(Math.abs(slope), 4)} × ${x}` : '';
  const caveats: string[] = [];
  // With a grouping variable the chart draws one line per group; their slopes are in the results.
  const groupFits = f.prefixed('slope.').map(([key, b]) => ({ name: key.slice('slope.'.length), b, p: f.num(`p.${key.slice('slope.'.length)}`), n: f.num(`n.${key.slice('slope.'.length)}`) }));
  if (g && groupFits.length > 0) caveats.push(`图中按${g}分组各画一条拟合线；表1 的整体拟合合并了各组，若各组斜率不同甚至方向相反，合并拟合可能掩盖组间差异，比较斜率应在回归中加入交互项。`);
  else if (g) caveats.push(`点按${g}着色，但拟合线基于全部数据；若各组的关系不同（斜率不同甚至方向相反），合并拟合可能掩盖组间差异，应分组拟合或在回归中加入交互项。`);
  if (!showFit) caveats.push('图中未显示拟合线与置信带（选项已关闭），下面的拟合结果仍按全部数据计算。');
  caveats.push('直线拟合假定两者为直线关系；请看散点是否围绕直线随机分布，有无曲线趋势、离群点或越往右越分散（方差不齐）的情况。');
  const n = f.num('n');
  if (n !== null && n < 30) caveats.push('样本量较小（n < 30），拟合线受个别点影响大。');
  return {
    method:
      `散点图以${x}为横轴、${y}为纵轴，每个点是一个观测，用来直观查看两个定量变量之间关系的方向、形状（直线或曲线）、强弱和离群点${g ? `，点按${g}着色` : ''}。` +
      `图中叠加了最小二乘法拟合的直线${showFit ? `及其拟合均值的 ${lvl} 置信带` : ''}，并在表1 给出截距、斜率、R² 与斜率的检验。散点图是可视化工具，拟合线相当于只有一个自变量的简单线性回归。`,
    numbers: [
      ...(eq ? [`拟合方程：${eq}。`] : []),
      `斜率 b = ${fmt(slope, 4)}${ci ? `（${ci}）` : ''}：${x}每增加 1 个单位，${y}平均变化 ${fmt(slope)} 个单位；${pText(p)}，检验斜率是否为 0。`,
      `截距 = ${fmt(b0, 4)}：${x}为 0 时${y}的拟合值，若 0 不在${x}的实际取值范围内则无实际意义。`,
      `R² = ${fmt(r2)}：${y}的变异中约 ${pct(r2)} 可由${x}的直线关系解释。`,
      `成对完整的观测 n = ${fmt(n, 0)}。`,
      ...groupFits.map((gf) => `${name(gf.name)}组（n = ${fmt(gf.n, 0)}）：斜率 b = ${fmt(gf.b, 4)}，${pText(gf.p)}。`),
    ],
    conclusion: sig
      ? `${y}随${x}${slope !== null && slope > 0 ? '增大而升高' : '增大而降低'}，直线关系有统计学意义（${head}）：${x}每增加 1 个单位，${y}平均${slope !== null && slope > 0 ? '升高' : '降低'} ${fmt(slope !== null ? Math.abs(slope) : null)} 个单位。`
      : `未发现${y}与${x}之间有统计学意义的直线关系（${head}），散点图中两者的直线趋势不明显。`,
    caveats,
    paper: `以${x}为横轴、${y}为纵轴绘制散点图并做直线拟合，${eq ? `回归方程为 ${eq}，` : ''}${sig ? '斜率有统计学意义' : '斜率无统计学意义'}（${head}）。`,
    next: [
      `需要相关系数时做相关分析（两者近似正态用 Pearson，否则用 Spearman）。`,
      `需要调整其他因素或做回归诊断（残差图、影响点）时，用线性回归分析。`,
      g ? `分别对每个${g}拟合直线，比较各组的斜率。` : '如有分组变量（如性别、组别），可按组着色查看关系是否一致。',
    ],
    nonsignificant: sig
      ? `斜率有统计学意义只说明存在直线趋势；R² = ${fmt(r2)} 才反映${x}能解释${y}变异的多少。散点图中的关系也不等于因果。`
      : '斜率无统计学意义不等于两者无关：关系可能是曲线（如 U 形），直线拟合捕捉不到；样本量小时检验效能也有限。请仔细看散点图的形状。',
    effect: r2 !== null ? `R² = ${fmt(r2)}，即${y}的变异中约 ${pct(r2)} 可由${x}的直线关系解释；斜率 ${fmt(slope)} 则是${x}每变化 1 个单位时${y}的平均变化量，更便于临床解释。` : undefined,
  };
}

export const EXPLAINERS: Record<string, (f: ReportFacts) => Explanation> = {
  correlation,
  'flow-correlation': flowCorrelation,
  scatter,
};
