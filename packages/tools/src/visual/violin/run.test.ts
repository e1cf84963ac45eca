import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'violin')!.file);
// Reference values: fixture.R in this folder (quantile type 7, bw.nrd0, boxplot.stats whiskers).
const R = JSON.parse(readFileSync(new URL('./fixture.json', import.meta.url), 'utf8'));
type S = { type: string; name?: string; data: unknown[] };

describe('小提琴图 against R', () => {
  it('summarises each group as R and draws a violin, box and whiskers per group', () => {
    const out = run(table, { y: '术后第3天CRP', group: '术式', box: true, points: true });
    R.groups.forEach((g: string, i: number) => {
      expect(out.results[`q1.${g}`]).toBeCloseTo(R.q[i][1], 10);
      expect(out.results[`median.${g}`]).toBeCloseTo(R.q[i][2], 10);
      expect(out.results[`q3.${g}`]).toBeCloseTo(R.q[i][3], 10);
      expect(Math.abs((out.results[`bandwidth.${g}`] as number) - R.bw[i])).toBeLessThan(1e-9 * R.bw[i]);
    });
    const series = (out.sections[0]!.blocks[0] as { option: { series: S[] } }).option.series;
    expect(series.filter((s) => s.type === 'line')).toHaveLength(2 * R.groups.length);
    const whiskers = series.find((s) => s.name === '须线')!.data as Array<{ coords: number[][] }>;
    R.groups.forEach((_: string, i: number) => expect([whiskers[i]!.coords[0]![1], whiskers[i]!.coords[1]![1]]).toEqual(R.whisker[i]));
  });

  it('leaves out the box and points when asked, and explains bad input in Chinese', () => {
    const out = run(table, { y: '术后住院天数', group: '术式', box: false, points: false });
    expect((out.sections[0]!.blocks[0] as { option: { series: S[] } }).option.series.every((s) => s.type === 'line')).toBe(true);
    expect(() => run(table, { y: '', group: '术式' })).toThrow('请选择');
    expect(() => run(table, { y: '术后住院天数', group: '科室' })).toThrow('没有变量');
  });
});
