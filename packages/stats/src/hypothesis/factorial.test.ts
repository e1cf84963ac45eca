import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { factorialAnova, type FactorialAnovaResult } from './factorial.js';

const F = fixture('factorial');
const REL = 1e-9;

function same(got: FactorialAnovaResult, r: any, label: string) {
  const terms = r.terms.slice(0, -1);
  expect(got.rows.map((x) => x.term)).toEqual(terms);
  got.rows.forEach((row, i) => {
    expectClose(row.ss, r.ss[i], REL, `${label} ${row.term} SS`);
    expect(row.df, `${label} ${row.term} df`).toBe(r.df[i]);
    expectClose(row.statistic, r.F[i], REL, `${label} ${row.term} F`);
    expectClose(row.pValue, r.p[i], REL, `${label} ${row.term} p`);
  });
  expectClose(got.residual.ss, r.ss[r.ss.length - 1], REL, `${label} residual SS`);
  expect(got.residual.df).toBe(r.df[r.df.length - 1]);
}

const factors = [
  { name: 'wool', values: F.wool },
  { name: 'tension', values: F.tension },
];

describe('factorial ANOVA agrees with R on an unbalanced design (warpbreaks minus 5 rows)', () => {
  it('type I (anova)', () => same(factorialAnova({ y: F.breaks, factors, type: 1 }), F.type1, 'I'));
  it('type II (car::Anova)', () => same(factorialAnova({ y: F.breaks, factors, type: 2 }), F.type2, 'II'));
  it('type III (car::Anova, contr.sum)', () => same(factorialAnova({ y: F.breaks, factors, type: 3 }), F.type3, 'III'));
  it('type III with a factor of 3 levels × 2 (mtcars cyl × am)', () =>
    same(factorialAnova({ y: F.mpg, factors: [{ name: 'cyl', values: F.cyl }, { name: 'am', values: F.am }], type: 3 }), F.cylAm3, 'cyl*am'));
});

describe('ANCOVA agrees with R', () => {
  const input = { y: F.mpg, factors: [{ name: 'cyl', values: F.cyl }], covariates: [{ name: 'wt', values: F.wt }] };
  it('type II', () => same(factorialAnova({ ...input, type: 2 }), F.ancova2, 'ANCOVA II'));
  it('type III', () => same(factorialAnova({ ...input, type: 3 }), F.ancova3, 'ANCOVA III'));
  it('refuses a one-level factor', () => {
    expect(() => factorialAnova({ y: [1, 2, 3], factors: [{ name: 'g', values: ['a', 'a', 'a'] }] })).toThrow('只有一个水平');
  });
});
