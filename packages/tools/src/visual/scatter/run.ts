// 散点图: points (coloured by group), least-squares lines with the confidence band of the mean
// (overall, or one per group), optional marginal histograms, and the fitted equations with R² and P.
// Large files draw a seeded sample of the points; every number is computed from all of them.
import { linearRegression, tQuantile } from '@labstat/stats';
import { histogram, MAX_POINTS, scatterChart, scatterSampleNote, type FitBand } from '../../charts.js';
import { levelOf, pSentence, requireVariables } from '../../common.js';
import { formatP, num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';

/** Points on the fitted line at which the line and its band are drawn. */
const GRID = 41;

/**
 * The least-squares line of y on x and its mean confidence band at GRID evenly spaced x from the
 * smallest to the largest x, as R's predict(lm(y ~ x), newdata, interval = "confidence").
 */
function fitWithBand(xs: number[], ys: number[], yName: string, xName: string, level: number) {
  const m = linearRegression({ y: ys, yName, predictors: [{ name: xName, type: 'numeric', values: xs }], level });
  const [b0, b1] = [m.coefficients[0]!, m.coefficients[1]!];
  const n = xs.length;
  let mx = 0;
  for (const x of xs) mx += x;
  mx /= n;
  let sxx = 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (const x of xs) {
    sxx += (x - mx) ** 2;
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  const tq = tQuantile(1 - (1 - level) / 2, n - 2);
  const r6 = (v: number) => Number(v.toPrecision(10));
  const grid = Array.from({ length: GRID }, (_, i) => lo + ((hi - lo) * i) / (GRID - 1));
  const fitAt = (x: number) => b0.estimate + b1.estimate * x;
  const half = (x: number) => tq * m.sigma * Math.sqrt(1 / n + (x - mx) ** 2 / sxx);
  const band: FitBand = {
    line: grid.map((x) => [r6(x), r6(fitAt(x))]),
    lower: grid.map((x) => [r6(x), r6(fitAt(x) - half(x))]),
    upper: grid.map((x) => [r6(x), r6(fitAt(x) + half(x))]),
  };
  return { n, b0, b1, rSquared: m.rSquared, band };
}

export function run(data: DataTable, params: Params): ToolOutput {
  const xName = String(params.x ?? '');
  const yName = String(params.y ?? '');
  const gName = String(params.group ?? '');
  if (!xName || !yName) throw new ToolInputError('请选择横轴和纵轴变量');
  if (xName === yName) throw new ToolInputError('横轴与纵轴不能是同一个变量');
  requireVariables(data, gName ? [xName, yName, gName] : [xName, yName]);
  const level = levelOf(params);
  const xv = data.numeric(xName);
  const yv = data.numeric(yName);
  const gv = gName ? data.text(gName) : null;
  const xs: number[] = [];
  const ys: number[] = [];
  const gs: string[] = [];
  for (let i = 0; i < xv.length; i++) {
    const x = xv[i];
    const y = yv[i];
    if (x === null || y === null || x === undefined || y === undefined || !Number.isFinite(x) || !Number.isFinite(y)) continue;
    if (gv && (gv[i] === null || gv[i] === '')) continue;
    xs.push(x);
    ys.push(y);
    gs.push(gv ? gv[i]! : '');
  }
  if (xs.length < 3) throw new ToolInputError('完整的成对观测少于 3 个，无法绘制拟合线');
  const names = gv ? [...new Set(gs)].sort() : [];
  if (names.length > 12) throw new ToolInputError(`分组变量“${gName}”有 ${names.length} 个组，着色最多 12 组`);
  const showFit = params.fit !== false;
  const pct = Math.round(level * 100);

  const overall = fitWithBand(xs, ys, yName, xName, level);
  const parts = names.map((name) => {
    const gx: number[] = [];
    const gy: number[] = [];
    for (let i = 0; i < xs.length; i++) if (gs[i] === name) (gx.push(xs[i]!), gy.push(ys[i]!));
    // A group's own line needs three points and some spread in x.
    const fit = gx.length >= 3 && gx.some((x) => x !== gx[0]) ? fitWithBand(gx, gy, yName, xName, level) : null;
    return { name, xs: gx, ys: gy, fit };
  });
  const groups = gv
    ? parts.map((p) => ({ name: p.name, points: p.xs.map((x, i) => [x, p.ys[i]!] as [number, number]), fit: showFit && p.fit ? p.fit.band : undefined }))
    : undefined;
  const marginals =
    params.marginal === true
      ? { x: histogram(gv ? parts.map((p) => p.xs) : [xs]), y: histogram(gv ? parts.map((p) => p.ys) : [ys]) }
      : undefined;
  const chart = scatterChart(
    xs.map((x, i) => [x, ys[i]!]),
    {
      title: `图1 ${xName}与${yName}的散点图`,
      xName,
      yName,
      groups,
      marginals,
      fit: showFit && !gv ? { ...overall.band, label: `拟合线（R² = ${num(overall.rSquared, 3)}）` } : undefined,
    },
  );

  const n = overall.n;
  const { b0, b1 } = overall;
  const equation = `${yName} = ${num(b0.estimate, 4)} ${b1.estimate < 0 ? '−' : '+'} ${num(Math.abs(b1.estimate), 4)} × ${xName}`;
  const fitRow = (label: string, f: ReturnType<typeof fitWithBand>) => [label, f.n, num(f.b0.estimate, 4), num(f.b1.estimate, 4), `${num(f.b1.ci[0], 4)} ~ ${num(f.b1.ci[1], 4)}`, num(f.rSquared, 4), formatP(f.b1.pValue)];
  const fitRows = [fitRow('全部数据', overall), ...parts.map((p) => (p.fit ? fitRow(p.name, p.fit) : [p.name, p.xs.length, null, null, '—', null, '—']))];
  const footnotes = [`回归方程（全部数据）：${equation}；置信带为拟合均值的 ${pct}% 置信区间（与 R 的 predict(..., interval = "confidence") 相同）。`];
  if (gv && showFit) footnotes.push(`图中每组各画一条拟合线及其置信带；观测少于 3 个或横轴无变异的组不画拟合线。`);
  const sections: ToolOutput['sections'] = [
    { title: '图形', blocks: [chart] },
    { title: '拟合结果', blocks: [table('表1 线性拟合', ['数据', 'n', '截距', '斜率', `斜率 ${pct}%CI`, 'R²', 'P'], fitRows, footnotes)] },
  ];
  if (marginals) {
    const head = gv ? names : ['频数'];
    const rowsOf = (h: ReturnType<typeof histogram>) => h.counts[0]!.map((_, i) => [`${num(h.edges[i], 4)} ~ ${num(h.edges[i + 1], 4)}`, ...h.counts.map((c) => c[i]!)]);
    sections.push({
      title: '边际分布',
      blocks: [
        table(`表2 ${xName}的分组频数（图上方的直方图）`, ['区间', ...head], rowsOf(marginals.x), ['20 个等宽区间，左开右闭，第一个区间含最小值（与 R 的 hist() 相同）。']),
        table(`表3 ${yName}的分组频数（图右侧的直方图）`, ['区间', ...head], rowsOf(marginals.y)),
      ],
    });
  }
  const notes = [`${xName}每增加 1 个单位，${yName}平均变化 ${num(b1.estimate, 3)}（${pSentence(b1.pValue)}），R² = ${num(overall.rSquared, 3)}。`];
  if (gv) notes.push(showFit ? `点按${gName}着色，每组一条拟合线，各组的斜率见表1。` : `点按${gName}着色。`);
  if (n > MAX_POINTS) notes.push(scatterSampleNote(n));
  sections.push({ title: '说明', blocks: [text(notes.join(''))] });

  const results: ToolOutput['results'] = { n, intercept: b0.estimate, slope: b1.estimate, slopeLower: b1.ci[0], slopeUpper: b1.ci[1], rSquared: overall.rSquared, p: b1.pValue };
  for (const p of parts) {
    if (!p.fit) continue;
    results[`n.${p.name}`] = p.fit.n;
    results[`intercept.${p.name}`] = p.fit.b0.estimate;
    results[`slope.${p.name}`] = p.fit.b1.estimate;
    results[`rSquared.${p.name}`] = p.fit.rSquared;
    results[`p.${p.name}`] = p.fit.b1.pValue;
  }
  return { title: `散点图：${yName} ~ ${xName}`, sections, results };
}
