import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'pie')!.file);
// Reference values: fixture.R in this folder (table sorted by count, binom.test intervals).
const R = JSON.parse(readFileSync(new URL('./fixture.json', import.meta.url), 'utf8'));
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));
type Pie = { series: Array<{ radius: unknown[]; data: Array<{ name: string; value: number; label: { formatter: string } }> }> };
const pie = (out: ReturnType<typeof run>) => (out.sections[0]!.blocks[0] as unknown as { option: Pie }).option.series[0]!;

describe('饼图/环形图 against R', () => {
  it('gives R’s counts, percents and exact intervals, largest first', () => {
    const out = run(table, { x: '卒中类型', level: 0.9 });
    R.categories.forEach((c: string, i: number) => {
      expect(out.results[`count.${c}`]).toBe(R.count[i]);
      close(out.results[`percent.${c}`], R.percent[i]);
      close(out.results[`ciLower.${c}`], R.ciLower90[i], 1e-6);
      close(out.results[`ciUpper.${c}`], R.ciUpper90[i], 1e-6);
    });
    const s = pie(out);
    expect(s.data.map((d) => d.name)).toEqual(R.categories);
    expect(s.data[0]!.label.formatter).toBe(`${R.categories[0]}\n${R.count[0]}（${R.percent[0].toFixed(1)}%）`);
    expect(s.radius[0]).toBe(0);
  });

  it('keeps the data order and draws a donut when asked', () => {
    const s = pie(run(table, { x: '卒中类型', sort: 'data', donut: true, labels: 'percent' }));
    expect(s.data.map((d) => d.name)).toEqual(R.dataOrder);
    expect(s.radius[0]).toBe('40%');
    expect(s.data[0]!.label.formatter.endsWith('%')).toBe(true);
  });

  it('explains bad input in Chinese', () => {
    expect(() => run(table, { x: '' })).toThrow('请选择');
    expect(() => run(table, { x: '分型' })).toThrow('没有变量');
    expect(() => run(table, { x: '编号' })).toThrow('最多 20 个');
    const one = { ...table, text: () => table.text('性别').map(() => '男') };
    expect(() => run(one, { x: '性别' })).toThrow('只有 1 个类别');
  });
});
