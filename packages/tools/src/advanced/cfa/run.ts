// 验证性因子分析 CFA: a simple-structure measurement model fitted by ML as lavaan::cfa does — fit
// indices judged by Hu & Bentler's cut-offs, standardised and raw loadings, factor correlations,
// residual variances, AVE/CR, the Fornell–Larcker table, modification indices and the path diagram.
import type { ReportBlock } from '@labstat/contracts';
import { cfa, type CfaParameter, type CfaResult, maxOf, minOf } from '@labstat/stats';
import { requireVariables } from '../../common.js';
import { quoted } from '../../model-input.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { numericValues } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { asInputError } from '../dimension-a.js';
import { factorSlots } from './slots.js';

const MI_ROWS = 15;
const f3 = (v: number) => (Number.isFinite(v) ? v.toFixed(3) : '—');
const f2 = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '—');
const pText = (p: number) => (p < 0.001 ? 'P < 0.001' : `P = ${p.toFixed(3)}`);
const sig = (p: number) => (p < 0.001 ? '***' : p < 0.01 ? '**' : p < 0.05 ? '*' : '');

interface Spec {
  name: string;
  items: string[];
}

/** The filled factor slots (see slots.ts); at least one. */
function readSpecs(params: Params): Spec[] {
  const specs = factorSlots(params);
  if (specs.length === 0) throw new ToolInputError('请至少为 1 个因子选择条目（只有 1 个因子时至少 3 个条目）');
  return specs;
}

type Judged = 'saturated' | 'good' | 'acceptable' | 'poor';
function judge(df: number, cfi: number, tli: number, rmsea: number, srmr: number): Judged {
  if (df === 0) return 'saturated';
  if (cfi >= 0.95 && tli >= 0.95 && rmsea <= 0.06 && srmr <= 0.08) return 'good';
  if (cfi >= 0.9 && tli >= 0.9 && rmsea <= 0.08 && srmr <= 0.1) return 'acceptable';
  return 'poor';
}

/** Path diagram: factors (ellipses) on the left, items (boxes) on the right, standardised values. */
function pathDiagram(title: string, r: CfaResult): ReportBlock {
  const gap = 46;
  const rowsOf = r.factorNames.map((_, j) => r.loadings.filter((l) => l.factor === j));
  const nodes: Array<Record<string, unknown>> = [];
  const links: Array<Record<string, unknown>> = [];
  let y = 0;
  const itemNode = (name: string) => `item:${name}`;
  const factorNode = (name: string) => `factor:${name}`;
  rowsOf.forEach((ls, j) => {
    const top = y;
    for (const l of ls) {
      const name = r.names[l.item]!;
      nodes.push({ id: itemNode(name), name, x: 420, y, symbol: 'rect', symbolSize: [Math.max(80, 15 * name.length), 30], itemStyle: { color: '#fff', borderColor: '#303133', borderWidth: 1.2 }, label: { show: true, color: '#303133', fontSize: 12 } });
      links.push({ source: factorNode(r.factorNames[j]!), target: itemNode(name), label: { show: true, formatter: `${f2(l.std)}${l.fixed ? '' : sig(l.pValue)}`, fontSize: 12, color: '#303133' }, lineStyle: { color: '#303133', width: 1.2, curveness: 0 } });
      y += gap;
    }
    const fname = r.factorNames[j]!;
    nodes.push({ id: factorNode(fname), name: fname, x: 160, y: (top + y - gap) / 2, symbol: 'circle', symbolSize: [Math.max(90, 16 * fname.length), 52], itemStyle: { color: '#ecf5ff', borderColor: '#303133', borderWidth: 1.5 }, label: { show: true, color: '#303133', fontSize: 13, fontWeight: 'bold' } });
    y += gap / 2;
  });
  for (let a = 0; a < r.m; a++)
    for (let b = 0; b < a; b++)
      links.push({
        source: factorNode(r.factorNames[b]!),
        target: factorNode(r.factorNames[a]!),
        symbol: ['arrow', 'arrow'],
        label: { show: true, formatter: f2(r.factorCorrelations[a * r.m + b]!), fontSize: 12, color: '#303133' },
        lineStyle: { color: '#909399', width: 1, type: 'dashed', curveness: -(0.25 + 0.12 * (a - b - 1)) / (a - b) },
      });
  return {
    type: 'chart',
    title,
    option: {
      series: [{ type: 'graph', layout: 'none', roam: false, edgeSymbol: ['none', 'arrow'], edgeSymbolSize: 7, data: nodes, links, left: 130, right: 60, top: 30, bottom: 40 }],
      graphic: [{ type: 'text', left: 10, bottom: 4, style: { text: '标准化载荷（std.all）与因子相关（虚线）；* P < 0.05，** P < 0.01，*** P < 0.001；每个因子的第一个条目为标定条目', fontSize: 11, fill: '#606266' } }],
    },
  };
}

const pCells = (x: CfaParameter) => [num(x.estimate, 3), num(x.se, 3), num(x.statistic, 2), Number.isFinite(x.pValue) ? formatP(x.pValue) : '—'];

export function run(data: DataTable, params: Params): ToolOutput {
  const specs = readSpecs(params);
  const items = specs.flatMap((s) => s.items);
  const seen = new Map<string, string>();
  for (const s of specs)
    for (const v of s.items) {
      if (seen.has(v)) throw new ToolInputError(`条目“${v}”同时选入了因子“${seen.get(v)}”和“${s.name}”：本模型每个条目只能属于一个因子，请只保留一处`);
      seen.set(v, s.name);
    }
  requireVariables(data, items);
  const columns = items.map((v) => numericValues(data, v));
  let start = 0;
  const factors = specs.map((s) => {
    const idx = s.items.map((_, k) => start + k);
    start += s.items.length;
    return { name: s.name, items: idx };
  });
  const miMin = typeof params.miMin === 'number' && params.miMin >= 0 ? params.miMin : 3.84;
  const r = asInputError('验证性因子分析', () => cfa(columns, { names: items, factors }));
  const { fit, n, p, m } = r;
  const fn = r.factorNames;
  const chi2df = fit.df > 0 ? fit.chiSquare / fit.df : NaN;
  const verdict = judge(fit.df, fit.cfi, fit.tli, fit.rmsea, fit.srmr);
  const missing = r.excluded > 0 ? [`${r.excluded} 行因所选条目有缺失值未纳入分析（列表删除），分析例数 ${n}。`] : [`分析例数 ${n}，无缺失。`];

  // 表1 fit
  const fitRows: Array<Array<string | number | null>> = [
    ['χ²', num(fit.chiSquare, 3), '越小越好；P > 0.05 表示模型与数据无显著差异（样本量大时几乎总是显著）'],
    ['df', fit.df, ''],
    ['P', fit.df > 0 ? formatP(fit.pValue) : '—', '> 0.05'],
    ['χ²/df', num(chi2df, 3), '< 3（较宽松：< 5）'],
    ['CFI', num(fit.cfi, 3), '≥ 0.95（可接受：≥ 0.90）'],
    ['TLI', num(fit.tli, 3), '≥ 0.95（可接受：≥ 0.90）'],
    ['RMSEA', num(fit.rmsea, 3), '≤ 0.06（可接受：≤ 0.08）'],
    ['RMSEA 90% CI', `${f3(fit.rmseaCi[0])} ~ ${f3(fit.rmseaCi[1])}`, '上限 ≤ 0.08'],
    ['P(RMSEA ≤ 0.05)', fit.df > 0 ? formatP(fit.rmseaPClose) : '—', '> 0.05'],
    ['SRMR', num(fit.srmr, 3), '≤ 0.08（可接受：≤ 0.10）'],
    ['AIC', num(fit.aic, 2), '比较不同模型时越小越好'],
    ['BIC', num(fit.bic, 2), '比较不同模型时越小越好'],
  ];
  const fitTable = table('表1 模型拟合指数', ['指标', '值', '参考标准'], fitRows, [
    `${m} 个因子、${p} 个条目，最大似然估计（样本协方差除以 N），自由参数 ${fit.npar} 个；独立模型 χ² = ${num(fit.baselineChiSquare, 2)}（df = ${fit.baselineDf}），用于计算 CFI 与 TLI。`,
    '参考标准：CFI、TLI、RMSEA、SRMR 采用 Hu 与 Bentler（1999）的联合标准；括号中的“可接受”界值为常用的宽松标准（CFI/TLI ≥ 0.90：Bentler 与 Bonett 1980；RMSEA ≤ 0.08：Browne 与 Cudeck 1993）。',
    ...(fit.df === 0 ? ['模型恰好识别（df = 0），完美拟合数据，拟合指数没有检验意义。'] : []),
    ...missing,
  ]);

  // 表2 loadings
  const loadRows = r.loadings.map((l) => [
    fn[l.factor]!,
    r.names[l.item]!,
    ...(l.fixed ? [1, '—', '—', '—'] : pCells(l)),
    num(l.std, 3),
    num(l.stdSe, 3),
    Number.isFinite(l.stdPValue) ? formatP(l.stdPValue) : '—',
    num(l.std * l.std, 3),
  ]);
  const stds = r.loadings.map((l) => l.std);
  const lowLoad = r.loadings.filter((l) => Math.abs(l.std) < 0.5).map((l) => r.names[l.item]!);
  const negLoad = r.loadings.filter((l) => l.std < 0).map((l) => r.names[l.item]!);
  const loadTable = table('表2 因子载荷', ['因子', '条目', '非标准化载荷', '标准误', 'z', 'P', '标准化载荷', '标准化载荷标准误', 'R²'], loadRows, [
    '每个因子的第一个条目为标定条目，其非标准化载荷固定为 1（不检验）；标准化载荷即 lavaan 的 std.all（因子与条目方差都标准化为 1），其标准误由 delta 法求得；R² 为标准化载荷的平方，即因子解释该条目方差的比例。',
    '标准化载荷 ≥ 0.5（最好 ≥ 0.7）通常认为条目较好地反映所属维度。',
  ]);

  // 表3 factor (co)variances
  const covOrdered = [...r.factorCovariances.filter((c) => c.a === c.b), ...r.factorCovariances.filter((c) => c.a !== c.b)];
  const covRows = covOrdered.map((c) => [
    c.a === c.b ? `${fn[c.a]} 方差` : `${fn[c.b]} ↔ ${fn[c.a]}`,
    ...pCells(c),
    c.a === c.b ? '—' : num(c.std, 3),
    c.a === c.b ? '—' : num(c.stdSe, 3),
    c.a === c.b ? '—' : Number.isFinite(c.stdPValue) ? formatP(c.stdPValue) : '—',
  ]);
  const corrs = r.factorCovariances.filter((c) => c.a !== c.b);
  const blocks: ReportBlock[] = [fitTable];
  const structure: ReportBlock[] = [loadTable];
  structure.push(
    table('表3 因子方差、协方差与相关', ['参数', '估计值', '标准误', 'z', 'P', '相关系数 r', 'r 的标准误', 'r 的 P'], covRows, [
      m > 1 ? '因子方差与协方差为非标准化估计（量纲取标定条目）；相关系数为标准化后的因子协方差。' : '只有 1 个因子，没有因子间相关。',
    ]),
  );
  structure.push(
    table(
      '表4 残差方差',
      ['条目', '残差方差', '标准误', 'z', 'P', '标准化残差方差'],
      r.residuals.map((t) => [r.names[t.item]!, ...pCells(t), num(t.std, 3)]),
      ['残差方差是条目中不能由因子解释的部分（含测量误差）；标准化残差方差 = 1 − R²。', ...(r.heywood.length > 0 ? [`${quoted(r.heywood.map((i) => r.names[i]!))}的残差方差为负（Heywood 情形），解不恰当，见结论中的提示。`] : [])],
    ),
  );

  // 表5 AVE/CR, 表6 Fornell–Larcker
  const relRows = r.reliability.map((rel, j) => {
    const ls = r.loadings.filter((l) => l.factor === j).map((l) => l.std);
    return [fn[j]!, ls.length, num(minOf(ls), 3), num(maxOf(ls), 3), num(rel.ave, 3), num(Math.sqrt(Math.max(rel.ave, 0)), 3), num(rel.cr, 3)];
  });
  const validity: ReportBlock[] = [
    table('表5 聚合效度：平均方差抽取量 AVE 与组合信度 CR', ['因子', '条目数', '最小标准化载荷', '最大标准化载荷', 'AVE', '√AVE', 'CR'], relRows, [
      'AVE = Σλ² / k；CR = (Σλ)² / [(Σλ)² + Σ(1 − λ²)]，λ 为标准化载荷，k 为条目数（Fornell 与 Larcker 1981）。一般要求 AVE ≥ 0.5、CR ≥ 0.7；AVE < 0.5 但 CR > 0.6 时，Fornell 与 Larcker 认为聚合效度仍可接受。',
    ]),
  ];
  const flIssues: string[] = [];
  if (m > 1) {
    const sq = r.reliability.map((rel) => Math.sqrt(Math.max(rel.ave, 0)));
    const flRows = fn.map((name, a) => [
      name,
      ...fn.map((_, b) => {
        if (b > a) return null;
        if (a === b) return num(sq[a]!, 3);
        return num(r.factorCorrelations[a * m + b]!, 3);
      }),
    ]);
    for (let a = 0; a < m; a++)
      for (let b = 0; b < a; b++) {
        const rr = Math.abs(r.factorCorrelations[a * m + b]!);
        if (rr >= Math.min(sq[a]!, sq[b]!)) flIssues.push(`${fn[b]}与${fn[a]}`);
      }
    validity.push(
      table('表6 区分效度（Fornell–Larcker 准则）', ['', ...fn], flRows, [
        '对角线为各因子 AVE 的平方根，下三角为因子间相关系数。若每个因子的 √AVE 都大于它与其他因子的相关，则区分效度良好。',
        flIssues.length > 0 ? `不满足的因子对：${flIssues.join('、')}。` : '各因子均满足 Fornell–Larcker 准则。',
      ]),
    );
  }

  // 表7 modification indices
  const label = (x: CfaResult['modIndices'][number]) => (x.kind === 'loading' ? `${fn[x.lhs]} → ${r.names[x.rhs]}` : `${r.names[x.lhs]} ↔ ${r.names[x.rhs]}`);
  const shown = r.modIndices.filter((x) => x.mi >= miMin);
  const miRows = shown.slice(0, MI_ROWS).map((x) => [label(x), x.kind === 'loading' ? '交叉载荷' : '残差相关', num(x.mi, 3), num(x.epc, 3), num(x.sepcAll, 3)]);
  const miBlock =
    miRows.length > 0
      ? table(`表7 修正指数（MI ≥ ${miMin}）`, ['参数', '类型', 'MI', 'EPC', '标准化 EPC'], miRows, [
          `MI：放开该参数后 χ² 预计下降的量（1 个自由度）；EPC：该参数的预期估计值，标准化 EPC 同 lavaan 的 sepc.all。共 ${shown.length} 个参数的 MI ≥ ${miMin}${shown.length > MI_ROWS ? `，只列出最大的 ${MI_ROWS} 个` : ''}。`,
          '修正模型必须有理论依据（如两个条目措辞相近可允许残差相关），并应在新样本中验证；不宜仅凭 MI 逐个放开参数。',
        ])
      : text(`没有修正指数 ≥ ${miMin} 的参数（交叉载荷与残差相关），模型没有明显的局部不拟合。`);

  const chiText = fit.df > 0 ? `χ²(${fit.df}) = ${f2(fit.chiSquare)}，${pText(fit.pValue)}，χ²/df = ${f2(chi2df)}` : `χ²(0) = ${f2(fit.chiSquare)}（恰好识别）`;
  const fitText = `${chiText}，CFI = ${f3(fit.cfi)}，TLI = ${f3(fit.tli)}，RMSEA = ${f3(fit.rmsea)}（90% CI ${f3(fit.rmseaCi[0])} ~ ${f3(fit.rmseaCi[1])}），SRMR = ${f3(fit.srmr)}`;
  const verdictText =
    verdict === 'saturated'
      ? '模型恰好识别（df = 0），必然完美拟合数据，拟合指数不能用来评价模型，只能报告载荷与信度、效度指标'
      : verdict === 'good'
      ? '各项指标均达到 Hu 与 Bentler（1999）推荐的良好拟合标准（CFI、TLI ≥ 0.95，RMSEA ≤ 0.06，SRMR ≤ 0.08），模型拟合良好'
      : verdict === 'acceptable'
        ? '未全部达到 Hu 与 Bentler（1999）的良好拟合标准（CFI、TLI ≥ 0.95，RMSEA ≤ 0.06，SRMR ≤ 0.08），但达到常用的可接受标准（CFI、TLI ≥ 0.90，RMSEA ≤ 0.08，SRMR ≤ 0.10），模型拟合可以接受'
        : '未达到 Hu 与 Bentler（1999）的拟合标准（CFI、TLI ≥ 0.95，RMSEA ≤ 0.06，SRMR ≤ 0.08），也未达到常用的可接受标准，模型拟合不佳';
  const allSig = r.loadings.filter((l) => !l.fixed).every((l) => l.pValue < 0.05);
  const minStd = minOf(stds);
  const maxStd = maxOf(stds);
  const aveList = r.reliability.map((rel, j) => `${fn[j]} ${f3(rel.ave)}`).join('、');
  const crList = r.reliability.map((rel, j) => `${fn[j]} ${f3(rel.cr)}`).join('、');
  const aveOk = r.reliability.every((rel) => rel.ave >= 0.5);
  const crOk = r.reliability.every((rel) => rel.cr >= 0.7);
  const maxCorr = m > 1 ? maxOf(corrs.map((c) => Math.abs(c.std))) : NaN;
  const top = r.modIndices[0];
  const parts = [
    `采用验证性因子分析（最大似然估计）检验由 ${m} 个因子（${specs.map((s) => `${s.name} ${s.items.length} 个条目`).join('，')}）构成的测量模型（${n} 例）。`,
    `模型拟合指数为 ${fitText}，${verdictText}。`,
    `各条目的标准化载荷为 ${f3(minStd)} ~ ${f3(maxStd)}${allSig ? '，均有统计学意义（P < 0.05）' : ''}。`,
    `各因子的 AVE 分别为 ${aveList}，CR 分别为 ${crList}；${
      aveOk && crOk
        ? '均达到 AVE ≥ 0.5、CR ≥ 0.7 的标准，聚合效度良好'
        : !crOk
          ? '部分因子的 CR < 0.7，组合信度偏低'
          : '各因子 CR 均 ≥ 0.7，但部分因子的 AVE < 0.5；按 Fornell 与 Larcker（1981），AVE 低于 0.5 而 CR 高于 0.6 时聚合效度仍可接受'
    }。`,
    ...(m > 1 ? [`因子间相关系数的绝对值最大为 ${f3(maxCorr)}；${flIssues.length === 0 ? '各因子的 √AVE 均大于其与其他因子的相关（Fornell–Larcker 准则），区分效度良好' : `${flIssues.join('、')}的相关不小于其 √AVE，区分效度不足，可能测量的是相近的构念`}。`] : []),
    ...(top && top.mi >= miMin ? [`修正指数最大的是 ${label(top)}（${top.kind === 'loading' ? '交叉载荷' : '残差相关'}，MI = ${f2(top.mi)}，标准化 EPC = ${f3(top.sepcAll)}）。`] : []),
  ];
  const caveats: string[] = [];
  if (r.heywood.length > 0)
    caveats.push(`警告：${quoted(r.heywood.map((i) => r.names[i]!))}的残差方差估计为负（Heywood 情形，lavaan 同样会给出警告），说明模型设定不当或样本量不足，该解不宜直接报告；可检查该条目、合并或删除条目，或增大样本量。`);
  if (negLoad.length > 0) caveats.push(`${quoted(negLoad)}的标准化载荷为负，可能是反向计分条目未反向计分。`);
  if (lowLoad.length > 0) caveats.push(`${quoted(lowLoad)}的标准化载荷绝对值 < 0.5，对所属维度的反映较弱，可结合内容考虑修改或删除。`);
  if (specs.some((s) => s.items.length === 2)) caveats.push('有因子只含 2 个条目，其识别依赖与其他因子的相关，估计可能不稳定；每个因子最好有 3 个以上条目。');
  if (n < 200) caveats.push(`样本量（${n}）小于 200，最大似然估计的 χ² 与标准误可能不够可靠。`);
  if (fit.df > 0 && fit.pValue < 0.05 && verdict !== 'poor') caveats.push('χ² 检验显著但近似拟合指数良好：χ² 对样本量敏感，大样本时轻微的设定偏差即可显著，一般以 CFI、TLI、RMSEA、SRMR 综合判断。');
  caveats.push('最大似然估计假定条目近似多元正态、按连续变量处理；Likert 条目少于 5 级或明显偏态时，宜用稳健最大似然（MLR）或基于多分格相关的 WLSMV 估计复核（R 的 lavaan 可做）。');
  const conclusion: ReportBlock[] = [text(parts.join(''), ...caveats)];

  const sections: ToolOutput['sections'] = [
    { title: '模型拟合', blocks },
    { title: '参数估计', blocks: [...structure, pathDiagram('图1 验证性因子分析路径图（标准化解）', r)] },
    { title: '聚合效度与区分效度', blocks: validity },
    { title: '修正指数', blocks: [miBlock] },
    { title: '结论', blocks: conclusion },
  ];

  const results: ToolOutput['results'] = {
    n,
    excluded: r.excluded,
    items: p,
    factors: m,
    chi2: fit.chiSquare,
    df: fit.df,
    p: fit.df > 0 ? fit.pValue : null,
    chi2df: Number.isFinite(chi2df) ? chi2df : null,
    cfi: fit.cfi,
    tli: fit.tli,
    rmsea: fit.rmsea,
    rmseaLower: fit.rmseaCi[0],
    rmseaUpper: fit.rmseaCi[1],
    rmseaPClose: fit.df > 0 ? fit.rmseaPClose : null,
    srmr: fit.srmr,
    aic: fit.aic,
    bic: fit.bic,
    fit: verdict,
    minLoading: minStd,
    maxLoading: maxStd,
    lowLoadings: lowLoad.length,
    maxCorrelation: Number.isFinite(maxCorr) ? maxCorr : null,
    discriminantIssues: flIssues.length,
    heywood: r.heywood.length,
    modIndices: shown.length,
    topMi: top ? top.mi : null,
    topMiParam: top ? label(top) : '',
  };
  r.reliability.forEach((rel, j) => {
    results[`ave.${j + 1}`] = rel.ave;
    results[`cr.${j + 1}`] = rel.cr;
  });
  r.loadings.forEach((l) => (results[`std.${r.names[l.item]}`] = l.std));
  return { title: `验证性因子分析：${m} 个因子，${p} 个条目`, sections, results };
}
