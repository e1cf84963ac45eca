import type { VariableInfo } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable } from '../../tool.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'dose-response')!.file);
// Reference values: reference/categorical-paired-strata-trend.R (prop.trend.test, prop.test(correct
// = FALSE); Z signed by the weighted regression slope); relative tolerance 1e-9.
const REL = 1e-9;
const close = (a: unknown, b: number) => expect(Math.abs((a as number) - b), `${String(a)} vs ${b}`).toBeLessThanOrEqual(REL * Math.abs(b));
const params = { group: '剂量组', groupOrder: '安慰剂, 低剂量, 中剂量, 高剂量', score: '', outcome: '疗效', positive: '' };

describe('趋势卡方 on the example, against R', () => {
  it('equal-step scores in the given order', () => {
    const out = run(table, params);
    const r = out.results;
    expect([r.n, r.excluded, r.events, r.groups, r.positiveLevel]).toEqual([199, 1, 92, 4, '缓解']);
    close(r.z, 4.79346226362108);
    close(r.statistic, 22.9772804727593);
    close(r.p, 1.6392730592669e-6);
    close(r.slope, 0.151227364185111);
    close(r.overallChi2, 23.0698096426706);
    close(r.overallP, 3.90523416959601e-5);
    close(r.departureChi2, 0.0925291699112307);
    close(r.departureP, 0.9547893058815407);
    expect(JSON.stringify(out.sections[0])).toContain('["安慰剂",1,50,12,"24.0%"');
  });

  it('scores from a numeric column (剂量 0, 5, 10, 20), groups ordered by score', () => {
    const out = run(table, { ...params, groupOrder: '', score: '剂量' });
    const r = out.results;
    close(r.z, 4.76438492491869);
    close(r.statistic, 22.6993637127924);
    close(r.p, 1.89430585731128e-6);
    close(r.slope, 0.022728004600345);
    close(r.departureChi2, 0.370445929878112);
    close(r.departureP, 0.830918997393087);
    expect(JSON.stringify(out.sections[0])).toContain('["高剂量",20,50,35,"70.0%"');
  });

  it('a falling trend gives a negative Z and says so', () => {
    const out = run(table, { ...params, groupOrder: '高剂量, 中剂量, 低剂量, 安慰剂' });
    close(out.results.z, -4.79346226362108);
    expect(JSON.stringify(out.sections)).toContain('升高而降低');
  });
});

function mixedTable(): DataTable {
  const g = ['A', 'A', 'B', 'B'];
  const s = [1, 2, 3, 3];
  const y = ['是', '否', '是', '否'];
  const variables = [
    { name: 'G', type: 'categorical' },
    { name: 'S', type: 'numeric' },
    { name: 'Y', type: 'categorical' },
  ] as unknown as VariableInfo[];
  return { rows: 4, variables, text: (n) => (n === 'G' ? g : n === 'Y' ? y : s.map(String)), numeric: (n) => (n === 'S' ? s : g.map(() => null)) };
}

describe('趋势卡方 refuses bad input with a message naming the column', () => {
  it('a score column that varies within a group', () => {
    expect(() => run(mixedTable(), { group: 'G', score: 'S', outcome: 'Y', positive: '' })).toThrow('评分列“S”在组“A”内取值不同');
  });
  it('one group only', () => {
    expect(() => run(table, { ...params, groupOrder: '' , group: '疗效', outcome: '疗效' })).toThrow('不能是同一列');
    const t = mixedTable();
    const one = { ...t, text: (n: string) => (n === 'G' ? ['A', 'A', 'A', 'A'] : t.text(n)) };
    expect(() => run(one, { group: 'G', score: '', outcome: 'Y', positive: '' })).toThrow('分组变量“G”在分析的行中只有一个取值');
  });
  it('an outcome with more than two classes', () => {
    expect(() => run(table, { ...params, outcome: '剂量组', group: '疗效', groupOrder: '' })).toThrow('结局“剂量组”应为二分类变量');
  });
  it('an outcome without variation', () => {
    const t = mixedTable();
    const flat = { ...t, text: (n: string) => (n === 'Y' ? ['是', '是', '是', '是'] : t.text(n)) };
    expect(() => run(flat, { group: 'G', score: '', outcome: 'Y', positive: '是' })).toThrow('结局“Y”在分析的行中只有一个取值“是”');
  });
});
