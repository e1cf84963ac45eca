// ECharts options the report page draws and the server will render to SVG/PNG (DESIGN §5).
// Plain JSON only: no functions, so options survive storage and server-side rendering.
import type { Group } from '@labstat/stats';
import { fiveNumbers } from './groups.js';
import type { ReportBlock } from '@labstat/contracts';
import { maxOf, minOf } from '@labstat/stats';

export const PALETTE = ['#409EFF', '#F56C6C', '#67C23A', '#E6A23C', '#909399', '#8E6FD8', '#36CFC9', '#FF85C0'];
const FONT = { fontFamily: 'Times New Roman, SimSun, serif' };
/** Black axis lines, as journal figures draw them. */
const AXIS_LINE = { lineStyle: { color: '#000' } };

/**
 * Above this many observations a chart draws summaries instead of every point (issue 21: a report
 * must stay small and quick to render whatever the row count).
 */
export const MAX_POINTS = 5000;
/**
 * The most single marks (points, outliers, symbols) one chart draws: each is an SVG element on the
 * report page, and ECharts' SVG renderer takes about a second to draw a few thousand of them (issue
 * 21, bench/chart-bench.ts: a box plot with 2,000 outliers opened in 1.3 s, a 5,000-point sample in
 * 1.8 s). Lines, areas and boxes are one element each and are not counted. Charts in their
 * large-data form (above MAX_POINTS observations) draw at most this many marks, and so does the
 * jittered overlay of observations on a box plot (a stated seeded sample beyond it).
 */
export const MAX_MARKS = 1000;
/** Outliers kept at each end of every group of a large box plot before the rest are sampled. */
export const EXTREME_OUTLIERS = 10;

export interface BoxplotOptions {
  title: string;
  yName: string;
  /** Draw every observation as a jittered point over the box (small data only). */
  points?: boolean;
  /** Pairwise comparisons; those with p < 0.05 get a bracket with stars between their boxes. */
  marks?: Array<{ groupA: string; groupB: string; p: number }>;
  /** Observations above which the large-data form is drawn; MAX_POINTS by default. */
  maxPoints?: number;
}

/** Deterministic jitter so the same data always draws the same picture. */
function jitter(i: number): number {
  const x = Math.sin(i * 12.9898) * 43758.5453;
  return (x - Math.floor(x) - 0.5) * 0.24;
}

/**
 * How many marks each set draws when at most `max` are drawn in all: in proportion to the set sizes
 * by largest remainders (so the shares add up to exactly `max`), each non-empty set at least one.
 * Sets are drawn whole when they hold `max` or fewer in all.
 */
export function markShares(sizes: readonly number[], max = MAX_MARKS): number[] {
  const total = sizes.reduce((a, b) => a + b, 0);
  if (total <= max) return [...sizes];
  const exact = sizes.map((n) => (max * n) / total);
  const shares = exact.map((x, i) => Math.min(sizes[i]!, Math.max(sizes[i]! > 0 ? 1 : 0, Math.floor(x))));
  let left = max - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let j = 0; left > 0 && j < order.length * 2; j++) {
    const i = order[j % order.length]!.i;
    if (shares[i]! < sizes[i]!) (shares[i]!++, left--);
  }
  // The minimum of one for tiny sets can overshoot: take the excess from the largest shares.
  while (left < 0) {
    const i = shares.indexOf(maxOf(shares));
    shares[i]!--;
    left++;
  }
  return shares;
}

/**
 * `k` of a group's sorted outliers: the `extremes` smallest and largest always, the rest a seeded
 * sample of those between (so the most extreme values are never lost and the density of the
 * remainder is kept), in ascending order.
 */
export function thinOutliers(sorted: readonly number[], k: number, seed = SAMPLE_SEED, extremes = EXTREME_OUTLIERS): number[] {
  if (sorted.length <= k) return [...sorted];
  const e = Math.min(extremes, Math.floor(k / 2));
  const middle = sorted.slice(e, sorted.length - e);
  return [...sorted.slice(0, e), ...sampleOf(middle, k - 2 * e, seed), ...sorted.slice(sorted.length - e)];
}

/** Tukey's box: whiskers at the most extreme values within 1.5 IQR of the quartiles, and the values beyond. */
export function tukeyBox(values: readonly number[]): { box: [number, number, number, number, number]; outliers: number[] } {
  const [, q1, med, q3] = fiveNumbers(values as number[]);
  const lo = q1 - 1.5 * (q3 - q1);
  const hi = q3 + 1.5 * (q3 - q1);
  let wLo = Infinity;
  let wHi = -Infinity;
  const outliers: number[] = [];
  for (const v of values) {
    if (v < lo || v > hi) outliers.push(v);
    else {
      if (v < wLo) wLo = v;
      if (v > wHi) wHi = v;
    }
  }
  return { box: [wLo, q1, med, q3, wHi], outliers: outliers.sort((a, b) => a - b) };
}

/**
 * What a large box plot draws: Tukey boxes and, per group, the outliers drawn — all of them up to
 * MAX_MARKS in all, else each group's share of MAX_MARKS: its EXTREME_OUTLIERS smallest and largest
 * and a seeded sample of the rest (the note says so; the counts are in `outliers`).
 */
export function largeBoxplot(groups: readonly Group[], maxPoints = MAX_POINTS): { large: boolean; n: number; boxes: Array<[number, number, number, number, number]>; drawn: number[][]; outliers: number; note: string } {
  const n = groups.reduce((a, g) => a + g.values.length, 0);
  if (n <= maxPoints) return { large: false, n, boxes: [], drawn: [], outliers: 0, note: '' };
  const tukey = groups.map((g) => tukeyBox(g.values));
  const outliers = tukey.reduce((a, t) => a + t.outliers.length, 0);
  const shares = markShares(tukey.map((t) => t.outliers.length));
  const drawn = tukey.map((t, gi) => thinOutliers(t.outliers, shares[gi]!, SAMPLE_SEED + gi));
  const nDrawn = drawn.reduce((a, d) => a + d.length, 0);
  const note =
    `共 ${n} 个观测，超过 ${maxPoints} 个：图中不绘制每个数据点，须线延伸至距四分位数 1.5 倍四分位距以内的最远观测值，只绘制须线以外的离群值` +
    (nDrawn < outliers
      ? `（共 ${outliers} 个，超过 ${MAX_MARKS} 个：每组保留最小与最大的各 ${EXTREME_OUTLIERS} 个，其余按固定随机种子（${SAMPLE_SEED}）不放回抽取，共绘制 ${nDrawn} 个）。`
      : `（${outliers} 个）。`);
  return { large: true, n, boxes: tukey.map((t) => t.box), drawn, outliers, note };
}

/**
 * Grouped box plot. Small data: whiskers at min/max, optionally every observation jittered over its
 * box. Above `maxPoints` observations: Tukey boxes (whiskers at 1.5 IQR) with only the outliers
 * drawn, and the title says so. Boxes take the figure palette by group (colorBy data); significance
 * brackets are series with ids "sig…" so the figure options can hide them.
 */
export function boxplotChart(groups: Group[], o: BoxplotOptions): ReportBlock {
  const big = largeBoxplot(groups, o.maxPoints);
  const extremes = groups.map((g) => fiveNumbers(g.values));
  const boxes = big.large ? big.boxes : extremes;
  let top = maxOf(extremes.map((b) => b[4]));
  const bottom = minOf(extremes.map((b) => b[0]));
  const span = top - bottom || 1;
  const series: Array<Record<string, unknown>> = [
    { type: 'boxplot', name: o.yName, colorBy: 'data', itemStyle: { borderWidth: 1.5 }, data: boxes },
  ];
  let title = o.title;
  if (big.large) {
    let k = 0;
    series.push({
      type: 'scatter',
      name: '离群值',
      symbolSize: 4,
      itemStyle: { color: '#303133', opacity: 0.55 },
      data: big.drawn.flatMap((d, gi) => d.map((v) => [Number((gi + jitter(k++) / 3).toFixed(4)), v])),
      xAxisIndex: 1,
    });
    const nDrawn = big.drawn.reduce((a, d) => a + d.length, 0);
    title = `${o.title}（n = ${big.n}，仅绘制离群值${nDrawn < big.outliers ? `：共 ${big.outliers} 个，抽取 ${nDrawn} 个绘制` : ''}）`;
  } else if (o.points) {
    // More observations than MAX_MARKS: a seeded sample of each group in proportion (title says so).
    const shares = markShares(groups.map((g) => g.values.length));
    const shown = groups.map((g, gi) => (shares[gi]! < g.values.length ? sampleOf(g.values, shares[gi]!, SAMPLE_SEED + gi) : g.values));
    let k = 0;
    series.push({
      type: 'scatter',
      name: '观测值',
      symbolSize: 5,
      itemStyle: { color: '#303133', opacity: 0.55 },
      data: shown.flatMap((vs, gi) => vs.map((v) => [Number((gi + jitter(k++)).toFixed(4)), v])),
      xAxisIndex: 1,
    });
    const total = groups.reduce((a, g) => a + g.values.length, 0);
    if (k < total) title = `${o.title}（共 ${total} 个观测，按固定随机种子抽取 ${k} 个绘制散点）`;
  }
  const at = (name: string) => groups.findIndex((g) => g.name === name);
  (o.marks ?? [])
    .filter((m) => m.p < 0.05)
    .forEach(({ groupA, groupB, p }, i) => {
      const [a, b] = [at(groupA), at(groupB)];
      top += span * 0.08;
      series.push(sigBracket(`sig-${i}`, a, b, top, span * 0.03, stars(p)));
    });
  const names = groups.map((g) => `${g.name}\n(n=${g.values.length})`);
  return {
    type: 'chart',
    title,
    option: {
      tooltip: { trigger: 'item' },
      grid: { left: 60, right: 24, top: 30, bottom: 50 },
      xAxis: [
        { type: 'category', data: names, axisLine: AXIS_LINE, axisTick: { alignWithLabel: true } },
        { type: 'value', min: -0.5, max: groups.length - 0.5, show: false },
      ],
      yAxis: { type: 'value', name: o.yName, nameLocation: 'middle', nameGap: 45, scale: true, max: niceCeil(top + span * 0.04, span), splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true, onZero: false } },
      series,
    },
  };
}

/**
 * A significance bracket from x = a to x = b at height `y` (legs `leg` long) with its label above
 * the middle, as one `lines` series on x axis 1 (the hidden value axis over the categories). Its id
 * starts with "sig" so the figure options can switch marks off.
 */
export function sigBracket(id: string, a: number, b: number, y: number, leg: number, label: string): Record<string, unknown> {
  const r = (v: number) => Number(v.toPrecision(10));
  return {
    type: 'lines',
    id,
    coordinateSystem: 'cartesian2d',
    xAxisIndex: 1,
    silent: true,
    lineStyle: { color: '#303133', width: 1, opacity: 1 },
    data: [
      { coords: [[a, r(y - leg)], [a, r(y)]] },
      { coords: [[a, r(y)], [b, r(y)]], label: { show: true, position: 'middle', formatter: label, color: '#303133', fontSize: 14, distance: 2 } },
      { coords: [[b, r(y)], [b, r(y - leg)]] },
    ],
  };
}

/**
 * Bars of group means with error bars (e.g. ± SD) and, optionally, a significance bracket between two
 * groups that prints the stars (or "ns") of the test's P. Bars start at zero, as bar charts must.
 */
export function meanBarChart(
  groups: ReadonlyArray<{ name: string; mean: number; lower: number; upper: number; n: number }>,
  o: { title: string; yName: string; barLabel: string; mark?: { a: number; b: number; p: number } },
): ReportBlock {
  const r = (v: number) => Number(v.toPrecision(10));
  const hi = Math.max(0, maxOf(groups.map((g) => g.upper)));
  const lo = Math.min(0, minOf(groups.map((g) => g.lower)));
  const span = hi - lo || 1;
  const series: Array<Record<string, unknown>> = [
    { type: 'bar', name: o.yName, colorBy: 'data', barWidth: '45%', itemStyle: { opacity: 0.85 }, data: groups.map((g) => r(g.mean)) },
    {
      type: 'lines',
      name: o.barLabel,
      coordinateSystem: 'cartesian2d',
      xAxisIndex: 1,
      silent: true,
      lineStyle: { color: '#303133', width: 1.2, opacity: 1 },
      data: groups.flatMap((g, i) => [
        { coords: [[i, r(g.lower)], [i, r(g.upper)]] },
        { coords: [[i - 0.06, r(g.upper)], [i + 0.06, r(g.upper)]] },
        { coords: [[i - 0.06, r(g.lower)], [i + 0.06, r(g.lower)]] },
      ]),
    },
  ];
  let top = hi;
  if (o.mark) {
    top = hi + span * 0.1;
    series.push(sigBracket('sig-0', o.mark.a, o.mark.b, top, span * 0.04, stars(o.mark.p)));
  }
  return {
    type: 'chart',
    title: o.title,
    option: {
      tooltip: { trigger: 'item' },
      // Groups are named on the x axis; an empty legend keeps the figure options from adding one.
      legend: { data: [] },
      grid: { left: 65, right: 24, top: 30, bottom: 50 },
      xAxis: [
        { type: 'category', data: groups.map((g) => `${g.name}\n(n=${g.n})`), axisLine: AXIS_LINE, axisTick: { alignWithLabel: true } },
        { type: 'value', min: -0.5, max: groups.length - 0.5, show: false },
      ],
      yAxis: { type: 'value', name: o.yName, nameLocation: 'middle', nameGap: 45, min: lo < 0 ? -niceCeil(-lo + span * 0.05, span) : 0, max: niceCeil(top + span * 0.08, span), splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true, onZero: false } },
      series,
      graphic: [{ type: 'text', right: 10, bottom: 4, style: { text: o.barLabel, fontSize: 11, fill: '#606266' } }],
    },
  };
}

/**
 * Before/after plot of paired measurements: one thin line per subject (a seeded sample of
 * `maxSubjects` when there are more, stated in the title), the two means joined by a thick line, and
 * a bracket with the test's stars (or "ns").
 */
export function pairedChart(
  first: readonly number[],
  second: readonly number[],
  o: { title: string; names: [string, string]; yName: string; p?: number; maxSubjects?: number },
): ReportBlock {
  const n = first.length;
  const max = o.maxSubjects ?? 200;
  const idx = sampleIndices(n, max);
  const r = (v: number) => Number(v.toPrecision(8));
  let lo = Infinity;
  let hi = -Infinity;
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < n; i++) {
    sa += first[i]!;
    sb += second[i]!;
    for (const v of [first[i]!, second[i]!]) {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  const span = hi - lo || 1;
  const series: Array<Record<string, unknown>> = [
    {
      type: 'lines',
      name: '个体',
      coordinateSystem: 'cartesian2d',
      xAxisIndex: 1,
      silent: true,
      lineStyle: { color: '#909399', width: 0.8, opacity: 0.45 },
      data: idx.map((i) => ({ coords: [[0, r(first[i]!)], [1, r(second[i]!)]] })),
    },
    { type: 'line', name: '均值', xAxisIndex: 1, symbol: 'circle', symbolSize: 10, lineStyle: { width: 3 }, data: [[0, r(sa / n)], [1, r(sb / n)]], z: 3 },
  ];
  let top = hi;
  if (o.p !== undefined) {
    top = hi + span * 0.1;
    series.push(sigBracket('sig-0', 0, 1, top, span * 0.04, stars(o.p)));
  }
  const yMin = niceEnd(lo - span * 0.02, span, true);
  const yMax = niceEnd(top + span * 0.06, span, false);
  return {
    type: 'chart',
    title: idx.length < n ? `${o.title}（共 ${n} 对，按固定随机种子抽取 ${idx.length} 对绘制个体连线；均值基于全部数据）` : o.title,
    option: {
      tooltip: { trigger: 'item' },
      legend: { data: ['个体', '均值'], top: 0 },
      grid: { left: 65, right: 24, top: 40, bottom: 40 },
      xAxis: [
        { type: 'category', data: [...o.names], axisLine: AXIS_LINE, axisTick: { alignWithLabel: true } },
        { type: 'value', min: -0.5, max: 1.5, show: false },
      ],
      // Explicit ends: a `lines` series does not widen the axis, so the subjects' lines set them here.
      yAxis: { type: 'value', name: o.yName, nameLocation: 'middle', nameGap: 45, min: yMin, max: yMax, interval: niceStep(yMax - yMin), splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true, onZero: false } },
      series,
    },
  };
}

/** A round axis end above `x` (steps of 1, 2 or 5 × 10^k), so the top label is a clean number. */
export function niceCeil(x: number, span: number): number {
  const raw = span / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  return Number((Math.ceil(x / step) * step).toPrecision(12));
}

/** Significance stars as journals print them. */
export const stars = (p: number): string => (p < 0.001 ? '***' : p < 0.01 ? '**' : p < 0.05 ? '*' : 'ns');

/** A fitted line with its confidence band, each as [x, y] points at the same x, sorted by x. */
export interface FitBand {
  line: Array<[number, number]>;
  lower: Array<[number, number]>;
  upper: Array<[number, number]>;
}

/** Counts of a histogram: `counts[g][i]` of group g in (edges[i], edges[i+1]], the first bin closed. */
export interface Histogram {
  edges: number[];
  counts: number[][];
}

export interface ScatterOptions {
  title: string;
  xName: string;
  yName: string;
  /** One fitted line and band over all points, labelled in the legend. */
  fit?: FitBand & { label: string };
  /** Points coloured by group; a group's own fitted line and band share its colour and legend entry. */
  groups?: Array<{ name: string; points: Array<[number, number]>; fit?: FitBand }>;
  /** Histograms of x (top) and y (right), counts per group in the order of `groups`. */
  marginals?: { x: Histogram; y: Histogram };
  /** Points above which a seeded sample of this many is drawn; MAX_POINTS by default. */
  maxPoints?: number;
}

/** A small seeded generator (mulberry32), so a sampled chart is the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of every sampled chart, stated in its note. */
export const SAMPLE_SEED = 20240521;

/** `k` of the indices 0..n−1 drawn without replacement (seeded partial Fisher–Yates), in ascending order. */
export function sampleIndices(n: number, k: number, seed = SAMPLE_SEED): number[] {
  if (k >= n) return Array.from({ length: n }, (_, i) => i);
  const idx = new Int32Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  const rand = seededRandom(seed);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(rand() * (n - i));
    const t = idx[i]!;
    idx[i] = idx[j]!;
    idx[j] = t;
  }
  return Array.from(idx.subarray(0, k)).sort((a, b) => a - b);
}

/** `k` of `items` chosen by {@link sampleIndices}, kept in their original order. */
export function sampleOf<T>(items: readonly T[], k: number, seed = SAMPLE_SEED): T[] {
  return items.length <= k ? [...items] : sampleIndices(items.length, k, seed).map((i) => items[i]!);
}

/**
 * Points a scatter plot of `n` points draws: all of them up to `maxPoints` (MAX_POINTS by default),
 * above that a seeded sample of MAX_MARKS (the large-data form).
 */
export const scatterSampleSize = (n: number, maxPoints = MAX_POINTS): number => (n > maxPoints ? Math.min(MAX_MARKS, maxPoints) : n);

/** The note of a sampled scatter plot of `n` points. */
export const scatterSampleNote = (n: number, shown = scatterSampleSize(n)): string =>
  `共 ${n} 个点，超过 ${MAX_POINTS} 个：图中只绘制按固定随机种子（${SAMPLE_SEED}）不放回抽取的 ${shown} 个点（各组按比例抽取）；拟合线、置信带和边际分布均基于全部数据。`;

/** Equal-width bins from the minimum to the maximum, counted as R's hist(x, breaks) (right-closed, lowest included). */
export function histogram(sets: ReadonlyArray<readonly number[]>, bins = 20): Histogram {
  let lo = Infinity;
  let hi = -Infinity;
  for (const s of sets) for (const v of s) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (!Number.isFinite(lo)) return { edges: [], counts: sets.map(() => []) };
  if (hi === lo) hi = lo + 1;
  const w = (hi - lo) / bins;
  const edges = Array.from({ length: bins + 1 }, (_, i) => (i === bins ? hi : lo + i * w));
  const counts = sets.map((s) => {
    const c = new Array<number>(bins).fill(0);
    for (const v of s) {
      // Right-closed (a, b]: the bin is the first edge index ≥ v, minus one; v = lo goes to bin 0.
      let i = Math.ceil((v - lo) / w) - 1;
      if (i < 0) i = 0;
      if (i >= bins) i = bins - 1;
      // Floating-point edges: move to the bin whose (a, b] really holds v.
      while (i > 0 && v <= edges[i]!) i--;
      while (i < bins - 1 && v > edges[i + 1]!) i++;
      c[i]!++;
    }
    return c;
  });
  return { edges, counts };
}

/** A round tick step (1, 2 or 5 × 10^k) giving five to ten intervals over `span`. */
function niceStep(span: number): number {
  const raw = (span || 1) / 8;
  const mag = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
}

/** A rounded end for a value axis (steps of 1, 2 or 5 × 10^k), below `x` when `down`. */
function niceEnd(x: number, span: number, down: boolean): number {
  const raw = (span || Math.abs(x) || 1) / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  return Number(((down ? Math.floor(x / step) : Math.ceil(x / step)) * step).toPrecision(12));
}

/**
 * Scatter plot: points (by group), fitted lines with their confidence bands (the band is the lower
 * bound plus a stacked upper − lower area), optional marginal histograms on the top and right. Above
 * `maxPoints` points a seeded sample is drawn (each group in proportion) and the title says so; lines,
 * bands and margins are whatever the caller computed (from all the data). Colours come from the
 * figure palette: a group's points, line, band and margin share its series name and so its colour.
 */
export function scatterChart(points: Array<[number, number]>, o: ScatterOptions): ReportBlock {
  const sets = o.groups ?? [{ name: '观测值', points }];
  const total = sets.reduce((a, g) => a + g.points.length, 0);
  const sampled = total > (o.maxPoints ?? MAX_POINTS);
  const r = (v: number) => Number(v.toPrecision(8));
  const shares = markShares(sets.map((g) => g.points.length), scatterSampleSize(total, o.maxPoints));
  const shownSets = sets.map((g, gi) => (sampled ? sampleIndices(g.points.length, shares[gi]!, SAMPLE_SEED + gi).map((i) => g.points[i]!) : g.points));
  const shown = shownSets.reduce((a, s) => a + s.length, 0);
  const series: Array<Record<string, unknown>> = sets.map((g, i) => ({
    type: 'scatter',
    name: g.name,
    symbolSize: sampled ? 4 : 6,
    itemStyle: { opacity: sampled ? 0.5 : 0.75 },
    data: sampled ? shownSets[i]!.map(([x, y]) => [r(x), r(y)]) : shownSets[i],
    z: 2,
  }));
  const band = (name: string, f: FitBand, stack: string, line: Record<string, unknown>, area: Record<string, unknown>) => {
    series.push({ type: 'line', name, data: f.lower, symbol: 'none', lineStyle: { opacity: 0 }, stack, silent: true, tooltip: { show: false }, z: 1 });
    series.push({ type: 'line', name, data: f.upper.map((p, i) => [p[0], r(p[1] - f.lower[i]![1])]), symbol: 'none', lineStyle: { opacity: 0 }, areaStyle: area, stack, silent: true, tooltip: { show: false }, z: 1 });
    series.push({ type: 'line', name, data: f.line, symbol: 'none', lineStyle: { width: 2, ...line }, ...(line.color ? { itemStyle: { color: line.color } } : {}), z: 3 });
  };
  if (o.fit) band(o.fit.label, o.fit, 'ci', { color: '#303133' }, { color: '#909399', opacity: 0.25 });
  sets.forEach((g, i) => {
    if (g.fit) band(g.name, g.fit, `ci${i}`, {}, { opacity: 0.18 });
  });
  const legend = { data: [...sets.map((g) => g.name), ...(o.fit ? [o.fit.label] : [])], top: 0 };
  const title = sampled ? `${o.title}（共 ${total} 点，随机抽取 ${shown} 点绘制）` : o.title;
  const xAxis = { type: 'value', name: o.xName, nameLocation: 'middle', nameGap: 28, scale: true, splitLine: { show: false }, axisLine: { ...AXIS_LINE, onZero: false } };
  const yAxis = { type: 'value', name: o.yName, nameLocation: 'middle', nameGap: 45, scale: true, splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true, onZero: false } };
  if (!o.marginals || o.marginals.x.edges.length === 0 || o.marginals.y.edges.length === 0) {
    return { type: 'chart', title, option: { tooltip: { trigger: 'item' }, legend, grid: { left: 65, right: 30, top: 40, bottom: 50 }, xAxis, yAxis, series } };
  }
  // Margins: the histograms' axes share the main axes' fixed ends so the bins line up with the points.
  const m = o.marginals;
  const xs = [m.x.edges[0]!, m.x.edges[m.x.edges.length - 1]!];
  const ys = [m.y.edges[0]!, m.y.edges[m.y.edges.length - 1]!];
  const ends = (e: number[], extra: Array<[number, number]>[], k: 0 | 1) => {
    const vals = [e[0]!, e[1]!, ...extra.flatMap((f) => f.map((p) => p[k]))];
    const lo = minOf(vals);
    const hi = maxOf(vals);
    return [niceEnd(lo, hi - lo, true), niceEnd(hi, hi - lo, false)] as const;
  };
  const bands = [...(o.fit ? [o.fit.lower, o.fit.upper] : []), ...sets.flatMap((g) => (g.fit ? [g.fit.lower, g.fit.upper] : []))];
  const [x0, x1] = ends(xs, [], 0);
  const [y0, y1] = ends(ys, bands, 1);
  const outline = (edges: number[], counts: number[], flip: boolean): Array<[number, number]> => {
    const pts: Array<[number, number]> = [[edges[0]!, 0]];
    counts.forEach((c, i) => pts.push([edges[i]!, c], [edges[i + 1]!, c]));
    pts.push([edges[edges.length - 1]!, 0]);
    return pts.map(([e, c]) => (flip ? [c, r(e)] : [r(e), c]));
  };
  sets.forEach((g, i) => {
    series.push({ type: 'line', name: g.name, xAxisIndex: 1, yAxisIndex: 1, symbol: 'none', silent: true, lineStyle: { width: 1.2 }, data: outline(m.x.edges, m.x.counts[i] ?? [], false) });
    series.push({ type: 'line', name: g.name, xAxisIndex: 2, yAxisIndex: 2, symbol: 'none', silent: true, lineStyle: { width: 1.2 }, data: outline(m.y.edges, m.y.counts[i] ?? [], true) });
  });
  const hidden = { type: 'value', show: false, splitLine: { show: false } };
  return {
    type: 'chart',
    title,
    option: {
      tooltip: { trigger: 'item' },
      legend,
      grid: [
        { left: 65, right: 110, top: 110, bottom: 50 },
        { left: 65, right: 110, top: 40, height: 60 },
        { right: 20, width: 80, top: 110, bottom: 50 },
      ],
      xAxis: [
        { ...xAxis, scale: false, min: x0, max: x1 },
        { ...hidden, gridIndex: 1, min: x0, max: x1 },
        { ...hidden, gridIndex: 2, min: 0 },
      ],
      yAxis: [
        { ...yAxis, scale: false, min: y0, max: y1 },
        { ...hidden, gridIndex: 1, min: 0 },
        { ...hidden, gridIndex: 2, min: y0, max: y1 },
      ],
      series,
    },
  };
}

/** One sample of a normal Q-Q plot: sorted values against normal quantiles, and its reference line. */
export interface QqSet {
  name: string;
  theoretical: readonly number[];
  sample: readonly number[];
  /** The line through the quartiles (R's qqline). */
  line: { intercept: number; slope: number };
}

/**
 * Normal Q-Q plot of one or more samples (groups share a name, so a group's points and line share a
 * colour). Above `maxPoints` points in all, each sample is drawn at evenly spaced order statistics
 * (its smallest and largest kept) — the same curve from fewer points — and the title says so.
 */
export function qqChart(sets: readonly QqSet[], o: { title: string; maxPoints?: number }): ReportBlock {
  const total = sets.reduce((a, s) => a + s.sample.length, 0);
  const max = o.maxPoints ?? MAX_POINTS;
  const r = (v: number) => Number(v.toPrecision(8));
  const series: Array<Record<string, unknown>> = [];
  let drawn = 0;
  const shares = markShares(sets.map((s) => s.sample.length), Math.min(max, MAX_MARKS));
  for (const [si, s] of sets.entries()) {
    const n = s.sample.length;
    const k = total > max ? Math.min(n, Math.max(2, shares[si]!)) : n;
    const idx = k >= n ? Array.from({ length: n }, (_, i) => i) : Array.from({ length: k }, (_, i) => Math.round((i * (n - 1)) / (k - 1)));
    drawn += idx.length;
    series.push({ type: 'scatter', name: s.name, symbolSize: 5, data: idx.map((i) => [r(s.theoretical[i]!), r(s.sample[i]!)]) });
    const ends = [s.theoretical[0]!, s.theoretical[n - 1]!];
    series.push({ type: 'line', name: s.name, symbol: 'none', silent: true, lineStyle: { width: 1.5 }, data: ends.map((x) => [r(x), r(s.line.intercept + s.line.slope * x)]) });
  }
  const grouped = sets.length > 1;
  return {
    type: 'chart',
    title: total > max ? `${o.title}（共 ${total} 个观测，按顺序均匀取 ${drawn} 个分位点绘制）` : o.title,
    option: {
      tooltip: { trigger: 'item' },
      ...(grouped ? { legend: { data: sets.map((s) => s.name), top: 0 } } : {}),
      grid: { left: 65, right: 24, top: grouped ? 40 : 20, bottom: 50 },
      xAxis: { type: 'value', name: '理论分位数', nameLocation: 'middle', nameGap: 28, splitLine: { show: false }, axisLine: { ...AXIS_LINE, onZero: false } },
      yAxis: { type: 'value', name: '样本分位数', nameLocation: 'middle', nameGap: 45, scale: true, splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true, onZero: false } },
      series,
    },
  };
}

export interface RocCurveSeries {
  /** Legend label, e.g. “S100B（AUC = 0.731）”. */
  name: string;
  /** [1 − specificity, sensitivity] of every threshold. */
  points: Array<[number, number]>;
  /** The chosen cut-off, marked on the curve. */
  best?: [number, number];
}

/**
 * A long curve in the unit square cut to the points that move it by at least 1/1000 (first and last
 * kept), so tens of thousands of thresholds draw the same picture from a small option.
 */
function thinCurve(points: Array<[number, number]>): Array<[number, number]> {
  if (points.length <= 2000) return points;
  const out: Array<[number, number]> = [points[0]!];
  for (let i = 1; i < points.length - 1; i++) {
    const last = out[out.length - 1]!;
    if (Math.abs(points[i]![0] - last[0]) >= 1e-3 || Math.abs(points[i]![1] - last[1]) >= 1e-3) out.push(points[i]!);
  }
  out.push(points[points.length - 1]!);
  return out;
}

/** ROC curves in the unit square with the chance diagonal; AUCs go in the legend labels. */
export function rocChart(curves: RocCurveSeries[], o: { title: string; bestLabel?: string }): ReportBlock {
  const round = (p: [number, number]): [number, number] => [Number(p[0].toFixed(6)), Number(p[1].toFixed(6))];
  const series: Array<Record<string, unknown>> = curves.map((c, i) => ({
    type: 'line',
    name: c.name,
    data: thinCurve([...c.points].sort((a, b) => a[0] - b[0] || a[1] - b[1])).map(round),
    symbol: 'none',
    itemStyle: { color: PALETTE[i % PALETTE.length] },
    lineStyle: { color: PALETTE[i % PALETTE.length], width: 2 },
  }));
  const bests = curves.flatMap((c, i) => (c.best ? [{ value: round(c.best), itemStyle: { color: PALETTE[i % PALETTE.length] } }] : []));
  if (bests.length > 0) series.push({ type: 'scatter', name: o.bestLabel ?? '最佳截断点', data: bests, symbolSize: 8, z: 3 });
  series.push({ type: 'line', name: '参考线', data: [[0, 0], [1, 1]], symbol: 'none', silent: true, lineStyle: { color: '#909399', type: 'dashed', width: 1 }, itemStyle: { color: '#909399' } });
  return {
    type: 'chart',
    title: o.title,
    option: {
      textStyle: FONT,
      tooltip: { trigger: 'item' },
      legend: { data: curves.map((c) => c.name), bottom: 0, orient: 'vertical' },
      grid: { left: 60, right: 30, top: 30, bottom: 40 + 22 * curves.length, containLabel: false },
      xAxis: { type: 'value', name: '1 − 特异度', nameLocation: 'middle', nameGap: 28, min: 0, max: 1, interval: 0.2, splitLine: { show: false }, axisLine: AXIS_LINE },
      yAxis: { type: 'value', name: '灵敏度', nameLocation: 'middle', nameGap: 40, min: 0, max: 1, interval: 0.2, splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true } },
      series,
    },
  };
}

export interface SurvivalCurve {
  name: string;
  /** The Kaplan–Meier table: every distinct time with S and its pointwise CI (null where undefined). */
  rows: ReadonlyArray<{ time: number; survival: number; lower: number | null; upper: number | null; nCensor: number }>;
}

// A filled plus sign: ECharts fills path symbols, so the censor mark is drawn as a cross of bars.
const PLUS = 'path://M-1,-0.2H-0.2V-1H0.2V-0.2H1V0.2H0.2V1H-0.2V0.2H-1Z';

/** Rough width in pixels of a label at 12 px: CJK characters full width, others about half. */
const labelWidth = (s: string) => [...s].reduce((w, ch) => w + (/[\u2e80-\uffff]/.test(ch) ? 13 : 7), 0);

/**
 * Kaplan–Meier curves as step lines (S held until the next time) from (0, 1), one colour per group,
 * with optional CI bands and censor marks; the x ticks are given so a number-at-risk table printed
 * under the plot lines up with them. A group's band and marks share its legend entry.
 *
 * With `atRisk` (one count per tick for each curve, in the order of `curves`), the numbers at risk
 * are printed under the plot as journals print them: a second grid below the curves, its hidden x
 * axis the same scale as the curves' so each count sits under its tick, one row per group in the
 * group's colour.
 */
export function survivalChart(
  curves: readonly SurvivalCurve[],
  o: { title: string; timeName: string; ticks: readonly number[]; ciBand: boolean; censorMarks: boolean; note?: string; atRisk?: ReadonlyArray<readonly number[]> },
): ReportBlock {
  const series: Array<Record<string, unknown>> = [];
  // Large files: a step is drawn only where S has moved by 1/2000 since the last one drawn, and at
  // most 400 censor marks per group (every k-th); the title says so.
  const MAX_ROWS = 2000;
  let thinned = false;
  curves.forEach((g, i) => {
    const color = PALETTE[i % PALETTE.length];
    let rows = g.rows;
    if (rows.length > MAX_ROWS) {
      thinned = true;
      let last = 1;
      rows = rows.filter((r, j) => {
        const keep = j === rows.length - 1 || Math.abs(r.survival - last) >= 1 / MAX_ROWS;
        if (keep) last = r.survival;
        return keep;
      });
    }
    series.push({ type: 'line', name: g.name, step: 'end', symbol: 'none', data: [[0, 1], ...rows.map((r) => [r.time, r.survival])], itemStyle: { color }, lineStyle: { color, width: 2 }, z: 3 });
    if (o.ciBand) {
      // The band is the lower bound plus a stacked (upper − lower) area; an undefined bound (S of 1
      // or 0 on the log-log scale) is the estimate itself.
      const lower = rows.map((r) => r.lower ?? (r.survival === 1 ? 1 : 0));
      const upper = rows.map((r) => r.upper ?? (r.survival === 0 ? 0 : 1));
      const band = { type: 'line', name: g.name, step: 'end', symbol: 'none', stack: `ci${i}`, silent: true, lineStyle: { opacity: 0 }, tooltip: { show: false } };
      series.push({ ...band, data: [[0, 1], ...rows.map((r, j) => [r.time, lower[j]!])] });
      series.push({ ...band, areaStyle: { color, opacity: 0.15 }, data: [[0, 0], ...rows.map((r, j) => [r.time, Math.max(0, upper[j]! - lower[j]!)])] });
    }
    if (o.censorMarks) {
      const marks = g.rows.filter((r) => r.nCensor > 0);
      const every = Math.ceil(marks.length / 400);
      if (every > 1) thinned = true;
      series.push({ type: 'scatter', name: g.name, symbol: PLUS, symbolSize: 8, itemStyle: { color }, z: 4, data: marks.filter((_, j) => j % every === 0).map((r) => [r.time, r.survival]) });
    }
  });
  const step = o.ticks.length > 1 ? o.ticks[1]! - o.ticks[0]! : 1;
  const xAxis = { type: 'value', name: o.timeName, nameLocation: 'middle', nameGap: 28, min: 0, max: o.ticks[o.ticks.length - 1], interval: step, splitLine: { show: false }, axisLine: AXIS_LINE };
  const yAxis = { type: 'value', name: '生存率', min: 0, max: 1, interval: 0.2, splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true } };
  const note = o.note ? [{ type: 'text', right: 40, top: 48, style: { text: o.note, fontSize: 13, fill: '#303133' } }] : [];
  const title = thinned ? `${o.title}（数据量大：曲线按 0.05% 的精度绘制，删失标记抽样显示）` : o.title;
  if (!o.atRisk) {
    return {
      type: 'chart',
      title,
      option: { textStyle: FONT, tooltip: { trigger: 'item' }, legend: { data: curves.map((g) => g.name), top: 0 }, grid: { left: 60, right: 30, top: 40, bottom: 50 }, xAxis, yAxis, ...(note.length ? { graphic: note } : {}), series },
    };
  }
  // The number-at-risk rows: both grids share the left edge (wide enough for the longest group
  // name), so the counts stand exactly under the curves' ticks.
  const rowHeight = curves.length <= 4 ? 20 : 16;
  const riskHeight = rowHeight * curves.length;
  const riskBottom = 8;
  // The count at tick 0 is centred on the left edge, so the names stand a half-count further left.
  const nameGap = 8 + Math.ceil(labelWidth(String(Math.max(maxOf(o.atRisk.flat()), 0))) / 2);
  const left = Math.min(180, Math.max(60, maxOf(curves.map((g) => labelWidth(g.name))) + nameGap + 10));
  const colorOf = (i: number) => PALETTE[i % PALETTE.length];
  curves.forEach((g, i) => {
    series.push({
      type: 'scatter',
      id: `atRisk${i}`,
      xAxisIndex: 1,
      yAxisIndex: 1,
      symbolSize: 0,
      silent: true,
      tooltip: { show: false },
      label: { show: true, position: 'inside', fontSize: 12, color: colorOf(i) },
      data: o.ticks.map((t, j) => ({ value: [t, g.name], label: { formatter: String(o.atRisk![i]?.[j] ?? '') } })),
    });
  });
  return {
    type: 'chart',
    title,
    option: {
      textStyle: FONT,
      tooltip: { trigger: 'item' },
      legend: { data: curves.map((g) => g.name), top: 0 },
      grid: [
        { left, right: 30, top: 40, bottom: riskBottom + riskHeight + 24 + 50 },
        { left, right: 30, bottom: riskBottom, height: riskHeight },
      ],
      xAxis: [xAxis, { ...xAxis, gridIndex: 1, name: '', show: false }],
      yAxis: [
        yAxis,
        {
          type: 'category',
          gridIndex: 1,
          inverse: true,
          data: curves.map((g, i) => ({ value: g.name, textStyle: { color: colorOf(i) } })),
          axisLine: { show: false },
          axisTick: { show: false },
          splitLine: { show: false },
          axisLabel: { fontSize: 12, margin: nameGap },
        },
      ],
      graphic: [...note, { type: 'text', left: 8, bottom: riskBottom + riskHeight + 6, style: { text: '风险人数', fontSize: 12, fontWeight: 'bold', fill: '#303133' } }],
      series,
    },
  };
}

export interface ForestRow {
  /** Left-hand label, e.g. “年龄” or “性别：女”. */
  label: string;
  /** Ratio and its CI; null for a row without an estimate (a reference level or a heading). */
  estimate: number | null;
  lower: number | null;
  upper: number | null;
  /** Right-hand text, e.g. “1.59 (1.30–1.94)” or “参照”. */
  text: string;
}

/**
 * A forest plot of ratios (HR, OR, RR) on a log axis with the no-effect line at 1: labels on the
 * left, the estimate with its CI as a square and whisker, the numbers on the right, first row on top.
 */
export function forestChart(rows: readonly ForestRow[], o: { title: string; xName: string }): ReportBlock {
  const n = rows.length;
  const ends = rows.flatMap((r) => [r.lower, r.upper, r.estimate]).filter((v): v is number => v !== null && Number.isFinite(v) && v > 0);
  const lo = Math.min(1, minOf(ends));
  const hi = Math.max(1, maxOf(ends));
  const base = hi / lo <= 64 ? 2 : 10;
  const min = base ** Math.floor(Math.log(lo) / Math.log(base) + 1e-9);
  const max = base ** Math.ceil(Math.log(hi) / Math.log(base) - 1e-9);
  const shown = rows.map((r, i) => ({ r, i })).filter(({ r }) => r.estimate !== null && r.lower !== null && r.upper !== null && r.lower > 0 && Number.isFinite(r.upper));
  const hiddenAxis = { type: 'category', inverse: true, axisTick: { show: false }, axisLine: { show: false } };
  return {
    type: 'chart',
    title: o.title,
    option: {
      textStyle: FONT,
      tooltip: { trigger: 'item' },
      // Rows are named on the axes: an empty legend keeps the figure options from adding one over the first row.
      legend: { data: [] },
      // Rows share the figure's height: the figure options fit the row labels and squares to the final size.
      rowLayout: { rows: n },
      grid: { left: 20, right: 20, top: 20, bottom: 50, containLabel: true },
      xAxis: { type: 'log', logBase: base, min, max, name: o.xName, nameLocation: 'middle', nameGap: 28, splitLine: { show: false }, axisLine: { ...AXIS_LINE, onZero: false } },
      yAxis: [
        { ...hiddenAxis, data: rows.map((r) => r.label) },
        { ...hiddenAxis, position: 'right', data: rows.map((r) => r.text) },
        { type: 'value', min: -0.5, max: n - 0.5, inverse: true, show: false },
      ],
      series: [
        {
          type: 'lines',
          coordinateSystem: 'cartesian2d',
          yAxisIndex: 2,
          silent: true,
          lineStyle: { color: '#303133', width: 1.5 },
          data: shown.map(({ r, i }) => ({ coords: [[r.lower, i], [r.upper, i]] })),
        },
        {
          type: 'scatter',
          yAxisIndex: 2,
          symbol: 'rect',
          symbolSize: 9,
          itemStyle: { color: '#303133' },
          data: shown.map(({ r, i }) => [r.estimate, i]),
          markLine: { silent: true, symbol: 'none', label: { show: false }, lineStyle: { color: '#909399', type: 'dashed' }, data: [{ xAxis: 1 }] },
        },
      ],
    },
  };
}

/**
 * Residuals against time with their running level: the points, the mean of each tenth of them in
 * time order (a step-free trend line) and a dashed reference line (the constant effect). Above
 * `maxPoints` every k-th point is drawn, and the title says so; the trend uses all of them.
 */
export function residualChart(points: ReadonlyArray<readonly [number, number]>, o: { title: string; xName: string; yName: string; reference: number; referenceLabel: string; maxPoints?: number }): ReportBlock {
  const sorted = [...points].sort((a, b) => a[0] - b[0]);
  const n = sorted.length;
  const bins = Math.max(2, Math.min(10, Math.floor(n / 5)));
  const trend: Array<[number, number]> = [];
  for (let b = 0; b < bins; b++) {
    const part = sorted.slice(Math.floor((b * n) / bins), Math.floor(((b + 1) * n) / bins));
    if (part.length === 0) continue;
    trend.push([part.reduce((s, p) => s + p[0], 0) / part.length, part.reduce((s, p) => s + p[1], 0) / part.length]);
  }
  const max = Math.min(o.maxPoints ?? 1500, MAX_MARKS);
  const step = Math.ceil(n / max);
  const shown = step > 1 ? sorted.filter((_, i) => i % step === 0) : sorted;
  const round = (v: number) => Number(v.toPrecision(8));
  return {
    type: 'chart',
    title: step > 1 ? `${o.title}（共 ${n} 点，每 ${step} 点绘 1 点）` : o.title,
    option: {
      textStyle: FONT,
      tooltip: { trigger: 'item' },
      legend: { data: ['残差', '分段均值', o.referenceLabel], top: 0 },
      grid: { left: 60, right: 30, top: 40, bottom: 50 },
      xAxis: { type: 'value', name: o.xName, nameLocation: 'middle', nameGap: 28, scale: true, splitLine: { show: false }, axisLine: { ...AXIS_LINE, onZero: false } },
      yAxis: { type: 'value', name: o.yName, scale: true, splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true, onZero: false } },
      series: [
        { type: 'scatter', name: '残差', symbolSize: 4, itemStyle: { color: '#909399', opacity: 0.6 }, data: shown.map(([x, y]) => [round(x), round(y)]) },
        { type: 'line', name: '分段均值', symbolSize: 5, itemStyle: { color: PALETTE[0] }, lineStyle: { color: PALETTE[0], width: 2 }, data: trend.map(([x, y]) => [round(x), round(y)]) },
        {
          type: 'line',
          name: o.referenceLabel,
          symbol: 'none',
          lineStyle: { color: PALETTE[1], type: 'dashed' },
          itemStyle: { color: PALETTE[1] },
          data: n > 0 ? [[round(sorted[0]![0]), round(o.reference)], [round(sorted[n - 1]![0]), round(o.reference)]] : [],
        },
      ],
    },
  };
}

/** One line of a means profile: a mean with its error bar at each x category (null where absent). */
export interface ProfileSeries {
  name: string;
  points: ReadonlyArray<{ mean: number; lower: number; upper: number } | null>;
}

/**
 * Means with error bars joined across categories (interaction plots, repeated-measures profile
 * plots). Error bars are drawn as short vertical segments on a hidden value axis, series dodged a
 * little so their bars do not overlap.
 */
export function profileChart(categories: readonly string[], series: readonly ProfileSeries[], o: { title: string; xName: string; yName: string; barLabel: string }): ReportBlock {
  const round = (v: number) => Number(v.toPrecision(8));
  const width = Math.min(0.3, 0.08 * (series.length - 1));
  const dodge = (s: number) => (series.length === 1 ? 0 : -width / 2 + (width * s) / (series.length - 1));
  const out: Array<Record<string, unknown>> = [];
  series.forEach((s, si) => {
    const color = PALETTE[si % PALETTE.length];
    const pts = s.points.map((p, i) => (p ? [round(i + dodge(si)), round(p.mean)] : null)).filter((p): p is number[] => p !== null);
    out.push({ type: 'line', name: s.name, xAxisIndex: 1, data: pts, symbolSize: 7, itemStyle: { color }, lineStyle: { color, width: 2 } });
    out.push({
      type: 'lines',
      name: s.name,
      coordinateSystem: 'cartesian2d',
      xAxisIndex: 1,
      polyline: true,
      silent: true,
      lineStyle: { color, width: 1.2 },
      data: s.points.flatMap((p, i) => {
        if (!p) return [];
        const x = i + dodge(si);
        const cap = 0.04;
        return [{ coords: [[round(x - cap), round(p.upper)], [round(x + cap), round(p.upper)], [round(x), round(p.upper)], [round(x), round(p.lower)], [round(x - cap), round(p.lower)], [round(x + cap), round(p.lower)]] }];
      }),
    });
  });
  return {
    type: 'chart',
    title: o.title,
    option: {
      textStyle: FONT,
      tooltip: { trigger: 'item' },
      ...(series.length > 1 ? { legend: { data: series.map((s) => s.name), top: 0 } } : {}),
      grid: { left: 60, right: 30, top: 40, bottom: 60 },
      xAxis: [
        { type: 'category', data: [...categories], name: o.xName, nameLocation: 'middle', nameGap: 32, axisLine: AXIS_LINE, axisTick: { alignWithLabel: true } },
        { type: 'value', min: -0.5, max: categories.length - 0.5, show: false },
      ],
      yAxis: { type: 'value', name: o.yName, scale: true, splitLine: { show: false }, axisLine: { ...AXIS_LINE, show: true, onZero: false } },
      series: out,
      graphic: [{ type: 'text', right: 10, bottom: 4, style: { text: o.barLabel, fontSize: 11, fill: '#606266' } }],
    },
  };
}
