// Kappa 一致性: Cohen's kappa (unweighted, linear or quadratic weights) for two raters; Fleiss' kappa
// with per-category kappas and pairwise Cohen's kappas for three or more. Wide data, listwise.
import { cohenKappa, fleissKappa, StatsError, type KappaResult, maxOf, minOf } from '@labstat/stats';
import { chosenColumns, completeRows, excludedNote } from '../../agreement-input.js';
import { ciText, levelOf, pSentence } from '../../common.js';
import { PALETTE } from '../../charts.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import type { ReportBlock } from '@labstat/contracts';

type Weights = 'none' | 'linear' | 'quadratic';
const WEIGHT_ZH: Record<Weights, string> = { none: '不加权', linear: '线性加权', quadratic: '平方加权' };
const MAX_CATEGORIES = 20;

/** Landis & Koch (1977). */
export function landisKoch(k: number): string {
  if (k < 0) return '差于随机';
  if (k <= 0.2) return '轻微';
  if (k <= 0.4) return '一般';
  if (k <= 0.6) return '中等';
  if (k <= 0.8) return '较强';
  return '几乎完全';
}

/** Category order: the user's list first (those present), then numbers by value or text by first appearance. */
function categoryOrder(ratings: readonly (readonly string[])[], given: string): { categories: string[]; ordered: 'user' | 'numeric' | 'appearance' } {
  const seen: string[] = [];
  const set = new Set<string>();
  for (const row of ratings) for (const v of row) if (!set.has(v)) (set.add(v), seen.push(v));
  const user = given.split(/[,，;；、]/).map((s) => s.trim()).filter((s) => s !== '' && set.has(s));
  if (user.length > 0) return { categories: [...new Set([...user, ...seen])], ordered: 'user' };
  if (seen.every((c) => Number.isFinite(Number(c)))) return { categories: [...seen].sort((a, b) => Number(a) - Number(b)), ordered: 'numeric' };
  return { categories: seen, ordered: 'appearance' };
}

function barChart(names: readonly string[], categories: readonly string[], counts: number[][]): ReportBlock {
  return {
    type: 'chart',
    title: '图1 各评价者的类别分布',
    option: {
      textStyle: { fontFamily: 'Times New Roman, SimSun, serif' },
      tooltip: { trigger: 'axis' },
      legend: { data: [...names], top: 0 },
      grid: { left: 60, right: 30, top: 40, bottom: 50 },
      xAxis: { type: 'category', name: '类别', nameLocation: 'middle', nameGap: 28, data: [...categories], axisLine: { lineStyle: { color: '#000' } } },
      yAxis: { type: 'value', name: '例数', minInterval: 1, splitLine: { show: false }, axisLine: { show: true, lineStyle: { color: '#000' } } },
      series: names.map((name, r) => ({ type: 'bar', name, data: counts[r], itemStyle: { color: PALETTE[r % PALETTE.length] } })),
    },
  };
}

function heatmap(names: readonly string[], categories: readonly string[], tab: number[][]): ReportBlock {
  const k = categories.length;
  const data = tab.flatMap((row, i) => row.map((c, j) => [j, k - 1 - i, c]));
  return {
    type: 'chart',
    title: '图2 一致性列联表热图（对角线为评定一致）',
    option: {
      textStyle: { fontFamily: 'Times New Roman, SimSun, serif' },
      tooltip: { trigger: 'item' },
      grid: { left: 80, right: 30, top: 20, bottom: 90 },
      xAxis: { type: 'category', name: names[1], nameLocation: 'middle', nameGap: 28, data: [...categories] },
      yAxis: { type: 'category', name: names[0], nameLocation: 'middle', nameGap: 50, data: [...categories].reverse() },
      visualMap: { min: 0, max: Math.max(1, maxOf(tab.flat())), calculable: false, orient: 'horizontal', left: 'center', bottom: 0, inRange: { color: ['#ffffff', '#409EFF'] } },
      series: [{ type: 'heatmap', data, label: { show: true } }],
    },
  };
}

function cohen(r1: string[], r2: string[], weights: Weights, categories: string[], level: number): KappaResult {
  try {
    return cohenKappa(r1, r2, { weights, categories, level });
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(err.message);
    throw err;
  }
}

const kappaRow = (label: string, r: KappaResult) => [
  label,
  num(r.kappa, 3),
  num(r.se, 4),
  ciText(r.ci),
  num(r.statistic, 3),
  formatP(r.pValue),
  `${num(r.observedAgreement * 100, 1)}%`,
  `${num(r.expectedAgreement * 100, 1)}%`,
  landisKoch(r.kappa),
];

export function run(data: DataTable, params: Params): ToolOutput {
  const names = chosenColumns(data, params, 'raters', 2, '请至少选择两列评价者的评定结果（每位评价者一列）');
  const w = String(params.weights ?? 'none');
  const weights: Weights = w === 'linear' || w === 'quadratic' ? w : 'none';
  const level = levelOf(params);
  const pct = Math.round(level * 100);
  const cols = names.map((n) => data.text(n).map((v) => (v === null ? null : v.trim())));
  const { keep, excluded } = completeRows(cols, data.rows);
  if (keep.length < 2) throw new ToolInputError(`${names.join('、')} 均有评定的对象只有 ${keep.length} 个，至少需要 2 个`);
  const ratings = keep.map((i) => cols.map((c) => c[i]!));
  const byRater = names.map((_, r) => ratings.map((row) => row[r]!));
  const { categories, ordered } = categoryOrder(ratings, String(params.order ?? ''));
  if (categories.length > MAX_CATEGORIES) {
    const worst = names[byRater.map((v) => new Set(v).size).reduce((b, c, i, a) => (c > a[b]! ? i : b), 0)]!;
    throw new ToolInputError(`评定结果共有 ${categories.length} 个不同取值，超过 ${MAX_CATEGORIES} 个；列“${worst}”可能是连续测量值，请改用“ICC 组内相关”或“Bland–Altman”`);
  }
  if (categories.length < 2) throw new ToolInputError(`${names.join('、')} 的所有评定都是“${categories[0]}”，只有一个类别，kappa 无定义`);
  const counts = byRater.map((v) => categories.map((c) => v.filter((x) => x === c).length));
  const n = keep.length;
  const dist = table(
    '表1 各评价者的类别分布',
    ['类别', ...names],
    categories.map((c, j) => [c, ...counts.map((row) => `${row[j]} (${num((row[j]! / n) * 100, 1)}%)`)]),
    [excludedNote(excluded, names), `类别顺序：${ordered === 'user' ? '按指定顺序' : ordered === 'numeric' ? '按数值大小' : '按数据中首次出现的顺序'}。`],
  );
  const caveats: string[] = [];
  if (n < 30) caveats.push(`分析的对象只有 ${n} 个，kappa 的标准误与置信区间基于大样本近似，结果仅供参考。`);
  const top = maxOf(categories.map((_, j) => counts.reduce((s, row) => s + row[j]!, 0))) / (n * names.length);
  if (top > 0.8) caveats.push(`某一类别占全部评定的 ${num(top * 100, 1)}%，类别分布很不均衡时 kappa 会偏低（kappa 悖论），请同时报告观察一致率。`);
  const lk = '一致程度按 Landis 与 Koch（1977）：<0 差于随机，0~0.20 轻微，0.21~0.40 一般，0.41~0.60 中等，0.61~0.80 较强，0.81~1.00 几乎完全一致。';

  if (names.length === 2) {
    const plain = cohen(byRater[0]!, byRater[1]!, 'none', categories, level);
    const chosen = weights === 'none' ? plain : cohen(byRater[0]!, byRater[1]!, weights, categories, level);
    const tab = plain.table;
    const rowSum = tab.map((r) => r.reduce((s, v) => s + v, 0));
    const colSum = categories.map((_, j) => tab.reduce((s, r) => s + r[j]!, 0));
    const cross = table(
      `表2 一致性列联表（行：${names[0]}，列：${names[1]}）`,
      [`${names[0]} \\ ${names[1]}`, ...categories, '合计'],
      [...tab.map((r, i) => [categories[i]!, ...r, rowSum[i]!]), ['合计', ...colSum, n]],
      [`对角线上为两位评价者评定一致的例数，共 ${tab.reduce((s, r, i) => s + r[i]!, 0)} 例。`],
    );
    const rows = [kappaRow("Cohen's kappa（不加权）", plain)];
    if (weights !== 'none') rows.push(kappaRow(`加权 kappa（${WEIGHT_ZH[weights]}）`, chosen));
    const kt = table(`表3 Kappa 一致性检验`, ['方法', 'Kappa', '标准误', `${pct}%CI`, 'z', 'P', '观察一致率', '期望一致率', '一致程度'], rows, [
      `标准误与置信区间按 Fleiss、Cohen 与 Everitt（1969）的大样本方差；z 检验（H0：kappa = 0）用零假设下的标准误。${weights !== 'none' ? '加权时一致率为加权一致率。' : ''}`,
      lk,
    ]);
    if (weights !== 'none' && ordered === 'appearance') caveats.push('类别为文字且未指定顺序，加权 kappa 按数据中首次出现的顺序确定等级间距；请在“类别顺序”中按等级高低填写类别。');
    const label = weights === 'none' ? "Cohen's kappa" : `加权 kappa（${WEIGHT_ZH[weights]}）`;
    const conclusion =
      `两位评价者（${names[0]}、${names[1]}）对 ${n} 个对象的评定中，观察一致率为 ${num(plain.observedAgreement * 100, 1)}%，期望一致率为 ${num(plain.expectedAgreement * 100, 1)}%。` +
      `${label} = ${num(chosen.kappa, 3)}（${pct}%CI ${ciText(chosen.ci)}），z = ${num(chosen.statistic, 2)}，${pSentence(chosen.pValue)}，` +
      `${chosen.pValue < 1 - level ? '一致性显著高于随机水平' : '一致性与随机水平的差异无统计学意义'}；按 Landis 与 Koch 标准属${landisKoch(chosen.kappa)}一致。` +
      (weights !== 'none' ? `不加权 kappa 为 ${num(plain.kappa, 3)}（${pct}%CI ${ciText(plain.ci)}）。` : '');
    return {
      title: `Kappa 一致性：${names.join(' 与 ')}`,
      sections: [
        { title: '类别分布', blocks: [dist, barChart(names, categories, counts)] },
        { title: '一致性列联表', blocks: [cross, heatmap(names, categories, tab)] },
        { title: 'Kappa 系数', blocks: [kt] },
        { title: '结论', blocks: [text(conclusion, ...caveats)] },
      ],
      results: {
        method: 'cohen',
        weights,
        n,
        excluded,
        kappa: chosen.kappa,
        se: chosen.se,
        ciLower: chosen.ci[0],
        ciUpper: chosen.ci[1],
        statistic: chosen.statistic,
        p: chosen.pValue,
        observedAgreement: chosen.observedAgreement,
        expectedAgreement: chosen.expectedAgreement,
        unweightedKappa: plain.kappa,
        unweightedSe: plain.se,
        unweightedCiLower: plain.ci[0],
        unweightedCiUpper: plain.ci[1],
        unweightedStatistic: plain.statistic,
        unweightedP: plain.pValue,
        unweightedObservedAgreement: plain.observedAgreement,
        unweightedExpectedAgreement: plain.expectedAgreement,
      },
    };
  }

  // Three or more raters: Fleiss' kappa and the pairwise Cohen's kappas.
  let fleiss: ReturnType<typeof fleissKappa>;
  try {
    fleiss = fleissKappa(ratings);
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(err.message);
    throw err;
  }
  const byCategory = new Map(fleiss.categories.map((c) => [c.category, c]));
  const expected = fleiss.categories.reduce((s, c) => s + c.proportion * c.proportion, 0);
  const observed = expected + fleiss.kappa * (1 - expected);
  const overall = table(
    "表2 Fleiss' kappa",
    ['评价者数', '对象数', 'Kappa', '标准误（H0）', 'z', 'P', '观察一致率', '期望一致率', '一致程度'],
    [[names.length, n, num(fleiss.kappa, 3), num(fleiss.se, 4), num(fleiss.z, 3), formatP(fleiss.pValue), `${num(observed * 100, 1)}%`, `${num(expected * 100, 1)}%`, landisKoch(fleiss.kappa)]],
    [
      "Fleiss（1971）kappa，标准误为 kappa = 0 时的标准误（Fleiss、Nee 与 Landis 1979，与 R irr::kappam.fleiss 相同），用于 z 检验；该标准误不适合构造置信区间，故不给出区间。",
      `观察一致率为各对象内评价者两两一致的平均比例。${weights !== 'none' ? "Fleiss' kappa 不加权，所选加权方式只用于表4 的两两比较。" : ''}`,
      lk,
    ],
  );
  const perCategory = table(
    '表3 各类别的 kappa',
    ['类别', '评定比例', 'Kappa', 'z', 'P', '一致程度'],
    categories.map((c) => {
      const r = byCategory.get(c)!;
      return [c, `${num(r.proportion * 100, 1)}%`, num(r.kappa, 3), num(r.z, 3), formatP(r.pValue), landisKoch(r.kappa)];
    }),
    ['每一类别与其余类别合并后的二分类 kappa（Fleiss 1971），反映该类别被一致识别的程度。'],
  );
  const pairs: Array<{ a: number; b: number; r: KappaResult }> = [];
  for (let a = 0; a < names.length; a++) for (let b = a + 1; b < names.length; b++) pairs.push({ a, b, r: cohen(byRater[a]!, byRater[b]!, weights, categories, level) });
  const light = pairs.reduce((s, p) => s + p.r.kappa, 0) / pairs.length;
  const pairTable = table(
    `表4 两两 Cohen's kappa（${WEIGHT_ZH[weights]}）`,
    ['评价者', 'Kappa', '标准误', `${pct}%CI`, 'z', 'P', '观察一致率', '一致程度'],
    pairs.map(({ a, b, r }) => [`${names[a]} − ${names[b]}`, num(r.kappa, 3), num(r.se, 4), ciText(r.ci), num(r.statistic, 3), formatP(r.pValue), `${num(r.observedAgreement * 100, 1)}%`, landisKoch(r.kappa)]),
    [`两两 kappa 的平均值（Light's kappa）为 ${num(light, 3)}。`],
  );
  const conclusion =
    `${names.length} 位评价者（${names.join('、')}）对 ${n} 个对象的评定中，观察一致率为 ${num(observed * 100, 1)}%，期望一致率为 ${num(expected * 100, 1)}%。` +
    `Fleiss' kappa = ${num(fleiss.kappa, 3)}，z = ${num(fleiss.z, 2)}，${pSentence(fleiss.pValue)}，${fleiss.pValue < 1 - level ? '一致性显著高于随机水平' : '一致性与随机水平的差异无统计学意义'}；` +
    `按 Landis 与 Koch 标准属${landisKoch(fleiss.kappa)}一致。各类别中 kappa 最高的是“${[...fleiss.categories].sort((x, y) => y.kappa - x.kappa)[0]!.category}”，最低的是“${[...fleiss.categories].sort((x, y) => x.kappa - y.kappa)[0]!.category}”。` +
    `两两 Cohen's kappa 在 ${num(minOf(pairs.map((p) => p.r.kappa)), 3)} ~ ${num(maxOf(pairs.map((p) => p.r.kappa)), 3)} 之间。`;
  const results: ToolOutput['results'] = {
    method: 'fleiss',
    weights,
    raters: names.length,
    n,
    excluded,
    kappa: fleiss.kappa,
    se: fleiss.se,
    statistic: fleiss.z,
    p: fleiss.pValue,
    observedAgreement: observed,
    expectedAgreement: expected,
    lightKappa: light,
  };
  for (const c of categories) {
    const r = byCategory.get(c)!;
    results[`categoryKappa.${c}`] = finiteOrNull(r.kappa);
    results[`categoryP.${c}`] = finiteOrNull(r.pValue);
  }
  for (const { a, b, r } of pairs) results[`pairKappa.${names[a]}|${names[b]}`] = r.kappa;
  return {
    title: `Kappa 一致性：${names.join('、')}`,
    sections: [
      { title: '类别分布', blocks: [dist, barChart(names, categories, counts)] },
      { title: "Fleiss' kappa", blocks: [overall, perCategory] },
      { title: '两两比较', blocks: [pairTable] },
      { title: '结论', blocks: [text(conclusion, ...caveats)] },
    ],
    results,
  };
}
