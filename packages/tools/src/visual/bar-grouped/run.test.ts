import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'bar-grouped')!.file);
// Reference values: fixture.R in this folder (table, prop.table, chisq.test with and without Yates).
const R = JSON.parse(readFileSync(new URL('./fixture.json', import.meta.url), 'utf8'));
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));
type Opt = { series: Array<{ name: string; stack?: string; data: number[] }>; yAxis: { max?: number } };
const chart = (out: ReturnType<typeof run>) => (out.sections[0]!.blocks[0] as unknown as { option: Opt }).option;

describe('分组/堆积柱状图 against R', () => {
  it('gives R’s counts, row percents and chi-square', () => {
    const out = run(table, { x: '病理分期', fill: '疗效', layout: 'stacked', scale: 'percent' });
    R.rows.forEach((x: string, i: number) =>
      R.cols.forEach((f: string, j: number) => {
        expect(out.results[`count.${x}.${f}`]).toBe(R.counts[i][j]);
        close(out.results[`percent.${x}.${f}`], R.percent[i][j]);
      }),
    );
    close(out.results.statistic, R.statistic);
    expect(out.results.df).toBe(R.df);
    close(out.results.p, R.p, 1e-6);
    close(out.results.cramersV, R.cramersV);
    // Stacked percent bars: one series per response, each x category sums to 100.
    const o = chart(out);
    expect(o.series.map((s) => s.name)).toEqual(R.cols);
    expect(o.series.every((s) => s.stack === 'total')).toBe(true);
    R.rows.forEach((_: string, i: number) => expect(Math.abs(o.series.reduce((a, s) => a + s.data[i]!, 0) - 100)).toBeLessThan(0.25));
    expect(o.yAxis.max).toBe(100);
  });

  it('draws grouped counts, follows the given order, and corrects 2×2 tables as R does', () => {
    const out = run(table, { x: '病理分期', fill: '疗效', layout: 'grouped', scale: 'count', xOrder: 'IV期, III期' });
    const o = chart(out);
    expect(o.series.some((s) => s.stack)).toBe(false);
    expect(o.series[0]!.data).toEqual([2, 9, 16, 25]);
    const pd = table.text('疗效').map((v) => (v === null ? null : v === '疾病进展' ? '进展' : '未进展'));
    const t2 = { ...table, text: (n: string) => (n === '疗效' ? pd : table.text(n)) };
    const yates = run(t2, { x: '性别', fill: '疗效' });
    close(yates.results.statistic, R.yatesStatistic);
    close(yates.results.p, R.yatesP, 1e-6);
  });

  it('explains bad input in Chinese', () => {
    expect(() => run(table, { x: '病理分期', fill: '' })).toThrow('请选择');
    expect(() => run(table, { x: '病理分期', fill: '病理分期' })).toThrow('不能是同一列');
    expect(() => run(table, { x: '分期', fill: '疗效' })).toThrow('没有变量');
    expect(() => run(table, { x: '病理分期', fill: '疗效', xOrder: 'V期' })).toThrow('没有取值');
  });
});
