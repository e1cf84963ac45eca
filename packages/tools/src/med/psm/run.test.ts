// 倾向性评分匹配 on its example against packages/stats/fixtures/make-propensity.R (MatchIt 4.5.1 with
// its integer-abs and replace bugs worked around, as the script explains): matched counts, caliper
// width, SMDs and variance ratios before/after (1e-8: the PS from IRLS agrees with R's glm to ~1e-10),
// pair numbers of the new data file; then the refusals.
import { describe, expect, it } from 'vitest';
import type { Params } from '../../tool.js';
import { analysedRows, COVARIATES, expectBalance, FIXTURE, table, tableOf } from '../prediction/propensity-test-setup.js';
import { run } from './run.js';

const base: Params = { treatment: '他汀使用', treated: '', ...COVARIATES, ratio: 1, distance: 'logit', caliper: 0.2, replace: false, exact: [] };
const fixtureCase = (label: string) => FIXTURE.psm.find((c: any) => c.label === label);

function sameAsR(params: Params, label: string) {
  const out = run(table, params);
  const c = fixtureCase(label);
  const r = out.results;
  expect([r.matchedControl, r.matchedTreated]).toEqual(c.nMatched);
  expect([r.unmatchedControl, r.unmatchedTreated]).toEqual(c.nUnmatched);
  if (c.caliperWidth === null) expect(r.caliperWidth).toBeNull();
  else expect(Math.abs((r.caliperWidth as number) - c.caliperWidth)).toBeLessThan(1e-9);
  expectBalance(r, c.sumAll, 'Before', `${label} before`);
  expectBalance(r, c.sumMatched, 'After', `${label} after`);
  // The new file: matched rows in data order, their PS, pair number and weight as MatchIt's match.data.
  const rows = analysedRows(table);
  const d = out.derivedData!;
  const want = rows.map((row, j) => ({ row, j })).filter(({ j }) => c.weights[j] > 0);
  expect(d.rows).toEqual(want.map((w) => w.row));
  expect(d.columns.map((col) => col.name)).toEqual(['倾向性评分', '匹配组号', '匹配权重']);
  d.columns[0]!.values.forEach((v, k) => expect(Math.abs((v as number) - c.ps[want[k]!.j])).toBeLessThan(1e-9));
  expect(d.columns[1]!.values).toEqual(want.map(({ j }) => (c.subclass ? c.subclass[j] : null)));
  d.columns[2]!.values.forEach((v, k) => expect(Math.abs((v as number) - c.weights[want[k]!.j])).toBeLessThan(1e-12));
  expect(d.suffix).toBe('_PSM匹配');
  return out;
}

describe('倾向性评分匹配 against MatchIt', () => {
  it('defaults: 1:1 on the logit, caliper 0.2 SD, without replacement', () => {
    const out = sameAsR(base, '1:1 logit, caliper 0.2');
    expect(out.results.excluded).toBe(5);
    expect(out.results.imbalancedAfter).toBe(0);
    const titles = out.sections.flatMap((s) => s.blocks.map((b) => ('title' in b ? b.title : '')));
    expect(titles.some((t) => t.startsWith('图1 Love'))).toBe(true);
    expect(titles.filter((t) => t.includes('倾向性评分的分布')).length).toBe(2);
  });
  it('1:2 matching', () => sameAsR({ ...base, ratio: 2 }, '1:2 logit, caliper 0.2'));
  it('a narrow caliper leaves treated units unmatched', () => {
    const out = sameAsR({ ...base, caliper: 0.02 }, '1:1 logit, caliper 0.02');
    expect(out.sections.at(-1)!.blocks.some((b) => b.type === 'text' && b.markdown.includes('未找到对照'))).toBe(true);
  });
  it('with replacement', () => sameAsR({ ...base, caliper: 0.02, replace: true }, '1:1 logit, replace, caliper 0.02'));
  it('1:2 with replacement', () => sameAsR({ ...base, ratio: 2, caliper: 0.05, replace: true }, '1:2 logit, replace, caliper 0.05'));
  it('on the PS without a caliper', () => sameAsR({ ...base, distance: 'ps', caliper: 0 }, '1:1 PS, no caliper'));
  it('exact matching on two factors', () => sameAsR({ ...base, exact: ['性别', '糖尿病'] }, '1:1 logit, caliper 0.2, exact sex+dm'));
  it('gives the same file run to run', () => {
    expect(run(table, base)).toEqual(run(table, base));
  });
});

describe('倾向性评分匹配 refusals', () => {
  it('asks for the treatment and covariates', () => {
    expect(() => run(table, { ...base, treatment: '' })).toThrow(/处理/);
    expect(() => run(table, { ...base, x: [], factors: [] })).toThrow(/至少选择一个/);
  });
  it('refuses a treatment with more than two values', () => {
    expect(() => run(table, { ...base, treatment: '编号' })).toThrow(/二分类/);
  });
  it('refuses separation: a covariate that predicts treatment perfectly (no overlap)', () => {
    const n = 40;
    const g = Array.from({ length: n }, (_, i) => (i < 20 ? '是' : '否'));
    const t = tableOf({ g, x: Array.from({ length: n }, (_, i) => i), z: Array.from({ length: n }, (_, i) => (i * 7) % 11) });
    expect(() => run(t, { ...base, treatment: 'g', x: ['x', 'z'], factors: [] })).toThrow(/分离|重叠/);
  });
  it('refuses when no treated unit finds a control within the caliper', () => {
    const x = [...Array.from({ length: 20 }, (_, i) => i + 1), ...Array.from({ length: 20 }, (_, i) => i + 15.5)];
    const g = x.map((_, i) => (i < 20 ? '否' : '是'));
    const t = tableOf({ g, x });
    expect(() => run(t, { ...base, treatment: 'g', x: ['x'], factors: [], caliper: 0.01 })).toThrow(/卡钳范围内/);
    expect(run(t, { ...base, treatment: 'g', x: ['x'], factors: [], caliper: 0.2 }).results.matchedTreated).toBeGreaterThan(0);
  });
  it('refuses the treatment as a covariate and a treated value the column does not hold', () => {
    expect(() => run(table, { ...base, factors: ['他汀使用', '性别'] })).toThrow(/不能同时作为协变量/);
    expect(() => run(table, { ...base, treated: '用药' })).toThrow(/没有取值“用药”/);
  });
  it('refuses a ratio that is not a whole number', () => {
    expect(() => run(table, { ...base, ratio: 1.5 })).toThrow(/整数/);
  });
});
