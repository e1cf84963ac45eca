// 热图: a numeric matrix (rows × chosen columns) as coloured cells, optionally z-scored by row or
// column, with rows and columns ordered by hierarchical clustering (Euclidean, complete/average as
// R's hclust) and their dendrograms drawn as line segments beside the cells.
import type { ReportBlock } from '@labstat/contracts';
import { requireVariables } from '../../common.js';
import { num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { clusterRows, dendrogramLines, mergeItem, type Linkage, type Tree } from '../shared/dendrogram.js';

/** Rows drawn at most; above it the rows of largest variance are kept, and the report says so. */
export const MAX_ROWS = 500;

const SCALE_NAMES: Record<string, string> = { row: '按行 z-score', column: '按列 z-score', none: '不标准化' };
/** Blue–white–red (RdBu), the usual heatmap scale: a semantic colour, not the palette. */
export const DIVERGING = ['#2166AC', '#67A9CF', '#D1E5F0', '#F7F7F7', '#FDDBC7', '#EF8A62', '#B2182B'];

const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / v.length;
const sd = (v: readonly number[]) => {
  const m = mean(v);
  return Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / (v.length - 1));
};
const r4 = (v: number) => Number(v.toFixed(4));

/** The chosen numeric columns as a list of strings, checked. */
export function chosenColumns(data: DataTable, params: Params, min: number, what: string): string[] {
  const vars = Array.isArray(params.vars) ? params.vars.map(String).filter((v) => v !== '') : [];
  if (vars.length < min) throw new ToolInputError(`请至少选择 ${min} 个${what}`);
  if (new Set(vars).size !== vars.length) throw new ToolInputError(`${what}中有重复的变量`);
  requireVariables(data, vars);
  return vars;
}

export function run(data: DataTable, params: Params): ToolOutput {
  const vars = chosenColumns(data, params, 2, '数值列');
  if (vars.length > 200) throw new ToolInputError(`数值列最多 200 列，当前选择了 ${vars.length} 列`);
  const labelName = String(params.label ?? '');
  if (labelName) requireVariables(data, [labelName]);
  if (labelName && vars.includes(labelName)) throw new ToolInputError('行名列不能同时作为数值列');
  const scale = ['row', 'column', 'none'].includes(String(params.scale)) ? String(params.scale) : 'row';
  const linkage: Linkage = params.linkage === 'average' ? 'average' : 'complete';
  const cols = vars.map((v) => data.numeric(v));
  const labels = labelName ? data.text(labelName) : null;

  let rows: Array<{ name: string; values: number[] }> = [];
  let excluded = 0;
  for (let i = 0; i < data.rows; i++) {
    const values = cols.map((c) => c[i]);
    if (values.some((v) => v === null || v === undefined || !Number.isFinite(v))) {
      excluded++;
      continue;
    }
    const name = labels?.[i] ?? '';
    rows.push({ name: name === '' ? `第${i + 1}行` : name, values: values as number[] });
  }
  if (rows.length < 2) throw new ToolInputError('所选数值列都不缺失的行少于 2 行，无法绘制热图');
  const notes: string[] = [];
  if (excluded > 0) notes.push(`${excluded} 行含缺失值，未参与绘图。`);
  const complete = rows.length;
  if (rows.length > MAX_ROWS) {
    const keep = new Set(
      rows
        .map((r, i) => ({ i, v: sd(r.values) }))
        .sort((a, b) => b.v - a.v || a.i - b.i)
        .slice(0, MAX_ROWS)
        .map((x) => x.i),
    );
    rows = rows.filter((_, i) => keep.has(i));
    notes.push(`完整的行共 ${complete} 行，超过 ${MAX_ROWS} 行：只绘制方差最大的 ${MAX_ROWS} 行（保持原顺序）。`);
  }
  let constant = 0;
  if (scale === 'row') {
    const before = rows.length;
    rows = rows.filter((r) => sd(r.values) > 0).map((r) => {
      const [m, s] = [mean(r.values), sd(r.values)];
      return { name: r.name, values: r.values.map((v) => (v - m) / s) };
    });
    constant = before - rows.length;
    if (constant > 0) notes.push(`${constant} 行的取值全部相同，无法按行标准化，未参与绘图。`);
    if (rows.length < 2) throw new ToolInputError('按行标准化后可绘制的行少于 2 行：各行的取值都相同');
  } else if (scale === 'column') {
    vars.forEach((v, j) => {
      const col = rows.map((r) => r.values[j]!);
      const [m, s] = [mean(col), sd(col)];
      if (!(s > 0)) throw new ToolInputError(`数值列“${v}”的取值全部相同，无法按列标准化`);
      for (const r of rows) r.values[j] = (r.values[j]! - m) / s;
    });
  }
  const nr = rows.length;
  const nc = vars.length;
  const names = rows.map((r) => r.name);
  const rowTree = params.clusterRows !== false ? clusterRows(rows.map((r) => r.values), linkage) : null;
  const colTree = params.clusterCols !== false ? clusterRows(vars.map((_, j) => rows.map((r) => r.values[j]!)), linkage) : null;
  const rowOrder = rowTree?.order ?? names.map((_, i) => i);
  const colOrder = colTree?.order ?? vars.map((_, j) => j);

  const all = rows.flatMap((r) => r.values);
  const lo = all.reduce((a, b) => Math.min(a, b));
  const hi = all.reduce((a, b) => Math.max(a, b));
  const bound = scale === 'none' ? null : Math.max(Math.abs(lo), Math.abs(hi));
  const linkName = linkage === 'complete' ? '完全连接' : '平均连接';
  const chart = heatmapChart({
    title: `图1 ${nr} 行 × ${nc} 列的热图（${SCALE_NAMES[scale]}）`,
    rowNames: rowOrder.map((i) => names[i]!),
    colNames: colOrder.map((j) => vars[j]!),
    cells: rowOrder.flatMap((i, y) => colOrder.map((j, x) => [x, y, r4(rows[i]!.values[j]!)])),
    min: bound === null ? r4(lo) : -r4(bound),
    max: bound === null ? r4(hi) : r4(bound),
    valueName: scale === 'none' ? '数值' : 'z-score',
    rowTree,
    colTree,
  });

  const overview = table(
    '表1 热图数据概况',
    ['项目', '内容'],
    [
      ['绘图的行数', nr],
      ['列数', nc],
      ['含缺失值而排除的行', excluded],
      ['标准化', SCALE_NAMES[scale]!],
      ['色标范围', `${num(bound === null ? lo : -bound, 3)} ~ ${num(bound === null ? hi : bound, 3)}`],
      ['行聚类', rowTree ? `欧氏距离，${linkName}` : '不聚类（按数据顺序）'],
      ['列聚类', colTree ? `欧氏距离，${linkName}` : '不聚类（按所选顺序）'],
    ],
    notes,
  );
  const sections: ToolOutput['sections'] = [
    { title: '图形', blocks: [chart] },
    { title: '数据概况', blocks: [overview] },
  ];
  const mergeTable = (title: string, tree: Tree, items: readonly string[]): ReportBlock =>
    table(title, ['步骤', '合并对象 1', '合并对象 2', '高度（距离）'], tree.merge.map(([a, b], s) => [s + 1, mergeItem(items, a), mergeItem(items, b), num(tree.height[s], 4)]), [
      '“步骤 j”指第 j 步合并形成的类；高度为两类合并时的距离（与 R hclust 的 $merge、$height 相同）。',
    ]);
  const clusterBlocks: ReportBlock[] = [];
  if (colTree) clusterBlocks.push(mergeTable('表2 列聚类的合并过程', colTree, vars));
  if (rowTree) {
    if (nr <= 200) clusterBlocks.push(mergeTable(`表${colTree ? 3 : 2} 行聚类的合并过程`, rowTree, names));
    else clusterBlocks.push(text(`行数较多（${nr} 行），行聚类的合并过程不逐步列出；可用可复现 R 代码查看 hc_row$merge 与 hc_row$height。`));
  }
  if (clusterBlocks.length > 0) sections.push({ title: '聚类结果', blocks: clusterBlocks });
  const colText = colTree ? `列聚类后的顺序为：${colOrder.map((j) => vars[j]).join('、')}，最后一次合并的高度为 ${num(colTree.height[colTree.height.length - 1], 4)}。` : '';
  sections.push({
    title: '说明',
    blocks: [
      text(
        `每个方块的颜色表示${scale === 'none' ? '原始数值' : scale === 'row' ? '该行内标准化后的数值（z-score：与该行均值相差几个标准差）' : '该列内标准化后的数值（z-score）'}，红色高、蓝色低。` +
          (rowTree || colTree ? `聚类树按欧氏距离、${linkName}法构建，树枝越早汇合表示越相似。` : '') +
          colText,
      ),
    ],
  });
  const results: ToolOutput['results'] = {
    rows: nr,
    columns: nc,
    excluded,
    constantRows: constant,
    colorMin: bound === null ? lo : -bound,
    colorMax: bound === null ? hi : bound,
    rowOrder: rowOrder.map((i) => names[i]).join(', '),
    columnOrder: colOrder.map((j) => vars[j]).join(', '),
  };
  if (rowTree) results.rowTopHeight = rowTree.height[rowTree.height.length - 1] ?? null;
  if (colTree) results.columnTopHeight = colTree.height[colTree.height.length - 1] ?? null;
  return { title: `热图：${nr} 行 × ${nc} 列`, sections, results };
}

export interface HeatmapChartOptions {
  title: string;
  /** Top to bottom. */
  rowNames: string[];
  /** Left to right. */
  colNames: string[];
  /** [column position, row position, value], or { value, label } for a cell with its own label. */
  cells: unknown[];
  min: number;
  max: number;
  valueName: string;
  rowTree?: Tree | null;
  colTree?: Tree | null;
  /** Cell labels (e.g. r) drawn over the cells. */
  cellLabels?: boolean;
  colors?: string[];
  /** Extra series on the cells' axes (index 0), e.g. significance stars. */
  overlays?: Array<Record<string, unknown>>;
}

/**
 * The heatmap grid with dendrograms: the cells on category axes (first row on top), the column tree
 * above on a value axis spanning the same positions, the row tree on the left (root at the left).
 */
export function heatmapChart(o: HeatmapChartOptions): ReportBlock {
  const nr = o.rowNames.length;
  const nc = o.colNames.length;
  const left = o.rowTree ? '17%' : '6%';
  const top = o.colTree ? '22%' : '6%';
  const main = { left, right: '20%', top, bottom: nc > 6 || o.colNames.some((c) => c.length > 4) ? '18%' : '10%' };
  const hidden = { show: false };
  const grids: Array<Record<string, unknown>> = [main];
  const xAxis: Array<Record<string, unknown>> = [
    { type: 'category', data: o.colNames, gridIndex: 0, axisTick: { show: false }, axisLabel: { rotate: nc > 6 ? 45 : 0, interval: 0 }, splitArea: { show: false } },
  ];
  const yAxis: Array<Record<string, unknown>> = [{ type: 'category', data: o.rowNames, gridIndex: 0, inverse: true, position: 'right', axisTick: { show: false }, axisLabel: nr <= 60 ? { interval: 0 } : {} }];
  const series: Array<Record<string, unknown>> = [
    {
      type: 'heatmap',
      name: o.valueName,
      xAxisIndex: 0,
      yAxisIndex: 0,
      data: o.cells,
      label: { show: !!o.cellLabels, fontSize: 10, color: '#222' },
      itemStyle: { borderColor: '#ffffff', borderWidth: nr * nc <= 2500 ? 0.5 : 0 },
    },
  ];
  for (const s of o.overlays ?? []) series.push({ xAxisIndex: 0, yAxisIndex: 0, ...s });
  const line = { type: 'lines', coordinateSystem: 'cartesian2d', polyline: true, silent: true, lineStyle: { color: '#303133', width: 1 } };
  if (o.colTree) {
    grids.push({ left, right: '20%', top: '3%', height: '17%' });
    const g = grids.length - 1;
    xAxis.push({ ...hidden, type: 'value', gridIndex: g, min: -0.5, max: nc - 0.5 });
    yAxis.push({ ...hidden, type: 'value', gridIndex: g, min: 0, max: Number((Math.max(...o.colTree.height, 0) * 1.02).toPrecision(6)) || 1 });
    series.push({ ...line, name: '列聚类树', xAxisIndex: g, yAxisIndex: g, data: dendrogramLines(o.colTree) });
  }
  if (o.rowTree) {
    grids.push({ left: '2%', width: '14%', top, bottom: main.bottom });
    const g = grids.length - 1;
    xAxis.push({ ...hidden, type: 'value', gridIndex: g, inverse: true, min: 0, max: Number((Math.max(...o.rowTree.height, 0) * 1.02).toPrecision(6)) || 1 });
    yAxis.push({ ...hidden, type: 'value', gridIndex: g, inverse: true, min: -0.5, max: nr - 0.5 });
    series.push({ ...line, name: '行聚类树', xAxisIndex: g, yAxisIndex: g, data: dendrogramLines(o.rowTree, true) });
  }
  return {
    type: 'chart',
    title: o.title,
    option: {
      tooltip: { trigger: 'item' },
      legend: { data: [] },
      grid: grids,
      xAxis,
      yAxis,
      visualMap: {
        type: 'continuous',
        min: o.min,
        max: o.max,
        seriesIndex: 0,
        dimension: 2,
        calculable: false,
        precision: 2,
        orient: 'vertical',
        right: '2%',
        top: 'middle',
        itemHeight: 120,
        text: [String(Number(o.max.toFixed(2))), String(Number(o.min.toFixed(2)))],
        inRange: { color: o.colors ?? DIVERGING },
      },
      series,
    },
  };
}
