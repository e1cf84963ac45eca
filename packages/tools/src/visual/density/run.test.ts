import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { kde } from '../shared/kde.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'density')!.file);
// Reference values: fixture.R in this folder (bw.nrd0, the exact Gaussian kernel sum, density()).
const R = JSON.parse(readFileSync(new URL('./fixture.json', import.meta.url), 'utf8'));
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.max(1e-12, Math.abs(b)));

describe('密度图 against R', () => {
  it('uses bw.nrd0 × adjust and draws the kernel sums R computes', () => {
    const out = run(table, { x: '空腹血糖', group: '组别', adjust: 1.5, rug: true });
    R.groups.forEach((g: string, i: number) => close(out.results[`bandwidth.${g}`], R.bw[i] * 1.5));
    const series = (out.sections[0]!.blocks[0] as { option: { series: Array<{ type: string; name: string; data: number[][] }> } }).option.series;
    R.groups.forEach((g: string, i: number) => {
      const s = series.find((x) => x.type === 'line' && x.name === g)!;
      [50, 100, 150].forEach((j, k) => close(s.data[j]![1], R.dens[i][k], 1e-5));
    });
    expect(series.filter((s) => s.type === 'lines')).toHaveLength(R.groups.length);
  });

  it('agrees with R’s binned density() to about 1e-3', () => {
    const v = table.numeric('空腹血糖').filter((x, i): x is number => x !== null && table.text('组别')[i] === R.groups[0]);
    const out = run(table, { x: '空腹血糖', group: '组别', adjust: 1, rug: false });
    const [y] = kde(v, out.results[`bandwidth.${R.groups[0]}`] as number, [R.rdens[0]]);
    close(y, R.rdens[1], 2e-3);
  });

  it('explains bad input in Chinese', () => {
    expect(() => run(table, { x: '' })).toThrow('请选择');
    expect(() => run(table, { x: '空腹血糖', adjust: 9 })).toThrow('0.2~5');
    expect(() => run(table, { x: '组别' })).toThrow();
  });
});
