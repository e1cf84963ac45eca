// Explainers of the descriptive family (issue 17): tool key → explainer. Descriptive statistics,
// normality tests and the baseline table (Table 1). Their numbers live mostly in tables keyed by the
// user's variable names, so the explainers read table rows (cells as printed) and the `results` keys
// built from the chosen variables; every number comes from the report.
import { cellNum, cellText, fmt, name, pText, significant, type Cell, type Explanation, type ReportFacts, type TableBlock } from '../explanation.js';

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v !== '' ? [v] : []);
const col = (t: TableBlock | undefined, test: (c: string) => boolean): number => (t ? t.columns.findIndex(test) : -1);
/** A P value as a table prints it ("0.356", "<0.001") → a number for comparisons only (never printed). */
const pCell = (s: string | undefined): number | null => (s === undefined ? null : s.trim().startsWith('<') ? 0 : Number.isFinite(Number(s)) ? Number(s) : null);
/** "P = 0.356" / "P < 0.001" from a printed P cell. */
const pCellText = (s: string): string => (s.trim().startsWith('<') ? `P < ${s.trim().slice(1)}` : `P = ${s.trim()}`);

// ---------------------------------------------------------------- descriptive statistics

function descriptive(f: ReportFacts): Explanation {
  const t = f.tableStartingWith('表1');
  const vars = list(f.report.parameters.vars).map(name);
  const group = f.param('group');
  const idx = {
    v: 0,
    g: 1,
    n: col(t, (c) => c === 'N'),
    miss: col(t, (c) => c === '缺失'),
    mean: col(t, (c) => c === '均值'),
    sd: col(t, (c) => c === '标准差'),
    ci: col(t, (c) => c.startsWith('均值') && c.endsWith('CI')),
    med: col(t, (c) => c === '中位数'),
    q1: col(t, (c) => c === 'P25'),
    q3: col(t, (c) => c === 'P75'),
    min: col(t, (c) => c === '最小值'),
    max: col(t, (c) => c === '最大值'),
    skew: col(t, (c) => c === '偏度'),
    kurt: col(t, (c) => c === '峰度'),
  };
  const ciName = t && idx.ci >= 0 ? name(t.columns[idx.ci]!) : '均值95%CI';
  const rows = t?.rows ?? [];
  const label = (r: Cell[]) => (group ? `${cellText(r[idx.v])}（${cellText(r[idx.g])}）` : cellText(r[idx.v]));
  const ok = rows.filter((r) => cellNum(r[idx.mean]) !== null);
  const skewed = ok.filter((r) => Math.abs(cellNum(r[idx.skew]) ?? 0) > 1 || Math.abs(cellNum(r[idx.kurt]) ?? 0) > 1);
  const numbers = ok.slice(0, 20).map(
    (r) =>
      `${label(r)}：n = ${cellText(r[idx.n])}${cellNum(r[idx.miss]) ? `（缺失 ${cellText(r[idx.miss])}）` : ''}，均值 ± 标准差 ${cellText(r[idx.mean])} ± ${cellText(r[idx.sd])}，${ciName} ${cellText(r[idx.ci])}，` +
      `中位数（P25, P75）${cellText(r[idx.med])}（${cellText(r[idx.q1])}, ${cellText(r[idx.q3])}），范围 ${cellText(r[idx.min])} ~ ${cellText(r[idx.max])}，偏度 ${cellText(r[idx.skew])}、峰度 ${cellText(r[idx.kurt])}。`,
  );
  if (ok.length > 20) numbers.push('其余变量（组）见表1。');
  numbers.push('均值和标准差描述集中趋势与离散程度（适合近似正态的资料）；中位数与四分位数（P25, P75）不受极端值影响（适合偏态资料）；偏度、峰度在正态分布时接近 0。');
  const caveats: string[] = [];
  if (skewed.length > 0) caveats.push(`${skewed.map(label).join('、')}的偏度或峰度绝对值大于 1，分布可能偏离正态，宜以中位数（P25, P75）描述，并用正态性检验进一步确认。`);
  const missing = ok.filter((r) => (cellNum(r[idx.miss]) ?? 0) > 0);
  if (missing.length > 0) caveats.push(`${missing.map(label).join('、')}有缺失值，描述统计只基于非缺失的观测；缺失较多时请说明原因。`);
  const failed = (t?.footnotes ?? []).filter((n) => !n.includes('按 t 分布计算'));
  for (const n of failed) caveats.push(`${name(n)}（该行无法计算描述统计）。`);
  const small = ok.filter((r) => (cellNum(r[idx.n]) ?? 0) < 10);
  if (small.length > 0) caveats.push(`${small.map(label).join('、')}的例数很少，均值和标准差不稳定，偏度、峰度几乎无参考价值。`);
  const fmtRow = (r: Cell[], median: boolean) =>
    median ? `${label(r)} ${cellText(r[idx.med])}（${cellText(r[idx.q1])}, ${cellText(r[idx.q3])}）` : `${label(r)} ${cellText(r[idx.mean])} ± ${cellText(r[idx.sd])}`;
  const symmetric = ok.filter((r) => !skewed.includes(r));
  return {
    method:
      `对${vars.join('、')}${vars.length > 1 ? '等定量变量' : ''}做描述性统计${group ? `，并按${group}分组分别描述` : ''}：给出例数、缺失数、均值、标准差、均值的置信区间、中位数与四分位数、最小值与最大值、偏度和峰度。` +
      '描述统计用于了解资料的分布特征、发现异常值，并决定论文中用“均值 ± 标准差”还是“中位数（P25, P75）”表达，以及后续选参数检验还是非参数检验。',
    numbers,
    conclusion:
      (symmetric.length > 0 ? `${symmetric.map(label).join('、')}的偏度、峰度绝对值均不超过 1，分布大致对称，可用均值 ± 标准差描述。` : '') +
      (skewed.length > 0 ? `${skewed.map(label).join('、')}分布可能偏离正态，宜用中位数（P25, P75）描述。` : '') +
      (group ? `各组之间的数值差别只是描述，是否有统计学意义需要做组间比较的检验。` : ''),
    caveats,
    paper:
      (symmetric.length > 0 ? `近似正态的资料以均值 ± 标准差表示：${symmetric.slice(0, 10).map((r) => fmtRow(r, false)).join('，')}。` : '') +
      (skewed.length > 0 ? `偏态资料以中位数（P25, P75）表示：${skewed.slice(0, 10).map((r) => fmtRow(r, true)).join('，')}。` : ''),
    next: [
      '用正态性检验（Shapiro-Wilk）和 Q-Q 图确认分布形态，再决定用参数检验还是非参数检验。',
      group ? `比较各${group}之间的差异：两组用 t 检验或 Mann-Whitney U 检验，多组用方差分析或 Kruskal-Wallis H 检验。` : '如需比较不同组之间的差异，选择分组变量后做相应的组间比较。',
      '检查最小值、最大值是否在合理范围内，排查录入错误和离群值。',
      '撰写论文时可用“基线特征表”一次生成带组间比较的表1。',
    ],
    nonsignificant:
      '描述性统计本身不做假设检验，没有 P 值，也就没有“显著”与“不显著”。组间均值的差别是否超出抽样误差，要用相应的检验判断；各组均值的置信区间是否重叠也不能代替检验。',
  };
}

// ---------------------------------------------------------------- normality tests

function normality(f: ReportFacts): Explanation {
  const t = f.tableStartingWith('表1');
  const rows = t?.rows ?? [];
  const group = f.param('group');
  const vars = list(f.report.parameters.vars).map(name);
  const split = (c: Cell | undefined) => String(c ?? '').split(' / ');
  const tested = rows.filter((r) => r[9] === '未见偏离正态' || r[9] === '偏离正态');
  const untested = rows.filter((r) => !tested.includes(r));
  const normal = tested.filter((r) => r[9] === '未见偏离正态');
  const nonNormal = tested.filter((r) => r[9] === '偏离正态');
  const sw = (r: Cell[]) => {
    const [w, p] = split(r[6]);
    return `W = ${w}，${pCellText(p ?? '')}`;
  };
  const others = (r: Cell[]) => {
    const [d, pd] = split(r[7]);
    const [a, pa] = split(r[8]);
    return `${pd !== undefined ? `Lilliefors D = ${d}，${pCellText(pd)}` : 'Lilliefors 未能计算'}；${pa !== undefined ? `Anderson-Darling A = ${a}，${pCellText(pa)}` : 'Anderson-Darling 未能计算'}`;
  };
  const numbers = tested.slice(0, 20).map(
    (r) =>
      `${cellText(r[0])}（n = ${cellText(r[1])}）：Shapiro-Wilk ${sw(r)}，${r[9] === '偏离正态' ? '偏离正态分布' : '未见偏离正态分布'}；${others(r)}；偏度 ${cellText(r[4])}、峰度 ${cellText(r[5])}。`,
  );
  if (tested.length > 20) numbers.push('其余变量见表1。');
  numbers.push('W 越接近 1 越符合正态；P < 0.05 判为偏离正态。偏度 > 0 为右偏（长尾在右），< 0 为左偏；峰度 > 0 表示尾部比正态分布厚。');
  // The three tests disagree where one calls a variable non-normal and another does not.
  const discordant = tested.filter((r) => {
    const ps = [split(r[6])[1], split(r[7])[1], split(r[8])[1]].map(pCell).filter((p): p is number => p !== null);
    return ps.some((p) => p < 0.05) && ps.some((p) => p >= 0.05);
  });
  const caveats: string[] = [];
  const big = nonNormal.filter((r) => (cellNum(r[1]) ?? 0) >= 100);
  if (big.length > 0) caveats.push(`${big.map((r) => cellText(r[0])).join('、')}的样本量较大，轻微、无实际影响的偏离也会“显著”；请结合 Q-Q 图与偏度、峰度判断，大样本时 t 检验、方差分析对轻度偏态相当稳健。`);
  const small = normal.filter((r) => (cellNum(r[1]) ?? 0) < 30);
  if (small.length > 0) caveats.push(`${small.map((r) => cellText(r[0])).join('、')}的样本量较小（n < 30），正态性检验的效能低，“未见偏离”并不能保证资料正态。`);
  if (discordant.length > 0) caveats.push(`${discordant.map((r) => cellText(r[0])).join('、')}的三种检验结论不一致，处在临界附近，本表以 Shapiro-Wilk 为准，建议结合 Q-Q 图判断。`);
  for (const r of untested) caveats.push(`${cellText(r[0])}的有效观测少于 3 个，无法检验正态性。`);
  if (rows.length > 1) caveats.push('Q-Q 图只画了第一个变量（组）；其他变量可分别检验查看。');
  return {
    method:
      `检验${vars.join('、')}是否服从正态分布${group ? `（按${group}分组，各组分别检验——组间比较的前提是每组都近似正态）` : ''}。` +
      '以 Shapiro-Wilk 检验为主要依据（对中小样本效能较高），同时给出 Lilliefors（K-S 检验的改进版，参数由样本估计）和 Anderson-Darling 检验作参考，并配合偏度、峰度和 Q-Q 图。正态性检验的作用是决定后续用参数方法（t 检验、方差分析、Pearson 相关）还是非参数方法。',
    numbers,
    conclusion:
      (normal.length > 0 ? `${normal.map((r) => `${cellText(r[0])}（${sw(r)}）`).join('、')}未见偏离正态分布，可用均值 ± 标准差描述，并使用参数检验。` : '') +
      (nonNormal.length > 0 ? `${nonNormal.map((r) => `${cellText(r[0])}（${sw(r)}）`).join('、')}偏离正态分布，宜用中位数（P25, P75）描述，组间比较用非参数检验，或先做数据变换（如对数变换）。` : '') +
      (tested.length === 0 ? '所选变量都无法完成正态性检验。' : ''),
    caveats,
    paper:
      `经 Shapiro-Wilk 检验，` +
      [
        normal.length > 0 ? `${normal.map((r) => `${cellText(r[0])}（${sw(r)}）`).join('、')}服从正态分布，以 x̄ ± s 表示` : '',
        nonNormal.length > 0 ? `${nonNormal.map((r) => `${cellText(r[0])}（${sw(r)}）`).join('、')}不服从正态分布，以 M（P25, P75）表示` : '',
      ]
        .filter(Boolean)
        .join('；') +
      '。',
    next: [
      '查看 Q-Q 图：点大致落在直线上即可视为近似正态，明显弯曲提示偏态。',
      nonNormal.length > 0 ? '对偏态变量可尝试对数或平方根变换后再检验；或直接用非参数检验（Mann-Whitney U、Kruskal-Wallis H、Spearman 相关）。' : '资料近似正态，可用 t 检验、方差分析或 Pearson 相关等参数方法。',
      '组间比较时，还需检验方差齐性（Levene 检验），方差不齐时用 Welch 校正。',
    ],
    nonsignificant:
      nonNormal.length > 0
        ? 'P < 0.05 说明资料与正态分布有统计学意义的偏离，但不说明偏离有多大：大样本时很小的偏离也会显著，而参数检验在大样本时对轻度偏态稳健。应结合偏度、峰度和 Q-Q 图判断偏离是否严重。'
        : '正态性检验中 P ≥ 0.05 只表示“未发现偏离正态”，并不证明资料一定正态——样本量小时检验效能低，偏态也可能检不出来。应结合 Q-Q 图、偏度和峰度以及专业知识（如指标本身是否常呈偏态）判断。',
  };
}

// ---------------------------------------------------------------- baseline table (Table 1)

const TEST_WORD: Record<string, string> = {
  student: 't 检验（Student）',
  welch: "t' 检验（Welch 校正）",
  'mann-whitney': 'Mann-Whitney U 检验',
  anova: '单因素方差分析',
  'welch-anova': 'Welch 方差分析',
  'kruskal-wallis': 'Kruskal-Wallis H 检验',
  chisq: 'χ² 检验',
  fisher: 'Fisher 精确检验',
};

const dfText = (x: number | null): string => (x === null ? '' : Number.isInteger(x) ? String(x) : fmt(x, 2));

interface VarView {
  raw: string;
  label: string;
  display: string;
  test: string | null;
  p: number | null;
  smd: number | null;
  missing: number | null;
  /** The statistic clause: "t = -3.182，df = 198". */
  stat: string;
  /** Why this test (and this display) for this variable. */
  why: string;
  /** "非肾病组 55.76±9.64，肾病组 60.48±10.14" for continuous rows. */
  cells: string;
  /** Level rows of a categorical variable: "男：非肾病组 68 (50.0)，肾病组 41 (64.1)". */
  levels: string[];
  fallback: boolean;
}

function baselineTable(f: ReportFacts): Explanation {
  const pr = f.report.parameters;
  const groupVar = f.param('group');
  const grouped = groupVar !== '';
  const vars = list(pr.vars);
  const showTests = grouped && pr.tests !== false;
  const showSmd = grouped && pr.smd !== false;
  const normalVars = new Set(list(pr.normal_vars));
  const nonnormalVars = new Set(list(pr.nonnormal_vars));
  const globalDisplay = pr.display === 'mean' || pr.display === 'median' ? pr.display : null;
  const groups = f.prefixed('n.');
  const t = f.tableStartingWith('表1');
  const columns = t?.columns ?? [];
  const groupCols = groups.map(([g]) => columns.findIndex((c) => c.startsWith(`${g}（n=`)));
  const overallCol = columns.findIndex((c) => c.startsWith('合计（n='));
  const testCol = columns.indexOf('检验方法');
  const body = t?.rows ?? [];

  const view = (v: string): VarView => {
    const display = String(f.report.results[`${v}.display`] ?? '');
    const test = typeof f.report.results[`${v}.test`] === 'string' ? String(f.report.results[`${v}.test`]) : null;
    const stat = f.num(`${v}.statistic`);
    const df = f.num(`${v}.df`);
    const df2 = f.num(`${v}.df2`);
    const z = f.num(`${v}.z`);
    const levene = f.num(`${v}.leveneP`);
    const at = body.findIndex((r) => typeof r[0] === 'string' && r[0].startsWith(`${v}，`));
    const row = at >= 0 ? body[at]! : null;
    const fallback = row !== null && testCol >= 0 && String(row[testCol] ?? '').endsWith('*');
    let statText = '';
    if (test === 'student' || test === 'welch') statText = `t = ${fmt(stat)}${df !== null ? `，df = ${dfText(df)}` : ''}`;
    else if (test === 'anova' || test === 'welch-anova') statText = `F = ${fmt(stat)}${df !== null && df2 !== null ? `，df = (${dfText(df)}, ${dfText(df2)})` : ''}`;
    else if (test === 'mann-whitney') statText = z !== null ? `Z = ${fmt(z)}` : `W = ${fmt(stat, 1)}`;
    else if (test === 'kruskal-wallis') statText = `H = ${fmt(stat)}${df !== null ? `，df = ${dfText(df)}` : ''}`;
    else if (test === 'chisq') statText = `χ² = ${fmt(stat)}${df !== null ? `，df = ${dfText(df)}` : ''}`;
    const decided =
      display === 'n(%)'
        ? ''
        : normalVars.has(v) || nonnormalVars.has(v) || globalDisplay
          ? `按用户指定${display === 'mean' ? '按正态' : '按偏态'}处理`
          : display === 'mean'
            ? '各组 Shapiro-Wilk P ≥ 0.05，按正态处理'
            : '至少一组 Shapiro-Wilk P < 0.05，按偏态处理';
    let testWhy = '';
    if (test === 'student' || test === 'anova') testWhy = `Levene${levene !== null ? ` ${pText(levene)}` : ' 检验'}，方差齐`;
    else if (test === 'welch' || test === 'welch-anova') testWhy = `Levene${levene !== null ? ` ${pText(levene)}` : ' 检验'}，方差不齐，故用 Welch 校正`;
    else if (test === 'chisq') testWhy = fallback ? '有理论频数 < 5 的格子，但 Fisher 精确检验计算量超出上限，只能报告 χ² 近似 P 值' : '各格理论频数均 ≥ 5';
    else if (test === 'fisher') testWhy = '有理论频数 < 5 的格子';
    const cellsOf = (r: Cell[]) =>
      groups
        .map(([g], k) => (groupCols[k]! >= 0 ? `${name(g)} ${cellText(r[groupCols[k]!])}` : ''))
        .filter(Boolean)
        .join('，');
    const levels: string[] = [];
    if (row && display === 'n(%)') {
      for (let i = at + 1; i < body.length && typeof body[i]![0] === 'string' && String(body[i]![0]).startsWith('\u3000'); i++) {
        const r = body[i]!;
        levels.push(`${name(String(r[0]).slice(1))}：${grouped ? cellsOf(r) : cellText(r[overallCol])}`);
      }
    }
    return {
      raw: v,
      label: name(v),
      display,
      test,
      p: f.num(`${v}.p`),
      smd: f.num(`${v}.smd`),
      missing: f.num(`${v}.missing`),
      stat: statText,
      why: [decided, showTests ? testWhy : ''].filter(Boolean).join('；'),
      cells: row && display !== 'n(%)' ? (grouped ? cellsOf(row) : cellText(row[overallCol])) : '',
      levels,
      fallback,
    };
  };
  const views = vars.map(view);
  const tested = views.filter((x) => x.test !== null && x.p !== null);
  const sig = tested.filter((x) => significant(x.p));
  const nonsig = tested.filter((x) => !significant(x.p));
  const imbalanced = views.filter((x) => x.smd !== null && x.smd > 0.1);
  const dispWord = (x: VarView) => (x.display === 'mean' ? 'x̄±s' : x.display === 'median' ? 'M (P25, P75)' : 'n (%)');
  const testClause = (x: VarView) =>
    x.test ? `${TEST_WORD[x.test] ?? x.test}${x.stat ? `，${x.stat}` : ''}，${pText(x.p)}` : '未做检验';
  const values = (x: VarView) => (x.cells ? x.cells : x.levels.slice(0, 4).join('；'));
  const groupList = groups.map(([g, n]) => `${name(g)} ${fmt(n, 0)} 例`).join('、');
  const k = groups.length;
  const ZH = ['', '一', '两', '三', '四', '五', '六', '七', '八', '九', '十'];
  const kText = ZH[k] ?? fmt(f.num('groups'), 0);

  const numbers: string[] = [`纳入 n = ${fmt(f.num('n'), 0)} 例${grouped ? `，分为${kText}组：${groupList}` : ''}。`];
  for (const x of views.slice(0, 25)) {
    const parts = [`${x.label}（${dispWord(x)}）：${values(x) || '见表1'}`];
    if (showTests) parts.push(testClause(x) + (x.why ? `（${x.why}）` : ''));
    else if (x.why) parts.push(x.why);
    if (showSmd && x.smd !== null) parts.push(`SMD = ${fmt(x.smd)}${x.smd > 0.1 ? '（> 0.1，不均衡）' : ''}`);
    if (x.missing !== null && x.missing > 0) parts.push(`缺失 ${fmt(x.missing, 0)} 例`);
    numbers.push(`${parts.join('；')}。`);
  }
  if (views.length > 25) numbers.push('其余变量见表1。');

  const caveats: string[] = [];
  if (showTests) {
    caveats.push('随机对照试验中组间基线差异源于随机化的机遇，CONSORT 声明不建议对基线作假设检验，报告描述统计与 SMD 即可（可关闭“组间检验”）。');
    if (tested.length > 1) caveats.push('表中同时检验了多个变量，P 值未做多重比较校正，个别变量 P < 0.05 可能是偶然。');
  }
  for (const x of views.filter((v) => v.fallback)) caveats.push(`${x.label}有理论频数 < 5 的格子，但 Fisher 精确检验计算量过大，报告的是 χ² 检验的近似 P 值，仅供参考；可合并稀疏类别后重新分析。`);
  const withMissing = views.filter((x) => x.missing !== null && x.missing > 0);
  if (withMissing.length > 0) caveats.push(`${withMissing.map((x) => `${x.label}（缺失 ${fmt(x.missing, 0)} 例）`).join('、')}有缺失值，按非缺失例数描述与检验；若缺失在组间不均衡，可能带来偏倚。`);
  const excluded = f.num('excluded');
  if (excluded !== null && excluded > 0) caveats.push(`分组变量缺失的 ${fmt(excluded, 0)} 例未纳入本表。`);
  const notes = t?.footnotes ?? [];
  if (notes.some((n) => n.includes('Shapiro-Wilk 检验适用的'))) caveats.push('部分定量变量的组内例数不在 Shapiro-Wilk 检验的适用范围内，按正态处理；如不合适请在“按偏态处理的变量”中指定。');
  for (const x of views) {
    const note = notes.find((n) => n.startsWith(`${x.raw}：`));
    if (note) caveats.push(name(note));
  }
  if (f.conclusionText().includes('不超过 5 个不同取值')) caveats.push('有数值变量只有不超过 5 个不同取值，可能是分类编码（如 0/1），请在“按分类处理的数值变量”中选择，否则会被当作定量变量描述和检验。');

  const lead = grouped ? `${kText}组` : '';
  const sigText = (xs: VarView[]) => xs.map((x) => `${x.label}（${values(x) ? `${values(x)}；` : ''}${pText(x.p)}）`).join('；');
  let conclusion: string;
  if (!grouped) conclusion = `本表不分组，描述了 ${fmt(f.num('n'), 0)} 例研究对象的基线特征：定量变量按正态性选择均值±标准差或中位数 (P25, P75)，分类变量用例数 (%)。`;
  else if (!showTests) conclusion = `本表未做组间检验，组间均衡性以 SMD 判断。`;
  else if (tested.length === 0) conclusion = '各变量均未能进行组间检验（见表注）。';
  else if (sig.length === 0) conclusion = `${lead}之间各基线变量的差异均无统计学意义（P ≥ 0.05），基线资料均衡可比。`;
  else conclusion = `${lead}之间${sig.map((x) => x.label).join('、')}的差异有统计学意义：${sigText(sig)}。${nonsig.length > 0 ? `其余${nonsig.map((x) => x.label).join('、')}的差异无统计学意义。` : ''}`;
  if (showSmd)
    conclusion += imbalanced.length > 0 ? `按 SMD > 0.1 的标准，${imbalanced.map((x) => x.label).join('、')}在组间不均衡，后续多因素分析中可考虑调整这些变量。` : '各变量的 SMD 均不超过 0.1，组间基线均衡。';

  const paper = !grouped
    ? `共纳入 ${fmt(f.num('n'), 0)} 例研究对象，其基线特征见表1。`
    : `${lead}研究对象的基线特征见表1。` +
      (showTests
        ? sig.length === 0
          ? `${lead}${nonsig.map((x) => x.label).join('、')}等基线资料差异均无统计学意义（P > 0.05），具有可比性。`
          : `${lead}${sig.map((x) => `${x.label}（${x.stat ? `${x.stat}，` : ''}${pText(x.p)}）`).join('、')}差异有统计学意义${nonsig.length > 0 ? `，${nonsig.map((x) => x.label).join('、')}差异无统计学意义（P > 0.05）` : ''}。`
        : '') +
      (showSmd && imbalanced.length > 0 ? `${imbalanced.map((x) => x.label).join('、')}的标准化均数差大于 0.1。` : '');

  const maxSmd = [...views].filter((x) => x.smd !== null).sort((a, b) => b.smd! - a.smd!)[0];
  return {
    method:
      `基线特征表（表1）${grouped ? `按${groupVar}分为${kText}组，` : ''}逐行描述每个变量：定量变量近似正态时以均值±标准差（x̄±s）表示，偏态时以中位数 (P25, P75) 表示（由各组 Shapiro-Wilk 检验自动判断，或按用户指定）；分类变量以例数 (%) 表示，类别缩进列在变量名下。` +
      (showTests
        ? `每个变量的组间检验按资料类型自动选择：正态资料先做 Levene 方差齐性检验，方差齐用 ${k > 2 ? '单因素方差分析' : 't 检验'}、不齐用 ${k > 2 ? 'Welch 方差分析' : "Welch 校正的 t' 检验"}；偏态资料用 ${k > 2 ? 'Kruskal-Wallis H 检验' : 'Mann-Whitney U 检验'}；分类变量各格理论频数均 ≥ 5 时用 χ² 检验，否则用 Fisher 精确检验。表中“检验方法”列给出每个变量实际使用的方法。`
        : grouped
          ? '本表关闭了组间检验（随机对照试验常这样做）。'
          : '') +
      (showSmd ? 'SMD（标准化均数差）是不受样本量影响的组间差异大小，SMD > 0.1 常视为组间不均衡。' : ''),
    numbers,
    conclusion,
    caveats,
    paper,
    next: [
      imbalanced.length > 0 || sig.length > 0 ? `在后续的多因素回归（如 Logistic 回归、Cox 回归）中把组间不均衡的变量作为协变量调整。` : '基线均衡时，可直接比较各组的结局；仍可在多因素模型中调整重要的预后因素作敏感性分析。',
      '观察性研究中组间差异较大时，可考虑倾向性评分匹配或加权，再用 SMD 检查匹配后的均衡性。',
      '在论文表注中写明各变量使用的检验方法与描述方式（本表表注已列出）。',
    ],
    nonsignificant: showTests
      ? '基线比较 P ≥ 0.05 只说明未发现组间差异，并不证明两组完全可比——样本量小时差异可能检不出来，样本量大时微小差异也会 P < 0.05。判断均衡性更推荐看 SMD；P < 0.05 的变量也不一定影响结论，关键看它是否与结局有关（是否为混杂因素）。'
      : '本表未做组间检验。基线均衡性以 SMD 判断：它不受样本量影响，SMD ≤ 0.1 通常认为均衡。',
    effect: showSmd && maxSmd
      ? `SMD 是组间差异的标准化大小：≤ 0.1 通常视为均衡，约 0.2 为小、0.5 为中等、0.8 为大的差异（Cohen）。本表 SMD 最大的是${maxSmd.label}（SMD = ${fmt(maxSmd.smd)}）${imbalanced.length > 0 ? `，超过 0.1 的有 ${imbalanced.map((x) => x.label).join('、')}` : ''}。`
      : undefined,
  };
}

export const EXPLAINERS: Record<string, (f: ReportFacts) => Explanation> = {
  descriptive,
  normality,
  'baseline-table': baselineTable,
};
