import { describe, expect, it } from 'vitest';
import { MAX_MARKS } from '../../charts.js';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable } from '../../tool.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'bubble')!.file);
const base = { x: '人均GDP万元', y: '糖尿病患病率', size: '常住人口百万', group: '地区', label: '省份', maxSize: 40 };
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));
type Item = { name: string; value: number[]; symbolSize: number };

// Reference: r-fixture.R (cor.test, aggregate, area-proportional diameters).
describe('气泡图 against R', () => {
  it('gives R correlation, group means and bubble sizes', () => {
    const out = run(table, base);
    expect(out.results.n).toBe(fixture.n);
    close(out.results.r, fixture.r);
    close(out.results.p, fixture.p, 1e-6);
    const rows = (out.sections[1]!.blocks[0] as { rows: Array<Array<string | number>> }).rows;
    fixture.groups.forEach((g, i) => {
      const row = rows.find((r) => r[0] === g)!;
      expect(row.slice(2, 5)).toEqual([fixture.meanX[i], fixture.meanY[i], fixture.meanSize[i]].map((v) => Number(v!.toFixed(3))));
    });
    const items = (out.sections[0]!.blocks[0] as { option: { series: Array<{ data: Item[] }> } }).option.series.flatMap((s) => s.data);
    fixture.names.forEach((name, i) => expect(Math.abs(items.find((d) => d.name === name)!.symbolSize - fixture.diameter[i]!)).toBeLessThan(0.006));
  });

  it('says what to fix, in Chinese', () => {
    expect(() => run(table, { ...base, size: '' })).toThrow('请选择横轴、纵轴和气泡大小三个变量');
    expect(() => run(table, { ...base, size: '人均GDP万元' })).toThrow('三个不同的变量');
    const neg: DataTable = { ...table, numeric: (n) => (n === '常住人口百万' ? table.numeric(n).map((v) => (v === null ? null : v - 50)) : table.numeric(n)) };
    expect(() => run(neg, base)).toThrow('气泡面积不能为负');
  });

  it('draws a seeded sample of a large file and says so', () => {
    const n = 100_000;
    const big: DataTable = {
      rows: n,
      variables: ['a', 'b', 'c'].map((name) => ({ name, type: 'numeric' as const, valid: n, missing: 0, distinct: n, min: null, max: null, mean: null, levels: [] })),
      numeric: (name) => Array.from({ length: n }, (_, i) => (name === 'a' ? i % 997 : name === 'b' ? (i * 31) % 1009 : (i % 50) + 1)),
      text: () => Array(n).fill(null),
    };
    const out = run(big, { x: 'a', y: 'b', size: 'c' });
    expect(out.results.n).toBe(n);
    expect((out.sections[0]!.blocks[0] as { option: { series: Array<{ data: unknown[] }> } }).option.series[0]!.data).toHaveLength(MAX_MARKS);
    expect(JSON.stringify(out.sections)).toContain(`按固定种子随机抽取 ${MAX_MARKS} 个气泡`);
    expect(JSON.stringify(out).length).toBeLessThan(400_000);
  });
});
