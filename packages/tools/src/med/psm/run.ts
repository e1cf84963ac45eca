// 倾向性评分匹配 PSM: the logistic PS, greedy 1:k nearest-neighbour matching as MatchIt (on the logit
// of the PS or the PS, caliper in SDs of that distance, with or without replacement, exact matching on
// chosen factors), balance before/after in a Table-1 layout with SMDs and variance ratios, the Love
// plot, mirrored PS histograms, and the matched rows returned as a new data file (PS, pair number,
// matching weight).
import { nearestNeighborMatch, StatsError } from '@labstat/stats';
import { requireVariables } from '../../common.js';
import { finiteOrNull, num, table, text } from '../../report-helpers.js';
import { missingNote } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import {
  balanceFigures,
  balanceRows,
  balanceSummary,
  balanceTable,
  fieldList,
  psModelTable,
  quoted,
  readPropensity,
  SMD_THRESHOLD,
  treatedNote,
} from '../prediction/propensity-e.js';

export function run(data: DataTable, params: Params): ToolOutput {
  const exactVars = fieldList(params.exact);
  requireVariables(data, exactVars);
  const p = readPropensity(data, params, exactVars);
  const { t, ps, input } = p;
  const ratio = typeof params.ratio === 'number' && Number.isInteger(params.ratio) && params.ratio >= 1 && params.ratio <= 10 ? params.ratio : 1;
  if (typeof params.ratio === 'number' && params.ratio !== ratio) throw new ToolInputError(`匹配比例 k 须为 1 ~ 10 的整数（当前为 ${params.ratio}）`);
  const caliper = typeof params.caliper === 'number' && params.caliper > 0 ? params.caliper : null;
  const replace = params.replace === true;
  const logit = params.distance !== 'ps';
  const distance = logit ? ps.logit : ps.ps;
  const distanceLabel = logit ? '倾向性评分（logit）' : '倾向性评分';
  const exactText = exactVars.map((v) => data.text(v));
  const strata = exactVars.length > 0 ? input.rows.map((i) => exactText.map((c) => c[i]!.trim()).join('\u0001')) : null;
  const n1 = t.reduce((a, b) => a + b, 0);
  const n0 = t.length - n1;
  let m;
  try {
    m = nearestNeighborMatch({ treatment: t, distance, ratio, replace, caliper, exact: strata });
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(`匹配：${err.message}`);
    throw err;
  }
  if (m.matched[1] === 0)
    throw new ToolInputError(
      caliper !== null
        ? `没有处理组对象能在卡钳范围内（距离之差 ≤ ${num(m.caliperWidth, 4)}）找到对照${exactVars.length > 0 ? `（且${quoted(exactVars)}取值相同）` : ''}：两组的倾向性评分缺乏重叠，无法匹配。可放宽卡钳值、减少精确匹配变量，或检查协变量`
        : `没有处理组对象找到对照${exactVars.length > 0 ? `：${quoted(exactVars)}取值相同的对照不存在` : ''}，无法匹配`,
    );
  const tWord = p.levels.positive;
  const cWord = p.levels.negative ?? '对照';
  const rows = balanceRows(p, { label: distanceLabel, values: distance }, m.weights, 'treated');
  const balance = balanceSummary(rows, '匹配');
  const bad = balance.bad;
  const method = `1:${ratio} 最近邻匹配（贪婪法，${replace ? '有放回' : '无放回'}，按${logit ? '倾向性评分的 logit' : '倾向性评分'} 由大到小依次匹配${caliper !== null ? `，卡钳值 ${caliper} 倍标准差 = ${num(m.caliperWidth, 4)}` : '，不设卡钳'}${exactVars.length > 0 ? `，对${quoted(exactVars)}精确匹配` : ''}）`;

  const sections: ToolOutput['sections'] = [];
  sections.push({
    title: '样本与匹配',
    blocks: [
      table(
        '表1 匹配前后的样本量',
        ['', `处理组（${tWord}）`, `对照组（${cWord}）`],
        [
          ['匹配前', n1, n0],
          ['匹配成功', m.matched[1], m.matched[0]],
          ['未匹配', m.unmatched[1], m.unmatched[0]],
          ['匹配后有效样本量（ESS）', num(m.ess[1], 1), num(m.ess[0], 1)],
        ],
        [
          treatedNote(p),
          missingNote(input.excluded),
          `匹配方法：${method}。匹配估计的是处理组的平均处理效应（ATT）。`,
          ...(replace || ratio > 1 ? ['对照组的匹配权重不全为 1（有放回时被重复使用的对照、1:k 匹配中对照不足 k 个的匹配组），ESS =（Σ权重）² / Σ权重²；后续分析须按“匹配权重”加权。'] : []),
        ],
      ),
      psModelTable('表2 倾向性评分模型（Logistic 回归）', p),
    ],
  });
  sections.push({
    title: '匹配前后的均衡性',
    blocks: [
      balanceTable('表3 匹配前后的基线特征与标准化均数差', p, rows, m.weights, '后', [
        `SMD =（处理组均数 − 对照组均数）/ 匹配前处理组的标准差（二分类以 √(p(1 − p)) 为标准差），同 R 的 MatchIt::summary()；分类变量每个类别分别计算。|SMD| < ${SMD_THRESHOLD} 一般认为两组均衡。`,
        '匹配后的均数、标准差、例数与百分比按匹配权重计算；方差比 = 处理组方差 / 对照组方差（加权），0.5 ~ 2 之间可接受，二分类变量不计算。',
      ]),
      ...balanceFigures(p, rows, m.weights, '匹配', '按匹配权重'),
    ],
  });

  const parts: string[] = [];
  parts.push(
    `以“${p.tName}”为处理变量（处理组“${tWord}” ${n1} 例，对照组“${cWord}” ${n0} 例），以 ${quoted(input.names)}建立 Logistic 回归估计倾向性评分，采用${method}。`,
    `共 ${m.matched[1]} 例处理组对象与 ${m.matched[0]} 例对照匹配成功${m.unmatched[1] > 0 ? `，${m.unmatched[1]} 例处理组对象未找到合适对照` : ''}。`,
    balance.sentence,
  );
  const caveats: string[] = [
    '倾向性评分只能平衡已测量的协变量，未测量的混杂因素仍可能使结果有偏；结论应说明这一局限，必要时做敏感性分析（如 E 值）。',
    `请以匹配后 |SMD| < ${SMD_THRESHOLD} 判断均衡，不宜用匹配后的 P 值判断（P 值受样本量影响）。`,
  ];
  if (bad.length > 0) caveats.push(`匹配后仍不均衡的协变量（${quoted(bad)}）可在结局模型中再作调整，或调整倾向性评分模型（加入交互项、非线性项）、缩小卡钳值后重新匹配。`);
  if (m.unmatched[1] > 0) caveats.push(`${m.unmatched[1]} 例处理组对象因卡钳或精确匹配未找到对照，匹配样本不再代表全部处理组，ATT 的推论范围随之缩小；请在论文中说明。`);
  if (!replace && n0 < n1 * ratio) caveats.push(`对照组（${n0} 例）少于处理组的 ${ratio} 倍，无放回匹配时部分处理组对象得不到 ${ratio} 个对照。`);
  if (replace) caveats.push('有放回匹配：同一对照可出现在多个匹配组中，后续分析请使用“匹配权重”，方差估计宜用稳健标准误。');
  if (ps.auc > 0.8) caveats.push(`倾向性评分的 C 统计量为 ${num(ps.auc, 3)}，两组差异很大、重叠有限，匹配后的样本可能只代表一部分处理组对象。`);
  parts.push('匹配后的数据已另存为新的数据文件（含倾向性评分、匹配组号与匹配权重），可直接用于结局分析（如配对或加权的 Logistic 回归、Cox 回归）。');
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  const results: ToolOutput['results'] = {
    n: t.length,
    excluded: input.excluded,
    treatedValue: tWord,
    treated: n1,
    control: n0,
    matchedTreated: m.matched[1],
    matchedControl: m.matched[0],
    unmatchedTreated: m.unmatched[1],
    unmatchedControl: m.unmatched[0],
    essTreated: m.ess[1],
    essControl: m.ess[0],
    ratio,
    replace: replace ? 1 : 0,
    caliper: caliper ?? 0,
    caliperWidth: finiteOrNull(m.caliperWidth),
    distance: logit ? 'logit' : 'ps',
    psAuc: ps.auc,
    ...balance.results,
  };
  // The matched rows in data order, with the PS, pair number and weight.
  const kept = input.rows.map((row, j) => ({ row, j })).filter(({ j }) => m.weights[j]! > 0);
  return {
    title: `倾向性评分匹配：${p.tName}`,
    sections,
    results,
    derivedData: {
      suffix: '_PSM匹配',
      rows: kept.map(({ row }) => row),
      columns: [
        { name: '倾向性评分', values: kept.map(({ j }) => ps.ps[j]!) },
        { name: '匹配组号', values: kept.map(({ j }) => m.subclass[j] ?? null) },
        { name: '匹配权重', values: kept.map(({ j }) => m.weights[j]!) },
      ],
    },
  };
}
