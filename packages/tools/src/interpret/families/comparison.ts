// Explainers of the comparison family (issue 17): two-sample and paired comparisons and their guided
// flows. Each reads the tool's own `results` and tables; the flows explain the decision path and
// then reuse the explainer of the test they chose. The small reading helpers here are shared with
// the multigroup family.
import { cellNum, ciText, fmt, name, pText, significant, type Cell, type Explanation, type ReportFacts } from '../explanation.js';

/** A table cell as safe markdown text ('' when empty, unlike explanation's cellText). */
export const cellText = (c: Cell | undefined): string => (c === null || c === undefined ? '' : name(String(c)));

/** A P value as a table prints it ("0.017", "<0.001") turned into "P = 0.017" / "P < 0.001". */
export function pCell(c: Cell | undefined): string {
  if (typeof c === 'number') return pText(c);
  const s = String(c ?? '').trim();
  if (s.startsWith('<')) return 'P < 0.001';
  return /^\d/.test(s) ? `P = ${s}` : 'P 不可用';
}

/** Whether a printed P cell is below 0.05. */
export function pCellSignificant(c: Cell | undefined): boolean {
  if (typeof c === 'number') return significant(c);
  const s = String(c ?? '').trim();
  if (s.startsWith('<')) return true;
  const v = Number(s);
  return Number.isFinite(v) && v < 0.05;
}

/** The confidence level of a report as a percentage (95 unless the report says otherwise). */
export function levelPct(f: ReportFacts, key = 'level'): number {
  const r = f.num(key);
  const p = f.report.parameters.level;
  const level = r ?? (typeof p === 'number' && Number.isFinite(p) ? p : 0.95);
  return Math.round(level * 1000) / 10;
}

export const sigWord = (p: number | null): string => (significant(p) ? '有统计学意义' : '无统计学意义');

/** Cohen's d read against Cohen's benchmarks 0.2 / 0.5 / 0.8. */
export function dSize(d: number | null): string {
  if (d === null) return '无法判断';
  const a = Math.abs(d);
  return a < 0.2 ? '很小（|d| < 0.2）' : a < 0.5 ? '小（0.2 ≤ |d| < 0.5）' : a < 0.8 ? '中等（0.5 ≤ |d| < 0.8）' : '大（|d| ≥ 0.8）';
}

/** A correlation-type effect size (r, rank-biserial, Kendall's W) against 0.1 / 0.3 / 0.5. */
export function rSize(r: number | null): string {
  if (r === null) return '无法判断';
  const a = Math.abs(r);
  return a < 0.1 ? '很小（绝对值 < 0.1）' : a < 0.3 ? '小（0.1 ~ 0.3）' : a < 0.5 ? '中等（0.3 ~ 0.5）' : '大（≥ 0.5）';
}

/** η², ε², ω², partial η² read against Cohen's small/medium/large benchmarks. */
export function etaSize(x: number | null): string {
  if (x === null) return '无法判断';
  return x < 0.01 ? '很小' : x < 0.06 ? '小' : x < 0.14 ? '中等' : '大';
}

/** The paragraphs after the first of the report's conclusion that match `re` (the tool's own warnings). */
export function toolNotes(f: ReportFacts, re: RegExp): string[] {
  return f
    .conclusionText()
    .split(/\n\n+/)
    .slice(1)
    .filter((p) => re.test(p));
}

/** Which sided test the parameters asked for, as a short clause ('' for two-sided). */
export function sideNote(f: ReportFacts, first: string, second: string, what: string): string {
  const a = f.report.parameters.alternative;
  if (a === 'greater') return `本次为单侧检验（备择假设：${first}的${what}大于${second}）。`;
  if (a === 'less') return `本次为单侧检验（备择假设：${first}的${what}小于${second}）。`;
  return '';
}

/** Group rows of a descriptive table: name (safe), n and the remaining cells. */
export function groupRows(f: ReportFacts, part: string): Array<{ name: string; n: number | null; cells: Cell[] }> {
  return f.rows(part).map((r) => ({ name: cellText(r[0]), n: cellNum(r[1]), cells: r.slice(2) }));
}

/** Shapiro–Wilk P values stored as `shapiroP.<name>`: [safe name, p]. */
export function shapiroByName(f: ReportFacts): Array<[string, number]> {
  return f.prefixed('shapiroP.').map(([k, p]) => [name(k), p]);
}

/** The significance level a flow used for its assumption checks. */
export function flowAlpha(f: ReportFacts): { value: number; text: string } {
  const a = f.report.parameters.checkAlpha;
  return typeof a === 'number' && a > 0 && a < 1 ? { value: a, text: f.param('checkAlpha') } : { value: 0.05, text: '0.05' };
}

const FLOW_CAVEAT =
  '流程按前提检验的 P 值自动选择方法：小样本时正态性检验效能低，偏离也可能判为“正态”；大样本时轻微偏离也会被判为“不正态”。请结合直方图或 Q-Q 图与专业知识复核所选方法，并在论文中如实说明选择依据。';

// ---------------------------------------------------------------------------------------------
// Independent-samples t test (also the t branch of the two-group flow)

function ttestIndependent(f: ReportFacts): Explanation {
  const y = f.param('y');
  const g = f.param('group');
  const groups = groupRows(f, '两组描述统计');
  const [a, b] = [groups[0]?.name ?? '第一组', groups[1]?.name ?? '第二组'];
  const welch = f.str('method') === 'welch';
  const setting = f.report.parameters.method;
  const isFlow = f.report.tool.key.startsWith('flow');
  const alpha = flowAlpha(f);
  const t = f.num('statistic');
  const df = f.num('df');
  const p = f.num('p');
  const diff = f.num('meanDifference');
  const lo = f.num('ciLower');
  const hi = f.num('ciUpper');
  const d = f.num('cohensD');
  const g2 = f.num('hedgesG');
  const levene = f.num('leveneP');
  const pct = levelPct(f);
  const dfText = fmt(df, welch ? 2 : 0);
  const shapiro = shapiroByName(f);
  const nonNormal = shapiro.filter(([, sp]) => sp < 0.05);

  const why = welch
    ? setting === 'welch'
      ? '按分析设置直接采用不假定方差齐的 Welch 校正 t 检验（自由度按 Satterthwaite 法校正，可为小数）。'
      : `Levene 检验 ${pText(levene)}，提示两组方差不齐，因此采用 Welch 校正 t 检验（自由度按 Satterthwaite 法校正）。`
    : setting === 'student'
      ? '按分析设置采用假定方差齐的 Student t 检验。'
      : levene !== null
        ? `Levene 检验 ${pText(levene)}（≥ ${isFlow ? alpha.text : '0.05'}），可认为两组方差齐，因此采用经典的 Student t 检验。`
        : 'Levene 检验无法计算，按方差齐采用 Student t 检验。';
  const method =
    `比较按“${g}”分成的两组（${a}、${b}）的“${y}”均值是否不同，采用独立样本 t 检验。` +
    '该方法适用于两组相互独立、结局为连续型定量资料、各组近似正态分布的情形。' +
    why +
    sideNote(f, `“${a}”`, `“${b}”`, '均值');

  const numbers: string[] = groups.map(
    (r) => `${r.name}：n = ${fmt(r.n, 0)}，均值 ${fmt(cellNum(r.cells[0]), 2)}，标准差 ${fmt(cellNum(r.cells[1]), 2)}。`,
  );
  numbers.push(`t = ${fmt(t, 3)}，df = ${dfText}，${pText(p)}：${significant(p) ? '小于 0.05，两组均值差异有统计学意义' : '不小于 0.05，尚不能认为两组均值不同'}。`);
  if (diff !== null) numbers.push(`均值差（${a} − ${b}）= ${fmt(diff, 3)}${ciText(lo, hi, 3, pct)}：区间${lo !== null && hi !== null && lo <= 0 && hi >= 0 ? '包含 0，与“无差异”相容' : '不包含 0'}，区间宽度反映估计的精确程度。`);
  if (d !== null) numbers.push(`Cohen's d = ${fmt(d, 3)}${ciText(f.num('cohensDLower'), f.num('cohensDUpper'), 3, pct)}，即两组均值相差约 ${fmt(Math.abs(d), 2)} 个合并标准差，效应${dSize(d)}${g2 !== null ? `；小样本校正的 Hedges' g = ${fmt(g2, 3)}` : ''}。`);
  if (levene !== null) numbers.push(`Levene 方差齐性检验 ${pText(levene)}：${levene < (isFlow ? alpha.value : 0.05) ? '方差不齐' : '方差齐'}。`);
  for (const [gn, sp] of shapiro) numbers.push(`${gn} Shapiro-Wilk 正态性检验 ${pText(sp)}：${sp < 0.05 ? '偏离正态' : '未见明显偏离正态'}。`);

  const higher = diff !== null && diff > 0 ? a : b;
  const lower = higher === a ? b : a;
  const conclusion = significant(p)
    ? `两组“${y}”均值差异有统计学意义（${pText(p)}）：${higher}的均值高于${lower}，均值差 ${fmt(diff, 3)}${ciText(lo, hi, 3, pct)}；按 Cohen's d = ${fmt(d, 3)}，效应${dSize(d)}。`
    : `两组“${y}”均值差异无统计学意义（${pText(p)}），均值差 ${fmt(diff, 3)}${ciText(lo, hi, 3, pct)}。现有数据不足以认为两组均值不同，但也不能据此断定两组相同。`;

  const caveats: string[] = [];
  for (const [gn, sp] of nonNormal) {
    const n = groups.find((r) => r.name === gn)?.n ?? null;
    caveats.push(
      `${gn}的 Shapiro-Wilk 检验 ${pText(sp)}，偏离正态分布${n !== null ? `（n = ${fmt(n, 0)}）` : ''}。` +
        (n !== null && n >= 30 ? '各组例数较多时 t 检验对轻中度偏态较稳健，可用 Mann-Whitney U 检验做敏感性分析。' : '样本量不大时建议改用 Mann-Whitney U 检验，或报告中位数与四分位数。'),
    );
  }
  if (!welch && levene !== null && levene < 0.05) caveats.push(`Levene 检验 ${pText(levene)} 提示方差不齐，而本报告按设置采用了 Student t 检验，建议改用 Welch 校正 t 检验。`);
  if (groups.some((r) => r.n !== null && r.n < 10)) caveats.push('至少一组例数少于 10，正态性与方差齐性检验都不可靠，结论需谨慎。');
  if (isFlow) caveats.push(FLOW_CAVEAT);

  const desc = groups.map((r) => `${r.name}为 ${fmt(cellNum(r.cells[0]), 2)} ± ${fmt(cellNum(r.cells[1]), 2)}`).join('，');
  const paper =
    `采用${welch ? ' Welch 校正' : '独立样本'} t 检验比较两组${y}。${desc ? `${desc}（均数 ± 标准差）。` : ''}` +
    `两组${y}差异${sigWord(p)}（t = ${fmt(t, 3)}，df = ${dfText}，${pText(p)}），` +
    `均值差为 ${fmt(diff, 3)}${ciText(lo, hi, 3, pct)}，Cohen's d = ${fmt(d, 3)}。`;

  const next = significant(p)
    ? [
        '在论文中同时报告均值差及其置信区间和 Cohen\'s d，并结合临床上有意义的最小差值判断差异是否有实际价值。',
        '若两组基线不均衡或存在混杂因素，可用协方差分析或多元线性回归做校正分析。',
        nonNormal.length > 0 ? '用 Mann-Whitney U 检验做敏感性分析，确认结论不受分布形态影响。' : '检查有无极端值，并确认结论在去除极端值后是否稳定。',
      ]
    : [
        '查看均值差置信区间的范围：若区间内包含有临床意义的差值，说明研究可能把握度不足。',
        '按本次观察到的均值与标准差做样本量（把握度）估计，为后续研究设计提供依据。',
        '若研究目的是证明两组“相当”，应预先设定界值并采用等效性或非劣效检验，而不是依赖不显著的 P 值。',
      ];
  const nonsignificant = significant(p)
    ? `本次 ${pText(p)}，说明两组均值的差异不太可能仅由抽样误差造成；但它不说明差异的临床意义大小（请看均值差的置信区间与 Cohen's d），非随机分组时也不能据此推断因果。`
    : `本次 ${pText(p)} ≥ 0.05，只表示在现有样本量下未能证明两组均值不同，并不等于证明两组相同。均值差的置信区间${ciText(lo, hi, 3, pct)}给出了与数据相容的差值范围；区间越宽，说明信息越不足。`;
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next,
    nonsignificant,
    effect: d !== null ? `Cohen's d = ${fmt(d, 3)}${ciText(f.num('cohensDLower'), f.num('cohensDUpper'), 3, pct)}，表示两组均值相差约 ${fmt(Math.abs(d), 2)} 个合并标准差。按 Cohen 的经验标准（0.2 小、0.5 中、0.8 大），效应${dSize(d)}。经验标准只是参考，实际意义应以临床上有意义的最小差值衡量。` : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Paired t test (also the t branch of the paired flow)

function ttestPaired(f: ReportFacts): Explanation {
  const a = f.param('x1');
  const b = f.param('x2');
  const rows = f.rows('配对变量与差值的描述统计');
  const t = f.num('statistic');
  const df = f.num('df');
  const p = f.num('p');
  const diff = f.num('meanDifference');
  const lo = f.num('ciLower');
  const hi = f.num('ciUpper');
  const dz = f.num('cohensDz');
  const sw = f.num('shapiroP');
  const pairs = f.num('pairs');
  const pct = levelPct(f);
  const isFlow = f.report.tool.key.startsWith('flow');

  const method =
    `比较同一批对象“${a}”与“${b}”两次测量的均值，采用配对 t 检验：先计算每对的差值（${a} − ${b}），再检验差值的总体均数是否为 0。` +
    '配对设计消除了个体间差异，适用于自身前后对照或配对样本、差值近似正态的定量资料。' +
    sideNote(f, `“${a}”`, `“${b}”`, '均值');
  const numbers: string[] = rows.map((r) => `${cellText(r[0])}：n = ${fmt(cellNum(r[1]), 0)}，均值 ${fmt(cellNum(r[2]), 2)}，标准差 ${fmt(cellNum(r[3]), 2)}。`);
  if (pairs !== null) numbers.push(`参与分析的完整对子：${fmt(pairs, 0)} 对。`);
  numbers.push(`t = ${fmt(t, 3)}，df = ${fmt(df, 0)}，${pText(p)}：${significant(p) ? '两次测量的差异有统计学意义' : '尚不能认为两次测量有差异'}。`);
  numbers.push(`平均差值 = ${fmt(diff, 3)}${ciText(lo, hi, 3, pct)}，即“${a}”平均比“${b}”${diff !== null && diff < 0 ? '低' : '高'} ${fmt(diff === null ? null : Math.abs(diff), 3)}。`);
  if (dz !== null) numbers.push(`效应量 Cohen's d_z = ${fmt(dz, 3)}（平均差值 / 差值标准差），效应${dSize(dz)}。`);
  if (sw !== null) numbers.push(`差值的 Shapiro-Wilk 正态性检验 ${pText(sw)}：${sw < 0.05 ? '偏离正态' : '未见明显偏离正态'}。`);

  const conclusion = significant(p)
    ? `“${a}”与“${b}”的差异有统计学意义（${pText(p)}）：平均差值为 ${fmt(diff, 3)}${ciText(lo, hi, 3, pct)}，即“${a}”平均${diff !== null && diff < 0 ? '低于' : '高于'}“${b}”；d_z = ${fmt(dz, 3)}，效应${dSize(dz)}。`
    : `“${a}”与“${b}”的差异无统计学意义（${pText(p)}），平均差值 ${fmt(diff, 3)}${ciText(lo, hi, 3, pct)}，区间包含 0。`;
  const caveats: string[] = [];
  if (sw !== null && sw < 0.05)
    caveats.push(`差值的 Shapiro-Wilk 检验 ${pText(sw)}，偏离正态分布。${pairs !== null && pairs >= 30 ? '对子数较多时配对 t 检验较稳健，可用 Wilcoxon 符号秩检验做敏感性分析。' : '对子数不多时建议改用 Wilcoxon 符号秩检验。'}`);
  if (pairs !== null && pairs < 10) caveats.push('完整对子少于 10 对，正态性检验不可靠，结论需谨慎。');
  caveats.push(...toolNotes(f, /缺失|未参与/));
  if (isFlow) caveats.push(FLOW_CAVEAT);
  const paper =
    `采用配对 t 检验比较${a}与${b}。${rows.length >= 2 ? `${cellText(rows[0]![0])}为 ${fmt(cellNum(rows[0]![2]), 2)} ± ${fmt(cellNum(rows[0]![3]), 2)}，${cellText(rows[1]![0])}为 ${fmt(cellNum(rows[1]![2]), 2)} ± ${fmt(cellNum(rows[1]![3]), 2)}（均数 ± 标准差）。` : ''}` +
    `两者差异${sigWord(p)}（t = ${fmt(t, 3)}，df = ${fmt(df, 0)}，${pText(p)}），平均差值 ${fmt(diff, 3)}${ciText(lo, hi, 3, pct)}。`;
  const next = significant(p)
    ? ['判断平均差值是否达到临床上有意义的变化量，而不只看 P 值。', '若有对照组，应比较两组的变化量（如协方差分析或重复测量方差分析），单组前后比较不能排除时间趋势与回归均值。', '若有多于两次的测量，改用重复测量方差分析。']
    : ['查看平均差值置信区间是否包含有临床意义的变化量，评估把握度是否不足。', '按本次的差值标准差估计所需对子数。', sw !== null && sw < 0.05 ? '用 Wilcoxon 符号秩检验做敏感性分析。' : '检查是否有个别对子的差值异常。'];
  const nonsignificant = significant(p)
    ? `本次 ${pText(p)}，说明差值的均数不太可能为 0；但单组前后比较不能区分干预作用与时间趋势、回归均值等因素，差异的实际意义应看平均差值及其置信区间。`
    : `本次 ${pText(p)} ≥ 0.05，表示未能证明两次测量有差异，并不证明两者相等；置信区间${ciText(lo, hi, 3, pct)}给出了与数据相容的平均变化范围。`;
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next,
    nonsignificant,
    effect: dz !== null ? `Cohen's d_z = ${fmt(dz, 3)}，为平均差值与差值标准差之比，按 Cohen 的经验标准（0.2 小、0.5 中、0.8 大）属于${dSize(dz)}效应。注意 d_z 受两次测量相关程度影响，不能与独立样本的 Cohen's d 直接比较。` : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// One-sample t / Wilcoxon

function oneSample(f: ReportFacts): Explanation {
  const y = f.param('y');
  const mu = f.num('mu');
  const muText = fmt(mu, mu !== null && Number.isInteger(mu) ? 0 : String(mu).split('.')[1]?.length ?? 3);
  const rec = f.str('recommended') === 'wilcoxon' ? 'wilcoxon' : 't';
  const sw = f.num('shapiroP');
  const swW = f.num('shapiroW');
  const n = f.num('n');
  const mean = f.num('mean');
  const tP = f.num('tP');
  const wP = f.num('wilcoxonP');
  const d = f.num('cohensD');
  const pct = levelPct(f);
  const hlPct = levelPct(f, 'hlLevel');
  const desc = f.rows('描述统计')[0];
  const median = cellNum(desc?.[4]);
  const mainP = rec === 't' ? tP : wP;

  const why =
    sw !== null
      ? `Shapiro-Wilk 检验 W = ${fmt(swW, 3)}，${pText(sw)}，${sw < 0.05 ? '数据偏离正态分布，报告推荐单样本 Wilcoxon 符号秩检验（比较中位数，不依赖正态）' : '未见明显偏离正态，报告推荐单样本 t 检验（比较均值）'}；两种检验的结果都已列出。`
      : '样本量超出 Shapiro-Wilk 检验的适用范围，按中心极限定理推荐单样本 t 检验。';
  const method = `将“${y}”与给定的检验值 μ0 = ${muText} 比较，判断总体均值（或中位数）是否等于该值。` + why + sideNote(f, '总体', ` μ0`, '位置');
  const numbers: string[] = [];
  if (n !== null) numbers.push(`有效观测 n = ${fmt(n, 0)}${desc ? `，均值 ${fmt(cellNum(desc[2]), 2)}，标准差 ${fmt(cellNum(desc[3]), 2)}，中位数 ${fmt(median, 2)}` : ''}。`);
  numbers.push(`单样本 t 检验：均值 ${fmt(mean, 3)}${ciText(f.num('ciLower'), f.num('ciUpper'), 3, pct)}，t = ${fmt(f.num('tStatistic'), 3)}，df = ${fmt(f.num('df'), 0)}，${pText(tP)}。`);
  if (d !== null) numbers.push(`Cohen's d = ${fmt(d, 3)}${ciText(f.num('cohensDLower'), f.num('cohensDUpper'), 3, pct)}：均值偏离 μ0 约 ${fmt(Math.abs(d), 2)} 个标准差，效应${dSize(d)}。`);
  numbers.push(
    `单样本 Wilcoxon 符号秩检验：V = ${fmt(f.num('wilcoxonStatistic'), 0)}${f.num('wilcoxonZ') !== null ? `，Z = ${fmt(f.num('wilcoxonZ'), 3)}` : ''}，${pText(wP)}（${f.num('wilcoxonExact') === 1 ? '精确 P 值' : '正态近似'}）` +
      (f.num('estimate') !== null ? `；伪中位数（Hodges-Lehmann 估计）${fmt(f.num('estimate'), 3)}${ciText(f.num('hlLower'), f.num('hlUpper'), 3, hlPct)}。` : '。'),
  );
  if (sw !== null) numbers.push(`Shapiro-Wilk 正态性检验 ${pText(sw)}：决定推荐哪一种检验。`);
  const above = rec === 't' ? mean !== null && mu !== null && mean > mu : median !== null && mu !== null && median > mu;
  const conclusion = significant(mainP)
    ? `按推荐的${rec === 't' ? '单样本 t 检验' : '单样本 Wilcoxon 符号秩检验'}，“${y}”与 μ0 = ${muText} 的差异有统计学意义（${pText(mainP)}），总体${rec === 't' ? '均值' : '中位数'}${above ? '高于' : '低于'}检验值（${rec === 't' ? `均值 ${fmt(mean, 2)}` : `中位数 ${fmt(median, 2)}`}）。`
    : `按推荐的${rec === 't' ? '单样本 t 检验' : '单样本 Wilcoxon 符号秩检验'}，“${y}”与 μ0 = ${muText} 的差异无统计学意义（${pText(mainP)}）。`;
  const caveats: string[] = [];
  if (significant(tP) !== significant(wP)) caveats.push(`t 检验（${pText(tP)}）与 Wilcoxon 检验（${pText(wP)}）的结论不一致，结果对方法选择敏感，应以推荐的方法为主并在论文中说明。`);
  if (n !== null && n < 10) caveats.push('样本量小于 10，正态性检验效能低，结论需谨慎。');
  if (mu === 0) caveats.push('检验值 μ0 = 0：请确认这是研究问题真正关心的参考值（如正常值、标准值或文献值），否则“差异显著”没有实际含义。');
  caveats.push(...toolNotes(f, /缺失|未参与|无法计算/));
  const paper =
    rec === 't'
      ? `采用单样本 t 检验将${y}与检验值 ${muText} 比较。${y}的均值为 ${fmt(mean, 2)}${ciText(f.num('ciLower'), f.num('ciUpper'), 2, pct)}，与 ${muText} 的差异${sigWord(tP)}（t = ${fmt(f.num('tStatistic'), 3)}，df = ${fmt(f.num('df'), 0)}，${pText(tP)}）。`
      : `因${y}不服从正态分布（Shapiro-Wilk ${pText(sw)}），采用单样本 Wilcoxon 符号秩检验将其与检验值 ${muText} 比较。${y}的中位数为 ${fmt(median, 2)}，与 ${muText} 的差异${sigWord(wP)}（V = ${fmt(f.num('wilcoxonStatistic'), 0)}，${pText(wP)}）。`;
  const next = [
    '确认检验值 μ0 的来源（正常参考值、标准值或既往研究），并在论文中注明。',
    significant(mainP) ? '报告偏离检验值的幅度及置信区间，判断其是否有临床意义。' : '查看置信区间是否包含有意义的偏离值，必要时估计所需样本量。',
    '若需要与另一组比较而非与固定值比较，应改用两组比较的方法。',
  ];
  const nonsignificant = significant(mainP)
    ? `本次 ${pText(mainP)}，说明总体${rec === 't' ? '均值' : '中位数'}不太可能等于 ${muText}；偏离大小与实际意义要看估计值及其置信区间，而不是 P 值的大小。`
    : `本次 ${pText(mainP)} ≥ 0.05，表示未能证明总体与 ${muText} 不同，并不证明总体恰好等于 ${muText}；置信区间给出了与数据相容的范围。`;
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next,
    nonsignificant,
    effect: d !== null ? `Cohen's d = ${fmt(d, 3)}，为（均值 − μ0）/ 标准差，按 Cohen 的经验标准（0.2 小、0.5 中、0.8 大）属于${dSize(d)}效应。它的大小完全取决于 μ0 的选择，μ0 不合理时效应量也没有意义。` : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Mann-Whitney U (also the non-parametric branch of the two-group flow)

function mannWhitney(f: ReportFacts): Explanation {
  const y = f.param('y');
  const g = f.param('group');
  const groups = groupRows(f, '两组中位数与四分位数');
  const [a, b] = [groups[0]?.name ?? '第一组', groups[1]?.name ?? '第二组'];
  const p = f.num('p');
  const w = f.num('statistic');
  const u = f.num('u');
  const z = f.num('z');
  const exact = f.num('exact') === 1;
  const r = f.num('rankBiserial');
  const est = f.num('estimate');
  const lo = f.num('ciLower');
  const hi = f.num('ciUpper');
  const pct = levelPct(f);
  const isFlow = f.report.tool.key.startsWith('flow');
  const ma = cellNum(groups[0]?.cells[0]);
  const mb = cellNum(groups[1]?.cells[0]);
  const higher = ma !== null && mb !== null && ma !== mb ? (ma > mb ? a : b) : est !== null && est < 0 ? b : a;
  const lower = higher === a ? b : a;

  const method =
    `比较按“${g}”分成的两组（${a}、${b}）的“${y}”分布，采用 Mann-Whitney U 检验（Wilcoxon 秩和检验）。` +
    '它把全部观测排秩后比较两组的秩和，不要求正态分布，适用于偏态资料、等级资料或有极端值的定量资料。' +
    `P 值${exact ? '为精确计算' : '采用正态近似（含连续性校正与结校正）'}。` +
    sideNote(f, `“${a}”`, `“${b}”`, '分布位置');
  const numbers: string[] = groups.map((row) => `${row.name}：n = ${fmt(row.n, 0)}，中位数 ${fmt(cellNum(row.cells[0]), 2)}，四分位数间距 ${cellText(row.cells[1])}。`);
  numbers.push(`W = ${fmt(w, 0)}（${a}的秩和统计量），U = ${fmt(u, 0)}${z !== null ? `，Z = ${fmt(z, 3)}` : ''}，${pText(p)}：${significant(p) ? '两组分布差异有统计学意义' : '尚不能认为两组分布不同'}。`);
  if (est !== null) numbers.push(`位置差（Hodges-Lehmann 估计，${a} − ${b}）= ${fmt(est, 3)}${ciText(lo, hi, 3, pct)}：两组间全部两两差值的中位数${lo !== null && hi !== null && lo <= 0 && hi >= 0 ? '，区间包含 0' : ''}。`);
  if (r !== null) numbers.push(`效应量 r（秩双列相关）= ${fmt(r, 3)}，绝对值属于${rSize(r)}效应。`);

  const conclusion = significant(p)
    ? `两组“${y}”的分布差异有统计学意义（${pText(p)}）：${higher}总体偏高（中位数 ${fmt(higher === a ? ma : mb, 2)} 对 ${fmt(higher === a ? mb : ma, 2)}）${est !== null ? `，位置差 ${fmt(est, 3)}${ciText(lo, hi, 3, pct)}` : ''}；效应量 r = ${fmt(r, 3)}，${rSize(r)}。`
    : `两组“${y}”的分布差异无统计学意义（${pText(p)}）${est !== null ? `，位置差 ${fmt(est, 3)}${ciText(lo, hi, 3, pct)}` : ''}。现有数据不足以认为${higher}高于${lower}。`;
  const caveats: string[] = [];
  caveats.push('Mann-Whitney U 检验比较的是两组的整体分布位置；只有两组分布形状相近时，才可把结果解释为“中位数不同”。');
  if (groups.some((row) => row.n !== null && row.n < 10)) caveats.push('至少一组例数少于 10，检验效能有限。');
  if (isFlow) caveats.push(FLOW_CAVEAT);
  const desc = groups.map((row) => `${row.name}为 ${fmt(cellNum(row.cells[0]), 2)}（${cellText(row.cells[1])}）`).join('，');
  const paper =
    `${isFlow ? '因资料不满足正态分布，' : ''}采用 Mann-Whitney U 检验比较两组${y}。${desc ? `${desc}[M（P25 ~ P75）]。` : ''}` +
    `两组差异${sigWord(p)}（${z !== null ? `Z = ${fmt(z, 3)}` : `U = ${fmt(u, 0)}`}，${pText(p)}）${est !== null ? `，位置差的 Hodges-Lehmann 估计为 ${fmt(est, 3)}${ciText(lo, hi, 3, pct)}` : ''}。`;
  const next = significant(p)
    ? ['以中位数（四分位数）描述两组，并报告 Hodges-Lehmann 位置差及其置信区间。', '若需校正混杂因素，可考虑对结局做变换后的线性回归或分位数回归。', '用箱线图或直方图展示两组分布，确认差异是位置不同而非形状不同。']
    : ['查看位置差置信区间是否包含有临床意义的差值，判断是否把握度不足。', '估计后续研究所需样本量。', '若关心分布的其他方面（离散程度、形状），可补充两样本 K-S 检验。'];
  const nonsignificant = significant(p)
    ? `本次 ${pText(p)}，说明两组分布位置不同；它不给出均值差，也不单独说明差异的临床意义，应结合中位数、位置差及其置信区间解读。`
    : `本次 ${pText(p)} ≥ 0.05，表示未能证明两组分布位置不同，不等于证明两组相同；秩检验在资料近似正态时效能略低于 t 检验，样本量小时尤其容易得到阴性结果。`;
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next,
    nonsignificant,
    effect: r !== null ? `效应量 r（秩双列相关）= ${fmt(r, 3)}，取值 −1 ~ 1，绝对值越大表示两组秩次分离越明显；按 0.1、0.3、0.5 的经验界值，本次为${rSize(r)}效应。${est !== null ? `以原单位表示的差异可看位置差 ${fmt(est, 3)}${ciText(lo, hi, 3, pct)}。` : ''}` : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Wilcoxon signed-rank (also the non-parametric branch of the paired flow)

function wilcoxonSignedRank(f: ReportFacts): Explanation {
  const a = f.param('x1');
  const b = f.param('x2');
  const rows = f.rows('配对变量与差值的中位数');
  const v = f.num('statistic');
  const z = f.num('z');
  const p = f.num('p');
  const exact = f.num('exact') === 1;
  const est = f.num('estimate');
  const lo = f.num('ciLower');
  const hi = f.num('ciUpper');
  const r = f.num('r');
  const rb = f.num('rankBiserial');
  const pairs = f.num('pairs');
  const nonZero = f.num('nonZero');
  const pct = levelPct(f);
  const isFlow = f.report.tool.key.startsWith('flow');

  const method =
    `比较同一批对象“${a}”与“${b}”两次测量，采用 Wilcoxon 符号秩检验：对每对差值（${a} − ${b}）的绝对值排秩，比较正、负差值的秩和。` +
    `它不要求差值服从正态分布，适用于配对设计的偏态资料或等级资料。P 值${exact ? '为精确计算' : '采用正态近似（含连续性校正与结校正）'}。` +
    sideNote(f, `“${a}”`, `“${b}”`, '位置');
  const numbers: string[] = rows.map((row) => `${cellText(row[0])}：中位数 ${fmt(cellNum(row[2]), 2)}，四分位数间距 ${cellText(row[3])}。`);
  if (pairs !== null) numbers.push(`完整对子 ${fmt(pairs, 0)} 对${nonZero !== null ? `，其中差值不为 0 的 ${fmt(nonZero, 0)} 对参与秩次计算` : ''}。`);
  numbers.push(`V = ${fmt(v, 0)}（正差值的秩和）${z !== null ? `，Z = ${fmt(z, 3)}` : ''}，${pText(p)}：${significant(p) ? '两次测量的差异有统计学意义' : '尚不能认为两次测量有差异'}。`);
  if (est !== null) numbers.push(`差值的伪中位数（Hodges-Lehmann 估计）= ${fmt(est, 3)}${ciText(lo, hi, 3, pct)}：对差值典型大小的估计。`);
  if (r !== null) numbers.push(`效应量 r = Z/√n = ${fmt(r, 3)}，${rSize(r)}${rb !== null ? `；匹配秩双列相关 = ${fmt(rb, 3)}` : ''}。`);
  const up = est !== null ? est > 0 : rb !== null ? rb > 0 : true;
  const conclusion = significant(p)
    ? `“${a}”与“${b}”的差异有统计学意义（${pText(p)}），“${a}”总体${up ? '高于' : '低于'}“${b}”${est !== null ? `，差值的伪中位数为 ${fmt(est, 3)}${ciText(lo, hi, 3, pct)}` : ''}；效应量 r = ${fmt(r, 3)}，${rSize(r)}。`
    : `“${a}”与“${b}”的差异无统计学意义（${pText(p)}）${est !== null ? `，差值的伪中位数 ${fmt(est, 3)}${ciText(lo, hi, 3, pct)}` : ''}。`;
  const caveats: string[] = [...toolNotes(f, /差值为 0|缺失|不足|无法计算/)];
  if (isFlow) caveats.push(FLOW_CAVEAT);
  const paper =
    `${isFlow ? '因差值不服从正态分布，' : ''}采用 Wilcoxon 符号秩检验比较${a}与${b}。${rows.length >= 2 ? `${cellText(rows[0]![0])}为 ${fmt(cellNum(rows[0]![2]), 2)}（${cellText(rows[0]![3])}），${cellText(rows[1]![0])}为 ${fmt(cellNum(rows[1]![2]), 2)}（${cellText(rows[1]![3])}）[M（P25 ~ P75）]。` : ''}` +
    `两者差异${sigWord(p)}（${z !== null ? `Z = ${fmt(z, 3)}` : `V = ${fmt(v, 0)}`}，${pText(p)}）。`;
  const next = significant(p)
    ? ['报告差值的中位数（或伪中位数）及其置信区间，判断变化是否有临床意义。', '若有对照组，应比较两组的变化量，而不只是各组的前后比较。', '多于两次测量时改用 Friedman 检验。']
    : ['查看伪中位数置信区间是否包含有意义的变化量，评估把握度。', '估计后续研究所需对子数。', '检查差值为 0 的对子是否很多（大量结会降低检验效能）。'];
  const nonsignificant = significant(p)
    ? `本次 ${pText(p)}，说明差值的分布不以 0 为中心；它不给出平均变化量，单组前后比较也不能排除时间趋势等因素的作用。`
    : `本次 ${pText(p)} ≥ 0.05，表示未能证明两次测量不同，不等于证明两者相同；对子数少时检验效能有限。`;
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next,
    nonsignificant,
    effect: r !== null ? `效应量 r = Z/√n = ${fmt(r, 3)}（n 为非零差值的对数），按 0.1、0.3、0.5 的经验界值属于${rSize(r)}效应${rb !== null ? `；匹配秩双列相关 ${fmt(rb, 3)} 表示正、负差值秩和的相对差距（取值 −1 ~ 1）` : ''}。` : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Two-sample Kolmogorov–Smirnov

function ksTwoSample(f: ReportFacts): Explanation {
  const y = f.param('y');
  const g = f.param('group');
  const groups = groupRows(f, '两组的中位数');
  const [a, b] = [groups[0]?.name ?? '第一组', groups[1]?.name ?? '第二组'];
  const d = f.num('statistic');
  const p = f.num('p');
  const exact = f.num('exact') === 1;
  const ties = f.num('ties') === 1;
  const excluded = f.num('excluded');
  const alt = f.report.parameters.alternative;
  const stat = alt === 'greater' ? 'D⁺' : alt === 'less' ? 'D⁻' : 'D';
  const method =
    `比较按“${g}”分成的两组（${a}、${b}）“${y}”的整个分布是否相同，采用两样本 Kolmogorov-Smirnov 检验：统计量 ${stat} 是两组经验累积分布函数之间的最大${stat === 'D' ? '绝对' : ''}差距。` +
    `它对位置、离散程度和形状的差异都敏感，不要求任何分布假定。P 值${exact ? '为精确计算' : '为渐近近似'}。` +
    (stat === 'D' ? '' : `本次为单侧检验（统计量 ${stat}）。`);
  const numbers: string[] = groups.map((row) => `${row.name}：n = ${fmt(row.n, 0)}，中位数 ${fmt(cellNum(row.cells[0]), 2)}，四分位数间距 ${cellText(row.cells[1])}，范围 ${cellText(row.cells[2])}。`);
  numbers.push(`${stat} = ${fmt(d, 4)}：两组累积分布在某一取值处最多相差 ${d !== null ? fmt(d * 100, 1) : '—'}% 的观测比例。`);
  numbers.push(`${pText(p)}（${exact ? '精确' : '渐近'}）：${significant(p) ? '两组分布差异有统计学意义' : '尚不能认为两组分布不同'}。`);
  if (excluded !== null && excluded > 0) numbers.push(`${fmt(excluded, 0)} 行因检验变量或分组缺失未参与分析。`);
  const conclusion = significant(p)
    ? `两组“${y}”的分布差异有统计学意义（${stat} = ${fmt(d, 4)}，${pText(p)}）。K-S 检验只说明分布不同，不指明是位置、离散程度还是形状的差别，请结合两组的中位数、四分位数与累积分布图判断。`
    : `两组“${y}”的分布差异无统计学意义（${stat} = ${fmt(d, 4)}，${pText(p)}），现有数据不足以认为两组分布不同。`;
  const caveats: string[] = [];
  caveats.push('K-S 检验检测位置差异的效能低于 Mann-Whitney U 检验；若研究问题是两组“谁更高”，宜以 Mann-Whitney U 检验为主。');
  if (ties && !exact) caveats.push('数据中有结（相同数值），渐近 P 值偏保守。');
  else if (ties) caveats.push('数据中有结（相同数值），P 值已按 R 的方法对结精确计算。');
  if (groups.some((row) => row.n !== null && row.n < 20)) caveats.push('每组例数较少时 K-S 检验效能很低，阴性结果的说服力有限。');
  const paper = `采用两样本 Kolmogorov-Smirnov 检验比较两组${y}的分布，两组分布差异${sigWord(p)}（${stat} = ${fmt(d, 4)}，${pText(p)}）。`;
  const next = significant(p)
    ? ['用两组的累积分布图或箱线图说明分布在哪一段不同。', '若关心位置差异，补充 Mann-Whitney U 检验并报告位置差；若关心离散程度，可补充方差齐性检验。']
    : ['若关心中位数差异，用 Mann-Whitney U 检验（对位置差异更敏感）。', '样本量较小时考虑扩大样本后再比较分布。'];
  const nonsignificant = significant(p)
    ? '本次 P < 0.05，只说明两组的分布不完全相同，并不说明哪一组“更高”；差异可能来自离散程度或形状。'
    : `本次 ${pText(p)} ≥ 0.05，表示未能证明两组分布不同。K-S 检验效能偏低，尤其不适合检测单纯的位置差异，阴性结果不能作为“两组相同”的证据。`;
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next,
    nonsignificant,
    effect: d !== null ? `${stat} = ${fmt(d, 4)} 本身可作为差异大小的度量：两组累积分布最大相差 ${fmt(d * 100, 1)}% 的观测比例（取值 0 ~ 1，0 表示两组分布完全重合）。` : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Guided flows: the decision path, then the chosen test's explanation

function shapiroPath(f: ReportFacts, alpha: { value: number; text: string }): string {
  const s = shapiroByName(f);
  if (s.length === 0) return '';
  return s.map(([n, p]) => `${n} ${pText(p)}（${p < alpha.value ? '偏离正态' : '未见偏离'}）`).join('，');
}

function withPath(base: Explanation, path: string, chosen: string): Explanation {
  return {
    ...base,
    method: `${path}\n\n${base.method}`,
    paper: base.paper,
    next: [...base.next.slice(0, 3), `如需核对，可直接用“${chosen}”工具复现本结果，或用另一分支的方法做敏感性分析。`],
  };
}

function flowTwoGroups(f: ReportFacts): Explanation {
  const chosen = f.str('chosenTest');
  const chosenName = f.str('chosenTestName') ?? '所选检验';
  const alpha = flowAlpha(f);
  const levene = f.num('leveneP');
  const shap = shapiroPath(f, alpha);
  const steps = [`本报告为“两组比较”引导流程，按前提检验自动选择方法（前提检验的检验水准 α = ${alpha.text}）。`];
  steps.push(`第一步，Shapiro-Wilk 检验各组正态性：${shap || '无法检验'}。`);
  if (chosen === 'mann-whitney') steps.push(`至少一组${shap ? '偏离正态或无法确认正态' : '无法确认正态'}，不满足 t 检验前提，因此不再做方差齐性检验，直接选用不依赖分布的 ${chosenName}。`);
  else if (levene !== null) steps.push(`各组均未见偏离正态；第二步，Levene 方差齐性检验 ${pText(levene)}，${levene < alpha.value ? '方差不齐，因此选用 Welch 校正 t 检验' : '方差齐，因此选用 Student t 检验'}。`);
  else steps.push(`各组均未见偏离正态；Levene 检验无法计算，按方差齐选用 ${chosenName}。`);
  const base = chosen === 'mann-whitney' ? mannWhitney(f) : ttestIndependent(f);
  const groups = groupRows(f, '两组中位数与四分位数');
  if (chosen === 'mann-whitney' && groups.length === 2 && groups.every((g) => g.n !== null && g.n >= 30))
    base.caveats.push('两组例数均不少于 30，t 检验对轻中度偏态较稳健；可把独立样本 t 检验作为敏感性分析，两者结论一致时更可信。');
  return withPath(base, steps.join(''), chosen === 'mann-whitney' ? 'Mann-Whitney U 检验' : '独立样本t检验');
}

function flowPaired(f: ReportFacts): Explanation {
  const chosen = f.str('chosenTest');
  const chosenName = f.str('chosenTestName') ?? '所选检验';
  const alpha = flowAlpha(f);
  const sw = f.num('shapiroP');
  const pairs = f.num('pairs');
  const path =
    `本报告为“配对比较”引导流程（前提检验的检验水准 α = ${alpha.text}）。第一步，计算每对差值（${f.param('x1')} − ${f.param('x2')}${pairs !== null ? `，共 ${fmt(pairs, 0)} 对` : ''}）并做 Shapiro-Wilk 正态性检验：` +
    (sw !== null ? `${pText(sw)}，` : '无法检验，') +
    (chosen === 'paired-t' ? `差值未见偏离正态，因此选用${chosenName}。` : `差值${sw !== null ? '偏离正态' : '无法确认正态'}，不满足配对 t 检验的前提，因此选用${chosenName}。`);
  const base = chosen === 'paired-t' ? ttestPaired(f) : wilcoxonSignedRank(f);
  return withPath(base, path, chosen === 'paired-t' ? '配对t检验' : 'Wilcoxon 符号秩检验');
}

export const EXPLAINERS: Record<string, (f: ReportFacts) => Explanation> = {
  'ttest-independent': ttestIndependent,
  'ttest-paired': ttestPaired,
  'one-sample': oneSample,
  'mann-whitney': mannWhitney,
  'wilcoxon-signed-rank': wilcoxonSignedRank,
  'ks-two-sample': ksTwoSample,
  'flow-two-groups': flowTwoGroups,
  'flow-paired': flowPaired,
};

export { FLOW_CAVEAT, shapiroPath, withPath };
