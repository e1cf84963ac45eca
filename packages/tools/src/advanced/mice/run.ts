// 多重插补 MICE: mice-style chained equations (PMM / logreg / polyreg, seeded), missingness and
// methods, convergence traces (mean and SD of the imputed values per iteration, as plot(imp)),
// imputed vs observed, a linear or logistic model fitted on every completed set and pooled by
// Rubin's rules (mice::pool, Barnard–Rubin df), and the m completed sets saved stacked with `.imp`.
import { linearRegression, logisticRegression, mice, poolRubin, StatsError, type MiceResult, type PooledEstimate, type Predictor, maxOf, minOf } from '@labstat/stats';
import type { ReportBlock } from '@labstat/contracts';
import { requireVariables } from '../../common.js';
import { PALETTE } from '../../charts.js';
import { fieldList, quoted } from '../../model-input.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { asInputError } from '../reliability/run.js';

const FONT_FAMILY = 'Times New Roman, SimSun, serif';
/** Beyond this many stacked rows only the first completed set is saved. */
const MAX_STACKED = 500000;
const METHOD_TEXT = { pmm: '预测均值匹配（pmm）', logreg: 'Logistic 回归（logreg）', polyreg: '多项 Logistic 回归（polyreg）' } as const;

type Value = number | string | null;
export interface AnalysisSpec {
  y: string;
  model: 'linear' | 'logistic';
  predictors: Predictor[];
}
export interface PooledModel {
  pooled: PooledEstimate[];
  dfComplete: number;
  n: number;
}

/** Fits the model on each completed data set (columns by name) and pools the coefficients by Rubin's rules, as with(imp, lm/glm) + pool(). */
export function fitAndPool(sets: ReadonlyArray<Readonly<Record<string, readonly Value[]>>>, spec: AnalysisSpec): PooledModel {
  const fits = sets.map((cols, i) =>
    asInputError(`第 ${i + 1} 个插补数据集的回归`, () => {
      const predictors = spec.predictors.map((p) => ({ ...p, values: cols[p.name]! }));
      if (spec.model === 'linear') {
        const f = linearRegression({ y: cols[spec.y]! as Array<number | null>, predictors });
        return { coefficients: f.coefficients, n: f.n, df: f.df2 };
      }
      const f = logisticRegression({ y: cols[spec.y]!, predictors, profile: false });
      return { coefficients: f.coefficients, n: f.n, df: f.dfResidual };
    }),
  );
  const terms = fits[0]!.coefficients.map((c) => c.term);
  const dfComplete = fits[0]!.df;
  const pooled = asInputError('Rubin 规则合并', () =>
    poolRubin({ estimates: fits.map((f) => f.coefficients.map((c) => c.estimate)), se: fits.map((f) => f.coefficients.map((c) => c.se)), terms, dfComplete }),
  );
  return { pooled, dfComplete, n: fits[0]!.n };
}

function traceChart(title: string, name: string, chain: MiceResult['chains'][number], numeric: boolean): ReportBlock {
  const its = chain.mean[0]!.map((_, t) => t + 1);
  const series = chain.imputedMean.flatMap((means, s) => {
    const color = PALETTE[s % PALETTE.length];
    const out: Array<Record<string, unknown>> = [{ type: 'line', name: `第${s + 1}个数据集`, xAxisIndex: 0, yAxisIndex: 0, data: means.map((v) => num(v, 4)), symbolSize: 4, itemStyle: { color }, lineStyle: { color, width: 1.5 } }];
    if (numeric) out.push({ type: 'line', name: `第${s + 1}个数据集`, xAxisIndex: 1, yAxisIndex: 1, data: chain.sd[s]!.map((v) => num(v, 4)), symbolSize: 4, itemStyle: { color }, lineStyle: { color, width: 1.5 } });
    return out;
  });
  const axis = { type: 'category', data: its.map(String), name: '迭代次数', nameLocation: 'middle', nameGap: 26, axisLine: { lineStyle: { color: '#000' } } };
  const yAxis = (label: string) => ({ type: 'value', name: label, nameLocation: 'middle', nameGap: 50, scale: true, splitLine: { show: false }, axisLine: { show: true, lineStyle: { color: '#000' } } });
  return {
    type: 'chart',
    title,
    option: {
      textStyle: { fontFamily: FONT_FAMILY },
      tooltip: { trigger: 'axis' },
      legend: { type: 'scroll', bottom: 0, data: chain.mean.map((_, s) => `第${s + 1}个数据集`) },
      grid: numeric ? [{ left: 70, right: '54%', top: 40, bottom: 70 }, { left: '56%', right: 30, top: 40, bottom: 70 }] : [{ left: 70, right: 30, top: 40, bottom: 70 }],
      xAxis: numeric ? [{ ...axis, gridIndex: 0 }, { ...axis, gridIndex: 1 }] : [{ ...axis, gridIndex: 0 }],
      yAxis: numeric ? [{ ...yAxis(`${name}插补值的均数`), gridIndex: 0 }, { ...yAxis(`${name}插补值的标准差`), gridIndex: 1 }] : [{ ...yAxis(`插补值中“${name}”的比例`), gridIndex: 0 }],
      series,
    },
  };
}

const meanSd = (v: readonly number[]) => {
  const m = v.reduce((s, x) => s + x, 0) / v.length;
  const sd = v.length > 1 ? Math.sqrt(v.reduce((s, x) => s + (x - m) ** 2, 0) / (v.length - 1)) : NaN;
  return { m, sd };
};
const intParam = (v: unknown, fallback: number, lo: number, hi: number, what: string): number => {
  if (v === null || v === undefined || v === '') return fallback;
  const x = Number(v);
  if (!Number.isInteger(x) || x < lo || x > hi) throw new ToolInputError(`${what}须为 ${lo} ~ ${hi} 的整数（当前为 ${String(v)}）`);
  return x;
};

export function run(data: DataTable, params: Params): ToolOutput {
  const xs = fieldList(params.x);
  const fs = fieldList(params.factors);
  const all = [...xs, ...fs];
  if (all.length < 2) throw new ToolInputError('请至少选择 2 个插补变量（定量或分类）');
  requireVariables(data, all);
  const both = xs.find((v) => fs.includes(v));
  if (both) throw new ToolInputError(`变量“${both}”同时被选为定量与分类变量，请只保留一种`);
  const dup = all.find((v, i) => all.indexOf(v) !== i);
  if (dup) throw new ToolInputError(`变量“${dup}”被重复选择`);
  const m = intParam(params.m, 5, 2, 100, '插补数据集个数 m');
  const iterations = intParam(params.iterations, 10, 1, 100, '迭代次数');
  const seed = intParam(params.seed, 2023, 1, 2 ** 31 - 1, '随机种子');
  const donors = intParam(params.donors, 5, 1, 20, 'PMM 候选个数');
  const model = params.model === 'logistic' ? 'logistic' : params.model === 'none' ? 'none' : 'linear';
  const y = typeof params.y === 'string' ? params.y : '';
  let predictorNames = fieldList(params.predictors);
  if (model !== 'none') {
    if (y === '') throw new ToolInputError('请选择分析模型的结局变量，或把分析模型设为“不拟合（只插补）”');
    if (!all.includes(y)) throw new ToolInputError(`结局变量“${y}”须是选入的插补变量之一`);
    if (model === 'linear' && !xs.includes(y)) throw new ToolInputError(`线性回归的结局变量“${y}”须是定量变量（请把它放在“定量变量”中）`);
    if (model === 'logistic' && !fs.includes(y)) throw new ToolInputError(`Logistic 回归的结局变量“${y}”须是分类变量（请把它放在“分类变量”中）`);
    const stray = predictorNames.filter((v) => !all.includes(v));
    if (stray.length > 0) throw new ToolInputError(`自变量${quoted(stray)}不在插补变量中，请先把它选为插补变量`);
    predictorNames = predictorNames.filter((v) => v !== y);
    if (predictorNames.length === 0) predictorNames = all.filter((v) => v !== y);
  }

  const n = data.rows;
  const values = new Map<string, Value[]>();
  for (const v of xs) values.set(v, data.numeric(v));
  for (const v of fs) values.set(v, data.text(v).map((s) => (s === null || s.trim() === '' ? null : s.trim())));
  const missingCount = all.map((v) => values.get(v)!.filter((x) => x === null || (typeof x === 'number' && !Number.isFinite(x))).length);
  const totalMissing = missingCount.reduce((s, c) => s + c, 0);
  if (totalMissing === 0) throw new ToolInputError('所选变量没有缺失值，无需插补');
  all.forEach((v, j) => {
    if (n - missingCount[j]! < 10) throw new ToolInputError(`变量“${v}”只有 ${n - missingCount[j]!} 个观测值，太少，无法可靠插补；请不要把它选入插补模型`);
    if (xs.includes(v)) {
      const obs = values.get(v)!.filter((x): x is number => typeof x === 'number');
      if (obs.every((x) => x === obs[0])) throw new ToolInputError(`定量变量“${v}”的观测值全部相同，无法作为插补变量`);
    } else if (new Set(values.get(v)!.filter((x) => x !== null)).size > 20) {
      throw new ToolInputError(`分类变量“${v}”有超过 20 个类别，请确认它不是定量变量或编号`);
    }
  });
  const completeRows = Array.from({ length: n }, (_, i) => i).filter((i) => all.every((v) => values.get(v)![i] !== null));
  const imp = asInputError('多重插补', () =>
    mice(
      all.map((v) => ({ name: v, values: values.get(v)!, type: xs.includes(v) ? ('numeric' as const) : ('categorical' as const) })),
      { m, iterations, seed, donors },
    ),
  );
  const sets = Array.from({ length: m }, (_, i) => {
    const cols = imp.complete(i);
    return Object.fromEntries(all.map((v, j) => [v, cols[j]! as Value[]])) as Record<string, Value[]>;
  });
  const methodOf = new Map(imp.imputed.map((x) => [x.name, x.method]));

  // Table 1: missingness and methods.
  const sections: ToolOutput['sections'] = [];
  const t1 = all.map((v, j) => [v, xs.includes(v) ? '定量' : '分类', n - missingCount[j]!, missingCount[j]!, num((100 * missingCount[j]!) / n, 1), methodOf.has(v) ? METHOD_TEXT[methodOf.get(v)!] : '（无缺失，只作预测变量）']);
  sections.push({
    title: '缺失情况与插补方法',
    blocks: [
      table('表1 各变量的缺失情况与插补方法', ['变量', '类型', '观测数', '缺失数', '缺失比例(%)', '插补方法'], t1, [
        `共 ${n} 行，其中 ${completeRows.length} 行（${num((100 * completeRows.length) / n, 1)}%）所选变量全部完整，${n - completeRows.length} 行至少有一个缺失值。`,
        `插补 ${m} 个数据集，每个数据集迭代 ${iterations} 次，随机种子 ${seed}（结果可重复）；每个变量以其余全部所选变量为预测变量（mice 的默认预测矩阵），PMM 从预测值最接近的 ${donors} 个观测中随机取一个。`,
        '本工具的随机数与 R 不同，插补值与 R 的 mice 不会逐个相同，合并结果应在随机误差范围内一致。',
      ]),
    ],
  });

  // Convergence traces.
  const traces = imp.chains.map((c, k) =>
    traceChart(`图${k + 1} 收敛诊断：${c.name}${xs.includes(c.name) ? '（左：插补值的均数；右：插补值的标准差）' : '（插补值中首个非参照类别的比例）'}`, c.name, c, xs.includes(c.name)),
  );
  sections.push({ title: '收敛诊断', blocks: [...traces, text('各条线为不同插补数据集（链）在每次迭代后插补值的均数与标准差（同 R 的 plot(imp)）。各链相互交织、没有随迭代上升或下降的趋势，说明已收敛；若仍有趋势，请增加迭代次数。')] });

  // Imputed vs observed.
  const cmpRows: Array<Array<string | number | null>> = [];
  for (const x of imp.imputed) {
    const obs = values.get(x.name)!;
    if (x.method === 'pmm') {
      const o = meanSd(obs.filter((v): v is number => typeof v === 'number'));
      const im = meanSd(x.values.flat() as number[]);
      cmpRows.push([x.name, `${num(o.m, 2)} ± ${num(o.sd, 2)}`, `${num(im.m, 2)} ± ${num(im.sd, 2)}`, x.rows.length]);
    } else {
      const levels = [...new Set(obs.filter((v): v is string => v !== null))].sort();
      const observed = obs.filter((v) => v !== null);
      const flat = x.values.flat();
      const share = (arr: readonly unknown[], lv: string) => num((100 * arr.filter((v) => v === lv).length) / arr.length, 1);
      cmpRows.push([x.name, levels.map((lv) => `${lv} ${share(observed, lv)}%`).join('；'), levels.map((lv) => `${lv} ${share(flat, lv)}%`).join('；'), x.rows.length]);
    }
  }
  sections.push({
    title: '插补值与观测值',
    blocks: [
      table('表2 插补值与观测值的分布', ['变量', '观测值', `插补值（${m} 个数据集合计）`, '插补的单元格数'], cmpRows, [
        '定量变量为均数 ± 标准差，分类变量为各类别的构成比。随机缺失（MAR）时插补值的分布可以与观测值不同（如年龄较大者更易缺失），差异很大时请检查插补模型。',
      ]),
    ],
  });

  const results: ToolOutput['results'] = {
    n,
    m,
    iterations,
    seed,
    donors,
    completeCases: completeRows.length,
    incompleteRows: n - completeRows.length,
    imputedVariables: imp.imputed.length,
    model,
  };
  all.forEach((v, j) => {
    results[`missing.${v}`] = missingCount[j]!;
    if (methodOf.has(v)) results[`method.${v}`] = methodOf.get(v)!;
  });

  const parts = [
    `所选 ${all.length} 个变量中，${quoted(imp.imputed.map((x) => x.name))}有缺失（缺失比例 ${num((100 * minOf(imp.imputed.map((x) => x.rows.length))) / n, 1)}% ~ ${num((100 * maxOf(imp.imputed.map((x) => x.rows.length))) / n, 1)}%），完整病例 ${completeRows.length} 例（${num((100 * completeRows.length) / n, 1)}%）。`,
    `采用链式方程多重插补（MICE）生成 ${m} 个插补数据集（每个迭代 ${iterations} 次，随机种子 ${seed}），定量变量用预测均值匹配，分类变量用（多项）Logistic 回归插补。`,
  ];
  const caveats = [
    '多重插补假定数据随机缺失（MAR）：缺失与否只与已观测的变量有关。若缺失与未观测到的值本身有关（非随机缺失，MNAR），插补结果仍可能有偏，可做敏感性分析。',
    '插补模型应包含分析模型的全部变量（含结局）及与缺失有关的辅助变量；分析模型中的交互项、非线性项也应在插补模型中体现。',
  ];

  if (model !== 'none') {
    const spec: AnalysisSpec = { y, model, predictors: predictorNames.map((v) => ({ name: v, values: [], type: xs.includes(v) ? 'numeric' : 'categorical' })) };
    const pm = fitAndPool(sets, spec);
    // The complete-case fit on the same model, for comparison.
    let cc: Map<string, { estimate: number; se: number }> | null = null;
    let ccN = 0;
    try {
      const predictors = spec.predictors.map((p) => ({ ...p, values: values.get(p.name)! }));
      const f = model === 'linear' ? linearRegression({ y: values.get(y)! as Array<number | null>, predictors }) : logisticRegression({ y: values.get(y)!, predictors, profile: false });
      cc = new Map(f.coefficients.map((c) => [c.term, { estimate: c.estimate, se: c.se }]));
      ccN = f.n;
    } catch (err) {
      if (!(err instanceof StatsError)) throw err;
    }
    const logistic = model === 'logistic';
    const rows = pm.pooled.map((p) => {
      const c = cc?.get(p.term);
      return [
        p.term,
        num(p.estimate, 4),
        num(p.se, 4),
        num(p.statistic, 3),
        num(p.df, 1),
        formatP(p.pValue),
        ...(logistic ? [num(Math.exp(p.estimate), 3), `${num(Math.exp(p.ci[0]), 3)} ~ ${num(Math.exp(p.ci[1]), 3)}`] : [`${num(p.ci[0], 4)} ~ ${num(p.ci[1], 4)}`]),
        num(p.fmi, 3),
        c ? num(c.estimate, 4) : '—',
        c ? num(c.se, 4) : '—',
      ];
    });
    const sig = pm.pooled.filter((p) => p.term !== '(Intercept)' && p.pValue < 0.05);
    sections.push({
      title: '合并的回归结果',
      blocks: [
        table(
          `表3 ${logistic ? 'Logistic' : '线性'}回归的合并结果（Rubin 规则，${m} 个插补数据集）`,
          ['项', 'B', '标准误', 't', '自由度', 'P', ...(logistic ? ['OR', 'OR 的 95%CI'] : ['95%CI']), '缺失信息比例 FMI', '完整病例 B', '完整病例标准误'],
          rows,
          [
            `结局：${y}；自变量：${quoted(predictorNames)}。在每个插补数据集上分别拟合${logistic ? ' Logistic 回归（glm, binomial）' : '线性回归（lm）'}，系数按 Rubin 规则合并：合并估计为 m 个估计的均数，总方差 = 组内方差 + (1 + 1/m) × 组间方差；自由度按 Barnard–Rubin 法（完整数据自由度 ${pm.dfComplete}），同 R 的 mice::pool。`,
            'FMI（缺失信息比例）表示该系数的不确定性中由缺失造成的比例。',
            cc ? `完整病例分析只用所选变量全部完整的 ${ccN} 行，列出作对照。` : '完整病例分析无法拟合（完整行太少或出现奇异），未列出。',
          ],
        ),
      ],
    });
    parts.push(
      `以${y}为结局、${quoted(predictorNames)}为自变量，在各插补数据集上拟合${logistic ? ' Logistic ' : '线性'}回归并按 Rubin 规则合并：` +
        (sig.length > 0
          ? sig.map((p) => `${p.term}${logistic ? ` OR = ${num(Math.exp(p.estimate), 3)}` : ` B = ${num(p.estimate, 4)}`}（95%CI：${logistic ? `${num(Math.exp(p.ci[0]), 3)} ~ ${num(Math.exp(p.ci[1]), 3)}` : `${num(p.ci[0], 4)} ~ ${num(p.ci[1], 4)}`}，P ${formatP(p.pValue).startsWith('<') ? '< 0.001' : `= ${formatP(p.pValue)}`}）`).join('，') + ' 有统计学意义'
          : '各自变量的效应均无统计学意义') +
        '。',
    );
    const maxFmi = pm.pooled.reduce((b, p) => (p.fmi > b.fmi ? p : b), pm.pooled[0]!);
    if (maxFmi.fmi > 0.3 && m < 20) caveats.push(`${maxFmi.term}的缺失信息比例较高（FMI = ${num(maxFmi.fmi, 3)}），建议增加插补数据集个数 m（如 20 ~ 50），使合并结果更稳定。`);
    results.dfComplete = pm.dfComplete;
    results.significantTerms = sig.length;
    results.maxFmi = maxFmi.fmi;
    for (const p of pm.pooled) {
      results[`b.${p.term}`] = p.estimate;
      results[`se.${p.term}`] = p.se;
      results[`p.${p.term}`] = p.pValue;
      results[`df.${p.term}`] = p.df;
      results[`fmi.${p.term}`] = p.fmi;
      if (cc?.has(p.term)) results[`bComplete.${p.term}`] = cc.get(p.term)!.estimate;
    }
  }

  const stackAll = n * m <= MAX_STACKED;
  const setsSaved = stackAll ? m : 1;
  parts.push(stackAll ? `${m} 个插补数据集已纵向堆叠另存为新数据文件（“.imp”列为数据集编号，插补后的变量以“_插补”结尾的新列给出）。` : `数据量较大，新数据文件只保存第 1 个插补数据集（插补后的变量以“_插补”结尾的新列给出）。`);
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });
  results.savedSets = setsSaved;
  const rows: number[] = [];
  const imputedCols = imp.imputed.map((x) => ({ name: `${x.name}_插补`, values: [] as Value[] }));
  const impCol: Value[] = [];
  for (let s = 0; s < setsSaved; s++) {
    for (let i = 0; i < n; i++) {
      rows.push(i);
      impCol.push(s + 1);
    }
    // One value at a time: spreading a whole column into push() overflows the stack past ~10⁵ rows.
    imp.imputed.forEach((x, k) => {
      const out = imputedCols[k]!.values;
      for (const v of sets[s]![x.name]!) out.push(v);
    });
  }
  return {
    title: `多重插补：${imp.imputed.length} 个变量，${m} 个插补数据集`,
    sections,
    results,
    derivedData: { suffix: '_多重插补', rows, columns: [{ name: '.imp', values: impCol }, ...imputedCols] },
  };
}
