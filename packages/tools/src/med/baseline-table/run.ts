// 基线特征表 (Table 1): one three-line table as journals print it — a line per continuous variable,
// a header line per categorical variable with its levels indented beneath — the test chosen per
// variable and named in the table, P as journals want it, SMD, missing counts, and a Love plot.
import type { ReportBlock } from '@labstat/contracts';
import { requireVariables } from '../../common.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { levelOrder, splitList } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { categoricalRow, continuousRow, type Row, type Summary, type TestMethod, type TestResult } from './analyse.js';
import { maxOf } from '@labstat/stats';

const MAX_GROUPS = 10;
const MAX_LEVELS = 20;
/** Indent of a category's level rows: an ideographic space, which HTML, Word and Excel all keep. */
export const LEVEL_INDENT = '\u3000';

/** Short names as journal tables print them; the footnote spells them out. */
const TEST_NAME: Record<TestMethod, string> = {
  student: 't 检验',
  welch: "t' 检验",
  'mann-whitney': 'U 检验',
  anova: '方差分析',
  'welch-anova': 'Welch 方差分析',
  'kruskal-wallis': 'H 检验',
  chisq: 'χ² 检验',
  fisher: 'Fisher 检验',
};

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v !== '' ? [v] : []);
const COUNT_ZH = ['', '一', '两', '三', '四', '五', '六', '七', '八', '九', '十'];
const groupWord = (k: number) => `${COUNT_ZH[k] ?? k}组`;

/**
 * Fixed decimals rounded half up on the number as it prints (11.175 → 11.18, as by hand and in
 * Excel, although the double is 11.17499…), keeping trailing zeros and never printing "-0.00".
 */
export function fixed(x: number, digits: number): string {
  const a = Math.abs(x);
  const shifted = Number(`${a}e${digits}`);
  const r = String(a).includes('e') || !Number.isFinite(shifted) ? a : Number(`${Math.round(shifted)}e-${digits}`);
  const s = (x < 0 && r !== 0 ? -r : r).toFixed(digits);
  return Number(s) === 0 ? s.replace('-', '') : s;
}

function describeCell(s: Summary | null, display: 'mean' | 'median', d: number): string {
  if (!s) return '—';
  if (display === 'mean') return s.n < 2 ? fixed(s.mean, d) : `${fixed(s.mean, d)}±${fixed(s.sd, d)}`;
  return `${fixed(s.median, d)} (${fixed(s.q1, d)}, ${fixed(s.q3, d)})`;
}

const countCell = (count: number, total: number) => (total > 0 ? `${count} (${fixed((100 * count) / total, 1)})` : '—');

function statisticCell(t: TestResult | null): string {
  if (!t || t.statistic === null) return '—';
  switch (t.method) {
    case 'student':
    case 'welch':
      return `t=${fixed(t.statistic, 3)}`;
    case 'anova':
    case 'welch-anova':
      return `F=${fixed(t.statistic, 3)}`;
    case 'mann-whitney':
      return t.z === null ? `W=${fixed(t.statistic, 1)}` : `Z=${fixed(t.z, 3)}`;
    case 'kruskal-wallis':
      return `H=${fixed(t.statistic, 3)}`;
    default:
      return `χ²=${fixed(t.statistic, 3)}`;
  }
}

const testName = (r: Row) => (r.test ? TEST_NAME[r.test.method] + (r.test.fallback ? '*' : '') : '—');

export function run(data: DataTable, params: Params): ToolOutput {
  const groupName = String(params.group ?? '');
  const vars = list(params.vars);
  if (vars.length === 0) throw new ToolInputError('请至少选择一个列入表1的变量');
  if (new Set(vars).size !== vars.length) throw new ToolInputError('列入表1的变量有重复，请每个变量只选一次');
  const factorVars = new Set(list(params.factor_vars));
  const normalVars = new Set(list(params.normal_vars));
  const nonnormalVars = new Set(list(params.nonnormal_vars));
  requireVariables(data, [...vars, ...(groupName ? [groupName] : []), ...factorVars, ...normalVars, ...nonnormalVars]);
  const info = (name: string) => data.variables.find((v) => v.name === name)!;
  for (const v of normalVars) {
    if (nonnormalVars.has(v)) throw new ToolInputError(`变量“${v}”同时被选为“按正态处理”和“按偏态处理”，请只保留一处`);
  }
  for (const v of [...factorVars, ...normalVars, ...nonnormalVars]) {
    if (info(v).type !== 'numeric') throw new ToolInputError(`变量“${v}”不是数值型变量；文字变量本来就按分类变量描述，无需在此指定`);
  }
  for (const v of factorVars) {
    if (normalVars.has(v) || nonnormalVars.has(v)) throw new ToolInputError(`变量“${v}”已按分类变量处理，不能再指定为正态或偏态`);
  }
  if (groupName && vars.includes(groupName)) throw new ToolInputError(`变量“${groupName}”已作为分组变量，请从列入表1的变量中去掉它`);
  const globalDisplay = params.display === 'mean' || params.display === 'median' ? params.display : null;
  const decimals = typeof params.decimals === 'number' && params.decimals >= 0 && params.decimals <= 6 ? Math.round(params.decimals) : 2;
  const grouped = groupName !== '';
  const showOverall = !grouped || params.overall === true;
  const showSmd = grouped && params.smd !== false;
  // Off for randomized trials, where CONSORT advises against testing baseline differences.
  const showTests = grouped && params.tests !== false;

  // Rows analysed: all, or those with a group. Groups in order of first appearance unless the user
  // orders them; categories of each variable in order of first appearance.
  const g = grouped ? data.text(groupName) : null;
  const keep: number[] = [];
  for (let i = 0; i < data.rows; i++) if (!g || (g[i] !== null && g[i] !== '')) keep.push(i);
  const excluded = data.rows - keep.length;
  const groupNames = g ? levelOrder(keep.map((i) => g[i]!), groupName, splitList(params.groupOrder)) : [];
  const groupIndex = new Map(groupNames.map((n, i) => [n, i]));
  if (grouped) {
    if (groupNames.length < 2) throw new ToolInputError(`分组变量“${groupName}”至少需要 2 个组，当前只有 ${groupNames.length} 个；不分组时请将分组变量留空`);
    if (groupNames.length > MAX_GROUPS) throw new ToolInputError(`分组变量“${groupName}”有 ${groupNames.length} 个组，基线表最多比较 ${MAX_GROUPS} 组；请确认所选的是分组变量`);
    const sizes = groupNames.map((n) => keep.filter((i) => g![i] === n).length);
    const tiny = groupNames.findIndex((_, k) => sizes[k]! < 2);
    if (tiny >= 0) throw new ToolInputError(`分组变量“${groupName}”的“${groupNames[tiny]}”组只有 ${sizes[tiny]} 例，无法进行组间比较；请合并或删除该组`);
  }
  if (keep.length === 0) throw new ToolInputError(`分组变量“${groupName}”全部缺失`);
  const groupSizes = grouped ? groupNames.map((n) => keep.filter((i) => g![i] === n).length) : [];
  const groupOf = (i: number) => (g ? groupIndex.get(g[i]!)! : 0);
  const nGroups = grouped ? groupNames.length : 1;

  const rows: Row[] = vars.map((name) => {
    const v = info(name);
    if (v.type === 'date') throw new ToolInputError(`变量“${name}”是日期型，不能列入基线表；可先在数据处理中转换为数值（如年龄、病程）`);
    if (v.type === 'numeric' && !factorVars.has(name)) {
      const x = data.numeric(name);
      const values: number[][] = Array.from({ length: nGroups }, () => []);
      let missing = 0;
      for (const i of keep) {
        const xi = x[i];
        if (xi === null || xi === undefined || !Number.isFinite(xi)) missing++;
        else values[groupOf(i)]!.push(xi);
      }
      if (missing === keep.length) throw new ToolInputError(`变量“${name}”在分析的 ${keep.length} 例中全部缺失，请从表1中去掉它`);
      const forced = normalVars.has(name) ? 'mean' : nonnormalVars.has(name) ? 'median' : globalDisplay;
      const groups = grouped ? groupNames.map((n, k) => ({ name: n, values: values[k]! })) : [{ name: '合计', values: values[0]! }];
      const row = continuousRow(name, groups, missing, forced, showTests);
      if (!grouped) row.groups = [];
      return row;
    }
    const x = data.text(name);
    const values: string[][] = Array.from({ length: nGroups }, () => []);
    let missing = 0;
    const levels: string[] = [];
    const seen = new Set<string>();
    for (const i of keep) {
      const xi = x[i];
      if (xi === null || xi === undefined || xi === '') {
        missing++;
        continue;
      }
      if (!seen.has(xi)) {
        seen.add(xi);
        levels.push(xi);
        if (levels.length > MAX_LEVELS) {
          const distinct = new Set(keep.map((j) => x[j]).filter((s) => s !== null && s !== '')).size;
          throw new ToolInputError(`变量“${name}”有 ${distinct} 个不同取值，不适合作为分类变量列入基线表（最多 ${MAX_LEVELS} 个类别）；编号等标识变量请勿选择`);
        }
      }
      values[groupOf(i)]!.push(xi);
    }
    if (missing === keep.length) throw new ToolInputError(`变量“${name}”在分析的 ${keep.length} 例中全部缺失，请从表1中去掉它`);
    return categoricalRow(name, levels, grouped ? values : [values[0]!], missing, showTests);
  });

  // ---- the table
  const N = keep.length;
  const anyMissing = rows.some((r) => r.missing > 0);
  const columns = [
    '变量',
    ...(showOverall ? [`合计（n=${N}）`] : []),
    ...groupNames.map((n, k) => `${n}（n=${groupSizes[k]}）`),
    ...(showTests ? ['检验方法', '统计量', 'P'] : []),
    ...(showSmd ? ['SMD'] : []),
    ...(anyMissing ? ['缺失'] : []),
  ];
  const tail = (r: Row | null): Array<string | number | null> => [
    ...(showTests ? (r ? [testName(r), statisticCell(r.test), r.test ? formatP(r.test.p) : '—'] : ['', '', '']) : []),
    ...(showSmd ? [r ? (r.smd === null ? '—' : fixed(r.smd, 3)) : ''] : []),
    ...(anyMissing ? [r ? r.missing : ''] : []),
  ];
  const body: Array<Array<string | number | null>> = [];
  for (const r of rows) {
    if (r.kind === 'continuous') {
      const label = `${r.name}，${r.display === 'mean' ? 'x̄±s' : 'M (P25, P75)'}`;
      body.push([label, ...(showOverall ? [describeCell(r.overall, r.display, decimals)] : []), ...r.groups.map((s) => describeCell(s, r.display, decimals)), ...tail(r)]);
    } else {
      const totals = r.counts.map((c) => c.reduce((a, b) => a + b, 0));
      const overallTotal = totals.reduce((a, b) => a + b, 0);
      body.push([`${r.name}，n (%)`, ...(showOverall ? [''] : []), ...(grouped ? groupNames.map(() => '') : []), ...tail(r)]);
      r.levels.forEach((level, j) => {
        body.push([
          `${LEVEL_INDENT}${level}`,
          ...(showOverall ? [countCell(r.overall[j]!, overallTotal)] : []),
          ...(grouped ? r.counts.map((c, k) => countCell(c[j]!, totals[k]!)) : []),
          ...tail(null),
        ]);
      });
    }
  }

  // ---- footnotes: what the cells are, which tests, the abbreviations, what was left out
  const notes: string[] = [];
  const cont = rows.filter((r): r is Extract<Row, { kind: 'continuous' }> => r.kind === 'continuous');
  const cat = rows.filter((r): r is Extract<Row, { kind: 'categorical' }> => r.kind === 'categorical');
  if (cont.length) {
    const user = cont.filter((r) => r.decidedBy === 'user').map((r) => r.name);
    const rule = grouped ? '各组 Shapiro-Wilk 检验均 P≥0.05 者视为近似正态，任一组 P<0.05 者视为偏态' : 'Shapiro-Wilk 检验 P≥0.05 者视为近似正态，P<0.05 者视为偏态';
    notes.push(
      `定量变量：近似正态者以均值±标准差（x̄±s）表示，偏态者以中位数 M (P25, P75) 表示；${rule}` +
        (user.length ? `，${user.join('、')}按用户指定` : '') +
        '。',
    );
    const untested = cont.filter((r) => r.decidedBy === 'auto' && r.shapiro.length > 0 && r.shapiro.every((p) => p === null)).map((r) => r.name);
    if (untested.length) notes.push(`${untested.join('、')}：各组例数不在 Shapiro-Wilk 检验适用的 3～5000 之间，按正态处理；如需改变请在“按偏态处理的变量”中指定。`);
  }
  if (cat.length) notes.push('分类变量以例数 (%) 表示，百分比的分母为该组该变量的非缺失例数；类别按数据中首次出现的顺序排列。');
  if (showTests) {
    const used = new Set(rows.map((r) => r.test?.method).filter((m): m is TestMethod => !!m));
    const parts: string[] = [];
    if (used.has('student')) parts.push('t 检验：Student t 检验（Levene 方差齐性检验 P≥0.05）');
    if (used.has('welch')) parts.push("t' 检验：Welch 校正 t 检验（方差不齐，Levene 检验 P<0.05）");
    if (used.has('anova')) parts.push('方差分析：单因素方差分析（Levene 检验 P≥0.05）');
    if (used.has('welch-anova')) parts.push('Welch 方差分析：方差不齐时（Levene 检验 P<0.05）的单因素方差分析');
    if (used.has('mann-whitney')) parts.push('U 检验：Mann-Whitney U 检验，统计量为含连续性校正与结校正的 Z 值（每组不足 50 例且无相同值时为精确检验，报告秩和统计量 W）');
    if (used.has('kruskal-wallis')) parts.push('H 检验：Kruskal-Wallis H 检验（含结校正）');
    if (used.has('chisq')) parts.push('χ² 检验：未校正的 Pearson χ² 检验（各格理论频数均 ≥5）');
    if (used.has('fisher') || used.has('chisq')) parts.push('Fisher 检验：Fisher 精确检验，任一格理论频数 <5 时采用（双侧）');
    const levene = used.has('student') || used.has('welch') || used.has('anova') || used.has('welch-anova');
    if (parts.length) notes.push(`${parts.join('；')}。${levene ? 'Levene 检验以中位数为中心（同 R car::leveneTest）。' : ''}`);
    const fell = cat.filter((r) => r.test?.fallback);
    for (const r of fell) {
      notes.push(
        `* ${r.name}：有理论频数 <5 的格子（最小 ${num(r.minExpected, 2)}），但该 ${r.counts.length}×${r.levels.length} 表的 Fisher 精确检验计算量超出本工具的上限（约 1 秒），` +
          '无法精确计算，故报告 Pearson χ² 检验，P 值为近似值、仅供参考；可合并稀疏类别后重新分析，或在 R 中用 fisher.test(simulate.p.value = TRUE) 计算 Monte Carlo P 值。',
      );
    }
  }
  if (showSmd) {
    notes.push(
      `SMD：标准化均数差（定量变量为均数差除以两组方差均值的平方根，分类变量为 Yang-Dalton 多分类 SMD，同 R tableone${nGroups > 2 ? `；${groupWord(nGroups)}时为各组两两 SMD 的最大值` : ''}；SMD>0.1 常视为组间不均衡）。`,
    );
  }
  if (anyMissing) notes.push('缺失：该变量缺失的例数；每个变量按其非缺失例数单独描述与检验。');
  if (excluded > 0) notes.push(`分组变量“${groupName}”缺失的 ${excluded} 例未纳入本表。`);
  for (const r of rows) if (r.note) notes.push(`${r.name}：${r.note}。`);

  const tableTitle = grouped ? `表1 ${groupWord(nGroups)}研究对象基线特征比较` : '表1 研究对象基线特征';
  const blocks: ReportBlock[] = [table(tableTitle, columns, body, notes)];

  // ---- conclusion
  const paragraphs: string[] = [];
  const caveats: string[] = [];
  if (showTests) {
    const tested = rows.filter((r) => r.test);
    const sig = tested.filter((r) => r.test!.p < 0.05).map((r) => r.name);
    const nonsig = tested.filter((r) => r.test!.p >= 0.05).map((r) => r.name);
    const lead = `${groupWord(nGroups)}基线资料比较，`;
    let s: string;
    if (tested.length === 0) s = `${lead}各变量均未能进行假设检验（见表注）。`;
    else if (sig.length === 0) s = `${lead}${nonsig.join('、')}差异均无统计学意义（P>0.05），${groupWord(nGroups)}基线资料均衡可比。`;
    else if (nonsig.length === 0) s = `${lead}${sig.join('、')}差异均有统计学意义（P<0.05）。`;
    else s = `${lead}${sig.join('、')}差异有统计学意义（P<0.05），其余${nonsig.join('、')}差异无统计学意义（P>0.05）。`;
    if (nGroups === 2) {
      const up: string[] = [];
      const down: string[] = [];
      for (const r of cont) {
        if (!r.test || r.test.p >= 0.05) continue;
        const [a, b] = r.groups;
        if (!a || !b) continue;
        const diff = r.display === 'mean' ? a.mean - b.mean : a.median - b.median;
        if (diff > 0) up.push(r.name);
        else if (diff < 0) down.push(r.name);
      }
      const parts = [up.length ? `${up.join('、')}高于${groupNames[1]}` : '', down.length ? `${down.join('、')}低于${groupNames[1]}` : ''].filter(Boolean);
      if (parts.length) s += `其中，${groupNames[0]}的${parts.join('，')}。`;
    }
    paragraphs.push(s);
    caveats.push('随机对照试验中组间基线差异源于随机化的机遇，CONSORT 声明不建议对基线作假设检验，报告描述统计与 SMD 即可（可关闭“组间检验”）；表中 P 值未做多重比较校正。');
  }
  if (grouped) {
    if (showSmd) {
      const imbalanced = rows.filter((r) => r.smd !== null && r.smd > 0.1).map((r) => r.name);
      paragraphs.push(
        imbalanced.length
          ? `以标准化均数差衡量，${imbalanced.join('、')}的 SMD>0.1，提示${groupWord(nGroups)}在这些变量上存在一定不均衡，多因素分析时可考虑予以调整。`
          : `各变量的标准化均数差均 ≤0.1，${groupWord(nGroups)}基线均衡。`,
      );
    }
  }
  if (paragraphs.length === 0) paragraphs.push(`共纳入 ${N} 例研究对象${grouped ? `，${groupWord(nGroups)}` : ''}各变量的描述统计见表1。`);
  const lowDistinct = cont.filter((r) => r.distinct <= 5).map((r) => r.name);
  if (lowDistinct.length) caveats.push(`${lowDistinct.join('、')}只有不超过 5 个不同取值，如为分类编码（如 0/1），请在“按分类处理的数值变量”中选择。`);
  blocks.push(text(...paragraphs, ...caveats));

  const sections: ToolOutput['sections'] = [{ title: '基线特征表', blocks: [blocks[0]!] }];
  if (showSmd && rows.some((r) => r.smd !== null)) sections.push({ title: '标准化均数差', blocks: [lovePlot(rows, nGroups)] });
  sections.push({ title: '结论', blocks: [blocks[1]!] });

  // ---- results: stable names per variable
  const results: ToolOutput['results'] = { n: N, groups: grouped ? nGroups : 1, excluded };
  groupNames.forEach((n, k) => (results[`n.${n}`] = groupSizes[k]!));
  for (const r of rows) {
    results[`${r.name}.display`] = r.kind === 'categorical' ? 'n(%)' : r.display;
    results[`${r.name}.missing`] = r.missing;
    if (grouped) results[`${r.name}.smd`] = r.smd;
    if (!showTests) continue;
    results[`${r.name}.test`] = r.test?.method ?? null;
    results[`${r.name}.statistic`] = r.test?.statistic ?? null;
    results[`${r.name}.df`] = r.test?.df ?? null;
    if (r.test?.df2 !== null && r.test?.df2 !== undefined) results[`${r.name}.df2`] = r.test.df2;
    if (r.test?.method === 'mann-whitney') results[`${r.name}.z`] = r.test.z;
    results[`${r.name}.p`] = r.test?.p ?? null;
    if (r.kind === 'continuous' && r.leveneP !== null) results[`${r.name}.leveneP`] = r.leveneP;
  }
  return { title: grouped ? `基线特征表：按“${groupName}”分组` : '基线特征表', sections, results };
}

/** SMD per variable as a dot plot with the 0.1 line (a Love plot), first variable at the top. */
function lovePlot(rows: Row[], nGroups: number): ReportBlock {
  const shown = rows.filter((r) => r.smd !== null);
  const names = shown.map((r) => r.name).reverse();
  const values = shown.map((r) => Number(r.smd!.toFixed(4))).reverse();
  const max = Math.max(0.2, maxOf(values)) * 1.05;
  return {
    type: 'chart',
    title: `图1 各变量的标准化均数差${nGroups > 2 ? '（两两比较的最大值）' : ''}`,
    option: {
      textStyle: { fontFamily: 'Times New Roman, SimSun, serif' },
      tooltip: { trigger: 'item' },
      grid: { left: 110, right: 30, top: 20, bottom: 50 },
      xAxis: { type: 'value', name: 'SMD', nameLocation: 'middle', nameGap: 28, min: 0, max: Number((Math.ceil(max * 10) / 10).toFixed(1)), splitLine: { show: false }, axisLine: { lineStyle: { color: '#000' } } },
      yAxis: { type: 'category', data: names, axisLine: { lineStyle: { color: '#000' } }, axisTick: { show: false }, splitLine: { show: true, lineStyle: { type: 'dotted', color: '#ddd' } } },
      series: [
        {
          type: 'scatter',
          name: 'SMD',
          symbolSize: 9,
          itemStyle: { color: '#409EFF' },
          data: values.map((v, i) => [v, i]),
          markLine: { silent: true, symbol: 'none', lineStyle: { type: 'dashed', color: '#F56C6C' }, label: { formatter: '0.1' }, data: [{ xAxis: 0.1 }] },
        },
      ],
    },
  };
}
