// 多重响应分析: a multi-select question stored as one 0/1 (是/否) column per option. Frequencies as
// SPSS MULT RESPONSE (responses %, cases %), an optional cross-tab by a grouping column with column %
// and a Pearson χ² of each option against the groups, and a bar chart. The counting is simple enough
// to live here; the χ² is the engine's chiSquareTest.
import { chiSquareTest, maxOf, minOf } from '@labstat/stats';
import type { ReportBlock } from '@labstat/contracts';
import { PALETTE } from '../../charts.js';
import { pSentence, requireVariables } from '../../common.js';
import { orNull } from '../../groups.js';
import { fieldList, quoted } from '../../model-input.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { levelOrder, splitList } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { FONT_FAMILY } from '../dimension-a.js';

const CHOSEN = new Set(['1', '1.0', '是', '选中', '已选', '选', '有', 'y', 'yes', 'true', 't', '√', '✓']);
const NOT_CHOSEN = new Set(['0', '0.0', '否', '未选', '未选中', '不选', '没选', '无', 'n', 'no', 'false', 'f', '×', '✗']);
const MAX_GROUPS = 20;
const AXIS_LINE = { lineStyle: { color: '#000' } };

/** Option labels: the column names without a prefix they all share up to a separator (渠道_电视 → 电视). */
export function optionLabels(names: readonly string[]): string[] {
  if (names.length < 2) return [...names];
  let prefix = names[0]!;
  for (const n of names) while (!n.startsWith(prefix)) prefix = prefix.slice(0, -1);
  const cut = maxOf(['_', '-', '－', '—', ':', '：', '.', '、', '/'].map((s) => prefix.lastIndexOf(s)));
  if (cut < 0) return [...names];
  const labels = names.map((n) => n.slice(cut + 1));
  return labels.every((l) => l !== '') && new Set(labels).size === labels.length ? labels : [...names];
}

function barChart(title: string, labels: readonly string[], pct: readonly number[]): ReportBlock {
  const order = labels.map((_, i) => i).sort((a, b) => pct[a]! - pct[b]!);
  return {
    type: 'chart',
    title,
    option: {
      textStyle: { fontFamily: FONT_FAMILY },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 100, right: 60, top: 20, bottom: 48 },
      xAxis: { type: 'value', name: '个案百分比（%）', nameLocation: 'middle', nameGap: 28, splitLine: { show: false }, axisLine: { show: true, ...AXIS_LINE } },
      yAxis: { type: 'category', data: order.map((i) => labels[i]), axisLine: AXIS_LINE },
      series: [{ type: 'bar', name: '个案百分比', data: order.map((i) => num(pct[i]!, 1)), itemStyle: { color: PALETTE[0] }, barMaxWidth: 28, label: { show: true, position: 'right', formatter: '{c}%' } }],
    },
  };
}

function groupedChart(title: string, labels: readonly string[], groups: readonly string[], colPct: number[][]): ReportBlock {
  return {
    type: 'chart',
    title,
    option: {
      textStyle: { fontFamily: FONT_FAMILY },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0 },
      grid: { left: 56, right: 24, top: 40, bottom: 48 },
      xAxis: { type: 'category', data: [...labels], axisLine: AXIS_LINE },
      yAxis: { type: 'value', name: '选择该项的比例（%）', nameLocation: 'middle', nameGap: 40, splitLine: { show: false }, axisLine: { show: true, ...AXIS_LINE } },
      series: groups.map((g, k) => ({ type: 'bar', name: g, data: labels.map((_, j) => num(colPct[j]![k]!, 1)), itemStyle: { color: PALETTE[k % PALETTE.length] }, barMaxWidth: 24 })),
    },
  };
}

export function run(data: DataTable, params: Params): ToolOutput {
  const vars = fieldList(params.vars);
  if (vars.length < 2) throw new ToolInputError('请至少选择 2 个选项列（多选题的每个选项一列）');
  if (new Set(vars).size !== vars.length) throw new ToolInputError('选项列有重复，请每列只选一次');
  requireVariables(data, vars);
  const gName = String(params.group ?? '');
  if (gName) {
    requireVariables(data, [gName]);
    if (vars.includes(gName)) throw new ToolInputError(`分组变量“${gName}”不能同时是选项列`);
  }
  const chosenValue = String(params.chosen ?? '').trim();
  const base = params.base === 'all' ? 'all' : 'responders';
  const cols = vars.map((v) => data.text(v));
  const g = gName ? data.text(gName) : null;
  const total = cols[0]!.length;

  // Listwise: every option column (and the group) recorded.
  const complete: number[] = [];
  for (let i = 0; i < total; i++) {
    if (cols.some((c) => c[i] === null || c[i]!.trim() === '')) continue;
    if (g && (g[i] === null || g[i]!.trim() === '')) continue;
    complete.push(i);
  }
  const excluded = total - complete.length;
  if (complete.length === 0) throw new ToolInputError('没有所有选项列都有记录的行，无法分析');
  const isChosen = (v: string, j: number, row: number): boolean => {
    const s = v.trim();
    if (chosenValue) return s === chosenValue;
    const low = s.toLowerCase();
    if (CHOSEN.has(low)) return true;
    if (NOT_CHOSEN.has(low)) return false;
    throw new ToolInputError(`选项列“${vars[j]}”第 ${row + 1} 行的值“${s}”无法识别为选中或未选；请把该列编码为 1/0（或 是/否），或在“表示选中的取值”中填写代表选中的值`);
  };
  const X = complete.map((i) => cols.map((c, j) => (isChosen(c[i]!, j, i) ? 1 : 0)));
  const picked = X.map((row) => row.reduce<number>((s, v) => s + v, 0));
  const none = picked.filter((k) => k === 0).length;
  const use = X.map((_, r) => r).filter((r) => base === 'all' || picked[r]! > 0);
  const n = use.length;
  if (n === 0) throw new ToolInputError(`所选的 ${vars.length} 个选项列中没有任何“选中”的记录${chosenValue ? `（取值“${chosenValue}”）` : ''}，请检查编码`);
  const labels = optionLabels(vars);
  const count = vars.map((_, j) => use.reduce((s, r) => s + X[r]![j]!, 0));
  const responses = count.reduce((s, v) => s + v, 0);
  const respPct = count.map((c) => (100 * c) / responses);
  const casePct = count.map((c) => (100 * c) / n);
  const meanPicked = responses / n;

  const sections: ToolOutput['sections'] = [];
  const freqRows: Array<Array<string | number | null>> = labels.map((l, j) => [l, count[j]!, num(respPct[j]!, 2), num(casePct[j]!, 2)]);
  freqRows.push(['合计', responses, 100, num((100 * responses) / n, 2)]);
  const baseWord = base === 'all' ? '全部完整应答者' : '至少选择 1 项的个案';
  const notes = [
    `响应百分比 = 选择该项的次数 / 全部选择次数（${responses} 次）；个案百分比 = 选择该项的人数 / ${baseWord}（${n} 人），各项之和可超过 100%。人均选择 ${num(meanPicked, 2)} 项。`,
  ];
  if (base === 'responders' && none > 0) notes.push(`${none} 人一项都未选择，按 SPSS 多重响应的默认做法不计入个案数。`);
  if (excluded > 0) notes.push(`${excluded} 行因选项列${gName ? '或分组变量' : ''}缺失未纳入分析。`);
  sections.push({
    title: '多重响应频率',
    blocks: [table('表1 多选题各选项的响应频率', ['选项', '响应例数', '响应百分比（%）', '个案百分比（%）'], freqRows, notes), barChart('图1 各选项的个案百分比', labels, casePct)],
  });

  const results: ToolOutput['results'] = { n, excluded, noneChosen: none, options: vars.length, responses, meanChosen: meanPicked, base };
  labels.forEach((_, j) => {
    results[`count.${j + 1}`] = count[j]!;
    results[`responsesPct.${j + 1}`] = respPct[j]!;
    results[`casesPct.${j + 1}`] = casePct[j]!;
  });

  const rank = labels.map((_, j) => j).sort((a, b) => count[b]! - count[a]!);
  const parts: string[] = [
    `对多选题的 ${vars.length} 个选项（${quoted(labels)}）做多重响应分析，${baseWord} ${n} 人共作出 ${responses} 次选择，人均 ${num(meanPicked, 2)} 项。`,
    `选择比例最高的是“${labels[rank[0]!]}”（${num(casePct[rank[0]!]!, 2)}% 的个案，占全部响应的 ${num(respPct[rank[0]!]!, 2)}%），其次是“${labels[rank[1]!]}”（${num(casePct[rank[1]!]!, 2)}%）；最低的是“${labels[rank[rank.length - 1]!]}”（${num(casePct[rank[rank.length - 1]!]!, 2)}%）。`,
  ];
  const caveats: string[] = [];

  if (g) {
    const gv = use.map((r) => g[complete[r]!]!.trim());
    const groups = levelOrder(gv, gName, splitList(params.groupOrder));
    if (groups.length < 2) throw new ToolInputError(`分组变量“${gName}”至少需要 2 个类别，当前只有 ${groups.length} 个`);
    if (groups.length > MAX_GROUPS) throw new ToolInputError(`分组变量“${gName}”有 ${groups.length} 个类别，超过 ${MAX_GROUPS} 个，请确认它是分类变量`);
    const gIdx = gv.map((v) => groups.indexOf(v));
    const gn = groups.map((_, k) => gIdx.filter((x) => x === k).length);
    const byGroup = vars.map((_, j) => groups.map((_, k) => use.reduce((s, r, u) => s + (gIdx[u] === k ? X[r]![j]! : 0), 0)));
    const colPct = byGroup.map((row) => row.map((c, k) => (100 * c) / gn[k]!));
    const tests = byGroup.map((row) => orNull(() => chiSquareTest([row, row.map((c, k) => gn[k]! - c)], { correct: false })));
    const xtRows: Array<Array<string | number | null>> = labels.map((l, j) => {
      const t = tests[j];
      return [l, ...byGroup[j]!.map((c, k) => `${c}（${num(colPct[j]![k]!, 1)}%）`), `${count[j]}（${num(casePct[j]!, 1)}%）`, t ? num(t.statistic, 3) : null, t ? formatP(t.pValue) : '–'];
    });
    xtRows.push(['个案数', ...gn, n, null, null]);
    const low = tests.filter((t) => t && t.lowExpected.count > 0).length;
    const xtNotes = [
      `单元格为选择该项的人数（列百分比 = 占该组${baseWord}的比例）；每个选项单独做“选中/未选 × ${gName}”的 2 × ${groups.length} 表 Pearson 卡方检验（不校正，df = ${groups.length - 1}）。`,
    ];
    if (tests.some((t) => t === null)) xtNotes.push('“–”：该选项在所有人中都被选中或都未被选中，无法检验。');
    if (low > 0) xtNotes.push(`${low} 个选项的检验中有理论频数小于 5 的格子，P 值仅供参考。`);
    sections.push({
      title: '按组交叉分析',
      blocks: [table(`表2 多选题各选项按“${gName}”的交叉表`, ['选项', ...groups, '合计', 'χ²', 'P'], xtRows, xtNotes), groupedChart(`图2 各组选择各选项的比例`, labels, groups, colPct)],
    });
    const sig = labels.filter((_, j) => tests[j] && tests[j]!.pValue < 0.05);
    const nonsig = labels.filter((_, j) => tests[j] && tests[j]!.pValue >= 0.05);
    parts.push(
      sig.length > 0
        ? `不同${gName}间，${sig.map((l) => `“${l}”（χ² = ${num(tests[labels.indexOf(l)]!.statistic, 2)}，${pSentence(tests[labels.indexOf(l)]!.pValue)}）`).join('、')}的选择比例差异有统计学意义${nonsig.length > 0 ? `；${quoted(nonsig)}的差异无统计学意义` : ''}。`
        : `各选项的选择比例在不同${gName}间的差异均无统计学意义（P 均 ≥ 0.05）。`,
    );
    if (sig.length > 0) {
      const first = labels.indexOf(sig[0]!);
      const hi = colPct[first]!.indexOf(maxOf(colPct[first]!));
      const lo = colPct[first]!.indexOf(minOf(colPct[first]!));
      parts.push(`例如“${sig[0]}”在“${groups[hi]}”组最高（${num(colPct[first]![hi]!, 1)}%），在“${groups[lo]}”组最低（${num(colPct[first]![lo]!, 1)}%）。`);
    }
    if (vars.length > 2) caveats.push(`对 ${vars.length} 个选项分别检验，存在多重比较问题；如需控制总的一类错误，可用 Bonferroni 校正（以 P < ${num(0.05 / vars.length, 4)} 为显著）。`);
    results.groups = groups.length;
    tests.forEach((t, j) => {
      results[`chi2.${j + 1}`] = t ? t.statistic : null;
      results[`p.${j + 1}`] = t ? t.pValue : null;
    });
    results.significantOptions = sig.length;
  }
  caveats.push('每人可选多项，各选项的选择不是互斥事件，不能把响应频率表当作普通单选题的频数表做整体卡方检验。');
  if (n < 30) caveats.push(`分析人数较少（${n} 人），百分比不稳定。`);
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });
  return { title: `多重响应分析：${vars.length} 个选项${gName ? ` × ${gName}` : ''}`, sections, results };
}
