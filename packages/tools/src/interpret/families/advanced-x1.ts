// The interpreter's explainers for the advanced tools of group X1 (issue 23), under their tool keys.
// Each reads the tool's own `results` and tables, so every number it writes is one the report shows.
import { fmt, pct, pText, significant, type Explanation, type ReportFacts } from '../explanation.js';

// ---------------------------------------------------------------------------------------------
// 判别分析 LDA

function discriminant(f: ReportFacts): Explanation {
  const group = f.param('group');
  const vars = f.param('vars');
  const n = f.num('n');
  const g = f.num('groups');
  const p = f.num('variables');
  const s = f.num('functions') ?? 1;
  const equal = f.str('prior') === 'equal';
  const acc = f.num('accuracy');
  const cv = f.num('cvAccuracy');
  const base = f.num('baseline');
  const p1 = f.num('p.1');
  const sig = f.num('significantFunctions') ?? 0;
  const test = (k: number) =>
    `Wilks' Λ = ${fmt(f.num(`wilks.${k}`), 4)}，χ² = ${fmt(f.num(`chi2.${k}`), 3)}，df = ${fmt(f.num(`df.${k}`), 0)}，${pText(f.num(`p.${k}`))}`;
  const method =
    `以 ${vars} 共 ${fmt(p, 0)} 个定量指标对已知的${group}（${fmt(g, 0)} 组）做 Fisher 线性判别分析（同 R 的 MASS::lda），先验概率${equal ? '各组相等' : '按各组样本比例'}。` +
    "判别函数是指标的线性组合，使组间差异相对组内差异最大；用 Wilks' Λ 检验判别函数，并以回代和留一法交叉验证评价分类效果。";
  const numbers = [
    `纳入 ${fmt(n, 0)} 例，得到 ${fmt(s, 0)} 个判别函数。`,
    ...Array.from({ length: s }, (_, j) => `判别函数${j + 1}：特征值 ${fmt(f.num(`eigenvalue.${j + 1}`), 4)}，典型相关系数 ${fmt(f.num(`canonicalCorrelation.${j + 1}`), 4)}；检验函数 ${j + 1} 至 ${fmt(s, 0)}：${test(j + 1)}。`),
    `回代正确率 ${pct(acc)}，留一法交叉验证正确率 ${pct(cv)}；全部判为最大组的基线正确率为 ${pct(base)}。`,
  ];
  const conclusion = significant(p1)
    ? `${vars} 能有效区分${group}的各组（${pText(p1)}），${sig < s ? `前 ${fmt(sig, 0)} 个判别函数有统计学意义，` : ''}交叉验证的正确率为 ${pct(cv)}。`
    : `判别函数无统计学意义（${pText(p1)}），所选指标不能有效区分${group}的各组；交叉验证正确率 ${pct(cv)}，与基线 ${pct(base)} 相比提升有限。`;
  const caveats: string[] = [];
  if (acc !== null && cv !== null && acc - cv > 0.05) caveats.push(`回代正确率（${pct(acc)}）明显高于交叉验证（${pct(cv)}），回代结果偏乐观，应报告交叉验证的正确率。`);
  caveats.push('线性判别分析假定各组指标服从多元正态分布、组内协方差矩阵相同；各组离散程度差别大时可改用二次判别或多分类 Logistic 回归作对照。');
  caveats.push('判别系数受指标间相关影响，某个指标系数小不代表它与分组无关；用于新样本前应在独立样本中验证。');
  const paper =
    `以${group}为分组变量，${vars} 为判别指标，采用 Fisher 线性判别分析建立判别函数（先验概率${equal ? '各组相等' : '按样本比例'}），共纳入 ${fmt(n, 0)} 例。` +
    `判别函数1的特征值为 ${fmt(f.num('eigenvalue.1'), 4)}，典型相关系数为 ${fmt(f.num('canonicalCorrelation.1'), 4)}（${test(1)}）。` +
    `回代判别正确率为 ${pct(acc)}，留一法交叉验证正确率为 ${pct(cv)}（表2–表4）。`;
  const next = [
    '查看标准化判别系数（表3），找出对区分各组贡献最大的指标，并结合专业知识解释判别函数。',
    '用独立的验证样本检验判别函数的分类效果。',
    '比较多分类（或二分类）Logistic 回归的结果，它对正态性和协方差齐性的要求更少。',
  ];
  const nonsignificant = significant(p1)
    ? "Wilks' Λ 检验显著只说明各组在这些指标上的均数向量不同，并不保证对个体的分类准确；判别效果要看交叉验证的正确率是否明显高于基线。"
    : "Wilks' Λ 不显著说明在本样本中未发现各组在这些指标上的差异，可能是指标与分组无关，也可能是样本量不足；不能据此断言各组没有差异。";
  const effect = '典型相关系数反映判别函数得分与分组的关联强度（越接近 1 区分越好），其平方为该函数解释的组间变异比例；正确率应与全部判为最大组的基线比较。';
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
}

// ---------------------------------------------------------------------------------------------
// 典型相关分析 CCA

function canonicalCorrelation(f: ReportFacts): Explanation {
  const xs = f.param('xvars');
  const ys = f.param('yvars');
  const n = f.num('n');
  const s = f.num('pairs') ?? 1;
  const sig = f.num('significantPairs') ?? 0;
  const p1 = f.num('p.1');
  const r1 = f.num('cor.1');
  const test = (k: number) =>
    `Wilks' Λ = ${fmt(f.num(`wilks.${k}`), 4)}，χ² = ${fmt(f.num(`chi2.${k}`), 3)}，df = ${fmt(f.num(`df.${k}`), 0)}，${pText(f.num(`p.${k}`))}`;
  const xRed = f.num('xRedundancy');
  const yRed = f.num('yRedundancy');
  const method =
    `用典型相关分析（同 R 的 cancor）研究第一组变量（${xs}）与第二组变量（${ys}）之间的整体相关：在两组中各找一个线性组合（典型变量），使二者的相关最大，再依次找与前面无关的第 2、3… 对。` +
    "用 Wilks' Λ 逐步检验各对典型相关，用典型载荷解释典型变量的含义，用冗余度衡量一组变量的方差能被另一组解释多少。";
  const numbers = [
    `纳入 ${fmt(n, 0)} 例，共 ${fmt(s, 0)} 对典型变量。`,
    ...Array.from({ length: s }, (_, j) => `第 ${j + 1} 对典型相关系数 ${fmt(f.num(`cor.${j + 1}`), 4)}；检验第 ${j + 1} 至 ${fmt(s, 0)} 对：${test(j + 1)}。`),
    `冗余度：第一组变量的方差被第二组典型变量解释 ${fmt(xRed === null ? null : 100 * xRed, 2)}%，第二组被第一组解释 ${fmt(yRed === null ? null : 100 * yRed, 2)}%。`,
  ];
  const conclusion = significant(p1)
    ? `两组变量之间存在相关（${pText(p1)}），前 ${fmt(sig, 0)} 对典型相关有统计学意义，第 1 对典型相关系数为 ${fmt(r1, 4)}；具体含义见典型载荷（表3）。`
    : `未发现两组变量之间存在相关（${pText(p1)}），第 1 对典型相关系数为 ${fmt(r1, 4)}。`;
  const caveats: string[] = [];
  if (n !== null && n < 10 * ((f.num('xVariables') ?? 0) + (f.num('yVariables') ?? 0))) caveats.push('样本量少于两组变量数之和的 10 倍，典型系数与载荷可能不稳定，宜在另一样本中验证。');
  caveats.push('典型相关系数描述的是两个线性组合之间的相关，可能远大于原变量之间的相关；一组变量能被另一组解释的程度要看冗余度。');
  caveats.push("χ² 检验假定多元正态；典型相关只反映线性关联，不说明因果方向。");
  const paper =
    `采用典型相关分析探讨 ${xs} 与 ${ys} 之间的关系，共纳入 ${fmt(n, 0)} 例。` +
    `第 1 对典型相关系数为 ${fmt(r1, 4)}（${test(1)}），共 ${fmt(sig, 0)} 对典型相关有统计学意义（表1）。` +
    `第一组变量的方差被第二组典型变量解释 ${fmt(xRed === null ? null : 100 * xRed, 2)}%，第二组被第一组解释 ${fmt(yRed === null ? null : 100 * yRed, 2)}%（表4）。`;
  const next = [
    '结合典型载荷（表3）为有统计学意义的典型变量命名，说明两组变量中哪些指标一起变化。',
    '若关心某一组对另一组具体变量的预测，可做多元回归（以一组变量为自变量，逐个分析另一组变量）。',
    '在独立样本中验证典型结构是否稳定。',
  ];
  const nonsignificant = significant(p1)
    ? "Wilks' Λ 显著只说明两组变量之间存在某种线性关联，不说明关联的强弱足以用一组预测另一组；应结合冗余度和专业意义判断。"
    : '检验不显著可能是两组变量确实无关，也可能是样本量不足或关联为非线性；不能据此断言两组变量无关。';
  const effect = '典型相关系数的平方是一对典型变量共享的方差比例；冗余度是一组变量的总方差能被另一组典型变量解释的比例，更贴近“能解释多少”。';
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
}

export const EXPLAINERS: Readonly<Record<string, (f: ReportFacts) => Explanation>> = { discriminant, 'canonical-correlation': canonicalCorrelation };
