import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { medianCi, run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'dot-errorbar')!.file);
// Reference values: fixture.R in this folder (t.test intervals; median with sort(v)[c(k, n-k+1)], k = qbinom).
const R = JSON.parse(readFileSync(new URL('./fixture.json', import.meta.url), 'utf8'));
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b) + 1e-12);
type Opt = { series: Array<{ type: string; data: unknown[] }>; yAxis: Array<{ type: string; data?: string[] }> | { type: string } };

describe('点图（误差线） against R', () => {
  it('gives R’s means and t intervals, horizontal by default', () => {
    const out = run(table, { y: 'HbA1c降幅', group: '研究中心' });
    for (const [g, r] of Object.entries(R.mean) as Array<[string, Record<string, number>]>) {
      expect(out.results[`n.${g}`]).toBe(r.n);
      close(out.results[`mean.${g}`], r.mean!);
      close(out.results[`ciLower.${g}`], r.lower!);
      close(out.results[`ciUpper.${g}`], r.upper!);
    }
    close(out.results['overall.mean'], R.overallMean.mean);
    close(out.results['overall.ciLower'], R.overallMean.lower);
    const o = (out.sections[0]!.blocks[0] as unknown as { option: Opt }).option;
    expect(Array.isArray(o.yAxis) && o.yAxis[0]!.type).toBe('category');
    expect(o.series.map((s) => s.type)).toEqual(['lines', 'scatter', 'line']);
  });

  it('gives R’s medians with the order-statistic interval and its coverage', () => {
    const out = run(table, { y: 'HbA1c降幅', group: '研究中心', center: 'median', level: 0.9, horizontal: false, order: 'value', overall: false });
    for (const [g, r] of Object.entries(R.median) as Array<[string, Record<string, number>]>) {
      close(out.results[`median.${g}`], r.median!);
      close(out.results[`ciLower.${g}`], r.lower!);
      close(out.results[`ciUpper.${g}`], r.upper!);
      close(out.results[`coverage.${g}`], r.coverage!, 1e-9);
    }
    close(out.results['overall.median'], R.overallMedian.median);
    const o = (out.sections[0]!.blocks[0] as unknown as { option: Opt & { xAxis: Array<{ data: string[] }> } }).option;
    // Sorted by median, largest first.
    const order = Object.entries(R.median as Record<string, { median: number }>).sort((a, b) => b[1].median - a[1].median).map(([g]) => g);
    expect(o.xAxis[0]!.data.map((l) => l.split(' ')[0])).toEqual(order);
    expect(o.series.map((s) => s.type)).toEqual(['lines', 'scatter']);
    const s = medianCi([5.2, 3.1, 4.4, 6.0, 2.9, 3.8, 4.9, 5.5], 0.95);
    close(s.lower, R.small.lower);
    close(s.upper, R.small.upper);
    close(s.coverage, R.small.coverage);
  });

  it('explains bad input in Chinese', () => {
    expect(() => run(table, { y: 'HbA1c降幅', group: '' })).toThrow('请选择');
    expect(() => run(table, { y: '降幅', group: '研究中心' })).toThrow('没有变量');
    const many = { ...table, text: () => table.text('研究中心').map((_, i) => `中心${i}`) };
    expect(() => run(many, { y: 'HbA1c降幅', group: '研究中心' })).toThrow('最多 40 个组');
  });
});
