import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { run as runChisq } from '../../med/chisq/run.js';
import { readExampleTable } from '../../test-table.js';
import { columnsTable, countsTable, decision } from '../test-data.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'hypertension-trial')!.file);
const close = (a: unknown, b: number, rel = 1e-9) => expect(Math.abs((a as number) - b)).toBeLessThanOrEqual(rel * Math.abs(b));
const params = { row: 'r', col: 'c' };
/** The results the flow shares with the 卡方检验 tool whatever it chooses. */
const SHARED = ['pearsonChi2', 'pearsonP', 'yatesChi2', 'yatesP', 'fisherP', 'cramersV', 'n'];
function sameAsChisq(data: Parameters<typeof run>[0], p: Record<string, string>, out: ReturnType<typeof run>) {
  const direct = runChisq(data, { ...p, correct: 'no' }).results;
  for (const k of SHARED) expect(out.results[k], k).toBe(direct[k]);
}

// Reference values: packages/tools/reference/small-process.R (chisq.test, fisher.test).
describe('两分类变量关联 flow (textbook rule), against R and the 卡方检验 tool', () => {
  it('example 组别 × 疗效: 2×2, n = 120, all T ≥ 5 → Pearson χ²', () => {
    const p = { row: '组别', col: '疗效' };
    const out = run(table, p);
    expect(out.results.chosenTest).toBe('pearson-chisq');
    expect(decision(out).chosenNode).toBe('pearson');
    expect(out.results.minExpected).toBe(20);
    close(out.results.statistic, 29.400000000000002);
    expect(out.results.df).toBe(1);
    close(out.results.p, 5.8877642745172766e-8);
    sameAsChisq(table, p, out);
  });
  it('2×2, n = 48, one T between 1 and 5 → continuity-corrected χ²', () => {
    const data = countsTable([[30, 2], [10, 6]]);
    const out = run(data, params);
    expect(out.results.chosenTest).toBe('yates-chisq');
    expect(decision(out).chosenNode).toBe('yates');
    close(out.results.minExpected, 2.6666666666666665);
    expect(out.results.lowExpectedCells).toBe(1);
    close(out.results.statistic, 5.4187500000000002);
    close(out.results.p, 0.019921617438422433);
    close(out.results.pearsonP, 0.0061698993205441515);
    sameAsChisq(data, params, out);
  });
  it('2×2, n = 20 < 40 → Fisher exact, even though the 卡方检验 tool would read Yates', () => {
    const data = countsTable([[8, 2], [3, 7]]);
    const out = run(data, params);
    expect(out.results.chosenTest).toBe('fisher');
    expect(decision(out).chosenNode).toBe('fisher');
    expect(out.results.statistic).toBeNull();
    close(out.results.p, 0.069778518694927336);
    expect(decision(out).steps).toContain('< 40');
    sameAsChisq(data, params, out);
  });
  it('3×2 with 5 of 6 cells T < 5 → Fisher exact', () => {
    const data = countsTable([[5, 1], [2, 4], [6, 2]]);
    const out = run(data, params);
    expect(out.results.chosenTest).toBe('fisher');
    expect(decision(out).chosenNode).toBe('fisher');
    expect(out.results.lowExpectedCells).toBe(5);
    close(out.results.p, 0.24355005159958418);
    sameAsChisq(data, params, out);
  });
  it('3×2 with all T ≥ 5 → Pearson χ²', () => {
    const data = countsTable([[20, 15], [15, 20], [10, 25]]);
    const out = run(data, params);
    expect(out.results.chosenTest).toBe('pearson-chisq');
    expect(decision(out).chosenNode).toBe('pearsonRC');
    close(out.results.statistic, 5.8333333333333339);
    expect(out.results.df).toBe(2);
    close(out.results.p, 0.054113766222821581);
    sameAsChisq(data, params, out);
  });
  it('refuses one category and the same variable twice, naming the column', () => {
    expect(() => run(columnsTable({ r: ['a', 'a', 'a'], c: ['x', 'y', 'x'] }), params)).toThrow('变量“r”至少需要 2 个类别');
    expect(() => run(table, { row: '组别', col: '组别' })).toThrow('不能相同');
    expect(() => run(columnsTable({ r: ['a', 'b', 'b', 'c'], c: ['x', 'y', 'x', null] }), params)).toThrow('变量“r”的类别“c”');
  });
});

describe('两分类变量关联 flow: order of the categories', () => {
  /** The expected-count table and the 卡方检验 crosstab the flow prints: their row and column labels. */
  const labels = (out: ReturnType<typeof run>) => {
    const tables = out.sections.flatMap((s) => s.blocks).filter((b) => b.type === 'table');
    return tables.slice(0, 2).map((t) => (t.type === 'table' ? { cols: t.columns.slice(1), rows: t.rows.map((r) => r[0]) } : null));
  };
  it('first appearance among complete rows by default; the same order in the expected counts and the crosstab', () => {
    // B appears first, but only where c is missing; among the complete rows A comes first.
    const data = columnsTable({ r: ['B', 'A', 'B', 'A', 'B', 'A'], c: [null, 'y', 'x', 'x', 'y', 'y'] });
    const [expected, cross] = labels(run(data, params));
    expect(expected).toEqual({ cols: ['y', 'x'], rows: ['A', 'B'] });
    expect(cross).toEqual({ cols: ['y', 'x', '合计'], rows: ['A', 'B', '合计'] });
    const [, example] = labels(run(table, { row: '组别', col: '疗效' }));
    expect(example).toEqual({ cols: ['有效', '无效', '合计'], rows: ['试验组', '对照组', '合计'] });
  });
  it('honours a given order; the decision and the statistics do not change', () => {
    const data = countsTable([[5, 1], [2, 4], [6, 2]]);
    const given = { ...params, rowOrder: 'R3, R1', colOrder: 'C2' };
    const out = run(data, given);
    const [expected, cross] = labels(out);
    expect(expected).toEqual({ cols: ['C2', 'C1'], rows: ['R3', 'R1', 'R2'] });
    expect(cross).toEqual({ cols: ['C2', 'C1', '合计'], rows: ['R3', 'R1', 'R2', '合计'] });
    const plain = run(data, params);
    expect(out.results.chosenTest).toBe(plain.results.chosenTest);
    for (const k of ['p', 'pearsonChi2', 'fisherP', 'cramersV', 'minExpected', 'lowExpectedCells']) close(out.results[k], plain.results[k] as number, 1e-12);
    close(out.results.p, 0.24355005159958418);
  });
  it('refuses an unknown category, naming the column', () => {
    expect(() => run(table, { row: '组别', col: '疗效', colOrder: '痊愈' })).toThrow('变量“疗效”中没有取值“痊愈”');
  });
});
