// 逆概率加权 IPTW: the logistic PS, ATE or ATT weights (ATE optionally stabilised), optional truncation
// at percentiles, balance unweighted/weighted in a Table-1 layout with SMDs and variance ratios, the
// Love plot, PS histograms unweighted/weighted, the weights' distribution and effective sample sizes,
// and every row returned as a new data file with its PS and weight (blank where a value was missing).
import { iptwWeights, quantile, StatsError, maxOf } from '@labstat/stats';
import { num, table, text } from '../../report-helpers.js';
import { missingNote } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { balanceFigures, balanceRows, balanceSummary, balanceTable, psModelTable, quoted, readPropensity, SMD_THRESHOLD, treatedNote } from '../prediction/propensity-e.js';

export function run(data: DataTable, params: Params): ToolOutput {
  const p = readPropensity(data, params);
  const { t, ps, input } = p;
  const estimand = params.estimand === 'ATT' ? 'ATT' : 'ATE';
  const stabilize = estimand === 'ATE' && params.stabilize !== false;
  const q = params.truncate === '99' ? 0.99 : params.truncate === '95' ? 0.95 : null;
  const extreme = ps.ps.filter((e) => e < 1e-6 || e > 1 - 1e-6).length;
  let w;
  try {
    w = iptwWeights({ treatment: t, ps: ps.ps, estimand, stabilize, truncate: q });
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(`权重：${err.message}`);
    throw err;
  }
  const weights = w.weights;
  const n1 = t.reduce((a, b) => a + b, 0);
  const n0 = t.length - n1;
  const tWord = p.levels.positive;
  const cWord = p.levels.negative ?? '对照';
  const rows = balanceRows(p, { label: '倾向性评分', values: ps.ps }, weights, estimand === 'ATE' ? 'pooled' : 'treated');
  const balance = balanceSummary(rows, '加权');
  const bad = balance.bad;
  const weightText =
    estimand === 'ATE'
      ? stabilize
        ? `稳定化 ATE 权重（处理组 P(处理)/e，对照组 P(对照)/(1 − e)，P(处理) = ${num(n1 / t.length, 4)}）`
        : 'ATE 权重（处理组 1/e，对照组 1/(1 − e)）'
      : 'ATT 权重（处理组 1，对照组 e/(1 − e)）';
  const truncText = w.truncation ? `，按第 ${Math.round((1 - q!) * 100)} 与第 ${Math.round(q! * 100)} 百分位数（${num(w.truncation.lower, 4)} 与 ${num(w.truncation.upper, 4)}）截断${estimand === 'ATT' ? '对照组的' : ''}权重，共 ${w.truncation.changed} 个权重被截断` : '';

  const group = (g: number) => {
    const v = weights.filter((_, i) => t[i] === g);
    const [min, med, max] = quantile(v, [0, 0.5, 1]) as [number, number, number];
    return [g === 1 ? `处理组（${tWord}）` : `对照组（${cWord}）`, v.length, num(w.sum[g === 1 ? 1 : 0], 2), num(w.ess[g === 1 ? 1 : 0], 1), num(min, 3), num(med, 3), num(max, 3)];
  };
  const maxWeight = maxOf(weights);

  const sections: ToolOutput['sections'] = [];
  sections.push({
    title: '样本与权重',
    blocks: [
      table('表1 各组的权重分布与有效样本量', ['组别', '例数', '权重之和', '有效样本量（ESS）', '最小权重', '权重中位数', '最大权重'], [group(1), group(0)], [
        treatedNote(p),
        missingNote(input.excluded),
        `权重：${weightText}${truncText}；e 为倾向性评分。ESS =（Σ权重）² / Σ权重²，表示加权后相当于多少个不加权的研究对象，远小于例数时提示权重极端、估计不稳定。`,
      ]),
      psModelTable('表2 倾向性评分模型（Logistic 回归）', p),
    ],
  });
  sections.push({
    title: '加权前后的均衡性',
    blocks: [
      balanceTable('表3 加权前后的基线特征与标准化均数差', p, rows, weights, '加权后', [
        `SMD =（处理组均数 − 对照组均数）/ 加权前${estimand === 'ATE' ? '两组方差均值的平方根（合并标准差）' : '处理组的标准差'}（二分类以 √(p(1 − p)) 为方差），加权后的均数按权重计算，标准差不变（同 MatchIt / cobalt 的约定）；分类变量每个类别分别计算。|SMD| < ${SMD_THRESHOLD} 一般认为两组均衡。`,
        '加权后的“例数”为权重之和（加权例数）；方差比 = 处理组加权方差 / 对照组加权方差，0.5 ~ 2 之间可接受，二分类变量不计算。',
      ]),
      ...balanceFigures(p, rows, weights, '加权', '加权例数'),
    ],
  });

  const parts: string[] = [
    `以“${p.tName}”为处理变量（处理组“${tWord}” ${n1} 例，对照组“${cWord}” ${n0} 例），以 ${quoted(input.names)}建立 Logistic 回归估计倾向性评分，采用${weightText}进行逆概率加权${truncText}。`,
    `加权后处理组与对照组的有效样本量分别为 ${num(w.ess[1], 1)} 与 ${num(w.ess[0], 1)}，最大权重为 ${num(maxWeight, 3)}。`,
    balance.sentence,
    '加权后的数据已另存为新的数据文件（全部行，含倾向性评分与 IPTW 权重），可用于加权的结局分析（如加权 Logistic 回归、加权 Cox 回归，宜用稳健标准误）。',
  ];
  const caveats: string[] = [
    '倾向性评分只能平衡已测量的协变量，未测量的混杂因素仍可能使结果有偏；结论应说明这一局限，必要时做敏感性分析（如 E 值）。',
    `请以加权后 |SMD| < ${SMD_THRESHOLD} 判断均衡；加权分析的标准误应使用稳健（三明治）方差估计，不能把权重当作频数。`,
  ];
  if (bad.length > 0) caveats.push(`加权后仍不均衡的协变量（${quoted(bad)}）可在结局模型中再作调整，或调整倾向性评分模型（加入交互项、非线性项）。`);
  if (maxWeight > 10 || Math.min(w.ess[0] / n0, w.ess[1] / n1) < 0.5)
    caveats.push(`存在极端权重（最大权重 ${num(maxWeight, 3)}），或某组的有效样本量不到例数的一半：少数研究对象主导加权结果，估计不稳定；可考虑截断权重、改用匹配，或限定在倾向性评分重叠的人群。`);
  if (extreme > 0) caveats.push(`${extreme} 个研究对象的倾向性评分极接近 0 或 1，提示这些人几乎必然接受（或不接受）处理，违背了正性（positivity）假设。`);
  if (ps.auc > 0.8) caveats.push(`倾向性评分的 C 统计量为 ${num(ps.auc, 3)}，两组差异很大、重叠有限，权重容易极端。`);
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  const results: ToolOutput['results'] = {
    n: t.length,
    excluded: input.excluded,
    treatedValue: tWord,
    treated: n1,
    control: n0,
    estimand,
    stabilize: stabilize ? 1 : 0,
    truncate: q ?? 0,
    truncatedWeights: w.truncation?.changed ?? 0,
    truncLower: w.truncation?.lower ?? null,
    truncUpper: w.truncation?.upper ?? null,
    sumWeightsTreated: w.sum[1],
    sumWeightsControl: w.sum[0],
    essTreated: w.ess[1],
    essControl: w.ess[0],
    maxWeight,
    psAuc: ps.auc,
    ...balance.results,
  };
  // Every row of the file; rows left out for a missing value get blank PS and weight.
  const at = new Map(input.rows.map((row, j) => [row, j]));
  const all = Array.from({ length: data.rows }, (_, i) => i);
  return {
    title: `逆概率加权：${p.tName}`,
    sections,
    results,
    derivedData: {
      suffix: '_IPTW加权',
      rows: all,
      columns: [
        { name: '倾向性评分', values: all.map((i) => (at.has(i) ? ps.ps[at.get(i)!]! : null)) },
        { name: 'IPTW权重', values: all.map((i) => (at.has(i) ? weights[at.get(i)!]! : null)) },
      ],
    },
  };
}
