import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_MARKS } from '../../charts.js';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { qqSummary, run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'qq-pp')!.file);
// Reference values: fixture.R in this folder (qqnorm, qqline's quartile line, car::qqPlot's band, pnorm, shapiro.test).
const R = JSON.parse(readFileSync(new URL('./fixture.json', import.meta.url), 'utf8'));
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b) + 1e-12);
const each = (a: readonly number[], b: readonly number[], rel = 1e-9) => {
  expect(a).toHaveLength(b.length);
  a.forEach((v, i) => close(v, b[i]!, rel));
};
type S = { type: string; name: string; data: number[][] };

describe('Q-Q 图与 P-P 图 against R', () => {
  it('gives qqnorm’s quantiles, qqline, the band, P-P probabilities and Shapiro-Wilk', () => {
    const out = run(table, { x: '住院费用', plot: 'both', band: true });
    const c = R.cost;
    for (const k of ['n', 'mean', 'sd', 'intercept', 'slope']) close(out.results[k], c[k]);
    expect(out.results.outsideBand).toBe(c.outside);
    close(out.results.W, c.W, 1e-6);
    close(out.results.p, c.p, 1e-4);
    const s = qqSummary('x', table.numeric('住院费用').filter((v): v is number => v !== null), 0.95);
    each(s.z, c.theoretical);
    each(s.lower, c.lower);
    each(s.upper, c.upper);
    each(s.fitted, c.fitted);
    each(s.empirical, c.empirical);
    // Two charts: Q-Q with points, line and two band lines; P-P with points and y = x.
    const charts = out.sections[0]!.blocks as unknown as Array<{ option: { series: S[] } }>;
    expect(charts).toHaveLength(2);
    expect(charts[0]!.option.series.map((x) => x.type)).toEqual(['scatter', 'line', 'line', 'line']);
    expect(charts[1]!.option.series.at(-1)!.data).toEqual([[0, 0], [1, 1]]);
  });

  it('works per group, at another level, and with n ≤ 10 (ppoints a = 3/8)', () => {
    const out = run(table, { x: '身高', group: '性别', plot: 'qq', band: true, level: 0.9 });
    for (const [g, r] of Object.entries(R.height) as Array<[string, Record<string, number>]>) {
      for (const k of ['n', 'mean', 'sd', 'intercept', 'slope']) close(out.results[`${k}.${g}`], r[k]!);
      expect(out.results[`outsideBand.${g}`]).toBe(r.outside);
      close(out.results[`p.${g}`], r.p!, 1e-4);
    }
    expect(out.sections[0]!.blocks).toHaveLength(1);
    const s = qqSummary('s', [3.1, 2.4, 5.6, 4.4, 3.9, 2.2, 6.1], 0.95);
    each(s.z, R.small.theoretical);
    each(s.upper, R.small.upper);
    expect(s.outside).toBe(R.small.outside);
  });

  it('thins large data but keeps the statistics on all of it', () => {
    const big = Array.from({ length: 12000 }, (_, i) => Math.exp(Math.sin(i) * 2));
    const t = { rows: big.length, variables: [{ name: 'v', type: 'numeric' }], numeric: () => big, text: () => big.map(String) } as unknown as typeof table;
    const out = run(t, { x: 'v', plot: 'qq' });
    const pts = (out.sections[0]!.blocks[0] as unknown as { option: { series: S[] } }).option.series[0]!.data;
    expect(pts.length).toBeLessThanOrEqual(MAX_MARKS);
    expect(out.results.n).toBe(12000);
    expect(JSON.stringify(out.sections[1])).toContain('均匀取');
  });

  it('explains bad input in Chinese', () => {
    expect(() => run(table, { x: '' })).toThrow('请选择');
    expect(() => run(table, { x: '体重' })).toThrow('没有变量');
    const flat = { ...table, numeric: () => table.numeric('身高').map(() => 1) };
    expect(() => run(flat, { x: '身高' })).toThrow('全部相同');
  });
});
