import { describe, expect, it } from 'vitest';
import { MAX_MARKS } from '../../charts.js';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable } from '../../tool.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'three-groups')!.file);

// Reference values: packages/tools/reference/tools.R (TukeyHSD, quantile type 7).
describe('箱线图 on the example', () => {
  it('marks the pairs Tukey finds different, as R', () => {
    const out = run(table, { y: '体重增量', group: '组别', points: true, marks: 'parametric' });
    expect(Math.abs((out.results['p.饲料C vs 饲料A'] as number) - 0.000368466864037131)).toBeLessThan(1e-6);
    const chart = out.sections[0]!.blocks[0]!;
    expect(chart.type).toBe('chart');
    const series = (chart as { option: { series: Array<{ type: string }> } }).option.series;
    // Box, points, and a bracket plus its label for each of the two significant pairs.
    expect(series.filter((s) => s.type === 'lines')).toHaveLength(2);
  });
});

describe('箱线图 figure options and large data', () => {
  it('leaves colours to the figure palette and puts brackets in "sig" series', () => {
    const out = run(table, { y: '体重增量', group: '组别', points: true, marks: 'parametric' });
    const option = (out.sections[0]!.blocks[0] as { option: Record<string, unknown> }).option;
    expect(option.color).toBeUndefined();
    expect(JSON.stringify(option)).not.toMatch(/fontFamily|#409EFF|#F56C6C/);
    const series = option.series as Array<{ type: string; id?: string; data: unknown[] }>;
    const sig = series.filter((s) => s.id?.startsWith('sig'));
    expect(sig).toHaveLength(2);
    expect(sig.every((s) => s.type === 'lines')).toBe(true);
    expect(JSON.stringify(sig)).toContain('***');
  });

  it('above 5,000 rows draws Tukey boxes and only the outliers, with a note', () => {
    const n = 200_000;
    let s = 11;
    const rand = () => ((s = (s * 16807) % 2147483647) / 2147483647);
    const values = Array.from({ length: n }, (_, i) => (i % 2 ? 10 : 12) + Math.tan(Math.PI * (rand() - 0.5)) * 0.3);
    const groups = values.map((_, i) => (i % 2 ? 'B组' : 'A组'));
    const big: DataTable = {
      rows: n,
      variables: [
        { name: 'y', type: 'numeric', valid: n, missing: 0, distinct: n, min: null, max: null, mean: null, levels: [] },
        { name: 'g', type: 'categorical', valid: n, missing: 0, distinct: 2, min: null, max: null, mean: null, levels: [] },
      ],
      numeric: () => values,
      text: () => groups,
    };
    const out = run(big, { y: 'y', group: 'g', points: true, marks: 'parametric' });
    expect(JSON.stringify(out).length).toBeLessThan(300_000);
    const series = (out.sections[0]!.blocks[0] as { option: { series: Array<{ type: string; name?: string; data: unknown[] }> } }).option.series;
    const box = series.find((x) => x.type === 'boxplot')!.data as number[][];
    const pts = series.find((x) => x.type === 'scatter')!;
    expect(pts.name).toBe('离群值');
    expect(pts.data.length).toBe(MAX_MARKS);
    // Every drawn point lies beyond its box's whiskers, which stay within 1.5 IQR of the quartiles.
    for (const [x, v] of pts.data as Array<[number, number]>) {
      const b = box[Math.round(x)]!;
      expect(v < b[0]! || v > b[4]!).toBe(true);
    }
    for (const b of box) {
      expect(b[0]).toBeGreaterThanOrEqual(b[1]! - 1.5 * (b[3]! - b[1]!));
      expect(b[4]).toBeLessThanOrEqual(b[3]! + 1.5 * (b[3]! - b[1]!));
    }
    expect(out.results.outliers).toBeGreaterThan(MAX_MARKS);
    expect(out.results.outliersDrawn).toBe(MAX_MARKS);
    expect(JSON.stringify(out.sections)).toContain('只绘制须线以外的离群值');
    expect(JSON.stringify(out.sections)).toContain(`共绘制 ${MAX_MARKS} 个`);
    // Each group's most extreme outliers are always drawn.
    const drawnValues = new Set((pts.data as Array<[number, number]>).map(([, v]) => v));
    for (const g of ['A组', 'B组']) {
      const vs = values.filter((_, i) => groups[i] === g);
      expect(drawnValues.has(Math.min(...vs))).toBe(true);
      expect(drawnValues.has(Math.max(...vs))).toBe(true);
    }
  });

  it('refuses bad input with a Chinese message', () => {
    expect(() => run(table, { y: '', group: '组别' })).toThrow('请选择数值变量和分组变量');
    expect(() => run(table, { y: '体重增量', group: '没有' })).toThrow('数据中没有变量');
  });
});
