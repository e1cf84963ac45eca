// Explainers of the diagnostic family (issue 17): ROC curves of continuous markers and the
// evaluation of a binary test against a gold standard. Every number is read from the report.
import { cellP, ciText, fmt, levelText, name, pct, pctCiText, pText, significant, type Cell, type Explanation, type ReportFacts } from '../explanation.js';

/** "（95%CI a ~ b）" at the report's level, or '' when a bound is missing. */
const ci = (f: ReportFacts, lo: number | null, hi: number | null, digits = 3): string => ciText(lo, hi, digits, levelText(f));

/** A P value as a table prints it ('0.054', '<0.001') back to journal style; null when the cell holds none. */
function pCell(c: Cell | undefined): { text: string; sig: boolean } | null {
  const v = cellP(c);
  if (v === null) return null;
  const s = String(c).trim();
  return { text: typeof c === 'number' ? pText(c) : s.startsWith('<') ? 'P < 0.001' : `P = ${s}`, sig: v < 0.05 };
}

/** A cut-off as the data print it (six significant digits). */
const plain = (x: number): string => String(Number(x.toPrecision(6)));

// ---------------------------------------------------------------------------------------------
// ROC 曲线

interface Marker {
  label: string;
  auc: number;
  lower: number | null;
  upper: number | null;
  p: number | null;
  se: number | null;
  /** '<': higher values lean positive (above the cut-off is positive); '>': lower values do. */
  higher: boolean;
  cutoff: number | null;
  youden: number | null;
  sensitivity: number | null;
  specificity: number | null;
  ppv: number | null;
  npv: number | null;
}

/** The usual reading of an AUC (0.5 chance, 0.7 acceptable, 0.8 good, 0.9 excellent). */
function aucReading(auc: number): string {
  if (auc >= 0.9) return '区分能力优秀';
  if (auc >= 0.8) return '区分能力较好';
  if (auc >= 0.7) return '区分能力尚可';
  if (auc > 0.5) return '区分能力较弱';
  return '没有区分能力（不优于随机判断）';
}

function markersOf(f: ReportFacts): Marker[] {
  return f.prefixed('auc.').map(([m, auc]) => ({
    label: name(m),
    auc,
    lower: f.num(`ciLower.${m}`),
    upper: f.num(`ciUpper.${m}`),
    p: f.num(`p.${m}`),
    se: f.num(`se.${m}`),
    higher: f.report.results[`direction.${m}`] !== '>',
    cutoff: f.num(`cutoff.${m}`),
    youden: f.num(`youden.${m}`),
    sensitivity: f.num(`sensitivity.${m}`),
    specificity: f.num(`specificity.${m}`),
    ppv: f.num(`ppv.${m}`),
    npv: f.num(`npv.${m}`),
  }));
}

interface Comparison {
  a: string;
  b: string;
  difference: number | null;
  z: number | null;
  p: number | null;
  lower: number | null;
  upper: number | null;
  holm: { text: string; sig: boolean } | null;
}

function comparisonsOf(f: ReportFacts): Comparison[] {
  const rows = f.rows('AUC 两两比较');
  return f.prefixed('compareDifference.').map(([key]) => {
    const [a = key, b = ''] = key.split(' vs ');
    const row = rows.find((r) => r[0] === key);
    return {
      a: name(a),
      b: name(b),
      difference: f.num(`compareDifference.${key}`),
      z: f.num(`compareZ.${key}`),
      p: f.num(`compareP.${key}`),
      lower: f.num(`compareLower.${key}`),
      upper: f.num(`compareUpper.${key}`),
      holm: pCell(row?.[7]),
    };
  });
}

function rocCurve(f: ReportFacts): Explanation {
  const outcome = f.param('outcome') || '结局';
  const positive = f.str('positive') ?? '阳性';
  const negative = f.str('negative') ?? '阴性';
  const nPos = f.num('nPositive');
  const nNeg = f.num('nNegative');
  const excluded = f.num('excluded');
  const markers = markersOf(f);
  const comps = comparisonsOf(f);
  const auto = f.report.parameters.direction === 'auto' || f.report.parameters.direction === undefined;
  const many = markers.length > 1;
  const best = markers.reduce<Marker | null>((b, m) => (b === null || m.auc > b.auc ? m : b), null);
  const sampleText = `阳性（${positive}）${nPos ?? '—'} 例、阴性（${negative}）${nNeg ?? '—'} 例`;
  const rule = (m: Marker) => (m.higher ? '高于' : '低于');
  const sig = (m: Marker) => significant(m.p);

  const method =
    `以${outcome}为金标准结局（${sampleText}），用 ROC 曲线评价${markers.map((m) => m.label).join('、')}区分两类对象的能力。` +
    'ROC 曲线把每个可能截断值下的灵敏度与“1 − 特异度”连成曲线，曲线下面积（AUC）概括指标在所有截断值上的整体区分能力，不依赖某一个截断值；' +
    'AUC 的标准误、置信区间和与 0.5 比较的 P 值按 DeLong 非参数法计算，不要求指标服从正态分布，连续或有序的指标都适用。' +
    '最佳截断值取约登指数（灵敏度 + 特异度 − 1）最大的点。' +
    (auto ? '判定方向按阳性组与阴性组的中位数自动判断。' : `判定方向由用户指定（${f.report.parameters.direction === 'lower' ? '指标越低越倾向阳性' : '指标越高越倾向阳性'}）。`) +
    (comps.length > 0 ? '多个指标在同一批对象上测得，AUC 之间用配对 DeLong 检验两两比较，并给出 Holm 校正的 P 值以控制多重比较。' : many ? '本次未做 AUC 的两两比较。' : '');

  const numbers: string[] = [`分析样本：${sampleText}${excluded ? `，另有 ${excluded} 行因缺失被排除` : ''}。`];
  for (const m of markers) {
    numbers.push(
      `${m.label}：AUC = ${fmt(m.auc, 3)}${ci(f, m.lower, m.upper)}，与 0.5（无区分能力）比较 ${pText(m.p)}；${aucReading(m.auc)}。`,
    );
    if (m.cutoff !== null)
      numbers.push(
        `${m.label}的最佳截断值为 ${plain(m.cutoff)}（${rule(m)}该值判为阳性），约登指数 ${fmt(m.youden, 3)}，此时灵敏度 ${pct(m.sensitivity)}、特异度 ${pct(m.specificity)}` +
          (m.ppv !== null && m.npv !== null ? `，阳性预测值 ${pct(m.ppv)}、阴性预测值 ${pct(m.npv)}（按本样本患病率）` : '') +
          '。',
      );
  }
  for (const c of comps) {
    if (c.p === null) {
      numbers.push(`${c.a} vs ${c.b}：两个 AUC 的差值方差为 0，无法检验。`);
      continue;
    }
    numbers.push(
      `${c.a} vs ${c.b}：AUC 差值（前者 − 后者）${fmt(c.difference, 3)}${ci(f, c.lower, c.upper)}，Z = ${fmt(c.z, 3)}，${pText(c.p)}${c.holm ? `，Holm 校正后 ${c.holm.text}` : ''}。`,
    );
  }

  // Conclusion: each marker in words, then which is best and whether the difference holds up.
  const parts: string[] = markers.map((m) =>
    sig(m)
      ? `${m.label}对${outcome}（${positive}）有区分能力（AUC ${fmt(m.auc, 3)}，${aucReading(m.auc)}），${m.higher ? '数值越高' : '数值越低'}越倾向${positive}`
      : `${m.label}的 AUC（${fmt(m.auc, 3)}）与 0.5 的差异无统计学意义，尚不能认为它能区分${positive}与${negative}`,
  );
  let conclusion = parts.join('；') + '。';
  if (many && best) {
    const sigComps = comps.filter((c) => significant(c.p));
    conclusion += `各指标中${best.label}的 AUC 最大。`;
    if (comps.length > 0)
      conclusion +=
        sigComps.length === 0
          ? 'DeLong 检验未发现各指标 AUC 之间有统计学意义的差异，现有数据不足以说明哪个指标更好。'
          : `DeLong 检验中未校正 P < 0.05 的比较：${sigComps
              .map((c) => {
                const [hi, lo] = (c.difference ?? 0) > 0 ? [c.a, c.b] : [c.b, c.a];
                return `${hi}的 AUC 高于${lo}（${pText(c.p)}${c.holm ? (c.holm.sig ? `，Holm 校正后 ${c.holm.text}，仍有统计学意义` : `，但 Holm 校正后 ${c.holm.text}，不再有统计学意义`) : ''}）`;
              })
              .join('；')}。`;
  }

  const caveats: string[] = [];
  if ((nPos !== null && nPos < 10) || (nNeg !== null && nNeg < 10)) caveats.push('阳性或阴性例数少于 10，AUC 的置信区间不可靠，最佳截断值很不稳定。');
  for (const m of markers) {
    if (m.auc < 0.5) caveats.push(`${m.label}的 AUC 小于 0.5，说明所设判定方向与数据相反；应改为相反方向或自动判断后再解读。`);
    if (m.se === 0) caveats.push(`${m.label}把两组完全分开，DeLong 标准误为 0，置信区间与 P 值不可靠；请核对它是否由结局本身派生（信息泄漏）。`);
    else if (m.lower !== null && m.lower <= 0.5 && m.auc > 0.5) caveats.push(`${m.label}的 AUC 置信区间下限未超过 0.5，区分能力的证据较弱。`);
  }
  const lower = markers.filter((m) => !m.higher);
  if (lower.length > 0 && auto) caveats.push(`${lower.map((m) => m.label).join('、')}按自动判断为“越低越倾向阳性”，请确认这与专业常识一致。`);
  if (excluded) caveats.push(`${excluded} 行因结局或任一指标缺失被排除（列表删除）；若缺失与病情有关，结果可能有偏。`);
  if (comps.some((c) => significant(c.p) && c.holm && !c.holm.sig)) caveats.push('部分两两比较未校正时 P < 0.05，但 Holm 校正后不再显著，写作时应报告校正后的结论。');
  caveats.push('最佳截断值在同一样本中选出并评价，灵敏度、特异度存在乐观偏倚，需在独立样本中验证；阳性、阴性预测值依赖本样本的患病率，不能直接外推到患病率不同的人群。');

  const paperMarkers = markers.map(
    (m) =>
      `${m.label}的 ROC 曲线下面积（AUC）为 ${fmt(m.auc, 3)}${ci(f, m.lower, m.upper)}，${pText(m.p)}` +
      (m.cutoff !== null ? `，以约登指数确定的最佳截断值为 ${plain(m.cutoff)}，对应的灵敏度为 ${pct(m.sensitivity)}，特异度为 ${pct(m.specificity)}` : ''),
  );
  const paperComps = comps
    .filter((c) => c.p !== null)
    .map((c) => `${c.a}与${c.b}的 AUC 差异${(c.holm ? c.holm.sig : significant(c.p)) ? '有' : '无'}统计学意义（Z = ${fmt(c.z, 3)}，${pText(c.p)}${c.holm ? `，Holm 校正后 ${c.holm.text}` : ''}）`);
  const paper =
    `以${outcome}为结局（${sampleText}）绘制 ROC 曲线。${paperMarkers.join('；')}。` +
    (paperComps.length > 0 ? `配对 DeLong 检验显示，${paperComps.join('，')}。` : '') +
    '（方法部分注明：AUC 的置信区间采用 DeLong 法，最佳截断值按约登指数确定。）';

  const next = [
    '在独立的验证队列（或用 bootstrap、交叉验证）中检验最佳截断值下的灵敏度与特异度，校正乐观偏倚。',
    '把截断值转换为阳性/阴性后，用“诊断试验评价”给出灵敏度、特异度、似然比及其置信区间，并按目标人群的患病率换算预测值。',
    many
      ? '考虑用 Logistic 回归把多个指标联合成一个预测概率，再对预测概率绘制 ROC 曲线，看联合后 AUC 是否提高。'
      : '若还有其他候选指标，可在同一批对象上一起分析，用配对 DeLong 检验比较 AUC。',
    '按 STARD 指南报告研究对象的纳入方式、金标准与盲法，说明疾病谱，便于读者判断结果能否推广。',
  ];

  const anyNs = markers.some((m) => !sig(m));
  const nonsignificant = anyNs
    ? `AUC 与 0.5 比较 P ≥ 0.05（${markers
        .filter((m) => !sig(m))
        .map((m) => m.label)
        .join('、')}）表示现有样本不能证明该指标优于随机判断，并不等于证明它没有诊断价值：样本小时置信区间很宽，可能同时包含 0.5 与较高的 AUC。两个 AUC 的 DeLong 比较不显著，也只是说明差异未被证实，不能据此认为两个指标等效。`
    : `各指标的 AUC 与 0.5 的差异都有统计学意义，但这只说明它们优于随机判断；AUC 在 0.7 以下的指标即使 P 很小，单独用于诊断的价值也有限。应看 AUC 的大小与置信区间下限，并在独立样本中验证截断值。` +
      (comps.length > 0 ? '两个 AUC 比较不显著时，同样不能据此认为两个指标等效。' : '');

  const effect = best
    ? `AUC 可以理解为：随机抽取一名${positive}者和一名${negative}者，指标把两人正确排序的概率。${best.label}的 AUC 为 ${fmt(best.auc, 3)}，即约 ${pct(best.auc)} 的配对中${positive}者的指标更偏向阳性。` +
      '常用的经验标准：0.5 为无区分能力，0.7 ~ 0.8 尚可，0.8 ~ 0.9 较好，0.9 以上优秀。约登指数反映最佳截断值处灵敏度与特异度的综合，取值 0 ~ 1，越大越好。'
    : undefined;

  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, ...(effect ? { effect } : {}) };
}

// ---------------------------------------------------------------------------------------------
// 诊断试验评价

/** What a positive likelihood ratio does to the odds of disease (the usual 2 / 5 / 10 bands). */
function lrPositiveReading(lr: number): string {
  if (lr > 10) return '大于 10，试验阳性能大幅提高患病可能，对确诊很有帮助';
  if (lr > 5) return '在 5 ~ 10 之间，试验阳性能中等程度地提高患病可能';
  if (lr > 2) return '在 2 ~ 5 之间，试验阳性只能小幅提高患病可能';
  if (lr > 1) return '在 1 ~ 2 之间，试验阳性几乎不改变患病可能';
  return '不大于 1，试验阳性不提示患病';
}

/** What a negative likelihood ratio does (the usual 0.1 / 0.2 / 0.5 bands). */
function lrNegativeReading(lr: number): string {
  if (lr < 0.1) return '小于 0.1，试验阴性能大幅降低患病可能，对排除诊断很有帮助';
  if (lr < 0.2) return '在 0.1 ~ 0.2 之间，试验阴性能中等程度地降低患病可能';
  if (lr < 0.5) return '在 0.2 ~ 0.5 之间，试验阴性只能小幅降低患病可能';
  if (lr < 1) return '在 0.5 ~ 1 之间，试验阴性几乎不改变患病可能';
  return '不小于 1，试验阴性不提示未患病';
}

function diagnosticTest(f: ReportFacts): Explanation {
  const test = f.param('test') || '待评价试验';
  const gold = f.param('gold') || '金标准';
  const goldPos = f.str('goldPositive') ?? '阳性';
  const testPos = f.str('testPositive') ?? '阳性';
  const tp = f.num('tp');
  const fp = f.num('fp');
  const fn = f.num('fn');
  const tn = f.num('tn');
  const n = f.num('n');
  const excluded = f.num('excluded');
  const total = f.rows('四格表').find((r) => r[0] === '合计');
  const d1 = typeof total?.[1] === 'number' ? total[1] : null;
  const d0 = typeof total?.[2] === 'number' ? total[2] : null;
  const wilson = f.report.results.ciMethod === 'wilson';
  const v = (k: string) => f.num(k);
  const prop = (k: string) => `${pct(v(k))}${pctCiText(v(`${k}Lower`), v(`${k}Upper`), levelText(f))}`;
  const lrPos = v('lrPositive');
  const lrNeg = v('lrNegative');
  const youden = v('youden');
  const dor = v('dor');
  const sens = v('sensitivity');
  const spec = v('specificity');
  const given = v('givenPrevalence');

  const method =
    `以${gold}为金标准（阳性取值“${goldPos}”），评价二分类试验${test}（阳性取值“${testPos}”）的诊断准确性。` +
    '把每个对象按试验结果与金标准结果归入四格表（真阳性 a、假阳性 b、假阴性 c、真阴性 d），由此计算灵敏度、特异度、预测值、准确度、似然比、约登指数与诊断比值比。' +
    `比例的置信区间用${wilson ? ' Wilson 计分法（样本较大时区间更贴近名义水平）' : ' Clopper-Pearson 精确法（基于二项分布，小样本时也保证覆盖率，偏保守）'}，似然比与诊断比值比用对数法，与 R 的 epiR::epi.tests 一致。` +
    '这类分析不做假设检验，结论看各指标的估计值及其置信区间。';

  const numbers: string[] = [];
  if (tp !== null && fp !== null && fn !== null && tn !== null)
    numbers.push(
      `四格表：真阳性 a = ${tp}，假阳性 b = ${fp}，假阴性 c = ${fn}，真阴性 d = ${tn}，共 ${n ?? '—'} 例` +
        (d1 !== null && d0 !== null ? `（金标准阳性 ${d1} 例、阴性 ${d0} 例）` : '') +
        (excluded ? `；${excluded} 行因缺失被排除` : '') +
        '。',
    );
  numbers.push(`灵敏度 ${prop('sensitivity')}：金标准阳性者中试验阳性的比例，越高越不容易漏诊。`);
  numbers.push(`特异度 ${prop('specificity')}：金标准阴性者中试验阴性的比例，越高越不容易误诊。`);
  numbers.push(`阳性预测值 ${prop('ppv')}、阴性预测值 ${prop('npv')}：试验阳性者真正患病、试验阴性者真正未患病的比例（按本样本患病率 ${pct(v('prevalence'))}）。`);
  numbers.push(`准确度 ${prop('accuracy')}：判断正确的对象所占比例。`);
  numbers.push(
    lrPos !== null
      ? `阳性似然比 ${fmt(lrPos, 2)}${ci(f, v('lrPositiveLower'), v('lrPositiveUpper'), 2)}：${lrPositiveReading(lrPos)}。`
      : '阳性似然比无法给出有限值（无假阳性或无真阳性，见表2注释）。',
  );
  numbers.push(
    lrNeg !== null
      ? `阴性似然比 ${fmt(lrNeg, 2)}${ci(f, v('lrNegativeLower'), v('lrNegativeUpper'), 2)}：${lrNegativeReading(lrNeg)}。`
      : '阴性似然比无法给出有限值（无真阴性或无假阴性，见表2注释）。',
  );
  if (youden !== null) numbers.push(`约登指数 ${fmt(youden, 3)}${ci(f, v('youdenLower'), v('youdenUpper'))}：灵敏度与特异度的综合，0 表示无诊断价值，1 表示完美。`);
  numbers.push(dor !== null ? `诊断比值比 ${fmt(dor, 2)}${ci(f, v('dorLower'), v('dorUpper'), 2)}：试验阳性的比值在患病者中是未患病者的多少倍，1 表示无区分能力。` : '诊断比值比无法给出有限值（四格表有零格）。');
  if (given !== null)
    numbers.push(
      `按目标人群患病率 ${pct(given)} 换算：阳性预测值 ${prop('ppvAtPrevalence')}，阴性预测值 ${prop('npvAtPrevalence')}。`,
    );

  const strongIn = lrPos !== null && lrPos > 10;
  const strongOut = lrNeg !== null && lrNeg < 0.1;
  const conclusion =
    `以${gold}为金标准，${test}的灵敏度为 ${pct(sens)}、特异度为 ${pct(spec)}：` +
    (sens !== null && spec !== null
      ? sens >= spec
        ? '灵敏度不低于特异度，漏诊相对较少、误诊相对较多，阴性结果相对更有助于排除。'
        : '特异度高于灵敏度，误诊相对较少、漏诊相对较多，阳性结果相对更可信，阴性结果不宜单独用于排除。'
      : '') +
    (strongIn || strongOut
      ? `${strongIn ? '阳性似然比大于 10，阳性结果对确诊有较大价值' : ''}${strongIn && strongOut ? '；' : ''}${strongOut ? '阴性似然比小于 0.1，阴性结果对排除诊断有较大价值' : ''}。`
      : (lrPos !== null && lrPos > 2) || (lrNeg !== null && lrNeg < 0.5)
        ? '似然比提示该试验对诊断有一定帮助，但单用不足以确诊或排除，需结合临床信息与其他检查。'
        : '似然比接近 1，该试验单独使用对诊断的帮助有限。') +
    (youden !== null && youden < 0 ? '约登指数为负，试验阳性反而多见于金标准阴性者，请先核对阳性取值是否设反。' : '');

  const caveats: string[] = [];
  if ((d1 !== null && d1 < 10) || (d0 !== null && d0 < 10)) caveats.push(`金标准阳性或阴性例数少于 10（阳性 ${d1 ?? '—'} 例、阴性 ${d0 ?? '—'} 例），各指标的置信区间较宽，估计不稳定。`);
  if ([tp, fp, fn, tn].some((x) => x === 0)) caveats.push('四格表中有零格：比例的精确区间仍然有效，但似然比或诊断比值比可能为无穷大或无法给出区间。');
  if (youden !== null && youden < 0) caveats.push('约登指数为负：请核对金标准与试验的阳性取值是否设置正确。');
  if (excluded) caveats.push(`${excluded} 行因试验结果或金标准缺失被排除；若缺失者多为未做金标准检查的对象（部分验证偏倚），灵敏度可能被高估。`);
  caveats.push(
    `预测值和准确度随患病率变化：本样本患病率为 ${pct(v('prevalence'))}，只有当它代表目标人群时预测值才能直接外推${given === null ? '；可打开“按患病率换算预测值”查看目标人群中的预测值' : ''}。`,
  );
  caveats.push('灵敏度与特异度依赖研究对象的疾病谱：只纳入典型病例和健康对照（病例–对照式抽样）会高估诊断准确性。');

  const paper =
    `以${gold}为金标准，${test}诊断${goldPos}的灵敏度为 ${prop('sensitivity')}，特异度为 ${prop('specificity')}，` +
    `阳性预测值为 ${prop('ppv')}，阴性预测值为 ${prop('npv')}，准确度为 ${prop('accuracy')}` +
    (lrPos !== null ? `；阳性似然比为 ${fmt(lrPos, 2)}${ci(f, v('lrPositiveLower'), v('lrPositiveUpper'), 2)}` : '') +
    (lrNeg !== null ? `，阴性似然比为 ${fmt(lrNeg, 2)}${ci(f, v('lrNegativeLower'), v('lrNegativeUpper'), 2)}` : '') +
    (youden !== null ? `，约登指数为 ${fmt(youden, 3)}` : '') +
    `。（比例的置信区间采用${wilson ? ' Wilson 法' : ' Clopper-Pearson 精确法'}。）`;

  const next = [
    '若该二分类结果由连续指标按截断值得到，用“ROC 曲线”评价整个指标的 AUC，并说明截断值的来源。',
    given === null ? '按目标人群（如门诊筛查人群）的患病率换算阳性、阴性预测值，说明结果在实际使用场景中的意义。' : '比较不同患病率下的预测值，说明试验在筛查人群与专科人群中的适用性差异。',
    '同一批对象做了两种试验时，可用配对设计的 McNemar 检验比较两者的灵敏度（或特异度）。',
    '按 STARD 指南报告研究对象的来源、金标准与盲法，在独立人群中验证诊断准确性。',
  ];

  const nonsignificant =
    '诊断试验评价不以 P 值下结论，而是看各指标的估计值与置信区间：置信区间宽说明样本不足以精确估计；阳性似然比的区间包含 1（或阴性似然比的区间包含 1）时，说明不能确定试验结果会改变患病的可能。' +
    '灵敏度、特异度较高也只说明在本研究对象中分类较准确，不能证明在疾病谱、患病率不同的人群中同样准确，也不能说明使用该试验能改善患者结局。';

  const effect =
    (lrPos !== null ? `阳性似然比 ${fmt(lrPos, 2)} 表示试验阳性时，患病的验前比值乘以 ${fmt(lrPos, 2)} 即为验后比值；` : '') +
    (lrNeg !== null ? `阴性似然比 ${fmt(lrNeg, 2)} 表示试验阴性时验前比值乘以 ${fmt(lrNeg, 2)}。` : '') +
    '经验上阳性似然比大于 10 或阴性似然比小于 0.1 的试验能明显改变诊断，2 ~ 5 或 0.2 ~ 0.5 的改变较小。' +
    (dor !== null ? `诊断比值比 ${fmt(dor, 2)} 把两者合成一个总体区分能力指标，越大越好，但不区分是擅长确诊还是排除。` : '');

  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
}

export const EXPLAINERS: Record<string, (f: ReportFacts) => Explanation> = {
  'roc-curve': rocCurve,
  'diagnostic-test': diagnosticTest,
};
