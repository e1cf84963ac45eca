// Explainers of the agreement family (issue 17): kappa for ratings in categories (Landis–Koch
// reading), ICC for measurements (the form chosen, Koo–Li reading) and Bland–Altman for two methods.
// Every number is read from the report.
import { ciText, fmt, levelText, name, pct, pText, significant, type Explanation, type ReportFacts } from '../explanation.js';

/** "（95%CI a ~ b）" at the report's level (whole percent), or '' when a bound is missing. */
const ci = (f: ReportFacts, lo: number | null, hi: number | null, digits = 3): string => ciText(lo, hi, digits, levelText(f));

/** The user's column names from a multi-select parameter, escaped. */
function columns(f: ReportFacts, key: string): string[] {
  const v = f.report.parameters[key];
  return (Array.isArray(v) ? v : v === null || v === undefined || v === '' ? [] : [v]).map((x) => name(String(x)));
}

// ---------------------------------------------------------------------------------------------
// Kappa

/** Landis & Koch (1977), as the tool labels it. */
function landisKoch(k: number): string {
  if (k < 0) return '差于随机';
  if (k <= 0.2) return '轻微';
  if (k <= 0.4) return '一般';
  if (k <= 0.6) return '中等';
  if (k <= 0.8) return '较强';
  return '几乎完全';
}

const WEIGHT_ZH: Record<string, string> = { none: '不加权', linear: '线性加权', quadratic: '平方加权' };
const LANDIS_KOCH = 'Landis 与 Koch（1977）标准：小于 0 差于随机，0 ~ 0.2 轻微，0.2 ~ 0.4 一般，0.4 ~ 0.6 中等，0.6 ~ 0.8 较强，0.8 以上几乎完全一致。';

function kappa(f: ReportFacts): Explanation {
  const raters = columns(f, 'raters');
  const fleiss = f.report.results.method === 'fleiss';
  const weights = String(f.report.results.weights ?? 'none');
  const weighted = weights === 'linear' || weights === 'quadratic';
  const n = f.num('n');
  const excluded = f.num('excluded');
  const k = f.num('kappa');
  const p = f.num('p');
  const z = f.num('statistic');
  const po = f.num('observedAgreement');
  const pe = f.num('expectedAgreement');
  const categoryCount = f.rows('类别分布').length;
  const byAppearance = f.table('类别分布')?.footnotes.some((x) => x.includes('首次出现')) ?? false;
  const numericOrder = f.table('类别分布')?.footnotes.some((x) => x.includes('按数值大小')) ?? false;
  const reading = k === null ? '' : landisKoch(k);
  const label = fleiss ? "Fleiss' kappa" : weighted ? `加权 kappa（${WEIGHT_ZH[weights]}）` : "Cohen's kappa";
  const who = raters.length > 0 ? `（${raters.join('、')}）` : '';

  const method = fleiss
    ? `${f.num('raters') ?? '多'} 位评价者${who}对同一批对象做分类评定，用 Fleiss' kappa 评价他们的总体一致性：它比较各对象内评价者两两一致的比例与按各类别总体比例随机评定时的期望一致率，适用于三位及以上评价者的名义分类。` +
      '另给出每一类别的 kappa（该类别被一致识别的程度）和两两评价者之间的 Cohen\'s kappa' +
      (weighted ? `（${WEIGHT_ZH[weights]}，只用于两两比较；Fleiss' kappa 本身不加权）。` : '。')
    : `两位评价者${who}对同一批对象做分类评定，用 ${label} 评价一致性：kappa 扣除了随机评定也会出现的一致，比单纯的一致率更客观。` +
      (weighted
        ? `所选的${WEIGHT_ZH[weights]}适用于有序等级：评定相差一级比相差多级的分歧“轻”，${weights === 'quadratic' ? '平方加权对大的分歧惩罚更重，数值上接近 ICC' : '线性加权按相差的级数等比例扣分'}。`
        : '不加权 kappa 把所有不一致同等看待，适合无序的名义分类。') +
      '标准误与置信区间按大样本方差计算，z 检验的零假设是 kappa = 0（一致性仅为随机水平）。';

  const numbers: string[] = [`分析对象 ${n ?? '—'} 个${excluded ? `，${excluded} 个因评定缺失被排除` : ''}。`];
  numbers.push(`观察一致率 ${pct(po)}，随机评定时的期望一致率 ${pct(pe)}${weighted && !fleiss ? '（加权一致率）' : ''}。`);
  if (k !== null)
    numbers.push(
      `${label} = ${fmt(k, 3)}${fleiss ? '' : ci(f, f.num('ciLower'), f.num('ciUpper'))}，z = ${fmt(z, 3)}，${pText(p)}；按 Landis–Koch 标准属${reading}一致。`,
    );
  if (!fleiss && weighted) {
    const uk = f.num('unweightedKappa');
    if (uk !== null) numbers.push(`作为对照，不加权 Cohen's kappa = ${fmt(uk, 3)}${ci(f, f.num('unweightedCiLower'), f.num('unweightedCiUpper'))}，${landisKoch(uk)}一致。`);
  }
  if (fleiss) {
    const light = f.num('lightKappa');
    const cats = f.prefixed('categoryKappa.');
    if (cats.length > 0)
      numbers.push(
        `各类别的 kappa：${cats.map(([c, v]) => `“${name(c)}” ${fmt(v, 3)}（${landisKoch(v)}）`).join('，')}；数值低的类别最容易被评价者判断不一。`,
      );
    const pairs = f.prefixed('pairKappa.');
    if (pairs.length > 0)
      numbers.push(`两两 Cohen's kappa：${pairs.map(([key, v]) => `${key.split('|').map(name).join(' 与 ')} ${fmt(v, 3)}`).join('，')}${light !== null ? `；平均（Light's kappa）${fmt(light, 3)}` : ''}。`);
  }

  const kLo = fleiss ? null : f.num('ciLower');
  const kHi = fleiss ? null : f.num('ciUpper');
  const kappaCiReading =
    kLo === null || kHi === null
      ? ''
      : landisKoch(kLo) === landisKoch(kHi)
        ? `置信区间${ci(f, kLo, kHi)}也在“${landisKoch(kLo)}”范围内。`
        : `置信区间${ci(f, kLo, kHi)}跨越“${landisKoch(kLo)}”到“${landisKoch(kHi)}”，判断一致程度时应同时看区间。`;
  const conclusion =
    k === null
      ? '本报告未给出 kappa 值，请查看报告中的表格。'
      : `${fleiss ? '各评价者' : '两位评价者'}的评定一致性${significant(p) ? '显著高于随机水平' : '与随机水平的差异无统计学意义'}（${label} = ${fmt(k, 3)}，${pText(p)}），按 Landis–Koch 标准属${reading}一致` +
        (k <= 0.6 ? '，评定标准的一致性还有较大改进空间。' : k <= 0.8 ? '，一致性较好。' : '，一致性很好。') +
        kappaCiReading;

  const caveats: string[] = [];
  if (n !== null && n < 30) caveats.push(`分析对象只有 ${n} 个，kappa 的标准误与置信区间基于大样本近似，结果仅供参考。`);
  if (f.conclusionText().includes('kappa 悖论') || (po !== null && k !== null && po >= 0.8 && k < 0.4))
    caveats.push('观察一致率较高而 kappa 偏低：某一类别占绝大多数时 kappa 会被压低（kappa 悖论），应同时报告观察一致率与各类别分布。');
  if (!fleiss && weighted && byAppearance) caveats.push('类别为文字且未指定顺序，加权 kappa 按数据中首次出现的顺序确定等级间距；请在“类别顺序”中按等级高低填写类别后重新分析。');
  if (!fleiss && !weighted && numericOrder && categoryCount > 2) caveats.push('类别是数值编码的等级，如为有序分级（如轻、中、重），加权 kappa 更合适：不加权 kappa 把相差一级与相差多级的分歧同等看待。');
  if (fleiss) caveats.push("Fleiss' kappa 的标准误是零假设（kappa = 0）下的标准误，只用于检验，不能构造置信区间，因此本报告不给出其区间。");
  if (excluded) caveats.push(`${excluded} 个对象因任一评价者的评定缺失被排除（列表删除）。`);

  const paper =
    k === null
      ? f.conclusionText()
      : fleiss
        ? `${f.num('raters') ?? '多'} 位评价者对 ${n ?? '—'} 个对象评定的总体一致性采用 Fleiss' kappa 评价：kappa = ${fmt(k, 3)}（z = ${fmt(z, 3)}，${pText(p)}），观察一致率为 ${pct(po)}，按 Landis 与 Koch 标准属${reading}一致。`
        : `两位评价者对 ${n ?? '—'} 个对象评定的观察一致率为 ${pct(po)}，${label} = ${fmt(k, 3)}${ci(f, f.num('ciLower'), f.num('ciUpper'))}，${pText(p)}，按 Landis 与 Koch 标准属${reading}一致。`;

  const next = [
    k !== null && k <= 0.6
      ? `查看${fleiss ? '各类别 kappa 中数值低的类别' : '一致性列联表中分歧集中的类别'}，统一评定标准（如制定判读细则、共同培训）后再做一轮一致性评价。`
      : `在论文中同时给出${fleiss ? '各类别的 kappa' : '一致性列联表'}和观察一致率，便于读者判断分歧出现在哪些类别。`,
    fleiss ? '查看两两 kappa，找出与其他人一致性最低的评价者，分析原因。' : weighted ? '同时报告不加权 kappa，说明所用的加权方式及理由。' : '若类别是有序等级，可改用线性或平方加权 kappa。',
    '若评定结果是连续测量值而非类别，改用“ICC 组内相关”或“Bland–Altman”分析。',
  ];

  const nonsignificant = significant(p)
    ? 'kappa 的 P < 0.05 只说明一致性高于随机水平，这是很低的要求：kappa 只有 0.2 左右时也可能显著。判断一致性好不好要看 kappa 的大小（Landis–Koch 标准）及其置信区间，而不是 P 值。'
    : 'P ≥ 0.05 表示不能证明评价者的一致性高于随机水平；这通常意味着一致性很差，或对象太少、类别分布极不均衡。它不能证明评价者之间“完全随机”，应结合观察一致率与列联表查找分歧来源。';

  const effect =
    k === null
      ? undefined
      : `kappa 衡量的是“超出随机的一致”：0 表示与随机评定一样，1 表示完全一致。本次 ${label} = ${fmt(k, 3)}，属${reading}一致。${LANDIS_KOCH}`;

  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, ...(effect ? { effect } : {}) };
}

// ---------------------------------------------------------------------------------------------
// ICC

/** Koo & Li (2016), as the tool labels it. */
function kooLi(icc: number): string {
  if (icc < 0.5) return '差';
  if (icc < 0.75) return '中等';
  if (icc <= 0.9) return '良好';
  return '优秀';
}

const MCGRAW_WONG: Record<string, string> = { ICC1: 'ICC(1)', ICC2: 'ICC(A,1)', ICC3: 'ICC(C,1)', ICC1k: 'ICC(k)', ICC2k: 'ICC(A,k)', ICC3k: 'ICC(C,k)' };
const MODEL_ZH: Record<string, string> = { oneway: '单向随机', 'twoway-random': '双向随机', 'twoway-mixed': '双向混合' };

function icc(f: ReportFacts): Explanation {
  const raters = columns(f, 'raters');
  const form = String(f.report.results.form ?? 'ICC2');
  const model = String(f.report.results.model ?? 'twoway-random');
  const type = String(f.report.results.type ?? 'agreement');
  const average = f.report.results.unit === 'average';
  const mw = MCGRAW_WONG[form] ?? form;
  const n = f.num('n');
  const k = f.num('k');
  const excluded = f.num('excluded');
  const value = f.num('icc');
  const lo = f.num('ciLower');
  const hi = f.num('ciUpper');
  const p = f.num('p');
  const fStat = f.num('statistic');
  const df1 = f.num('df1');
  const df2 = f.num('df2');
  const typeZh = type === 'consistency' ? '一致性' : '绝对一致';
  const unitZh = average ? `${k ?? 'k'} 次测量的平均` : '单次测量';
  const modelText = model === 'oneway' ? '单向随机模型' : `${MODEL_ZH[model] ?? model}模型、${typeZh}`;
  const reading = value === null ? '' : kooLi(value);
  const ciReading = lo !== null && hi !== null ? (kooLi(lo) === kooLi(hi) ? `置信区间也在“${kooLi(lo)}”范围内` : `置信区间跨越“${kooLi(lo)}”至“${kooLi(hi)}”`) : '';

  const why =
    (model === 'oneway'
      ? '单向随机模型对应“每个对象由不同的评价者评定”的设计；'
      : model === 'twoway-random'
        ? '双向随机模型对应“所有对象由同一组评价者评定，且希望结论推广到同类的其他评价者”；'
        : '双向混合模型对应“所有对象由同一组评价者评定，只关心这几位评价者”；') +
    (model === 'oneway' ? '' : type === 'agreement' ? '“绝对一致”要求测量值本身相同，评价者间的系统差异会降低 ICC，适合测量值需要互换使用的场合；' : '“一致性”只要求排序一致，允许评价者间存在固定的系统差异；') +
    (average ? '“平均测量”对应实际工作中取多位评价者的平均值。' : '“单次测量”对应实际工作中只由一位评价者测一次。');
  const method =
    `${k ?? '多'} 位评价者${raters.length > 0 ? `（${raters.join('、')}）` : ''}对同一批对象做连续测量，用组内相关系数（ICC）评价测量的信度：ICC 是对象间变异占总变异的比例，越接近 1 说明测量差异主要来自对象本身而非评价者或误差。` +
    `本次按${modelText}、${unitZh}计算，即 ${form}（McGraw–Wong 的 ${mw}）。${why}` +
    '报告同时列出了其余五种形式供对照，但结论应以事先按设计选定的这一种为准。';

  const numbers: string[] = [`分析对象 ${n ?? '—'} 个、评价者 ${k ?? '—'} 位${excluded ? `，${excluded} 个对象因任一测量缺失被排除` : ''}。`];
  if (value !== null)
    numbers.push(
      `${mw} = ${fmt(value, 3)}${ci(f, lo, hi)}：按 Koo 与 Li（2016）标准，点估计属${reading}信度${ciReading ? `，${ciReading}` : ''}。`,
    );
  if (fStat !== null) numbers.push(`F 检验：F(${df1 ?? '—'}, ${df2 ?? '—'}) = ${fmt(fStat, 2)}，${pText(p)}（零假设为 ICC = 0）。`);
  const a1 = f.num('ICC2');
  const c1 = f.num('ICC3');
  // The same unit under the other type: agreement against consistency shows systematic rater differences.
  const twin = form.startsWith('ICC2') ? form.replace('ICC2', 'ICC3') : form.startsWith('ICC3') ? form.replace('ICC3', 'ICC2') : null;
  const twinValue = twin ? f.num(twin) : null;
  if (twin && twinValue !== null && value !== null)
    numbers.push(
      `对照：同一单位下${twin.startsWith('ICC3') ? '一致性' : '绝对一致'} ${MCGRAW_WONG[twin] ?? twin} = ${fmt(twinValue, 3)}。一致性 ICC 不计评价者间的系统差异，明显高于绝对一致 ICC 时，说明某位评价者整体偏高或偏低。`,
    );
  const avgKey = form.endsWith('k') ? form.slice(0, -1) : `${form}k`;
  const other = f.num(avgKey);
  if (other !== null)
    numbers.push(
      average
        ? `若实际只由一位评价者测一次，对应的单次测量 ${MCGRAW_WONG[avgKey] ?? avgKey} = ${fmt(other, 3)}${ci(f, f.num(`${avgKey}Lower`), f.num(`${avgKey}Upper`))}。`
        : `若实际取 ${k ?? 'k'} 位评价者的平均值，对应的平均测量 ${MCGRAW_WONG[avgKey] ?? avgKey} = ${fmt(other, 3)}${ci(f, f.num(`${avgKey}Lower`), f.num(`${avgKey}Upper`))}（平均后信度更高）。`,
    );

  const conclusion =
    value === null
      ? '本报告未给出 ICC 值，请查看报告中的表格。'
      : `${mw} = ${fmt(value, 3)}，测量信度属${reading}` +
        (ciReading ? `，${ciReading}；按更保守的置信区间下限看，信度至少为“${kooLi(lo!)}”。` : '。') +
        (value >= 0.75 ? '各评价者的测量结果可以认为基本一致。' : value >= 0.5 ? '测量存在不可忽视的评价者间差异，用于个体判断时需谨慎。' : '评价者之间的差异很大，这些测量不宜互换使用。');

  const caveats: string[] = [];
  if (n !== null && n < 30) caveats.push(`被测对象只有 ${n} 个；Koo 与 Li 建议信度研究至少 30 个对象、3 位评价者，否则置信区间会很宽。`);
  if (k !== null && k < 3) caveats.push('只有 2 位评价者，ICC 的估计较不稳定；两种方法（或两位评价者）的比较建议同时做 Bland–Altman 分析。');
  if (a1 !== null && c1 !== null && c1 - a1 > 0.05 && model !== 'oneway')
    caveats.push(`一致性 ICC（${fmt(c1, 3)}）明显高于绝对一致 ICC（${fmt(a1, 3)}），提示某位评价者整体偏高或偏低（系统差异），可用 Bland–Altman 分析查看两两差值。`);
  if (value !== null && value < 0) caveats.push('ICC 为负：评价者间的变异大于对象间的变异，信度极差；请检查所选各列是否为同一指标、单位是否一致。');
  if (lo !== null && hi !== null && kooLi(lo) !== kooLi(hi)) caveats.push('置信区间跨越不止一个 Koo–Li 等级，应按区间（尤其是下限）而不是只按点估计下结论。');
  if (f.report.parameters.model === 'oneway' && f.report.parameters.type === 'consistency') caveats.push('单向随机模型不区分一致性与绝对一致，已按绝对一致计算。');
  if (model === 'twoway-mixed' && type === 'agreement') caveats.push('双向混合模型的绝对一致 ICC 与双向随机模型的公式相同，区别只在于结论能否推广到其他评价者。');
  if (excluded) caveats.push(`${excluded} 个对象因任一测量缺失被排除（列表删除）。`);

  const paper =
    value === null
      ? f.conclusionText()
      : `采用${modelText}、${unitZh}的组内相关系数 ${mw} 评价 ${k ?? '—'} 位评价者对 ${n ?? '—'} 个对象测量的信度：ICC = ${fmt(value, 3)}${ci(f, lo, hi)}，F(${df1 ?? '—'}, ${df2 ?? '—'}) = ${fmt(fStat, 2)}，${pText(p)}，按 Koo 与 Li 标准属${reading}信度。`;

  const next = [
    '在论文方法部分写明 ICC 的模型、类型、单位和软件（如“双向随机、绝对一致、单次测量，ICC(A,1)”），否则读者无法判断数值的含义。',
    '用 Bland–Altman 分析两两比较评价者（或方法），给出偏倚与一致性界限，它比 ICC 更直观地反映差值的临床意义。',
    value !== null && value < 0.75 ? '查看测量值图中分歧大的对象，统一测量规程（部位、时间、仪器设置）后重新评价。' : '如需评价同一评价者的重复测量稳定性（重测信度），可另做一次重复测量并计算 ICC。',
  ];

  const nonsignificant = significant(p)
    ? 'ICC 的 F 检验零假设是“ICC = 0”，即测量完全没有信度，这是非常低的标准：ICC 只有 0.3 左右时也常常显著。判断信度要看 ICC 的大小与置信区间（Koo–Li：0.5、0.75、0.9 为分界），P < 0.05 并不说明信度合格。'
    : 'P ≥ 0.05 表示不能证明 ICC 大于 0，即测量几乎没有信度，或对象太少、对象间差异太小（样本过于同质会压低 ICC）。这不能证明测量完全不可靠，但说明目前的结果不支持把这些测量互换使用。';

  const effect =
    value === null
      ? undefined
      : `ICC 本身就是效应量：${mw} = ${fmt(value, 3)}，意为总变异中约 ${pct(value)} 来自对象之间的真实差异。Koo 与 Li（2016）标准：小于 0.5 差，0.5 ~ 0.75 中等，0.75 ~ 0.9 良好，0.9 以上优秀。`;

  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, ...(effect ? { effect } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Bland–Altman

function blandAltman(f: ReportFacts): Explanation {
  const m1 = f.param('method1') || '方法1';
  const m2 = f.param('method2') || '方法2';
  const lv = levelText(f);
  const n = f.num('n');
  const excluded = f.num('excluded');
  const bias = f.num('bias');
  const sd = f.num('sd');
  const lower = f.num('loaLower');
  const upper = f.num('loaUpper');
  const p = f.num('p');
  const outside = f.num('outside');
  const slope = f.num('slope');
  const slopeP = f.num('slopeP');
  const regression = slope !== null;
  const proportional = regression && significant(slopeP);
  const pctBias = f.num('pctBias');
  const multiplier = lv === '95' ? '1.96' : 'z';
  const bare = (lo: number | null, hi: number | null) => (lo === null || hi === null ? null : `${lv}%CI ${fmt(lo, 3)} ~ ${fmt(hi, 3)}`);
  const loCi = bare(f.num('loaLowerCiLower'), f.num('loaLowerCiUpper'));
  const hiCi = bare(f.num('loaUpperCiLower'), f.num('loaUpperCiUpper'));
  const loaCis = loCi && hiCi ? `（下限的 ${loCi}；上限的 ${hiCi}）` : '';

  const method =
    `比较${m1}与${m2}两种方法对同一批对象的测量：对每个对象计算差值（${m1} − ${m2}）与两法均值，用 Bland–Altman 法估计平均差（偏倚，即系统差异）和一致性界限（偏倚 ± ${multiplier}×差值标准差，约 ${lv}% 的对象两法差值落在其中），并给出它们的置信区间（Bland 与 Altman 1999）。` +
    '相关系数只反映两法是否同升同降，不能说明两法是否一致，因此方法学比较用 Bland–Altman 法。偏倚是否为 0 用单样本 t 检验。' +
    (regression ? '另以差值对两法均值做线性回归，检验差值是否随测量值大小而变化（比例偏倚）。' : '') +
    (pctBias !== null ? '同时按百分比差值（100 × 差值 / 两法均值）分析，适用于差值随测量值增大而增大的情形。' : '');

  const numbers: string[] = [`配对测量 ${n ?? '—'} 对${excluded ? `，${excluded} 行因缺失被排除` : ''}。`];
  if (bias !== null)
    numbers.push(`偏倚（平均差，${m1} − ${m2}）= ${fmt(bias, 3)}${ci(f, f.num('biasLower'), f.num('biasUpper'))}，t = ${fmt(f.num('statistic'), 3)}，df = ${fmt(f.num('df'), 0)}，${pText(p)}：${significant(p) ? `${m1}平均${bias > 0 ? '高于' : '低于'}${m2}` : '未见系统偏倚'}。`);
  if (sd !== null) numbers.push(`差值标准差 = ${fmt(sd, 3)}：反映两法差值的随机波动，决定一致性界限的宽度。`);
  if (lower !== null && upper !== null)
    numbers.push(
      `${lv}% 一致性界限为 ${fmt(lower, 3)} ~ ${fmt(upper, 3)}${loaCis}：约 ${lv}% 的对象，${m1}与${m2}的差值在此范围内。`,
    );
  if (outside !== null) numbers.push(`${n ?? '—'} 个点中有 ${outside} 个落在一致性界限之外。`);
  if (regression)
    numbers.push(
      `比例偏倚：差值对均值回归的斜率 = ${fmt(slope, 4)}${ci(f, f.num('slopeLower'), f.num('slopeUpper'), 4)}，${pText(slopeP)}，R² = ${fmt(f.num('rSquared'), 4)}；${proportional ? `差值随测量值增大而${(slope ?? 0) > 0 ? '增大' : '减小'}` : '未见差值随测量值大小而变化'}。`,
    );
  if (pctBias !== null)
    numbers.push(
      `百分比差值：偏倚 ${fmt(pctBias, 2)}%${f.num('pctBiasLower') !== null && f.num('pctBiasUpper') !== null ? `（${lv}%CI ${fmt(f.num('pctBiasLower'), 2)}% ~ ${fmt(f.num('pctBiasUpper'), 2)}%）` : ''}，一致性界限 ${fmt(f.num('pctLoaLower'), 2)}% ~ ${fmt(f.num('pctLoaUpper'), 2)}%。`,
    );

  const conclusion =
    bias === null
      ? '本报告未给出偏倚，请查看报告中的表格。'
      : (significant(p)
          ? `${m1}比${m2}平均${bias > 0 ? '偏高' : '偏低'} ${fmt(Math.abs(bias), 3)}（${pText(p)}），存在系统偏倚；`
          : `两法平均差 ${fmt(bias, 3)} 与 0 的差异无统计学意义（${pText(p)}），未见系统偏倚；`) +
        (lower !== null && upper !== null ? `但就单个对象而言，两法差值约 ${lv}% 在 ${fmt(lower, 3)} 到 ${fmt(upper, 3)} 之间。` : '') +
        (proportional ? '差值还随测量值大小而变化（比例偏倚），固定的一致性界限在测量范围两端并不准确。' : '') +
        '两种方法能否互换，取决于这个界限的宽度在临床上是否可以接受。';

  const caveats: string[] = ['统计检验不能判断两法能否互换：应事先依据专业标准规定可接受的最大差值，再看一致性界限（及其置信区间）是否落在此范围内。'];
  if (proportional)
    caveats.push(
      pctBias !== null
        ? '存在比例偏倚，本次已给出百分比差值分析，应以百分比差值的一致性界限为主。'
        : '存在比例偏倚：固定的一致性界限会在测量值两端失真，可打开“百分比差值”或对数据取对数后再分析。',
    );
  if (!regression) caveats.push('本次未检验比例偏倚，请在 Bland–Altman 图中查看差值是否随均值呈趋势。');
  if (n !== null && outside !== null && outside > n * 0.1) caveats.push(`落在一致性界限之外的点较多（${n} 个中 ${outside} 个），差值可能偏离正态或有异常值，请检查图中离群点；一致性界限假定差值近似正态。`);
  if (n !== null && n < 30) caveats.push(`配对测量只有 ${n} 对，一致性界限的置信区间较宽。`);
  if (excluded) caveats.push(`${excluded} 行因任一方法的测量值缺失被排除。`);

  const paper =
    bias === null
      ? f.conclusionText()
      : `Bland–Altman 分析显示，${m1}与${m2}的平均差值（偏倚）为 ${fmt(bias, 3)}${ci(f, f.num('biasLower'), f.num('biasUpper'))}，${significant(p) ? '差异有统计学意义' : '差异无统计学意义'}（t = ${fmt(f.num('statistic'), 3)}，${pText(p)}）；` +
        (lower !== null && upper !== null ? `${lv}% 一致性界限为 ${fmt(lower, 3)} ~ ${fmt(upper, 3)}` : '') +
        (outside !== null ? `，${n ?? '—'} 个点中 ${outside} 个位于一致性界限之外` : '') +
        (regression ? `。差值对均值的回归斜率为 ${fmt(slope, 4)}（${pText(slopeP)}），${proportional ? '提示存在比例偏倚' : '未见比例偏倚'}` : '') +
        '。';

  const next = [
    '对照事先规定的临床可接受差值，判断一致性界限（尤其是界限置信区间的外端）是否都在可接受范围内。',
    proportional && pctBias === null ? '打开“百分比差值”或对两法测量值取对数后重新分析，得到随测量值大小调整的一致性界限。' : '查看 Bland–Altman 图中是否有离群点，核对原始记录。',
    '若有多位评价者或多种方法，可用“ICC 组内相关”给出总体信度，再两两做 Bland–Altman 分析。',
  ];

  const nonsignificant = significant(p)
    ? '偏倚的 t 检验显著只说明两法存在系统差异，并不说明两法不能互换：样本较大时很小的偏倚也会显著；反过来，即使偏倚为 0，一致性界限很宽时两法也不能互换。是否可接受要用临床标准衡量偏倚与界限的大小，必要时可扣除偏倚后校准使用。'
    : '偏倚 P ≥ 0.05 只说明未发现系统差异，并不说明两法一致：一致性界限反映的是单个对象上两法可能相差多少，界限很宽时即使平均差接近 0，两法也不能互换。样本小时 t 检验的把握度低，还应看偏倚的置信区间。';

  const effect =
    bias === null
      ? undefined
      : `Bland–Altman 分析的“效应”就是原单位下的偏倚与一致性界限：平均而言${m1}比${m2}${bias >= 0 ? '高' : '低'} ${fmt(Math.abs(bias), 3)}` +
        (lower !== null && upper !== null ? `，单个对象的差值约 ${lv}% 落在 ${fmt(lower, 3)} ~ ${fmt(upper, 3)}` : '') +
        '。这些数值需要与临床上可接受的误差比较，没有通用的大小标准。';

  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, ...(effect ? { effect } : {}) };
}

export const EXPLAINERS: Record<string, (f: ReportFacts) => Explanation> = {
  kappa,
  icc,
  'bland-altman': blandAltman,
};
