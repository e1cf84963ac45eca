// 中介效应: X → M1..Mk → Y in linear models (PROCESS model 4): the a, b, c, c′ paths, each indirect
// effect a·b and their total with a seeded percentile bootstrap CI, Sobel tests as a secondary line,
// the share of the total effect that is mediated, and the path diagram papers show.
import type { ReportBlock } from '@labstat/contracts';
import { mediationAnalysis, StatsError, type MediationResult, type PathCoefficient, maxOf } from '@labstat/stats';
import { histogram } from '../../charts.js';
import { levelOf, pSentence } from '../../common.js';
import { fieldList, quoted } from '../../model-input.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { missingNote } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { pathInput } from './input.js';

const r4 = (v: number) => Number(v.toPrecision(4));
const sig = (p: number) => (p < 0.001 ? '***' : p < 0.01 ? '**' : p < 0.05 ? '*' : '');
const excludesZero = (ci: readonly [number, number]) => ci[0] > 0 || ci[1] < 0;

/** The path diagram: X on the left, the mediators above, Y on the right, edges labelled B (SE stars). */
function pathDiagram(title: string, xName: string, yName: string, res: MediationResult, names: readonly string[]): ReportBlock {
  const k = names.length;
  const label = (c: PathCoefficient) => `${num(c.estimate, 3)}${sig(c.pValue)}`;
  const nodes = [
    { name: xName, x: 0, y: 300 },
    { name: yName, x: 600, y: 300 },
    ...names.map((m, j) => ({ name: m, x: 300, y: k === 1 ? 80 : 40 + (j * 200) / Math.max(1, k - 1) })),
  ].map((n) => ({ ...n, symbol: 'rect', symbolSize: [Math.max(90, 16 * n.name.length), 40], itemStyle: { color: '#fff', borderColor: '#303133', borderWidth: 1.5 }, label: { show: true, color: '#303133', fontSize: 13 } }));
  const edge = (source: string, target: string, value: string) => ({ source, target, value, label: { show: true, formatter: value, fontSize: 12, color: '#303133' }, lineStyle: { color: '#303133', width: 1.5 } });
  const links = [
    ...names.map((m, j) => edge(xName, m, `a${k > 1 ? j + 1 : ''} = ${label(res.a[j]!)}`)),
    ...names.map((m, j) => edge(m, yName, `b${k > 1 ? j + 1 : ''} = ${label(res.b[j]!)}`)),
    edge(xName, yName, `c′ = ${label(res.cPrime)}（c = ${label(res.c)}）`),
  ];
  return {
    type: 'chart',
    title,
    option: {
      series: [
        {
          type: 'graph',
          layout: 'none',
          roam: false,
          edgeSymbol: ['none', 'arrow'],
          edgeSymbolSize: 9,
          data: nodes,
          links,
          left: 90,
          right: 90,
          top: 40,
          bottom: 40,
        },
      ],
      graphic: [{ type: 'text', left: 10, bottom: 4, style: { text: '非标准化系数；* P < 0.05，** P < 0.01，*** P < 0.001', fontSize: 11, fill: '#606266' } }],
    },
  };
}

/** Histogram of the bootstrap replicates of one indirect effect with its CI limits marked. */
function bootChart(title: string, reps: Float64Array, ci: readonly [number, number], estimate: number): ReportBlock {
  const vals = Array.from(reps).filter(Number.isFinite);
  const h = histogram([vals], 40);
  const mids = h.counts[0]!.map((c, i) => [r4((h.edges[i]! + h.edges[i + 1]!) / 2), c]);
  const top = maxOf(h.counts[0]!);
  const vline = (x: number, name: string, color: string, type: string) => ({ type: 'line', name, data: [[r4(x), 0], [r4(x), top]], symbol: 'none', lineStyle: { color, type, width: 1.5 } });
  return {
    type: 'chart',
    title,
    option: {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 60, right: 30, top: 40, bottom: 50 },
      xAxis: { type: 'value', scale: true, name: '间接效应', nameLocation: 'middle', nameGap: 28, splitLine: { show: false } },
      yAxis: { type: 'value', name: '频数', splitLine: { show: false } },
      series: [
        { type: 'bar', name: 'Bootstrap 样本', data: mids, barWidth: '95%', itemStyle: { color: '#909399', opacity: 0.6 } },
        vline(estimate, '点估计', '#C0392B', 'solid'),
        vline(ci[0], '置信区间下限', '#409EFF', 'dashed'),
        vline(ci[1], '置信区间上限', '#409EFF', 'dashed'),
        vline(0, '0', '#303133', 'dotted'),
      ],
    },
  };
}

export function run(data: DataTable, params: Params): ToolOutput {
  const xName = String(params.x ?? '');
  const yName = String(params.y ?? '');
  const mNames = fieldList(params.mediators);
  if (!xName) throw new ToolInputError('请选择自变量 X');
  if (mNames.length === 0) throw new ToolInputError('请至少选择一个中介变量 M');
  if (!yName) throw new ToolInputError('请选择因变量 Y');
  if (mNames.length > 5) throw new ToolInputError(`中介变量最多 5 个，当前选了 ${mNames.length} 个`);
  const B = Number(params.bootstrap ?? 5000);
  if (!Number.isInteger(B) || B < 200 || B > 20000) throw new ToolInputError('Bootstrap 次数应为 200–20000 的整数');
  const seed = Number(params.seed ?? 20231123);
  if (!Number.isInteger(seed) || seed < 1) throw new ToolInputError('随机种子应为正整数');
  const level = levelOf(params);
  const pct = Number((level * 100).toFixed(1));
  const input = pathInput(
    data,
    [{ name: xName, label: '自变量' }, ...mNames.map((name) => ({ name, label: '中介变量' })), { name: yName, label: '因变量' }],
    params,
  );
  const n = input.rows.length;
  let res: MediationResult;
  try {
    res = mediationAnalysis({
      x: input.values.get(xName)!,
      mediators: mNames.map((m) => input.values.get(m)!),
      y: input.values.get(yName)!,
      covariates: input.covColumns,
      xName,
      yName,
      mediatorNames: mNames,
      covariateNames: input.covNames,
      bootstrap: B,
      seed,
      level,
    });
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(`无法拟合回归模型：${err.message}（自变量、中介变量与协变量之间可能存在完全共线）`);
    throw err;
  }
  const k = mNames.length;
  const parallel = k > 1;
  const total = res.indirect[k]!;
  const sections: ToolOutput['sections'] = [];
  const cov = input.covariates;

  sections.push({
    title: '数据概况',
    blocks: [
      table(
        '表1 分析变量与设定',
        ['项目', '内容'],
        [
          ['模型', parallel ? `平行中介模型（${k} 个中介，PROCESS 模型 4）` : '简单中介模型（PROCESS 模型 4）'],
          ['自变量 X', xName],
          ['中介变量 M', mNames.join('、')],
          ['因变量 Y', yName],
          ['协变量', cov.length > 0 ? cov.join('、') : '无'],
          ['纳入例数', n],
          ['Bootstrap', `${B} 次（随机种子 ${seed}），百分位法 ${pct}% 置信区间`],
        ],
        [missingNote(input.excluded)],
      ),
    ],
  });

  // Regression models.
  const rows: Array<Array<string | number | null>> = [];
  for (const m of res.models) {
    m.coefficients.forEach((c, i) =>
      rows.push([i === 0 ? `${m.outcome}（R² = ${num(m.rSquared, 3)}）` : '', c.term, num(c.estimate, 4), num(c.se, 4), num(c.statistic, 3), formatP(c.pValue), `${num(c.ci[0], 4)} ~ ${num(c.ci[1], 4)}`]),
    );
  }
  sections.push({
    title: '回归路径',
    blocks: [
      table('表2 各回归方程的系数', ['因变量', '预测变量', 'B', 'SE', 't', 'P', `${pct}%CI`], rows, [
        `前 ${k} 个方程为中介变量对自变量（a 路径）的回归；“总效应模型”为因变量只对自变量（及协变量）的回归（c 路径）；最后一个方程同时纳入自变量与中介变量（b 路径与直接效应 c′）。系数为非标准化回归系数，t 检验同 R 的 lm()。`,
      ]),
      pathDiagram(`图1 ${parallel ? '平行' : ''}中介模型路径图`, xName, yName, res, mNames),
    ],
  });

  // Effect decomposition.
  const share = (v: number) => (Number.isFinite(res.proportionMediated) && res.c.estimate !== 0 ? `${num((100 * v) / res.c.estimate, 1)}%` : '—');
  const effRows: Array<Array<string | number | null>> = [
    ['总效应 c', num(res.c.estimate, 4), num(res.c.se, 4), `${num(res.c.ci[0], 4)} ~ ${num(res.c.ci[1], 4)}`, formatP(res.c.pValue), '100%'],
    ['直接效应 c′', num(res.cPrime.estimate, 4), num(res.cPrime.se, 4), `${num(res.cPrime.ci[0], 4)} ~ ${num(res.cPrime.ci[1], 4)}`, formatP(res.cPrime.pValue), share(res.cPrime.estimate)],
    ...res.indirect.map((e) => [
      e.sobel === null ? '总间接效应' : `间接效应：${xName} → ${e.mediator} → ${yName}`,
      num(e.estimate, 4),
      num(e.bootSe, 4),
      `${num(e.ci[0], 4)} ~ ${num(e.ci[1], 4)}`,
      excludesZero(e.ci) ? '不含 0' : '含 0',
      share(e.estimate),
    ]),
  ];
  if (!parallel) effRows.pop();
  const footnotes = [
    `总效应与直接效应的 SE、置信区间与 P 来自回归的 t 检验；间接效应的 SE 为 ${B} 次 Bootstrap 估计值的标准差，置信区间为百分位 Bootstrap 区间（R 的 quantile(type = 7)），区间不含 0 即间接效应有统计学意义。`,
    `效应占比 = 该效应 / 总效应；总效应 = 直接效应 + 总间接效应（${num(res.c.estimate, 4)} = ${num(res.cPrime.estimate, 4)} ${total.estimate < 0 ? '−' : '+'} ${num(Math.abs(total.estimate), 4)}）。${res.c.estimate !== 0 && (res.cPrime.estimate / res.c.estimate < 0 || total.estimate / res.c.estimate < 0) ? '直接效应与间接效应方向相反（遮掩效应），占比超过 100% 或为负，此时效应占比没有“被中介的比例”的含义。' : ''}`,
  ];
  const effBlocks: ReportBlock[] = [table('表3 中介效应分解', ['效应', '效应值', 'SE（Boot SE）', `${pct}%CI`, 'P / 检验', '效应占比'], effRows, footnotes)];
  effBlocks.push(
    table(
      '表4 Sobel 检验（辅助）',
      ['间接路径', 'a×b', 'SE', 'z', 'P'],
      res.indirect.filter((e) => e.sobel !== null).map((e) => [`${xName} → ${e.mediator} → ${yName}`, num(e.estimate, 4), num(e.sobel!.se, 4), num(e.sobel!.statistic, 3), formatP(e.sobel!.pValue)]),
      ['Sobel 检验假定 a×b 服从正态分布，而间接效应的抽样分布通常偏态，检验力低于 Bootstrap；结论以表3 的 Bootstrap 置信区间为准（Hayes，2018）。'],
    ),
  );
  sections.push({ title: '中介效应检验', blocks: effBlocks });
  sections.push({
    title: 'Bootstrap 分布',
    blocks: [
      bootChart(`图2 ${parallel ? '总' : ''}间接效应的 Bootstrap 分布（${B} 次）`, res.replicates[parallel ? k : 0]!, total.ci, total.estimate),
      text('直方图为每次重抽样得到的间接效应，竖虚线为百分位置信区间的上下限；分布常偏态，这正是不用 Sobel 检验而用 Bootstrap 的原因。'),
    ],
  });

  // Conclusion.
  const cText = (c: PathCoefficient, name: string) => `（${name} = ${num(c.estimate, 3)}，${pSentence(c.pValue)}）`;
  const ciText = (ci: readonly [number, number]) => `${pct}%CI ${num(ci[0], 3)} ~ ${num(ci[1], 3)}`;
  const sigInd = res.indirect.slice(0, k).filter((e) => excludesZero(e.ci));
  const anyIndirect = parallel ? excludesZero(total.ci) || sigInd.length > 0 : sigInd.length > 0;
  const directSig = res.cPrime.pValue < 0.05;
  let type: 'none' | 'full' | 'partial' | 'suppression';
  if (!anyIndirect) type = 'none';
  else if (!directSig) type = 'full';
  else type = res.cPrime.estimate * total.estimate > 0 ? 'partial' : 'suppression';
  const parts: string[] = [];
  parts.push(
    `以${xName}为自变量、${mNames.join('与')}为${parallel ? '平行' : ''}中介变量、${yName}为因变量${cov.length > 0 ? `，控制${quoted(cov)}` : ''}，采用 Bootstrap 法（${B} 次重抽样）检验中介效应（n = ${n}）。`,
  );
  parts.push(`${xName}对${yName}的总效应${res.c.pValue < 0.05 ? '显著' : '不显著'}${cText(res.c, 'c')}。`);
  parts.push(
    res.indirect
      .slice(0, k)
      .map((e, j) => {
        const a = res.a[j]!;
        const b = res.b[j]!;
        const aText = `${xName}${a.pValue < 0.05 ? '显著影响' : '对'}${e.mediator}${a.pValue < 0.05 ? '' : '的效应不显著'}（a = ${num(a.estimate, 3)}，${pSentence(a.pValue)}）`;
        const bText = `控制${xName}后${e.mediator}对${yName}的效应 b = ${num(b.estimate, 3)}（${pSentence(b.pValue)}）`;
        return `${aText}，${bText}；经${e.mediator}的间接效应为 ${num(e.estimate, 3)}（${ciText(e.ci)}），${excludesZero(e.ci) ? '置信区间不含 0，中介效应显著' : '置信区间含 0，中介效应不显著'}。`;
      })
      .join(''),
  );
  if (parallel) parts.push(`总间接效应为 ${num(total.estimate, 3)}（${ciText(total.ci)}）${excludesZero(total.ci) ? '，显著' : '，不显著'}。`);
  parts.push(`控制中介变量后，${xName}对${yName}的直接效应${directSig ? '仍显著' : '不显著'}${cText(res.cPrime, 'c′')}。`);
  parts.push(
    type === 'none'
      ? `未发现${mNames.join('、')}的中介作用。`
      : type === 'full'
        ? `${mNames.length > 1 ? sigInd.map((e) => e.mediator).join('、') || mNames.join('、') : mNames[0]}在${xName}与${yName}之间起完全中介作用。`
        : type === 'partial'
          ? `${sigInd.map((e) => e.mediator).join('、') || mNames.join('、')}在${xName}与${yName}之间起部分中介作用，${Number.isFinite(res.proportionMediated) ? `间接效应占总效应的 ${num(100 * res.proportionMediated, 1)}%` : ''}。`
          : `直接效应与间接效应方向相反，存在遮掩效应（suppression），间接效应与直接效应之比的绝对值为 ${num(Math.abs(total.estimate / res.cPrime.estimate), 3)}。`,
  );
  const caveats = [
    '中介分析的因果解释依赖研究设计：横断面问卷数据中 X、M、Y 同时测量，只能说明数据与中介模型相符，不能证明因果顺序；宜有理论依据或纵向设计。',
    '同一问卷测量全部变量时可能存在共同方法偏差，宜用 Harman 单因素检验等方法评估。',
    '按现代观点（Zhao 等，2010；Hayes，2018），总效应不显著时仍可检验间接效应，是否存在中介以间接效应的 Bootstrap 置信区间为准。',
  ];
  if (parallel) caveats.push('平行中介中各中介的间接效应是控制其他中介后的特定间接效应；中介变量间高度相关时单个效应不稳定。');
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  const results: ToolOutput['results'] = {
    n,
    excluded: input.excluded,
    mediatorCount: k,
    x: xName,
    y: yName,
    mediators: mNames.join('、'),
    c: res.c.estimate,
    cSe: res.c.se,
    pC: res.c.pValue,
    cPrime: res.cPrime.estimate,
    cPrimeSe: res.cPrime.se,
    pCPrime: res.cPrime.pValue,
    totalIndirect: total.estimate,
    totalIndirectSe: total.bootSe,
    totalIndirectLower: total.ci[0],
    totalIndirectUpper: total.ci[1],
    proportionMediated: Number.isFinite(res.proportionMediated) ? res.proportionMediated : null,
    mediationType: type,
    bootstrap: B,
    seed,
    level,
  };
  mNames.forEach((m, j) => {
    const e = res.indirect[j]!;
    results[`a.${m}`] = res.a[j]!.estimate;
    results[`pA.${m}`] = res.a[j]!.pValue;
    results[`b.${m}`] = res.b[j]!.estimate;
    results[`pB.${m}`] = res.b[j]!.pValue;
    results[`indirect.${m}`] = e.estimate;
    results[`indirectSe.${m}`] = e.bootSe;
    results[`indirectLower.${m}`] = e.ci[0];
    results[`indirectUpper.${m}`] = e.ci[1];
    results[`sobelZ.${m}`] = e.sobel!.statistic;
    results[`sobelP.${m}`] = e.sobel!.pValue;
  });
  return { title: `中介效应：${xName} → ${mNames.join('、')} → ${yName}`, sections, results };
}
