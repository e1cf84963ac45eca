import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable } from '../../tool.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { clusterDissimilarity } from '../shared/dendrogram.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'heatmap')!.file);
const vars = fixture.columnNames;
const base = { label: '基因', vars, scale: 'row', clusterRows: true, clusterCols: true, linkage: 'complete' };
type RTree = { merge: number[][]; height: number[]; order: number[] };
type Out = ReturnType<typeof run>;
const tableOf = (out: Out, part: string) => out.sections.flatMap((s) => s.blocks).find((b) => b.type === 'table' && b.title.includes(part)) as { rows: Array<Array<string | number | null>> } | undefined;

/** The merge table R's tree implies, as the report prints it (heights to 4 decimals). */
const rRows = (t: RTree, names: readonly string[]) => t.merge.map(([a, b], s) => [s + 1, a! < 0 ? names[-a! - 1] : `步骤 ${a}`, b! < 0 ? names[-b! - 1] : `步骤 ${b}`, Number(t.height[s]!.toFixed(4))]);
const orderOf = (t: RTree, names: readonly string[]) => t.order.map((i) => names[i - 1]).join(', ');

// Reference: r-fixture.R (hclust(dist(.)) on the row z-scores, as pheatmap).
describe('热图 against R hclust', () => {
  for (const linkage of ['complete', 'average'] as const) {
    it(`orders and merges rows and columns as R (${linkage})`, () => {
      const out = run(table, { ...base, linkage });
      const r = fixture[linkage];
      expect(out.results.rows).toBe(fixture.rows);
      expect(out.results.excluded).toBe(2);
      expect(out.results.rowOrder).toBe(orderOf(r.row, fixture.rowNames));
      expect(out.results.columnOrder).toBe(orderOf(r.col, vars));
      expect(tableOf(out, '列聚类')!.rows).toEqual(rRows(r.col, vars));
      expect(tableOf(out, '行聚类')!.rows).toEqual(rRows(r.row, fixture.rowNames));
      expect(Math.abs((out.results.rowTopHeight as number) - r.row.height.at(-1)!)).toBeLessThan(1e-9);
      expect(Math.abs((out.results.colorMax as number) - Math.max(fixture.zMax, -fixture.zMin))).toBeLessThan(1e-9);
    });
  }

  it('clusters unscaled and column-scaled data as R', () => {
    const none = run(table, { ...base, scale: 'none' });
    expect(tableOf(none, '列聚类')!.rows).toEqual(rRows(fixture.noneCol, vars));
    const col = run(table, { ...base, scale: 'column', linkage: 'average', clusterCols: false });
    expect(tableOf(col, '行聚类')!.rows).toEqual(rRows(fixture.columnScaledRow, fixture.rowNames));
    expect(tableOf(col, '列聚类')).toBeUndefined();
  });

  it('draws the dendrograms beside the cells, and R order on the axes', () => {
    const out = run(table, base);
    const chart = out.sections[0]!.blocks[0] as { option: { series: Array<{ type: string; name: string; data: unknown[] }>; yAxis: Array<{ data?: string[] }> } };
    const lines = chart.option.series.filter((s) => s.type === 'lines');
    expect(lines.map((s) => [s.name, s.data.length])).toEqual([['列聚类树', vars.length - 1], ['行聚类树', fixture.rows - 1]]);
    expect(chart.option.yAxis[0]!.data!.join(', ')).toBe(out.results.rowOrder);
    // The palette and fonts come from the figure options.
    expect(chart.option).not.toHaveProperty('color');
    expect(JSON.stringify(chart.option)).not.toContain('fontFamily');
  });

  it('ties break as R: the first pair of equal distances merges first', () => {
    const d = [[0, 1, 1, 2], [1, 0, 1, 2], [1, 1, 0, 2], [2, 2, 2, 0]];
    // R: hclust(as.dist(d), "complete")$merge is (-1,-2), (-3,1), (-4,2).
    expect(clusterDissimilarity(d, 'complete').merge).toEqual([[-1, -2], [-3, 1], [-4, 2]]);
  });
});

describe('热图 bad input and large data', () => {
  it('says what to fix, in Chinese', () => {
    expect(() => run(table, { ...base, vars: ['对照1'] })).toThrow('请至少选择 2 个数值列');
    expect(() => run(table, { ...base, vars: ['对照1', '无此列'] })).toThrow('数据中没有变量“无此列”');
    const flat: DataTable = { rows: 3, variables: [], numeric: (n) => (n === 'a' ? [1, 1, 1] : [1, 2, 3]), text: () => [null, null, null] };
    flat.variables = (['a', 'b'] as const).map((name) => ({ name, type: 'numeric', valid: 3, missing: 0, distinct: 3, min: null, max: null, mean: null, levels: [] }));
    expect(() => run(flat, { vars: ['a', 'b'], scale: 'column' })).toThrow('数值列“a”的取值全部相同');
  });

  it('keeps the 500 most variable rows of a large matrix and says so', () => {
    const n = 3000;
    const big: DataTable = {
      rows: n,
      variables: ['x1', 'x2', 'x3', 'x4'].map((name) => ({ name, type: 'numeric' as const, valid: n, missing: 0, distinct: n, min: null, max: null, mean: null, levels: [] })),
      numeric: (name) => Array.from({ length: n }, (_, i) => Math.sin(i * 7.1 + Number(name.slice(1))) * (1 + (i % 17))),
      text: () => Array(n).fill(null),
    };
    const out = run(big, { vars: ['x1', 'x2', 'x3', 'x4'], scale: 'row', clusterRows: true, clusterCols: true, linkage: 'average' });
    expect(out.results.rows).toBe(500);
    expect(JSON.stringify(out.sections)).toContain('只绘制方差最大的 500 行');
    expect(JSON.stringify(out).length).toBeLessThan(400_000);
  });
});
