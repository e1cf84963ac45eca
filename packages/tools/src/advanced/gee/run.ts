// 广义估计方程 GEE: a marginal model for repeated measurements (long format: one row per subject and
// visit) with a continuous, binary or count outcome, the chosen working correlation and sandwich
// standard errors, as geepack::geeglm. Time enters as a linear trend or as visits, optionally with a
// group × time interaction; the report adds the observed means over time by group and QIC.
import { gee, geeWald, StatsError, type GeeCorrelation, type GeeFamily, type GeeResult } from '@labstat/stats';
import { binaryLevels, levelNote } from '../../binary-outcome.js';
import { profileChart, type ProfileSeries } from '../../charts.js';
import { levelOf, requireVariables } from '../../common.js';
import { fieldList, modelInput, quoted } from '../../model-input.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { missingNote, numericValues } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

type OutcomeType = 'continuous' | 'binary' | 'count';
const FAMILY: Record<OutcomeType, GeeFamily> = { continuous: 'gaussian', binary: 'binomial', count: 'poisson' };
const CORR_NAME: Record<GeeCorrelation, string> = { independence: '独立（independence）', exchangeable: '可交换（exchangeable）', ar1: '一阶自回归 AR(1)' };
const MAX_TIMES_AS_FACTOR = 12;

/** A model term: its label and the indices of its design columns. */
interface Term {
  name: string;
  columns: number[];
}

const fmtTime = (t: number) => String(Number(t.toPrecision(10)));

export function run(data: DataTable, params: Params): ToolOutput {
  const type: OutcomeType = params.outcomeType === 'binary' ? 'binary' : params.outcomeType === 'count' ? 'count' : 'continuous';
  const family = FAMILY[type];
  const correlation: GeeCorrelation = params.corstr === 'independence' ? 'independence' : params.corstr === 'ar1' ? 'ar1' : 'exchangeable';
  const timeModel = params.timeModel === 'factor' ? 'factor' : params.timeModel === 'none' ? 'none' : 'linear';
  const level = levelOf(params);
  const yName = String(params.y ?? '');
  const idName = String(params.id ?? '');
  const timeName = String(params.time ?? '');
  const groupName = String(params.group ?? '');
  if (!yName) throw new ToolInputError('请选择结局变量');
  if (!idName) throw new ToolInputError('请选择个体编号（标识同一研究对象的列）');
  if (!timeName) throw new ToolInputError('请选择测量时间');
  requireVariables(data, [yName, idName, timeName, ...(groupName ? [groupName] : [])]);
  const roles = new Map<string, string>([[yName, '结局变量']]);
  for (const [name, role] of [[idName, '个体编号'], [timeName, '测量时间'], [groupName, '分组变量']] as const) {
    if (!name) continue;
    if (roles.has(name)) throw new ToolInputError(`变量“${name}”已作为${roles.get(name)}，不能同时作为${role}`);
    roles.set(name, role);
  }
  const xs = fieldList(params.x);
  const fs = fieldList(params.factors);
  const clash = [...xs, ...fs].find((v) => roles.has(v));
  if (clash !== undefined) throw new ToolInputError(`变量“${clash}”已作为${roles.get(clash)}，不能同时作为协变量`);
  const interaction = params.interaction !== 'no' && groupName !== '' && timeModel !== 'none';

  // Covariates through the shared reader: time (numeric) first, the group as the first factor.
  const yText = data.text(yName);
  const yNum = type === 'binary' ? null : numericValues(data, yName);
  const idText = data.text(idName);
  const timeNum = numericValues(data, timeName);
  const input = modelInput(data, { ...params, x: [timeName, ...xs], factors: groupName ? [groupName, ...fs] : fs }, yName, [
    { name: yName, present: (i) => (yNum ? yNum[i] !== null : (yText[i] ?? '').trim() !== '') },
    { name: idName, present: (i) => (idText[i] ?? '').trim() !== '' },
  ]);
  const rows = input.rows;
  const n = rows.length;
  const notes: string[] = [];
  let y: number[];
  let yLabel = `“${yName}”`;
  if (type === 'binary') {
    const values = rows.map((i) => yText[i]!.trim());
    const coding = binaryLevels(values, yName, String(params.positive ?? ''), '结局变量');
    y = values.map((v) => (v === coding.positive ? 1 : 0));
    yLabel = `“${yName}”为“${coding.positive}”`;
    notes.push(levelNote('结局变量', yName, coding, '代表结局发生的取值'));
  } else {
    y = rows.map((i) => yNum![i]!);
    if (type === 'count' && y.some((v) => v < 0 || !Number.isInteger(v))) throw new ToolInputError(`计数结局“${yName}”应为非负整数（次数、个数），当前含有负数或小数；请改选连续结局`);
    if (y.every((v) => v === y[0])) throw new ToolInputError(`结局变量“${yName}”在分析的行中取值恒定（均为 ${y[0]}），无法分析`);
  }
  const ids = rows.map((i) => idText[i]!.trim());
  const times = rows.map((i) => timeNum[i]!);
  const timeLevels = [...new Set(times)].sort((a, b) => a - b);
  const wave = times.map((t) => timeLevels.indexOf(t) + 1); // geeglm(waves = as.integer(factor(time)))
  {
    const seen = new Set<string>();
    for (let r = 0; r < n; r++) {
      const key = `${ids[r]}\u0000${times[r]}`;
      if (seen.has(key)) throw new ToolInputError(`个体“${ids[r]}”在测量时间 ${fmtTime(times[r]!)} 有不止一行记录（“${timeName}”重复）；每个个体每个时间点应只有一行`);
      seen.add(key);
    }
  }
  const clusterIds = [...new Set(ids)];
  if (clusterIds.length < 2) throw new ToolInputError(`个体编号“${idName}”在分析的行中只有 1 个个体，GEE 需要多个个体`);
  if (correlation !== 'independence' && clusterIds.length === n) throw new ToolInputError(`个体编号“${idName}”的每个值只出现一次：每个个体只有一次测量，不是重复测量数据；请检查个体编号列，或改用普通回归`);
  if (timeModel === 'factor' && timeLevels.length > MAX_TIMES_AS_FACTOR) throw new ToolInputError(`测量时间“${timeName}”有 ${timeLevels.length} 个不同取值，超过 ${MAX_TIMES_AS_FACTOR} 个，不宜作为分类变量；请选择“线性趋势”`);

  // Design: intercept, time, group, group × time, covariates.
  const columns: number[][] = [new Array<number>(n).fill(1)];
  const names: string[] = ['(Intercept)'];
  const labels: string[] = ['截距'];
  const terms: Term[] = [];
  const add = (name: string, label: string, values: number[]) => {
    columns.push(values);
    names.push(name);
    labels.push(label);
    return columns.length - 1;
  };
  const pred = (name: string) => input.predictors.find((p) => p.name === name)!;
  const timeCols: Array<{ label: string; values: number[] }> =
    timeModel === 'linear'
      ? [{ label: timeName, values: times }]
      : timeModel === 'factor'
        ? timeLevels.slice(1).map((t) => ({ label: `${timeName}：${fmtTime(t)} vs ${fmtTime(timeLevels[0]!)}`, values: times.map((v) => (v === t ? 1 : 0)) }))
        : [];
  if (timeModel === 'factor' && timeCols.length === 0) throw new ToolInputError(`测量时间“${timeName}”在分析的行中只有一个取值，无法作为自变量；请选择“不纳入模型”`);
  if (timeCols.length > 0) terms.push({ name: timeName, columns: timeCols.map((c, k) => add(`time${k}`, c.label, c.values)) });
  const groupLevels = groupName ? input.levels.get(groupName)! : [];
  const groupValues = groupName ? (pred(groupName).values as string[]) : [];
  const groupCols = groupLevels.slice(1).map((lv) => ({ label: `${groupName}：${lv} vs ${groupLevels[0]}`, values: groupValues.map((v) => (v === lv ? 1 : 0)) }));
  if (groupName) terms.push({ name: groupName, columns: groupCols.map((c, k) => add(`group${k}`, c.label, c.values)) });
  if (interaction) {
    const idx: number[] = [];
    groupCols.forEach((g, a) =>
      timeCols.forEach((t, b) => {
        const tl = timeModel === 'linear' ? timeName : t.label.slice(timeName.length + 1);
        idx.push(add(`gt${a}.${b}`, `${groupName}：${groupLevels[a + 1]} × ${timeModel === 'linear' ? timeName : `${timeName}（${tl}）`}`, g.values.map((v, r) => v * t.values[r]!)));
      }),
    );
    terms.push({ name: `${groupName} × ${timeName}`, columns: idx });
  }
  for (const x of xs) terms.push({ name: x, columns: [add(`x.${x}`, x, pred(x).values as number[])] });
  for (const f of fs) {
    const lv = input.levels.get(f)!;
    const vals = pred(f).values as string[];
    terms.push({ name: f, columns: lv.slice(1).map((l) => add(`f.${f}.${l}`, `${f}：${l} vs ${lv[0]}`, vals.map((v) => (v === l ? 1 : 0)))) });
  }
  const p = columns.length;
  if (clusterIds.length <= p) throw new ToolInputError(`个体数（${clusterIds.length}）不多于模型的参数个数（${p}），稳健标准误无法估计；请减少自变量或增加个体`);

  let fit: GeeResult;
  try {
    fit = gee({ y, columns, names, id: ids, wave }, { family, correlation, level });
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(`GEE 拟合失败：${err.message}`);
    throw err;
  }

  const ratio = type === 'binary' ? 'OR' : type === 'count' ? 'RR' : null;
  const pct = Math.round(level * 1000) / 10;
  const sizes = clusterIds.map((c) => ids.filter((v) => v === c).length);
  const complete = sizes.filter((s) => s === timeLevels.length).length;
  const sections: ToolOutput['sections'] = [];

  // Table 1: sample.
  const events = type === 'binary' ? y.reduce((a, b) => a + b, 0) : null;
  sections.push({
    title: '数据概况',
    blocks: [
      table(
        '表1 分析数据概况',
        ['观测数（行）', '个体数', '每个体测量次数', '时间点', '完整测量全部时间点的个体', '因缺失排除的行', type === 'binary' ? '结局发生' : '结局均值'],
        [
          [
            n,
            clusterIds.length,
            `${fit.clusterSize.min}–${fit.clusterSize.max}（平均 ${num(fit.clusterSize.mean, 2)}）`,
            timeLevels.map(fmtTime).join('、'),
            `${complete}（${num((100 * complete) / clusterIds.length, 1)}%）`,
            input.excluded,
            type === 'binary' ? `${events}（${num((100 * events!) / n, 1)}%）` : num(y.reduce((a, b) => a + b, 0) / n, 3),
          ],
        ],
        [...notes, missingNote(input.excluded), '各人测量次数不同（失访、漏测）时 GEE 使用每个人现有的全部测量；这要求缺失为完全随机缺失（MCAR），否则估计可能有偏。'],
      ),
    ],
  });

  // Table 2 and the chart: observed means (or rates) over time by group.
  const groups = groupName ? groupLevels : ['全部'];
  const inGroup = (r: number, g: string) => !groupName || groupValues[r] === g;
  const cell = (g: string, t: number) => {
    const v = y.filter((_, r) => inGroup(r, g) && times[r] === t);
    if (v.length === 0) return null;
    const mean = v.reduce((a, b) => a + b, 0) / v.length;
    const sd = v.length > 1 ? Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / (v.length - 1)) : 0;
    const se = type === 'binary' ? Math.sqrt((mean * (1 - mean)) / v.length) : sd / Math.sqrt(v.length);
    return { n: v.length, mean, sd, se };
  };
  const summary = timeLevels.map((t) => [fmtTime(t), ...groups.flatMap((g) => {
    const c = cell(g, t);
    if (!c) return ['0', '—'];
    return [String(c.n), type === 'binary' ? `${num(100 * c.mean, 1)}%` : `${num(c.mean, 2)} ± ${num(c.sd, 2)}`];
  })]);
  const series: ProfileSeries[] = groups.map((g) => ({
    name: g,
    points: timeLevels.map((t) => {
      const c = cell(g, t);
      if (!c) return null;
      const k = type === 'binary' ? 100 : 1;
      return { mean: k * c.mean, lower: k * (c.mean - c.se), upper: k * (c.mean + c.se) };
    }),
  }));
  const yAxis = type === 'binary' ? `${yName}发生率（%）` : `${yName}均值`;
  sections.push({
    title: '各时间点的结局',
    blocks: [
      table(
        `表2 各时间点${type === 'binary' ? '结局发生率' : '结局（均值 ± 标准差）'}${groupName ? `（按${groupName}）` : ''}`,
        [timeName, ...groups.flatMap((g) => [`${groupName ? `${g} ` : ''}例数`, type === 'binary' ? `${groupName ? `${g} ` : ''}发生率` : `${groupName ? `${g} ` : ''}均值 ± 标准差`])],
        summary,
        ['观测值的描述，未调整协变量；随访后期的例数减少反映失访。'],
      ),
      profileChart(timeLevels.map(fmtTime), series, { title: `图1 ${yName}随${timeName}的变化${groupName ? `（按${groupName}）` : ''}`, xName: timeName, yName: yAxis, barLabel: '误差线：±1 个标准误' }),
    ],
  });

  // Table 3: coefficients.
  const coefRows = fit.coefficients.map((c, j) => [
    labels[j]!,
    num(c.estimate, 4),
    num(c.se, 4),
    num(c.naiveSe, 4),
    num(c.statistic, 3),
    formatP(c.pValue),
    ...(ratio ? [j === 0 ? '—' : `${num(Math.exp(c.estimate), 3)}（${num(Math.exp(c.ci[0]), 3)}–${num(Math.exp(c.ci[1]), 3)}）`] : [`${num(c.ci[0], 4)} ~ ${num(c.ci[1], 4)}`]),
  ]);
  const linkName = { continuous: '恒等联系（线性）', binary: 'logit 联系（Logistic）', count: 'log 联系（Poisson）' }[type];
  sections.push({
    title: 'GEE 模型',
    blocks: [
      table(
        `表3 GEE 参数估计（${linkName}，${CORR_NAME[correlation]}工作相关）`,
        ['变量', 'β', '稳健标准误', '模型标准误', 'Wald χ²', 'P', ratio ? `${ratio}（${pct}%CI）` : `β 的 ${pct}%CI`],
        coefRows,
        [
          `稳健标准误为三明治估计（geeglm 的 san.se），Wald χ² = (β / 稳健标准误)²，自由度 1；${pct}%CI = β ± z × 稳健标准误${ratio ? `，${ratio} = exp(β)` : ''}。模型标准误（naive）仅作对照。`,
          ...(groupName ? [`分类变量以参照类别为比较基准（${[groupName, ...fs].map((f) => `${f}=${input.levels.get(f)![0]}`).join('；')}）。`] : fs.length > 0 ? [`分类变量以参照类别为比较基准（${fs.map((f) => `${f}=${input.levels.get(f)![0]}`).join('；')}）。`] : []),
          ...(interaction ? [`含交互项时，“${groupName}”的主效应为${timeModel === 'linear' ? `${timeName} = 0 时` : `第一个时间点（${fmtTime(timeLevels[0]!)}）`}的组间差异，${timeName}的主效应为参照组（${groupLevels[0]}）的变化；交互项为两组变化${timeModel === 'linear' ? '速度（斜率）' : ''}之差。`] : []),
        ],
      ),
    ],
  });

  // Table 4: joint Wald test of each term.
  const termTests = terms.filter((t) => t.columns.length > 0).map((t) => ({ term: t, ...geeWald(fit, t.columns) }));
  sections[sections.length - 1]!.blocks.push(
    table(
      '表4 各变量的整体 Wald 检验',
      ['变量', 'Wald χ²', '自由度', 'P'],
      termTests.map((w) => [w.term.name, num(w.statistic, 3), w.df, formatP(w.pValue)]),
      ['用稳健协方差检验该变量的全部系数同时为 0（多分类变量与分类时间的整体检验），同 geepack 的 anova(完整模型, 去掉该变量的模型)。'],
    ),
  );

  // Table 5: working correlation, scale and QIC.
  sections.push({
    title: '工作相关与模型拟合',
    blocks: [
      table(
        '表5 工作相关结构、尺度参数与 QIC',
        ['工作相关结构', '相关参数 α', '尺度参数 φ', 'QIC', 'QICu', 'CIC', '迭代次数'],
        [[CORR_NAME[correlation], fit.alpha === null ? '—' : num(fit.alpha, 4), num(fit.scale, 4), num(fit.qic.qic, 2), num(fit.qic.qicu, 2), num(fit.qic.cic, 3), fit.iterations]],
        [
          correlation === 'exchangeable'
            ? '可交换结构：同一个体任意两次测量的相关系数均为 α。'
            : correlation === 'ar1'
              ? `AR(1) 结构：相隔 k 个时间点的两次测量相关系数为 α^k（时间点按“${timeName}”的不同取值排序编号）。`
              : '独立结构：不估计组内相关，系数与普通广义线性模型相同，标准误由稳健估计校正。',
          `α 与 φ 按 geepack 的矩估计方程求得（φ = Σ Pearson 残差² / N）${type === 'continuous' ? '；线性模型的 φ 即残差方差' : '；φ 明显大于 1 提示过度离散'}。`,
          'QIC（Pan 2001，同 geepack::QIC）用于比较不同工作相关结构（越小越好）；QICu 用于比较含不同自变量的模型。',
        ],
      ),
    ],
  });

  // results
  const results: ToolOutput['results'] = {
    outcomeType: type,
    family,
    correlation,
    timeModel,
    interaction: interaction ? 1 : 0,
    n,
    clusters: clusterIds.length,
    excluded: input.excluded,
    minClusterSize: fit.clusterSize.min,
    maxClusterSize: fit.clusterSize.max,
    meanClusterSize: fit.clusterSize.mean,
    timePoints: timeLevels.length,
    completeClusters: complete,
    events,
    alpha: fit.alpha,
    scale: fit.scale,
    qic: fit.qic.qic,
    qicu: fit.qic.qicu,
    cic: fit.qic.cic,
    quasiLikelihood: fit.qic.quasiLikelihood,
    iterations: fit.iterations,
    level,
  };
  fit.coefficients.forEach((c, j) => {
    const key = labels[j]!;
    results[`beta.${key}`] = c.estimate;
    results[`se.${key}`] = c.se;
    results[`naiveSe.${key}`] = c.naiveSe;
    results[`wald.${key}`] = c.statistic;
    results[`p.${key}`] = c.pValue;
    results[`lower.${key}`] = c.ci[0];
    results[`upper.${key}`] = c.ci[1];
    if (ratio && j > 0) {
      results[`${ratio.toLowerCase()}.${key}`] = Math.exp(c.estimate);
      results[`${ratio.toLowerCase()}Lower.${key}`] = Math.exp(c.ci[0]);
      results[`${ratio.toLowerCase()}Upper.${key}`] = Math.exp(c.ci[1]);
    }
  });
  for (const w of termTests) {
    results[`termWald.${w.term.name}`] = w.statistic;
    results[`termDf.${w.term.name}`] = w.df;
    results[`termP.${w.term.name}`] = w.pValue;
  }
  const interTest = interaction ? termTests.find((w) => w.term.name === `${groupName} × ${timeName}`)! : null;
  const groupTest = groupName ? termTests.find((w) => w.term.name === groupName)! : null;
  const timeTest = timeModel !== 'none' ? termTests.find((w) => w.term.name === timeName)! : null;
  results.pInteraction = interTest?.pValue ?? null;
  results.pGroup = groupTest?.pValue ?? null;
  results.pTime = timeTest?.pValue ?? null;

  // Conclusion, worded as a results section.
  const pS = (v: number) => (v < 0.001 ? 'P < 0.001' : `P = ${v.toFixed(3)}`);
  const eff = (j: number) => {
    const c = fit.coefficients[j]!;
    return ratio
      ? `${ratio} = ${num(Math.exp(c.estimate), 3)}（${pct}%CI ${num(Math.exp(c.ci[0]), 3)}–${num(Math.exp(c.ci[1]), 3)}），${pS(c.pValue)}`
      : `β = ${num(c.estimate, 3)}（${pct}%CI ${num(c.ci[0], 3)} ~ ${num(c.ci[1], 3)}），${pS(c.pValue)}`;
  };
  const parts: string[] = [];
  parts.push(
    `共纳入 ${clusterIds.length} 名研究对象的 ${n} 次测量（每人 ${fit.clusterSize.min}–${fit.clusterSize.max} 次，${complete} 人完成全部 ${timeLevels.length} 个时间点）。` +
      `以${yLabel}为结局，采用${linkName}的广义估计方程（${CORR_NAME[correlation]}工作相关结构，稳健标准误）分析${[timeModel !== 'none' ? timeName : null, groupName || null, interaction ? `${groupName}×${timeName}交互` : null, ...xs, ...fs].filter(Boolean).join('、')}与结局的关系。` +
      (fit.alpha !== null ? `估计的工作相关系数 α = ${num(fit.alpha, 3)}。` : ''),
  );
  const sig = (w: { pValue: number } | null) => w !== null && w.pValue < 0.05;
  if (interTest) {
    const j = interTest.term.columns;
    parts.push(
      sig(interTest)
        ? `${groupName}与${timeName}的交互作用有统计学意义（Wald χ² = ${num(interTest.statistic, 3)}，df = ${interTest.df}，${pS(interTest.pValue)}），即各组结局随时间的变化不同` +
            (j.length === 1 ? `：与${groupLevels[0]}相比，${groupLevels[1]}${timeModel === 'linear' ? `每单位${timeName}的变化${ratio ? '比值' : '差值'}为` : '的差异'} ${eff(j[0]!)}。` : '（各交互项见表3）。')
        : `${groupName}与${timeName}的交互作用无统计学意义（Wald χ² = ${num(interTest.statistic, 3)}，df = ${interTest.df}，${pS(interTest.pValue)}），未发现各组随时间的变化不同。`,
    );
  }
  if (groupTest && groupTest.term.columns.length > 0) {
    const j = groupTest.term.columns;
    const what = interaction ? `${timeModel === 'linear' ? `${timeName} = 0 时` : `第一个时间点`}的组间差异` : `${groupName}的效应（各时间点平均）`;
    parts.push(`${what}：${j.length === 1 ? `${groupLevels[1]} vs ${groupLevels[0]}，${eff(j[0]!)}` : `整体 Wald χ² = ${num(groupTest.statistic, 3)}，df = ${groupTest.df}，${pS(groupTest.pValue)}`}。`);
  }
  if (timeTest) {
    const j = timeTest.term.columns;
    parts.push(
      `${interaction ? `${groupLevels[0]}中` : ''}${timeName}的效应：${j.length === 1 ? `每增加 1 个单位，${eff(j[0]!)}` : `整体 Wald χ² = ${num(timeTest.statistic, 3)}，df = ${timeTest.df}，${pS(timeTest.pValue)}`}。`,
    );
  }
  const covSig = termTests.filter((w) => [...xs, ...fs].includes(w.term.name) && w.pValue < 0.05).map((w) => w.term.name);
  if (xs.length + fs.length > 0) parts.push(covSig.length > 0 ? `协变量中，${quoted(covSig)}与结局的关联有统计学意义（见表3、表4）。` : '各协变量与结局的关联均无统计学意义。');
  const caveats: string[] = [
    `GEE 估计的是人群平均（边际）效应：${ratio ? `${ratio} 描述的是` : '系数描述的是'}“平均而言”两类人群的差别，不是某一个体内部的变化；需要个体水平（条件）效应时用混合效应模型。`,
    '稳健标准误在个体数较多时才可靠；个体数少于约 40 时会低估标准误、P 值偏小，宜谨慎解释（可考虑小样本校正，如 Mancl–DeRouen）。',
    'GEE 对缺失的要求是完全随机缺失（MCAR）；若失访与病情有关（随机缺失 MAR），可考虑加权 GEE、多重插补或混合效应模型。',
  ];
  if (clusterIds.length < 40) caveats.unshift(`本次只有 ${clusterIds.length} 个个体，稳健标准误可能偏小，结论需谨慎。`);
  if (type !== 'continuous' && fit.scale > 1.5) caveats.push(`尺度参数 φ = ${num(fit.scale, 3)} 明显大于 1，提示过度离散；稳健标准误已对此校正，系数的解释不受影响。`);
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  return { title: `广义估计方程：${yName}`, sections, results };
}
