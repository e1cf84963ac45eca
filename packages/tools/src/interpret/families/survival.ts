// Explainers of the survival family (issue 17): Kaplan–Meier curves with their tests, medians and
// RMST, and Cox regression with HRs, model fit, C-index and the proportional-hazards check. Term
// reading and ratio wording are shared with the regression family.
import { ciPart, fmt, name, pText, significant, type Explanation, type ReportFacts } from '../explanation.js';
import {
  EXCLUDED_NOTE,
  levelPct,
  listParam,
  MAX_NAMED,
  nameList,
  ordered,
  paperTerm,
  plain,
  q,
  ratioLines,
  ratioSentence,
  rawParam,
  rawResult,
  readTerms,
  tableCell,
  termLabel,
  toolWarnings,
  variablesOf,
  wideTerms,
  CAUSAL_NOTE,
} from './regression.js';

type Explainer = (f: ReportFacts) => Explanation;

const TEST_NAMES: Record<string, string> = { logrank: 'Log-rank', 'gehan-breslow': 'Gehan–Breslow', 'tarone-ware': 'Tarone–Ware', 'peto-peto': 'Peto–Peto' };
const TEST_WHY: Record<string, string> = {
  logrank: 'Log-rank 检验对各时间点等权，在比例风险（两条曲线不交叉、差距随时间稳定）时效能最高，对后期差异较敏感',
  'gehan-breslow': 'Gehan–Breslow 检验按风险人数加权，更重视早期（风险人数多时）的差异',
  'tarone-ware': 'Tarone–Ware 检验按风险人数的平方根加权，对早期差异的重视介于 Log-rank 与 Gehan–Breslow 之间',
  'peto-peto': 'Peto–Peto 检验按合并生存率加权，对早期差异较敏感，且在删失模式不同时较稳健',
};
const OTHER_P: Array<[string, string]> = [
  ['logrankP', 'Log-rank'],
  ['gehanBreslowP', 'Gehan–Breslow'],
  ['taroneWareP', 'Tarone–Ware'],
  ['petoPetoP', 'Peto–Peto'],
];
const ADJUST_NAMES: Record<string, string> = { holm: 'Holm', bonferroni: 'Bonferroni', BH: 'Benjamini–Hochberg', none: '未校正' };

// ---------------------------------------------------------------------------------------------
// Kaplan–Meier

interface KmGroup {
  raw: string;
  n: number | null;
  events: number | null;
  median: number | null;
  lower: number | null;
  upper: number | null;
}

/** "270（95%CI 210 ~ 306）" or "未达到". */
function medianText(g: KmGroup, pct: string): string {
  if (g.median === null) return '未达到（随访期内生存率未降至 50%）';
  return `${plain(g.median)}（${pct}CI ${g.lower === null ? '—' : plain(g.lower)} ~ ${g.upper === null ? '未达到' : plain(g.upper)}）`;
}

const kaplanMeier: Explainer = (f) => {
  const pct = levelPct(f);
  const timeName = rawParam(f, 'time');
  const groupVar = rawParam(f, 'group');
  const ev = rawResult(f, 'eventValue');
  const n = f.num('n');
  const events = f.num('events');
  const censored = f.num('censored');
  const excluded = f.num('excluded');
  const tau = f.num('tau');
  const test = rawResult(f, 'test') || rawParam(f, 'test') || 'logrank';
  const testName = TEST_NAMES[test] ?? 'Log-rank';
  const p = f.num('p');
  const hasTest = p !== null;
  const groups: KmGroup[] = f.prefixed('n.').map(([g, size]) => ({
    raw: g,
    n: size,
    events: f.num(`events.${g}`),
    median: f.num(`median.${g}`),
    lower: f.num(`medianLower.${g}`),
    upper: f.num(`medianUpper.${g}`),
  }));
  const multi = groups.length > 1;
  const gl = (g: KmGroup) => (multi ? q(g.raw) : '总体');
  const sig = significant(p);

  // Survival at the report's time points that every group reaches.
  const timesOf = (g: KmGroup) => new Map(f.prefixed(`survival.${g.raw}.`).map(([t, s]) => [t, s] as const));
  const perGroup = groups.map(timesOf);
  const allCommon = [...(perGroup[0]?.keys() ?? [])].filter((t) => perGroup.every((m) => m.has(t)));
  const common = allCommon.slice(0, 2);
  // Curves that swap order between two reported time points cross somewhere in between.
  let crossing: { a: string; b: string; t1: string; t2: string } | null = null;
  for (let i = 1; i < groups.length && !crossing; i++) {
    const above = allCommon.filter((t) => perGroup[0]!.get(t)! > perGroup[i]!.get(t)!);
    const below = allCommon.filter((t) => perGroup[0]!.get(t)! < perGroup[i]!.get(t)!);
    if (above.length === 0 || below.length === 0) continue;
    const t1 = allCommon.find((t) => above.includes(t) || below.includes(t))!;
    crossing = { a: groups[0]!.raw, b: groups[i]!.raw, t1, t2: (above.includes(t1) ? below : above)[0]! };
  }
  const rmstRows = groups.map((g) => ({ g, rmst: f.num(`rmst.${g.raw}`), ci: f.rows('RMST，τ').find((r) => r[0] === g.raw)?.[3] ?? null }));
  const diff = f.num('rmstDifference');
  const diffLabel = f.rows('RMST 组间差值')[0]?.[0];

  const method = multi
    ? `以${q(timeName)}为生存时间、${q(ev)}为事件，按${q(groupVar)}分组用 Kaplan–Meier 乘积极限法估计各组生存曲线，并用 ${testName} 检验比较各组生存曲线。` +
      `生存资料含删失（随访结束时尚未发生事件），不能直接比较平均随访时间或事件率；KM 法按每个事件时点的风险人数逐步计算生存率，正确利用了删失者的信息。${TEST_WHY[test] ?? ''}。` +
      '这些方法要求删失与结局无关（非信息性删失），且各组的起点定义一致。'
    : `以${q(timeName)}为生存时间、${q(ev)}为事件，用 Kaplan–Meier 乘积极限法估计总体生存曲线（未分组，因此没有组间检验）。KM 法按每个事件时点的风险人数逐步计算生存率，正确利用了删失者的信息，要求删失与结局无关（非信息性删失）。`;

  const numbers: string[] = [];
  numbers.push(`共 ${n ?? '—'} 例，发生事件（${name(ev)}）${events ?? '—'} 例，删失 ${censored ?? '—'} 例${excluded ? `；${excluded} 例因缺失被排除` : ''}。`);
  for (const g of groups) {
    const row = multi ? f.rows('生存资料概况').find((r) => r[0] === g.raw) : f.rows('生存资料概况')[0];
    const rate = row && typeof row[4] === 'number' ? `，事件率 ${plain(row[4], 1)}%` : '';
    numbers.push(`${gl(g)}：${g.n ?? '—'} 例，事件 ${g.events ?? '—'} 例${rate}；中位生存时间 ${medianText(g, pct)}。`);
  }
  for (const t of common) {
    numbers.push(`${q(timeName)}为 ${t} 时的生存率：${groups.map((g, i) => `${multi ? `${q(g.raw)} ` : ''}${fmt(perGroup[i]!.get(t)! * 100, 1)}%`).join('，')}。`);
  }
  if (tau !== null && rmstRows.some((r) => r.rmst !== null)) {
    numbers.push(
      `0 ~ ${plain(tau)} 内的限制平均生存时间（RMST，即这段时间内平均的无事件生存时间）：${rmstRows
        .filter((r) => r.rmst !== null)
        .map((r) => `${multi ? `${q(r.g.raw)} ` : ''}${fmt(r.rmst, 2)}${typeof r.ci === 'string' ? `（${pct}CI ${name(r.ci)}）` : ''}`)
        .join('，')}。`,
    );
  }
  if (diff !== null) numbers.push(`RMST 差值（${typeof diffLabel === 'string' ? name(diffLabel) : '两组之差'}）= ${fmt(diff, 2)}（${ciPart(f.num('rmstDifferenceLower'), f.num('rmstDifferenceUpper'), pct, 2)}），${pText(f.num('rmstDifferenceP'))}：τ 时间内平均无事件生存时间相差的量。`);
  if (hasTest) {
    numbers.push(`${testName} 检验 χ² = ${fmt(f.num('statistic'), 3)}，df = ${f.num('df') ?? '—'}，${pText(p)}：${sig ? '各组生存曲线差异有统计学意义' : '尚不能认为各组生存曲线不同'}。`);
    const others = OTHER_P.filter(([k, label]) => label !== testName && f.num(k) !== null).map(([k, label]) => `${label} ${pText(f.num(k))}`);
    if (others.length > 0) numbers.push(`其他加权检验：${others.join('，')}（侧重不同时段，结论一致时更可靠）。`);
    const pairs = f.prefixed('pairwiseAdjustedP.');
    if (pairs.length > 0) {
      const adj = ADJUST_NAMES[rawParam(f, 'adjust')] ?? 'Holm';
      const sigPairs = pairs.filter(([, ap]) => significant(ap));
      numbers.push(
        `两两比较（${adj} 校正）：${sigPairs.length > 0 ? sigPairs.slice(0, MAX_NAMED).map(([k, ap]) => `${k.split('|').map(q).join(' vs ')} 校正后 ${pText(ap)}`).join('；') : '各对之间差异均无统计学意义'}。`,
      );
    }
  }

  const caveats: string[] = [];
  const lr = f.num('logrankP');
  const gb = f.num('gehanBreslowP');
  if (lr !== null && gb !== null && significant(lr) !== significant(gb)) {
    caveats.push(`Log-rank（${pText(lr)}）与 Gehan–Breslow（${pText(gb)}）结论不一致：组间差异可能集中在早期或晚期，生存曲线可能交叉，比例风险假设可疑。请结合曲线形态解释，并优先报告 RMST 或分时段比较。`);
  }
  if (crossing) {
    caveats.push(
      `按报告的时间点，${q(crossing.a)}与${q(crossing.b)}的生存率在 ${crossing.t1} 与 ${crossing.t2} 时高低相反，两条生存曲线可能交叉：比例风险假设可疑，Log-rank 检验的效能会下降，单一 HR 也不能概括差异；宜结合曲线形态、分时段比较或 RMST 解释。`,
    );
  }
  const fewEvents = groups.filter((g) => g.events !== null && g.events < 5);
  if (fewEvents.length > 0) caveats.push(`${multi ? nameList(fewEvents.map((g) => g.raw)) : '总体'}的事件数少于 5，生存率与中位生存时间的估计很不稳定。`);
  if (groups.some((g) => g.median === null)) caveats.push(`${multi ? nameList(groups.filter((g) => g.median === null).map((g) => g.raw)) : '总体'}的中位生存时间未达到（随访结束时生存率仍高于 50%）：宜报告指定时间点的生存率或 RMST，而不是中位数。`);
  if (n !== null && censored !== null && censored * 2 > n) caveats.push('删失超过一半：曲线尾部依据的风险人数很少，后期生存率的置信区间很宽，解读曲线尾部需谨慎。');
  caveats.push(...toolWarnings(f, [/最长随访时间/]));
  caveats.push(...EXCLUDED_NOTE(excluded));

  const adjName = ADJUST_NAMES[rawParam(f, 'adjust')] ?? 'Holm';
  const pairsSig = f.prefixed('pairwiseAdjustedP.').filter(([, ap]) => significant(ap));
  const medians = groups.map((g) => `${gl(g)}中位生存时间${g.median === null ? '未达到' : `为 ${medianText(g, pct)}`}`).join('，');
  const conclusion = multi
    ? `${medians}。${testName} 检验显示各组生存曲线${sig ? '差异有统计学意义' : '差异无统计学意义'}（χ² = ${fmt(f.num('statistic'), 3)}，${pText(p)}）。` +
      (pairsSig.length > 0 ? `经 ${adjName} 校正的两两比较中，${pairsSig.slice(0, MAX_NAMED).map(([k]) => k.split('|').map(q).join('与')).join('、')}之间差异有统计学意义。` : f.prefixed('pairwiseAdjustedP.').length > 0 ? `经 ${adjName} 校正的两两比较均无统计学意义。` : '') +
      (diff !== null ? `按 RMST，0 ~ ${plain(tau ?? 0)} 内平均无事件生存时间相差 ${fmt(diff, 2)}（${ciPart(f.num('rmstDifferenceLower'), f.num('rmstDifferenceUpper'), pct, 2)}），这是比 P 值更直观的效应大小。` : '')
    : `总体${medians.replace('总体', '')}。${common.length > 0 ? `${q(timeName)}为 ${common[0]} 时的生存率为 ${fmt(perGroup[0]!.get(common[0]!)! * 100, 1)}%。` : ''}`;

  const paper = multi
    ? `采用 Kaplan–Meier 法绘制生存曲线，${testName} 检验比较组间差异。共纳入 ${n ?? '—'} 例，随访期间${name(ev)} ${events ?? '—'} 例。${groups.map((g) => `${name(g.raw)}组中位生存时间${g.median === null ? '未达到' : `为 ${medianText(g, pct)}`}`).join('，')}，` +
      `${groups.length === 2 ? '两组' : '各组'}生存曲线差异${sig ? '有' : '无'}统计学意义（χ² = ${fmt(f.num('statistic'), 3)}，${pText(p)}）。` +
      (diff !== null ? `0 ~ ${plain(tau ?? 0)} 内的限制平均生存时间（RMST）差值为 ${fmt(diff, 2)}（${ciPart(f.num('rmstDifferenceLower'), f.num('rmstDifferenceUpper'), pct, 2)}，${pText(f.num('rmstDifferenceP'))}）。` : '')
    : `采用 Kaplan–Meier 法估计生存曲线。共纳入 ${n ?? '—'} 例，随访期间${name(ev)} ${events ?? '—'} 例，中位生存时间${groups[0]?.median === null || !groups[0] ? '未达到' : `为 ${medianText(groups[0], pct)}`}。`;

  const next: string[] = [];
  if (multi) next.push('用 Cox 回归估计组间风险比（HR）及置信区间，并调整年龄、分期等可能的混杂因素（KM 与 Log-rank 只做未调整的比较）。');
  else next.push('如需比较不同人群的生存，选择分组变量重新分析，或用 Cox 回归分析多个因素的影响。');
  if (caveats.some((c) => c.includes('交叉'))) next.push('曲线交叉时，报告 RMST 差值或分时段（landmark）分析，而不是单一的 Log-rank P 值。');
  next.push('报告时附风险人数表，并写明中位随访时间与失访情况；检查删失是否与病情相关（信息性删失会使估计有偏）。');

  const nonsignificant = hasTest
    ? sig
      ? `${testName} 检验有统计学意义说明各组生存曲线整体不同，但不说明差在哪个时段、差多少：请结合中位生存时间、特定时点生存率与 RMST 差值描述效应大小。它是未调整的比较，若各组基线特征不同（非随机分组），差异可能来自混杂，需要 Cox 回归调整。`
      : `P ≥ 0.05 表示现有数据不能证明各组生存不同，不等于生存相同：事件数少时检验效能很低；曲线交叉时 Log-rank 检验的效能也会下降（前后期的差异相互抵消），可看其他加权检验与 RMST。`
    : '本报告只估计了总体生存曲线，没有组间比较；读图时注意曲线尾部风险人数少、置信带宽，估计不精确。';

  const effect =
    (multi ? `中位生存时间：${groups.map((g) => `${gl(g)} ${g.median === null ? '未达到' : plain(g.median)}`).join('，')}。` : '') +
    (diff !== null ? `RMST 差值 ${fmt(diff, 2)}（${ciPart(f.num('rmstDifferenceLower'), f.num('rmstDifferenceUpper'), pct, 2)}）表示 0 ~ ${plain(tau ?? 0)} 内平均多（或少）活的时间，单位与${q(timeName)}相同，不依赖比例风险假设。` : '') +
    '如需以风险比（HR）表示效应大小，请用 Cox 回归。';

  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
};

// ---------------------------------------------------------------------------------------------
// Cox 回归

function cReading(c: number | null): string {
  if (c === null) return '';
  if (c >= 0.8) return '区分度较好';
  if (c >= 0.7) return '区分度尚可';
  if (c > 0.6) return '区分度一般';
  return '区分度较弱（接近 0.5 的随机水平）';
}

const cox: Explainer = (f) => {
  const pct = levelPct(f);
  const timeName = rawParam(f, 'time');
  const ev = rawResult(f, 'eventValue');
  const xs = listParam(f, 'x');
  const fs = listParam(f, 'factors');
  const strata = rawResult(f, 'strata');
  const ties = rawResult(f, 'ties') === 'breslow' ? 'Breslow' : 'Efron';
  const screened = rawParam(f, 'selection') === 'screen';
  const n = f.num('n');
  const events = f.num('events');
  const excluded = f.num('excluded');
  const p = f.num('p');
  const hasModel = p !== null;
  const terms = readTerms(f, { est: 'hr.', lo: 'hrLower.', hi: 'hrUpper.', p: 'p.' });
  const sig = ordered(terms).filter((t) => significant(t.p));
  const modelVars = variablesOf(terms);
  const nonsigVars = modelVars.filter((v) => !sig.some((t) => t.variable === v));
  const uniSig = [...xs, ...fs].filter((v) => significant(f.num(`uniLrP.${v}`)));
  const lostInMulti = uniSig.filter((v) => modelVars.includes(v) && !sig.some((t) => t.variable === v));
  const what = `${q(ev)}的风险`;
  const epv = tableCell(f, '分析样本', 'EPV');
  const c = f.num('concordance');
  const zphG = f.num('zphGlobalP');
  const zphBad = f.prefixed('zphP.').filter(([, zp]) => zp < 0.05);
  const transform = { km: 'KM 变换', rank: '时间秩', identity: '原始时间', log: '对数时间' }[rawParam(f, 'zphTransform')] ?? 'KM 变换';

  const method =
    `以${q(timeName)}为生存时间、${q(ev)}为事件，分析${nameList([...xs, ...fs], 20)}对事件风险的影响，采用 Cox 比例风险回归：先逐个变量做单因素 Cox 回归，再${screened ? `将单因素整体 P < ${f.param('screenP') || '0.1'} 的变量` : '将全部所选变量'}纳入多因素模型（偏似然估计，结点按 ${ties} 法处理${strata ? `，按${q(strata)}分层——各层有各自的基线风险，不估计其效应` : ''}）。` +
    'Cox 模型同时利用事件是否发生与发生时间、正确处理删失，不需要假定生存时间的分布，结果以风险比 HR = exp(B) 表示。它的关键前提是比例风险（各变量的 HR 不随时间变化），报告用 Schoenfeld 残差检验（cox.zph）检查；此外要求删失与结局无关，每个参数有足够的事件数（EPV ≥ 10）。';

  const numbers: string[] = [];
  numbers.push(`纳入 ${n ?? '—'} 例，发生事件（${name(ev)}）${events ?? '—'} 例${excluded ? `，${excluded} 例因缺失被排除` : ''}${typeof epv === 'number' ? `；每个模型参数的事件数 EPV = ${fmt(epv, 1)}` : ''}。`);
  if (uniSig.length > 0) numbers.push(`单因素分析中与生存有关（整体 P < 0.05）的变量：${nameList(uniSig, 10)}。`);
  if (hasModel) {
    numbers.push(`多因素模型似然比检验 χ² = ${fmt(f.num('statistic'), 3)}，df = ${f.num('df') ?? '—'}，${pText(p)}（Wald 检验 ${pText(f.num('waldP'))}，Score 检验 ${pText(f.num('scoreP'))}）：${significant(p) ? '模型中的协变量整体上与生存有关' : '模型整体无统计学意义'}。`);
    numbers.push(...ratioLines(terms, 'HR', what, pct, '报告的多因素 Cox 回归表'));
    for (const [fa, tp] of f.prefixed('termP.')) numbers.push(`${q(fa)}（多分类）整体似然比检验 ${pText(tp)}：检验它的全部类别合起来是否与生存有关。`);
    if (c !== null) numbers.push(`C 指数 = ${fmt(c, 3)}（${ciPart(f.num('concordanceLower'), f.num('concordanceUpper'), pct)}）：模型预测的风险高低与实际事件先后一致的比例，0.5 为随机、1 为完美区分，本模型${cReading(c)}。`);
    if (zphG !== null) numbers.push(`比例风险假定检验（Schoenfeld 残差，${transform}）全局 χ² = ${fmt(f.num('zphGlobalChisq'), 3)}，${pText(zphG)}${zphBad.length > 0 ? `；${zphBad.map(([k, zp]) => `${q(k)} ${pText(zp)}`).join('、')}` : ''}：${zphG >= 0.05 && zphBad.length === 0 ? '未见违背比例风险假定' : '提示部分变量的 HR 可能随时间变化'}。`);
  } else {
    numbers.push('没有变量满足单因素筛选标准，未建立多因素模型，报告只给出单因素结果。');
  }

  const caveats: string[] = [];
  if (zphBad.length > 0 || (zphG !== null && zphG < 0.05)) {
    caveats.push(
      `${zphBad.length > 0 ? `${nameList(zphBad.map(([k]) => k))}不满足比例风险假定` : `比例风险全局检验 ${pText(zphG)}，假定可疑`}：其 HR 只是随访期内的平均效应，可能掩盖早期与晚期作用不同。可把该变量作为分层变量（不估计其效应）、加入与时间的交互项，或分时段分析；并查看 Schoenfeld 残差图。`,
    );
  }
  if (typeof epv === 'number' && epv < 10) caveats.push(`每个参数的事件数 EPV = ${fmt(epv, 1)}，少于 10：系数估计可能不稳定、存在过拟合；宜减少协变量或合并类别。`);
  const wide = wideTerms(terms);
  if (wide.length > 0) caveats.push(`${nameList(wide.map((t) => t.key))}的 HR 置信区间极宽，估计很不精确（常见于类别例数或事件很少，接近单调似然 / 分离）。`);
  caveats.push(...toolWarnings(f, [/例数或事件数很少/]));
  if (screened) caveats.push('按单因素 P 值筛选变量可能遗漏在单因素分析中不显著、但需要调整的混杂因素，且所选模型的 P 值偏乐观；变量选择宜以专业知识为主。');
  caveats.push(...EXCLUDED_NOTE(excluded));

  const risk = sig.filter((t) => t.estimate > 1);
  const protect = sig.filter((t) => t.estimate < 1);

  const conclusion = !hasModel
    ? `没有变量进入多因素模型，因此不能得出调整后的独立预后因素。${uniSig.length > 0 ? `单因素分析中${nameList(uniSig)}与生存有关，但这些是未调整的关联。` : '单因素分析中各变量与生存的关联均无统计学意义。'}`
    : (sig.length > 0 ? `调整其他变量后，${sig.slice(0, MAX_NAMED).map((t) => ratioSentence(t, 'HR', what, pct)).join('；')}。` : '调整其他变量后，各协变量与生存的关联均无统计学意义。') +
      (sig.length > 0 && nonsigVars.length > 0 ? `${nameList(nonsigVars)}的作用无统计学意义。` : '') +
      (lostInMulti.length > 0 ? `${nameList(lostInMulti)}在单因素分析中有统计学意义，多因素调整后不再显著，其单因素关联可能部分来自混杂。` : '') +
      (c !== null ? `模型 C 指数 = ${fmt(c, 3)}，${cReading(c)}。` : '') +
      (zphBad.length > 0 ? '注意：部分变量不满足比例风险假定。' : '');

  const paper = !hasModel
    ? `采用 Cox 比例风险回归分析影响${name(timeName)}的因素。${uniSig.length > 0 ? `单因素分析显示${nameList(uniSig).replace(/[“”]/g, '')}与生存有关（P < 0.05）` : '单因素分析中各因素与生存的关联均无统计学意义（P > 0.05）'}，未建立多因素模型。`
    : `采用 Cox 比例风险回归进行多因素分析（${ties} 法处理结点${strata ? `，按${name(strata)}分层` : ''}），纳入${nameList(modelVars, 20).replace(/[“”]/g, '')}。` +
      `模型有${significant(p) ? '' : '无'}统计学意义（似然比 χ² = ${fmt(f.num('statistic'), 3)}，df = ${f.num('df') ?? '—'}，${pText(p)}）${c !== null ? `，C 指数为 ${fmt(c, 3)}` : ''}${zphG !== null ? `，比例风险假定检验${zphG >= 0.05 && zphBad.length === 0 ? '未见违背' : '提示部分变量可能违背'}（全局 ${pText(zphG)}）` : ''}。` +
      (risk.length > 0 ? `${risk.slice(0, MAX_NAMED).map((t) => paperTerm(t, 'HR', pct)).join('、')}是${name(ev)}的独立危险因素` : '') +
      (risk.length > 0 && protect.length > 0 ? '；' : '') +
      (protect.length > 0 ? `${protect.slice(0, MAX_NAMED).map((t) => paperTerm(t, 'HR', pct)).join('、')}是其保护因素` : '') +
      (sig.length === 0 ? '调整其他因素后，各因素与生存的关联均无统计学意义（P > 0.05）' : '') +
      '。';

  const next: string[] = [];
  if (zphBad.length > 0) next.push(`对${nameList(zphBad.map(([k]) => k))}改用分层 Cox 模型或加入“变量 × 时间”交互项，比较其他变量的 HR 是否稳定。`);
  if (sig.some((t) => t.level !== null)) next.push(`按${q(sig.find((t) => t.level !== null)!.variable)}分组画 Kaplan–Meier 曲线，直观展示调整前的生存差异。`);
  if (xs.length > 0) next.push('检查定量协变量与 log 风险的线性关系（鞅残差图或限制性立方样条），必要时分组或加样条项。');
  next.push('若用于预后预测：用 Bootstrap 校正 C 指数的乐观偏差，做校准曲线，并在外部队列验证；论文中同时报告单因素与多因素 HR 及 95%CI。');

  const nonsignificant = sig.length > 0
    ? `有统计学意义的 HR 表示调整模型中其他变量后，该因素与${what}存在独立关联（HR 是瞬时风险之比，不是“死亡概率”或“生存时间”之比）。它不证明因果；若比例风险假定不成立，HR 只是随访期内的平均效应。${CAUSAL_NOTE}`
    : 'HR 的 P ≥ 0.05（置信区间包含 1）表示现有数据不能证明该因素与生存独立相关，不等于无关：事件数少时检验效能低、置信区间很宽；比例风险不成立（效应前后期方向相反）时也会被“平均”掉。请看置信区间可能包含的效应范围。';

  const effect =
    'HR 是效应大小：HR = 1 表示风险相同；定量协变量每增加 1 个单位（或某类别相对参照类别），瞬时事件风险乘以 HR，偏离 1 越远效应越强。' +
    (sig.length > 0 ? `本模型中最显著的是${termLabel(sig[0]!)}（HR = ${fmt(sig[0]!.estimate, 3)}）。` : '') +
    (c !== null ? `模型整体区分能力 C 指数 = ${fmt(c, 3)}，${cReading(c)}。` : '');

  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
};

export const EXPLAINERS: Record<string, Explainer> = {
  'kaplan-meier': kaplanMeier,
  'cox-regression': cox,
};
