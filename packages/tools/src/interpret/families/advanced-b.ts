// The interpreter's explainers for the advanced tools of group B (issue 23), under their tool keys.
// Each reads the tool's own `results` and tables, so every number it writes is one the report shows.
import { fmt, pText, significant, type Explanation, type ReportFacts } from '../explanation.js';

// ---------------------------------------------------------------------------------------------
// 信度分析

function reliability(f: ReportFacts): Explanation {
  const k = f.num('items');
  const n = f.num('n');
  const alpha = f.num('alpha');
  const omega = f.num('omega');
  const grade = f.str('grade') ?? '';
  const sb = f.num('spearmanBrownUnequal');
  const g = f.num('guttman');
  const low = f.num('lowCitc') ?? 0;
  const reversed = f.num('reversed') ?? 0;
  const raise = f
    .prefixed('alphaIfDeleted.')
    .filter(([, v]) => alpha !== null && v > alpha + 0.005)
    .map(([name, v]) => `${name}（删除后 α = ${fmt(v, 3)}）`);
  const method =
    `对 ${fmt(k, 0)} 个条目计算内部一致性信度${reversed > 0 ? `（${f.param('reverse')}先反向计分）` : ''}：Cronbach’s α 看全部条目总体上是否测量同一特质；McDonald’s ω 由单因子模型的载荷计算，不要求各条目载荷相等；分半信度把条目分成两半，看两半总分是否一致。`;
  const numbers = [
    `有效样本 ${fmt(n, 0)} 例。`,
    `Cronbach’s α = ${fmt(alpha, 3)}（${fmt(f.num('alphaLower'), 3)} ~ ${fmt(f.num('alphaUpper'), 3)}），内部一致性${grade}。`,
    ...(omega !== null ? [`McDonald’s ω = ${fmt(omega, 3)}。`] : []),
    `分半信度：Spearman–Brown 系数 ${fmt(sb, 3)}，Guttman 分半系数 ${fmt(g, 3)}。`,
    `校正的条目–总分相关为 ${fmt(f.num('minCitc'), 3)} ~ ${fmt(f.num('maxCitc'), 3)}${low > 0 ? `，有 ${fmt(low, 0)} 个条目低于 0.3` : '，均不低于 0.3'}。`,
    ...(raise.length > 0 ? [`删除后 α 升高的条目：${raise.join('、')}。`] : []),
  ];
  const conclusion = `该量表（${fmt(k, 0)} 个条目）的内部一致性${grade}（α = ${fmt(alpha, 3)}${omega !== null ? `，ω = ${fmt(omega, 3)}` : ''}）${raise.length > 0 ? '；个别条目与其余条目的一致性较差，可结合内容考虑修改或删除' : '，各条目均宜保留'}。`;
  const caveats = [
    'α 随条目数增多而升高，也假定各条目载荷相等；两者不满足时 α 可能高估或低估信度，宜同时报告 ω。',
    '信度不等于效度：条目测得一致，不代表测到了想测的构念，效度需用因子分析评价。',
  ];
  if (low > 0) caveats.push('校正条目–总分相关低于 0.3 的条目，请检查是否为未标注的反向条目、表述是否含糊。');
  const paper =
    `采用 Cronbach’s α 系数、McDonald’s ω 系数与分半信度评价量表的内部一致性。结果显示，量表的 Cronbach’s α 为 ${fmt(alpha, 3)}` +
    `${omega !== null ? `，McDonald’s ω 为 ${fmt(omega, 3)}` : ''}，Spearman–Brown 分半信度为 ${fmt(sb, 3)}，` +
    `各条目的校正条目–总分相关为 ${fmt(f.num('minCitc'), 3)} ~ ${fmt(f.num('maxCitc'), 3)}，表明量表具有${grade === '不佳' ? '较差的' : '良好的'}内部一致性。`;
  return {
    method,
    numbers,
    conclusion,
    caveats,
    paper,
    next: ['用探索性或验证性因子分析检验量表的结构效度。', '多维量表请按维度分别计算信度，并报告总量表的信度。', '如需评价跨时间的稳定性，可做重测信度（组内相关系数 ICC）。'],
    nonsignificant: `信度分析不做假设检验，不存在“显著与否”；判断看 α、ω 的大小及其置信区间的下限（本次 α 的区间下限为 ${fmt(f.num('alphaLower'), 3)}）。α 偏低时，先核对是否有漏标的反向条目，再看校正条目–总分相关低、删除后 α 升高的条目，结合条目内容修改或删除；不宜只为提高 α 而删条目，删除后应在新样本中重新评价。`,
    effect: `α = ${fmt(alpha, 3)} 可粗略理解为：总分的变异中约有这么大比例来自被测特质的真实差异，其余是测量误差。`,
  };
}

// ---------------------------------------------------------------------------------------------
// 聚类分析

function clusterAnalysis(f: ReportFacts): Explanation {
  const k = f.num('k');
  const n = f.num('n');
  const method = f.str('method') ?? 'kmeans';
  const kmeans = method === 'kmeans';
  const sil = f.num('silhouette');
  const r2 = f.num('rSquared');
  const best = f.num('bestSilhouetteK');
  const sizes = f.prefixed('size.').map(([c, v]) => `第${c}类 ${fmt(v, 0)} 例`);
  const structure = sil === null ? '' : sil > 0.5 ? '类别结构较清晰' : sil >= 0.25 ? '类别结构一般' : '类别结构不明显';
  const methodText = kmeans ? `k 均值聚类（随机种子 ${fmt(f.num('seed'), 0)}，${fmt(f.num('starts'), 0)} 个随机起点）` : `层次聚类（${method} 法）`;
  return {
    method: `用 ${f.param('x')} 对 ${fmt(n, 0)} 例研究对象做${methodText}${f.num('standardize') === 1 ? '，指标先标准化' : ''}，把指标相近的对象归为一类；类别数参考肘部图（组内平方和）与平均轮廓系数。`,
    numbers: [
      `分为 ${fmt(k, 0)} 类：${sizes.join('，')}。`,
      `类间平方和占总平方和的比例 R² = ${fmt(r2, 3)}。`,
      `平均轮廓系数 = ${fmt(sil, 3)}，${structure}。`,
      `在比较的类别数中，平均轮廓系数在 k = ${fmt(best, 0)} 时最大。`,
    ],
    conclusion: `研究对象可分为 ${fmt(k, 0)} 类（平均轮廓系数 ${fmt(sil, 3)}，${structure}）；各类的特征见表2 与图1，请结合专业知识为各类命名${best !== null && k !== null && best !== k ? `。轮廓系数提示 k = ${fmt(best, 0)} 也值得考虑` : ''}。`,
    caveats: [
      '聚类总能给出类别，不论数据中是否真有分组；类别数与方法的选择带有主观性。',
      '不宜再用方差分析的 P 值比较各类在聚类指标上的差异——类别本来就是按这些指标划分的。',
      kmeans ? 'k 均值对离群值敏感，假定各类大致呈球形；可用层次聚类（Ward 法）核对。' : '层次聚类的结果依赖于连接方法，可换用 k 均值核对类别是否稳定。',
    ],
    paper: `采用${methodText}对 ${fmt(n, 0)} 例研究对象进行聚类分析，结合肘部图与轮廓系数确定类别数为 ${fmt(k, 0)}。${sizes.join('，')}；平均轮廓系数为 ${fmt(sil, 3)}，类间平方和占总平方和的 ${fmt(r2 === null ? null : 100 * r2, 1)}%。`,
    next: ['用新数据文件中的“聚类类别”列，比较各类在结局（如发病、预后）上的差异，或把类别作为自变量纳入回归模型。', '在另一样本或用不同方法重复聚类，检验类别的稳定性与可重复性。', '若类别数不确定，比较相邻 k 的类别特征，选择专业上更有意义的划分。'],
    nonsignificant: '聚类分析不做假设检验；判断分类好坏看轮廓系数、类别大小是否合理以及类别能否在专业上解释。',
  };
}

// ---------------------------------------------------------------------------------------------
// 多重插补 MICE

function miceExplainer(f: ReportFacts): Explanation {
  const m = f.num('m');
  const n = f.num('n');
  const cc = f.num('completeCases');
  const model = f.str('model') ?? 'none';
  const terms = f.prefixed('b.').filter(([t]) => t !== '(Intercept)');
  const logistic = model === 'logistic';
  const effect = (b: number) => (logistic ? `OR = ${fmt(Math.exp(b), 3)}` : `B = ${fmt(b, 4)}`);
  const sig = terms.filter(([t]) => significant(f.num(`p.${t}`)));
  const missingVars = f.prefixed('missing.').filter(([, v]) => v > 0).map(([name, v]) => `${name} 缺失 ${fmt(v, 0)} 例`);
  const numbers = [
    `共 ${fmt(n, 0)} 例，所选变量全部完整的只有 ${fmt(cc, 0)} 例；${missingVars.join('，')}。`,
    `生成 ${fmt(m, 0)} 个插补数据集（迭代 ${fmt(f.num('iterations'), 0)} 次，随机种子 ${fmt(f.num('seed'), 0)}）。`,
    ...terms.map(([t, b]) => `${t}：合并后 ${effect(b)}，${pText(f.num(`p.${t}`))}，缺失信息比例 FMI = ${fmt(f.num(`fmi.${t}`), 3)}。`),
  ];
  const conclusion =
    model === 'none'
      ? `已生成 ${fmt(m, 0)} 个插补数据集并另存为新数据文件，可在每个数据集上分别分析后按 Rubin 规则合并。`
      : sig.length > 0
        ? `多重插补后，${sig.map(([t, b]) => `${t}（${effect(b)}，${pText(f.num(`p.${t}`))}）`).join('、')}与结局的关联有统计学意义。`
        : '多重插补后，各自变量与结局的关联均无统计学意义。';
  return {
    method: `数据有缺失，只分析完整病例会丢掉信息并可能有偏，因此用链式方程多重插补（MICE）：定量变量用预测均值匹配，分类变量用 Logistic 回归插补，生成 ${fmt(m, 0)} 个完整数据集${model === 'none' ? '' : `，在每个数据集上拟合${logistic ? ' Logistic ' : '线性'}回归，再按 Rubin 规则合并估计值与标准误`}。`,
    numbers,
    conclusion,
    caveats: [
      '多重插补假定随机缺失（MAR）：缺失与否只与已观测的变量有关；若缺失与未观测的值本身有关，结果仍可能有偏，可做敏感性分析。',
      '请先看收敛诊断图：各条链应相互交织、没有趋势；否则增加迭代次数。',
      '插补模型应包含分析模型的全部变量（含结局）。',
    ],
    paper:
      `本研究 ${fmt(n, 0)} 例中 ${fmt(cc, 0)} 例资料完整，采用链式方程多重插补（MICE，预测均值匹配/Logistic 回归插补）生成 ${fmt(m, 0)} 个插补数据集` +
      (model === 'none' ? '。' : `，分别拟合${logistic ? ' Logistic ' : '线性'}回归后按 Rubin 规则合并结果。${conclusion}`),
    next: ['比较多重插补与完整病例分析的结果（表3 右侧两列）；两者相近说明结论对缺失不敏感。', '缺失信息比例较高时，增加插补数据集个数 m，使合并结果更稳定。', '在新数据文件上按“.imp”分组做其他分析，再用 Rubin 规则合并。'],
    nonsignificant: 'P ≥ 0.05 表示合并后没有足够证据说明存在关联，不等于没有关联；多重插补保留了不完整病例的信息，通常比完整病例分析更有把握，但不能弥补样本量本身的不足。',
  };
}

export const EXPLAINERS: Readonly<Record<string, (f: ReportFacts) => Explanation>> = {
  reliability,
  'cluster-analysis': clusterAnalysis,
  mice: miceExplainer,
};
