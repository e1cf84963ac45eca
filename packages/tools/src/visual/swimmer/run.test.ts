import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { run } from './run.js';
import fixture from './r-fixture.json' with { type: 'json' };

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'io-trial')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));
const params = { id: '患者编号', duration: '治疗时长(月)', group: '组别', response: '缓解时间(月)', progression: '进展时间(月)', death: '死亡时间(月)', ongoing: '仍在治疗', unit: '月' };

// Reference values: r-fixture.R (quantile type 7, counts of the event columns).
describe('泳道图 on the example, against R', () => {
  it('describes the lanes and events as R does', () => {
    const out = run(table, params);
    expect(out.results.n).toBe(fixture.all.n);
    close(out.results.q1Duration, fixture.all.q[0]!);
    close(out.results.medianDuration, fixture.all.q[1]!);
    close(out.results.q3Duration, fixture.all.q[2]!);
    expect(out.results.responders).toBe(fixture.all.responders);
    close(out.results.medianTimeToResponse, fixture.all.ttr);
    for (const [g, s] of Object.entries(fixture.groups)) {
      expect(out.results[`n.${g}`]).toBe(s.n);
      close(out.results[`medianDuration.${g}`], s.q[1]!);
      expect(out.results[`responders.${g}`]).toBe(s.responders);
    }
    expect(out.results.progressions).toBe(fixture.progressions);
    expect(out.results.deaths).toBe(fixture.deaths);
    expect(out.results.ongoing).toBe(fixture.ongoing);
    expect(out.results.respondersWithoutProgression).toBe(fixture.respondersWithoutProgression);
  });

  it('draws the longest lane on top, one marker per event and an arrow per patient on treatment', () => {
    const out = run(table, params);
    const chart = out.sections[0]!.blocks[0]!;
    if (chart.type !== 'chart') throw new Error('chart expected');
    const o = chart.option as { yAxis: { data: string[]; inverse: boolean }; series: Array<{ type: string; name: string; data: unknown[] }> };
    expect(o.yAxis.inverse).toBe(true);
    expect(o.yAxis.data[0]).toBe('P15'); // 25.6 months, the longest
    const marks = (n: string) => o.series.find((s) => s.name === n)!.data.length;
    expect(marks('缓解')).toBe(fixture.all.responders);
    expect(marks('进展')).toBe(fixture.progressions);
    expect(marks('死亡')).toBe(fixture.deaths);
    expect(marks('仍在治疗')).toBe(fixture.ongoing);
    expect(o.series.filter((s) => s.type === 'bar').map((s) => s.name)).toEqual(['单药治疗', '联合治疗']);
  });

  it('leaves an event outside the lane unmarked, with a footnote', () => {
    const bad = { ...table, numeric: (n: string) => (n === '缓解时间(月)' ? table.numeric(n).map((v, i) => (i === 2 ? 99 : v)) : table.numeric(n)) };
    const out = run(bad, params);
    expect(out.results.responders).toBe(fixture.all.responders - 1);
    const t = out.sections[1]!.blocks[0]!;
    expect(t.type === 'table' && t.footnotes.some((f) => f.startsWith('P03：缓解时间 99'))).toBe(true);
  });

  it('refuses bad input in Chinese', () => {
    expect(() => run(table, { id: '患者编号', duration: '' })).toThrow('请选择患者编号和治疗时长两列');
    expect(() => run(table, { ...params, death: '随访' })).toThrow('数据中没有变量“随访”');
  });
});
