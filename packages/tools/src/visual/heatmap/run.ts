// 热图: a numeric matrix (rows × chosen columns) as coloured cells, optionally z-scored by row or
// column, with rows and columns ordered by hierarchical clustering (Euclidean, complete/average as
// R's hclust) and their dendrograms drawn as line segments beside the cells.
import type { ReportBlock } from '@labstat/contracts';
import { requireVariables } from '../../common.js';
import { num, table, text } from '../../report-helpers.js';
import { ToolInputError, type DataTable, type Params, type ToolOutput } from '../../tool.js';
import { chosenColumns } from '../shared/chart-parts.js';
import { clusterRows, mergeItem, type Linkage, type Tree } from '../shared/dendrogram.js';
import { heatmapChart } from '../shared/heatmap-chart.js';

/** Rows drawn at most; above it the rows of largest variance are kept, and the report says so. */
export const MAX_ROWS = 500;

const SCALE_NAMES: Record<string, string> = { row: '按行 z-score', column: '按列 z-score', none: '不标准化' };

const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / v.length;
const sd = (v: readonly number[]) => {
  const m = mean(v);
  return Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / (v.length - 1));
};
const r4 = (v: number) => Number(v.toFixed(4));


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

