import type { VariableInfo } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_FILES } from '../../examples.js';
import { readExampleTable } from '../../test-table.js';
import type { DataTable } from '../../tool.js';
import { run } from './run.js';

const table = readExampleTable(EXAMPLE_FILES.find((e) => e.key === 'paired-diagnosis')!.file);
// Reference values: reference/categorical-paired-strata-trend.R (mcnemar.test, binom.test; the
// discordant-pair OR CI is binom.test's interval mapped by p/(1 − p)); relative tolerance 1e-9.
const REL = 1e-9;
const close = (a: unknown, b: number) => expect(Math.abs((a as number) - b), `${String(a)} vs ${b}`).toBeLessThanOrEqual(REL * Math.abs(b));
const params = { x1: '胃镜活检', x2: '血清学筛查', order: '', method: 'auto', level: 0.95 };

function textTable(columns: Record<string, Array<string | null>>): DataTable {
  const names = Object.keys(columns);
  const rows = columns[names[0]!]!.length;
  const variables = names.map((name) => ({ name, type: 'categorical', valid: rows, missing: 0, distinct: 2, min: null, max: null, mean: null, levels: [] })) as unknown as VariableInfo[];
  return { rows, variables, text: (n) => columns[n]!, numeric: (n) => columns[n]!.map(() => null) };
}
const rep = (v: string, k: number) => Array<string>(k).fill(v);

describe('配对卡方 on the example, against R', () => {
  it('2×2: exact, corrected and uncorrected McNemar, the discordant-pair OR and the paired difference', () => {
    const out = run(table, params);
    const r = out.results;
    expect([r.a, r.b, r.c, r.d, r.n, r.excluded, r.positiveLevel]).toEqual([32, 38, 18, 70, 158, 2, '阳性']);
    close(r.correctedChi2, 6.446428571428571);
    close(r.correctedP, 0.011117560716107);
    close(r.uncorrectedChi2, 7.14285714285714324);
    close(r.uncorrectedP, 0.00752631516645789);
    close(r.exactP, 0.0104548183218922);
    close(r.oddsRatio, 2.11111111111111);
    close(r.ciLower, 1.17563352271767);
    close(r.ciUpper, 3.92964139633678);
    close(r.proportion1, 0.443037974683544);
    close(r.proportion2, 0.316455696202532);
    close(r.difference, 0.126582278481013);
    close(r.differenceLower, 0.035875568869728);
    close(r.differenceUpper, 0.217288988092297);
    // b + c = 56 ≥ 25: the corrected χ² is the headline.
    expect(r.method).toBe('McNemar 卡方检验（连续性校正）');
    close(r.statistic, 6.446428571428571);
    expect(JSON.stringify(out.sections[0])).toContain('2 行因所用变量缺失而未纳入分析');
  });

  it('the chosen method and confidence level', () => {
    const r = run(table, { ...params, method: 'exact', level: 0.9 }).results;
    expect([r.method, r.statistic, r.df]).toEqual(['McNemar 精确检验', null, null]);
    close(r.p, 0.0104548183218922);
    close(r.ciLower, 1.28044179655796);
    close(r.ciUpper, 3.56373604539736);
    expect(run(table, { ...params, method: 'uncorrected' }).results.statistic).toBeCloseTo(7.142857142857143, 12);
  });

  it('k×k: Bowker test of symmetry (mcnemar.test on the 3×3 table)', () => {
    const out = run(table, { ...params, x1: '医师甲分级', x2: '医师乙分级', order: '轻度, 中度, 重度' });
    const r = out.results;
    close(r.statistic, 3.897435897435898);
    expect([r.df, r.excluded, r.categories]).toEqual([3, 1, 3]);
    close(r.p, 0.272754306439132);
    expect(JSON.stringify(out.sections[0])).toContain('"轻度",20,20,2,42');
  });

  it('few discordant pairs: the exact test is the headline; c = 0 gives an infinite OR said so', () => {
    const out = run(textTable({ A: [...rep('+', 10), ...rep('+', 5), ...rep('-', 12)], B: [...rep('+', 10), ...rep('-', 5), ...rep('-', 12)] }), { ...params, x1: 'A', x2: 'B' });
    const r = out.results;
    expect([r.b, r.c, r.method, r.oddsRatio, r.ciUpper]).toEqual([5, 0, 'McNemar 精确检验', null, null]);
    expect(r.p).toBe(0.0625);
    close(r.ciLower, 0.91635585731546);
    expect(JSON.stringify(out)).not.toMatch(/NaN|Infinity/);
    expect(JSON.stringify(out.sections)).toContain('c = 0：比值比为无穷大');
  });
});

describe('配对卡方 refuses bad input with a message naming the column', () => {
  it('no discordant pairs', () => {
    expect(() => run(textTable({ A: ['+', '-', '+'], B: ['+', '-', '+'] }), { ...params, x1: 'A', x2: 'B' })).toThrow('“A”与“B”的结果完全一致');
  });
  it('one category only', () => {
    expect(() => run(textTable({ A: ['+', '+'], B: ['+', '+'] }), { ...params, x1: 'A', x2: 'B' })).toThrow('只有一个取值“+”');
  });
  it('a continuous column', () => {
    expect(() => run(table, { ...params, x1: '年龄' })).toThrow('“年龄”与“血清学筛查”共有');
  });
  it('an order naming a category that is not there', () => {
    expect(() => run(table, { ...params, order: '阳性, 可疑' })).toThrow('没有取值“可疑”');
  });
  it('the same column twice', () => {
    expect(() => run(table, { ...params, x2: '胃镜活检' })).toThrow('不能是同一列');
  });
});
