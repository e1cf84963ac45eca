// 多分类 Logistic 回归: baseline-category logit model (R: nnet::multinom) with a chosen reference
// outcome category — per-category coefficients and RRR = exp(B) with Wald CIs, the model's LR test,
// pseudo-R², type II LR tests per covariate (car::Anova), a forest plot and the classification table.
import { multinomialRegression, StatsError, type MultinomialResult, minOf } from '@labstat/stats';
import { forestChart, type ForestRow } from '../../charts.js';
import { levelOf, pSentence } from '../../common.js';
import { categoricalOutcomeInput, quoted } from '../../model-input.js';
import { forestRows, termRows } from '../../model-terms.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { missingNote } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const MAX_CATEGORIES = 10;

export function run(data: DataTable, params: Params): ToolOutput {
  const { yName, input, y, seen } = categoricalOutcomeInput(data, params, '请选择结局变量（多分类）');
  const level = levelOf(params);
  const pct = Math.round(level * 100);
  if (seen.length < 3) throw new ToolInputError(`结局变量“${yName}”在分析的行中只有 ${seen.length} 个类别（${quoted(seen)}），多分类 Logistic 回归需要至少 3 个类别；两个类别请用二元 Logistic 回归`);
  if (seen.length > MAX_CATEGORIES) throw new ToolInputError(`结局变量“${yName}”有 ${seen.length} 个类别，超过 ${MAX_CATEGORIES} 个；请合并类别，或确认它不是定量变量`);
  const given = String(params.outcomeReference ?? '').trim();
  if (given !== '' && !seen.includes(given)) throw new ToolInputError(`结局变量“${yName}”中没有取值“${given}”（结局的参照类别），可选的取值为 ${quoted(seen)}`);
  const reference = given !== '' ? given : seen[0]!;
  const counts = new Map(seen.map((c) => [c, y.filter((v) => v === c).length]));
  const params0 = input.names.reduce((s, v) => s + input.columnsOf(v), 0) + 1;
  const smallest = minOf(counts.values());
  if (smallest <= params0) {
    const which = seen.find((c) => counts.get(c) === smallest)!;
    throw new ToolInputError(`结局变量“${yName}”的类别“${which}”只有 ${smallest} 例，不多于每个类别方程的参数个数（${params0}）；请合并类别、减少自变量或收集更多资料`);
  }

  for (const f of input.fs) {
    const col = data.text(f);
    const fv = input.rows.map((i) => col[i]!.trim());
    for (const l of input.levels.get(f)!) {
      const empty = seen.find((c) => !fv.some((v, j) => v === l && y[j] === c));
      if (empty !== undefined) {
        throw new ToolInputError(`分类自变量“${f}”的类别“${l}”中没有结局为“${empty}”的观测，存在准完全分离，相应 RRR 趋于 0 或无穷大、最大似然估计不存在；请将该类别与相邻类别合并，或删除该变量`);
      }
    }
  }

  let m: MultinomialResult;
  try {
    m = multinomialRegression({ y, reference, predictors: input.predictors, level });
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(`多分类 Logistic 回归：${err.message}`);
    throw err;
  }
  // Categories in the data's order (the engine sorts the non-reference ones).
  const cats = [reference, ...seen.filter((c) => c !== reference)];
  const ix = (c: string) => m.categories.indexOf(c);
  const countOf = (c: string) => m.counts[ix(c)]!;
  const others = cats.slice(1);
  const rows = termRows(input.names, input.levels);
  const coefOf = (cat: string, term: string) => m.coefficients.find((c) => c.category === cat && c.term === term)!;
  const ciText = (ci: readonly [number, number]) => `${num(ci[0], 3) ?? '0'} ~ ${num(ci[1], 3) ?? '∞'}`;

  const sections: ToolOutput['sections'] = [];
  sections.push({
    title: '样本概况',
    blocks: [
      table(
        '表1 结局各类别的例数',
        ['类别', '例数', '构成比（%）', '角色'],
        [...cats.map((c) => [c, countOf(c), num((100 * countOf(c)) / m.n, 1), c === reference ? '参照类别' : `与“${reference}”比较`]), ['合计', m.n, 100, '']],
        [missingNote(input.excluded), `每个非参照类别各有一组回归系数（含常数项 ${params0} 个参数），共 ${others.length} 组。`],
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
          ['−2 对数似然（仅常数项）', num(m.nullDeviance, 3)],
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
        ['似然比检验检验全部自变量的系数是否同时为 0（R: anova(multinom(y ~ 1), fit)）；伪 R² 仅供参考，不宜与线性回归的 R² 等同看待。'],
      ),
      table(
        '表3 各自变量的似然比检验',
        ['变量', '似然比 χ²', 'df', 'P'],
        m.termTests.map((t) => [t.term, num(t.chiSquare, 3), t.df, formatP(t.pValue)]),
        ['每个变量与不含该变量的模型比较（Ⅱ型检验，R: car::Anova(fit)），df = 该变量的哑变量个数 ×（结局类别数 − 1）；检验该变量对结局各类别的总体作用。'],
      ),
    ],
  });

  const estRows: Array<Array<string | number | null>> = [];
  const forest: ForestRow[] = [];
  for (const cat of others) {
    estRows.push([`${cat} vs ${reference}`, '', '', '', '', '', '']);
    const b0 = coefOf(cat, '(Intercept)');
    estRows.push(['常数项', num(b0.estimate, 4), num(b0.se, 4), num(b0.statistic ** 2, 3), formatP(b0.pValue), '', '']);
    for (const r of rows) {
      const label = r.level === null ? r.variable : `${r.variable}：${r.level}`;
      if (r.reference) {
        estRows.push([label, '', '', '', '', '1（参照）', '']);
        continue;
      }
      const c = coefOf(cat, r.column!);
      estRows.push([label, num(c.estimate, 4), num(c.se, 4), num(c.statistic ** 2, 3), formatP(c.pValue), num(c.oddsRatio, 3), ciText(c.oddsRatioCi)]);
    }
    forest.push({ label: `${cat} vs ${reference}`, estimate: null, lower: null, upper: null, text: '' });
    forest.push(...forestRows(rows, (column) => ({ ratio: coefOf(cat, column).oddsRatio, ci: coefOf(cat, column).oddsRatioCi })));
  }
  sections.push({
    title: '参数估计',
    blocks: [
      table(`表4 多分类 Logistic 回归的参数估计（参照类别：${reference}）`, ['比较 / 变量', 'B', 'SE', 'Wald χ²', 'P', 'RRR', `RRR ${pct}%CI`], estRows, [
        `RRR = exp(B)：其他变量不变时，该变量每增加 1 个单位（或相对于其参照类别），结局为该类别而非“${reference}”的相对危险比（relative risk ratio，即该类别相对参照类别的比值之比）。Wald χ² = (B/SE)²，df = 1；置信区间为 Wald 法 exp(B ± z·SE)。`,
      ]),
      forestChart(forest, { title: `图1 各类别相对“${reference}”的 RRR（森林图）`, xName: `RRR（${pct}%CI，对数刻度）` }),
    ],
  });

  sections.push({
    title: '分类表',
    blocks: [
      table(
        '表5 观察类别与预测类别',
        ['观察 \\ 预测', ...cats, '正确百分比（%）'],
        [
          ...cats.map((c) => [c, ...cats.map((d) => m.classification[ix(c)]![ix(d)]!), num((100 * m.classification[ix(c)]![ix(c)]!) / countOf(c), 1)]),
          ['总体', ...cats.map(() => ''), num(100 * m.accuracy, 1)],
        ],
        ['每个对象预测为模型给出概率最大的类别；在建模数据上评价，会高估在新样本中的正确率。'],
      ),
    ],
  });

  // Conclusion.
  const alpha = 1 - level;
  const parts: string[] = [];
  const caveats: string[] = [];
  parts.push(`共纳入 ${m.n} 例，结局“${yName}”中${cats.map((c) => `“${c}”${countOf(c)} 例`).join('、')}，以“${reference}”为参照类别。`);
  parts.push(`模型似然比检验 χ² = ${num(m.modelChiSquare, 3)}，df = ${m.modelDf}，${pSentence(m.modelPValue)}，McFadden R² = ${num(m.mcFaddenR2, 3)}，Nagelkerke R² = ${num(m.nagelkerkeR2, 3)}。`);
  const sigTerms = m.termTests.filter((t) => t.pValue < alpha);
  parts.push(
    sigTerms.length > 0
      ? `似然比检验显示，${sigTerms.map((t) => `“${t.term}”（χ² = ${num(t.chiSquare, 3)}，df = ${t.df}，${pSentence(t.pValue)}）`).join('、')}与结局类别有关。`
      : '各自变量的似然比检验均无统计学意义。',
  );
  for (const cat of others) {
    const sig = rows.filter((r) => !r.reference && coefOf(cat, r.column!).pValue < alpha);
    if (sig.length === 0) {
      parts.push(`与“${reference}”相比，“${cat}”与各自变量的关联均无统计学意义。`);
      continue;
    }
    const describe = sig.map((r) => {
      const c = coefOf(cat, r.column!);
      const what = r.level === null ? `“${r.variable}”每增加 1 个单位` : `“${r.variable}”为“${r.level}”（相对“${input.levels.get(r.variable)![0]}”）`;
      return `${what}，RRR = ${num(c.oddsRatio, 3)}（${pct}%CI ${ciText(c.oddsRatioCi)}，${pSentence(c.pValue)}）`;
    });
    parts.push(`与“${reference}”相比，结局为“${cat}”的可能：${describe.join('；')}。`);
  }
  parts.push(`模型总体预测正确率为 ${num(100 * m.accuracy, 1)}%。`);

  const perParam = smallest / params0;
  if (perParam < 10) caveats.push(`最少的结局类别每个参数只有 ${num(perParam, 1)} 例（少于 10），系数估计可能不稳定；宜减少自变量或合并类别。`);
  const wide = others.flatMap((cat) => rows.filter((r) => !r.reference && !(coefOf(cat, r.column!).oddsRatioCi[1] / coefOf(cat, r.column!).oddsRatioCi[0] <= 100)).map((r) => `${cat}：${r.column}`));
  if (wide.length > 0) caveats.push(`${quoted(wide)}的 RRR 置信区间极宽，估计很不精确（常见于某类别例数很少）。`);
  for (const f of input.fs) {
    const col = data.text(f);
    const fv = input.rows.map((i) => col[i]!.trim());
    const sparse = input.levels.get(f)!.filter((l) => cats.some((c) => fv.filter((v, j) => v === l && y[j] === c).length < 3));
    if (sparse.length > 0) caveats.push(`分类自变量“${f}”的类别${quoted(sparse)}在某些结局类别中例数少于 3，相应 RRR 不稳定；可考虑合并类别。`);
  }
  caveats.push('多分类 Logistic 回归假定“无关选项独立”（IIA）：任两个类别之间的比较不受其他类别存在与否的影响。若结局类别有自然顺序，可考虑有序 Logistic 回归，参数更少、解释更简洁。');
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  const results: ToolOutput['results'] = {
    n: m.n,
    excluded: input.excluded,
    reference,
    categories: cats.join('、'),
    statistic: m.modelChiSquare,
    df: m.modelDf,
    p: m.modelPValue,
    deviance: m.deviance,
    nullDeviance: m.nullDeviance,
    logLik: m.logLik,
    aic: m.aic,
    bic: m.bic,
    mcFaddenR2: m.mcFaddenR2,
    coxSnellR2: m.coxSnellR2,
    nagelkerkeR2: m.nagelkerkeR2,
    accuracy: m.accuracy,
  };
  for (const c of m.coefficients) {
    const k = `${c.category}.${c.term}`;
    Object.assign(results, {
      [`estimate.${k}`]: c.estimate,
      [`se.${k}`]: c.se,
      [`p.${k}`]: c.pValue,
      [`rrr.${k}`]: c.oddsRatio,
      [`rrrLower.${k}`]: finiteOrNull(c.oddsRatioCi[0]),
      [`rrrUpper.${k}`]: finiteOrNull(c.oddsRatioCi[1]),
    });
  }
  for (const t of m.termTests) Object.assign(results, { [`termStatistic.${t.term}`]: t.chiSquare, [`termDf.${t.term}`]: t.df, [`termP.${t.term}`]: t.pValue });
  m.categories.forEach((c, k) => m.categories.forEach((d, l) => (results[`classified.${c}.${d}`] = m.classification[k]![l]!)));

  return { title: `多分类 Logistic 回归：${yName}`, sections, results };
}
