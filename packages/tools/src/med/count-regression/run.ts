// Poisson / 负二项回归: both count models (R: glm(family = poisson), MASS::glm.nb) with an optional
// exposure offset, the overdispersion tests that choose between them (LR test of NB vs Poisson with
// the boundary-corrected P, Cameron–Trivedi's auxiliary regression), and the chosen model's IRRs
// with Wald CIs, a forest plot, LR tests of multi-level factors and its fit statistics.
import { chisqSf, negativeBinomialRegression, normalSf, poissonRegression, StatsError, type CountRegressionResult, maxOf } from '@labstat/stats';
import { forestChart } from '../../charts.js';
import { levelOf, pSentence, requireVariables } from '../../common.js';
import { modelInput, quoted } from '../../model-input.js';
import { factorDrop1, forestRows, termRows } from '../../model-terms.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { missingNote, numericValues } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

/**
 * Cameron & Trivedi (1990) test of H0 Var(y) = μ against Var(y) = μ + αμ² (α > 0): regress
 * ((y − μ̂)² − y)/μ̂ on μ̂ without intercept and refer the t statistic to the standard normal,
 * one-sided (as AER::dispersiontest(fit, trafo = 2)).
 */
function cameronTrivedi(y: readonly number[], mu: readonly number[]): { alpha: number; statistic: number; pValue: number } {
  const n = y.length;
  const aux = y.map((v, i) => ((v - mu[i]!) ** 2 - v) / mu[i]!);
  const sxx = mu.reduce((s, m) => s + m * m, 0);
  const alpha = aux.reduce((s, a, i) => s + a * mu[i]!, 0) / sxx;
  const rss = aux.reduce((s, a, i) => s + (a - alpha * mu[i]!) ** 2, 0);
  const statistic = alpha / Math.sqrt(rss / (n - 1) / sxx);
  return { alpha, statistic, pValue: normalSf(statistic) };
}

export function run(data: DataTable, params: Params): ToolOutput {
  const yName = String(params.y ?? '');
  if (!yName) throw new ToolInputError('请选择计数结局变量');
  const offName = String(params.offset ?? '');
  requireVariables(data, offName ? [yName, offName] : [yName]);
  if (offName === yName) throw new ToolInputError(`变量“${yName}”不能同时作为结局与偏移量`);
  const logged = params.offsetType === 'log';
  const yAll = numericValues(data, yName);
  const offAll = offName ? numericValues(data, offName) : null;
  const extra = [{ name: yName, present: (i: number) => yAll[i] !== null }];
  if (offAll) extra.push({ name: offName, present: (i: number) => offAll[i] !== null });
  const input = modelInput(data, params, yName, extra);
  const level = levelOf(params);
  const pct = Math.round(level * 100);
  const y = input.rows.map((i) => yAll[i]!);
  const bad = y.findIndex((v) => !(v >= 0) || !Number.isInteger(v));
  if (bad >= 0) throw new ToolInputError(`计数结局“${yName}”必须是非负整数，第 ${input.rows[bad]! + 1} 行为 ${y[bad]}；连续型结局请用线性回归`);
  if (y.every((v) => v === 0)) throw new ToolInputError(`计数结局“${yName}”在分析的行中全为 0，无法拟合计数模型`);
  let offset: number[] | undefined;
  if (offAll) {
    const raw = input.rows.map((i) => offAll[i]!);
    if (!logged) {
      const k = raw.findIndex((v) => !(v > 0));
      if (k >= 0) throw new ToolInputError(`暴露量“${offName}”必须大于 0（第 ${input.rows[k]! + 1} 行为 ${raw[k]}），才能取对数作为偏移量；若该列已是 log(暴露量)，请把“偏移量列的含义”改为“已取对数”`);
    }
    offset = logged ? raw : raw.map(Math.log);
  }
  const p0 = input.names.reduce((s, v) => s + input.columnsOf(v), 0) + 1;
  if (y.length <= p0 + 1) throw new ToolInputError(`分析的行只有 ${y.length} 行，需多于模型参数个数（${p0 + 1}）；请减少自变量或收集更多资料`);

  const fitWith = (kind: 'poisson' | 'negbin', use: readonly string[]): CountRegressionResult => {
    const args = { y, offset, predictors: input.predictors.filter((p) => use.includes(p.name)), level };
    return kind === 'poisson' ? poissonRegression(args) : negativeBinomialRegression(args);
  };
  let pois: CountRegressionResult;
  try {
    pois = fitWith('poisson', input.names);
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(`Poisson 回归：${err.message}`);
    throw err;
  }
  let nb: CountRegressionResult | null = null;
  let nbError: string | null = null;
  try {
    nb = fitWith('negbin', input.names);
  } catch (err) {
    if (!(err instanceof StatsError)) throw err;
    nbError = err.message;
  }
  // LR test of α = 0 (θ = ∞): on the boundary of the parameter space, so P is half the χ²₁ tail.
  const lr = nb ? Math.max(0, 2 * (nb.logLik - pois.logLik)) : 0;
  const lrP = nb ? 0.5 * chisqSf(lr, 1) : 1;
  const ct = cameronTrivedi(y, pois.fitted);
  const choice = params.model === 'poisson' ? 'poisson' : params.model === 'negbin' ? 'negbin' : 'auto';
  const useNb = choice === 'negbin' ? true : choice === 'poisson' ? false : lrP < 0.05;
  if (useNb && !nb) throw new ToolInputError(`负二项回归无法拟合：${nbError}`);
  const m = useNb ? nb! : pois;
  const kind = useNb ? 'negbin' : 'poisson';
  const modelName = useNb ? '负二项回归' : 'Poisson 回归';
  const m2ll = (r: CountRegressionResult) => -2 * r.logLik;
  let nullM2ll: number;
  try {
    // The empty model (intercept and offset only), for the factors' LR tests when a factor is the only term.
    nullM2ll = useNb ? m2ll(negativeBinomialRegression({ y, offset, predictors: [], level })) : m2ll(m) + m.modelChiSquare;
  } catch {
    nullM2ll = NaN;
  }
  const drop1 = factorDrop1(input.names, input.fs, input.columnsOf, (rest) => m2ll(fitWith(kind, rest)), m2ll(m), nullM2ll);
  const rows = termRows(input.names, input.levels);
  const coef = new Map(m.coefficients.map((c) => [c.term, c]));
  const ciText = (ci: readonly [number, number]) => `${num(ci[0], 3) ?? '0'} ~ ${num(ci[1], 3) ?? '∞'}`;

  const n = y.length;
  const mean = y.reduce((a, b) => a + b, 0) / n;
  const variance = y.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1);
  const zeros = y.filter((v) => v === 0).length;
  const sections: ToolOutput['sections'] = [];
  const offsetNote = offName
    ? `偏移量：${logged ? `“${offName}”（已是 log(暴露量)，直接作为偏移量）` : `log(“${offName}”)（工具对暴露量取自然对数）`}；IRR 为每单位暴露的发生率之比。`
    : '未设偏移量：各观察单位的观察时间视为相同，IRR 为期望计数之比。';
  sections.push({
    title: '样本概况',
    blocks: [
      table(
        '表1 计数结局的分布',
        ['纳入例数', '因缺失排除', '均数', '方差', '方差/均数', '0 的例数（%）', '最大值'],
        [[n, input.excluded, num(mean, 3), num(variance, 3), num(variance / mean, 2), `${zeros}（${num((100 * zeros) / n, 1)}%）`, maxOf(y)]],
        [missingNote(input.excluded), offsetNote, 'Poisson 分布的方差等于均数；未调整自变量时方差/均数远大于 1 提示过度离散（调整后的判断见表2、表3）。'],
      ),
    ],
  });

  const fitRow = (label: string, f: (r: CountRegressionResult) => string | number | null) => [label, f(pois), nb ? f(nb) : '无法拟合'];
  sections.push({
    title: '模型比较与过度离散检验',
    blocks: [
      table(
        '表2 Poisson 回归与负二项回归的拟合',
        ['指标', 'Poisson', '负二项'],
        [
          fitRow('对数似然', (r) => num(r.logLik, 3)),
          fitRow('偏差（Deviance）', (r) => num(r.deviance, 3)),
          fitRow('残差自由度', (r) => r.dfResidual),
          fitRow('Pearson χ²/df（离散度）', (r) => num(r.dispersion, 3)),
          fitRow('AIC', (r) => num(r.aic, 3)),
          fitRow('BIC', (r) => num(r.bic, 3)),
          fitRow('θ（SE）', (r) => (r.theta === null ? '—' : `${num(r.theta, 3)}（${num(r.thetaSe!, 3)}）`)),
        ],
        ['负二项模型（NB2）的方差为 μ + μ²/θ，θ 越小过度离散越明显；θ → ∞ 时即 Poisson 模型。AIC/BIC 越小越好（负二项模型多 1 个参数 θ）。', ...(nbError ? [`负二项回归无法拟合：${nbError}`] : [])],
      ),
      table(
        '表3 过度离散检验',
        ['检验', '统计量', 'P', '判断'],
        [
          ['似然比检验（负二项 vs Poisson）', nb ? `χ² = ${num(lr, 3)}` : '—', nb ? formatP(lrP) : '—', nb ? (lrP < 0.05 ? '过度离散' : '无明显过度离散') : '—'],
          ['Cameron–Trivedi 检验', `z = ${num(ct.statistic, 3)}（α = ${num(ct.alpha, 4)}）`, formatP(ct.pValue), ct.pValue < 0.05 ? '过度离散' : '无明显过度离散'],
        ],
        [
          '似然比检验：2 ×（负二项 − Poisson 的对数似然），α = 1/θ = 0 位于参数空间边界，P 取 χ²₁ 上尾概率的一半（R: pchisq(LR, 1, lower.tail = FALSE) / 2）。',
          'Cameron–Trivedi 检验：以 Poisson 模型的拟合值 μ̂ 作辅助回归 ((y − μ̂)² − y)/μ̂ = α·μ̂，单侧检验 α > 0（R: AER::dispersiontest(fit, trafo = 2)）。',
          `报告的模型：${choice === 'auto' ? `按似然比检验自动选择（P ${lrP < 0.05 ? '<' : '≥'} 0.05）——${modelName}` : `用户指定——${modelName}`}。`,
        ],
      ),
    ],
  });

  const estRows: Array<Array<string | number | null>> = [];
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
    estRows.push([...head, num(c.estimate, 4), num(c.se, 4), num(c.statistic, 3), formatP(c.pValue), num(c.rateRatio, 3), ciText(c.rateRatioCi), overall]);
  });
  const b0 = m.coefficients[0]!;
  estRows.push(['常数项', '', num(b0.estimate, 4), num(b0.se, 4), num(b0.statistic, 3), formatP(b0.pValue), num(b0.rateRatio, 4), '', '']);
  sections.push({
    title: `${modelName}`,
    blocks: [
      table(`表4 ${modelName}的参数估计`, ['变量', '类别', 'B', 'SE', 'z', 'P', 'IRR', `IRR ${pct}%CI`, '整体 P'], estRows, [
        `IRR = exp(B)：其他变量不变时，该变量每增加 1 个单位（或相对于参照类别）${offName ? '发生率' : '期望计数'}的倍数。z = B/SE（Wald 检验）；置信区间为 Wald 法 exp(B ± z·SE)（R: exp(confint.default(fit))）。${offName ? '常数项的 exp(B) 为所有自变量取 0（或参照类别）时每单位暴露的基线发生率。' : ''}`,
        ...(drop1.size > 0 ? [`整体 P：多分类变量全部哑变量的似然比检验（R: ${useNb ? 'anova(去掉该变量的模型, fit)，θ 重新估计' : 'drop1(fit, test = "Chisq")'}）。`] : []),
      ]),
      forestChart(
        forestRows(rows, (column) => ({ ratio: coef.get(column)!.rateRatio, ci: coef.get(column)!.rateRatioCi })),
        { title: `图1 ${modelName}的 IRR（森林图）`, xName: `IRR（${pct}%CI，对数刻度）` },
      ),
      table(
        `表5 ${modelName}的模型检验`,
        ['指标', '值'],
        [
          ['似然比 χ²（模型 vs 仅常数项）', num(m.modelChiSquare, 3)],
          ['df', m.modelDf],
          ['P', formatP(m.modelPValue)],
          ['偏差', num(m.deviance, 3)],
          ['零模型偏差', num(m.nullDeviance, 3)],
          ['Pearson χ²/df', num(m.dispersion, 3)],
        ],
        [useNb ? '负二项模型的似然比检验在同一 θ 下比较偏差（同 R 的 glm.nb 的 null.deviance − deviance）。' : '似然比检验为零模型偏差与模型偏差之差。'],
      ),
    ],
  });

  const alpha = 1 - level;
  const parts: string[] = [];
  const caveats: string[] = [];
  parts.push(`共纳入 ${n} 例，“${yName}”的均数为 ${num(mean, 2)}，方差为 ${num(variance, 2)}。`);
  if (nb) {
    const aics = `AIC：Poisson ${num(pois.aic, 1)}，负二项 ${num(nb.aic, 1)}`;
    parts.push(
      `过度离散的似然比检验 χ² = ${num(lr, 3)}，${pSentence(lrP)}（Cameron–Trivedi 检验 z = ${num(ct.statistic, 3)}，${pSentence(ct.pValue)}），${lrP < 0.05 ? '数据存在过度离散' : '未见明显过度离散'}，` +
        `${choice === 'auto' ? '故' : '按用户指定'}采用${modelName}（${useNb ? `θ = ${num(nb.theta!, 3)}；` : ''}${aics}）。`,
    );
  } else parts.push('负二项模型无法拟合（θ 趋于无穷，没有过度离散），采用 Poisson 回归。');
  parts.push(`模型似然比检验 χ² = ${num(m.modelChiSquare, 3)}，df = ${m.modelDf}，${pSentence(m.modelPValue)}。`);
  const sig = rows.filter((r) => !r.reference && coef.get(r.column!)!.pValue < alpha);
  const what = offName ? '发生率' : `“${yName}”`;
  const describe = sig.map((r) => {
    const c = coef.get(r.column!)!;
    const who = r.level === null ? `“${r.variable}”每增加 1 个单位，${what}${c.rateRatio > 1 ? '增加' : '降低'} ${num(Math.abs(c.rateRatio - 1) * 100, 1)}%` : `“${r.variable}”为“${r.level}”者的${what}是“${input.levels.get(r.variable)![0]}”者的 ${num(c.rateRatio, 3)} 倍`;
    return `${who}（IRR = ${num(c.rateRatio, 3)}，${pct}%CI ${ciText(c.rateRatioCi)}，${pSentence(c.pValue)}）`;
  });
  parts.push(sig.length > 0 ? `调整其他变量后，${describe.join('；')}。` : '调整其他变量后，各自变量的效应均无统计学意义。');
  const nonsig = input.names.filter((v) => !sig.some((r) => r.variable === v));
  if (sig.length > 0 && nonsig.length > 0) parts.push(`${quoted(nonsig)}的效应无统计学意义。`);

  if (!useNb && lrP < 0.05) caveats.push('过度离散检验有统计学意义，Poisson 回归的标准误被低估、P 值偏小；宜采用负二项回归。');
  if (!useNb && pois.dispersion > 1.5 && lrP >= 0.05) caveats.push(`Poisson 模型的 Pearson 离散度为 ${num(pois.dispersion, 2)}，大于 1；可考虑负二项回归或稳健标准误。`);
  if (pois.dispersion < 0.7) caveats.push(`Pearson 离散度为 ${num(pois.dispersion, 2)}，明显小于 1，提示离散不足（欠离散），Poisson 模型的标准误可能偏大。`);
  const expectedZeros = pois.fitted.reduce((s, mu) => s + Math.exp(-mu), 0);
  if (zeros > 1.5 * expectedZeros + 5) caveats.push(`观察到的 0 有 ${zeros} 个，而 Poisson 模型预期约 ${num(expectedZeros, 1)} 个，可能存在零膨胀；负二项模型可部分吸收，必要时考虑零膨胀或 hurdle 模型。`);
  if (n / p0 < 10) caveats.push(`每个参数的观测数不足 10（${num(n / p0, 1)}），系数估计可能不稳定。`);
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  const results: ToolOutput['results'] = {
    n,
    excluded: input.excluded,
    model: useNb ? 'negative-binomial' : 'poisson',
    mean,
    variance,
    statistic: m.modelChiSquare,
    df: m.modelDf,
    p: m.modelPValue,
    deviance: m.deviance,
    nullDeviance: m.nullDeviance,
    dfResidual: m.dfResidual,
    logLik: m.logLik,
    aic: m.aic,
    bic: m.bic,
    dispersion: m.dispersion,
    theta: m.theta,
    thetaSe: m.thetaSe,
    poissonLogLik: pois.logLik,
    poissonDeviance: pois.deviance,
    poissonAic: pois.aic,
    poissonBic: pois.bic,
    poissonDispersion: pois.dispersion,
    nbLogLik: nb ? nb.logLik : null,
    nbAic: nb ? nb.aic : null,
    nbBic: nb ? nb.bic : null,
    nbTheta: nb ? nb.theta : null,
    overdispersionStatistic: nb ? lr : null,
    overdispersionP: nb ? lrP : null,
    ctAlpha: ct.alpha,
    ctStatistic: ct.statistic,
    ctP: ct.pValue,
  };
  for (const c of m.coefficients) {
    Object.assign(results, {
      [`estimate.${c.term}`]: c.estimate,
      [`se.${c.term}`]: c.se,
      [`z.${c.term}`]: c.statistic,
      [`p.${c.term}`]: c.pValue,
      [`irr.${c.term}`]: c.rateRatio,
      [`irrLower.${c.term}`]: finiteOrNull(c.rateRatioCi[0]),
      [`irrUpper.${c.term}`]: finiteOrNull(c.rateRatioCi[1]),
    });
  }
  for (const [f, d] of drop1) Object.assign(results, { [`termStatistic.${f}`]: d.statistic, [`termP.${f}`]: d.pValue });

  return { title: `${modelName}：${yName}`, sections, results };
}
