// Figure options shared by every chart (issue 21, DESIGN §4 "Figures"): journal palettes, theme,
// fonts, size, titles, legend, points and significance marks. One definition, applied to any chart's
// ECharts option after the statistics are done — on the report page, in every export — so changing
// an option re-renders the figure without re-running the analysis.
import { z } from 'zod';

/** Palettes as ggsci lists them (the journals' published colours), Okabe–Ito, viridis and greys. */
export const PALETTES = {
  'okabe-ito': { name: 'Okabe–Ito（色盲友好）', colors: ['#E69F00', '#56B4E9', '#009E73', '#F0E442', '#0072B2', '#D55E00', '#CC79A7', '#000000'] },
  nejm: { name: 'NEJM', colors: ['#BC3C29', '#0072B5', '#E18727', '#20854E', '#7876B1', '#6F99AD', '#FFDC91', '#EE4C97'] },
  lancet: { name: 'Lancet', colors: ['#00468B', '#ED0000', '#42B540', '#0099B4', '#925E9F', '#FDAF91', '#AD002A', '#ADB6B6', '#1B1919'] },
  jama: { name: 'JAMA', colors: ['#374E55', '#DF8F44', '#00A1D5', '#B24745', '#79AF97', '#6A6599', '#80796B'] },
  npg: { name: 'NPG（Nature）', colors: ['#E64B35', '#4DBBD5', '#00A087', '#3C5488', '#F39B7F', '#8491B4', '#91D1C2', '#DC0000', '#7E6148', '#B09C85'] },
  aaas: { name: 'AAAS（Science）', colors: ['#3B4992', '#EE0000', '#008B45', '#631879', '#008280', '#BB0021', '#5F559B', '#A20056', '#808180', '#1B1919'] },
  jco: { name: 'JCO', colors: ['#0073C2', '#EFC000', '#868686', '#CD534C', '#7AA6DC', '#003C67', '#8F7700', '#3B3B3B', '#A73030', '#4A6990'] },
  viridis: { name: 'viridis', colors: ['#440154', '#46337E', '#365C8D', '#277F8E', '#1FA187', '#4AC16D', '#9FDA3A', '#FDE725'] },
  greys: { name: '灰度', colors: ['#252525', '#525252', '#737373', '#969696', '#BDBDBD', '#D9D9D9'] },
} as const;
export type PaletteKey = keyof typeof PALETTES;

export const FIGURE_FONTS = {
  serif: { name: '宋体 / Times New Roman', family: "'Times New Roman','SimSun','Songti SC','Noto Serif CJK SC',serif" },
  arial: { name: 'Arial', family: "Arial,'Microsoft YaHei','Noto Sans CJK SC',sans-serif" },
  yahei: { name: '微软雅黑', family: "'Microsoft YaHei','PingFang SC','Noto Sans CJK SC','WenQuanYi Micro Hei',sans-serif" },
} as const;
export type FigureFont = keyof typeof FIGURE_FONTS;

export const FigureOptions = z.object({
  palette: z.enum(Object.keys(PALETTES) as [PaletteKey, ...PaletteKey[]]).default('okabe-ito'),
  /** classic: axis lines, no grid, ticks outward (journals); minimal: light grid, no axis lines. */
  theme: z.enum(['classic', 'minimal']).default('classic'),
  font: z.enum(Object.keys(FIGURE_FONTS) as [FigureFont, ...FigureFont[]]).default('serif'),
  fontSize: z.coerce.number().min(6).max(24).default(12),
  widthMm: z.coerce.number().min(40).max(300).default(160),
  heightMm: z.coerce.number().min(30).max(300).default(110),
  /** Empty: keep the chart's own. */
  title: z.string().max(100).default(''),
  xTitle: z.string().max(100).default(''),
  yTitle: z.string().max(100).default(''),
  legend: z.enum(['top', 'bottom', 'right', 'none']).default('top'),
  /** New names for series (legend labels): old name → new name. */
  labels: z.record(z.string().max(100), z.string().max(100)).default({}),
  pointSize: z.coerce.number().min(1).max(30).default(6),
  opacity: z.coerce.number().min(0.05).max(1).default(0.8),
  /** Significance marks (series whose id starts with "sig") shown or hidden. */
  sigMarks: z.boolean().default(true),
});
export type FigureOptions = z.infer<typeof FigureOptions>;
export const DEFAULT_FIGURE_OPTIONS: FigureOptions = FigureOptions.parse({});

/** Pixels at 96 per inch for a size in millimetres (the unit of SVG and of ECharts' canvas). */
export const mmToPx = (mm: number): number => Math.round((mm * 96) / 25.4);

/**
 * A copy of an ECharts option with the figure options applied. Self-contained on purpose (no
 * imports, no closures): the report page's script embeds its source, so the page and the exports
 * draw the same figure. `palettes`/`fonts` are PALETTES and FIGURE_FONTS.
 */
export function applyFigureOptions(
  option: Record<string, unknown>,
  fo: FigureOptions,
  palettes: Record<string, { colors: readonly string[] }>,
  fonts: Record<string, { family: string }>,
): Record<string, unknown> {
  const colors = (palettes[fo.palette] ?? palettes['okabe-ito']!).colors;
  // Charts written before the figure options name their series colours from the old default list
  // (charts.ts PALETTE); those become the chosen palette's colours in the same order, alpha kept.
  // Its grey (#909399) is also the neutral of brackets and guides, so it stays.
  const legacy = ['#409EFF', '#F56C6C', '#67C23A', '#E6A23C', null, '#8E6FD8', '#36CFC9', '#FF85C0'];
  let text = JSON.stringify(option);
  legacy.forEach((c, i) => {
    if (c) text = text.replace(new RegExp(`${c}([0-9a-fA-F]{2})?(?=")`, 'gi'), (_m: string, alpha?: string) => `${colors[i % colors.length]}${alpha ?? ''}`);
  });
  const o = JSON.parse(text) as Record<string, any>;
  const family = (fonts[fo.font] ?? fonts.serif!).family;
  // Graphic shapes (a Venn diagram's sets) take no series palette: a shape filled with the n-th
  // Okabe–Ito colour takes the chosen palette's n-th colour. Graphic texts (notes, a risk table's
  // heading, set and stage names) do not inherit textStyle, so they are given the chosen font.
  if (o.graphic !== undefined) {
    const okabe = palettes['okabe-ito']!.colors.map((c) => c.toLowerCase());
    const restyle = (node: any): void => {
      if (Array.isArray(node)) return node.forEach(restyle);
      if (!node || typeof node !== 'object') return;
      for (const key of ['fill', 'stroke']) {
        const c = node.style?.[key];
        const i = typeof c === 'string' ? okabe.indexOf(c.toLowerCase()) : -1;
        if (i >= 0) node.style[key] = colors[i % colors.length];
      }
      if (node.style && (node.type === 'text' || typeof node.style.text === 'string')) node.style.fontFamily = family;
      restyle(node.children);
    };
    restyle(o.graphic);
  }
  const asList = (x: unknown): any[] => (Array.isArray(x) ? x : x && typeof x === 'object' ? [x] : []);
  o.color = [...colors];
  o.textStyle = { ...(o.textStyle ?? {}), fontFamily: family, fontSize: fo.fontSize, color: '#222' };
  o.backgroundColor = '#ffffff';
  const classic = fo.theme === 'classic';
  for (const key of ['xAxis', 'yAxis']) {
    for (const axis of asList(o[key])) {
      if (axis.type === 'category' || axis.type === 'value' || axis.type === 'log' || axis.type === 'time' || axis.type === undefined) {
        axis.axisLine = { ...(axis.axisLine ?? {}), show: classic, lineStyle: { color: '#000', width: 1 } };
        axis.axisTick = { ...(axis.axisTick ?? {}), show: classic, inside: false };
        axis.splitLine = { ...(axis.splitLine ?? {}), show: !classic, lineStyle: { color: '#e5e5e5' } };
        axis.axisLabel = { ...(axis.axisLabel ?? {}), color: '#222', fontFamily: family, fontSize: fo.fontSize };
        axis.nameTextStyle = { ...(axis.nameTextStyle ?? {}), color: '#222', fontFamily: family, fontSize: fo.fontSize };
      }
    }
  }
  const xs = asList(o.xAxis);
  const ys = asList(o.yAxis);
  if (fo.xTitle && xs[0]) Object.assign(xs[0], { name: fo.xTitle, nameLocation: 'middle', nameGap: xs[0].nameGap ?? 30 });
  if (fo.yTitle && ys[0]) Object.assign(ys[0], { name: fo.yTitle, nameLocation: 'middle', nameGap: ys[0].nameGap ?? 45 });
  if (fo.title) o.title = { text: fo.title, left: 'center', top: 4, textStyle: { fontFamily: family, fontSize: fo.fontSize + 2, fontWeight: 'bold', color: '#222' } };
  const rename = (n: unknown) => (typeof n === 'string' && Object.prototype.hasOwnProperty.call(fo.labels, n) ? fo.labels[n] : n);
  let series = asList(o.series);
  if (!fo.sigMarks) series = series.filter((s) => !(typeof s.id === 'string' && s.id.startsWith('sig')));
  for (const s of series) {
    s.name = rename(s.name);
    // Data points only: scatter series used to place labels (no symbol) keep theirs.
    const labelOnly = s.symbol === 'none' || s.symbolSize === 0 || (Array.isArray(s.symbolSize) && s.symbolSize.every((x: number) => x === 0));
    if ((s.type === 'scatter' || s.type === 'effectScatter') && !labelOnly && !(typeof s.id === 'string' && s.id.startsWith('sig'))) {
      if (typeof s.symbolSize === 'number' || s.symbolSize === undefined) s.symbolSize = fo.pointSize;
      s.itemStyle = { ...(s.itemStyle ?? {}), opacity: fo.opacity };
    }
  }
  o.series = series;
  // Many marks: no entry animation. ECharts' SVG renderer would move every symbol on every frame
  // (on the report page a box plot with 2,000 outliers settled in about half the time without it),
  // and the figure is re-drawn on each change of these options, where replaying it helps nobody.
  let marks = 0;
  for (const s of series) {
    const data = Array.isArray(s.data) ? s.data : [];
    marks += data.length;
    // Hundreds of plain points (no per-point style or label): ECharts' large mode draws a series'
    // symbols as one path instead of one SVG element each, which is most of the page's drawing time.
    if (s.type === 'scatter' && data.length > 300 && !s.label?.show && data.every((d: unknown) => Array.isArray(d))) Object.assign(s, { large: true, largeThreshold: 300 });
  }
  if (marks > 300) o.animation = false;
  for (const legend of asList(o.legend)) {
    if (Array.isArray(legend.data)) legend.data = legend.data.map((d: any) => (d && typeof d === 'object' ? { ...d, name: rename(d.name) } : rename(d)));
  }
  if (o.legend !== undefined || series.length > 1) {
    const base = { ...(asList(o.legend)[0] ?? {}), textStyle: { fontFamily: family, fontSize: fo.fontSize, color: '#222' } };
    o.legend =
      fo.legend === 'none'
        ? { ...base, show: false }
        : fo.legend === 'right'
          ? { ...base, show: true, orient: 'vertical', right: 8, top: 'middle', left: undefined, bottom: undefined }
          : { ...base, show: true, orient: 'horizontal', left: 'center', right: undefined, [fo.legend]: fo.title && fo.legend === 'top' ? 30 : 4, [fo.legend === 'top' ? 'bottom' : 'top']: undefined };
  }
  // Row charts (forest plots) say `rowLayout: { rows }`: one label per row on each category y axis,
  // the rows sharing the plot's height. Only here is the figure's final size known, so here the
  // row labels get the largest font that fits a row and leaves the plot room across (never above
  // the chosen size), every label is shown (no automatic skipping), and the squares shrink in
  // proportion to fit a row.
  const rows = o.rowLayout && typeof o.rowLayout.rows === 'number' ? o.rowLayout.rows : 0;
  delete o.rowLayout;
  if (rows > 0) {
    const heightPx = Math.round((fo.heightMm * 96) / 25.4);
    const grid = asList(o.grid)[0] ?? {};
    const px = (v: unknown) => (typeof v === 'number' ? v : 60);
    // With containLabel the x axis labels (a line of text and its margin) sit inside the grid.
    const plot = heightPx - px(grid.top) - px(grid.bottom) - (grid.containLabel ? fo.fontSize * 1.2 + 8 : 0);
    const pitch = Math.max(1, plot / rows);
    // The labels beside the plot must also leave it room across: at most 60% of the width between
    // the grid's sides for the widest left and right labels (widths in ems: CJK 1, others about 0.55).
    const ems = (t: unknown) => [...String(t ?? '')].reduce((a, c) => a + (c.charCodeAt(0) >= 0x2e80 ? 1 : 0.55), 0);
    const sideEms = { left: 0, right: 0 };
    for (const axis of ys) {
      if (axis.type !== 'category' || !Array.isArray(axis.data)) continue;
      const side = axis.position === 'right' ? 'right' : 'left';
      for (const d of axis.data) sideEms[side] = Math.max(sideEms[side], ems(d && typeof d === 'object' ? d.value : d));
    }
    const widthPx = Math.round((fo.widthMm * 96) / 25.4);
    const across = (0.6 * (widthPx - px(grid.left) - px(grid.right) - 16)) / Math.max(1, sideEms.left + sideEms.right);
    const rowFont = Math.max(4, Math.min(fo.fontSize, Math.floor(pitch / 1.2), Math.floor(across)));
    for (const axis of ys) {
      if (axis.type !== 'category') continue;
      axis.axisLabel = { ...(axis.axisLabel ?? {}), fontSize: rowFont, interval: 0 };
      // Row labels stand beside the plot as a table's columns: no axis line or ticks between them.
      axis.axisLine = { ...(axis.axisLine ?? {}), show: false };
      axis.axisTick = { ...(axis.axisTick ?? {}), show: false };
      for (const d of Array.isArray(axis.data) ? axis.data : []) if (d && typeof d === 'object' && d.textStyle) d.textStyle = { ...d.textStyle, fontSize: rowFont };
    }
    // A narrow figure: the x axis drops labels that would run into each other.
    for (const axis of xs) axis.axisLabel = { ...(axis.axisLabel ?? {}), hideOverlap: true };
    const sizes: number[] = [];
    for (const s of series) {
      if (s.type !== 'scatter') continue;
      if (typeof s.symbolSize === 'number') sizes.push(s.symbolSize);
      for (const d of Array.isArray(s.data) ? s.data : []) if (d && typeof d === 'object' && typeof d.symbolSize === 'number') sizes.push(d.symbolSize);
    }
    const shrink = Math.min(1, (0.85 * pitch) / sizes.reduce((a, b) => Math.max(a, b), 1));
    if (shrink < 1) {
      const r = (v: number) => Math.max(2, Math.round(v * shrink * 10) / 10);
      for (const s of series) {
        if (s.type !== 'scatter') continue;
        if (typeof s.symbolSize === 'number') s.symbolSize = r(s.symbolSize);
        for (const d of Array.isArray(s.data) ? s.data : []) if (d && typeof d === 'object' && typeof d.symbolSize === 'number') d.symbolSize = r(d.symbolSize);
      }
    }
  }
  return o;
}
