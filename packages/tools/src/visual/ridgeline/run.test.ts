import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'ridgeline')!.file);
// Reference values: fixture.R in this folder (bw.nrd0, median by group).
const R = JSON.parse(readFileSync(new URL('./fixture.json', import.meta.url), 'utf8'));

describe('山脊图 against R', () => {
  it('estimates each group with bw.nrd0 and stacks the ridges', () => {
    const out = run(table, { y: '收缩压', group: '年龄组', adjust: 1, overlap: 1.5 });
    R.groups.forEach((g: string, i: number) => {
      expect(Math.abs((out.results[`bandwidth.${g}`] as number) - R.bw[i])).toBeLessThan(1e-9 * R.bw[i]);
      expect(out.results[`median.${g}`]).toBe(R.median[i]);
      expect(out.results[`n.${g}`]).toBe(R.n[i]);
    });
    const series = (out.sections[0]!.blocks[0] as { option: { series: Array<{ data: number[][]; areaStyle?: unknown }> } }).option.series;
    expect(series).toHaveLength(2 * R.groups.length);
    // The tallest ridge reaches exactly `overlap` rows.
    expect(Math.max(...series.filter((s) => s.areaStyle).flatMap((s) => s.data.map((p) => p[1]!)))).toBeCloseTo(1.5, 5);
  });

  it('explains bad input in Chinese', () => {
    expect(() => run(table, { y: '收缩压', group: '' })).toThrow('请选择');
    expect(() => run(table, { y: '收缩压', group: '年龄组', overlap: 9 })).toThrow('0.5~3');
  });
});
