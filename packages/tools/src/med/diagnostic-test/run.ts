// 诊断试验评价: a binary test against a gold standard from raw columns — the 2×2 table, sensitivity,
// specificity, predictive values, accuracy, likelihood ratios, Youden's index and the diagnostic
// odds ratio, each with its CI (as epiR::epi.tests), and predictive values at a given prevalence.
import { diagnosticAccuracy, normalQuantile, type Estimate, type ProportionCiMethod } from '@labstat/stats';
import { binaryLevels, levelNote } from '../../binary-outcome.js';
import { PALETTE } from '../../charts.js';
import { levelOf, requireVariables } from '../../common.js';
import { finiteOrNull, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

type Cell = string | number | null;

/** A ratio (LR, DOR) that may be infinite or undefined when a cell is zero; CI only when estimable. */
interface Ratio {
  estimate: number;
  ci: readonly [number, number] | null;
  /** Why the estimate or its CI is not an ordinary number. */
  note: string | null;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const pctCi = (ci: readonly [number, number]) => `${pct(ci[0])} ~ ${pct(ci[1])}`;
const ratioText = (x: number) => (x === Infinity ? '∞' : Number.isNaN(x) ? '—' : x.toFixed(2));
const ratioCi = (ci: readonly [number, number], sep = ' ~ ') => `${ci[0].toFixed(2)}${sep}${ci[1].toFixed(2)}`;
/** A level in a label, left out when it only repeats the word. */
const labelled = (word: string, level: string) => (level === word ? word : `${word}（${level}）`);

/** A ratio a/b of two non-negative quantities whose log-scale variance is `varLog` when all cells are positive. */
function ratio(numerator: number, denominator: number, cellsPositive: boolean, varLog: number, z: number, zeroNote: string): Ratio {
  if (numerator === 0 && denominator === 0) return { estimate: NaN, ci: null, note: `${zeroNote}，无法估计` };
  if (denominator === 0) return { estimate: Infinity, ci: null, note: `${zeroNote}，估计值为无穷大，置信区间无法计算` };
  const estimate = numerator / denominator;
  if (!cellsPositive) return { estimate, ci: null, note: `${zeroNote}，对数法置信区间无法计算` };
  const h = z * Math.sqrt(varLog);
  return { estimate, ci: [estimate * Math.exp(-h), estimate * Math.exp(h)], note: null };
}

export function run(data: DataTable, params: Params): ToolOutput {
  const testName = String(params.test ?? '');
  const goldName = String(params.gold ?? '');
  if (!testName || !goldName) throw new ToolInputError('请选择待评价试验结果和金标准');
  if (testName === goldName) throw new ToolInputError('试验结果与金标准不能是同一列');
  requireVariables(data, [testName, goldName]);
  const level = levelOf(params);
  const pctLevel = Math.round(level * 1000) / 10;
  const method: ProportionCiMethod = params.ciMethod === 'wilson' ? 'wilson' : 'clopper-pearson';
  const methodName = method === 'wilson' ? 'Wilson 计分法' : 'Clopper-Pearson 精确法';
  const usePrevalence = params.usePrevalence === true;
  const prevalence = typeof params.prevalence === 'number' ? params.prevalence : 0.1;
  if (usePrevalence && !(prevalence > 0 && prevalence < 1)) throw new ToolInputError('目标人群患病率应在 0 与 1 之间（不含 0 和 1）');

  const t = data.text(testName);
  const g = data.text(goldName);
  const present = (v: string | null | undefined): v is string => v !== null && v !== undefined && v.trim() !== '';
  const keep: number[] = [];
  for (let i = 0; i < data.rows; i++) if (present(t[i]) && present(g[i])) keep.push(i);
  const excluded = data.rows - keep.length;
  if (keep.length === 0) throw new ToolInputError(`试验结果“${testName}”与金标准“${goldName}”没有同时不缺失的行`);
  const testValues = keep.map((i) => t[i]!);
  const goldValues = keep.map((i) => g[i]!);
  const testDistinct = new Set(testValues).size;
  if (testDistinct > 2)
    throw new ToolInputError(`试验结果“${testName}”有 ${testDistinct} 个不同取值，应为二分类（阳性/阴性）；连续指标请先用“ROC 曲线”确定截断值，再转换为阳性/阴性`);
  const gl = binaryLevels(goldValues, goldName, String(params.goldPositive ?? ''), '金标准');
  const tl = binaryLevels(testValues, testName, String(params.testPositive ?? ''), '试验结果', true);

  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  for (let k = 0; k < keep.length; k++) {
    const pos = testValues[k] === tl.positive;
    if (goldValues[k] === gl.positive) pos ? tp++ : fn++;
    else pos ? fp++ : tn++;
  }
  const n = tp + fp + fn + tn;
  const acc = diagnosticAccuracy({ truePositive: tp, falseNegative: fn, falsePositive: fp, trueNegative: tn }, { method, level });
  const z = normalQuantile(1 - (1 - level) / 2);
  const d1 = tp + fn;
  const d0 = fp + tn;

  // Likelihood ratios (log method, as epiR) and the diagnostic odds ratio (Woolf), with what a zero cell does to them.
  const lrPos = ratio(tp / d1, fp / d0, tp > 0 && fp > 0, 1 / tp - 1 / d1 + 1 / fp - 1 / d0, z, tp === 0 && fp === 0 ? '无真阳性也无假阳性' : fp === 0 ? '无假阳性（b = 0）' : '无真阳性（a = 0）');
  const lrNeg = ratio(fn / d1, tn / d0, fn > 0 && tn > 0, 1 / fn - 1 / d1 + 1 / tn - 1 / d0, z, fn === 0 && tn === 0 ? '无假阴性也无真阴性' : tn === 0 ? '无真阴性（d = 0）' : '无假阴性（c = 0）');
  const dor = ratio(tp * tn, fp * fn, tp > 0 && fp > 0 && fn > 0 && tn > 0, 1 / tp + 1 / fp + 1 / fn + 1 / tn, z, '四格表中有零格');
  // Youden's index with epiR's interval: the sums of the sensitivity and specificity bounds.
  const youdenCi: [number, number] = [acc.sensitivity.ci[0] + acc.specificity.ci[0] - 1, acc.sensitivity.ci[1] + acc.specificity.ci[1] - 1];

  // Predictive values at a given prevalence (Bayes). logit(PPV) = log(LR+) + logit(prevalence), so the
  // log-method LR interval carries over (Mercaldo, Lau & Zhou 2007); NPV likewise through LR−.
  const odds = prevalence / (1 - prevalence);
  const ppvAt = (lr: number) => (lr === Infinity ? 1 : (lr * odds) / (lr * odds + 1));
  const npvAt = (lr: number) => (lr === Infinity ? 0 : 1 / (1 + lr * odds));
  const ppvPrev = Number.isNaN(lrPos.estimate) ? NaN : ppvAt(lrPos.estimate);
  const npvPrev = Number.isNaN(lrNeg.estimate) ? NaN : npvAt(lrNeg.estimate);
  const ppvPrevCi = lrPos.ci ? ([ppvAt(lrPos.ci[0]), ppvAt(lrPos.ci[1])] as const) : null;
  const npvPrevCi = lrNeg.ci ? ([npvAt(lrNeg.ci[1]), npvAt(lrNeg.ci[0])] as const) : null;

  // Tables.
  const testNeg = tl.negative ?? '（无）';
  const crossRows: Cell[][] = [
    [labelled('阳性', tl.positive), `${tp}（a）`, `${fp}（b）`, tp + fp],
    [labelled('阴性', testNeg), `${fn}（c）`, `${tn}（d）`, fn + tn],
    ['合计', d1, d0, n],
  ];
  const crossNotes = [levelNote('金标准', goldName, gl, '金标准阳性取值'), levelNote('试验结果', testName, tl, '试验阳性取值')];
  if (tl.negative === null) crossNotes.push(`试验结果“${testName}”在分析的行中全为阳性。`);
  else if (!testValues.includes(tl.positive)) crossNotes.push(`试验结果“${testName}”在分析的行中全为阴性（“${tl.negative}”）。`);
  if (excluded > 0) crossNotes.push(`${excluded} 行因试验结果或金标准缺失未纳入分析。`);

  const notes: string[] = [];
  const propRow = (name: string, e: Estimate, formula: string, emptyNote: string): Cell[] => {
    if (!Number.isFinite(e.estimate)) {
      notes.push(`${name}：${emptyNote}，无法计算。`);
      return [name, '—', '—', formula];
    }
    return [name, pct(e.estimate), pctCi(e.ci), formula];
  };
  const ratioRow = (name: string, r: Ratio, formula: string): Cell[] => {
    if (r.note) notes.push(`${name}：${r.note}。`);
    return [name, ratioText(r.estimate), r.ci ? ratioCi(r.ci) : '—', formula];
  };
  const measureRows: Cell[][] = [
    propRow('灵敏度', acc.sensitivity, 'a/(a+c)', '金标准阳性为 0 例'),
    propRow('特异度', acc.specificity, 'd/(b+d)', '金标准阴性为 0 例'),
    propRow('阳性预测值', acc.ppv, 'a/(a+b)', '没有试验阳性者'),
    propRow('阴性预测值', acc.npv, 'd/(c+d)', '没有试验阴性者'),
    propRow('准确度', acc.accuracy, '(a+d)/n', '无数据'),
    propRow('患病率（样本）', acc.prevalence, '(a+c)/n', '无数据'),
    ratioRow('阳性似然比', lrPos, '灵敏度/(1−特异度)'),
    ratioRow('阴性似然比', lrNeg, '(1−灵敏度)/特异度'),
    ['约登指数', acc.youden.toFixed(3), `${youdenCi[0].toFixed(3)} ~ ${youdenCi[1].toFixed(3)}`, '灵敏度+特异度−1'],
    ratioRow('诊断比值比', dor, 'ad/(bc)'),
  ];
  const measureNotes = [
    `比例的 ${pctLevel}% 置信区间用${methodName}${method === 'wilson' ? '（R 的 prop.test(correct = FALSE)）' : '（R 的 binom.test）'}；似然比与诊断比值比用对数法；约登指数的区间由灵敏度与特异度的区间下限、上限相加得到（与 epiR::epi.tests 相同）。`,
    '预测值与准确度依赖样本的患病率，仅当样本患病率代表目标人群时可直接外推。',
    ...notes,
  ];

  const sections: ToolOutput['sections'] = [
    { title: '四格表', blocks: [table(`表1 ${testName}与金标准（${goldName}）的四格表`, [testName, labelled('金标准阳性', gl.positive), labelled('金标准阴性', gl.negative ?? ''), '合计'], crossRows, crossNotes)] },
    { title: '诊断指标', blocks: [table('表2 诊断试验评价指标', ['指标', '估计值', `${pctLevel}%CI`, '计算'], measureRows, measureNotes)] },
  ];

  const plotted = (
    [
      ['灵敏度', acc.sensitivity],
      ['特异度', acc.specificity],
      ['阳性预测值', acc.ppv],
      ['阴性预测值', acc.npv],
      ['准确度', acc.accuracy],
    ] as const
  ).filter(([, e]) => Number.isFinite(e.estimate));
  const r1 = (x: number) => Number((100 * x).toFixed(2));
  sections[1]!.blocks.push({
    type: 'chart',
    title: `图1 各评价指标及其 ${pctLevel}% 置信区间`,
    option: {
      textStyle: { fontFamily: 'Times New Roman, SimSun, serif' },
      tooltip: { trigger: 'item' },
      // Rows are named on the axis: an empty legend keeps the figure options from adding one over the first row.
      legend: { data: [] },
      grid: { left: 90, right: 30, top: 20, bottom: 50 },
      xAxis: { type: 'value', min: 0, max: 100, name: '%', nameLocation: 'middle', nameGap: 28, splitLine: { show: false }, axisLine: { lineStyle: { color: '#000' } } },
      yAxis: { type: 'category', data: plotted.map(([name]) => name), inverse: true, axisLine: { lineStyle: { color: '#000' } }, axisTick: { alignWithLabel: true } },
      series: [
        {
          type: 'lines',
          name: `${pctLevel}%CI`,
          coordinateSystem: 'cartesian2d',
          lineStyle: { color: '#303133', width: 1.5 },
          data: plotted.map(([, e], i) => ({ coords: [[r1(e.ci[0]), i], [r1(e.ci[1]), i]] })),
        },
        {
          type: 'scatter',
          name: '估计值',
          symbol: 'rect',
          symbolSize: 10,
          itemStyle: { color: PALETTE[0] },
          label: { show: true, position: 'top', formatter: '{@[0]}%' },
          data: plotted.map(([, e], i) => [r1(e.estimate), i]),
        },
      ],
    },
  });

  if (usePrevalence) {
    const prevNotes = ['由 Bayes 公式按灵敏度、特异度与指定患病率换算：PPV = 灵敏度×p/[灵敏度×p + (1−特异度)(1−p)]，NPV = 特异度×(1−p)/[特异度×(1−p) + (1−灵敏度)×p]。', '置信区间由似然比的对数法区间换算（logit 法，Mercaldo 等 2007）。'];
    if (!ppvPrevCi || !npvPrevCi) prevNotes.push('似然比的置信区间无法计算（四格表有零格）时，相应预测值的区间记为“—”。');
    const row = (name: string, x: number, ci: readonly [number, number] | null): Cell[] => [name, Number.isFinite(x) ? pct(x) : '—', ci ? pctCi(ci) : '—'];
    sections.push({
      title: '按患病率换算的预测值',
      blocks: [
        table(
          `表3 患病率为 ${pct(prevalence)} 时的预测值`,
          ['指标', '估计值', `${pctLevel}%CI`],
          [row('阳性预测值', ppvPrev, ppvPrevCi), row('阴性预测值', npvPrev, npvPrevCi)],
          prevNotes,
        ),
      ],
    });
  }

  // Conclusion.
  const withCi = (e: Estimate) => (Number.isFinite(e.estimate) ? `${pct(e.estimate)}（${pctLevel}%CI ${pct(e.ci[0])}~${pct(e.ci[1])}）` : '无法计算');
  const ratioSentence = (r: Ratio) => `${ratioText(r.estimate)}${r.ci ? `（${pctLevel}%CI ${ratioCi(r.ci, '~')}）` : ''}`;
  const sentences = [
    `以${goldName}为金标准（阳性：${gl.positive}，${d1} 例；阴性：${gl.negative}，${d0} 例），${testName}${tl.positive === '阳性' ? '' : `（以“${tl.positive}”为阳性）`}的灵敏度为 ${withCi(acc.sensitivity)}，特异度为 ${withCi(acc.specificity)}，` +
      `阳性预测值为 ${withCi(acc.ppv)}，阴性预测值为 ${withCi(acc.npv)}，准确度为 ${withCi(acc.accuracy)}；` +
      `阳性似然比为 ${ratioSentence(lrPos)}，阴性似然比为 ${ratioSentence(lrNeg)}，约登指数为 ${acc.youden.toFixed(3)}（${pctLevel}%CI ${youdenCi[0].toFixed(3)}~${youdenCi[1].toFixed(3)}）。`,
  ];
  const strongIn = lrPos.estimate > 10;
  const strongOut = lrNeg.estimate < 0.1;
  sentences.push(
    strongIn || strongOut
      ? `${strongIn ? '阳性似然比 > 10，试验阳性对确诊有较大价值' : ''}${strongIn && strongOut ? '；' : ''}${strongOut ? '阴性似然比 < 0.1，试验阴性对排除诊断有较大价值' : ''}。`
      : lrPos.estimate > 2 || lrNeg.estimate < 0.5
        ? '似然比提示该试验对诊断有一定帮助，但单用不足以确诊或排除。'
        : '似然比接近 1，该试验对诊断的帮助有限。',
  );
  if (usePrevalence)
    sentences.push(`若目标人群患病率为 ${pct(prevalence)}，阳性预测值为 ${Number.isFinite(ppvPrev) ? pct(ppvPrev) : '无法计算'}，阴性预测值为 ${Number.isFinite(npvPrev) ? pct(npvPrev) : '无法计算'}。`);
  const caveats: string[] = [];
  if (d1 < 10 || d0 < 10) caveats.push(`金标准阳性或阴性例数少于 10（${d1} 与 ${d0}），置信区间较宽，结论需谨慎。`);
  if (tp === 0 || fp === 0 || fn === 0 || tn === 0) caveats.push('四格表中有零格：相应比例的精确区间仍有效，但似然比或诊断比值比可能为无穷大或无法给出区间（见表2注释）。');
  if (acc.youden < 0) caveats.push('约登指数为负：试验阳性反而多见于金标准阴性者，请核对阳性取值是否设反。');

  sections.push({ title: '结论', blocks: [text(sentences.join(''), ...caveats)] });

  const est = (name: string, e: Estimate): Record<string, number | null> => ({
    [name]: finiteOrNull(e.estimate),
    [`${name}Lower`]: Number.isFinite(e.estimate) ? e.ci[0] : null,
    [`${name}Upper`]: Number.isFinite(e.estimate) ? e.ci[1] : null,
  });
  const rat = (name: string, r: Ratio): Record<string, number | null> => ({ [name]: finiteOrNull(r.estimate), [`${name}Lower`]: r.ci?.[0] ?? null, [`${name}Upper`]: r.ci?.[1] ?? null });
  return {
    title: `诊断试验评价：${testName} vs ${goldName}`,
    sections,
    results: {
      tp,
      fp,
      fn,
      tn,
      n,
      excluded,
      testPositive: tl.positive,
      goldPositive: gl.positive,
      ciMethod: method,
      ...est('sensitivity', acc.sensitivity),
      ...est('specificity', acc.specificity),
      ...est('ppv', acc.ppv),
      ...est('npv', acc.npv),
      ...est('accuracy', acc.accuracy),
      ...est('prevalence', acc.prevalence),
      ...rat('lrPositive', lrPos),
      ...rat('lrNegative', lrNeg),
      youden: acc.youden,
      youdenLower: youdenCi[0],
      youdenUpper: youdenCi[1],
      ...rat('dor', dor),
      ...(usePrevalence
        ? {
            givenPrevalence: prevalence,
            ppvAtPrevalence: finiteOrNull(ppvPrev),
            ppvAtPrevalenceLower: ppvPrevCi?.[0] ?? null,
            ppvAtPrevalenceUpper: ppvPrevCi?.[1] ?? null,
            npvAtPrevalence: finiteOrNull(npvPrev),
            npvAtPrevalenceLower: npvPrevCi?.[0] ?? null,
            npvAtPrevalenceUpper: npvPrevCi?.[1] ?? null,
          }
        : {}),
    },
  };
}
