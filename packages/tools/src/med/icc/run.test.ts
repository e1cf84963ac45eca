import type { VariableInfo } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import { ToolInputError, type DataTable } from '../../tool.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'agreement')!.file);
// Reference values: reference/agreement.R, psych::ICC(x, lmer = FALSE, alpha) on the example's three
// measurement columns (complete rows), printed to 15 significant digits; relative tolerance 1e-9
// (1e-8 for the CI bounds, which go through F quantiles found by inversion).
const REL = 1e-9;
const close = (a: unknown, b: number, rel = REL) => expect(Math.abs((a as number) - b), `${String(a)} vs ${b}`).toBeLessThanOrEqual(rel * Math.abs(b));
const params = { raters: ['医师A测量', '医师B测量', '软件测量'], model: 'twoway-random', type: 'agreement', unit: 'single', level: 0.95 };

const FORMS = ['ICC1', 'ICC2', 'ICC3', 'ICC1k', 'ICC2k', 'ICC3k'] as const;
const ICC = [0.92079138346496, 0.92156215728889, 0.949274129135323, 0.972125177046799, 0.972411391823801, 0.982499559660621];
const F = [35.8746673182062, 57.1414193361646, 57.1414193361646, 35.8746673182062, 57.1414193361646, 57.1414193361646];
const P = [1.00451380717032e-88, 1.40469859243605e-106, 1.40469859243605e-106, 1.00451380717032e-88, 1.40469859243605e-106, 1.40469859243605e-106];
const LO95 = [0.891665450421063, 0.816849653858203, 0.930060845911555, 0.961077373320521, 0.930458900298455, 0.975546790792715];
const HI95 = [0.943520118676447, 0.959547947779428, 0.964053592723073, 0.980436752978774, 0.986142266760706, 0.987723670958633];
const LO90 = [0.896925255155605, 0.84037423951197, 0.933552768061672, 0.963106564054169, 0.940454779052546, 0.976824281108197];
const HI90 = [0.940310889970111, 0.955011037344983, 0.961977585776149, 0.979279088131061, 0.984539992652870, 0.986996239000591];

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

describe('ICC 组内相关 on the example, against psych::ICC', () => {
  it('all six forms with F tests and 95% CIs; the chosen form is ICC2', () => {
    const out = run(table, params);
    expect(JSON.stringify(out)).not.toMatch(/NaN|Infinity/);
    const r = out.results;
    expect([r.n, r.k, r.excluded, r.form]).toEqual([99, 3, 1, 'ICC2']);
    FORMS.forEach((f, i) => {
      close(r[f], ICC[i]!);
      close(r[`${f}F`], F[i]!);
      close(r[`${f}P`], P[i]!);
      close(r[`${f}Lower`], LO95[i]!, 1e-8);
      close(r[`${f}Upper`], HI95[i]!, 1e-8);
    });
    close(r.icc, ICC[1]!);
    close(r.statistic, F[1]!);
    expect([r.df1, r.df2]).toEqual([98, 196]);
    close(r.ciLower, LO95[1]!, 1e-8);
  });

  it('90% intervals (alpha = 0.1)', () => {
    const r = run(table, { ...params, level: 0.9 }).results;
    FORMS.forEach((f, i) => {
      close(r[`${f}Lower`], LO90[i]!, 1e-8);
      close(r[`${f}Upper`], HI90[i]!, 1e-8);
    });
  });

  it('the form picker: model, type and unit choose the reported form', () => {
    const pick = (model: string, type: string, unit: string) => run(table, { ...params, model, type, unit }).results;
    expect(pick('oneway', 'consistency', 'single').form).toBe('ICC1');
    expect(pick('oneway', 'agreement', 'average').form).toBe('ICC1k');
    expect(pick('twoway-random', 'consistency', 'single').form).toBe('ICC3');
    expect(pick('twoway-mixed', 'agreement', 'average').form).toBe('ICC2k');
    const mixed = pick('twoway-mixed', 'consistency', 'average');
    expect([mixed.form, mixed.df1, mixed.df2]).toEqual(['ICC3k', 98, 196]);
    close(mixed.icc, ICC[5]!);
    expect(JSON.stringify(run(table, { ...params, model: 'oneway', type: 'consistency' }).sections)).toContain('单向随机模型不区分一致性与绝对一致');
  });

  it('says when raters differ systematically (consistency ICC well above agreement)', () => {
    const t = numTable({ 甲: [1, 2, 3, 4, 5, 6], 乙: [3.1, 3.9, 5.2, 6, 7.1, 7.9] });
    const out = run(t, { ...params, raters: ['甲', '乙'] });
    expect(JSON.stringify(out.sections)).toContain('系统差异');
  });
});

describe('ICC 组内相关: bad input is refused in Chinese, naming the column', () => {
  const refuses = (t: DataTable, p: Record<string, unknown>, pattern: RegExp) => {
    expect(() => run(t, p as never)).toThrow(ToolInputError);
    expect(() => run(t, p as never)).toThrow(pattern);
  };
  it('one column, or a column that is not there', () => {
    refuses(table, { ...params, raters: ['医师A测量'] }, /至少选择两列/);
    refuses(table, { ...params, raters: ['医师A测量', '无此列'] }, /无此列/);
  });
  it('text in a measurement column', () => {
    refuses(table, { ...params, raters: ['医师A测量', '编号'] }, /编号.*非数值/);
  });
  it('no variation at all', () => {
    refuses(numTable({ 甲: [5, 5, 5], 乙: [5, 5, 5] }), { ...params, raters: ['甲', '乙'] }, /甲、乙.*没有变异/);
  });
  it('fewer than two complete subjects', () => {
    refuses(numTable({ 甲: [1, null, 3], 乙: [null, 2, null] }), { ...params, raters: ['甲', '乙'] }, /只有 0 个/);
  });
});
