import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { estimatedMarginalMeans, type EmmeansResult } from './emmeans.js';
import { factorialAnova } from './factorial.js';

// fixtures/make-anova-emmeans.R: emmeans 1.8 and car on warpbreaks (unbalanced) and mtcars.
const F = fixture('anova-emmeans');
const REL = 1e-9;
// Tukey p-values and intervals go through the studentized range, integrated numerically (as R's
// ptukey/qtukey, which are themselves accurate to about 1e-8 or so); compare to 1e-6.
const TUKEY = 1e-6;

function sameMeans(got: EmmeansResult['means'], r: any, label: string) {
  expect(got.length).toBe(r.estimate.length);
  got.forEach((m, i) => {
    expectClose(m.estimate, r.estimate[i], REL, `${label} emmean ${i}`);
    expectClose(m.se, r.se[i], REL, `${label} SE ${i}`);
    expect(m.df).toBe(r.df[i]);
    expectClose(m.lower, r.lower[i], REL, `${label} lower ${i}`);
    expectClose(m.upper, r.upper[i], REL, `${label} upper ${i}`);
  });
}
function samePairs(got: EmmeansResult['comparisons'], r: any, label: string, rel: number) {
  expect(got.length).toBe(r.estimate.length);
  got.forEach((c, i) => {
    expectClose(c.estimate, r.estimate[i], REL, `${label} estimate ${i}`);
    expectClose(c.se, r.se[i], REL, `${label} SE ${i}`);
    if (r.t) expectClose(c.statistic, r.t[i], REL, `${label} t ${i}`);
    expectClose(c.pValue, r.p[i], rel, `${label} p ${i}`);
    expectClose(c.lower, r.lower[i], rel, `${label} lower ${i}`);
    expectClose(c.upper, r.upper[i], rel, `${label} upper ${i}`);
  });
}

const W = F.warp;
const warp = { y: W.breaks, factors: [{ name: 'wool', values: W.wool }, { name: 'tension', values: W.tension }] };

describe('type III intercept row (car::Anova(type = 3), contr.sum)', () => {
  it('warpbreaks and the ANCOVA', () => {
    const a = factorialAnova({ ...warp, type: 3 });
    expectClose(a.intercept!.ss, W.type3.ss[0], REL, 'SS');
    expectClose(a.intercept!.statistic, W.type3.F[0], REL, 'F');
    expectClose(a.intercept!.pValue, W.type3.p[0], REL, 'p');
    const A = F.ancova;
    const b = factorialAnova({ y: A.mpg, factors: [{ name: 'cyl', values: A.cyl }, { name: 'am', values: A.am }], covariates: [{ name: 'wt', values: A.wt }], type: 3 });
    expect(b.rows.map((r) => r.term)).toEqual(A.type3.terms.slice(1, -1));
    expectClose(b.intercept!.ss, A.type3.ss[0], REL, 'ANCOVA SS');
    expectClose(b.intercept!.pValue, A.type3.p[0], REL, 'ANCOVA p');
    b.rows.forEach((r, i) => expectClose(r.pValue, A.type3.p[i + 1], REL, `ANCOVA ${r.term}`));
    expect(factorialAnova({ ...warp, type: 2 }).intercept).toBeUndefined();
  });
});

describe('estimated marginal means agree with emmeans', () => {
  it('main-effect and cell means with CIs', () => {
    sameMeans(estimatedMarginalMeans(warp, { specs: ['tension'] }).means, W.emmTension, 'tension');
    sameMeans(estimatedMarginalMeans(warp, { specs: ['wool'] }).means, W.emmWool, 'wool');
    const cells = estimatedMarginalMeans(warp, { specs: ['wool', 'tension'] });
    sameMeans(cells.means, W.cells, 'cells');
    expect(cells.means.slice(0, 2).map((m) => m.levels)).toEqual([{ wool: 'A', tension: 'L' }, { wool: 'B', tension: 'L' }]);
    sameMeans(estimatedMarginalMeans(warp, { specs: ['wool', 'tension'], level: 0.9 }).means, W.cells90, 'cells 90%');
  });

  it('pairwise comparisons: Tukey, Bonferroni, none, and within levels of another factor', () => {
    samePairs(estimatedMarginalMeans(warp, { specs: ['tension'], adjust: 'tukey' }).comparisons, W.tensionTukey, 'Tukey', TUKEY);
    samePairs(estimatedMarginalMeans(warp, { specs: ['tension'], adjust: 'tukey', level: 0.9 }).comparisons, W.tensionTukey90, 'Tukey 90%', TUKEY);
    samePairs(estimatedMarginalMeans(warp, { specs: ['tension'], adjust: 'bonferroni' }).comparisons, W.tensionBonferroni, 'Bonferroni', REL);
    samePairs(estimatedMarginalMeans(warp, { specs: ['tension'], adjust: 'none' }).comparisons, W.tensionNone, 'none', REL);
    const by = estimatedMarginalMeans(warp, { specs: ['tension', 'wool'], by: 'wool' }).comparisons;
    samePairs(by.filter((c) => c.by === 'A'), W.tensionByWool.A, 'by A', TUKEY);
    samePairs(by.filter((c) => c.by === 'B'), W.tensionByWool.B, 'by B', TUKEY);
    expect(by[0]!.a).toBe('L');
  });

  it('ANCOVA: covariate at its mean, cyl × am interaction', () => {
    const A = F.ancova;
    const input = { y: A.mpg, factors: [{ name: 'cyl', values: A.cyl, levels: ['4', '6', '8'] }, { name: 'am', values: A.am, levels: ['0', '1'] }], covariates: [{ name: 'wt', values: A.wt }] };
    sameMeans(estimatedMarginalMeans(input, { specs: ['cyl'] }).means, A.emmCyl, 'cyl');
    sameMeans(estimatedMarginalMeans(input, { specs: ['cyl', 'am'] }).means, A.cells, 'cyl:am');
    samePairs(estimatedMarginalMeans(input, { specs: ['cyl'] }).comparisons, A.cylTukey, 'cyl Tukey', TUKEY);
    samePairs(estimatedMarginalMeans(input, { specs: ['cyl'], adjust: 'bonferroni' }).comparisons, A.cylBonferroni, 'cyl Bonferroni', REL);
  });

  it('refuses an unknown factor and a one-level factor', () => {
    expect(() => estimatedMarginalMeans(warp, { specs: ['dose'] })).toThrow('不是模型中的因素');
    expect(() => estimatedMarginalMeans({ y: [1, 2, 3, 4], factors: [{ name: 'g', values: ['a', 'a', 'a', 'a'] }] }, { specs: ['g'] })).toThrow('只有一个水平');
  });
});
