// The interpreter's explainers for the advanced tools of group E (issue 23), under their tool keys.
// Each reads the tool's own `results`, so every number it writes is one the report holds.
import { fmt, levelText, name, pText, significant, type Explanation, type ReportFacts } from '../explanation.js';

// ---------------------------------------------------------------------------------------------
// 广义估计方程 GEE

function gee(f: ReportFacts): Explanation {
  const type = f.str('outcomeType') ?? 'continuous';
  const ratio = type === 'binary' ? 'OR' : type === 'count' ? 'RR' : null;
  const corr = f.str('correlation') ?? 'exchangeable';
  const corrName = corr === 'ar1' ? '一阶自回归 AR(1)' : corr === 'independence' ? '独立' : '可交换';
  const modelName = type === 'binary' ? 'Logistic（logit 联系）' : type === 'count' ? 'Poisson（log 联系）' : '线性（恒等联系）';
  const y = f.param('y');
  const time = f.param('time');
  const group = f.param('group');
  const level = levelText(f);
  const n = f.num('n');
  const clusters = f.num('clusters');
  const alpha = f.num('alpha');
  const scale = f.num('scale');
  const pInter = f.num('pInteraction');
  const pGroup = f.num('pGroup');
  const pTime = f.num('pTime');
  const termP = new Map(f.prefixed('termP.'));
  const termDf = new Map(f.prefixed('termDf.'));
  const terms = f.prefixed('termWald.').map(([t, w]) => ({ t, w, df: termDf.get(t) ?? null, p: termP.get(t) ?? null }));
  const termLine = (x: (typeof terms)[number]) => `${name(x.t)}：Wald χ² = ${fmt(x.w, 3)}，df = ${fmt(x.df, 0)}，${pText(x.p)}`;
  const pOf = new Map(f.prefixed('p.'));
  const coefs = f
    .prefixed('beta.')
    .filter(([k]) => k !== '截距')
    .map(([k, b]) => ({ k, b, p: pOf.get(k) ?? null, r: ratio ? f.num(`${ratio.toLowerCase()}.${k}`) : null, lo: f.num(ratio ? `${ratio.toLowerCase()}Lower.${k}` : `lower.${k}`), hi: f.num(ratio ? `${ratio.toLowerCase()}Upper.${k}` : `upper.${k}`) }));
  const coefText = (c: (typeof coefs)[number]) =>
    ratio
      ? `${name(c.k)}：${ratio} = ${fmt(c.r, 3)}（${level}%CI ${fmt(c.lo, 3)} ~ ${fmt(c.hi, 3)}），${pText(c.p)}`
      : `${name(c.k)}：β = ${fmt(c.b, 3)}（${level}%CI ${fmt(c.lo, 3)} ~ ${fmt(c.hi, 3)}），${pText(c.p)}`;
  const sig = coefs.filter((c) => significant(c.p));

  const method =
    `用广义估计方程（GEE，${modelName}）分析${y}的重复测量：同一个体（${f.param('id')}）的多次测量以${corrName}工作相关结构处理组内相关，系数的标准误用稳健（三明治）估计，检验为 Wald χ²（同 R 的 geepack::geeglm）。` +
    `GEE 估计人群平均效应，允许各人测量次数不同。`;
  const numbers = [
    `共 ${fmt(clusters, 0)} 个个体、${fmt(n, 0)} 次测量（每人 ${fmt(f.num('minClusterSize'), 0)}–${fmt(f.num('maxClusterSize'), 0)} 次）。`,
    ...(alpha !== null ? [`工作相关系数 α = ${fmt(alpha, 3)}：${corr === 'ar1' ? '相邻两个时间点测量的相关' : '同一个体任意两次测量的相关'}${Math.abs(alpha) >= 0.3 ? '较强，必须按重复测量处理' : '较弱'}。`] : []),
    `尺度参数 φ = ${fmt(scale, 3)}${type === 'continuous' ? '（残差方差）' : scale !== null && scale > 1.5 ? '，明显大于 1，提示过度离散（稳健标准误已校正）' : ''}；QIC = ${fmt(f.num('qic'), 2)}。`,
    ...terms.map((x) => `${termLine(x)}。`),
    ...sig.slice(0, 5).map((c) => `${coefText(c)}。`),
  ];
  const conclusion =
    pInter !== null
      ? significant(pInter)
        ? `${group}与${time}的交互作用有统计学意义（${pText(pInter)}）：各组${y}随时间的变化不同，应分组描述时间趋势，不能只看${group}的主效应。`
        : `${group}与${time}的交互作用无统计学意义（${pText(pInter)}），未发现各组随时间的变化不同；${pGroup !== null ? `${group}的主效应 ${pText(pGroup)}` : ''}${pTime !== null ? `，${time}的效应 ${pText(pTime)}` : ''}。`
      : sig.length > 0
        ? `${sig.map((c) => name(c.k)).join('、')}与${y}的关联有统计学意义（见表3）。`
        : `各自变量与${y}的关联均无统计学意义。`;
  const caveats = [
    'GEE 给出的是人群平均（边际）效应，不是个体内的变化；需要个体水平效应或随机斜率时用线性混合模型。',
    clusters !== null && clusters < 40 ? `个体数只有 ${fmt(clusters, 0)} 个，稳健标准误可能偏小、P 值偏乐观，宜做小样本校正或谨慎解释。` : '稳健标准误在个体数较多时可靠；个体数很少时会偏小。',
    'GEE 要求缺失为完全随机缺失（MCAR）；若失访与病情有关，可考虑加权 GEE、多重插补或混合模型作敏感性分析。',
    '工作相关结构选错时系数仍一致、稳健标准误仍有效，但效率下降；可用 QIC 比较不同结构（越小越好）。',
  ];
  const paper =
    `采用广义估计方程（GEE，${modelName}，${corrName}工作相关结构，稳健标准误）分析${y}的重复测量数据，纳入 ${fmt(clusters, 0)} 例研究对象的 ${fmt(n, 0)} 次测量。` +
    (pInter !== null ? `${group}×${time}交互作用${significant(pInter) ? '有' : '无'}统计学意义（${pText(pInter)}）。` : '') +
    (sig.length > 0 ? `${sig.slice(0, 3).map(coefText).join('；')}。` : '各自变量的效应均无统计学意义。') +
    (alpha !== null ? `组内相关系数 α = ${fmt(alpha, 3)}。` : '');
  const next = [
    '换用其他工作相关结构（可交换 / AR(1) / 独立）重新拟合，比较 QIC 并确认结论稳健。',
    pInter !== null && significant(pInter) ? '交互显著时，按组分别拟合或在各时间点比较组间差异（简单效应）。' : '若关心个体随时间的变化轨迹，可用线性混合模型（随机截距与斜率）作对照。',
    '检查失访者与完成者的基线特征，评估缺失机制；必要时做多重插补的敏感性分析。',
  ];
  const nonsignificant = `P ≥ 0.05 只说明在本样本中没有足够证据证明效应存在，不等于没有效应；请结合 ${level}% 置信区间判断效应可能的大小范围。GEE 的检验效能取决于个体数而不是测量总次数。`;
  const effect = ratio
    ? `${ratio} 是人群平均的${ratio === 'OR' ? '比值比' : '率比'}：大于 1 表示平均而言${ratio === 'OR' ? '结局发生的比值' : '事件发生率'}更高，小于 1 表示更低；时间的 ${ratio} 为每增加一个时间单位的变化倍数。`
    : `β 为平均结局的差值（单位同${y}）：分组的 β 为两组平均差，时间的 β 为每单位时间的平均变化，交互项的 β 为两组变化速度之差。`;
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
}

export const EXPLAINERS: Readonly<Record<string, (f: ReportFacts) => Explanation>> = { gee };
