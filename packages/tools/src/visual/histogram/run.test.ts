import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'histogram')!.file);
// Reference values: fixture.R in this folder (hist(), bw.nrd0, the Gaussian kernel sum, dnorm).
const R = JSON.parse(readFileSync(new URL('./fixture.json', import.meta.url), 'utf8'));
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.max(1, Math.abs(b)));
type Series = { name: string; data: number[][]; areaStyle?: unknown };
const seriesOf = (out: ReturnType<typeof run>) => (out.sections[0]!.blocks[0] as { option: { series: Series[] } }).option.series;

describe('直方图 against R', () => {
  it('cuts the cells hist() cuts (Sturges) and counts each group in them', () => {
    const out = run(table, { x: '总胆固醇', group: '性别', bins: 'sturges', binCount: 10, overlay: 'density' });
    expect(out.results.firstBreak).toBe(R.sturges.breaks[0]);
    expect(out.results.bins).toBe(R.sturges.breaks.length - 1);
    const t = out.sections[1]!.blocks[0] as { rows: Array<Array<number | string>> };
    R.sturges.groups.forEach((_: string, i: number) => expect(t.rows.map((r) => r[1 + 2 * i])).toEqual(R.sturges.counts[i]));
    close(out.results[`bandwidth.${R.sturges.groups[0]}`], R.sturges.bw[0]);
    close(out.results[`bandwidth.${R.sturges.groups[1]}`], R.sturges.bw[1]);
    // The first group's density curve, scaled to counts, at three grid points.
    const curve = seriesOf(out).filter((s) => s.name === R.sturges.groups[0] && !s.areaStyle)[0]!;
    [20, 80, 140].forEach((j, k) => close(curve.data[j]![1], R.sturges.curve[k], 1e-5));
  });

  it('follows Freedman–Diaconis as hist(breaks = "FD") and scales the normal curve', () => {
    const fd = run(table, { x: '总胆固醇', group: '', bins: 'fd', overlay: 'none' });
    const t = fd.sections[1]!.blocks[0] as { rows: Array<Array<number | string>> };
    expect(t.rows.map((r) => r[1])).toEqual(R.fd.counts);
    expect(fd.results.lastBreak).toBe(R.fd.breaks[R.fd.breaks.length - 1]);
    const normal = run(table, { x: '总胆固醇', bins: 'sturges', overlay: 'normal' });
    const curve = seriesOf(normal).find((s) => !s.areaStyle)!;
    close(curve.data[20]![1], R.normal[0], 1e-5);
    close(curve.data[80]![1], R.normal[1], 1e-5);
  });

  it('draws k equal cells when asked and explains bad input in Chinese', () => {
    const out = run(table, { x: '年龄', bins: 'count', binCount: 8, overlay: 'none' });
    expect(out.results.bins).toBe(8);
    expect(() => run(table, { x: '' })).toThrow('请选择');
    expect(() => run(table, { x: '年龄', group: '年龄' })).toThrow('同一个变量');
    expect(() => run(table, { x: '年龄', bins: 'count', binCount: 1 })).toThrow('2~100');
    expect(() => run(table, { x: '体重' })).toThrow('没有变量');
  });
});
