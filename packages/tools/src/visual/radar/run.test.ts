import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import fixture from './r-fixture.json' with { type: 'json' };
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'radar')!.file);
const base = { vars: fixture.vars, group: '组别', scale: 'none', area: true };
const close = (a: unknown, b: number) => expect(Math.abs((a as number) - b)).toBeLessThan(1e-9 * Math.max(1, Math.abs(b)));
type ByGroup = Record<string, number[]>;

// Reference: r-fixture.R (aggregate of the raw, range-scaled and z-scored indicators).
describe('雷达图 against R', () => {
  it('gives R group means, and the means R gets after each scaling', () => {
    for (const scale of ['none', 'range', 'z'] as const) {
      const out = run(table, { ...base, scale });
      expect(out.results.n).toBe(fixture.n);
      const ref = (scale === 'none' ? fixture.mean : fixture[scale]) as ByGroup;
      for (const [g, values] of Object.entries(ref))
        fixture.vars.forEach((v, j) => close(out.results[`${scale === 'none' ? 'mean' : 'scaled'}.${g}.${v}`], values[j]!));
      const series = (out.sections[0]!.blocks[0] as { option: { series: Array<{ data: Array<{ name: string; value: number[] }> }> } }).option.series[0]!;
      for (const d of series.data) d.value.forEach((x, j) => expect(Math.abs(x - ref[d.name]![j]!)).toBeLessThan(1e-4));
    }
  });

  it('prints R SDs in the table', () => {
    const out = run(table, base);
    const t = out.sections[1]!.blocks[0] as { rows: Array<Array<string | number>> };
    const row = t.rows.find((r) => r[0] === '运动康复')!;
    expect(row[2]).toBe(`${fixture.mean['运动康复']![0]!.toFixed(2)} ± ${fixture.sd['运动康复']![0]!.toFixed(2)}`);
  });

  it('draws every spoke on one scale', () => {
    const out = run(table, base);
    const ind = (out.sections[0]!.blocks[0] as { option: { radar: { indicator: Array<{ min: number; max: number }> } } }).option.radar.indicator;
    expect(new Set(ind.map((i) => `${i.min}~${i.max}`)).size).toBe(1);
  });

  it('says what to fix, in Chinese', () => {
    expect(() => run(table, { ...base, vars: ['活力', '生理功能'] })).toThrow('请至少选择 3 个指标');
    expect(() => run(table, { ...base, group: '编号' })).toThrow('最多 8 组');
  });
});
