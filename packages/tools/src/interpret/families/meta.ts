// Explainers of the meta family (issue 17): pooled effects of binary (OR, RR, RD) and continuous
// (MD, SMD) outcomes — fixed against random effects, heterogeneity (Q, I², τ², prediction interval),
// Egger's test, subgroups and leave-one-out. Every number is read from the report.
import { cellP, fmt, levelText, name, pText, significant, type Explanation, type ReportFacts } from '../explanation.js';
import { maxOf, minOf } from '@labstat/stats';

type Measure = 'OR' | 'RR' | 'RD' | 'MD' | 'SMD';

const MEASURE: Record<Measure, { zh: string; short: string }> = {
  OR: { zh: '比值比（OR）', short: 'OR' },
  RR: { zh: '相对危险度（RR）', short: 'RR' },
  RD: { zh: '率差（RD）', short: 'RD' },
  MD: { zh: '均数差（MD）', short: 'MD' },
  SMD: { zh: '标准化均数差（SMD，Hedges g）', short: 'SMD' },
};
const FIXED_ZH: Record<string, string> = { MH: 'Mantel–Haenszel 法', IV: '逆方差法', Peto: 'Peto 法' };
const TAU2_ZH: Record<string, string> = { REML: '限制性最大似然法（REML）', DL: 'DerSimonian–Laird 法（DL）' };

/** The verbal reading the report itself uses for I² (in percent). */
function i2Reading(i2: number): string {
  if (i2 >= 75) return '研究间异质性高';
  if (i2 >= 50) return '研究间存在中等程度的异质性';
  if (i2 >= 25) return '研究间异质性较低';
  return '研究间异质性很小';
}

/** Cohen's reading of a standardised mean difference (0.2 / 0.5 / 0.8). */
function smdReading(g: number): string {
  const a = Math.abs(g);
  if (a < 0.2) return '很小';
  if (a < 0.5) return '小';
  if (a < 0.8) return '中等';
  return '大';
}

function meta(f: ReportFacts): Explanation {
  const binary = f.key === 'meta-binary';
  const given = String(f.report.results.measure ?? '');
  const measure: Measure = given in MEASURE ? (given as Measure) : binary ? 'RR' : 'MD';
  const ratio = measure === 'OR' || measure === 'RR';
  const digits = measure === 'RD' ? 3 : 2;
  const nullValue = ratio ? 1 : 0;
  const m = MEASURE[measure];
  const show = (x: number | null) => fmt(x, digits);
  const lv = levelText(f);
  const ci = (lo: number | null, hi: number | null) => (lo === null || hi === null ? '' : `（${lv}%CI ${show(lo)} ~ ${show(hi)}）`);
  /** The interval inside a parenthesis already open: "，95%CI a ~ b". */
  const ciIn = (lo: number | null, hi: number | null) => (lo === null || hi === null ? '' : `，${lv}%CI ${show(lo)} ~ ${show(hi)}`);

  const random = f.report.results.model !== 'fixed';
  const tau2Method = String(f.report.results.tau2Method ?? 'REML');
  const fixedMethod = binary ? String(f.report.results.fixedMethod ?? 'MH') : 'IV';
  const fixedLabel = `固定效应模型（${FIXED_ZH[fixedMethod] ?? fixedMethod}）`;
  const randomLabel = `随机效应模型（${tau2Method}）`;
  const mainLabel = random ? randomLabel : fixedLabel;
  const otherLabel = random ? fixedLabel : randomLabel;

  const title = f.report.title;
  const cmp = title.includes('：') ? title.slice(title.lastIndexOf('：') + 1) : '';
  const [rawArm1 = '', rawArm2 = ''] = cmp.split(' vs ');
  const arm1 = rawArm1 ? name(rawArm1) : '试验组';
  const arm2 = rawArm2 ? name(rawArm2) : '对照组';
  const outcome = f.param('outcomeLabel') || (binary ? '事件发生风险' : '结局均值');

  const k = f.num('k');
  const est = f.num('estimate');
  const lo = f.num('ciLower');
  const hi = f.num('ciUpper');
  const p = f.num('p');
  const z = f.num('statistic');
  const otherEst = f.num(random ? 'fixedEstimate' : 'randomEstimate');
  const otherLo = f.num(random ? 'fixedCiLower' : 'randomCiLower');
  const otherHi = f.num(random ? 'fixedCiUpper' : 'randomCiUpper');
  const otherP = f.num(random ? 'fixedP' : 'randomP');
  const q = f.num('q');
  const qDf = f.num('qDf');
  const qP = f.num('qP');
  const i2 = f.num('i2');
  const tau2 = f.num('tau2');
  const piLo = f.num('piLower');
  const piHi = f.num('piUpper');
  const eggerT = f.num('eggerT');
  const eggerP = f.num('eggerP');
  const subQ = f.num('subgroupQ');
  const subP = f.num('subgroupP');
  const subgroup = f.param('subgroup');
  const excluded = f.num('excluded');
  const zeroCell = f.num('zeroCellStudies');
  const dropped = f.num('droppedStudies');
  const sig = significant(p);
  const lower = est !== null && est < nullValue;
  const direction = est === null ? '' : `${arm1}的${outcome}${lower ? '低于' : '高于'}${arm2}`;

  // Subgroups (table 4) and leave-one-out (table 6), as the report prints them.
  const subRows = f.rows('亚组分析');
  const looRows = f.rows('逐一剔除');
  const looEst = looRows.map((r) => (typeof r[1] === 'string' ? Number(r[1]) : NaN)).filter((x) => Number.isFinite(x));
  const looText = looRows
    .map((r) => ({ study: typeof r[0] === 'string' ? r[0] : String(r[0] ?? ''), p: cellP(r[3]) }))
    .filter((r) => r.p !== null && r.p < 0.05 !== sig)
    .map((r) => `“${name(r.study)}”`);
  const looMin = looEst.length > 0 ? looRows[looEst.indexOf(minOf(looEst))]?.[1] : null;
  const looMax = looEst.length > 0 ? looRows[looEst.indexOf(maxOf(looEst))]?.[1] : null;

  const measureWhy = binary
    ? measure === 'RR'
      ? '相对危险度直观、易于临床解释，适合队列研究与随机对照试验'
      : measure === 'OR'
        ? '比值比数学性质好，病例对照研究只能用 OR；结局常见时 OR 会比 RR 离 1 更远'
        : '率差表示绝对风险差，可换算为需治疗人数，但跨研究时往往比相对指标更不稳定'
    : measure === 'MD'
      ? '各研究用同一量表、同一单位测量结局时，均数差保留原单位，最便于临床解释'
      : '各研究用不同量表或单位测量同一结局时，先除以合并标准差再合并（Hedges g 含小样本校正）';
  const method =
    `对 ${k ?? '多'} 项研究中${arm1}与${arm2}比较的${outcome}做 Meta 分析，效应量为${m.zh}：${measureWhy}。` +
    `${fixedLabel}假定各研究的真实效应相同，差异只来自抽样误差；随机效应模型用${TAU2_ZH[tau2Method] ?? tau2Method}估计研究间方差 τ²，允许真实效应在研究间变化，结论推广到“同类研究的平均效应”。` +
    `两种模型都已列出，本次以${mainLabel}为主要结果${random ? '，在研究的人群、干预或设计不完全相同时更稳妥' : '，只在研究高度同质时适用'}。` +
    (ratio ? '比值类效应量在对数尺度上合并，报告的是反对数后的值。' : '') +
    '异质性用 Cochran Q 检验、I² 与 τ² 描述，发表偏倚用漏斗图与 Egger 回归检验评价' +
    (subQ !== null ? `，并按${subgroup || '亚组变量'}做亚组分析` : '') +
    (looRows.length > 0 ? '，敏感性用逐一剔除法评价' : '') +
    '。';

  const numbers: string[] = [];
  numbers.push(
    `纳入研究 ${k ?? '—'} 项` +
      (excluded ? `；${excluded} 行因数据缺失未纳入` : '') +
      (zeroCell ? `；${zeroCell} 项研究有零格，已对其各格加 0.5 做连续性校正` : '') +
      (dropped ? `；${dropped} 项研究两组均无事件（或均全部发生），对 ${m.short} 不提供信息，未纳入合并` : '') +
      '。',
  );
  if (est !== null) numbers.push(`${mainLabel}合并 ${m.short} = ${show(est)}${ci(lo, hi)}，z = ${fmt(z, 3)}，${pText(p)}：${sig ? `差异有统计学意义，${direction}` : `差异无统计学意义（置信区间包含 ${nullValue}）`}。`);
  if (otherEst !== null) numbers.push(`${otherLabel}合并 ${m.short} = ${show(otherEst)}${ci(otherLo, otherHi)}，${pText(otherP)}${significant(otherP) !== sig ? '，与主要模型的统计学结论不同' : ''}。`);
  if (q !== null) numbers.push(`异质性检验：Q = ${fmt(q, 3)}，df = ${qDf ?? '—'}，${pText(qP)}${significant(qP) ? '，各研究的真实效应不同' : '，未发现各研究真实效应不同（Q 检验在研究数少时把握度低）'}。`);
  if (i2 !== null) numbers.push(`I² = ${fmt(i2, 1)}%：效应量的总变异中来自研究间真实差异的比例，${i2Reading(i2)}。`);
  if (tau2 !== null) numbers.push(`τ² = ${fmt(tau2, 4)}${f.num('tau2CiLower') !== null && f.num('tau2CiUpper') !== null ? `（${lv}%CI ${fmt(f.num('tau2CiLower'), 4)} ~ ${fmt(f.num('tau2CiUpper'), 4)}）` : ''}：研究间真实效应的方差${ratio ? '（对数尺度）' : ''}，随机效应模型据此分配权重。`);
  if (piLo !== null && piHi !== null)
    numbers.push(
      `${lv}% 预测区间 ${show(piLo)} ~ ${show(piHi)}：一项新研究的真实效应可能落在的范围；${piLo < nullValue && piHi > nullValue ? `它包含 ${nullValue}，说明在某些情境下效应可能为零甚至方向相反` : `它不包含 ${nullValue}，效应方向在不同情境下较一致`}。`,
    );
  if (eggerT !== null) numbers.push(`Egger 检验：t = ${fmt(eggerT, 3)}，df = ${fmt(f.num('eggerDf'), 0)}，${pText(eggerP)}${eggerP !== null && eggerP < 0.1 ? '，提示漏斗图不对称（按 0.1 水准）' : '，未发现漏斗图明显不对称'}。`);
  if (subQ !== null) {
    const parts = subRows.map((r) => `${name(String(r[0] ?? ''))}（${r[1] ?? '—'} 项）${m.short} = ${String(r[2] ?? '—')}（${lv}%CI ${String(r[3] ?? '—')}）`);
    numbers.push(`亚组分析（按${subgroup || '亚组变量'}）：${parts.join('；')}；亚组间差异 Q = ${fmt(subQ, 3)}，df = ${fmt(f.num('subgroupDf'), 0)}，${pText(subP)}。`);
  }
  if (looMin !== null && looMin !== undefined && looMax !== null && looMax !== undefined)
    numbers.push(`逐一剔除：每次剔除一项研究后，合并 ${m.short} 在 ${String(looMin)} ~ ${String(looMax)} 之间${looText.length > 0 ? `；剔除 ${looText.join('、')} 后统计学结论改变` : '，统计学结论都不变'}。`);

  const conclusion =
    (est === null
      ? '本报告未给出合并效应，请查看报告中的表格。'
      : sig
        ? `综合 ${k ?? '—'} 项研究，${direction}（${m.short} = ${show(est)}${ciIn(lo, hi)}，${pText(p)}）。`
        : `综合 ${k ?? '—'} 项研究，${arm1}与${arm2}的${outcome}差异无统计学意义（${m.short} = ${show(est)}${ciIn(lo, hi)}，${pText(p)}），现有证据既不能证明有效应，也不能排除有临床意义的效应。`) +
    (i2 !== null ? `${i2Reading(i2)}（I² = ${fmt(i2, 1)}%），` + (i2 >= 50 ? '合并值应理解为各研究的平均效应，需探讨异质性来源。' : '各研究结果较一致。') : '') +
    (subQ !== null
      ? significant(subP)
        ? `不同${subgroup || '亚组'}的合并效应不同（亚组间 ${pText(subP)}），${subgroup || '亚组变量'}可能是异质性的来源之一。`
        : `未发现不同${subgroup || '亚组'}的合并效应有差异（亚组间 ${pText(subP)}）。`
      : '') +
    (otherEst !== null && significant(otherP) !== sig ? `注意：${otherLabel}的结论与此不同，结果依赖模型选择。` : '') +
    (eggerP !== null && eggerP < 0.1 ? 'Egger 检验提示可能存在发表偏倚或小样本效应。' : '') +
    (looText.length > 0 ? '逐一剔除分析显示结论对个别研究敏感。' : looRows.length > 0 ? '逐一剔除分析显示结论稳健。' : '');

  const caveats: string[] = [];
  if (!random && i2 !== null && i2 >= 50) caveats.push('研究间异质性较大（I² ≥ 50%），固定效应模型“各研究真实效应相同”的假设可能不成立，建议以随机效应模型为主并探讨异质性来源。');
  if (random && i2 !== null && i2 >= 50) caveats.push('异质性较大时随机效应模型只给出平均效应，不能消除异质性；应结合预测区间、亚组分析或 Meta 回归解释差异来源。');
  if (random && k !== null && k < 5) caveats.push(`纳入研究仅 ${k} 项，τ² 的估计很不精确，随机效应模型的置信区间可能偏窄。`);
  if (k !== null && k < 10) caveats.push('研究数少于 10 项，漏斗图与 Egger 检验识别发表偏倚的能力有限，结果仅供参考。');
  if (eggerP !== null && eggerP < 0.1) caveats.push('Egger 检验提示漏斗图不对称：可能存在发表偏倚，也可能是小样本研究的质量或人群不同（小样本效应），可用剪补法评估影响。');
  if (otherEst !== null && significant(otherP) !== sig)
    caveats.push(`固定效应与随机效应模型的统计学结论不一致：随机效应模型使各研究的权重更平均（小样本研究的相对权重更大），两者结论不同常提示小样本研究与大样本研究的结果不同，应检查小样本研究的质量。`);
  if (sig && piLo !== null && piHi !== null && piLo < nullValue && piHi > nullValue) caveats.push(`合并效应有统计学意义，但预测区间包含 ${nullValue}：平均效应存在，不代表在每个新的研究情境中都有效应。`);
  if (zeroCell) caveats.push('有零格的研究做了连续性校正（加 0.5），事件很少时合并结果可能有偏，可比较 Mantel–Haenszel 或 Peto 法的结果。');
  if (f.conclusionText().includes('事件很少')) caveats.push('多数研究的事件很少，逆方差法与随机效应模型在罕见事件时偏倚较大，应参考 Mantel–Haenszel 或 Peto 法的结果。');
  if (subQ !== null) caveats.push('亚组分析属于研究间的观察性比较，亚组间差异可能由其他研究特征混杂；亚组事先未设定或研究数少时，结果只能作为探索。');
  if (looText.length > 0) caveats.push(`剔除 ${looText.join('、')} 后统计学结论改变，结论对这些研究敏感，应检查其设计与质量。`);

  const paper =
    est === null
      ? f.conclusionText()
      : `共纳入 ${k ?? '—'} 项研究。` +
        (q !== null ? `异质性检验 Q = ${fmt(q, 3)}（df = ${qDf ?? '—'}，${pText(qP)}），I² = ${fmt(i2, 1)}%，` : '') +
        `采用${mainLabel}合并${m.zh}。结果显示，${sig ? `${direction}，差异有统计学意义` : `${arm1}与${arm2}的${outcome}差异无统计学意义`}（${m.short} = ${show(est)}${ciIn(lo, hi)}，${pText(p)}）` +
        (random && piLo !== null && piHi !== null ? `，${lv}% 预测区间为 ${show(piLo)} ~ ${show(piHi)}` : '') +
        '。' +
        (subQ !== null ? `亚组分析显示，不同${subgroup || '亚组'}间合并效应的差异${significant(subP) ? '有' : '无'}统计学意义（Q = ${fmt(subQ, 3)}，${pText(subP)}）。` : '') +
        (eggerT !== null ? `Egger 检验${eggerP !== null && eggerP < 0.1 ? '提示存在' : '未提示'}发表偏倚（t = ${fmt(eggerT, 3)}，${pText(eggerP)}）。` : '') +
        (looRows.length > 0 ? (looText.length > 0 ? '逐一剔除敏感性分析显示结果对个别研究敏感。' : '逐一剔除敏感性分析显示结果稳健。') : '');

  const next = [
    i2 !== null && i2 >= 50
      ? subQ === null
        ? '按事先设定的研究特征（如设计类型、地区、剂量、随访时间）做亚组分析；研究数达到 10 项左右时可做 Meta 回归，探讨异质性来源。'
        : '在亚组分析的基础上，研究数足够时用 Meta 回归同时考察多个研究特征对效应的影响。'
      : '按事先设定的研究特征做亚组分析，检验效应在不同人群中是否一致。',
    eggerP !== null && eggerP < 0.1 ? '用剪补法（trim-and-fill）估计可能缺失的研究对合并结果的影响，并检索灰色文献与临床试验注册库。' : '结合漏斗图目测，并检索临床试验注册库，评估未发表研究的可能。',
    '用偏倚风险工具（如 Cochrane RoB 2、NOS）评价各研究质量，剔除高偏倚风险研究做敏感性分析。',
    '按 GRADE 评价证据质量，并按 PRISMA 报告检索、筛选与纳入过程。',
  ];

  const nonsignificant = sig
    ? `合并效应有统计学意义只说明平均效应不为 ${nullValue}，它不能弥补纳入研究本身的偏倚，也不能排除发表偏倚；异质性大时还要看预测区间，平均效应存在不等于在每个人群中都有效应。`
    : `合并效应 P ≥ 0.05 表示现有研究不足以证明${arm1}与${arm2}有差异，不等于证明两者相同：置信区间${lo !== null && hi !== null ? `（${show(lo)} ~ ${show(hi)}）` : ''}内的效应都与数据相容。随机效应模型在异质性大时置信区间较宽，研究数少或总样本量不足时尤其如此；需要时可用等效性界值判断，或等待更多研究。`;

  let effect: string | undefined;
  if (est !== null) {
    if (measure === 'RR') effect = `RR = ${show(est)} 表示${arm1}的${outcome}约为${arm2}的 ${est < 1 ? `${(est * 100).toFixed(0)}%` : `${show(est)} 倍`}（RR < 1 为降低，> 1 为升高）。相对效应需结合基线风险才能判断绝对获益的大小。`;
    else if (measure === 'OR') effect = `OR = ${show(est)} 表示${arm1}发生事件的比值约为${arm2}的 ${show(est)} 倍。结局不罕见时 OR 比 RR 离 1 更远，不能直接读作“风险是对照的多少倍”。`;
    else if (measure === 'RD') effect = `RD = ${show(est)} 表示${arm1}的事件发生率比${arm2}${est < 0 ? '低' : '高'} ${(Math.abs(est) * 100).toFixed(1)} 个百分点，是绝对效应，可直接用于评估临床获益。`;
    else if (measure === 'MD') effect = `MD = ${show(est)} 是原单位下${arm1}与${arm2}的平均差值，应与该结局的最小临床重要差值（MCID）比较来判断临床意义。`;
    else effect = `SMD = ${show(est)} 以标准差为单位，按 Cohen 标准（0.2 小、0.5 中、0.8 大）属${smdReading(est)}效应；换算回某一常用量表的单位更便于临床解释。`;
  }

  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, ...(effect ? { effect } : {}) };
}

export const EXPLAINERS: Record<string, (f: ReportFacts) => Explanation> = {
  'meta-binary': meta,
  'meta-continuous': meta,
};
