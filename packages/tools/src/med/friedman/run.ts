// Friedman 检验: χ²_F with the tie correction (friedman.test), Kendall's W, and pairwise comparisons
// — paired Wilcoxon signed-rank (wilcox.test) or Conover's t on the rank sums (Conover 1999 §5.8,
// as PMCMRplus::frdAllPairsConoverTest) — with adjusted P values.
import { friedmanTest, pAdjust, tTwoSided, wilcoxonSignedRank, type PAdjustMethod } from '@labstat/stats';
import { boxplotChart } from '../../charts.js';
import { pSentence, requireVariables } from '../../common.js';
import { fiveNumbers } from '../../groups.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { numericColumn } from '../wilcoxon-signed-rank/paired.js';

const ADJUST: Record<string, PAdjustMethod> = { holm: 'holm', bonferroni: 'bonferroni', BH: 'BH', none: 'none' };
const ADJUST_ZH: Record<string, string> = { holm: 'Holm', bonferroni: 'Bonferroni', BH: 'Benjamini-Hochberg', none: '未校正' };

/** Within-row average ranks. */
function rowRanks(row: readonly number[]): number[] {
  const order = row.map((_, i) => i).sort((i, j) => row[i]! - row[j]!);
  const r = new Array<number>(row.length);
  for (let i = 0; i < row.length; ) {
    let j = i;
    while (j + 1 < row.length && row[order[j + 1]!] === row[order[i]!]) j++;
    for (let k = i; k <= j; k++) r[order[k]!] = (i + j + 2) / 2;
    i = j + 1;
  }
  return r;
}

export function run(data: DataTable, params: Params): ToolOutput {
  const vars = Array.isArray(params.vars) ? params.vars.map(String).filter((v) => v !== '') : [];
  if (vars.length < 3) throw new ToolInputError(vars.length === 2 ? '只选了 2 列：两个条件的比较请使用“Wilcoxon 符号秩检验”；Friedman 检验需要至少 3 列' : '请选择至少 3 个条件的列');
  if (new Set(vars).size !== vars.length) throw new ToolInputError('所选的列有重复，请每个条件只选一次');
  requireVariables(data, vars);
  const posthoc = ['wilcoxon', 'conover', 'none'].includes(String(params.posthoc)) ? String(params.posthoc) : 'wilcoxon';
  const adjustKey = ADJUST[String(params.adjust)] ? String(params.adjust) : 'holm';
  const adjust = ADJUST[adjustKey]!;
  const cols = vars.map((v) => numericColumn(data, v));
  const rows: number[][] = [];
  for (let i = 0; i < data.rows; i++) {
    const row = cols.map((c) => c[i]);
    if (row.every((v) => v !== null && v !== undefined && Number.isFinite(v))) rows.push(row as number[]);
  }
  const dropped = data.rows - rows.length;
  const n = rows.length;
  const k = vars.length;
  if (n < 3) throw new ToolInputError(`所选 ${k} 列都有值的对象只有 ${n} 个，Friedman 检验至少需要 3 个完整的对象`);
  if (rows.every((r) => r.every((v) => v === r[0]))) throw new ToolInputError('每个对象在各条件下的数值都相同，无法进行 Friedman 检验');
  const fr = friedmanTest(rows);
  const ranks = rows.map(rowRanks);
  const rankSums = vars.map((_, j) => ranks.reduce((s, r) => s + r[j]!, 0));

  const desc = vars.map((v, j) => {
    const f = fiveNumbers(rows.map((r) => r[j]!));
    return [v, n, num(f[2], 2), `${num(f[1], 2)} ~ ${num(f[3], 2)}`, num(fr.meanRanks[j], 2)];
  });

  interface Pair { a: number; b: number; stat: number; p: number; padj: number }
  const pairs: Pair[] = [];
  let posthocNote = '';
  if (posthoc !== 'none') {
    const A1 = ranks.reduce((s, r) => s + r.reduce((t, v) => t + v * v, 0), 0);
    const sumR2 = rankSums.reduce((s, v) => s + v * v, 0);
    const df = (n - 1) * (k - 1);
    const se = Math.sqrt((2 * (n * A1 - sumR2)) / df);
    for (let a = 0; a < k; a++) {
      for (let b = a + 1; b < k; b++) {
        if (posthoc === 'wilcoxon') {
          const x = rows.map((r) => r[a]!);
          const y = rows.map((r) => r[b]!);
          if (x.every((v, i) => v === y[i])) {
            pairs.push({ a, b, stat: NaN, p: 1, padj: 1 });
            continue;
          }
          const w = wilcoxonSignedRank(x, y);
          pairs.push({ a, b, stat: w.statistic, p: w.pValue, padj: 0 });
        } else {
          const t = (rankSums[a]! - rankSums[b]!) / se;
          pairs.push({ a, b, stat: t, p: se > 0 ? tTwoSided(t, df) : 1, padj: 0 });
        }
      }
    }
    const adj = pAdjust(pairs.map((p) => p.p), adjust);
    pairs.forEach((p, i) => (p.padj = adj[i]!));
    posthocNote =
      posthoc === 'wilcoxon'
        ? `两两比较为配对 Wilcoxon 符号秩检验（V 为“前者 − 后者”正差值的秩和，精确或正态近似规则同 wilcox.test），P 值按 ${ADJUST_ZH[adjustKey]} 法校正。`
        : `两两比较为 Conover 检验：t = (R_i − R_j)/√[2(nA − ΣR²)/((n−1)(k−1))]，df = ${df}，R 为秩和、A 为全部秩次的平方和（Conover 1999），P 值按 ${ADJUST_ZH[adjustKey]} 法校正。`;
  }

  const sig = fr.pValue < 0.05;
  const sigPairs = pairs.filter((p) => p.padj < 0.05).map((p) => `“${vars[p.a]}”与“${vars[p.b]}”`);
  const conclusion =
    `对 ${n} 个对象在 ${k} 个条件下的测量值进行 Friedman 检验：χ² = ${num(fr.statistic, 3)}，df = ${fr.df}，${pSentence(fr.pValue)}，Kendall's W = ${num(fr.kendallW, 3)}。` +
    (sig ? '各条件的分布差异有统计学意义。' : '各条件的分布差异无统计学意义。') +
    (pairs.length > 0 ? (sigPairs.length > 0 ? `校正后的两两比较中，${sigPairs.join('、')}差异有统计学意义。` : '校正后的两两比较均无统计学意义。') : '');
  const caveats: string[] = [];
  if (dropped > 0) caveats.push(`${dropped} 个对象因至少一个条件缺失（或非数值）未参与分析。`);
  if (n < 10) caveats.push(`完整对象只有 ${n} 个，χ² 近似可能不准确，结论需谨慎。`);

  const sections: ToolOutput['sections'] = [
    { title: '描述统计', blocks: [table('表1 各条件的中位数、四分位数与平均秩', ['条件', 'n', '中位数', 'P25 ~ P75', '平均秩'], desc)] },
    {
      title: 'Friedman 检验',
      blocks: [
        table('表2 Friedman 检验', ['对象数', '条件数', 'χ²', 'df', 'P', "Kendall's W"], [[n, k, num(fr.statistic, 3), fr.df, formatP(fr.pValue), num(fr.kendallW, 3)]], [
          '区组内的结按平均秩并校正（与 R 的 friedman.test 相同）；Kendall\'s W = χ²/[n(k−1)]，0~1，越大表示各对象的排序越一致。',
        ]),
      ],
    },
  ];
  if (pairs.length > 0) {
    sections.push({
      title: '两两比较',
      blocks: [
        table(
          '表3 两两比较',
          ['比较', posthoc === 'wilcoxon' ? 'V' : 't', 'P', '校正 P'],
          pairs.map((p) => [`${vars[p.a]} vs ${vars[p.b]}`, Number.isFinite(p.stat) ? num(p.stat, 3) : '—', formatP(p.p), formatP(p.padj)]),
          [posthocNote],
        ),
      ],
    });
  }
  sections.push({
    title: '图形',
    blocks: [
      boxplotChart(
        vars.map((v, j) => ({ name: v, values: rows.map((r) => r[j]!) })),
        { title: '图1 各条件测量值的箱线图', yName: '测量值', points: true, marks: pairs.map((p) => ({ groupA: vars[p.a]!, groupB: vars[p.b]!, p: p.padj })) },
      ),
    ],
  });
  sections.push({ title: '结论', blocks: [text(conclusion, ...caveats)] });

  const results: ToolOutput['results'] = { statistic: fr.statistic, df: fr.df, p: fr.pValue, kendallW: fr.kendallW, n, k, excluded: dropped };
  pairs.forEach((p) => {
    results[`posthocStatistic_${p.a + 1}_${p.b + 1}`] = Number.isFinite(p.stat) ? p.stat : null;
    results[`posthocP_${p.a + 1}_${p.b + 1}`] = p.p;
    results[`posthocPAdjusted_${p.a + 1}_${p.b + 1}`] = p.padj;
  });
  return { title: `Friedman 检验：${vars.join('、')}`, sections, results };
}
