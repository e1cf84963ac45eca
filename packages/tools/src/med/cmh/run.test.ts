import type { VariableInfo } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable } from '../../tool.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'stratified-case-control')!.file);
// Reference values: reference/categorical-paired-strata-trend.R (mantelhaen.test; Woolf ORs and
// Breslow–Day with Tarone written out in R); relative tolerance 1e-9.
const REL = 1e-9;
const close = (a: unknown, b: number) => expect(Math.abs((a as number) - b), `${String(a)} vs ${b}`).toBeLessThanOrEqual(REL * Math.abs(b));
const params = { exposure: '吸烟', exposureLevel: '', outcome: '组别', outcomeLevel: '', stratum: '年龄组', stratumOrder: '<50岁, 50~64岁, ≥65岁', correct: 'yes', level: 0.95 };

function textTable(columns: Record<string, Array<string | null>>): DataTable {
  const names = Object.keys(columns);
  const rows = columns[names[0]!]!.length;
  const variables = names.map((name) => ({ name, type: 'categorical', valid: rows, missing: 0, distinct: 2, min: null, max: null, mean: null, levels: [] })) as unknown as VariableInfo[];
  return { rows, variables, text: (n) => columns[n]!, numeric: (n) => columns[n]!.map(() => null) };
}

describe('分层卡方 on the example, against R', () => {
  it('CMH χ² with and without correction, MH OR with its CI, stratum and crude ORs, Breslow–Day and Tarone', () => {
    const out = run(table, params);
    const r = out.results;
    expect([r.n, r.excluded, r.strata, r.exposureLevel, r.outcomeLevel]).toEqual([418, 2, 3, '吸烟', '病例']);
    close(r.cmhCorrected, 13.9085950214123);
    close(r.cmhCorrectedP, 1.91918832165629e-4);
    close(r.cmhUncorrected, 14.714358463576);
    close(r.cmhUncorrectedP, 1.25090068934541e-4);
    close(r.statistic, 13.9085950214123);
    close(r.oddsRatio, 2.26339580296934);
    close(r.ciLower, 1.48909281276954);
    close(r.ciUpper, 3.44032320683296);
    close(r.stratum1OddsRatio, 1.519274376417234);
    close(r.stratum2OddsRatio, 2.2578431372549);
    close(r.stratum3OddsRatio, 2.93275862068965);
    close(r.crudeOddsRatio, 2.88430583501006);
    close(r.crudeCiLower, 1.93687858696704);
    close(r.crudeCiUpper, 4.29516863155587);
    close(r.breslowDay, 1.250001697924219);
    close(r.tarone, 1.249893477432701);
    close(r.breslowDayP, 0.535260974102512);
    close(r.taroneP, 0.53528993798898);
    expect(r.breslowDayDf).toBe(2);
    const s = JSON.stringify(out.sections);
    expect(s).toContain('1.52（0.62 ~ 3.73）');
    expect(s).toContain('2 行因所用变量缺失而未纳入分析');
    expect(s).toContain('年龄组可能是混杂因素');
  });

  it('without correction the uncorrected statistic is the headline', () => {
    const r = run(table, { ...params, correct: 'no' }).results;
    close(r.statistic, 14.714358463576);
    close(r.p, 1.25090068934541e-4);
  });
});

describe('分层卡方 refuses bad input with a message naming the column', () => {
  it('a stratum with one subject', () => {
    const t = textTable({ E: ['是', '否', '是', '否', '是'], O: ['阳性', '阴性', '阴性', '阳性', '阳性'], S: ['A', 'A', 'A', 'A', 'B'] });
    expect(() => run(t, { ...params, exposure: 'E', outcome: 'O', stratum: 'S', stratumOrder: '' })).toThrow('分层变量“S”的层 “B” 只有 1 个对象');
  });
  it('one stratum only', () => {
    const t = textTable({ E: ['是', '否', '是', '否'], O: ['阳性', '阴性', '阴性', '阳性'], S: ['A', 'A', 'A', 'A'] });
    expect(() => run(t, { ...params, exposure: 'E', outcome: 'O', stratum: 'S', stratumOrder: '' })).toThrow('分层变量“S”在分析的行中只有一个取值');
  });
  it('an exposure with three classes', () => {
    expect(() => run(table, { ...params, exposure: '年龄组', stratum: '性别', stratumOrder: '' })).toThrow('暴露因素“年龄组”应为二分类变量');
  });
  it('the same column twice', () => {
    expect(() => run(table, { ...params, stratum: '吸烟' })).toThrow('三个不同的列');
  });
});
