// The interpreter's explainers for the advanced tools of group D (issue 23), under their tool keys.
// Each reads the tool's own `results`, so every number it writes is one the report shows.
import { fmt, levelText, pText, significant, type Explanation, type ReportFacts } from '../explanation.js';

// ---------------------------------------------------------------------------------------------
// 中介效应

function mediation(f: ReportFacts): Explanation {
  const x = f.str('x') ?? f.param('x');
  const y = f.str('y') ?? f.param('y');
  const ms = (f.str('mediators') ?? f.param('mediators')).split('、');
  const k = ms.length;
  const level = levelText(f);
  const B = f.num('bootstrap');
  const type = f.str('mediationType');
  const covs = [f.param('covariates'), f.param('factors')].filter((v) => v !== '').join('、');
  const ci = (lo: number | null, hi: number | null) => `${level}%CI ${fmt(lo, 4)} ~ ${fmt(hi, 4)}`;
  const sigCi = (lo: number | null, hi: number | null) => lo !== null && hi !== null && (lo > 0 || hi < 0);
  const per = ms.map((m) => ({
    m,
    a: f.num(`a.${m}`),
    pA: f.num(`pA.${m}`),
    b: f.num(`b.${m}`),
    pB: f.num(`pB.${m}`),
    ind: f.num(`indirect.${m}`),
    lo: f.num(`indirectLower.${m}`),
    hi: f.num(`indirectUpper.${m}`),
  }));
  const prop = f.num('proportionMediated');
  const method =
    `用逐条路径的线性回归检验${x}是否通过${ms.join('、')}影响${y}（${k > 1 ? '平行中介' : '简单中介'}，Hayes PROCESS 模型 4${covs ? `，控制 ${covs}` : ''}）。` +
    `间接效应为 a×b，用 ${fmt(B, 0)} 次百分位 Bootstrap 置信区间检验（随机种子固定，结果可复现）；Sobel 检验作为辅助。`;
  const numbers = [
    `纳入 ${fmt(f.num('n'), 0)} 例。`,
    `总效应 c = ${fmt(f.num('c'), 4)}（${pText(f.num('pC'))}），直接效应 c′ = ${fmt(f.num('cPrime'), 4)}（${pText(f.num('pCPrime'))}）。`,
    ...per.map((e) => `${x} → ${e.m}：a = ${fmt(e.a, 4)}（${pText(e.pA)}）；${e.m} → ${y}：b = ${fmt(e.b, 4)}（${pText(e.pB)}）；间接效应 = ${fmt(e.ind, 4)}（${ci(e.lo, e.hi)}）。`),
  ];
  if (k > 1) numbers.push(`总间接效应 = ${fmt(f.num('totalIndirect'), 4)}（${ci(f.num('totalIndirectLower'), f.num('totalIndirectUpper'))}）。`);
  if (prop !== null && type === 'partial') numbers.push(`间接效应约占总效应的 ${fmt(100 * prop, 1)}%。`);
  const sigM = per.filter((e) => sigCi(e.lo, e.hi)).map((e) => e.m);
  const conclusion =
    type === 'none'
      ? `间接效应的置信区间包含 0，未发现${ms.join('、')}的中介作用。`
      : type === 'full'
        ? `${sigM.join('、') || ms.join('、')}在${x}与${y}之间起完全中介作用：间接效应显著，控制中介后直接效应不显著（${pText(f.num('pCPrime'))}）。`
        : type === 'partial'
          ? `${sigM.join('、') || ms.join('、')}在${x}与${y}之间起部分中介作用：间接效应显著，直接效应也显著（${pText(f.num('pCPrime'))}）。`
          : '直接效应与间接效应方向相反，属于遮掩效应：中介路径抵消了一部分直接作用。';
  const caveats = [
    '横断面问卷中 X、M、Y 同时测量，中介模型只说明数据与假设的因果链相符，不能证明因果方向；需要理论依据，最好有纵向或实验设计。',
    '各变量由同一份问卷测量时可能存在共同方法偏差，宜先做 Harman 单因素检验。',
    '线性回归要求残差近似正态、方差齐，变量间关系近似线性。',
    'Bootstrap 区间有随机性：同一种子结果相同，换一个种子区间的末位小数会略有变化，结论不应因此改变。',
  ];
  const paper =
    `采用 Bootstrap 法（${fmt(B, 0)} 次重抽样）检验${ms.join('、')}在${x}与${y}之间的中介作用${covs ? `（控制 ${covs}）` : ''}。结果显示，` +
    per.map((e) => `经${e.m}的间接效应为 ${fmt(e.ind, 4)}，${ci(e.lo, e.hi)}${sigCi(e.lo, e.hi) ? '，不含 0' : '，含 0'}`).join('；') +
    `；直接效应 c′ = ${fmt(f.num('cPrime'), 4)}（${pText(f.num('pCPrime'))}）。` +
    (type === 'none' ? '中介效应不显著。' : type === 'full' ? '表明存在完全中介效应。' : type === 'partial' ? `表明存在部分中介效应${prop !== null ? `，中介效应占总效应的 ${fmt(100 * prop, 1)}%` : ''}。` : '表明存在遮掩效应。');
  const next = [
    '若有理论支持，可检验链式中介（M1 → M2）或有调节的中介。',
    '用不同随机种子或更多的 Bootstrap 次数（如 10000 次）复核置信区间。',
    '报告标准化的间接效应或效应占比，便于与其他研究比较。',
  ];
  const nonsignificant =
    type === 'none'
      ? `间接效应的 ${level}% 置信区间包含 0，说明没有足够证据表明存在中介，并不证明中介不存在；样本量不足时检验力有限。`
      : `中介效应显著只说明数据与“${x} → 中介 → ${y}”的模型相符；总效应是否显著并不是检验中介的前提（Zhao 等，2010），判断以间接效应的 Bootstrap 区间为准。`;
  const effect = `间接效应 a×b 是 ${x} 每增加 1 个单位时，经由中介使 ${y} 改变的量（单位同 ${y}）；效应占比 = 间接效应 / 总效应，仅在直接效应与间接效应同向时可理解为“被中介的比例”。`;
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
}

// ---------------------------------------------------------------------------------------------
// 调节效应

function moderationCategorical(f: ReportFacts): Explanation {
  const x = f.str('x') ?? f.param('x');
  const w = f.str('w') ?? f.param('wCat');
  const y = f.str('y') ?? f.param('y');
  const level = levelText(f);
  const pI = f.num('pInteraction');
  const sig = significant(pI);
  const slopes = f.prefixed('slope.').map(([l, b]) => ({ l, b, p: f.num(`slopeP.${l}`), lo: f.num(`slopeLower.${l}`), hi: f.num(`slopeUpper.${l}`) }));
  const test = `F(${fmt(f.num('df1'), 0)}, ${fmt(f.num('df2'), 0)}) = ${fmt(f.num('fInteraction'), 3)}，${pText(pI)}，ΔR² = ${fmt(f.num('deltaRSquared'), 4)}`;
  const slopeText = slopes.map((s) => `${s.l}：B = ${fmt(s.b, 4)}（${level}%CI ${fmt(s.lo, 4)} ~ ${fmt(s.hi, 4)}，${pText(s.p)}）`);
  return {
    method: `用含交互项的线性回归检验分类变量${w}是否调节${x}对${y}的影响：${w}生成哑变量（参照类别“${f.str('reference') ?? ''}”），与${x}相乘后一起进入模型，用全部交互项的联合 F 检验判断调节是否存在，再给出每个类别内${x}的斜率。`,
    numbers: [`纳入 ${fmt(f.num('n'), 0)} 例。`, `交互项联合检验：${test}。`, ...slopeText.map((t) => `${t}。`)],
    conclusion: sig ? `${w}显著调节了${x}对${y}的影响（${pText(pI)}），各类别中${x}的斜率不同。` : `交互项不显著（${pText(pI)}），未发现${w}的调节作用。`,
    caveats: ['类别例数很少时该类斜率不稳定；横断面数据不能证明因果。', '线性回归要求残差近似正态、方差齐。'],
    paper: `以${x}为自变量、${w}为调节变量、${y}为因变量进行调节效应分析。交互项的联合检验${sig ? '显著' : '不显著'}（${test}）。各类别中${x}对${y}的斜率分别为：${slopeText.join('；')}。`,
    next: ['若类别间斜率不同，可分组报告回归结果。', '可检验有调节的中介。'],
    nonsignificant: sig ? '交互项显著只说明斜率在类别间不同，并不说明每个类别中的斜率都显著，请看表3。' : '交互项不显著表示没有足够证据说明存在调节，并不证明各类别的斜率相同；交互作用需要较大的样本量。',
    effect: `ΔR² 是交互项额外解释的${y}方差比例；各类别斜率之差即交互项系数，表示该类别与参照类别相比，${x}每增加 1 个单位对${y}影响的差别。`,
  };
}

function moderation(f: ReportFacts): Explanation {
  if (f.str('wType') === 'categorical') return moderationCategorical(f);
  const x = f.str('x') ?? f.param('x');
  const w = f.str('w') ?? f.param('w');
  const y = f.str('y') ?? f.param('y');
  const level = levelText(f);
  const pI = f.num('pInteraction');
  const sig = significant(pI);
  const covs = [f.param('covariates'), f.param('factors')].filter((v) => v !== '').join('、');
  const slope = (k: 'low' | 'mean' | 'high') => `B = ${fmt(f.num(`slope.${k}`), 4)}（${level}%CI ${fmt(f.num(`slopeLower.${k}`), 4)} ~ ${fmt(f.num(`slopeUpper.${k}`), 4)}，${pText(f.num(`slopeP.${k}`))}）`;
  const region = f.str('jnRegion');
  const lo = f.num('jnLower');
  const hi = f.num('jnUpper');
  const jn =
    region === 'all'
      ? `在${w}的任何取值下${x}的斜率都显著。`
      : region === 'none'
        ? `在${w}的任何取值下${x}的斜率都不显著。`
        : `J–N 边界为 ${fmt(lo, 3)} 与 ${fmt(hi, 3)}：${region === 'outside' ? `${w}低于 ${fmt(lo, 3)} 或高于 ${fmt(hi, 3)} ` : `${w}在 ${fmt(lo, 3)} 与 ${fmt(hi, 3)} 之间`}时${x}的斜率显著。`;
  const method =
    `用含交互项的线性回归（${y} ~ ${x} + ${w} + ${x}×${w}${covs ? ` + ${covs}` : ''}，Hayes PROCESS 模型 1）检验${w}是否调节${x}对${y}的影响${f.num('centered') === 0 ? '' : '，自变量与调节变量先均值中心化'}；` +
    `交互项显著后，用${w}均值 ±1 个标准差处的简单斜率与 Johnson–Neyman 法描述调节的形式。`;
  const numbers = [
    `纳入 ${fmt(f.num('n'), 0)} 例。`,
    `交互项 B = ${fmt(f.num('interaction'), 4)}，t = ${fmt(f.num('interactionT'), 3)}，${pText(pI)}；ΔR² = ${fmt(f.num('deltaRSquared'), 4)}，模型 R² = ${fmt(f.num('rSquared'), 4)}。`,
    `低${w}（M − 1SD）时${x}的简单斜率 ${slope('low')}。`,
    `平均${w}时 ${slope('mean')}。`,
    `高${w}（M + 1SD）时 ${slope('high')}。`,
    jn,
  ];
  const low = f.num('slope.low');
  const high = f.num('slope.high');
  const weaker = low !== null && high !== null && Math.abs(high) < Math.abs(low);
  const conclusion = sig
    ? `${w}显著调节了${x}对${y}的影响（${pText(pI)}）：${w}越高，${x}的作用越${weaker ? '弱' : '强'}。${jn}`
    : `交互项不显著（${pText(pI)}），未发现${w}的调节作用；简单斜率仅作描述。`;
  const caveats = [
    '交互作用的检验力通常较低，需要较大的样本；测量误差会进一步削弱交互效应。',
    '均值 ±1 个标准差只是惯例的取点，J–N 区间给出了斜率显著的完整范围；边界附近观测很少时结论不稳定。',
    '线性回归要求残差近似正态、方差齐；横断面数据不能证明因果。',
  ];
  const paper =
    `以${x}为自变量、${w}为调节变量、${y}为因变量${covs ? `，控制 ${covs}` : ''}进行调节效应分析。结果显示，${x}×${w}交互项${sig ? '显著' : '不显著'}（B = ${fmt(f.num('interaction'), 4)}，t = ${fmt(f.num('interactionT'), 3)}，${pText(pI)}，ΔR² = ${fmt(f.num('deltaRSquared'), 4)}）。` +
    (sig ? `简单斜率分析表明，低${w}时${x}对${y}的效应为 ${slope('low')}，高${w}时为 ${slope('high')}（图1）。${jn}` : '');
  const next = [
    '若调节变量与中介模型有关，可检验有调节的中介。',
    '报告简单斜率图与 J–N 图，并说明边界处的样本比例。',
    '用分组回归或以分类调节变量复核结论的稳健性。',
  ];
  const nonsignificant = sig
    ? `交互项显著说明${x}的斜率随${w}变化，并不说明每个${w}水平下斜率都显著，请看 J–N 区间与表3。`
    : '交互项不显著表示没有足够证据说明存在调节，并不证明调节不存在；交互作用需要的样本量通常是主效应的数倍。';
  const effect = `交互项 B 表示${w}每增加 1 个单位，${x}对${y}的斜率改变 B；ΔR² 是交互项额外解释的${y}方差比例；问卷研究中交互项的 ΔR² 通常很小，数值小并不意味着没有实际意义。`;
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
}

export const EXPLAINERS: Readonly<Record<string, (f: ReportFacts) => Explanation>> = { mediation, moderation };
