// The interpreter's explainers for the visual tools of group D (clinical and flow charts), under
// their tool keys. Each reads the tool's own `results` and tables, so every number it writes is one
// the report shows.
import { cellNum, cellP, cellText, fmt, pct, pText, significant, type Cell, type Explanation, type ReportFacts } from '../explanation.js';

const list = (xs: readonly string[], max = 6): string => (xs.length > max ? `${xs.slice(0, max).join('、')} 等` : xs.join('、'));

// ---------------------------------------------------------------------------------------------
// Forest plot

function forest(f: ReportFacts): Explanation {
  const measure = f.param('measure') || 'HR';
  const log = f.report.parameters.scale !== 'linear';
  const ref = log ? '1' : '0';
  const t = f.tableStartingWith('表1');
  const weighted = t?.columns.includes('权重（%）') ?? false;
  const pCol = weighted ? 4 : 3;
  const rows = (t?.rows ?? []).filter((r) => r[pCol + 1] !== '未绘制');
  const total = f.num('rows');
  const drawn = f.num('drawn');
  const excluded = f.num('excluded') ?? 0;
  const below = f.num('belowReference') ?? 0;
  const above = f.num('aboveReference') ?? 0;
  const derived = rows.filter((r) => r[pCol + 1] === '由置信区间推算').map((r) => cellText(r[0]));
  const sig = rows.filter((r) => significant(cellP(r[pCol]))).map((r) => cellText(r[0]));
  const line = (r: Cell[]) => `${cellText(r[0])}：${measure} = ${cellText(r[1])}（95%CI ${cellText(r[2])}）${weighted && cellNum(r[3]) !== null ? `，权重 ${cellText(r[3])}%` : ''}，P = ${cellText(r[pCol])}。`;
  const method =
    `森林图把 ${fmt(drawn, 0)} 个${measure}及其 95% 置信区间画在同一坐标上（${log ? '对数刻度，无效应线为 1' : '线性刻度，无效应线为 0'}）：方块为估计值${weighted ? '，面积与权重成正比' : ''}，横线为置信区间。` +
    '置信区间不跨过无效应线的行，其效应在 0.05 水平上有统计学意义。' +
    (derived.length > 0 ? `数据未给出 P 值的 ${derived.length} 行（${list(derived)}）按置信区间推算 P 值（Wald 法，SE =（${log ? 'ln 上限 − ln 下限' : '上限 − 下限'}）/（2 × 1.96））。` : '');
  const numbers = rows.map(line);
  numbers.push(`置信区间整体低于${ref}的有 ${fmt(below, 0)} 行，整体高于${ref}的有 ${fmt(above, 0)} 行，其余 ${fmt((drawn ?? 0) - below - above, 0)} 行的置信区间跨过${ref}。`);
  const first = rows[0];
  const conclusion =
    (first ? `第一行“${cellText(first[0])}”的${measure}为 ${cellText(first[1])}（95%CI ${cellText(first[2])}）${significant(cellP(first[pCol])) ? '，置信区间不含' + ref + '，差异有统计学意义' : `，置信区间包含${ref}，差异无统计学意义`}。` : '') +
    (sig.length > 0 ? `P < 0.05 的有 ${list(sig)}。` : '各行的 P 值均不小于 0.05。') +
    '各行的估计值方向是否一致比单个亚组的显著性更值得关注。';
  const caveats = [
    '判断亚组间效应是否不同，应看交互作用检验的 P 值；比较各亚组各自的 P 值（一个显著、一个不显著）不能说明亚组间有差异。',
    '亚组越多，仅凭机会出现“显著亚组”的概率越高；事后定义的亚组只能作为探索性结果。',
  ];
  if (derived.length > 0) caveats.push('由置信区间推算的 P 值假定区间为对称的 95% Wald 区间（比值在对数尺度上对称）；精确法或似然比法得到的区间推算结果只是近似。');
  if (excluded > 0) caveats.push(`有 ${fmt(excluded, 0)} 行缺少估计值或置信区间（或数值不合理），未绘制，见表1 的注。`);
  const paper =
    `亚组分析结果见图1（森林图）。${first ? `总体上，${cellText(first[0])}的${measure}为 ${cellText(first[1])}（95%CI ${cellText(first[2])}，P = ${cellText(first[pCol])}）。` : ''}` +
    `在 ${fmt(drawn, 0)} 个亚组中，${fmt(below + above, 0)} 个亚组的 95% 置信区间不包含${ref}` +
    (rows.length > 1 ? `，其余亚组的效应方向${rows.slice(1).every((r) => (cellNum(r[1]) ?? 0) < Number(ref)) || rows.slice(1).every((r) => (cellNum(r[1]) ?? 0) > Number(ref)) ? '与总体一致' : '不完全一致'}。` : '。');
  const next = [
    '对预先设定的亚组因素做交互作用检验（如在 Cox 或 logistic 模型中加入“处理 × 亚组”交互项），报告交互作用 P 值。',
    '在图中或表注中注明各亚组的例数与事件数，便于读者判断估计的精度。',
    '多个研究的汇总请使用 Meta 分析工具，它会计算合并效应与异质性。',
  ];
  const nonsignificant =
    `某一行的置信区间跨过${ref}（P ≥ 0.05），只表示该亚组内未能证明有效应，不等于该亚组无效：亚组例数少、置信区间宽时尤其如此。亚组内不显著而总体显著，通常是样本量不足，而不是效应不同。` +
    (total !== null && total > (drawn ?? 0) ? `本次共 ${fmt(total, 0)} 行，其中 ${fmt(excluded, 0)} 行未绘制。` : '');
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant };
}

// ---------------------------------------------------------------------------------------------
// Waterfall plot

function waterfall(f: ReportFacts): Explanation {
  const n = f.num('n');
  const plotted = f.num('plotted');
  const c = (k: string) => f.num(`count.${k}`) ?? 0;
  const orr = f.num('orr');
  const dcr = f.num('dcr');
  const orrCi = `95%CI ${pct(f.num('orrLower'))} ~ ${pct(f.num('orrUpper'))}`;
  const dcrCi = `95%CI ${pct(f.num('dcrLower'))} ~ ${pct(f.num('dcrUpper'))}`;
  const med = f.num('medianChange');
  const shrink = f.num('shrink30') ?? 0;
  const discordant = f.num('discordant') ?? 0;
  const fromData = f.str('responseFrom') === 'data';
  const method =
    `瀑布图把 ${fmt(plotted, 0)} 例患者靶病灶相对基线的最佳变化百分比各画成一根柱，从左到右由增大到缩小排列，虚线为 +20%（进展阈值）与 −30%（部分缓解阈值），颜色为 RECIST 最佳疗效` +
    (fromData ? `（取自“${f.param('response')}”列）` : '（由变化率按 RECIST 1.1 靶病灶标准推断）') +
    `。客观缓解率 ORR =（CR + PR）/ 全部 ${fmt(n, 0)} 例，疾病控制率 DCR =（CR + PR + SD）/ 全部患者，置信区间为 Clopper-Pearson 精确法。`;
  const numbers = [
    `最佳疗效：CR ${fmt(c('CR'), 0)} 例，PR ${fmt(c('PR'), 0)} 例，SD ${fmt(c('SD'), 0)} 例，PD ${fmt(c('PD'), 0)} 例${c('NE') > 0 ? `，不可评价 ${fmt(c('NE'), 0)} 例` : ''}。`,
    `客观缓解率 ORR = ${pct(orr)}（${orrCi}）。`,
    `疾病控制率 DCR = ${pct(dcr)}（${dcrCi}）。`,
    `靶病灶最佳变化的中位数为 ${fmt(med, 1)}%，${fmt(shrink, 0)} 例缩小 ≥ 30%。`,
  ];
  const conclusion =
    `${fmt(n, 0)} 例患者中 ${fmt(c('CR') + c('PR'), 0)} 例达到客观缓解（ORR ${pct(orr)}，${orrCi}），${fmt(c('CR') + c('PR') + c('SD'), 0)} 例疾病得到控制（DCR ${pct(dcr)}）。` +
    `多数柱${med !== null && med < 0 ? '位于 0 以下，即大多数患者的靶病灶有不同程度的缩小' : '位于 0 以上，即多数患者的靶病灶未见缩小'}。`;
  const caveats = [
    'RECIST 最佳疗效还取决于非靶病灶、新发病灶和疗效确认，不能只凭柱的高度判定；瀑布图也不反映缓解的持续时间。',
    'ORR 的置信区间宽度取决于例数；单臂研究的缓解率需与历史对照或预设的阈值比较，不能单独说明疗效优劣。',
  ];
  if (discordant > 0) caveats.push(`有 ${fmt(discordant, 0)} 例的疗效与变化率所对应的类别不一致（见表1 的注），请核对原始评估记录。`);
  if (c('NE') > 0) caveats.push(`${fmt(c('NE'), 0)} 例不可评价，计入分母；若改用可评价人群作分母，缓解率会偏高，论文中应说明所用的分析人群。`);
  const paper =
    `${fmt(n, 0)} 例患者中，CR ${fmt(c('CR'), 0)} 例、PR ${fmt(c('PR'), 0)} 例、SD ${fmt(c('SD'), 0)} 例、PD ${fmt(c('PD'), 0)} 例，` +
    `客观缓解率为 ${pct(orr)}（${orrCi}），疾病控制率为 ${pct(dcr)}（${dcrCi}）。靶病灶最佳变化见图1（瀑布图），中位变化为 ${fmt(med, 1)}%。`;
  const next = [
    '用泳道图展示每位患者的治疗时间、缓解出现与维持的时间，并计算缓解持续时间（DoR）。',
    '两组缓解率的比较可用卡方检验或 Fisher 精确检验；需校正基线因素时用 logistic 回归。',
    '结合无进展生存期（Kaplan-Meier 曲线）判断缓解是否转化为生存获益。',
  ];
  const nonsignificant =
    `瀑布图本身不做假设检验。ORR 的 95% 置信区间（${orrCi}）反映估计的精度：区间越宽，例数越少、结论越不确定；缓解率不高也不等于治疗无效，疾病稳定（SD）的患者同样可能获益。`;
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant };
}

// ---------------------------------------------------------------------------------------------
// Swimmer plot

function swimmer(f: ReportFacts): Explanation {
  const unit = f.param('unit') || '月';
  const n = f.num('n');
  const med = f.num('medianDuration');
  const resp = f.num('responders');
  const ttr = f.num('medianTimeToResponse');
  const lasting = f.num('respondersWithoutProgression');
  const prog = f.num('progressions');
  const deaths = f.num('deaths');
  const ongoing = f.num('ongoing');
  const rows = f.rows('治疗时长与事件');
  const grouped = rows.length > 1;
  const method =
    `泳道图为 ${fmt(n, 0)} 例患者各画一条横道，长度为“${f.param('duration')}”（${unit}），自上而下由长到短排列${grouped ? `，颜色为“${f.param('group')}”` : ''}；` +
    '道上标出缓解、进展、死亡的时间，道末箭头表示仍在治疗。它是描述个体病程的图，不做假设检验。';
  const numbers = rows.map(
    (r) =>
      `${cellText(r[0])}：${cellText(r[1])} 例，时长中位数 ${cellText(r[2])} ${unit}（P25~P75 ${cellText(r[3])}）` +
      (r[4] !== '—' ? `，缓解 ${cellText(r[4])} 例${r[5] !== '—' ? `，至缓解时间中位数 ${cellText(r[5])} ${unit}` : ''}` : '') +
      (r[6] !== '—' ? `，进展 ${cellText(r[6])} 例` : '') +
      (r[7] !== '—' ? `，死亡 ${cellText(r[7])} 例` : '') +
      (r[8] !== '—' ? `，仍在治疗 ${cellText(r[8])} 例` : '') +
      '。',
  );
  const conclusion =
    `${fmt(n, 0)} 例患者的治疗时长中位数为 ${fmt(med, 1)} ${unit}。` +
    (resp !== null ? `${fmt(resp, 0)} 例出现缓解${ttr !== null ? `，缓解多出现在治疗开始后 ${fmt(ttr, 1)} ${unit}（中位数）左右` : ''}${lasting !== null ? `，其中 ${fmt(lasting, 0)} 例至横道末尾未见进展或死亡` : ''}。` : '') +
    (ongoing !== null ? `截至数据截止时 ${fmt(ongoing, 0)} 例仍在治疗。` : '');
  const caveats = [
    '表中的时长中位数只是横道长度的描述：仍在治疗者的时长被截尾，中位治疗时间、缓解持续时间（DoR）与无进展生存期应使用 Kaplan-Meier 法估计。',
    '泳道图不做组间比较；两组的差异需用生存分析（Kaplan-Meier 曲线与 log-rank 检验）判断。',
  ];
  const paper =
    `图1 为 ${fmt(n, 0)} 例患者的泳道图。治疗时长中位数为 ${fmt(med, 1)} ${unit}` +
    (resp !== null ? `；${fmt(resp, 0)} 例达到缓解${ttr !== null ? `，至缓解时间中位数为 ${fmt(ttr, 1)} ${unit}` : ''}` : '') +
    (prog !== null ? `；${fmt(prog, 0)} 例出现疾病进展` : '') +
    (deaths !== null ? `，${fmt(deaths, 0)} 例死亡` : '') +
    (ongoing !== null ? `；截至数据截止日，${fmt(ongoing, 0)} 例仍在接受治疗` : '') +
    '。';
  const next = [
    '用 Kaplan-Meier 法估计缓解持续时间与无进展生存期，并报告中位数及其 95% 置信区间。',
    '配合瀑布图展示每位患者的最佳肿瘤缩小程度。',
    grouped ? '两组比较请用 Kaplan-Meier 曲线与 log-rank 检验，而不是比较横道长度的中位数。' : '如有分组，可按组着色并做生存分析比较。',
  ];
  const nonsignificant = '泳道图只描述个体的病程，没有 P 值；从图上看到的组间差别可能来自少数患者或随访长短不同，需要用生存分析检验后才能下结论，检验不显著也不等于两组相同。';
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant };
}

// ---------------------------------------------------------------------------------------------
// Dumbbell plot

function dumbbell(f: ReportFacts): Explanation {
  const a = f.param('first');
  const b = f.param('second');
  const item = f.param('item');
  const n = f.num('n');
  const md = f.num('meanDifference');
  const lo = f.num('ciLower');
  const hi = f.num('ciUpper');
  const t = f.num('statistic');
  const df = f.num('df');
  const p = f.num('p');
  const up = f.num('increased') ?? 0;
  const down = f.num('decreased') ?? 0;
  const top = f.str('maxDifferenceItem');
  const bottom = f.str('minDifferenceItem');
  const diffOf = (label: string | null) => cellText(f.rows('两个数值与差值').find((r) => cellText(r[0]) === label)?.[3]);
  const method =
    `哑铃图把 ${fmt(n, 0)} 个“${item}”的“${a}”与“${b}”画成一行两端的圆点，连线长度为差值（${b} − ${a}）。` +
    '差值的总体变化用配对 t 检验（各项目等权）评价，检验平均差值是否为 0。';
  const numbers = [
    `平均差值 ${fmt(md, 3)}（95%CI ${fmt(lo, 3)} ~ ${fmt(hi, 3)}），t = ${fmt(t, 3)}，df = ${fmt(df, 0)}，${pText(p)}。`,
    `${fmt(up, 0)} 个项目增加，${fmt(down, 0)} 个项目减少。`,
  ];
  if (top) numbers.push(`差值最大的是${top}（${diffOf(top)}），最小的是${bottom}（${diffOf(bottom)}）。`);
  const conclusion = significant(p)
    ? `从“${a}”到“${b}”，各项目平均${(md ?? 0) < 0 ? '下降' : '上升'}了 ${fmt(Math.abs(md ?? 0), 3)}（${pText(p)}），差异有统计学意义；${fmt(n, 0)} 个项目中 ${fmt(down, 0)} 个减少、${fmt(up, 0)} 个增加。`
    : `“${a}”与“${b}”的平均差值为 ${fmt(md, 3)}（${pText(p)}），差异无统计学意义；各项目变化方向不一（${fmt(up, 0)} 个增加，${fmt(down, 0)} 个减少）。`;
  const caveats = [
    '配对 t 检验要求差值近似正态；项目较少或差值偏态时可改用 Wilcoxon 符号秩检验作敏感性分析。',
    '各项目等权：项目规模（如医院床位、地区人口）不同时，平均差值不代表总体的变化，需要加权分析。',
  ];
  const paper =
    `${fmt(n, 0)} 个${item}中，${fmt(down, 0)} 个的${b}低于${a}，${fmt(up, 0)} 个高于${a}（图1）。` +
    `平均差值为 ${fmt(md, 3)}（95%CI ${fmt(lo, 3)} ~ ${fmt(hi, 3)}），差异${significant(p) ? '有' : '无'}统计学意义（配对 t 检验，t = ${fmt(t, 3)}，${pText(p)}）。`;
  const next = [
    '用 Wilcoxon 符号秩检验核对结论是否稳健。',
    '若项目可按特征分组（如医院等级），可比较各组的差值（独立样本 t 检验或方差分析）。',
    '关注变化最大与最小的项目，结合实际情况分析原因。',
  ];
  const nonsignificant = significant(p)
    ? `本次 ${pText(p)}，说明平均变化不太可能由偶然造成；但它是各项目等权的平均，个别项目可能变化方向相反。`
    : `本次 ${pText(p)} ≥ 0.05，只表示未能证明平均差值不为 0，不等于两个数值相同；项目少时检验效能有限，应结合置信区间（${fmt(lo, 3)} ~ ${fmt(hi, 3)}）判断可能的变化幅度。`;
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant };
}

// ---------------------------------------------------------------------------------------------
// Lollipop chart

function lollipop(f: ReportFacts): Explanation {
  const item = f.param('item');
  const value = f.param('value');
  const g = f.param('group');
  const n = f.num('n');
  const maxItem = f.str('maxItem');
  const minItem = f.str('minItem');
  const summary = f.rows('的描述');
  const agg = { mean: '均值', median: '中位数', sum: '合计' }[String(f.report.parameters.aggregate)] ?? '';
  const method =
    `棒棒糖图把 ${fmt(n, 0)} 个“${item}”的“${value}”${agg ? `（同一项目的多行取${agg}）` : ''}各画成一根从 0 开始的细杆和一个圆点，按数值由大到小自上而下排列${g ? `，圆点颜色为“${g}”` : ''}。它是描述性的排名图，不做假设检验。`;
  const numbers = summary.map((r) => `${cellText(r[0])}：${cellText(r[1])} 个项目，均值 ${cellText(r[2])}，中位数 ${cellText(r[3])}，范围 ${cellText(r[4])} ~ ${cellText(r[5])}。`);
  numbers.push(`最高为${maxItem ?? '—'}（${fmt(f.num('max'), 2)}），最低为${minItem ?? '—'}（${fmt(f.num('min'), 2)}）。`);
  const groupRows = g ? summary.filter((r) => cellText(r[0]) !== '全部') : [];
  const sorted = [...groupRows].sort((a, b) => (cellNum(b[2]) ?? 0) - (cellNum(a[2]) ?? 0));
  const conclusion =
    `${fmt(n, 0)} 个项目中，${maxItem ?? '—'}的${value}最高（${fmt(f.num('max'), 2)}），${minItem ?? '—'}最低（${fmt(f.num('min'), 2)}），中位数为 ${fmt(f.num('median'), 2)}。` +
    (sorted.length > 1 ? `按${g}分组，${cellText(sorted[0]![0])}的均值（${cellText(sorted[0]![2])}）高于${cellText(sorted[sorted.length - 1]![0])}（${cellText(sorted[sorted.length - 1]![2])}），这只是描述，是否有统计学差异需要检验。` : '');
  const caveats = [
    '排名只是描述：数值相近的项目名次不稳定，不宜据此判断项目之间有差异。',
    '杆从 0 开始；数值远离 0 或有负数时，杆的长度可能放大或掩盖差异。',
  ];
  if (agg) caveats.push(`同一项目的多行取${agg}后绘制，各项目的行数不同时，${agg}的精度也不同（行数见表1）。`);
  const paper =
    `${fmt(n, 0)} 个${item}的${value}见图1，中位数为 ${fmt(f.num('median'), 2)}（P25 ~ P75：${fmt(f.num('q1'), 2)} ~ ${fmt(f.num('q3'), 2)}），` +
    `最高为${maxItem ?? '—'}（${fmt(f.num('max'), 2)}），最低为${minItem ?? '—'}（${fmt(f.num('min'), 2)}）。`;
  const next = [
    g ? `比较各${g}之间的差异可用独立样本 t 检验、Mann-Whitney U 检验或方差分析。` : '若项目可按特征分组，可按组着色并做组间比较。',
    '关注排名首尾的项目，结合规模与背景分析原因。',
    '有两个时点或两种条件的数据时，可用哑铃图展示每个项目的变化。',
  ];
  const nonsignificant = '棒棒糖图没有 P 值；图上看到的高低之分需要用相应的检验确认，检验不显著只表示未能证明差异存在，不等于各项目或各组相同。';
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant };
}

// ---------------------------------------------------------------------------------------------
// Sankey diagram

/** Cramér V read against the usual benchmarks (0.1 weak, 0.3 moderate, 0.5 strong). */
const vWord = (v: number | null): string => (v === null ? '无法计算' : v < 0.1 ? '很弱' : v < 0.3 ? '弱' : v < 0.5 ? '中等' : '强');

function sankey(f: ReportFacts): Explanation {
  const stages = f.report.parameters.stages;
  const names = (Array.isArray(stages) ? stages : []).map((s) => cellText(String(s)));
  const n = f.num('n');
  const flows = f.rows('相邻阶段之间的流向');
  const tests = f.rows('相邻阶段的关联');
  const composition = f.rows('各阶段的类别构成');
  const excluded = f.num('excluded') ?? 0;
  const keepMissing = f.report.parameters.missing === 'category';
  const pOf = (k: number) => f.num(`p.${k + 1}`);
  const testLine = (r: Cell[], k: number) =>
    cellNum(r[1]) === null ? `${cellText(r[0])}：只有一个类别，无法检验。` : `${cellText(r[0])}：χ² = ${cellText(r[1])}，自由度 ${cellText(r[2])}，${pText(pOf(k))}，Cramér V = ${cellText(r[4])}（关联${vWord(cellNum(r[4]))}）。`;
  // The main destination of each source category of a pair, read from 表2.
  const mainFlows = (pair: string) => {
    const rows = flows.filter((r) => cellText(r[0]) === pair);
    const sources = [...new Set(rows.map((r) => cellText(r[1])))];
    return sources.map((src) => {
      const best = rows.filter((r) => cellText(r[1]) === src).reduce((a, r) => ((cellNum(r[4]) ?? 0) > (cellNum(a[4]) ?? 0) ? r : a));
      return `“${src}”者以“${cellText(best[2])}”最多（${cellText(best[3])} 例，占 ${cellText(best[4])}%）`;
    });
  };
  const pairs = names.slice(0, -1).map((s, k) => `${s} → ${names[k + 1]}`);
  const method =
    `桑基图把 ${fmt(n, 0)} 例按 ${names.join(' → ')} 共 ${names.length} 个阶段排成几列：每列的方块是该阶段的类别，高度与例数成正比；相邻两列之间的流带宽度为同时属于两个类别的例数。` +
    '相邻两个阶段是否有关联用 Pearson 卡方检验（检验两者独立的原假设），关联强度用 Cramér V 表示。';
  const numbers: string[] = [];
  names.forEach((s) => {
    const rows = composition.filter((r) => cellText(r[0]) === s);
    if (rows.length > 0) numbers.push(`${s}：${rows.map((r) => `${cellText(r[1])} ${cellText(r[2])} 例（${cellText(r[3])}%）`).join('，')}。`);
  });
  numbers.push(`最大的一条流向为“${f.str('topFlowFrom') ?? '—'}”→“${f.str('topFlowTo') ?? '—'}”，${fmt(f.num('topFlowCount'), 0)} 例，占 ${pct(f.num('topFlowShare'))}。`);
  tests.forEach((r, k) => numbers.push(testLine(r, k)));
  const conclusion = tests
    .map((r, k) => {
      const p = pOf(k);
      if (p === null) return `${cellText(r[0])} 无法检验。`;
      return significant(p)
        ? `${pairs[k]}：两个阶段的类别有关联（${pText(p)}，Cramér V = ${cellText(r[4])}），${mainFlows(pairs[k]!).join('；')}。`
        : `${pairs[k]}：未发现两个阶段的类别有关联（${pText(p)}），不能据此认为不同“${names[k]}”类别的“${names[k + 1]}”构成不同。`;
    })
    .join('');
  const caveats = [
    '流向只是描述同一批对象在各阶段的分布，不代表因果；例如某一疗效类别流向较好结局的比例高，并不能说明该疗效导致了较好的结局（可能受基线因素影响）。',
    '桑基图与表3 只反映相邻两个阶段的关系；第一阶段与最后阶段的关系需另做列联表分析。',
  ];
  const low = f.footnotes().find((t) => t.includes('卡方近似不可靠'));
  if (low) caveats.push(low);
  if (!keepMissing && excluded > 0) caveats.push(`${fmt(excluded, 0)} 行因阶段变量缺失而未纳入；若缺失与结局有关（如失访者多为病情较重者），各流向的比例会有偏倚。可改为把缺失作为一个类别显示，观察缺失者的去向。`);
  const paper =
    `${fmt(n, 0)} 例患者从${names[0] ?? ''}到${names[names.length - 1] ?? ''}的流向见图1（桑基图）。` +
    tests
      .map((r, k) => {
        const p = pOf(k);
        if (p === null) return '';
        return significant(p)
          ? `${names[k]}与${names[k + 1]}有关联（χ² = ${cellText(r[1])}，${pText(p)}，Cramér V = ${cellText(r[4])}），${mainFlows(pairs[k]!).join('，')}。`
          : `${names[k]}与${names[k + 1]}之间未见统计学关联（χ² = ${cellText(r[1])}，${pText(p)}）。`;
      })
      .join('');
  const next = [
    '对关心的两个阶段（包括不相邻的阶段）用卡方检验工具做完整的列联表分析，必要时用 Fisher 精确检验，并查看标准化残差找出偏离最大的格子。',
    '需要校正年龄、分期等基线因素时，用 logistic 回归（二分类结局）或多分类 logistic 回归分析结局与前一阶段的关系。',
    '结局是生存时间时，用 Kaplan-Meier 曲线与 log-rank 检验比较各组，而不是只看某一时点的状态。',
  ];
  const ns = tests.map((r, k) => ({ r, k, p: pOf(k) })).filter((x) => x.p !== null && !significant(x.p));
  const nonsignificant =
    (ns.length > 0
      ? `${ns.map((x) => `${pairs[x.k]}（${pText(x.p)}）`).join('、')}的卡方检验不显著，只表示未能证明两个阶段的类别有关联，不等于两者无关：例数较少或类别较多时检验效能有限，应结合各流向占来源的百分比（表2）判断差别的大小。`
      : '相邻阶段的卡方检验均有统计学意义，说明类别之间存在关联，但关联强度要看 Cramér V，P 值小不等于关联强。') +
    '流带看起来粗细不同，也可能只是抽样波动。';
  const effect = `Cramér V 在 0 ~ 1 之间，常以 0.1、0.3、0.5 作为弱、中等、强关联的参考。${tests.map((r) => `${cellText(r[0])} 的 Cramér V = ${cellText(r[4])}，关联${vWord(cellNum(r[4]))}`).join('；')}。`;
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
}

// ---------------------------------------------------------------------------------------------
// Mosaic plot

function mosaic(f: ReportFacts): Explanation {
  const x = f.param('x');
  const y = f.param('y');
  const n = f.num('n');
  const chi = f.num('statistic');
  const df = f.num('df');
  const p = f.num('p');
  const v = f.num('cramersV');
  const minE = f.num('minExpected');
  const maxR = f.num('maxResidual');
  const minR = f.num('minResidual');
  const hi = `${f.str('maxResidualRow') ?? '—'}、${f.str('maxResidualCol') ?? '—'}`;
  const lo = `${f.str('minResidualRow') ?? '—'}、${f.str('minResidualCol') ?? '—'}`;
  const shares = f.rows('的构成比');
  const cols = f.table('的构成比')?.columns.slice(1, -1).map((c) => cellText(c)) ?? [];
  const widthRow = shares.find((r) => cellText(r[0]).startsWith('宽度'));
  const method =
    `马赛克图把“${y}”×“${x}”的列联表（${fmt(n, 0)} 例）画成矩形：宽度为各${x}的构成比，高度为各${x}内${y}的构成比，面积与例数成正比。` +
    '每个格子按 Pearson 残差（实际频数与独立时理论频数之差除以理论频数的平方根）着色，两变量是否独立用 Pearson 卡方检验（未做连续性校正），关联强度用 Cramér V 表示。';
  const numbers = [
    `χ² = ${fmt(chi, 3)}，自由度 ${fmt(df, 0)}，${pText(p)}，Cramér V = ${fmt(v, 3)}（关联${vWord(v)}）。`,
    ...(widthRow ? [`各${x}的构成比（矩形宽度）：${cols.map((c, j) => `${c} ${cellText(widthRow[j + 1])}%`).join('，')}。`] : []),
    ...shares
      .filter((r) => r !== widthRow)
      .map((r) => `${cellText(r[0])}在各${x}中的占比：${cols.map((c, j) => `${c} ${cellText(r[j + 1])}%`).join('，')}（合计 ${cellText(r[cols.length + 1])}%）。`),
    `Pearson 残差最大的格子为${hi}（${fmt(maxR, 2)}，多于期望），最小的为${lo}（${fmt(minR, 2)}，少于期望）；最小理论频数为 ${fmt(minE, 2)}。`,
  ];
  const colored = (maxR ?? 0) > 2 || (minR ?? 0) < -2;
  const conclusion = significant(p)
    ? `${y}的构成在不同${x}之间有差异（χ² = ${fmt(chi, 3)}，${pText(p)}），关联${vWord(v)}（Cramér V = ${fmt(v, 3)}）。` +
      `偏离独立最明显的是${hi}（多于期望）与${lo}（少于期望）${colored ? '，图中着色的格子即残差绝对值超过 2 的格子' : ''}。`
    : `未发现${y}与${x}有关联（χ² = ${fmt(chi, 3)}，${pText(p)}），各${x}内${y}的构成差别可能来自抽样波动。`;
  const caveats = [
    '卡方检验要求各观察对象相互独立；理论频数小于 5 的格子超过 20% 或有理论频数小于 1 时，卡方近似不可靠，应改用 Fisher 精确检验。',
    '残差着色是描述性的：格子多时，个别格子的残差超过 2 可能只是偶然；判断具体哪些格子偏离独立，可看表3 的标准化残差，并考虑多重比较。',
    '卡方检验不考虑类别的顺序；两个变量都是有序分类（如分期、分级）时，趋势卡方检验或等级相关更有效。',
  ];
  const low = f.footnotes().find((t) => t.includes('卡方近似不可靠'));
  if (low) caveats.unshift(low);
  const excluded = f.num('excluded') ?? 0;
  if (excluded > 0) caveats.push(`${fmt(excluded, 0)} 行因变量缺失未纳入分析。`);
  const paper =
    `${fmt(n, 0)} 例中，${y}在不同${x}之间的分布见图1（马赛克图）与表1。` +
    (significant(p)
      ? `两者之间的差异有统计学意义（χ² = ${fmt(chi, 3)}，自由度 ${fmt(df, 0)}，${pText(p)}，Cramér V = ${fmt(v, 3)}），其中${hi}的例数多于独立时的期望（Pearson 残差 ${fmt(maxR, 2)}），${lo}少于期望（Pearson 残差 ${fmt(minR, 2)}）。`
      : `两者之间的差异无统计学意义（χ² = ${fmt(chi, 3)}，自由度 ${fmt(df, 0)}，${pText(p)}）。`);
  const next = [
    '用卡方检验工具得到完整的检验结果（含 Fisher 精确检验、似然比检验与两两比较）。',
    '变量有序时用趋势卡方检验（Cochran-Armitage）或 Spearman 等级相关分析趋势。',
    '需要校正混杂因素时，用分层卡方（CMH）检验或 logistic 回归。',
  ];
  const nonsignificant = significant(p)
    ? `本次 ${pText(p)}，说明两个变量不独立，但 P 值小不等于关联强，关联强度要看 Cramér V（${fmt(v, 3)}）；例数多时很弱的关联也会显著。`
    : `本次 ${pText(p)} ≥ 0.05，只表示未能证明${y}与${x}有关联，不等于两者无关：例数少或类别多时检验效能有限。图中个别格子着色（残差绝对值超过 2）而整体检验不显著时，这些格子的偏离可能只是偶然，不宜单独解释。`;
  const effect = `Cramér V 在 0 ~ 1 之间，常以 0.1、0.3、0.5 作为弱、中等、强关联的参考；本次 Cramér V = ${fmt(v, 3)}，关联${vWord(v)}。`;
  return { method, numbers, conclusion, caveats, paper, next, nonsignificant, effect };
}

export const EXPLAINERS: Record<string, (f: ReportFacts) => Explanation> = {
  forest,
  waterfall,
  swimmer,
  dumbbell,
  lollipop,
  sankey,
  mosaic,
};
