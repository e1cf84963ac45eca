// 典型相关分析: stats::cancor on two sets of numeric variables — canonical correlations with Wilks'
// lambda sequential tests, standardised and raw coefficients, loadings and cross loadings, redundancy,
// the first canonical pair's scatter, and the unit-variance canonical scores saved as a new data file.
import { canonicalCorrelation, StatsError, type CanonicalResult } from '@labstat/stats';
import type { ReportBlock } from '@labstat/contracts';
import { scatterChart } from '../../charts.js';
import { requireVariables } from '../../common.js';
import { fieldList, quoted } from '../../model-input.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { numericValues } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { freshNames } from '../dimension-a.js';

interface CcaInput {
  xNames: string[];
  yNames: string[];
  rows: number[];
  x: number[][];
  y: number[][];
  excluded: number;
}

function readInput(data: DataTable, params: Params): CcaInput {
  const xNames = fieldList(params.xvars);
  const yNames = fieldList(params.yvars);
  if (xNames.length < 1 || yNames.length < 1) throw new ToolInputError('请在第一组与第二组中各至少选择 1 个定量变量');
  requireVariables(data, [...xNames, ...yNames]);
  const both = xNames.filter((v) => yNames.includes(v));
  if (both.length > 0) throw new ToolInputError(`变量${quoted(both)}同时出现在两组中，每个变量只能属于一组`);
  const all = [...xNames, ...yNames];
  const cols = all.map((v) => numericValues(data, v));
  const rows: number[] = [];
  for (let i = 0; i < data.rows; i++) if (cols.every((c) => typeof c[i] === 'number' && Number.isFinite(c[i]!))) rows.push(i);
  const n = rows.length;
  if (n <= all.length) throw new ToolInputError(`完整观测数（${n}）须多于两组变量数之和（${all.length}），请减少变量或增加样本`);
  all.forEach((v, j) => {
    const first = cols[j]![rows[0]!];
    if (rows.every((i) => cols[j]![i] === first)) throw new ToolInputError(`变量“${v}”在所有完整观测中取值相同，无法分析，请删除该变量`);
  });
  const p = xNames.length;
  return {
    xNames,
    yNames,
    rows,
    x: rows.map((i) => cols.slice(0, p).map((c) => c[i]!)),
    y: rows.map((i) => cols.slice(p).map((c) => c[i]!)),
    excluded: data.rows - n,
  };
}

function fit(input: CcaInput): CanonicalResult {
  try {
    return canonicalCorrelation(input.x, input.y);
  } catch (err) {
    if (!(err instanceof StatsError)) throw err;
    if (err.code === 'SINGULAR' && /第一组|第二组/.test(err.message)) {
      const names = err.message.startsWith('第一组') ? input.xNames : input.yNames;
      throw new ToolInputError(`${err.message.startsWith('第一组') ? '第一组' : '第二组'}变量${quoted(names)}之间存在完全共线性（某变量可由同组其他变量线性表示，如总分与各分项同时纳入），请删除多余的变量`);
    }
    throw new ToolInputError(`典型相关分析：${err.message}`);
  }
}

export function run(data: DataTable, params: Params): ToolOutput {
  const input = readInput(data, params);
  const c = fit(input);
  const { n, p, q } = c;
  const s = c.cor.length;
  const pairs = Array.from({ length: s }, (_, j) => j + 1);
  const sections: ToolOutput['sections'] = [];
  const excludedNote = input.excluded > 0 ? [`${input.excluded} 行因所选变量缺失未纳入分析（列表删除）。`] : [];

  const testRows = c.tests.map((t, k) => [
    `第 ${k + 1} 对`,
    num(c.cor[k]!, 4),
    num(c.cor[k]! ** 2, 4),
    `${k + 1} ~ ${s}`,
    num(t.wilks, 4),
    num(t.statistic, 3),
    t.df,
    formatP(t.pValue),
  ]);
  sections.push({
    title: '典型相关系数与检验',
    blocks: [
      table("表1 典型相关系数与 Wilks' Λ 逐步检验", ['典型变量', '典型相关系数', '典型相关系数²', '检验的典型相关', "Wilks' Λ", 'χ²', 'df', 'P'], testRows, [
        `第一组（X）：${input.xNames.join('、')}；第二组（Y）：${input.yNames.join('、')}。纳入 ${n} 例。`,
        "第 k 行检验第 k 至最后一对典型相关是否全部为 0：Λ = ∏ (1 − r²)，Bartlett χ² = −(n − 1 − (p + q + 1)/2) ln Λ，df = (p − k + 1)(q − k + 1)（同 CCA、candisc 包的 Bartlett 近似）。",
        ...excludedNote,
      ]),
    ],
  });

  const coefRows = (names: string[], std: number[][], raw: number[][], set: string) => names.map((v, i) => [set, v, ...std[i]!.map((x) => num(x, 4)), ...raw[i]!.map((x) => num(x, 6))]);
  sections.push({
    title: '典型系数',
    blocks: [
      table('表2 典型系数', ['变量组', '变量', ...pairs.map((j) => `标准化 ${j}`), ...pairs.map((j) => `原始 ${j}`)], [...coefRows(input.xNames, c.xstd, c.xcoef, 'X'), ...coefRows(input.yNames, c.ystd, c.ycoef, 'Y')], [
        '标准化系数：各变量标准化（z 分数）后构成方差为 1 的典型变量的权重，可比较同组变量的相对贡献，但受组内变量间相关的影响。',
        '原始系数即 R 的 cancor()$xcoef / $ycoef：典型变量 = Σ 原始系数 × (变量值 − 均数)，其平方和为 1（乘以 √(n − 1) 即方差为 1）。每对典型变量的正负号是任意的：已使 X 组绝对值最大的原始系数为正，Y 组随之同号。',
      ]),
    ],
  });

  const loadRows = (names: string[], own: number[][], other: number[][], set: string) => names.map((v, i) => [set, v, ...own[i]!.map((x) => num(x, 3)), ...other[i]!.map((x) => num(x, 3))]);
  const redRows: Array<Array<string | number | null>> = pairs.map((j, k) => [
    `第 ${j} 对`,
    num(100 * c.xvariance[k]!, 2),
    num(100 * c.xredundancy[k]!, 2),
    num(100 * c.yvariance[k]!, 2),
    num(100 * c.yredundancy[k]!, 2),
  ]);
  redRows.push(['合计', num(100 * c.xvariance.reduce((a, b) => a + b, 0), 2), num(100 * c.xredundancy.reduce((a, b) => a + b, 0), 2), num(100 * c.yvariance.reduce((a, b) => a + b, 0), 2), num(100 * c.yredundancy.reduce((a, b) => a + b, 0), 2)]);
  const blocks: ReportBlock[] = [
    table('表3 典型载荷与交叉载荷', ['变量组', '变量', ...pairs.map((j) => `本组典型变量 ${j}`), ...pairs.map((j) => `对方典型变量 ${j}`)], [...loadRows(input.xNames, c.xload, c.xcross, 'X'), ...loadRows(input.yNames, c.yload, c.ycross, 'Y')], [
      '典型载荷（结构系数）为变量与本组典型变量的相关系数，用于解释典型变量的含义（一般 |载荷| ≥ 0.4 视为重要）；交叉载荷为变量与另一组典型变量的相关系数（= 载荷 × 典型相关系数）。',
    ]),
    table('表4 冗余度分析（%）', ['典型变量', 'X 组方差被本组典型变量解释', 'X 组方差被 Y 组典型变量解释（冗余度）', 'Y 组方差被本组典型变量解释', 'Y 组方差被 X 组典型变量解释（冗余度）'], redRows, [
      '本组解释比例 = 本组变量典型载荷平方的均数；冗余度 = 该比例 × 典型相关系数²，即一组变量的方差能被另一组的典型变量解释的比例。',
    ]),
    scatterChart(
      c.xscores.map((r, i) => [r[0]!, c.yscores[i]![0]!] as [number, number]),
      { title: `图1 第一对典型变量得分散点图（r = ${num(c.cor[0]!, 3)}）`, xName: 'X 组典型变量 1', yName: 'Y 组典型变量 1' },
    ),
  ];
  sections.push({ title: '典型载荷与冗余度', blocks });

  const sig = c.tests.filter((t) => t.pValue < 0.05).length;
  const pText = (pv: number) => (pv < 0.001 ? 'P < 0.001' : `P = ${pv.toFixed(3)}`);
  const strong = (names: string[], L: number[][], j: number) => names.filter((_, i) => Math.abs(L[i]![j]!) >= 0.4);
  const describePair = (j: number) => {
    const xs = strong(input.xNames, c.xload, j);
    const ys = strong(input.yNames, c.yload, j);
    return `第 ${j + 1} 对典型变量（r = ${num(c.cor[j]!, 3)}）中，X 组以${xs.length > 0 ? quoted(xs) : '（无 |载荷| ≥ 0.4 的变量）'}为主，Y 组以${ys.length > 0 ? quoted(ys) : '（无 |载荷| ≥ 0.4 的变量）'}为主`;
  };
  const t1 = c.tests[0]!;
  const parts = [
    `对第一组 ${p} 个变量（${quoted(input.xNames)}）与第二组 ${q} 个变量（${quoted(input.yNames)}）做典型相关分析，纳入 ${n} 例，共得到 ${s} 对典型变量。`,
    `第 1 对典型相关系数为 ${num(c.cor[0]!, 3)}；全部典型相关为 0 的检验 Wilks' Λ = ${num(t1.wilks, 4)}，χ² = ${num(t1.statistic, 2)}，df = ${t1.df}，${pText(t1.pValue)}${t1.pValue < 0.05 ? `，两组变量之间存在相关，前 ${sig} 对典型相关有统计学意义` : '，未发现两组变量之间存在相关'}。`,
    ...(sig > 0 ? [`${Array.from({ length: Math.min(sig, 3) }, (_, j) => describePair(j)).join('；')}（按 |典型载荷| ≥ 0.4）。`] : []),
    `第一组变量的方差能被第二组典型变量解释 ${num(100 * c.xredundancy.reduce((a, b) => a + b, 0), 2)}%，第二组变量的方差能被第一组典型变量解释 ${num(100 * c.yredundancy.reduce((a, b) => a + b, 0), 2)}%（冗余度）。`,
    '各对象的典型变量得分（方差为 1）已另存为新的数据文件。',
  ];
  const caveats: string[] = [];
  if (n < 10 * (p + q)) caveats.push(`样本量（${n}）少于两组变量数之和的 10 倍（${10 * (p + q)}），典型系数可能不稳定。`);
  caveats.push('典型相关系数大不等于一组变量能解释另一组变量的大部分方差，应结合冗余度判断；标准化系数受组内共线性影响，解释典型变量宜以典型载荷为主。');
  caveats.push('Wilks\' Λ 的 χ² 检验假定两组变量服从多元正态分布；典型相关描述的是线性关联，不说明因果方向。');
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  const results: ToolOutput['results'] = { n, excluded: input.excluded, xVariables: p, yVariables: q, pairs: s, significantPairs: sig, xRedundancy: c.xredundancy.reduce((a, b) => a + b, 0), yRedundancy: c.yredundancy.reduce((a, b) => a + b, 0) };
  c.tests.forEach((t, k) => {
    results[`cor.${k + 1}`] = c.cor[k]!;
    results[`wilks.${k + 1}`] = t.wilks;
    results[`chi2.${k + 1}`] = t.statistic;
    results[`df.${k + 1}`] = t.df;
    results[`p.${k + 1}`] = t.pValue;
  });
  const newNames = freshNames(data, [...pairs.map((j) => `X典型变量${j}`), ...pairs.map((j) => `Y典型变量${j}`)]);
  return {
    title: `典型相关分析：${p} 个 X 变量与 ${q} 个 Y 变量`,
    sections,
    results,
    derivedData: {
      suffix: '_典型变量得分',
      rows: input.rows,
      columns: [...pairs.map((_, j) => ({ name: newNames[j]!, values: c.xscores.map((r) => r[j]!) })), ...pairs.map((_, j) => ({ name: newNames[s + j]!, values: c.yscores.map((r) => r[j]!) }))],
    },
  };
}
