// The interpreter's explainers for the advanced tools of group Y1 (issue 23), under their tool keys.
// Each reads the tool's own `results` and conclusion, so every number it writes is one the report shows.
import { fmt, pText, type Explanation, type ReportFacts } from '../explanation.js';

/** The report's own sentence starting with `start` (up to its full stop), or ''. */
function sentence(f: ReportFacts, start: string): string {
  const text = f.conclusionText();
  const i = text.indexOf(start);
  if (i < 0) return '';
  const j = text.indexOf('。', i);
  return j < 0 ? '' : text.slice(i, j + 1);
}

// ---------------------------------------------------------------------------------------------
// 验证性因子分析

function cfa(f: ReportFacts): Explanation {
  const n = f.num('n');
  const m = f.num('factors');
  const df = f.num('df');
  const p = f.num('p');
  const verdict = f.str('fit');
  const fitLine = `χ²(${fmt(df, 0)}) = ${fmt(f.num('chi2'), 2)}${p !== null ? `，${pText(p)}` : ''}，CFI = ${fmt(f.num('cfi'))}，TLI = ${fmt(f.num('tli'))}，RMSEA = ${fmt(f.num('rmsea'))}（90% CI ${fmt(f.num('rmseaLower'))} ~ ${fmt(f.num('rmseaUpper'))}），SRMR = ${fmt(f.num('srmr'))}`;
  const loadings = sentence(f, '各条目的标准化载荷');
  const ave = sentence(f, '各因子的 AVE');
  const corr = sentence(f, '因子间相关系数');
  const mi = sentence(f, '修正指数最大的是');
  const verdictWord = verdict === 'saturated' ? '恰好识别、拟合指数不能评价模型' : verdict === 'good' ? '拟合良好' : verdict === 'acceptable' ? '拟合可以接受' : '拟合不佳';
  const method = `按设定的 ${fmt(m, 0)} 因子结构（每个条目只属于一个因子、因子间相关）做验证性因子分析：最大似然估计，每个因子以第一个条目为标定条目，标准误来自期望信息矩阵，结果与 R 的 lavaan::cfa 一致。`;
  const numbers = [
    `纳入 ${fmt(n, 0)} 例、${fmt(f.num('items'), 0)} 个条目。拟合指数：${fitLine}。`,
    ...(loadings ? [loadings] : []),
    ...(ave ? [ave] : []),
    ...(corr ? [corr] : []),
    ...(mi ? [mi] : []),
  ];
  const conclusion =
    verdict === 'saturated'
      ? `模型恰好识别（df = 0），完美再现样本协方差，拟合指数不能检验维度结构；可依据载荷与信度、效度指标评价，或增加条目后再检验。`
      : verdict === 'good'
      ? `按 Hu 与 Bentler（1999）的标准，${fmt(m, 0)} 因子模型${verdictWord}，数据支持量表的理论维度结构。`
      : verdict === 'acceptable'
        ? `${fmt(m, 0)} 因子模型未全部达到 Hu 与 Bentler（1999）的良好拟合标准，但达到常用的可接受标准，维度结构基本得到支持。`
        : `${fmt(m, 0)} 因子模型拟合不佳，数据不支持当前设定的维度结构，应结合理论与修正指数检查条目归属。`;
  const caveats: string[] = [];
  if ((f.num('heywood') ?? 0) > 0) caveats.push('有条目的残差方差为负（Heywood 情形），该解不恰当，不宜直接报告。');
  if ((f.num('lowLoadings') ?? 0) > 0) caveats.push('有条目的标准化载荷绝对值 < 0.5，对所属维度反映较弱。');
  if ((f.num('discriminantIssues') ?? 0) > 0) caveats.push('有因子对不满足 Fornell–Larcker 准则，区分效度不足。');
  caveats.push('拟合指数的界值是经验标准，不是检验；χ² 检验对样本量敏感，大样本时轻微偏差即显著。');
  caveats.push('依据修正指数修改模型应有理论依据，并在新样本中验证，否则容易过度拟合样本。');
  const paper = `采用验证性因子分析检验量表的结构效度（lavaan 最大似然估计）。${fmt(m, 0)} 因子模型的拟合指数为 ${fitLine}，${verdictWord}（Hu 与 Bentler 1999 标准）。${loadings}${ave}${corr}`;
  const next = [
    '各维度再做信度分析（Cronbach’s α、McDonald’s ω），与 CR 一并报告。',
    '与竞争模型（如单因子模型、合并高相关的两个维度）比较 AIC/BIC 与 χ² 差异。',
    '需要比较不同人群（如男女）时，做测量不变性检验（多组 CFA）。',
  ];
  const nonsignificant =
    p !== null && p >= 0.05
      ? `χ² 检验不显著（${pText(p)}）说明模型隐含的协方差与样本协方差无显著差异，是拟合良好的证据之一，但样本量小时检验效能不足，仍需结合 CFI、RMSEA 等近似拟合指数。`
      : `χ² 检验显著${p !== null ? `（${pText(p)}）` : ''}说明模型与数据并非完全一致；大样本时几乎总是如此，一般以 CFI、TLI、RMSEA、SRMR 综合判断拟合。`;
  const effect = '标准化载荷相当于条目与因子的相关，其平方（R²）是因子解释该条目方差的比例；AVE 是一个因子平均解释其条目方差的比例，≥ 0.5 表示因子解释的方差多于测量误差。';
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
}

export const EXPLAINERS: Readonly<Record<string, (f: ReportFacts) => Explanation>> = { cfa };
