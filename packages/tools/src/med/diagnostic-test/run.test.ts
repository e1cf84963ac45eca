import type { VariableInfo } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable } from '../../tool.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'diagnostic-markers')!.file);
// Reference values: reference/diagnostic.R (epiR 2.0.57 epi.tests, binom.test, prop.test), printed to 15
// significant digits; relative tolerance 1e-9 throughout.
const REL = 1e-9;
const close = (a: unknown, b: number, rel = REL) => expect(Math.abs((a as number) - b), `${String(a)} vs ${b}`).toBeLessThanOrEqual(rel * Math.abs(b));
const params = { test: 'S100B检测结果', testPositive: '阳性', gold: '预后', goldPositive: '不良', ciMethod: 'clopper-pearson', usePrevalence: false, prevalence: 0.1, level: 0.95 };

/** A table of text columns, for 2×2 tables the example does not have. */
function textTable(columns: Record<string, Array<string | null>>): DataTable {
  const names = Object.keys(columns);
  const rows = columns[names[0]!]!.length;
  const variables = names.map((name) => ({ name, type: 'categorical', valid: rows, missing: 0, distinct: 2, min: null, max: null, mean: null, levels: [] })) as unknown as VariableInfo[];
  return { rows, variables, text: (n) => columns[n]!, numeric: (n) => columns[n]!.map(() => null) };
}
/** Rows of a 2×2 table as raw columns: tp, fp, fn, tn. */
function rawTable(tp: number, fp: number, fn: number, tn: number): DataTable {
  const rep = (v: string, k: number) => Array<string>(k).fill(v);
  return textTable({
    试验: [...rep('+', tp), ...rep('+', fp), ...rep('-', fn), ...rep('-', tn)],
    病理诊断: [...rep('恶性', tp), ...rep('良性', fp), ...rep('恶性', fn), ...rep('良性', tn)],
  });
}
function noNaN(out: ReturnType<typeof run>) {
  for (const [k, v] of Object.entries(out.results)) if (typeof v === 'number') expect(Number.isFinite(v), k).toBe(true);
  expect(JSON.stringify(out)).not.toMatch(/NaN|Infinity/);
}

describe('诊断试验评价 on the example, against epiR::epi.tests', () => {
  it('the 2×2 table and every measure with its exact CI', () => {
    const r = run(table, params).results;
    expect([r.tp, r.fp, r.fn, r.tn, r.n, r.excluded]).toEqual([26, 14, 15, 58, 113, 0]);
    const want: Record<string, number[]> = {
      sensitivity: [0.634146341463415, 0.469362548032833, 0.778772137938935],
      specificity: [0.805555555555556, 0.695331066701317, 0.88941621332151],
      ppv: [0.65, 0.483155546351009, 0.793717509129233],
      npv: [0.794520547945205, 0.683838400802959, 0.880186901664564],
      accuracy: [0.743362831858407, 0.652648285360584, 0.820906196555644],
      prevalence: [0.36283185840708, 0.274459859876848, 0.45858503707892],
      lrPositive: [3.261324041811847, 1.930236320581779, 5.510327617550046],
      lrNegative: [0.454163162321278, 0.298804668769816, 0.690297708060779],
      youden: [0.43970189701897, 0.16469361473415, 0.668188351260445],
      dor: [7.180952380952381, 3.03013338037303, 17.017758172466174],
    };
    for (const [k, [est, lo, hi]] of Object.entries(want)) {
      close(r[k], est!);
      close(r[`${k}Lower`], lo!, REL);
      close(r[`${k}Upper`], hi!, REL);
    }
  });

  it('Wilson intervals (epi.tests method = "wilson", prop.test correct = FALSE)', () => {
    const r = run(table, { ...params, ciMethod: 'wilson' }).results;
    const want: Record<string, number[]> = {
      sensitivity: [0.48120701087912, 0.764101689803106],
      specificity: [0.699672410541115, 0.880485206205494],
      ppv: [0.495058808372577, 0.778654711268237],
      npv: [0.688263469848586, 0.871330278889818],
      accuracy: [0.655761320031388, 0.814962005020583],
      youden: [0.180879421420235, 0.6445868960086],
    };
    for (const [k, [lo, hi]] of Object.entries(want)) {
      close(r[`${k}Lower`], lo!);
      close(r[`${k}Upper`], hi!);
    }
  });

  it('PPV and NPV at a given prevalence (Bayes, logit interval from the LR interval)', () => {
    const out = run(table, { ...params, testPositive: '', goldPositive: '', usePrevalence: true, prevalence: 0.1 });
    const r = out.results;
    expect([r.testPositive, r.goldPositive]).toEqual(['阳性', '不良']);
    close(r.ppvAtPrevalence, 0.265984654731458);
    close(r.ppvAtPrevalenceLower, 0.176596028115798);
    close(r.ppvAtPrevalenceUpper, 0.379752116064242);
    close(r.npvAtPrevalence, 0.951961569255404);
    close(r.npvAtPrevalenceLower, 0.928764035032013);
    close(r.npvAtPrevalenceUpper, 0.967866335576081);
    expect(JSON.stringify(out.sections)).toContain('患病率为 10.0% 时的预测值');
  });

  it('drops rows with a missing test or gold standard and says how many', () => {
    const t = table.text('S100B检测结果').map((v, i) => (i < 5 ? null : v));
    const g = table.text('预后');
    const out = run(textTable({ S100B检测结果: t, 预后: g }), params);
    expect(out.results.excluded).toBe(5);
    expect(out.results.n).toBe(108);
    expect(JSON.stringify(out.sections[0])).toContain('5 行因试验结果或金标准缺失未纳入分析');
  });
});

describe('诊断试验评价 with zero cells', () => {
  it('no false positives: specificity 1 with its exact CI, LR+ infinite and said so, no NaN', () => {
    const out = run(rawTable(8, 0, 4, 20), { ...params, test: '试验', gold: '病理诊断', testPositive: '', goldPositive: '', usePrevalence: true });
    const r = out.results;
    expect([r.testPositive, r.goldPositive, r.tp, r.fp, r.fn, r.tn]).toEqual(['+', '恶性', 8, 0, 4, 20]);
    expect(r.specificity).toBe(1);
    close(r.specificityLower, 0.831566529016915);
    expect(r.specificityUpper).toBe(1);
    expect(r.ppv).toBe(1);
    close(r.ppvLower, 0.630583352447181);
    close(r.sensitivityLower, 0.348875506418814);
    close(r.sensitivityUpper, 0.900753908850417);
    expect(r.lrPositive).toBeNull();
    expect(r.dor).toBeNull();
    close(r.lrNegative, 0.333333333333333);
    close(r.lrNegativeLower, 0.149753565179511);
    close(r.lrNegativeUpper, 0.741959705452896);
    close(r.youdenLower, 0.180442035435729);
    close(r.youdenUpper, 0.900753908850417);
    // With no false positives a positive result is always right, at any prevalence.
    expect(r.ppvAtPrevalence).toBe(1);
    expect(r.ppvAtPrevalenceLower).toBeNull();
    noNaN(out);
    const text = JSON.stringify(out.sections);
    expect(text).toContain('无假阳性（b = 0），估计值为无穷大');
    expect(text).toContain('∞');
  });

  it('a test that is never positive: PPV and LR+ not estimable, reported as such', () => {
    const out = run(rawTable(0, 0, 6, 14), { ...params, test: '试验', gold: '病理诊断', testPositive: '+', goldPositive: '恶性', usePrevalence: true });
    const r = out.results;
    expect([r.sensitivity, r.specificity, r.ppv, r.lrPositive, r.lrNegative]).toEqual([0, 1, null, null, 1]);
    noNaN(out);
    expect(JSON.stringify(out.sections)).toContain('阳性预测值：没有试验阳性者，无法计算');
  });
});

describe('诊断试验评价 refuses bad input with a message naming the column', () => {
  it('a continuous test', () => {
    expect(() => run(table, { ...params, test: 'S100B蛋白', testPositive: '' })).toThrow('试验结果“S100B蛋白”有');
  });
  it('a gold standard with one class', () => {
    const g = table.text('预后').map(() => '不良');
    expect(() => run(textTable({ S100B检测结果: table.text('S100B检测结果'), 预后: g }), params)).toThrow('金标准“预后”在分析的行中只有一个取值');
  });
  it('a gold standard with more than two classes', () => {
    expect(() => run(table, { ...params, gold: 'GOS评分', goldPositive: '' })).toThrow('金标准“GOS评分”应为二分类变量');
  });
  it('a positive value that is not in the column', () => {
    expect(() => run(table, { ...params, testPositive: '+' })).toThrow('试验结果“S100B检测结果”中没有取值“+”');
  });
  it('the same column twice', () => {
    expect(() => run(table, { ...params, gold: 'S100B检测结果' })).toThrow('不能是同一列');
  });
});
