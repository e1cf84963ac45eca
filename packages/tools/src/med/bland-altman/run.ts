// Bland–Altman: bias and limits of agreement with their CIs (Bland & Altman 1986, 1999), the t test
// of the bias, proportional bias by regressing the difference on the mean, optional percentage
// differences, and the plot with bias and limit lines and their CI bands.
import { blandAltman, linearRegression, oneSampleTTest, StatsError, type BlandAltmanResult, maxOf, minOf } from '@labstat/stats';
import type { ReportBlock } from '@labstat/contracts';
import { completeRows, excludedNote, numericColumns } from '../../agreement-input.js';
import { niceCeil, PALETTE } from '../../charts.js';
import { ciText, levelOf, pSentence, requireVariables } from '../../common.js';
import { finiteOrNull, formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

interface Analysis {
  ba: BlandAltmanResult;
  t: { statistic: number; df: number; pValue: number };
  /** Difference = intercept + slope × mean; null when the means do not vary. */
  fit: { intercept: { estimate: number; se: number; statistic: number; pValue: number; ci: readonly [number, number] }; slope: { estimate: number; se: number; statistic: number; pValue: number; ci: readonly [number, number] }; rSquared: number } | null;
  outside: number;
  z: number;
}

function analyse(differences: number[], means: number[], level: number, regression: boolean): Analysis {
  // blandAltman takes two methods; differences against zeros give the same bias, SD and limits.
  const ba = blandAltman(differences, differences.map(() => 0), { level });
  const t = oneSampleTTest(differences, { level });
  let fit: Analysis['fit'] = null;
  if (regression && new Set(means).size > 2) {
    const m = linearRegression({ y: differences, predictors: [{ name: '均值', values: means, type: 'numeric' }], level });
    fit = { intercept: m.coefficients[0]!, slope: m.coefficients[1]!, rSquared: m.rSquared };
  }
  const outside = differences.filter((d) => d < ba.lower || d > ba.upper).length;
  const z = (ba.upper - ba.bias) / ba.sd;
  return { ba: { ...ba, points: differences.map((d, i) => ({ mean: means[i]!, difference: d })) }, t, fit, outside, z };
}

function baTable(title: string, a: Analysis, pct: number, unit: string): ReportBlock {
  const { ba } = a;
  const z = num(a.z, 2);
  return table(
    title,
    ['指标', `估计值${unit}`, `${pct}%CI`],
    [
      ['偏倚（平均差）', num(ba.bias, 4), ciText(ba.biasCi, 4)],
      ['差值标准差', num(ba.sd, 4), ''],
      [`一致性界限下限（偏倚 − ${z}×SD）`, num(ba.lower, 4), ciText(ba.lowerCi, 4)],
      [`一致性界限上限（偏倚 + ${z}×SD）`, num(ba.upper, 4), ciText(ba.upperCi, 4)],
    ],
    [
      `偏倚的 t 检验（H0：平均差 = 0）：t = ${num(a.t.statistic, 3)}，df = ${a.t.df}，P ${formatP(a.t.pValue).startsWith('<') ? '' : '= '}${formatP(a.t.pValue)}。`,
      `一致性界限的置信区间：界限 ± t×SD×√(1/n + z²/(2(n − 1)))（Bland 与 Altman 1999）。${ba.n} 个点中 ${a.outside} 个（${num((a.outside / ba.n) * 100, 1)}%）落在一致性界限之外。`,
    ],
  );
}

function regressionTable(title: string, a: Analysis, pct: number): ReportBlock | null {
  if (!a.fit) return null;
  const row = (label: string, c: NonNullable<Analysis['fit']>['slope']) => [label, num(c.estimate, 4), num(c.se, 4), num(c.statistic, 3), formatP(c.pValue), ciText(c.ci, 4)];
  return table(title, ['项', '系数', '标准误', 't', 'P', `${pct}%CI`], [row('截距', a.fit.intercept), row('均值（斜率）', a.fit.slope)], [
    `差值 = 截距 + 斜率 × 两法均值，R² = ${num(a.fit.rSquared, 4)}。斜率与 0 的差异有统计学意义提示存在比例偏倚（差值随测量值大小而变化）。`,
  ]);
}

function nice(x: number, span: number, up: boolean): number {
  return up ? niceCeil(x, span) : -niceCeil(-x, span);
}

function baChart(title: string, a: Analysis, xName: string, yName: string, pctLabel: number): ReportBlock {
  const { ba } = a;
  const xs = ba.points.map((p) => p.mean);
  const ys = ba.points.map((p) => p.difference);
  const lo = Math.min(minOf(ys), ba.lowerCi[0]);
  const hi = Math.max(maxOf(ys), ba.upperCi[1]);
  const span = hi - lo || 1;
  const r = (v: number) => Number(v.toPrecision(8));
  const xMin = minOf(xs);
  const xMax = maxOf(xs);
  const band = (ci: readonly [number, number], color: string) => [{ yAxis: r(ci[0]), itemStyle: { color, opacity: 0.15 } }, { yAxis: r(ci[1]) }];
  const series: Array<Record<string, unknown>> = [
    {
      type: 'scatter',
      name: '差值',
      symbolSize: 6,
      itemStyle: { color: PALETTE[0], opacity: 0.75 },
      data: ba.points.map((p) => [r(p.mean), r(p.difference)]),
      markLine: {
        silent: true,
        symbol: 'none',
        data: [
          { yAxis: r(ba.bias), name: '偏倚', lineStyle: { color: '#303133', type: 'solid', width: 1.5 }, label: { formatter: `偏倚 ${num(ba.bias, 3)}`, position: 'insideEndTop' } },
          { yAxis: r(ba.upper), name: '上限', lineStyle: { color: PALETTE[1], type: 'dashed', width: 1.5 }, label: { formatter: `+${num(a.z, 2)} SD ${num(ba.upper, 3)}`, position: 'insideEndTop' } },
          { yAxis: r(ba.lower), name: '下限', lineStyle: { color: PALETTE[1], type: 'dashed', width: 1.5 }, label: { formatter: `−${num(a.z, 2)} SD ${num(ba.lower, 3)}`, position: 'insideEndBottom' } },
          { yAxis: 0, name: '零线', lineStyle: { color: '#909399', type: 'dotted', width: 1 }, label: { show: false } },
        ],
      },
      markArea: { silent: true, data: [band(ba.biasCi, '#303133'), band(ba.upperCi, PALETTE[1]!), band(ba.lowerCi, PALETTE[1]!)] },
    },
  ];
  if (a.fit) {
    const line = (x: number) => r(a.fit!.intercept.estimate + a.fit!.slope.estimate * x);
    series.push({ type: 'line', name: '回归线', symbol: 'none', lineStyle: { color: PALETTE[2], width: 1.5 }, itemStyle: { color: PALETTE[2] }, data: [[r(xMin), line(xMin)], [r(xMax), line(xMax)]] });
  }
  return {
    type: 'chart',
    title,
    option: {
      textStyle: { fontFamily: 'Times New Roman, SimSun, serif' },
      tooltip: { trigger: 'item' },
      legend: { data: ['差值', ...(a.fit ? ['回归线'] : [])], top: 0 },
      grid: { left: 70, right: 90, top: 40, bottom: 50 },
      xAxis: { type: 'value', name: xName, nameLocation: 'middle', nameGap: 28, scale: true, splitLine: { show: false }, axisLine: { lineStyle: { color: '#000' }, onZero: false } },
      yAxis: {
        type: 'value',
        name: yName,
        min: nice(lo - span * 0.05, span, false),
        max: nice(hi + span * 0.05, span, true),
        splitLine: { show: false },
        axisLine: { show: true, lineStyle: { color: '#000' }, onZero: false },
      },
      graphic: [{ type: 'text', right: 10, bottom: 8, style: { text: `阴影：${pctLabel}%CI`, fontSize: 11, fill: '#606266' } }],
      series,
    },
  };
}

export function run(data: DataTable, params: Params): ToolOutput {
  const m1 = String(params.method1 ?? '');
  const m2 = String(params.method2 ?? '');
  if (!m1 || !m2) throw new ToolInputError('请选择两种方法的测量值列');
  requireVariables(data, [m1, m2]);
  if (m1 === m2) throw new ToolInputError(`方法1 与方法2 选择了同一列“${m1}”，请选择两种不同方法的测量值`);
  const level = levelOf(params);
  const pct = Math.round(level * 100);
  const regression = params.regression !== false;
  const percent = params.percent === true;
  const cols = numericColumns(data, [m1, m2]);
  const { keep, excluded } = completeRows(cols, data.rows);
  if (keep.length < 3) throw new ToolInputError(`“${m1}”与“${m2}”均有测量值的对象只有 ${keep.length} 个，至少需要 3 个`);
  const a = keep.map((i) => cols[0]![i]!);
  const b = keep.map((i) => cols[1]![i]!);
  const diff = a.map((v, i) => v - b[i]!);
  const mean = a.map((v, i) => (v + b[i]!) / 2);
  if (diff.every((d) => d === diff[0])) throw new ToolInputError(`“${m1}”与“${m2}”的差值全部等于 ${diff[0]}，差值没有变异，无法计算一致性界限`);
  let abs: Analysis;
  let rel: Analysis | null = null;
  try {
    abs = analyse(diff, mean, level, regression);
    if (percent) {
      const zero = mean.findIndex((m) => m === 0);
      if (zero >= 0) throw new ToolInputError(`“${m1}”与“${m2}”在第 ${keep[zero]! + 1} 行的均值为 0，无法计算百分比差值；请关闭“百分比差值”`);
      rel = analyse(diff.map((d, i) => (100 * d) / mean[i]!), mean, level, regression);
    }
  } catch (err) {
    if (err instanceof StatsError) throw new ToolInputError(`“${m1}”与“${m2}”：${err.message}`);
    throw err;
  }
  const n = abs.ba.n;
  const label = `${m1} − ${m2}`;
  const sdOf = (v: number[]) => {
    const m = v.reduce((s, x) => s + x, 0) / v.length;
    return Math.sqrt(v.reduce((s, x) => s + (x - m) ** 2, 0) / (v.length - 1));
  };
  const meanOf = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const desc = table(
    '表1 两种方法的测量值与差值',
    ['变量', 'n', '均值', '标准差', '最小值', '最大值'],
    [
      [m1, n, num(meanOf(a), 4), num(sdOf(a), 4), num(minOf(a), 4), num(maxOf(a), 4)],
      [m2, n, num(meanOf(b), 4), num(sdOf(b), 4), num(minOf(b), 4), num(maxOf(b), 4)],
      [`差值（${label}）`, n, num(abs.ba.bias, 4), num(abs.ba.sd, 4), num(minOf(diff), 4), num(maxOf(diff), 4)],
    ],
    [excludedNote(excluded, [m1, m2])],
  );
  const blocks: ReportBlock[] = [baTable(`表2 Bland–Altman 分析（差值 = ${label}）`, abs, pct, '')];
  const reg = regressionTable('表3 比例偏倚：差值对两法均值的回归', abs, pct);
  if (reg) blocks.push(reg);
  const sections: ToolOutput['sections'] = [
    { title: '描述统计', blocks: [desc] },
    { title: '偏倚与一致性界限', blocks },
    { title: 'Bland–Altman 图', blocks: [baChart('图1 Bland–Altman 图', abs, `两法均值（(${m1} + ${m2}) / 2）`, `差值（${label}）`, pct)] },
  ];
  if (rel) {
    const relBlocks: ReportBlock[] = [baTable('表4 百分比差值的 Bland–Altman 分析（100 × 差值 / 两法均值）', rel, pct, '（%）')];
    const relReg = regressionTable('表5 比例偏倚：百分比差值对两法均值的回归', rel, pct);
    if (relReg) relBlocks.push(relReg);
    relBlocks.push(baChart('图2 百分比差值的 Bland–Altman 图', rel, '两法均值', `百分比差值（%）`, pct));
    sections.push({ title: '百分比差值', blocks: relBlocks });
  }

  const sig = abs.t.pValue < 1 - level;
  let conclusion =
    `${n} 个对象中，${m1} 与 ${m2} 的平均差（偏倚）为 ${num(abs.ba.bias, 3)}（${pct}%CI ${ciText(abs.ba.biasCi)}），` +
    `${sig ? `与 0 的差异有统计学意义（${pSentence(abs.t.pValue)}），${m1} 平均${abs.ba.bias > 0 ? '高于' : '低于'} ${m2}` : `与 0 的差异无统计学意义（${pSentence(abs.t.pValue)}），未见系统偏倚`}；` +
    `差值标准差为 ${num(abs.ba.sd, 3)}，${pct}% 一致性界限为 ${num(abs.ba.lower, 3)} ~ ${num(abs.ba.upper, 3)}` +
    `（下限 ${pct}%CI ${ciText(abs.ba.lowerCi)}，上限 ${pct}%CI ${ciText(abs.ba.upperCi)}），${abs.outside} 个点（${num((abs.outside / n) * 100, 1)}%）落在界限之外。`;
  if (abs.fit) {
    const s = abs.fit.slope;
    conclusion +=
      s.pValue < 1 - level
        ? `差值对均值回归的斜率为 ${num(s.estimate, 4)}（${pSentence(s.pValue)}），存在比例偏倚：测量值越大，差值${s.estimate > 0 ? '越大' : '越小'}。`
        : `差值对均值回归的斜率为 ${num(s.estimate, 4)}（${pSentence(s.pValue)}），未见比例偏倚。`;
  }
  if (rel) conclusion += `按百分比差值，偏倚为 ${num(rel.ba.bias, 2)}%，一致性界限为 ${num(rel.ba.lower, 2)}% ~ ${num(rel.ba.upper, 2)}%。`;
  const caveats = ['两种方法能否互换取决于一致性界限的宽度在临床上是否可以接受，这需要事先依据专业标准确定，统计检验本身不能回答。'];
  if (n < 30) caveats.push(`配对测量只有 ${n} 对，一致性界限的置信区间较宽。`);
  if (abs.fit && abs.fit.slope.pValue < 1 - level && !percent) caveats.push('存在比例偏倚时，固定的一致性界限会在测量值两端失真；可打开“百分比差值”或对数据取对数后再分析。');
  if (abs.outside / n > 0.1) caveats.push(`落在一致性界限之外的点占 ${num((abs.outside / n) * 100, 1)}%（正态时约为 ${100 - pct}%），差值可能偏离正态或存在异常值，请检查图中的离群点。`);

  const results: ToolOutput['results'] = {
    n,
    excluded,
    bias: abs.ba.bias,
    biasLower: abs.ba.biasCi[0],
    biasUpper: abs.ba.biasCi[1],
    sd: abs.ba.sd,
    loaLower: abs.ba.lower,
    loaUpper: abs.ba.upper,
    loaLowerCiLower: abs.ba.lowerCi[0],
    loaLowerCiUpper: abs.ba.lowerCi[1],
    loaUpperCiLower: abs.ba.upperCi[0],
    loaUpperCiUpper: abs.ba.upperCi[1],
    statistic: abs.t.statistic,
    df: abs.t.df,
    p: abs.t.pValue,
    outside: abs.outside,
  };
  if (abs.fit) {
    Object.assign(results, {
      slope: abs.fit.slope.estimate,
      slopeSe: abs.fit.slope.se,
      slopeP: abs.fit.slope.pValue,
      slopeLower: finiteOrNull(abs.fit.slope.ci[0]),
      slopeUpper: finiteOrNull(abs.fit.slope.ci[1]),
      intercept: abs.fit.intercept.estimate,
      interceptP: abs.fit.intercept.pValue,
      rSquared: abs.fit.rSquared,
    });
  }
  if (rel) {
    Object.assign(results, {
      pctBias: rel.ba.bias,
      pctBiasLower: rel.ba.biasCi[0],
      pctBiasUpper: rel.ba.biasCi[1],
      pctSd: rel.ba.sd,
      pctLoaLower: rel.ba.lower,
      pctLoaUpper: rel.ba.upper,
      pctLoaLowerCiLower: rel.ba.lowerCi[0],
      pctLoaLowerCiUpper: rel.ba.lowerCi[1],
      pctLoaUpperCiLower: rel.ba.upperCi[0],
      pctLoaUpperCiUpper: rel.ba.upperCi[1],
      pctP: rel.t.pValue,
      ...(rel.fit ? { pctSlope: rel.fit.slope.estimate, pctSlopeP: rel.fit.slope.pValue } : {}),
    });
  }
  sections.push({ title: '结论', blocks: [text(conclusion, ...caveats)] });
  return { title: `Bland–Altman：${m1} 与 ${m2}`, sections, results };
}
