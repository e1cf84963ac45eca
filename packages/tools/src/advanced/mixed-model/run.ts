// 线性混合模型: repeated measurements of a continuous outcome (long format: one row per subject and
// visit) with a random intercept per subject and optional correlated random slopes, as
// lme4::lmer with lmerTest's Satterthwaite tests. Time enters as a linear trend or as visits,
// optionally with a group × time interaction; the report adds variance components and ICC, the
// likelihood-ratio tests of the random slopes (as ranova) and of the fixed effects (ML refits, as
// anova(m0, m1)), the subjects' trajectories with the fitted population lines, and residuals.
import { lmm, lmmLrt, StatsError, type LmmResult, maxOf, minOf } from '@labstat/stats';
import { PALETTE, residualChart, sampleOf } from '../../charts.js';
import { levelOf, requireVariables } from '../../common.js';
import { fieldList, modelInput, quoted } from '../../model-input.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { missingNote, numericValues } from '../../survival-input.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

const MAX_TIMES_AS_FACTOR = 12;
/** Subjects drawn in the trajectory chart (a seeded sample above this). */
const MAX_TRAJECTORIES = 150;

/** A model term: its label, the indices of its design columns and its type III contrast rows. */
interface Term {
  name: string;
  columns: number[];
  L: number[][];
}

const fmtTime = (t: number) => String(Number(t.toPrecision(10)));
const round = (v: number) => Number(v.toPrecision(6));

function fit(label: string, f: () => LmmResult): LmmResult {
  try {
    return f();
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(`${label}拟合失败：${err.message}`);
    throw err;
  }
}

export function run(data: DataTable, params: Params): ToolOutput {
  const timeModel = params.timeModel === 'factor' ? 'factor' : 'linear';
  const reml = params.method !== 'ML';
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
  const slopes = [...new Set(fieldList(params.slopes))];
  for (const s of slopes) {
    if (s === timeName) {
      if (timeModel === 'factor') throw new ToolInputError(`时间按分类（各时间点）纳入时不能给“${timeName}”设随机斜率；请把时间改为“线性趋势”，或不选随机斜率`);
    } else if (!xs.includes(s)) {
      throw new ToolInputError(`随机斜率变量“${s}”应同时作为固定效应纳入模型：只能选测量时间“${timeName}”或已选的定量协变量`);
    }
  }
  const interaction = params.interaction !== 'no' && groupName !== '';

  // Covariates through the shared reader: time (numeric) first, the group as the first factor.
  const yNum = numericValues(data, yName);
  const idText = data.text(idName);
  const input = modelInput(data, { ...params, x: [timeName, ...xs], factors: groupName ? [groupName, ...fs] : fs }, yName, [
    { name: yName, present: (i) => yNum[i] !== null },
    { name: idName, present: (i) => (idText[i] ?? '').trim() !== '' },
  ]);
  const rows = input.rows;
  const n = rows.length;
  const y = rows.map((i) => yNum[i]!);
  if (y.every((v) => v === y[0])) throw new ToolInputError(`结局变量“${yName}”在分析的行中取值恒定（均为 ${y[0]}），无法分析`);
  const ids = rows.map((i) => idText[i]!.trim());
  const pred = (name: string) => input.predictors.find((p) => p.name === name)!;
  const times = pred(timeName).values as number[];
  const timeLevels = [...new Set(times)].sort((a, b) => a - b);
  const subjects = [...new Set(ids)];
  if (subjects.length < 2) throw new ToolInputError(`个体编号“${idName}”在分析的行中只有 ${subjects.length} 个个体，混合模型至少需要 2 个个体（通常需要数十个）`);
  if (subjects.length === n) throw new ToolInputError(`个体编号“${idName}”的每个值只出现一次：每个个体只有一次测量，不是重复测量数据；请检查个体编号列，或改用普通线性回归`);
  if (timeModel === 'factor' && timeLevels.length > MAX_TIMES_AS_FACTOR) throw new ToolInputError(`测量时间“${timeName}”有 ${timeLevels.length} 个不同取值，超过 ${MAX_TIMES_AS_FACTOR} 个，不宜作为分类变量；请选择“线性趋势”`);
  const count = new Map<string, number>();
  for (const v of ids) count.set(v, (count.get(v) ?? 0) + 1);
  const sizes = subjects.map((s) => count.get(s)!);
  if (slopes.length > 0) {
    const enough = sizes.filter((k) => k > slopes.length).length;
    if (n <= (slopes.length + 1) * subjects.length || enough < 2)
      throw new ToolInputError(`每个个体的测量次数太少（平均 ${num(n / subjects.length, 2)} 次），无法估计随机斜率：观测数 ${n} 不多于随机效应个数 ${(slopes.length + 1) * subjects.length}（${slopes.length + 1} × ${subjects.length} 个个体）；请不选随机斜率（只用随机截距）`);
  }

  // Fixed-effect design: intercept, time, group, group × time, covariates; type III contrasts as lmerTest.
  const columns: number[][] = [new Array<number>(n).fill(1)];
  const labels: string[] = ['截距'];
  const terms: Term[] = [];
  const add = (label: string, values: number[]) => {
    columns.push(values);
    labels.push(label);
    return columns.length - 1;
  };
  const timeCols: Array<{ label: string; values: number[] }> =
    timeModel === 'linear'
      ? [{ label: timeName, values: times }]
      : timeLevels.slice(1).map((t) => ({ label: `${timeName}：${fmtTime(t)} vs ${fmtTime(timeLevels[0]!)}`, values: times.map((v) => (v === t ? 1 : 0)) }));
  const timeIdx = timeCols.map((c) => add(c.label, c.values));
  const groupLevels = groupName ? input.levels.get(groupName)! : [];
  const groupValues = groupName ? (pred(groupName).values as string[]) : [];
  const groupCols = groupLevels.slice(1).map((lv) => ({ label: `${groupName}：${lv} vs ${groupLevels[0]}`, values: groupValues.map((v) => (v === lv ? 1 : 0)) }));
  const groupIdx = groupCols.map((c) => add(c.label, c.values));
  const inter: number[][] = []; // inter[a][b]: group column a × time column b
  if (interaction) {
    groupCols.forEach((g, a) => {
      inter.push(
        timeCols.map((t) => {
          const tl = timeModel === 'linear' ? timeName : `${timeName}（${t.label.slice(timeName.length + 1)}）`;
          return add(`${groupName}：${groupLevels[a + 1]} × ${tl}`, g.values.map((v, r) => v * t.values[r]!));
        }),
      );
    });
  }
  const xIdx = xs.map((x) => add(x, pred(x).values as number[]));
  const fIdx = fs.map((f) => {
    const lv = input.levels.get(f)!;
    const vals = pred(f).values as string[];
    return lv.slice(1).map((l) => add(`${f}：${l} vs ${lv[0]}`, vals.map((v) => (v === l ? 1 : 0))));
  });
  const p = columns.length;
  const unit = (cols: number[], extra: (k: number) => Array<[number, number]> = () => []) =>
    cols.map((c, k) => {
      const row = new Array<number>(p).fill(0);
      row[c] = 1;
      for (const [j, w] of extra(k)) row[j] = w;
      return row;
    });
  // Main effects under the interaction are averaged over the other factor's levels (the reference
  // counting as zero); a numeric time's group effect stays at time 0 — lmerTest's type III contrasts.
  terms.push({ name: timeName, columns: timeIdx, L: unit(timeIdx, (b) => inter.map((row) => [row[b]!, 1 / groupLevels.length])) });
  if (groupName)
    terms.push({ name: groupName, columns: groupIdx, L: unit(groupIdx, (a) => (interaction && timeModel === 'factor' ? inter[a]!.map((c) => [c, 1 / timeLevels.length] as [number, number]) : [])) });
  if (interaction) terms.push({ name: `${groupName} × ${timeName}`, columns: inter.flat(), L: unit(inter.flat()) });
  xs.forEach((x, k) => terms.push({ name: x, columns: [xIdx[k]!], L: unit([xIdx[k]!]) }));
  fs.forEach((f, k) => terms.push({ name: f, columns: fIdx[k]!, L: unit(fIdx[k]!) }));
  if (n <= p) throw new ToolInputError(`观测数（${n}）不多于固定效应参数个数（${p}），请减少自变量`);

  const z = [new Array<number>(n).fill(1), ...slopes.map((s) => (s === timeName ? times : (pred(s).values as number[])))];
  slopes.forEach((s, k) => {
    // A slope needs the variable to vary within subjects (age at entry does not: its slope is the intercept again).
    const first = new Map<string, number>();
    const varies = new Set<string>();
    z[k + 1]!.forEach((v, r) => {
      const f = first.get(ids[r]!);
      if (f === undefined) first.set(ids[r]!, v);
      else if (f !== v) varies.add(ids[r]!);
    });
    if (varies.size < 2) throw new ToolInputError(`随机斜率变量“${s}”${varies.size === 0 ? '在每个个体内取值都不变' : '只在 1 个个体内有变化'}（个体水平的变量，如入组年龄），无法估计它的随机斜率；请不选它作为随机斜率`);
  });
  const zNames = ['(Intercept)', ...slopes];
  const names = labels;
  const lmmOf = (x: number[][], nm: string[], zz: number[][], zn: string[], useReml: boolean, satterthwaite = false, start?: readonly number[]) =>
    lmm({ y, x, names: nm, group: ids, z: zz, zNames: zn }, { reml: useReml, level, satterthwaite, start });
  const main = fit('线性混合模型', () => lmmOf(columns, names, z, zNames, reml, true));
  const intercept = slopes.length > 0 ? fit('仅随机截距的模型', () => lmmOf(columns, names, [z[0]!], [zNames[0]!], reml, false, [main.theta[0]!])) : main;
  const ranova = slopes.length > 0 ? lmmLrt(intercept, main) : null;
  const mlFull = reml ? fit('ML 重新拟合的模型', () => lmmOf(columns, names, z, zNames, false, false, main.theta)) : main;
  const mlNull = fit('只含截距的零模型', () => lmmOf([columns[0]!], ['截距'], z, zNames, false, false, main.theta));
  const fixedLrt = lmmLrt(mlNull, mlFull);
  const tau0 = intercept.randomCovariance[0]![0]!;
  const icc = tau0 / (tau0 + intercept.residualVariance);

  const pct = Math.round(level * 1000) / 10;
  const methodName = reml ? 'REML' : 'ML';
  const complete = sizes.filter((s) => s === timeLevels.length).length;
  const minSize = minOf(sizes);
  const maxSize = maxOf(sizes);
  const sections: ToolOutput['sections'] = [];
  const refNote = groupName || fs.length > 0 ? [`分类变量以参照类别为比较基准（${[...(groupName ? [groupName] : []), ...fs].map((f) => `${f}=${input.levels.get(f)![0]}`).join('；')}）。`] : [];

  // Table 1: sample.
  const mean = y.reduce((a, b) => a + b, 0) / n;
  sections.push({
    title: '数据概况',
    blocks: [
      table(
        '表1 分析数据概况',
        ['观测数（行）', '个体数', '每个体测量次数', '时间点', '完整测量全部时间点的个体', '因缺失排除的行', '结局均值'],
        [[n, subjects.length, `${minSize}–${maxSize}（平均 ${num(n / subjects.length, 2)}）`, timeLevels.map(fmtTime).join('、'), `${complete}（${num((100 * complete) / subjects.length, 1)}%）`, input.excluded, num(mean, 3)]],
        [missingNote(input.excluded), '混合模型使用每个个体现有的全部测量（失访者的已有测量也参与估计）；这要求缺失为随机缺失（MAR），比完全随机缺失（MCAR）宽松。'],
      ),
    ],
  });

  // Table 2: observed means by time (and group).
  const groups = groupName ? groupLevels : ['全部'];
  const inGroup = (r: number, g: string) => !groupName || groupValues[r] === g;
  const summary = timeLevels.map((t) => [
    fmtTime(t),
    ...groups.flatMap((g) => {
      const v = y.filter((_, r) => inGroup(r, g) && times[r] === t);
      if (v.length === 0) return ['0', '—'];
      const m = v.reduce((a, b) => a + b, 0) / v.length;
      const sd = v.length > 1 ? Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / (v.length - 1)) : 0;
      return [String(v.length), `${num(m, 2)} ± ${num(sd, 2)}`];
    }),
  ]);

  // Figure 1: trajectories with the population lines (numeric covariates at their mean, factors at the reference).
  const covMean = xs.map((x) => (pred(x).values as number[]).reduce((a, b) => a + b, 0) / n);
  const beta = main.coefficients.map((c) => c.estimate);
  const population = (t: number, g: number) => {
    let v = beta[0]!;
    timeCols.forEach((_, b) => (v += beta[timeIdx[b]!]! * (timeModel === 'linear' ? t : t === timeLevels[b + 1] ? 1 : 0)));
    if (g > 0) {
      v += beta[groupIdx[g - 1]!]!;
      if (interaction) timeCols.forEach((_, b) => (v += beta[inter[g - 1]![b]!]! * (timeModel === 'linear' ? t : t === timeLevels[b + 1] ? 1 : 0)));
    }
    xs.forEach((_, k) => (v += beta[xIdx[k]!]! * covMean[k]!));
    return v;
  };
  const drawn = subjects.length > MAX_TRAJECTORIES ? new Set(sampleOf(subjects, MAX_TRAJECTORIES)) : new Set(subjects);
  const yLo = minOf(y);
  const yHi = maxOf(y);
  const span = yHi - yLo || 1;
  const step = 10 ** Math.floor(Math.log10(span / 4));
  const yMin = Math.floor((yLo - 0.02 * span) / step) * step;
  const yMax = Math.ceil((yHi + 0.02 * span) / step) * step;
  const series: Array<Record<string, unknown>> = [];
  groups.forEach((g, gi) => {
    const color = PALETTE[gi % PALETTE.length];
    const lines = subjects
      .filter((s) => drawn.has(s))
      .map((s) => ids.map((v, r) => (v === s && inGroup(r, g) ? r : -1)).filter((r) => r >= 0))
      .filter((rs) => rs.length > 0)
      .map((rs) => ({ coords: rs.sort((a, b) => times[a]! - times[b]!).map((r) => [round(times[r]!), round(y[r]!)]) }));
    series.push({ type: 'lines', name: `${groupName ? g : '个体'}（个体）`, coordinateSystem: 'cartesian2d', polyline: true, silent: true, lineStyle: { color, width: 0.8, opacity: 0.35 }, data: lines });
    const pts = (timeModel === 'linear' ? [timeLevels[0]!, timeLevels[timeLevels.length - 1]!] : timeLevels).map((t) => [round(t), round(population(t, gi))]);
    series.push({ type: 'line', name: `${groupName ? g : '总体'}（模型估计）`, data: pts, showSymbol: timeModel !== 'linear', symbolSize: 7, itemStyle: { color }, lineStyle: { color, width: 3 } });
  });
  const trajectoryChart = {
    type: 'chart' as const,
    title: `图1 ${yName}的个体轨迹与模型估计的总体趋势${drawn.size < subjects.length ? `（共 ${subjects.length} 个个体，按固定随机种子抽取 ${drawn.size} 个绘制）` : ''}`,
    option: {
      textStyle: { fontFamily: 'Times New Roman, SimSun, serif' },
      tooltip: { trigger: 'item' },
      legend: { data: series.map((s) => s.name as string), top: 0 },
      grid: { left: 65, right: 30, top: 50, bottom: 50 },
      xAxis: { type: 'value', name: timeName, nameLocation: 'middle', nameGap: 28, min: timeLevels[0], max: timeLevels[timeLevels.length - 1], splitLine: { show: false }, axisLine: { lineStyle: { color: '#000' } } },
      yAxis: { type: 'value', name: yName, nameLocation: 'middle', nameGap: 45, min: round(yMin), max: round(yMax), splitLine: { show: false }, axisLine: { show: true, onZero: false, lineStyle: { color: '#000' } } },
      series,
    },
  };
  sections.push({
    title: '个体轨迹',
    blocks: [
      table(`表2 各时间点${yName}（均值 ± 标准差）${groupName ? `（按${groupName}）` : ''}`, [timeName, ...groups.flatMap((g) => [`${groupName ? `${g} ` : ''}例数`, `${groupName ? `${g} ` : ''}均值 ± 标准差`])], summary, ['观测值的描述，未调整协变量；随访后期的例数减少反映失访。']),
      trajectoryChart,
      text(`细线为每个个体的实测轨迹，粗线为固定效应估计的总体${timeModel === 'linear' ? '趋势线' : '各时间点均值'}${xs.length > 0 ? `（${xs.join('、')}取样本均值` : ''}${fs.length > 0 ? `${xs.length > 0 ? '，' : '（'}${fs.map((f) => `${f}取参照类别“${input.levels.get(f)![0]}”`).join('、')}` : ''}${xs.length + fs.length > 0 ? '）' : ''}。`),
    ],
  });

  // Table 3: fixed effects; Table 4: type III F tests.
  const fTests = terms.filter((t) => t.columns.length > 0).map((t) => ({ term: t, ...main.contrast(t.L) }));
  sections.push({
    title: '固定效应',
    blocks: [
      table(
        `表3 固定效应估计（${methodName}，Satterthwaite 自由度）`,
        ['变量', 'β', '标准误', '自由度', 't', 'P', `${pct}%CI`],
        main.coefficients.map((c, j) => [labels[j]!, num(c.estimate, 4), num(c.se, 4), num(c.df, 2), num(c.statistic, 3), formatP(c.pValue), `${num(c.ci[0], 4)} ~ ${num(c.ci[1], 4)}`]),
        [
          `t 检验的自由度按 Satterthwaite 法近似（同 R 的 lmerTest::summary）；${pct}%CI = β ± t(自由度) × 标准误。`,
          ...refNote,
          ...(interaction ? [`含交互项时，“${groupName}”的主效应为${timeModel === 'linear' ? `${timeName} = 0 时` : `第一个时间点（${fmtTime(timeLevels[0]!)}）`}的组间差异，“${timeName}”的主效应为参照组（${groupLevels[0]}）的变化；交互项为两组变化${timeModel === 'linear' ? '速度（斜率）' : ''}之差。`] : []),
        ],
      ),
      table(
        '表4 各变量的Ⅲ型 F 检验（Satterthwaite 法）',
        ['变量', 'F', '分子自由度', '分母自由度', 'P'],
        fTests.map((w) => [w.term.name, num(w.statistic, 3), w.numDf, num(w.denDf, 2), formatP(w.pValue)]),
        [
          '同 R 的 anova(模型, type = 3)（lmerTest）：检验该变量的全部系数同时为 0（多分类变量与分类时间的整体检验）。',
          ...(interaction ? [`存在交互项时，“${timeName}”的主效应检验的是各组平均的${timeModel === 'linear' ? '斜率' : '时间效应'}${timeModel === 'factor' ? `，“${groupName}”的主效应检验的是各时间点平均的组间差异` : `，“${groupName}”的主效应检验的是 ${timeName} = 0 时的组间差异`}（lmerTest 的Ⅲ型对比）。`] : []),
        ],
      ),
    ],
  });

  // Table 5: variance components.
  const vcRows: Array<Array<string | number | null>> = zNames.map((zn, a) => [
    `${idName}`,
    a === 0 ? '截距' : `${zn}（斜率）`,
    num(main.randomCovariance[a]![a]!, 4),
    num(main.randomSd[a]!, 4),
    a === 0 ? '—' : zNames.slice(0, a).map((_, b) => num(main.randomCorrelation[a]![b]!, 3)).join('，'),
  ]);
  vcRows.push(['残差', '—', num(main.residualVariance, 4), num(main.sigma, 4), '—']);
  sections.push({
    title: '随机效应',
    blocks: [
      table(
        `表5 方差成分（${methodName}）`,
        ['分组', '随机效应', '方差', '标准差', slopes.length > 0 ? '相关（与前面各项）' : '相关'],
        vcRows,
        [
          `ICC（组内相关系数，仅随机截距模型）= 个体间方差 / (个体间方差 + 残差方差) = ${num(icc, 3)}：结局总变异中有 ${num(100 * icc, 1)}% 来自个体间差异${slopes.length > 0 ? '（由去掉随机斜率、其余相同的模型估计）' : ''}。`,
          ...(slopes.length > 0 ? ['随机斜率的方差表示各人变化速度的离散程度；截距与斜率的相关为负表示基线越高者下降越快（或上升越慢）。'] : []),
          ...(main.singular ? ['警告：边界（奇异）拟合 boundary (singular) fit——某个随机效应的方差估计为 0（或相关为 ±1），随机效应结构对本数据过于复杂，宜简化（如去掉随机斜率）。'] : []),
        ],
      ),
    ],
  });

  // Table 6: fit and likelihood-ratio tests.
  const fitRows: Array<Array<string | number | null>> = [[`当前模型（${methodName}）`, main.npar, num(main.logLik, 3), num(main.aic, 2), num(main.bic, 2), '—', '—', '—']];
  if (ranova) fitRows.push([`仅随机截距（${methodName}）`, intercept.npar, num(intercept.logLik, 3), num(intercept.aic, 2), num(intercept.bic, 2), num(ranova.statistic, 3), ranova.df, formatP(ranova.pValue)]);
  fitRows.push(['零模型：只含截距的固定效应（ML）', mlNull.npar, num(mlNull.logLik, 3), num(mlNull.aic, 2), num(mlNull.bic, 2), '—', '—', '—']);
  fitRows.push(['完整固定效应（ML）', mlFull.npar, num(mlFull.logLik, 3), num(mlFull.aic, 2), num(mlFull.bic, 2), num(fixedLrt.statistic, 3), fixedLrt.df, formatP(fixedLrt.pValue)]);
  sections.push({
    title: '模型拟合与似然比检验',
    blocks: [
      table(
        '表6 模型拟合指标与似然比检验',
        ['模型', '参数个数', '对数似然', 'AIC', 'BIC', 'χ²', '自由度', 'P'],
        fitRows,
        [
          ...(ranova ? [`随机斜率的检验：当前模型与去掉随机斜率的模型比较（同 lmerTest::ranova，${methodName}），χ² = 2 × 对数似然之差；方差位于参数空间边界，此 P 值偏保守。`] : []),
          '固定效应的整体检验：两模型均用 ML 重新拟合后比较（同 R 的 anova(零模型, 模型)），REML 的似然不能用于比较固定效应不同的模型。',
          `AIC、BIC 越小越好；${reml ? 'REML 的 AIC/BIC 只能比较固定效应相同的模型。' : ''}参数个数 = 固定效应 + 随机效应协方差参数 + 残差方差。`,
        ],
      ),
      residualChart(
        main.fitted.map((f, r) => [f, main.residuals[r]!] as const),
        { title: '图2 残差图（条件拟合值 vs 条件残差）', xName: '拟合值（含个体随机效应）', yName: '残差', reference: 0, referenceLabel: '残差 = 0' },
      ),
      text('残差应围绕 0 随机散布、上下宽度大致相同；若呈漏斗形（方差随拟合值增大）或弯曲趋势，提示需要变换结局或加入非线性时间项。'),
    ],
  });

  // results
  const results: ToolOutput['results'] = {
    method: methodName,
    timeModel,
    interaction: interaction ? 1 : 0,
    n,
    subjects: subjects.length,
    excluded: input.excluded,
    minPerSubject: minSize,
    maxPerSubject: maxSize,
    timePoints: timeLevels.length,
    completeSubjects: complete,
    randomSlopes: slopes.length,
    varIntercept: main.randomCovariance[0]![0]!,
    sdIntercept: main.randomSd[0]!,
    residualVariance: main.residualVariance,
    sigma: main.sigma,
    icc,
    logLik: main.logLik,
    deviance: main.deviance,
    aic: main.aic,
    bic: main.bic,
    npar: main.npar,
    singular: main.singular ? 1 : 0,
    ranovaChisq: ranova?.statistic ?? null,
    ranovaDf: ranova?.df ?? null,
    ranovaP: ranova?.pValue ?? null,
    fixedChisq: fixedLrt.statistic,
    fixedDf: fixedLrt.df,
    fixedP: fixedLrt.pValue,
    level,
  };
  slopes.forEach((s, k) => {
    results[`varSlope.${s}`] = main.randomCovariance[k + 1]![k + 1]!;
    results[`sdSlope.${s}`] = main.randomSd[k + 1]!;
    results[`corSlope.${s}`] = Number.isFinite(main.randomCorrelation[k + 1]![0]!) ? main.randomCorrelation[k + 1]![0]! : null;
  });
  main.coefficients.forEach((c, j) => {
    const key = labels[j]!;
    results[`beta.${key}`] = c.estimate;
    results[`se.${key}`] = c.se;
    results[`df.${key}`] = c.df;
    results[`t.${key}`] = c.statistic;
    results[`p.${key}`] = c.pValue;
    results[`lower.${key}`] = c.ci[0];
    results[`upper.${key}`] = c.ci[1];
  });
  for (const w of fTests) {
    results[`F.${w.term.name}`] = w.statistic;
    results[`numDf.${w.term.name}`] = w.numDf;
    results[`denDf.${w.term.name}`] = w.denDf;
    results[`termP.${w.term.name}`] = w.pValue;
  }
  const interTest = interaction ? fTests.find((w) => w.term.name === `${groupName} × ${timeName}`)! : null;
  const groupTest = groupName ? fTests.find((w) => w.term.name === groupName)! : null;
  const timeTest = fTests.find((w) => w.term.name === timeName)!;
  results.pInteraction = interTest?.pValue ?? null;
  results.pGroup = groupTest?.pValue ?? null;
  results.pTime = timeTest.pValue;

  // Conclusion, worded as a results section.
  const pS = (v: number) => (v < 0.001 ? 'P < 0.001' : `P = ${v.toFixed(3)}`);
  const eff = (j: number) => {
    const c = main.coefficients[j]!;
    return `β = ${num(c.estimate, 3)}（${pct}%CI ${num(c.ci[0], 3)} ~ ${num(c.ci[1], 3)}），t(${num(c.df, 1)}) = ${num(c.statistic, 3)}，${pS(c.pValue)}`;
  };
  const fText = (w: { statistic: number; numDf: number; denDf: number; pValue: number }) => `F(${w.numDf}, ${num(w.denDf, 1)}) = ${num(w.statistic, 3)}，${pS(w.pValue)}`;
  const parts: string[] = [];
  const randomText = slopes.length > 0 ? `个体随机截距与${quoted(slopes)}的随机斜率（相关）` : '个体随机截距';
  parts.push(
    `共纳入 ${subjects.length} 名研究对象的 ${n} 次测量（每人 ${minSize}–${maxSize} 次，${complete} 人完成全部 ${timeLevels.length} 个时间点）。` +
      `以“${yName}”为结局，采用线性混合效应模型（${randomText}，${methodName} 估计，Satterthwaite 法计算自由度）分析${[timeName, groupName || null, interaction ? `${groupName}×${timeName}交互` : null, ...xs, ...fs].filter(Boolean).join('、')}的效应。`,
  );
  if (interTest) {
    const j = interTest.term.columns;
    parts.push(
      interTest.pValue < 0.05
        ? `${groupName}与${timeName}的交互作用有统计学意义（${fText(interTest)}），各组${yName}随时间的变化不同` +
            (j.length === 1 ? `：${groupLevels[1]}${timeModel === 'linear' ? `每单位${timeName}的变化与${groupLevels[0]}相差` : `与${groupLevels[0]}的差异为`} ${eff(j[0]!)}。` : '（各交互项见表3）。')
        : `${groupName}与${timeName}的交互作用无统计学意义（${fText(interTest)}），未发现各组随时间的变化不同。`,
    );
  }
  if (timeModel === 'linear') {
    const c = main.coefficients[timeIdx[0]!]!;
    parts.push(`${interaction ? `${groupLevels[0]}中` : ''}${yName}随${timeName}每增加 1 个单位平均变化 ${eff(timeIdx[0]!)}${c.pValue < 0.05 ? '' : '（无统计学意义）'}。`);
  } else {
    parts.push(`${timeName}的效应（${interaction ? '各组平均，' : ''}Ⅲ型 F 检验）：${fText(timeTest)}。`);
  }
  if (groupTest && groupTest.term.columns.length > 0) {
    const j = groupTest.term.columns;
    const what = interaction ? (timeModel === 'linear' ? `${timeName} = 0 时的组间差异` : '各时间点平均的组间差异') : `${groupName}的效应（各时间点平均）`;
    parts.push(`${what}：${j.length === 1 && !(interaction && timeModel === 'factor') ? `${groupLevels[1]} vs ${groupLevels[0]}，${eff(j[0]!)}` : fText(groupTest)}。`);
  }
  const covSig = fTests.filter((w) => [...xs, ...fs].includes(w.term.name) && w.pValue < 0.05).map((w) => w.term.name);
  if (xs.length + fs.length > 0) parts.push(covSig.length > 0 ? `协变量中，${quoted(covSig)}与结局的关联有统计学意义（见表3、表4）。` : '各协变量与结局的关联均无统计学意义。');
  parts.push(
    `个体间方差为 ${num(main.randomCovariance[0]![0]!, 3)}，残差方差为 ${num(main.residualVariance, 3)}，ICC = ${num(icc, 3)}${slopes.length > 0 ? `；${slopes.map((s, k) => `${s}随机斜率的标准差为 ${num(main.randomSd[k + 1]!, 4)}，与截距的相关为 ${num(main.randomCorrelation[k + 1]![0]!, 3)}`).join('；')}` : ''}。`,
  );
  if (ranova) parts.push(ranova.pValue < 0.05 ? `加入随机斜率显著改善了模型拟合（似然比 χ² = ${num(ranova.statistic, 3)}，df = ${ranova.df}，${pS(ranova.pValue)}），个体间的变化速度存在差异。` : `加入随机斜率未显著改善模型拟合（似然比 χ² = ${num(ranova.statistic, 3)}，df = ${ranova.df}，${pS(ranova.pValue)}），可考虑只保留随机截距。`);
  const caveats: string[] = [];
  if (main.singular) caveats.push('拟合处于边界（奇异拟合，boundary (singular) fit）：某个随机效应方差估计为 0 或相关为 ±1，提示随机效应结构过于复杂，建议简化（如去掉随机斜率）后重新分析。');
  caveats.push(
    '混合模型的固定效应是“条件”效应（给定个体随机效应）；线性模型中它与人群平均效应数值相同，可直接解释为平均的差值或变化速度。',
    '模型假定随机效应与残差服从正态分布、残差方差齐且个体之间独立；请查看图2 的残差分布。',
    '缺失数据按随机缺失（MAR）处理：失访若与未观测到的结局有关（非随机缺失），估计仍可能有偏，宜做敏感性分析。',
  );
  if (subjects.length < 30) caveats.push(`本次只有 ${subjects.length} 个个体，方差成分的估计不够稳定，结论需谨慎。`);
  sections.push({ title: '结论', blocks: [text(parts.join(''), ...caveats)] });

  return { title: `线性混合模型：${yName}`, sections, results };
}
