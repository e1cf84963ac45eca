// Cox 回归: univariable screening (each covariate alone), the multivariable model with HRs, a
// forest plot, the model's LR/Wald/score tests and C-index, and the proportional-hazards check
// (cox.zph per term and global). Categorical covariates take a reference level (first appearance
// unless the user names one); separation and sparse categories are refused with the term named.
import { coxRegression, normalQuantile, StatsError, type CoxResult, type Predictor, maxOf } from '@labstat/stats';
import { forestChart, residualChart } from '../../charts.js';
import { levelOf, pSentence } from '../../common.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { factorDrop1, forestRows, parseReferences, termRows, type FactorTest, type TermRow } from '../../model-terms.js';
import { levelOrder, missingNote, readSurvival, type ExtraColumn } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const MAX_LEVELS = 15;
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String).filter((x) => x !== '') : typeof v === 'string' && v !== '' ? [v] : []);

export function run(data: DataTable, params: Params): ToolOutput {
  const xs = list(params.x);
  const fs = list(params.factors);
  const strataName = String(params.strata ?? '');
  if (xs.length + fs.length === 0) throw new ToolInputError('请至少选择一个协变量（定量或分类）');
  const both = xs.filter((x) => fs.includes(x));
  if (both.length > 0) throw new ToolInputError(`变量“${both[0]}”同时被选为定量与分类协变量，请只保留一种`);
  if (strataName && [...xs, ...fs].includes(strataName)) throw new ToolInputError(`分层变量“${strataName}”不能同时作为协变量`);
  const extra: ExtraColumn[] = [...xs.map((name) => ({ name, kind: 'numeric' as const })), ...fs.map((name) => ({ name, kind: 'categorical' as const }))];
  if (strataName) extra.push({ name: strataName, kind: 'categorical' });
  const input = readSurvival(data, params, extra);
  const level = levelOf(params);
  const pct = Math.round(level * 100);
  const z = normalQuantile(1 - (1 - level) / 2);
  const ties = params.ties === 'breslow' ? 'breslow' : 'efron';
  const zphTransform = (['km', 'rank', 'identity', 'log'].includes(String(params.zphTransform)) ? params.zphTransform : 'km') as 'km' | 'rank' | 'identity' | 'log';
  const eventWord = input.coding.positive;

  // Covariates: constant ones refused; factor levels in first-appearance or the user's order.
  for (const x of xs) {
    const v = input.numeric.get(x)!;
    if (v.every((u) => u === v[0])) throw new ToolInputError(`定量协变量“${x}”在分析的行中取值恒定（均为 ${v[0]}），无法估计其效应，请删除该变量`);
  }
  const refs = parseReferences(params.reference, fs);
  const levels = new Map(fs.map((f) => [f, levelOrder(input.text.get(f)!, f, refs.get(f) ?? [])]));
  const levelCounts = new Map<string, Map<string, { n: number; events: number }>>();
  for (const f of fs) {
    const lv = levels.get(f)!;
    if (lv.length < 2) throw new ToolInputError(`分类协变量“${f}”在分析的行中只有一个类别（“${lv[0]}”），无法纳入模型，请删除该变量`);
    if (lv.length > MAX_LEVELS) throw new ToolInputError(`分类协变量“${f}”有 ${lv.length} 个类别，超过 ${MAX_LEVELS} 个；请合并类别，或把它作为定量变量`);
    const counts = new Map(lv.map((l) => [l, { n: 0, events: 0 }]));
    input.text.get(f)!.forEach((v, i) => {
      const c = counts.get(v)!;
      c.n++;
      c.events += input.status[i]!;
    });
    levelCounts.set(f, counts);
    for (const [l, c] of counts) {
      if (c.events === 0) {
        throw new ToolInputError(`分类协变量“${f}”的类别“${l}”（${c.n} 例）中没有发生事件，其风险比趋于 0、模型无法收敛；请将该类别与相邻类别合并，或删除这些行`);
      }
    }
  }
  const columnsOf = (name: string) => (xs.includes(name) ? 1 : levels.get(name)!.length - 1);
  const names = [...xs, ...fs];
  const strata = strataName ? input.text.get(strataName)! : undefined;
  if (strata && new Set(strata).size < 2) throw new ToolInputError(`分层变量“${strataName}”在分析的行中只有一层，分层没有意义；请不选分层变量`);

  const predictorOf = (name: string): Predictor =>
    xs.includes(name) ? { name, values: input.numeric.get(name)!, type: 'numeric' } : { name, values: input.text.get(name)!, type: 'categorical', reference: levels.get(name)![0] };
  const fit = (use: string[]): CoxResult => coxRegression({ time: input.time, status: input.status, predictors: use.map(predictorOf), strata, ties, level, zphTransform });
  const rowsOf = (use: string[]): TermRow[] => termRows(use, levels);
  const maxColumns = maxOf(names.map(columnsOf));
  if (input.events <= maxColumns) throw new ToolInputError(`事件数（${input.events}）太少：需多于模型参数个数（${maxColumns}）。请合并分类变量的类别或收集更多事件`);

  // Univariable screening: each covariate alone on the same rows (and strata).
  const uni = new Map<string, { fit: CoxResult | null; error: string | null }>();
  for (const name of names) {
    try {
      uni.set(name, { fit: fit([name]), error: null });
    } catch (err) {
      if (!(err instanceof StatsError)) throw err;
      uni.set(name, { fit: null, error: err.message });
    }
  }
  const lrP = (name: string) => uni.get(name)!.fit?.likelihoodRatio.pValue ?? NaN;
  const screenP = typeof params.screenP === 'number' && params.screenP > 0 ? params.screenP : 0.1;
  const screened = params.selection === 'screen';
  const selected = screened ? names.filter((n) => lrP(n) < screenP) : names;

  const uniFootnotes: string[] = [];
  const uniRows = rowsOf(names).map((r, i, all) => {
    const u = uni.get(r.variable)!;
    const first = i === 0 || all[i - 1]!.variable !== r.variable;
    const counts = r.level !== null ? levelCounts.get(r.variable)!.get(r.level)! : null;
    const head = [first ? r.variable : '', r.level ?? '', counts?.n ?? '', counts?.events ?? ''];
    const overall = first ? (u.fit ? formatP(u.fit.likelihoodRatio.pValue) : '—') : '';
    if (!u.fit) {
      if (first) uniFootnotes.push(`“${r.variable}”单独拟合失败：${u.error}`);
      return [...head, first ? '不收敛' : '', '', '', overall];
    }
    if (r.reference) return [...head, '1（参照）', '', '', overall];
    const c = u.fit.coefficients.find((x) => x.term === r.column)!;
    return [...head, num(c.hazardRatio, 3), `${num(c.hazardRatioCi[0], 3)} ~ ${num(c.hazardRatioCi[1], 3)}`, formatP(c.pValue), overall];
  });

  const sections: ToolOutput['sections'] = [];
  const strataNote = strataName ? `按“${strataName}”分层（${new Set(strata).size} 层，各层基线风险不同）。` : '';
  const methodNote = `偏似然估计，结点按 ${ties === 'efron' ? 'Efron' : 'Breslow'} 法处理（R: coxph(ties = "${ties}")）。${strataNote}`;

  let multi: CoxResult | null = null;
  let drop1: Map<string, FactorTest> = new Map();
  if (selected.length > 0) {
    const p = selected.reduce((s, n) => s + columnsOf(n), 0);
    if (input.events <= p) throw new ToolInputError(`事件数（${input.events}）太少：多因素模型有 ${p} 个参数，事件数须多于参数个数（一般建议每个参数至少 10 个事件）。请减少协变量或合并类别`);
    try {
      multi = fit(selected);
    } catch (err) {
      if (err instanceof StatsError) throw new ToolInputError(`多因素模型：${err.message}`);
      throw err;
    }
    const m = multi;
    drop1 = factorDrop1(selected, fs, columnsOf, (rest) => -2 * fit(rest).logLik, -2 * m.logLik, -2 * m.logLikNull);
  }

  const p0 = multi ? multi.coefficients.length : 0;
  sections.push({
    title: '样本概况',
    blocks: [
      table(
        '表1 分析样本',
        ['纳入例数', `事件数（${eventWord}）`, '删失数', '因缺失排除', '多因素模型参数', '每参数事件数（EPV）'],
        [[input.rows.length, input.events, input.rows.length - input.events, input.excluded, p0 || '—', p0 ? num(input.events / p0, 1) : '—']],
        [input.codingNote, missingNote(input.excluded), '单因素与多因素分析使用同一批观测。'],
      ),
    ],
  });
  sections.push({
    title: '单因素 Cox 回归',
    blocks: [
      table(`表2 单因素 Cox 回归（每个变量单独拟合）`, ['变量', '类别', '例数', '事件数', 'HR', `${pct}%CI`, 'P', '整体 P'], uniRows, [
        methodNote,
        'HR 与 P 为 Wald 检验；整体 P 为该变量的似然比检验（多分类变量为全部哑变量的联合检验）。',
        ...(screened ? [`多因素模型纳入整体 P < ${screenP} 的变量：${selected.length > 0 ? selected.map((v) => `“${v}”`).join('、') : '无'}。`] : []),
        ...uniFootnotes,
      ]),
    ],
  });

  const results: ToolOutput['results'] = {
    n: input.rows.length,
    events: input.events,
    excluded: input.excluded,
    eventValue: eventWord,
    ties,
    strata: strataName || null,
  };
  for (const name of names) {
    const u = uni.get(name)!.fit;
    results[`uniLrP.${name}`] = u ? u.likelihoodRatio.pValue : null;
    for (const c of u?.coefficients ?? []) {
      results[`uniHr.${c.term}`] = c.hazardRatio;
      results[`uniHrLower.${c.term}`] = c.hazardRatioCi[0];
      results[`uniHrUpper.${c.term}`] = c.hazardRatioCi[1];
      results[`uniP.${c.term}`] = c.pValue;
    }
  }

  const parts: string[] = [];
  const caveats: string[] = [];
  parts.push(`共纳入 ${input.rows.length} 例，发生事件（${eventWord}）${input.events} 例。`);
  const uniSig = names.filter((n) => lrP(n) < 1 - level);
  parts.push(uniSig.length > 0 ? `单因素 Cox 回归中，${uniSig.map((v) => `“${v}”`).join('、')}与生存有关（P < ${num(1 - level, 3)}）。` : '单因素 Cox 回归中，各变量与生存的关联均无统计学意义。');

  if (!multi) {
    parts.push(`没有变量满足单因素筛选标准（整体 P < ${screenP}），未建立多因素模型。`);
  } else {
    const rows = rowsOf(selected);
    const coef = new Map(multi.coefficients.map((c) => [c.term, c]));
    const multiRows = rows.map((r, i, all) => {
      const first = i === 0 || all[i - 1]!.variable !== r.variable;
      const d = first ? drop1.get(r.variable) : undefined;
      const head = [first ? r.variable : '', r.level ?? ''];
      const overall = d ? formatP(d.pValue) : '';
      if (r.reference) return [...head, '', '', '', '', '1（参照）', '', overall];
      const c = coef.get(r.column!)!;
      return [...head, num(c.estimate, 4), num(c.se, 4), num(c.statistic ** 2, 3), formatP(c.pValue), num(c.hazardRatio, 3), `${num(c.hazardRatioCi[0], 3)} ~ ${num(c.hazardRatioCi[1], 3)}`, overall];
    });
    const cLo = multi.concordance - z * multi.concordanceSe;
    const cHi = multi.concordance + z * multi.concordanceSe;
    const zphRows = [...multi.proportionalHazards.terms, multi.proportionalHazards.global].map((t) => [
      t.term === 'GLOBAL' ? '全局检验（GLOBAL）' : t.term,
      num(t.chiSquare, 3),
      t.df,
      formatP(t.pValue),
      t.pValue < 0.05 ? '可能违背比例风险假定' : '未见违背',
    ]);
    sections.push({
      title: '多因素 Cox 回归',
      blocks: [
        table(`表3 多因素 Cox 回归${screened ? '（单因素筛选后）' : ''}`, ['变量', '类别', 'B', 'SE', 'Wald χ²', 'P', 'HR', `${pct}%CI`, '整体 P'], multiRows, [
          methodNote,
          'HR = exp(B)，为其他变量不变时该变量每增加 1 个单位（或相对于参照类别）的风险比；Wald χ² = (B/SE)²，df = 1。',
          ...(drop1.size > 0 ? ['整体 P：多分类变量全部哑变量的似然比检验（R: drop1(fit, test = "Chisq")）。'] : []),
        ]),
        forestChart(
          forestRows(rows, (column) => ({ ratio: coef.get(column)!.hazardRatio, ci: coef.get(column)!.hazardRatioCi })),
          { title: '图1 多因素 Cox 回归的风险比（森林图）', xName: `HR（${pct}%CI，对数刻度）` },
        ),
        table(
          '表4 模型整体检验',
          ['检验', 'χ²', 'df', 'P'],
          [
            ['似然比检验', num(multi.likelihoodRatio.statistic, 3), multi.likelihoodRatio.df, formatP(multi.likelihoodRatio.pValue)],
            ['Wald 检验', num(multi.wald.statistic, 3), multi.wald.df, formatP(multi.wald.pValue)],
            ['Score（log-rank）检验', num(multi.score.statistic, 3), multi.score.df, formatP(multi.score.pValue)],
          ],
          ['检验全部回归系数是否同时为 0。'],
        ),
        table(
          '表5 模型拟合与区分度',
          ['指标', '值'],
          [
            ['−2 对数偏似然（空模型）', num(-2 * multi.logLikNull, 3)],
            ['−2 对数偏似然（模型）', num(-2 * multi.logLik, 3)],
            ['AIC', num(multi.aic, 3)],
            ['C 指数（Harrell）', num(multi.concordance, 4)],
            ['C 指数标准误', num(multi.concordanceSe, 4)],
            [`C 指数 ${pct}%CI`, `${num(cLo, 4)} ~ ${num(Math.min(1, cHi), 4)}`],
          ],
          ['C 指数为模型预测风险与实际生存顺序一致的比例，0.5 为随机、1 为完美区分；标准误同 R coxph 的 concordance["std"]（无穷小刀切法）。'],
        ),
      ],
    });
    const resid = multi.proportionalHazards.residuals;
    const MAX_PLOTS = 8;
    const residualCharts = (resid?.terms ?? []).slice(0, MAX_PLOTS).map((term, t) => {
      const single = multi!.coefficients.find((c) => c.term === term);
      const points = resid!.time.flatMap((time, e) => (resid!.scaled[t]![e] === null ? [] : [[time, resid!.scaled[t]![e]!] as const]));
      return residualChart(points, {
        title: `图${t + 2} “${term}”的标准化 Schoenfeld 残差`,
        xName: input.timeName,
        yName: single ? `β(t)：${term}` : `β(t)：${term}（按系数合并）`,
        reference: single ? single.estimate : 1,
        referenceLabel: single ? `β = ${num(single.estimate, 4)}` : '合并系数 = 1',
      });
    });
    sections.push({
      title: '比例风险假定检验',
      blocks: [
        table('表6 比例风险假定检验（Schoenfeld 残差，cox.zph）', ['变量', 'χ²', 'df', 'P', '结论'], zphRows, [
          `时间尺度：${{ km: 'KM 变换', rank: '时间秩', identity: '原始时间', log: '对数时间' }[zphTransform]}（R: cox.zph(fit, transform = "${zphTransform}")）。P < 0.05 提示该变量的风险比随时间变化。`,
          '下图为各变量的标准化 Schoenfeld 残差随时间的变化（R: plot(cox.zph(fit))）：满足比例风险时残差围绕虚线（β）水平分布，分段均值线明显上升或下降提示效应随时间变化。多分类变量按其系数合并为一条。',
          ...((resid?.terms.length ?? 0) > MAX_PLOTS ? [`仅绘出前 ${MAX_PLOTS} 个变量的残差图。`] : []),
        ]),
        ...residualCharts,
      ],
    });

    // Conclusion.
    const sigRows = rows.filter((r) => !r.reference && coef.get(r.column!)!.pValue < 1 - level);
    const describe = (r: TermRow) => {
      const c = coef.get(r.column!)!;
      const change = Math.abs(c.hazardRatio - 1) * 100;
      const what =
        r.level === null
          ? `“${r.variable}”每增加 1 个单位，${eventWord}风险${c.hazardRatio > 1 ? '增加' : '降低'} ${num(change, 1)}%`
          : `“${r.variable}”为“${r.level}”者${eventWord}风险是“${levels.get(r.variable)![0]}”者的 ${num(c.hazardRatio, 2)} 倍`;
      return `${what}（HR = ${num(c.hazardRatio, 3)}，${pct}%CI ${num(c.hazardRatioCi[0], 3)} ~ ${num(c.hazardRatioCi[1], 3)}，${pSentence(c.pValue)}）`;
    };
    parts.push(
      `多因素 Cox 回归（${ties === 'efron' ? 'Efron' : 'Breslow'} 法处理结点${strataName ? `，按“${strataName}”分层` : ''}）纳入 ${selected.map((v) => `“${v}”`).join('、')}。` +
        (sigRows.length > 0 ? `调整其他变量后，${sigRows.map(describe).join('；')}。` : '调整其他变量后，各变量的效应均无统计学意义。'),
    );
    const nonsig = selected.filter((v) => !sigRows.some((r) => r.variable === v));
    if (sigRows.length > 0 && nonsig.length > 0) parts.push(`${nonsig.map((v) => `“${v}”`).join('、')}的效应无统计学意义。`);
    parts.push(
      `模型整体似然比检验 χ² = ${num(multi.likelihoodRatio.statistic, 3)}，df = ${multi.likelihoodRatio.df}，${pSentence(multi.likelihoodRatio.pValue)}；` +
        `C 指数为 ${num(multi.concordance, 3)}（${pct}%CI ${num(cLo, 3)} ~ ${num(Math.min(1, cHi), 3)}）。`,
    );
    const phBad = multi.proportionalHazards.terms.filter((t) => t.pValue < 0.05);
    const g = multi.proportionalHazards.global;
    parts.push(
      phBad.length === 0
        ? `比例风险假定检验未见违背（全局 χ² = ${num(g.chiSquare, 3)}，df = ${g.df}，${pSentence(g.pValue)}）。`
        : `比例风险假定检验提示${phBad.map((t) => `“${t.term}”（${pSentence(t.pValue)}）`).join('、')}的风险比可能随时间变化（全局 ${pSentence(g.pValue)}）。`,
    );
    if (phBad.length > 0) caveats.push(`${phBad.map((t) => `“${t.term}”`).join('、')}不满足比例风险假定，其 HR 只是随访期内的平均效应。可将其作为分层变量（不估计其效应）、加入与时间的交互项或分时段分析。`);
    const epv = input.events / p0;
    if (epv < 10) caveats.push(`每个参数的事件数（EPV = ${num(epv, 1)}）少于 10，系数估计可能不稳定、存在过拟合；宜减少协变量或合并类别。`);
    const wide = rows.filter((r) => !r.reference && coef.get(r.column!)!.hazardRatioCi[1] / coef.get(r.column!)!.hazardRatioCi[0] > 100);
    if (wide.length > 0) caveats.push(`${wide.map((r) => `“${r.column}”`).join('、')}的 HR 置信区间极宽，估计很不精确（常见于类别例数或事件很少）。`);

    Object.assign(results, {
      statistic: multi.likelihoodRatio.statistic,
      df: multi.likelihoodRatio.df,
      p: multi.likelihoodRatio.pValue,
      waldStatistic: multi.wald.statistic,
      waldP: multi.wald.pValue,
      scoreStatistic: multi.score.statistic,
      scoreP: multi.score.pValue,
      logLik: multi.logLik,
      logLikNull: multi.logLikNull,
      aic: multi.aic,
      concordance: multi.concordance,
      concordanceSe: multi.concordanceSe,
      concordanceLower: cLo,
      concordanceUpper: Math.min(1, cHi),
      zphGlobalChisq: g.chiSquare,
      zphGlobalP: g.pValue,
      parameters: p0,
    });
    for (const c of multi.coefficients) {
      Object.assign(results, {
        [`estimate.${c.term}`]: c.estimate,
        [`se.${c.term}`]: c.se,
        [`hr.${c.term}`]: c.hazardRatio,
        [`hrLower.${c.term}`]: finiteOrNull(c.hazardRatioCi[0]),
        [`hrUpper.${c.term}`]: finiteOrNull(c.hazardRatioCi[1]),
        [`p.${c.term}`]: c.pValue,
      });
    }
    for (const [f, d] of drop1) results[`termP.${f}`] = d.pValue;
    for (const t of multi.proportionalHazards.terms) results[`zphP.${t.term}`] = t.pValue;
  }

  for (const f of fs) {
    const sparse = [...levelCounts.get(f)!].filter(([, c]) => c.n < 5 || c.events < 3).map(([l]) => `“${l}”`);
    if (sparse.length > 0) caveats.push(`分类协变量“${f}”的类别${sparse.join('、')}例数或事件数很少，其 HR 估计不稳定；可考虑合并类别。`);
  }
  if (screened) caveats.push('按单因素 P 值筛选变量可能遗漏在单因素分析中不显著、但需要调整的混杂因素；变量选择宜以专业知识为主。');
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  return {
    title: `Cox 回归：${input.timeName}，${input.statusName}`,
    sections,
    results,
  };
}
