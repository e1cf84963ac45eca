import type { VariableInfo } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { ToolInputError, type DataTable } from '../../tool.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'agreement')!.file);
// Reference values: reference/agreement.R (Bland & Altman 1986/1999 written out; t.test for the
// bias; lm(difference ~ mean) for the proportional bias), printed to 15 significant digits;
// relative tolerance 1e-9.
const REL = 1e-9;
const close = (a: unknown, b: number, rel = REL) => expect(Math.abs((a as number) - b), `${String(a)} vs ${b}`).toBeLessThanOrEqual(rel * Math.abs(b));
const params = { method1: '医师A测量', method2: '软件测量', regression: true, percent: false, level: 0.95 };

function numTable(columns: Record<string, Array<number | string | null>>): DataTable {
  const names = Object.keys(columns);
  const rows = columns[names[0]!]!.length;
  const variables = names.map((name) => ({ name, type: 'numeric', valid: rows, missing: 0, distinct: rows, min: null, max: null, mean: null, levels: [] })) as unknown as VariableInfo[];
  return {
    rows,
    variables,
    text: (n) => columns[n]!.map((v) => (v === null ? null : String(v))),
    numeric: (n) => columns[n]!.map((v) => (v === null || !Number.isFinite(Number(v)) ? null : Number(v))),
  };
}

describe('Bland–Altman on the example, against the formulas in R', () => {
  it('bias, SD, limits of agreement with their CIs, t test, proportional bias', () => {
    const out = run(table, params);
    expect(JSON.stringify(out)).not.toMatch(/NaN|Infinity/);
    const r = out.results;
    expect([r.n, r.excluded, r.outside, r.df]).toEqual([100, 0, 5, 99]);
    const want: Record<string, number> = {
      bias: 0.2473,
      sd: 0.294731019299587,
      biasLower: 0.188818971534741,
      biasUpper: 0.305781028465258,
      loaLower: -0.330362182953971,
      loaUpper: 0.824962182953971,
      loaLowerCiLower: -0.430638487670388,
      loaLowerCiUpper: -0.230085878237553,
      loaUpperCiLower: 0.724685878237553,
      loaUpperCiUpper: 0.925238487670388,
      statistic: 8.39070148054641,
      p: 3.46795236124731e-13,
      intercept: -0.133448804855915,
      interceptP: 0.203758299124418,
      slope: 0.100912737667382,
      slopeSe: 0.0266533901344554,
      slopeP: 0.00026383226475873,
      rSquared: 0.127606657024593,
    };
    for (const [k, v] of Object.entries(want)) close(r[k], v);
    expect(JSON.stringify(out.sections)).toContain('存在比例偏倚');
  });

  it('a 90% level', () => {
    const r = run(table, { ...params, level: 0.9 }).results;
    close(r.biasLower, 0.198363122215109);
    close(r.loaLower, -0.237489386070031);
    close(r.loaUpper, 0.73208938607003);
    close(r.loaLowerCiLower, -0.312770085831463);
    close(r.loaUpperCiUpper, 0.807370085831463);
    expect(r.outside).toBe(11);
  });

  it('percentage differences', () => {
    const out = run(table, { ...params, percent: true });
    const r = out.results;
    const want: Record<string, number> = {
      pctBias: 6.03611462684279,
      pctSd: 8.99671411531866,
      pctBiasLower: 4.25097136122358,
      pctBiasUpper: 7.821257892462,
      pctLoaLower: -11.5971210183849,
      pctLoaUpper: 23.6693502720705,
      pctLoaLowerCiLower: -14.65807214669886,
      pctLoaLowerCiUpper: -8.53616989007098,
      pctLoaUpperCiLower: 20.6083991437566,
      pctLoaUpperCiUpper: 26.7303014003844,
      pctP: 1.22877248002745e-9,
      pctSlope: 1.814578429962687,
      pctSlopeP: 0.0356025315308466,
    };
    for (const [k, v] of Object.entries(want)) close(r[k], v);
    expect(out.sections.filter((s) => s.blocks.some((b) => b.type === 'chart'))).toHaveLength(2);
  });

  it('a missing value is dropped and counted; no proportional bias here', () => {
    const out = run(table, { ...params, method1: '医师B测量', method2: '医师A测量' });
    const r = out.results;
    expect([r.n, r.excluded, r.outside]).toEqual([99, 1, 4]);
    close(r.bias, 0.126767676767677);
    close(r.loaLowerCiLower, -0.743421829420225);
    close(r.loaUpperCiUpper, 0.996957182955578);
    close(r.p, 0.00119904952238002);
    close(r.slopeP, 0.607016184194853);
    expect(JSON.stringify(out.sections)).toContain('未见比例偏倚');
    expect(JSON.stringify(out.sections[0])).toContain('1 行未纳入分析');
    const off = run(table, { ...params, regression: false }).results;
    expect(off.slope).toBeUndefined();
  });
});

describe('Bland–Altman: bad input is refused in Chinese, naming the column', () => {
  const refuses = (t: DataTable, p: Record<string, unknown>, pattern: RegExp) => {
    expect(() => run(t, p as never)).toThrow(ToolInputError);
    expect(() => run(t, p as never)).toThrow(pattern);
  };
  it('the same column twice, a missing choice, a text column', () => {
    refuses(table, { ...params, method2: '医师A测量' }, /同一列“医师A测量”/);
    refuses(table, { ...params, method2: '' }, /请选择/);
    refuses(table, { ...params, method2: '编号' }, /编号.*非数值/);
  });
  it('differences without variation, too few pairs, a zero mean for percentages', () => {
    refuses(numTable({ 甲: [1, 2, 3, 4], 乙: [0.5, 1.5, 2.5, 3.5] }), { ...params, method1: '甲', method2: '乙' }, /甲.*乙.*没有变异/);
    refuses(numTable({ 甲: [1, 2, null], 乙: [1.1, 2.2, 3] }), { ...params, method1: '甲', method2: '乙' }, /只有 2 个/);
    refuses(numTable({ 甲: [1, -1, 3, 4], 乙: [1.2, 1, 2.5, 4.4] }), { ...params, method1: '甲', method2: '乙', percent: true }, /第 2 行的均值为 0/);
  });
});
