import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'line-errorbar')!.file);
// Reference values: fixture.R in this folder (mean, sd, se, t.test CI per group and week).
const R = JSON.parse(readFileSync(new URL('./fixture.json', import.meta.url), 'utf8'));
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));
type S = { type: string; name?: string; data: unknown[] };
const series = (out: ReturnType<typeof run>) => (out.sections[0]!.blocks[0] as unknown as { option: { series: S[]; xAxis: Array<{ data?: string[] }> } }).option;

describe('折线图（误差线） against R', () => {
  it('gives R’s mean, SD, SE and t interval at each week per group', () => {
    const out = run(table, { time: '随访周', y: '收缩压', group: '组别', error: 'ci', level: 0.9 });
    for (const [k, s] of Object.entries(R.cells) as Array<[string, Record<string, number>]>) {
      expect(out.results[`n.${k}`]).toBe(s.n);
      close(out.results[`mean.${k}`], s.mean!);
      close(out.results[`sd.${k}`], s.sd!);
      close(out.results[`se.${k}`], s.se!);
      close(out.results[`ciLower.${k}`], s.ciLower90!);
      close(out.results[`ciUpper.${k}`], s.ciUpper90!);
    }
    const o = series(out);
    // Weeks in numeric order; per group one line of 4 means and one error-bar series of 4 bars.
    expect(o.xAxis[0]!.data).toEqual(['0', '4', '8', '12']);
    expect(o.series.filter((s) => s.type === 'line').map((s) => s.data.length)).toEqual([4, 4]);
    expect(o.series.filter((s) => s.type === 'lines').map((s) => s.data.length)).toEqual([4, 4]);
  });

  it('summarises all rows per time point without a group', () => {
    const out = run(table, { time: '随访周', y: '收缩压', group: '', error: 'sd' });
    for (const [k, s] of Object.entries(R.ungrouped) as Array<[string, Record<string, number>]>) {
      expect(out.results[`n.${k}`]).toBe(s.n);
      close(out.results[`mean.${k}`], s.mean!);
      close(out.results[`sd.${k}`], s.sd!);
    }
  });

  it('explains bad input in Chinese', () => {
    expect(() => run(table, { time: '', y: '收缩压' })).toThrow('请选择');
    expect(() => run(table, { time: '随访月', y: '收缩压' })).toThrow('没有变量');
    expect(() => run(table, { time: '患者编号', y: '收缩压', group: '组别' })).toThrow('最多 30 个时间点');
    expect(() => run(table, { time: '随访周', y: '收缩压', group: '随访周' })).toThrow('不能与');
  });
});
