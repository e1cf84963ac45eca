// Group summaries, error bars and significance brackets shared by the mean/error-bar charts of
// group B (bar-means, line-errorbar, dot-errorbar): the numbers R's mean/sd/t.test give, and the
// brackets drawn in "sig" series so the figure options can switch them off.
import { dunnTest, kruskalWallis, mannWhitneyU, oneWayAnova, postHoc, tQuantile, twoSampleTTest, type Group } from '@labstat/stats';
import { stars } from '../../charts.js';
import { orNull } from '../../groups.js';
import { option, type FieldSpec, type Params } from '../../tool.js';

export interface GroupStats {
  n: number;
  mean: number;
  sd: number;
  se: number;
  /** t-based interval of the mean at the chosen level (null below 2 values). */
  ciLower: number | null;
  ciUpper: number | null;
}

export function groupStats(values: readonly number[], level: number): GroupStats {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const sd = n > 1 ? Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1)) : NaN;
  const se = sd / Math.sqrt(n);
  const half = n > 1 ? tQuantile(1 - (1 - level) / 2, n - 1) * se : NaN;
  return { n, mean, sd, se, ciLower: Number.isFinite(half) ? mean - half : null, ciUpper: Number.isFinite(half) ? mean + half : null };
}

export type ErrorKind = 'sd' | 'se' | 'ci';

export const errorKindOf = (p: Params): ErrorKind => (p.error === 'se' || p.error === 'ci' ? p.error : 'sd');

/** The error bar's [lower, upper] around the mean (null when it cannot be computed). */
export function errorBar(s: GroupStats, kind: ErrorKind): [number, number] | null {
  if (kind === 'ci') return s.ciLower === null || s.ciUpper === null ? null : [s.ciLower, s.ciUpper];
  const h = kind === 'sd' ? s.sd : s.se;
  return Number.isFinite(h) ? [s.mean - h, s.mean + h] : null;
}

/** "均数 ± 标准差" and the like, for titles and footnotes. */
export function errorLabel(kind: ErrorKind, level: number): string {
  return kind === 'sd' ? '均数 ± 标准差（SD）' : kind === 'se' ? '均数 ± 标准误（SE）' : `均数及其 ${Math.round(level * 1000) / 10}% 置信区间`;
}

export const errorField = (): FieldSpec => ({
  filed: 'error',
  name: '误差线',
  type: 'select_single',
  value: 'sd',
  option: [option('标准差（SD）', 'sd'), option('标准误（SE）', 'se'), option('95% 置信区间（按置信水平）', 'ci')],
});

export interface Comparison {
  groupA: string;
  groupB: string;
  p: number;
  label: string;
}

export interface Comparisons {
  /** The overall test (ANOVA or Kruskal–Wallis) with 3+ groups. */
  overall: { name: string; statistic: number; df: string; p: number } | null;
  /** The pairwise method, '' when none was run. */
  method: string;
  pairs: Comparison[];
}

/**
 * Significance of the group differences as the chosen kind asks: parametric — Welch t for two
 * groups, one-way ANOVA with Tukey HSD for more; nonparametric — Mann–Whitney U, or Kruskal–Wallis
 * with Dunn (Holm); 'none' — nothing.
 */
export function compareGroups(groups: Group[], mode: string): Comparisons {
  const none: Comparisons = { overall: null, method: '', pairs: [] };
  if (mode === 'none' || groups.length < 2 || groups.some((g) => g.values.length < 2)) return none;
  const label = (a: string, b: string) => `${b} vs ${a}`;
  if (groups.length === 2) {
    const [a, b] = groups as [Group, Group];
    const p = mode === 'parametric' ? orNull(() => twoSampleTTest(a.values, b.values, { varEqual: false }))?.pValue : orNull(() => mannWhitneyU(a.values, b.values))?.pValue;
    if (p === undefined) return none;
    return { overall: null, method: mode === 'parametric' ? 'Welch t 检验' : 'Mann-Whitney U 检验', pairs: [{ groupA: a.name, groupB: b.name, p, label: label(a.name, b.name) }] };
  }
  if (mode === 'parametric') {
    const aov = orNull(() => oneWayAnova(groups));
    const ph = orNull(() => postHoc(groups, 'tukey'));
    return {
      overall: aov ? { name: '单因素方差分析', statistic: aov.statistic, df: `${aov.df1}, ${aov.df2}`, p: aov.pValue } : null,
      method: ph ? 'Tukey HSD' : '',
      pairs: (ph?.comparisons ?? []).map((c) => ({ groupA: c.groupA, groupB: c.groupB, p: c.pValue, label: label(c.groupA, c.groupB) })),
    };
  }
  const kw = orNull(() => kruskalWallis(groups));
  const dunn = orNull(() => dunnTest(groups, 'holm'));
  return {
    overall: kw ? { name: 'Kruskal-Wallis 检验', statistic: kw.statistic, df: String(kw.df), p: kw.pValue } : null,
    method: dunn ? 'Dunn 检验（Holm 校正）' : '',
    pairs: (dunn?.comparisons ?? []).map((c) => ({ groupA: c.groupA, groupB: c.groupB, p: c.pAdjusted, label: label(c.groupA, c.groupB) })),
  };
}

export const marksField = (): FieldSpec => ({
  filed: 'marks',
  name: '显著性标注',
  type: 'select_single',
  value: 'parametric',
  option: [option('参数法（t 检验 / 方差分析 + Tukey）', 'parametric'), option('非参数法（Mann-Whitney / Kruskal-Wallis + Dunn）', 'nonparametric'), option('不标注', 'none')],
});

const INK = '#222';
const rnd = (v: number) => Number(v.toPrecision(8));

/**
 * Brackets with stars over the pairs with p < 0.05, stacked upwards from `top` in steps of
 * `step`; group positions are x values on `xAxisIndex`. Each bracket is a "sig" series (lines) and
 * its label a "sig" scatter of a transparent point. Returns the series and the new top.
 */
export function sigBrackets(pairs: readonly Comparison[], at: (name: string) => number, top: number, step: number, xAxisIndex = 1): { series: Array<Record<string, unknown>>; top: number } {
  const series: Array<Record<string, unknown>> = [];
  let y = top;
  pairs
    .filter((c) => c.p < 0.05)
    .forEach((c, k) => {
      const [a, b] = [at(c.groupA), at(c.groupB)];
      y += step;
      series.push({
        type: 'lines',
        id: `sig-bracket-${k}`,
        coordinateSystem: 'cartesian2d',
        xAxisIndex,
        polyline: true,
        silent: true,
        lineStyle: { color: INK, width: 1, opacity: 1 },
        data: [{ coords: [[a, rnd(y - step * 0.35)], [a, rnd(y)], [b, rnd(y)], [b, rnd(y - step * 0.35)]] }],
      });
      series.push({
        type: 'scatter',
        id: `sig-label-${k}`,
        xAxisIndex,
        silent: true,
        itemStyle: { color: 'rgba(0,0,0,0)' },
        label: { show: true, position: 'top', distance: 0, formatter: stars(c.p), color: INK, fontSize: 14 },
        data: [[(a + b) / 2, rnd(y)]],
      });
    });
  return { series, top: y };
}

/**
 * Error bars as one "lines" series of I-shapes (caps of ±`cap` x units) at [x, lower, upper];
 * the series is named so it shares the legend entry (and colour role) of its points.
 */
export function errorBarSeries(name: string, bars: ReadonlyArray<{ x: number; lower: number; upper: number }>, o: { cap?: number; xAxisIndex?: number; horizontal?: boolean; color?: string } = {}): Record<string, unknown> {
  const cap = o.cap ?? 0.08;
  const pt = (x: number, y: number) => (o.horizontal ? [rnd(y), rnd(x)] : [rnd(x), rnd(y)]);
  return {
    type: 'lines',
    name,
    coordinateSystem: 'cartesian2d',
    ...(o.horizontal ? { yAxisIndex: o.xAxisIndex ?? 1 } : { xAxisIndex: o.xAxisIndex ?? 1 }),
    polyline: true,
    silent: true,
    z: 3,
    lineStyle: { width: 1.3, opacity: 1, ...(o.color ? { color: o.color } : {}) },
    data: bars.map((b) => ({ coords: [pt(b.x - cap, b.upper), pt(b.x + cap, b.upper), pt(b.x, b.upper), pt(b.x, b.lower), pt(b.x - cap, b.lower), pt(b.x + cap, b.lower)] })),
  };
}
