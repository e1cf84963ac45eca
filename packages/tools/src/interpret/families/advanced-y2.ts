// The interpreter's explainers for the advanced tools of group Y2 (issue 23), under their tool keys.
// Each reads the tool's own `results`, so every number it writes is one the report holds.
import { fmt, levelText, name, pText, significant, type Explanation, type ReportFacts } from '../explanation.js';

// ---------------------------------------------------------------------------------------------
// 线性混合模型

function mixedModel(f: ReportFacts): Explanation {
  const y = f.param('y');
  const id = f.param('id');
  const time = f.param('time');
  const group = f.param('group');
  const method = f.str('method') ?? 'REML';
  const level = levelText(f);
  const n = f.num('n');
  const subjects = f.num('subjects');
  const icc = f.num('icc');
  const singular = f.num('singular') === 1;
  const pInter = f.num('pInteraction');
  const pGroup = f.num('pGroup');
  const pTime = f.num('pTime');
  const ranovaP = f.num('ranovaP');
  const slopes = f.prefixed('sdSlope.').map(([s, sd]) => ({ s, sd, r: f.num(`corSlope.${s}`) }));
  const denDf = new Map(f.prefixed('denDf.'));
  const numDf = new Map(f.prefixed('numDf.'));
  const termP = new Map(f.prefixed('termP.'));
  const terms = f.prefixed('F.').map(([t, F]) => ({ t, F, d1: numDf.get(t) ?? null, d2: denDf.get(t) ?? null, p: termP.get(t) ?? null }));
  const pOf = new Map(f.prefixed('p.'));
  const dfOf = new Map(f.prefixed('df.'));
  const coefs = f
    .prefixed('beta.')
    .filter(([k]) => k !== '截距')
    .map(([k, b]) => ({ k, b, p: pOf.get(k) ?? null, df: dfOf.get(k) ?? null, lo: f.num(`lower.${k}`), hi: f.num(`upper.${k}`) }));
  const coefText = (c: (typeof coefs)[number]) => `${name(c.k)}：β = ${fmt(c.b, 3)}（${level}%CI ${fmt(c.lo, 3)} ~ ${fmt(c.hi, 3)}），df = ${fmt(c.df, 1)}，${pText(c.p)}`;
  const sig = coefs.filter((c) => significant(c.p));
  const randomText = slopes.length > 0 ? `个体随机截距与${slopes.map((s) => name(s.s)).join('、')}的随机斜率` : '个体随机截距';

  const methodText =
    `用线性混合效应模型分析${y}的重复测量：以${id}为分组因子，设${randomText}，描述同一个体多次测量之间的相关与个体间的差异；${method} 估计，固定效应的 t 检验与Ⅲ型 F 检验用 Satterthwaite 法计算自由度（同 R 的 lme4::lmer 与 lmerTest）。` +
    '混合模型使用每个人现有的全部测量，允许失访与测量次数不同。';
  const numbers = [
    `共 ${fmt(subjects, 0)} 个个体、${fmt(n, 0)} 次测量（每人 ${fmt(f.num('minPerSubject'), 0)}–${fmt(f.num('maxPerSubject'), 0)} 次）。`,
    `个体间（随机截距）方差 ${fmt(f.num('varIntercept'), 3)}，残差方差 ${fmt(f.num('residualVariance'), 3)}；ICC = ${fmt(icc, 3)}，即结局变异中约 ${icc === null ? '—' : fmt(100 * icc, 1)}% 来自个体间差异。`,
    ...slopes.map((s) => `${name(s.s)}随机斜率的标准差为 ${fmt(s.sd, 4)}，与随机截距的相关为 ${fmt(s.r, 3)}。`),
    ...(ranovaP !== null ? [`随机斜率的似然比检验：χ² = ${fmt(f.num('ranovaChisq'), 3)}，df = ${fmt(f.num('ranovaDf'), 0)}，${pText(ranovaP)}。`] : []),
    `固定效应整体的似然比检验（ML）：χ² = ${fmt(f.num('fixedChisq'), 3)}，df = ${fmt(f.num('fixedDf'), 0)}，${pText(f.num('fixedP'))}。`,
    ...terms.map((x) => `${name(x.t)}：F(${fmt(x.d1, 0)}, ${fmt(x.d2, 1)}) = ${fmt(x.F, 3)}，${pText(x.p)}。`),
    ...sig.slice(0, 5).map((c) => `${coefText(c)}。`),
  ];
  const conclusion =
    pInter !== null
      ? significant(pInter)
        ? `${group}与${time}的交互作用有统计学意义（${pText(pInter)}）：各组${y}随时间的变化速度不同，应分组描述时间趋势，不能只看${group}的主效应。`
        : `${group}与${time}的交互作用无统计学意义（${pText(pInter)}），未发现各组随时间的变化不同${pTime !== null ? `；${time}的效应 ${pText(pTime)}` : ''}${pGroup !== null ? `，${group}的效应 ${pText(pGroup)}` : ''}。`
      : sig.length > 0
        ? `${sig.map((c) => name(c.k)).join('、')}与${y}的关联有统计学意义（见表3）。`
        : `各自变量与${y}的关联均无统计学意义。`;
  const caveats = [
    ...(singular ? ['本次为边界（奇异）拟合：某个随机效应方差估计为 0 或相关为 ±1，随机效应结构过于复杂，应简化（如去掉随机斜率）后再报告。'] : []),
    '模型假定随机效应与残差正态、残差方差齐；请看残差图有无漏斗形或弯曲趋势。',
    '缺失按随机缺失（MAR）处理：失访若与未观测到的结局有关，估计仍可能有偏，宜做敏感性分析。',
    subjects !== null && subjects < 30 ? `个体数只有 ${fmt(subjects, 0)} 个，方差成分估计不稳定，Satterthwaite 自由度较小，结论需谨慎。` : '方差成分的检验（随机斜率的似然比检验）因方差位于边界而偏保守。',
    method === 'REML' ? 'REML 的对数似然、AIC 只能比较固定效应相同的模型；固定效应不同的模型须用 ML（表6 已用 ML 重新拟合）。' : 'ML 估计的方差成分略偏小；个体数不多时报告 REML 结果更常见。',
  ];
  const paper =
    `采用线性混合效应模型（${randomText}，${method} 估计，Satterthwaite 法计算自由度）分析${y}的重复测量数据，纳入 ${fmt(subjects, 0)} 例研究对象的 ${fmt(n, 0)} 次测量。` +
    (pInter !== null ? `${group}×${time}交互作用${significant(pInter) ? '有' : '无'}统计学意义（${pText(pInter)}）。` : '') +
    (sig.length > 0 ? `${sig.slice(0, 3).map(coefText).join('；')}。` : '各自变量的效应均无统计学意义。') +
    (pInter !== null && sig.some((c) => c.k === time) ? `（模型含交互项，${time}的 β 为参照组的变化速度，交互项的 β 为两组变化速度之差。）` : '') +
    `个体间方差占总变异的 ${icc === null ? '—' : fmt(100 * icc, 1)}%（ICC = ${fmt(icc, 3)}）。`;
  const next = [
    slopes.length === 0 ? `若怀疑各人随时间的变化速度不同，可加入${time}的随机斜率，并用似然比检验比较。` : ranovaP !== null && !significant(ranovaP) ? '随机斜率不显著，可只保留随机截距重新拟合，结论更简洁。' : '随机斜率显著，报告时同时给出斜率的标准差，说明个体变化速度的离散程度。',
    pInter !== null && significant(pInter) ? '交互显著时，可在各时间点比较组间差异（简单效应），或按组分别描述斜率。' : '时间趋势可能非线性时，把时间按分类（各时间点）纳入，或加入时间的平方项。',
    '若关心人群平均效应或结局为二分类 / 计数，可用广义估计方程（GEE）作对照。',
  ];
  const nonsignificant = `P ≥ 0.05 只说明在本样本中没有足够证据证明效应存在，不等于没有效应；请结合 ${level}% 置信区间判断效应可能的大小范围。混合模型的检验效能主要取决于个体数与每人的测量次数。`;
  const effect = `β 为结局的差值（单位同${y}）：分组的 β 为两组的平均差，时间的 β 为每单位时间的平均变化，交互项的 β 为两组变化速度之差；ICC 表示同一个体两次测量的相关程度，ICC 越大，越需要按重复测量分析。`;
  return { method: methodText, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
}

export const EXPLAINERS: Readonly<Record<string, (f: ReportFacts) => Explanation>> = { 'mixed-model': mixedModel };
