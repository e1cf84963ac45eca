// 有序 Logistic 回归: the proportional-odds (cumulative logit) model, R's MASS::polr / ordinal::clm —
// thresholds, cumulative ORs with Wald CIs and a forest plot, the model's LR test and pseudo-R², drop1
// LR tests of multi-level factors, and Brant's parallel-lines test per design column and omnibus.
import { ordinalRegression, StatsError, type OrdinalResult } from '@labstat/stats';
import { forestChart } from '../../charts.js';
import { levelOf, pSentence } from '../../common.js';
import { categoricalOutcomeInput, quoted } from '../../model-input.js';
import { factorDrop1, forestRows, termRows } from '../../model-terms.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { missingNote, splitList } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const MAX_LEVELS = 12;

export function run(data: DataTable, params: Params): ToolOutput {
  const { yName, input, y, seen } = categoricalOutcomeInput(data, params, '请选择结局变量（有序多分类）');
  const level = levelOf(params);
  const pct = Math.round(level * 100);
  const given = splitList(params.order);
  let order: string[];
  if (given.length > 0) {
    const dup = given.find((g, i) => given.indexOf(g) !== i);
    if (dup !== undefined) throw new ToolInputError(`“等级顺序”中“${dup}”出现了不止一次`);
    const missing = seen.filter((v) => !given.includes(v));
    if (missing.length > 0) throw new ToolInputError(`结局变量“${yName}”的取值${quoted(missing)}不在“等级顺序”中；请由低到高写出全部等级（现有取值：${quoted(seen)}）`);
    order = given.filter((g) => seen.includes(g));
  } else {
    order = seen.every((v) => Number.isFinite(Number(v))) ? [...seen].sort((a, b) => Number(a) - Number(b)) : seen;
  }
  if (order.length < 3) throw new ToolInputError(`结局变量“${yName}”在分析的行中只有 ${order.length} 个等级（${quoted(order)}），有序 Logistic 回归需要至少 3 个等级；两个等级请用二元 Logistic 回归`);
  if (order.length > MAX_LEVELS) throw new ToolInputError(`结局变量“${yName}”有 ${order.length} 个不同取值，超过 ${MAX_LEVELS} 个；若为连续测量值，请用线性回归，或先分级`);
  const counts = order.map((c) => y.filter((v) => v === c).length);
  const p0 = input.names.reduce((s, v) => s + input.columnsOf(v), 0);
  if (y.length <= order.length - 1 + p0) throw new ToolInputError(`分析的行只有 ${y.length} 行，不多于模型参数个数（${order.length - 1 + p0}）；请减少自变量或收集更多资料`);

  for (const f of input.fs) {
    const col = data.text(f);
    const fv = input.rows.map((i) => col[i]!.trim());
    for (const l of input.levels.get(f)!) {
      const ys = y.filter((_, j) => fv[j] === l);
      const end = ys.every((v) => v === order[0]) ? order[0] : ys.every((v) => v === order.at(-1)) ? order.at(-1) : undefined;
      if (end !== undefined) {
        throw new ToolInputError(`分类自变量“${f}”的类别“${l}”（${ys.length} 例）的结局全部为“${end}”，存在准完全分离，其 OR 趋于 0 或无穷大、最大似然估计不存在；请将该类别与相邻类别合并，或删除该变量`);
      }
    }
  }
  const fit = (use: readonly string[]): OrdinalResult => ordinalRegression({ y, order, predictors: input.predictors.filter((p) => use.includes(p.name)), level });
  let m: OrdinalResult;
  try {
    m = fit(input.names);
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(`有序 Logistic 回归：${err.message}`);
    throw err;
  }
  const nullDeviance = m.deviance + m.modelChiSquare;
  const drop1 = factorDrop1(input.names, input.fs, input.columnsOf, (rest) => fit(rest).deviance, m.deviance, nullDeviance);
  const rows = termRows(input.names, input.levels);
  const coef = new Map(m.coefficients.map((c) => [c.term, c]));
  const ciText = (ci: readonly [number, number]) => `${num(ci[0], 3) ?? '0'} ~ ${num(ci[1], 3) ?? '∞'}`;

  const sections: ToolOutput['sections'] = [];
  let cum = 0;
  sections.push({
    title: '样本概况',
    blocks: [
      table(
        '表1 结局各等级的例数（由低到高）',
        ['等级', '例数', '构成比（%）', '累积百分比（%）'],
        [
          ...order.map((c, k) => {
            cum += counts[k]!;
            return [c, counts[k]!, num((100 * counts[k]!) / m.n, 1), num((100 * cum) / m.n, 1)];
          }),
          ['合计', m.n, 100, ''],
        ],
        [missingNote(input.excluded), given.length > 0 ? '等级顺序按“等级顺序”中的指定。' : `未指定等级顺序，按${seen.every((v) => Number.isFinite(Number(v))) ? '数值大小' : '数据中最先出现的顺序'}排列；如与实际高低不符，请在“等级顺序”中指定。`],
      ),
    ],
  });

  sections.push({
    title: '模型检验与拟合',
    blocks: [
      table(
        '表2 模型整体检验',
        ['指标', '值'],
        [
          ['−2 对数似然（仅阈值）', num(nullDeviance, 3)],
          ['−2 对数似然（模型）', num(m.deviance, 3)],
          ['似然比 χ²', num(m.modelChiSquare, 3)],
          ['df', m.modelDf],
          ['P', formatP(m.modelPValue)],
          ['AIC', num(m.aic, 3)],
          ['BIC', num(m.bic, 3)],
          ['McFadden R²', num(m.mcFaddenR2, 4)],
          ['Cox–Snell R²', num(m.coxSnellR2, 4)],
          ['Nagelkerke R²', num(m.nagelkerkeR2, 4)],
        ],
        ['似然比检验与只含阈值的模型比较，检验全部自变量的系数是否同时为 0；伪 R² 仅供参考。'],
      ),
    ],
  });

  const estRows: Array<Array<string | number | null>> = m.thresholds.map((t) => [`阈值 ${t.term}`, '', num(t.estimate, 4), num(t.se, 4), num(t.statistic ** 2, 3), formatP(t.pValue), '', '', '']);
  rows.forEach((r, i, all) => {
    const first = i === 0 || all[i - 1]!.variable !== r.variable;
    const d = first ? drop1.get(r.variable) : undefined;
    const head = [first ? r.variable : '', r.level ?? ''];
    const overall = d ? formatP(d.pValue) : '';
    if (r.reference) {
      estRows.push([...head, '', '', '', '', '1（参照）', '', overall]);
      return;
    }
    const c = coef.get(r.column!)!;
    estRows.push([...head, num(c.estimate, 4), num(c.se, 4), num(c.statistic ** 2, 3), formatP(c.pValue), num(c.oddsRatio, 3), ciText(c.oddsRatioCi), overall]);
  });
  sections.push({
    title: '参数估计',
    blocks: [
      table(`表3 有序 Logistic 回归的参数估计`, ['变量', '类别', 'B', 'SE', 'Wald χ²', 'P', 'OR', `OR ${pct}%CI`, '整体 P'], estRows, [
        `模型 logit P(结局 ≤ 第 j 级) = α_j − (β₁x₁ + …)（同 R 的 MASS::polr 与 ordinal::clm）。OR = exp(B)：其他变量不变时该变量每增加 1 个单位（或相对于参照类别），结局处于更高等级（而非更低等级）的累积比值比，对每个分界点相同。`,
        `阈值 α_j 为第 j 级与第 j+1 级之间的分界点（截距），一般不需解释。Wald χ² = (B/SE)²，df = 1；置信区间为 Wald 法。`,
        ...(drop1.size > 0 ? ['整体 P：多分类变量全部哑变量的似然比检验（R: drop1(fit, test = "Chisq")）。'] : []),
      ]),
      forestChart(
        forestRows(rows, (column) => ({ ratio: coef.get(column)!.oddsRatio, ci: coef.get(column)!.oddsRatioCi })),
        { title: '图1 有序 Logistic 回归的 OR（森林图）', xName: `OR（${pct}%CI，对数刻度）` },
      ),
    ],
  });

  const b = m.brant;
  if (b) {
    sections.push({
      title: '平行线检验',
      blocks: [
        table(
          '表4 比例优势假定的 Brant 检验（平行线检验）',
          ['项目', 'χ²', 'df', 'P'],
          [['总体（Omnibus）', num(b.omnibus.chiSquare, 3), b.omnibus.df, formatP(b.omnibus.pValue)], ...b.terms.map((t) => [t.term, num(t.chiSquare, 3), t.df, formatP(t.pValue)])],
          ['Brant（1990）Wald 检验：对每个分界点分别拟合二元 Logistic 回归（结局 > 第 j 级），检验各自变量的系数在各分界点是否相同。P > 0.05 表示满足比例优势（平行线）假定；多分类变量按每个哑变量分别检验。'],
        ),
      ],
    });
  }

  const alpha = 1 - level;
  const parts: string[] = [];
  const caveats: string[] = [];
  parts.push(`共纳入 ${m.n} 例，结局“${yName}”由低到高为${order.map((c, k) => `“${c}”${counts[k]} 例`).join('、')}。`);
  parts.push(`有序 Logistic 回归模型似然比检验 χ² = ${num(m.modelChiSquare, 3)}，df = ${m.modelDf}，${pSentence(m.modelPValue)}，Nagelkerke R² = ${num(m.nagelkerkeR2, 3)}。`);
  const sig = rows.filter((r) => !r.reference && coef.get(r.column!)!.pValue < alpha);
  const describe = sig.map((r) => {
    const c = coef.get(r.column!)!;
    const what = r.level === null ? `“${r.variable}”每增加 1 个单位` : `“${r.variable}”为“${r.level}”者（相对“${input.levels.get(r.variable)![0]}”）`;
    return `${what}结局处于更高等级的累积比值${c.oddsRatio > 1 ? '增大' : '减小'}（OR = ${num(c.oddsRatio, 3)}，${pct}%CI ${ciText(c.oddsRatioCi)}，${pSentence(c.pValue)}）`;
  });
  parts.push(sig.length > 0 ? `调整其他变量后，${describe.join('；')}。` : '调整其他变量后，各自变量的效应均无统计学意义。');
  const nonsig = input.names.filter((v) => !sig.some((r) => r.variable === v));
  if (sig.length > 0 && nonsig.length > 0) parts.push(`${quoted(nonsig)}的效应无统计学意义。`);
  if (b) {
    const bad = b.terms.filter((t) => t.pValue < 0.05);
    parts.push(`Brant 平行线检验总体 χ² = ${num(b.omnibus.chiSquare, 3)}，df = ${b.omnibus.df}，${pSentence(b.omnibus.pValue)}，${b.omnibus.pValue >= 0.05 ? '满足比例优势假定' : '提示不满足比例优势假定'}。`);
    if (b.omnibus.pValue < 0.05 || bad.length > 0) {
      caveats.push(
        `平行线检验提示${bad.length > 0 ? `${quoted(bad.map((t) => t.term))}的效应在各分界点不同` : '比例优势假定不成立'}：单一 OR 不能概括其在各等级间的效应。可改用多分类 Logistic 回归、部分比例优势模型，或分别报告各分界点的二元 Logistic 回归。`,
      );
    }
  }
  const sparse = order.filter((_, k) => counts[k]! < 5);
  if (sparse.length > 0) caveats.push(`结局等级${quoted(sparse)}例数少于 5，相应阈值估计不稳定，平行线检验也可能不可靠；可考虑合并相邻等级。`);
  if (p0 > 0 && m.n / p0 < 10) caveats.push(`每个自变量参数的样本量不足 10 例（${num(m.n / p0, 1)}），系数估计可能不稳定。`);
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  const results: ToolOutput['results'] = {
    n: m.n,
    excluded: input.excluded,
    order: order.join('、'),
    statistic: m.modelChiSquare,
    df: m.modelDf,
    p: m.modelPValue,
    deviance: m.deviance,
    nullDeviance,
    logLik: m.logLik,
    aic: m.aic,
    bic: m.bic,
    mcFaddenR2: m.mcFaddenR2,
    coxSnellR2: m.coxSnellR2,
    nagelkerkeR2: m.nagelkerkeR2,
    brantStatistic: b ? b.omnibus.chiSquare : null,
    brantDf: b ? b.omnibus.df : null,
    brantP: b ? b.omnibus.pValue : null,
  };
  for (const t of m.thresholds) Object.assign(results, { [`threshold.${t.term}`]: t.estimate, [`thresholdSe.${t.term}`]: t.se });
  for (const c of m.coefficients) {
    Object.assign(results, {
      [`estimate.${c.term}`]: c.estimate,
      [`se.${c.term}`]: c.se,
      [`p.${c.term}`]: c.pValue,
      [`or.${c.term}`]: c.oddsRatio,
      [`orLower.${c.term}`]: finiteOrNull(c.oddsRatioCi[0]),
      [`orUpper.${c.term}`]: finiteOrNull(c.oddsRatioCi[1]),
    });
  }
  for (const t of b?.terms ?? []) Object.assign(results, { [`brantStatistic.${t.term}`]: t.chiSquare, [`brantDf.${t.term}`]: t.df, [`brantP.${t.term}`]: t.pValue });
  for (const [f, d] of drop1) Object.assign(results, { [`termStatistic.${f}`]: d.statistic, [`termP.${f}`]: d.pValue });

  return { title: `有序 Logistic 回归：${yName}`, sections, results };
}
