// ICC 组内相关: the six Shrout–Fleiss forms as psych::ICC gives them, with the form picked by model,
// type and unit (McGraw & Wong 1996; Koo & Li 2016) marked and interpreted.
import { describe as describeValues, intraclassCorrelation, StatsError, type IccRow } from '@labstat/stats';
import { chosenColumns, completeRows, excludedNote, numericColumns } from '../../agreement-input.js';
import { scatterChart } from '../../charts.js';
import { ciText, levelOf, pSentence } from '../../common.js';
import { finiteOrNull, formatP, md, markdownText, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

/** McGraw & Wong (1996) names of the six forms. */
const MCGRAW_WONG: Record<IccRow['type'], string> = {
  ICC1: 'ICC(1)',
  ICC2: 'ICC(A,1)',
  ICC3: 'ICC(C,1)',
  ICC1k: 'ICC(k)',
  ICC2k: 'ICC(A,k)',
  ICC3k: 'ICC(C,k)',
};

/** Koo & Li (2016). */
export function kooLi(icc: number): string {
  if (icc < 0.5) return '差';
  if (icc < 0.75) return '中等';
  if (icc <= 0.9) return '良好';
  return '优秀';
}

const MODEL_ZH: Record<string, string> = { oneway: '单向随机', 'twoway-random': '双向随机', 'twoway-mixed': '双向混合' };

export function run(data: DataTable, params: Params): ToolOutput {
  const names = chosenColumns(data, params, 'raters', 2, '请至少选择两列测量值（每位评价者或每次测量一列）');
  const level = levelOf(params);
  const pct = Math.round(level * 100);
  const model = ['oneway', 'twoway-random', 'twoway-mixed'].includes(String(params.model)) ? String(params.model) : 'twoway-random';
  const type = model === 'oneway' ? 'agreement' : String(params.type) === 'consistency' ? 'consistency' : 'agreement';
  const average = String(params.unit) === 'average';
  const cols = numericColumns(data, names);
  const { keep, excluded } = completeRows(cols, data.rows);
  if (keep.length < 2) throw new ToolInputError(`${names.join('、')} 均有测量值的对象只有 ${keep.length} 个，至少需要 2 个`);
  const ratings = keep.map((i) => cols.map((c) => c[i]!));
  for (const [j, name] of names.entries()) {
    if (!ratings.every((r) => Number.isFinite(r[j]))) throw new ToolInputError(`列“${name}”含有非有限数值，请检查数据`);
  }
  let icc: ReturnType<typeof intraclassCorrelation>;
  try {
    icc = intraclassCorrelation(ratings, { level });
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(`${names.join('、')}：${err.message}`);
    throw err;
  }
  const n = icc.n;
  const k = icc.k;
  const form: IccRow['type'] = model === 'oneway' ? (average ? 'ICC1k' : 'ICC1') : type === 'agreement' ? (average ? 'ICC2k' : 'ICC2') : average ? 'ICC3k' : 'ICC3';
  const chosen = icc.rows.find((r) => r.type === form)!;

  const desc = names.map((name, j) => {
    const d = describeValues(ratings.map((r) => r[j]!));
    return [name, d.n, num(d.mean, 3), num(d.sd, 3), num(d.min, 3), num(d.max, 3)];
  });
  const forms = icc.rows.map((r) => [
    r.type,
    MCGRAW_WONG[r.type],
    r.description.replace('k次', `${k} 次`),
    num(r.icc, 3),
    ciText(r.ci),
    num(r.f, 3),
    r.df1,
    r.df2,
    formatP(r.pValue),
    r.type === form ? '采用' : '',
  ]);
  const order = ratings.map((r, i) => ({ i, m: r.reduce((s, v) => s + v, 0) / k })).sort((a, b) => a.m - b.m);
  const rank = new Array<number>(n);
  order.forEach((o, pos) => (rank[o.i] = pos + 1));
  const chart = scatterChart([], {
    title: '图1 各对象的测量值（按对象均值排序）',
    xName: '被测对象（按均值排序）',
    yName: '测量值',
    groups: names.map((name, j) => ({ name, points: ratings.map((r, i) => [rank[i]!, r[j]!] as [number, number]) })),
  });

  const modelText = model === 'oneway' ? '单向随机模型' : `${MODEL_ZH[model]}模型、${type === 'agreement' ? '绝对一致' : '一致性'}`;
  const conclusion =
    `${k} 位评价者（${names.join('、')}）对 ${n} 个对象的测量，按${modelText}、${average ? `${k} 次测量平均` : '单次测量'}计算（${form}，即 McGraw–Wong 的 ${MCGRAW_WONG[form]}）：` +
    `ICC = ${num(chosen.icc, 3)}（${pct}%CI ${ciText(chosen.ci)}），F(${chosen.df1}, ${chosen.df2}) = ${num(chosen.f, 2)}，${pSentence(chosen.pValue)}。` +
    `按 Koo 与 Li（2016）标准，点估计属${kooLi(chosen.icc)}信度` +
    (kooLi(chosen.ci[0]) === kooLi(chosen.ci[1]) ? `，置信区间也在${kooLi(chosen.ci[0])}范围内。` : `，置信区间跨越${kooLi(chosen.ci[0])}至${kooLi(chosen.ci[1])}。`);
  const caveats: string[] = [];
  if (n < 30) caveats.push(`被测对象只有 ${n} 个；Koo 与 Li 建议信度研究至少 30 个对象、3 位评价者，置信区间会较宽。`);
  const c1 = icc.rows.find((r) => r.type === 'ICC3')!.icc;
  const a1 = icc.rows.find((r) => r.type === 'ICC2')!.icc;
  if (c1 - a1 > 0.05) caveats.push(`一致性 ICC（${num(c1, 3)}）明显高于绝对一致 ICC（${num(a1, 3)}），提示评价者之间存在系统差异（某位评价者整体偏高或偏低），可用 Bland–Altman 分析查看两两差值。`);
  if (chosen.icc < 0) caveats.push('ICC 为负，说明对象内（评价者间）的变异大于对象间的变异，信度极差；也请检查所选列是否为同一指标、单位是否一致。');
  if (params.model === 'oneway' && String(params.type) === 'consistency') caveats.push('单向随机模型不区分一致性与绝对一致，已按绝对一致计算。');
  if (model === 'twoway-mixed' && type === 'agreement') caveats.push('双向混合模型的绝对一致 ICC 与双向随机模型的公式相同（ICC2），区别只在于结论是否推广到其他评价者。');

  const guide = markdownText(
    md`**如何选择 ICC 形式（Koo 与 Li 2016）**`,
    md`- **模型**：每个对象由不同的评价者评定 → 单向随机（ICC1）；所有对象由同一组评价者评定，且希望结论推广到同类的其他评价者 → 双向随机；只关心这几位评价者 → 双向混合。双向随机与双向混合的计算公式相同，只是解释不同。\n- **类型**：测量值需要互换使用（如两台仪器、两位医师的测量值直接比较）→ 绝对一致（ICC2，McGraw–Wong 的 A）；只关心排序是否一致、允许系统偏差 → 一致性（ICC3，McGraw–Wong 的 C）。\n- **单位**：实际工作中只由一位评价者测一次 → 单次测量；实际取多位评价者的平均值 → 平均测量（ICC1k、ICC2k、ICC3k，数值更高）。\n- **解释**：ICC < 0.5 差，0.5~0.75 中等，0.75~0.9 良好，> 0.9 优秀；应以 95% 置信区间而不只是点估计来判断。报告时写明模型、类型、单位与软件，如“${MCGRAW_WONG[form]} = ${num(chosen.icc, 3)}（${pct}%CI ${ciText(chosen.ci)}）”。`,
  );

  const results: ToolOutput['results'] = {
    form,
    model,
    type,
    unit: average ? 'average' : 'single',
    n,
    k,
    excluded,
    icc: chosen.icc,
    ciLower: finiteOrNull(chosen.ci[0]),
    ciUpper: finiteOrNull(chosen.ci[1]),
    statistic: chosen.f,
    df1: chosen.df1,
    df2: chosen.df2,
    p: chosen.pValue,
  };
  for (const r of icc.rows) {
    results[r.type] = r.icc;
    results[`${r.type}Lower`] = finiteOrNull(r.ci[0]);
    results[`${r.type}Upper`] = finiteOrNull(r.ci[1]);
    results[`${r.type}F`] = r.f;
    results[`${r.type}P`] = r.pValue;
  }
  return {
    title: `ICC 组内相关：${names.join('、')}`,
    sections: [
      { title: '描述统计', blocks: [table('表1 各评价者测量值的描述统计', ['评价者', 'n', '均值', '标准差', '最小值', '最大值'], desc, [excludedNote(excluded, names)])] },
      {
        title: '组内相关系数',
        blocks: [
          table(`表2 组内相关系数（${n} 个对象，${k} 位评价者）`, ['形式', 'McGraw–Wong', '模型', 'ICC', `${pct}%CI`, 'F', 'df1', 'df2', 'P', '采用'], forms, [
            '与 R psych::ICC 相同：F 检验 H0 为 ICC = 0；ICC2 的置信区间按 Satterthwaite 自由度（Shrout 与 Fleiss 1979）。',
            `“采用”为按所选模型（${MODEL_ZH[model]}）、类型（${type === 'agreement' ? '绝对一致' : '一致性'}）与单位（${average ? '平均测量' : '单次测量'}）对应的形式。`,
          ]),
          guide,
        ],
      },
      { title: '图示', blocks: [chart] },
      { title: '结论', blocks: [text(conclusion, ...caveats)] },
    ],
    results,
  };
}
