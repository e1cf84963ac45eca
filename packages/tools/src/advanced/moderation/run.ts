// 调节效应: Y ~ X + W + X×W (+ covariates) in a linear model (PROCESS model 1): the interaction test
// with ΔR², simple slopes of X at the moderator's mean ± 1 SD, the Johnson–Neyman region of
// significance, and the simple-slopes and J–N plots papers show.
import type { ReportBlock } from '@labstat/contracts';
import { categoricalModerationAnalysis, moderationAnalysis, StatsError, type CategoricalModerationResult, type ModerationResult, maxOf, minOf } from '@labstat/stats';
import { levelOf, pSentence } from '../../common.js';
import { quoted } from '../../model-input.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { missingNote } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { pathInput } from '../mediation/input.js';

const r6 = (v: number) => Number(v.toPrecision(6));
const COLORS = ['#409EFF', '#303133', '#F56C6C'];
const AXIS = { splitLine: { show: false }, axisLine: { show: true, onZero: false, lineStyle: { color: '#000' } } };

interface Estimate {
  estimate: number;
  se: number;
  statistic: number;
  pValue: number;
  ci: readonly number[];
}

/** B, SE, t, P and the CI of one estimate, as the model and simple-slope tables show them. */
const estimateCells = (e: Estimate) => [num(e.estimate, 4), num(e.se, 4), num(e.statistic, 3), formatP(e.pValue), `${num(e.ci[0]!, 4)} ~ ${num(e.ci[1]!, 4)}`];

/** X, Y and the moderator (from the field `wField`) with the centring and confidence options. */
function readRoles(params: Params, wField: 'w' | 'wCat', wMissing: string) {
  const xName = String(params.x ?? '');
  const wName = String(params[wField] ?? '');
  const yName = String(params.y ?? '');
  if (!xName) throw new ToolInputError('请选择自变量 X');
  if (!wName) throw new ToolInputError(wMissing);
  if (!yName) throw new ToolInputError('请选择因变量 Y');
  const level = levelOf(params);
  return { xName, wName, yName, center: params.center !== false, level, pct: Number((level * 100).toFixed(1)) };
}

/** 表1: the model, the variables and the settings. */
function settingsTable(o: { model: string; xName: string; wText: string; yName: string; cov: readonly string[]; centerText: string; n: number; excluded: number }): ReportBlock {
  return table(
    '表1 分析变量与设定',
    ['项目', '内容'],
    [
      ['模型', o.model],
      ['自变量 X', o.xName],
      ['调节变量 W', o.wText],
      ['因变量 Y', o.yName],
      ['协变量', o.cov.length > 0 ? o.cov.join('、') : '无'],
      ['中心化', o.centerText],
      ['纳入例数', o.n],
    ],
    [missingNote(o.excluded)],
  );
}

/** 表2: the regression with the interaction term(s). */
const modelTable = (coefficients: ReadonlyArray<Estimate & { term: string }>, pct: number, footnotes: string[]): ReportBlock =>
  table('表2 调节效应回归模型', ['预测变量', 'B', 'SE', 't', 'P', `${pct}%CI`], coefficients.map((c) => [c.term, ...estimateCells(c)]), footnotes);

/** 表3: the slope of X at each level of W; `lead` are the cells before each slope. */
const slopesTable = (title: string, lead: string[], slopeHeader: string, rows: ReadonlyArray<[Array<string | number | null>, Estimate]>, pct: number, footnote: string): ReportBlock =>
  table(title, [...lead, slopeHeader, 'SE', 't', 'P', `${pct}%CI`], rows.map(([cells, s]) => [...cells, ...estimateCells(s)]), [footnote]);

/** The results entries of the slope at `key` (the t value only where `withT`). */
function putSlope(results: ToolOutput['results'], key: string, s: Estimate, withT: boolean): void {
  results[`slope.${key}`] = s.estimate;
  results[`slopeSe.${key}`] = s.se;
  if (withT) results[`slopeT.${key}`] = s.statistic;
  results[`slopeP.${key}`] = s.pValue;
  results[`slopeLower.${key}`] = s.ci[0]!;
  results[`slopeUpper.${key}`] = s.ci[1]!;
}

/** Predicted Y against X at low / mean / high W, covariates at their means. */
function slopesChart(title: string, o: { xName: string; wName: string; yName: string; res: ModerationResult; xSd: number; covMeans: number[]; labels: string[] }): ReportBlock {
  const { res } = o;
  const b = res.coefficients.map((c) => c.estimate);
  const xs = [res.xMean - o.xSd, res.xMean + o.xSd];
  const covPart = o.covMeans.reduce((s, m, j) => s + b[4 + j]! * m, 0);
  const predict = (x: number, w: number) => {
    const u = x - (res.center ? res.xMean : 0);
    const v = w - (res.center ? res.wMean : 0);
    return b[0]! + b[1]! * u + b[2]! * v + b[3]! * u * v + covPart;
  };
  return {
    type: 'chart',
    title,
    option: {
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: o.labels },
      grid: { left: 70, right: 30, top: 45, bottom: 55 },
      xAxis: { type: 'value', scale: true, min: r6(xs[0]!), max: r6(xs[1]!), name: o.xName, nameLocation: 'middle', nameGap: 30, ...AXIS },
      yAxis: { type: 'value', scale: true, name: `${o.yName}（预测值）`, nameLocation: 'middle', nameGap: 50, ...AXIS },
      series: res.simpleSlopes.map((s, i) => ({
        type: 'line',
        name: o.labels[i],
        data: xs.map((x) => [r6(x), r6(predict(x, s.w))]),
        symbol: 'circle',
        symbolSize: 7,
        lineStyle: { width: 2, color: COLORS[i], type: i === 1 ? 'dashed' : 'solid' },
        itemStyle: { color: COLORS[i] },
      })),
    },
  };
}

/** The J–N plot: the slope of X against W with its CI band, the no-effect line and the bounds. */
function jnChart(title: string, o: { wName: string; res: ModerationResult; pct: number }): ReportBlock {
  const curve = o.res.slopeCurve;
  const lo = curve.map((s) => [r6(s.w), r6(s.ci[0])]);
  const width = curve.map((s) => [r6(s.w), r6(s.ci[1] - s.ci[0])]);
  const yMin = Math.min(0, minOf(curve.map((s) => s.ci[0])));
  const yMax = Math.max(0, maxOf(curve.map((s) => s.ci[1])));
  const series: Array<Record<string, unknown>> = [
    { type: 'line', name: 'band', data: lo, symbol: 'none', lineStyle: { opacity: 0 }, stack: 'ci', stackStrategy: 'all', silent: true, tooltip: { show: false } },
    { type: 'line', name: `${o.pct}% 置信区间`, data: width, symbol: 'none', lineStyle: { opacity: 0 }, areaStyle: { color: '#409EFF', opacity: 0.2 }, stack: 'ci', stackStrategy: 'all', silent: true, tooltip: { show: false } },
    { type: 'line', name: '简单斜率', data: curve.map((s) => [r6(s.w), r6(s.estimate)]), symbol: 'none', lineStyle: { width: 2, color: '#303133' }, itemStyle: { color: '#303133' } },
    { type: 'line', name: '0', data: [[r6(o.res.johnsonNeyman.wMin), 0], [r6(o.res.johnsonNeyman.wMax), 0]], symbol: 'none', lineStyle: { type: 'dotted', color: '#606266' }, silent: true },
    ...o.res.johnsonNeyman.inRange.map((w) => ({ type: 'line', name: 'J–N 边界', data: [[r6(w), r6(yMin)], [r6(w), r6(yMax)]], symbol: 'none', lineStyle: { type: 'dashed', color: '#F56C6C' }, silent: true })),
  ];
  return {
    type: 'chart',
    title,
    option: {
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: ['简单斜率', `${o.pct}% 置信区间`, 'J–N 边界'] },
      grid: { left: 70, right: 30, top: 45, bottom: 55 },
      xAxis: { type: 'value', min: r6(o.res.johnsonNeyman.wMin), max: r6(o.res.johnsonNeyman.wMax), name: o.wName, nameLocation: 'middle', nameGap: 30, ...AXIS },
      yAxis: { type: 'value', name: '自变量的简单斜率', nameLocation: 'middle', nameGap: 50, ...AXIS },
      series,
    },
  };
}

/** Categorical W: the joint test of the products and the slope of X within each level. */
function runCategorical(data: DataTable, params: Params): ToolOutput {
  const { xName, wName, yName, center, level, pct } = readRoles(params, 'wCat', '请选择调节变量 W（分类）');
  const input = pathInput(data, [{ name: xName, label: '自变量' }, { name: yName, label: '因变量' }], params, { name: wName, label: '调节变量' });
  const n = input.rows.length;
  const groups = input.groupValues!;
  const distinct = new Set(groups).size;
  if (distinct < 2) throw new ToolInputError(`调节变量“${wName}”在分析的行中只有一个类别（“${groups[0]}”），无法分析调节作用`);
  if (distinct > 10) throw new ToolInputError(`调节变量“${wName}”有 ${distinct} 个类别，超过 10 个；请合并类别，或作为连续调节变量分析`);
  let res: CategoricalModerationResult;
  try {
    res = categoricalModerationAnalysis({ x: input.values.get(xName)!, w: groups, y: input.values.get(yName)!, covariates: input.covColumns, xName, wName, covariateNames: input.covNames, center, level });
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(`无法拟合回归模型：${err.message}`);
    throw err;
  }
  const cov = input.covariates;
  const sig = res.pValue < 0.05;
  const sections: ToolOutput['sections'] = [];
  sections.push({
    title: '数据概况',
    blocks: [
      settingsTable({
        model: 'Y = b0 + b1·X + W 的哑变量 + X × 哑变量 + 协变量（PROCESS 模型 1，分类调节变量）',
        wText: `${wName}（${res.levels.map((l, i) => `${l} ${res.simpleSlopes[i]!.n} 例`).join('，')}；参照类别：${res.levels[0]}）`,
        centerText: center ? 'X 均值中心化' : '未中心化',
        xName, yName, cov, n, excluded: input.excluded,
      }),
    ],
  });
  const fP = formatP(res.pValue);
  sections.push({
    title: '交互作用检验',
    blocks: [
      modelTable(res.coefficients, pct, [
          `R² = ${num(res.rSquared, 4)}；全部交互项的联合检验：ΔR² = ${num(res.deltaRSquared, 4)}，F(${res.df1}, ${res.df2}) = ${num(res.f, 3)}，P ${fP.startsWith('<') ? '< 0.001' : `= ${fP}`}（同 R 的 anova(无交互模型, 交互模型)）。`,
          `“${xName} × ${wName}[类别]”为该类别与参照类别“${res.levels[0]}”的斜率之差。`,
        ]),
    ],
  });
  const xv = input.values.get(xName)!;
  const xSd = Math.sqrt(xv.reduce((a, v) => a + (v - res.xMean) ** 2, 0) / (n - 1));
  const b = res.coefficients.map((c) => c.estimate);
  const L = res.levels.length;
  const covPart = input.covColumns.reduce((s, c, j) => s + b[2 * L + j]! * (c.reduce((a, v) => a + v, 0) / n), 0);
  const xs = [res.xMean - xSd, res.xMean + xSd];
  const predict = (x: number, li: number) => {
    const u = x - (center ? res.xMean : 0);
    return b[0]! + b[1]! * u + (li > 0 ? b[1 + li]! + b[L + li]! * u : 0) + covPart;
  };
  sections.push({
    title: '简单斜率分析',
    blocks: [
      slopesTable(
        `表3 ${wName}各类别中${xName}对${yName}的斜率`,
        [wName, '例数'],
        '斜率 B',
        res.simpleSlopes.map((s) => [[s.level, s.n], s]),
        pct,
        '参照类别的斜率为 b1，其他类别为 b1 + 对应交互项系数，SE 由系数协方差矩阵计算（同 emmeans::emtrends）。',
      ),
      {
        type: 'chart',
        title: `图1 简单斜率图：${wName}各类别中${xName}与${yName}的关系`,
        option: {
          tooltip: { trigger: 'axis' },
          legend: { top: 0, data: res.levels },
          grid: { left: 70, right: 30, top: 45, bottom: 55 },
          xAxis: { type: 'value', scale: true, min: r6(xs[0]!), max: r6(xs[1]!), name: xName, nameLocation: 'middle', nameGap: 30, ...AXIS },
          yAxis: { type: 'value', scale: true, name: `${yName}（预测值）`, nameLocation: 'middle', nameGap: 50, ...AXIS },
          series: res.levels.map((l, i) => ({ type: 'line', name: l, data: xs.map((x) => [r6(x), r6(predict(x, i))]), symbol: 'circle', symbolSize: 7, lineStyle: { width: 2 } })),
        },
      },
    ],
  });
  const sigLevels = res.simpleSlopes.filter((s) => s.pValue < 0.05);
  const parts = [
    `以${xName}为自变量、${wName}（分类，参照“${res.levels[0]}”）为调节变量、${yName}为因变量${cov.length > 0 ? `，控制${quoted(cov)}` : ''}进行调节效应分析（n = ${n}）。`,
    `交互项的联合检验${sig ? '显著' : '不显著'}（F(${res.df1}, ${res.df2}) = ${num(res.f, 3)}，${pSentence(res.pValue)}，ΔR² = ${num(res.deltaRSquared, 4)}），${sig ? `${xName}对${yName}的影响因${wName}而异` : `未发现${wName}的调节作用`}。`,
    `各类别中${xName}的斜率：${res.simpleSlopes.map((s) => `${s.level} B = ${num(s.estimate, 3)}（${pSentence(s.pValue)}）`).join('；')}${sigLevels.length > 0 && sigLevels.length < L ? `，仅在${sigLevels.map((s) => s.level).join('、')}中显著` : ''}。`,
  ];
  const caveats = ['类别例数相差悬殊或某类例数很少时，该类的斜率不稳定。', '横断面数据只能说明变量间的统计交互，不能证明因果。'];
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });
  const results: ToolOutput['results'] = {
    wType: 'categorical',
    n,
    excluded: input.excluded,
    x: xName,
    w: wName,
    y: yName,
    centered: center ? 1 : 0,
    levelCount: L,
    reference: res.levels[0]!,
    fInteraction: res.f,
    df1: res.df1,
    df2: res.df2,
    pInteraction: res.pValue,
    rSquared: res.rSquared,
    deltaRSquared: res.deltaRSquared,
    level,
  };
  for (const s of res.simpleSlopes) putSlope(results, s.level, s, false);
  return { title: `调节效应：${wName}对${xName} → ${yName}的调节`, sections, results };
}

export function run(data: DataTable, params: Params): ToolOutput {
  if (params.wType === 'categorical') return runCategorical(data, params);
  const { xName, wName, yName, center, level, pct } = readRoles(params, 'w', '请选择调节变量 W');
  const input = pathInput(
    data,
    [
      { name: xName, label: '自变量' },
      { name: wName, label: '调节变量' },
      { name: yName, label: '因变量' },
    ],
    params,
  );
  const n = input.rows.length;
  const w = input.values.get(wName)!;
  const x = input.values.get(xName)!;
  if (new Set(w).size <= 2) throw new ToolInputError(`调节变量“${wName}”只有 ${new Set(w).size} 个不同取值，像是分类变量；请把“调节变量类型”设为“分类”，在“调节变量 W（分类）”中选择它`);
  let res: ModerationResult;
  try {
    res = moderationAnalysis({ x, w, y: input.values.get(yName)!, covariates: input.covColumns, xName, wName, yName, covariateNames: input.covNames, center, level });
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(`无法拟合回归模型：${err.message}（自变量、调节变量与协变量之间可能存在完全共线）`);
    throw err;
  }
  const cov = input.covariates;
  const xMeanAll = x.reduce((a, v) => a + v, 0) / n;
  const xSd = Math.sqrt(x.reduce((a, v) => a + (v - xMeanAll) ** 2, 0) / (n - 1));
  const inter = res.interaction;
  const sigInter = inter.pValue < 0.05;
  const sections: ToolOutput['sections'] = [];
  sections.push({
    title: '数据概况',
    blocks: [
      settingsTable({
        model: '调节模型（PROCESS 模型 1）：Y = b0 + b1·X + b2·W + b3·X×W + 协变量',
        wText: `${wName}（均值 ${num(res.wMean, 3)}，标准差 ${num(res.wSd, 3)}）`,
        centerText: center ? 'X 与 W 均值中心化后相乘' : '未中心化',
        xName, yName, cov, n, excluded: input.excluded,
      }),
    ],
  });

  sections.push({
    title: '交互作用检验',
    blocks: [
      modelTable(res.coefficients, pct, [
        `R² = ${num(res.rSquared, 4)}；加入交互项后 ΔR² = ${num(res.deltaRSquared, 4)}，F(1, ${res.df2}) = ${num(res.f, 3)}，P ${formatP(res.pValue).startsWith('<') ? '< 0.001' : `= ${formatP(res.pValue)}`}。`,
          center
            ? `X 与 W 已均值中心化：“${xName}”的系数是${wName}取均值时${xName}的效应，“${wName}”的系数是${xName}取均值时${wName}的效应。`
            : `未中心化：“${xName}”的系数是${wName} = 0 时${xName}的效应，若 0 不在${wName}的取值范围内则无实际意义。`,
          '交互项“X × W”的系数 b3 表示 W 每增加 1 个单位，X 对 Y 的斜率改变 b3；系数与 t 检验同 R 的 lm()。',
        ]),
    ],
  });

  const labels = [`低${wName}（M − 1SD）`, `平均${wName}（M）`, `高${wName}（M + 1SD）`];
  const jn = res.johnsonNeyman;
  sections.push({
    title: '简单斜率分析',
    blocks: [
      slopesTable(
        `表3 ${wName}不同水平下${xName}对${yName}的简单斜率`,
        [`${wName}水平`, `${wName}取值`],
        '简单斜率 B',
        res.simpleSlopes.map((s, i) => [[labels[i]!, num(s.w, 3)], s]),
        pct,
        `简单斜率 = b1 + b3·W（表中 W 为原始取值${center ? '，计算时减去均值' : ''}），SE = √(V11 + 2W·V13 + W²·V33)，V 为系数的协方差矩阵（同 interactions::sim_slopes）。`,
      ),
      slopesChart(`图1 简单斜率图：${wName}对${xName}与${yName}关系的调节`, { xName, wName, yName, res, xSd, covMeans: input.covColumns.map((c) => c.reduce((a, v) => a + v, 0) / n), labels }),
      text(`三条线分别为${wName}取均值 −1 个标准差、均值、均值 +1 个标准差时，${yName}的预测值随${xName}（均值 ±1 个标准差）的变化${cov.length > 0 ? '，协变量取其均值（分类协变量取各类别的比例）' : ''}；线越陡，${xName}的作用越大，线不平行即存在调节。`),
    ],
  });

  const fmtW = (v: number) => num(v, 3);
  let jnText: string;
  if (jn.significantWhere === 'all') jnText = `在${wName}的任何取值下，${xName}的简单斜率均有统计学意义（无 J–N 边界）。`;
  else if (jn.significantWhere === 'none') jnText = `在${wName}的任何取值下，${xName}的简单斜率均无统计学意义。`;
  else {
    const [l, h] = jn.bounds as [number, number];
    const region = jn.significantWhere === 'outside' ? `${wName} < ${fmtW(l)} 或 > ${fmtW(h)}` : `${fmtW(l)} < ${wName} < ${fmtW(h)}`;
    jnText = `J–N 边界为 ${fmtW(l)} 与 ${fmtW(h)}：当${region}时，${xName}的简单斜率有统计学意义（P < ${num(1 - level, 3)}）。`;
    const insideCount = jn.inRange.length;
    const mid = res.slopeCurve[Math.floor(res.slopeCurve.length / 2)]!;
    jnText +=
      insideCount === 0
        ? `两个边界都在${wName}的观测范围（${fmtW(jn.wMin)} ~ ${fmtW(jn.wMax)}）之外，故在观测范围内斜率${mid.pValue < 1 - level ? '处处显著' : '处处不显著'}。`
        : `观测范围为 ${fmtW(jn.wMin)} ~ ${fmtW(jn.wMax)}${insideCount === 1 ? `，其中只有 ${fmtW(jn.inRange[0]!)} 落在范围内` : ''}。`;
  }
  const pctAbove = (b: number) => (100 * w.filter((v) => v > b).length) / n;
  sections.push({
    title: 'Johnson–Neyman 分析',
    blocks: [
      table(
        '表4 Johnson–Neyman 显著性区间',
        ['项目', '内容'],
        [
          ['J–N 边界', jn.bounds.length > 0 ? jn.bounds.map(fmtW).join('，') : '无（判别式 < 0）'],
          ['观测范围内的边界', jn.inRange.length > 0 ? jn.inRange.map((b) => `${fmtW(b)}（${num(pctAbove(b), 1)}% 的观测大于此值）`).join('；') : '无'],
          [`${wName}的观测范围`, `${fmtW(jn.wMin)} ~ ${fmtW(jn.wMax)}`],
          ['临界 t 值', num(jn.tCritical, 4)],
        ],
        [jnText, 'J–N 边界解 (b1 + b3·W)² = t²·(V11 + 2W·V13 + W²·V33)，同 interactions::johnson_neyman 与 PROCESS。'],
      ),
      jnChart(`图2 Johnson–Neyman 图：${xName}的简单斜率随${wName}的变化`, { wName, res, pct }),
    ],
  });

  // Conclusion.
  const [low, , high] = res.simpleSlopes as [ModerationResult['simpleSlopes'][number], unknown, ModerationResult['simpleSlopes'][number]];
  const parts: string[] = [];
  parts.push(
    `以${xName}为自变量、${wName}为调节变量、${yName}为因变量${cov.length > 0 ? `，控制${quoted(cov)}` : ''}${center ? '，对自变量与调节变量均值中心化后' : ''}进行调节效应分析（n = ${n}）。`,
  );
  parts.push(
    `${xName}与${wName}的交互项${sigInter ? '显著' : '不显著'}（B = ${num(inter.estimate, 3)}，t = ${num(inter.statistic, 3)}，${pSentence(inter.pValue)}），交互项使 R² 增加 ${num(res.deltaRSquared, 4)}，${sigInter ? `说明${wName}调节了${xName}对${yName}的影响。` : `未发现${wName}的调节作用。`}`,
  );
  const slopeText = (s: { estimate: number; statistic: number; pValue: number }) => `B = ${num(s.estimate, 3)}，t = ${num(s.statistic, 3)}，${pSentence(s.pValue)}`;
  if (sigInter) {
    const weaker = Math.abs(high.estimate) < Math.abs(low.estimate);
    parts.push(
      `简单斜率分析显示，低${wName}（M − 1SD）时${xName}对${yName}的效应为 ${slopeText(low)}；高${wName}（M + 1SD）时为 ${slopeText(high)}。随着${wName}升高，${xName}对${yName}的影响${weaker ? '减弱' : '增强'}${low.estimate * high.estimate < 0 ? '并改变方向' : ''}。`,
    );
    parts.push(jnText);
  }
  const caveats = [
    '调节效应检验的是交互项；横断面数据只能说明变量间的统计交互，不能证明因果。',
    '简单斜率选在均值 ±1 个标准差处是惯例，这些点可能不是实际意义上的“高/低”；J–N 区间给出了斜率显著的全部范围，两者宜结合报告。',
  ];
  if (jn.inRange.length > 0) caveats.push('J–N 边界落在数据稀少处（表4 中边界外侧的观测比例很小）时，该区域的结论不稳定。');
  if (!center) caveats.push('未中心化时，自变量与调节变量的主效应系数是对方取 0 时的效应，常难以解释，且与交互项高度共线；交互项与简单斜率不受影响。');
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  const results: ToolOutput['results'] = {
    wType: 'continuous',
    n,
    excluded: input.excluded,
    x: xName,
    w: wName,
    y: yName,
    centered: center ? 1 : 0,
    interaction: inter.estimate,
    interactionSe: inter.se,
    interactionT: inter.statistic,
    pInteraction: inter.pValue,
    rSquared: res.rSquared,
    deltaRSquared: res.deltaRSquared,
    fChange: res.f,
    df2: res.df2,
    bX: res.coefficients[1]!.estimate,
    pX: res.coefficients[1]!.pValue,
    bW: res.coefficients[2]!.estimate,
    pW: res.coefficients[2]!.pValue,
    wMean: res.wMean,
    wSd: res.wSd,
    jnLower: jn.bounds[0] ?? null,
    jnUpper: jn.bounds[1] ?? null,
    jnRegion: jn.significantWhere,
    jnInRange: jn.inRange.length,
    level,
  };
  (['low', 'mean', 'high'] as const).forEach((k, i) => {
    const s = res.simpleSlopes[i]!;
    putSlope(results, k, s, true);
    results[`w.${k}`] = s.w;
  });
  return { title: `调节效应：${wName}对${xName} → ${yName}的调节`, sections, results };
}
