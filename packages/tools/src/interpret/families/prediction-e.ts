// The interpreter's explainers for the prediction tools of group E (issue 22), under their tool keys:
// the propensity-score tools (PSM, IPTW). Each reads the tool's own `results` and tables, so every
// number it writes is one the report shows.
import { fmt, name, type Explanation, type ReportFacts } from '../explanation.js';

const list = (xs: readonly string[], max = 6): string => (xs.length > max ? `${xs.slice(0, max).join('、')} 等` : xs.join('、'));

/** Covariate rows (by label) whose |SMD| after is at least 0.1, read from results. */
function stillImbalanced(f: ReportFacts): string[] {
  return f
    .prefixed('smdAfter.')
    .filter(([, v]) => !(Math.abs(v) < 0.1))
    .map(([k]) => name(k));
}

/** The largest |SMD| before and after and the covariates named in the balance table. */
function balance(f: ReportFacts, word: string) {
  const before = f.num('maxAbsSmdBefore');
  const after = f.num('maxAbsSmdAfter');
  const nBefore = f.num('imbalancedBefore') ?? 0;
  const bad = stillImbalanced(f);
  const top = f
    .prefixed('smdBefore.')
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]))
    .slice(0, 3)
    .map(([k, v]) => `${name(k)}（${fmt(v, 3)} → ${fmt(f.num(`smdAfter.${k}`), 3)}）`);
  const line =
    `${word}前有 ${fmt(nBefore, 0)} 个协变量（或类别）的 |SMD| ≥ 0.1，最大 |SMD| 为 ${fmt(before, 3)}；${word}后最大 |SMD| 为 ${fmt(after, 3)}` +
    (bad.length === 0 ? '，全部低于 0.1，两组在已纳入的协变量上达到均衡。' : `，${list(bad)}仍 ≥ 0.1。`);
  return { line, bad, top, after };
}

function psm(f: ReportFacts): Explanation {
  const tName = f.param('treatment');
  const tv = f.str('treatedValue') ?? '处理组';
  const n1 = f.num('treated');
  const n0 = f.num('control');
  const m1 = f.num('matchedTreated');
  const m0 = f.num('matchedControl');
  const u1 = f.num('unmatchedTreated') ?? 0;
  const ratio = f.num('ratio') ?? 1;
  const replace = f.num('replace') === 1;
  const caliper = f.num('caliper') ?? 0;
  const width = f.num('caliperWidth');
  const logit = f.str('distance') !== 'ps';
  const auc = f.num('psAuc');
  const b = balance(f, '匹配');
  const how = `1:${fmt(ratio, 0)} ${replace ? '有放回' : '无放回'}最近邻匹配（按${logit ? '倾向性评分的 logit' : '倾向性评分'}${caliper > 0 ? `，卡钳值 ${fmt(caliper, 2)} 倍标准差，即 ${fmt(width, 4)}` : '，不设卡钳'}）`;
  const method =
    `倾向性评分匹配先用 Logistic 回归估计每个研究对象属于“${tName}”=“${tv}”组的概率（倾向性评分），再为处理组每个对象挑选评分最接近的对照，使两组在已测量的混杂因素上可比；本报告采用${how}，估计处理组的平均处理效应（ATT）。` +
    '均衡性用标准化均数差（SMD）评价，与样本量无关，优于 P 值。';
  const numbers = [
    `匹配前处理组 ${fmt(n1, 0)} 例、对照组 ${fmt(n0, 0)} 例；匹配成功处理组 ${fmt(m1, 0)} 例、对照 ${fmt(m0, 0)} 例${u1 > 0 ? `，${fmt(u1, 0)} 例处理组对象未找到合适对照` : ''}。`,
    b.line,
    ...(b.top.length > 0 ? [`匹配前差别最大的是 ${b.top.join('、')}（括号内为匹配前 → 匹配后的 SMD）。`] : []),
    ...(auc !== null ? [`倾向性评分的 C 统计量为 ${fmt(auc, 3)}，反映两组基线差别的大小。`] : []),
  ];
  const conclusion =
    (b.bad.length === 0 ? '匹配后两组在所选协变量上均衡，可以在匹配后的数据中比较结局。' : `匹配后 ${list(b.bad)} 仍不均衡，比较结局时应在模型中再调整这些变量，或改进倾向性评分模型后重新匹配。`) +
    (u1 > 0 ? `由于有 ${fmt(u1, 0)} 例处理组对象未被匹配，结论只适用于与对照可比的那部分处理组患者。` : '');
  const caveats = [
    '倾向性评分只能平衡已测量的混杂因素，无法排除未测量混杂；论文中应作为局限说明，必要时做敏感性分析。',
    '均衡性请看 SMD（< 0.1），不要用匹配后的 P 值判断。',
  ];
  if (replace || ratio > 1) caveats.push('有放回或 1:k 匹配时对照的匹配权重不全为 1，后续结局分析必须按“匹配权重”加权。');
  if (u1 > 0) caveats.push(`未匹配的 ${fmt(u1, 0)} 例处理组对象通常是倾向性评分很高、缺少可比对照的人，匹配后的样本与原处理组不完全相同。`);
  const paper =
    `采用倾向性评分匹配控制混杂：以 ${[f.param('x'), f.param('factors')].filter((v) => v !== '').join('、')} 为协变量建立 Logistic 回归模型估计倾向性评分，按${how}匹配。` +
    `匹配前处理组 ${fmt(n1, 0)} 例、对照组 ${fmt(n0, 0)} 例，匹配后得到处理组 ${fmt(m1, 0)} 例、对照组 ${fmt(m0, 0)} 例。` +
    `匹配后各协变量的最大 |SMD| 为 ${fmt(b.after, 3)}${b.bad.length === 0 ? '，均小于 0.1，两组基线均衡（表3、图1）' : `，其中 ${list(b.bad)} 的 |SMD| ≥ 0.1`}。`;
  const next = [
    '在匹配后的新数据文件中比较结局：二分类结局用 Logistic 回归（可加入不均衡的协变量），生存结局用 Kaplan–Meier 曲线与 Cox 回归，按“匹配权重”加权。',
    '用逆概率加权（IPTW）做敏感性分析，比较两种方法的结论是否一致。',
    '对未测量混杂做敏感性分析（如 E 值），说明结论有多稳健。',
  ];
  const nonsignificant =
    '匹配后结局比较不显著，只说明在匹配样本中未能证明处理有效，不等于处理无效：匹配会丢弃部分研究对象、降低检验效能，应报告效应量及其置信区间。' +
    '反过来，匹配后显著也不能证明因果关系，因为未测量的混杂仍可能存在。';
  const effect = `SMD 是两组均数之差相对于标准差的大小：匹配前最大 |SMD| 为 ${fmt(f.num('maxAbsSmdBefore'), 3)}，匹配后为 ${fmt(b.after, 3)}。|SMD| < 0.1 通常视为差别可以忽略。`;
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
}

function iptw(f: ReportFacts): Explanation {
  const tName = f.param('treatment');
  const tv = f.str('treatedValue') ?? '处理组';
  const n1 = f.num('treated');
  const n0 = f.num('control');
  const ate = f.str('estimand') !== 'ATT';
  const stab = f.num('stabilize') === 1;
  const ess1 = f.num('essTreated');
  const ess0 = f.num('essControl');
  const maxW = f.num('maxWeight');
  const truncated = f.num('truncatedWeights') ?? 0;
  const b = balance(f, '加权');
  const weightWord = ate ? (stab ? '稳定化 ATE 权重' : 'ATE 权重') : 'ATT 权重';
  const method =
    `逆概率加权用倾向性评分（属于“${tName}”=“${tv}”组的概率）的倒数给每个研究对象加权，构造两组混杂因素分布相同的“伪总体”，不丢弃研究对象。本报告采用${weightWord}，估计${ate ? '全人群的平均处理效应（ATE）' : '处理组的平均处理效应（ATT）'}` +
    `${truncated > 0 ? `，并截断了 ${fmt(truncated, 0)} 个极端权重` : ''}。均衡性用加权前后的标准化均数差（SMD）评价。`;
  const numbers = [
    `处理组 ${fmt(n1, 0)} 例、对照组 ${fmt(n0, 0)} 例；加权后有效样本量分别为 ${fmt(ess1, 1)} 与 ${fmt(ess0, 1)}，最大权重 ${fmt(maxW, 3)}。`,
    b.line,
    ...(b.top.length > 0 ? [`加权前差别最大的是 ${b.top.join('、')}（括号内为加权前 → 加权后的 SMD）。`] : []),
  ];
  const conclusion =
    b.bad.length === 0 ? '加权后两组在所选协变量上均衡，可以用这些权重做加权的结局分析。' : `加权后 ${list(b.bad)} 仍不均衡，结局模型中应再调整这些变量，或改进倾向性评分模型。`;
  const caveats = [
    '倾向性评分只能平衡已测量的混杂因素，无法排除未测量混杂。',
    '加权分析的标准误要用稳健（三明治）方差估计，不能把权重当作频数。',
    '有效样本量明显小于例数或出现极大权重时，少数研究对象主导结果，可截断权重或改用匹配。',
  ];
  const paper =
    `采用逆概率加权（IPTW，${weightWord}）控制混杂，倾向性评分由 Logistic 回归估计。处理组 ${fmt(n1, 0)} 例、对照组 ${fmt(n0, 0)} 例，加权后有效样本量分别为 ${fmt(ess1, 1)} 与 ${fmt(ess0, 1)}。` +
    `加权后各协变量的最大 |SMD| 为 ${fmt(b.after, 3)}${b.bad.length === 0 ? '，均小于 0.1，两组基线均衡（表3、图1）' : `，其中 ${list(b.bad)} 的 |SMD| ≥ 0.1`}。`;
  const next = [
    '在加权后的新数据文件中按“IPTW权重”做加权的 Logistic 回归或 Cox 回归，使用稳健标准误。',
    '用倾向性评分匹配（PSM）做敏感性分析，或换用截断权重，看结论是否一致。',
    '对未测量混杂做敏感性分析（如 E 值）。',
  ];
  const nonsignificant = '加权后结局比较不显著，只说明未能证明处理有效，不等于处理无效；极端权重会增大方差、降低检验效能，应报告效应量及置信区间。加权后显著也不能证明因果关系。';
  const effect = `SMD 是两组均数之差相对于标准差的大小：加权前最大 |SMD| 为 ${fmt(f.num('maxAbsSmdBefore'), 3)}，加权后为 ${fmt(b.after, 3)}。`;
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
}

export const EXPLAINERS: Readonly<Record<string, (f: ReportFacts) => Explanation>> = { psm, iptw };
