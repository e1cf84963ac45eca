// Propensity scores against fixtures/make-propensity.R (MatchIt 4.5.1 with its two platform/replace
// bugs worked around as the script explains; glm run to 1e-14; IPTW weights written out in R).
// Tolerances: the PS and its logit come from IRLS to 1e-12 against R's glm to 1e-14, agreeing to
// about 1e-10 relative; balance statistics are smooth functions of them and of the data (1e-8).
// Matched sets, subclasses and counts must be identical.
import { describe, expect, it } from 'vitest';
import type { Predictor } from '../regression/design.js';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { balanceStatistics, iptwWeights, nearestNeighborMatch, propensityScore } from './propensity.js';

const F = fixture('propensity');
const D = F.data;
const t: number[] = D.treat;
const num = (name: string, values: number[]): Predictor => ({ name, values, type: 'numeric' });
const cat = (name: string, values: string[]): Predictor => ({ name, values, type: 'categorical' });
const fullPredictors = [num('age', D.age), cat('sex', D.sex), num('bmi', D.bmi), cat('dm', D.dm), cat('htn', D.htn), num('ldl', D.ldl), cat('smoke', D.smoke)];
const tiePredictors = [cat('sex', D.sex), cat('dm', D.dm)];

/** MatchIt's covariate matrix (get.covs.matrix): numeric columns, and every level of a factor as 0/1. */
function covariateColumns(preds: Predictor[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const p of preds) {
    const v = Array.from(p.values as ArrayLike<number | string>);
    if (p.type === 'numeric') out.set(p.name, v as number[]);
    else for (const l of [...new Set(v.map(String))].sort()) out.set(`${p.name}${l}`, v.map((x) => (String(x) === l ? 1 : 0)));
  }
  return out;
}

function sameBalance(cols: Map<string, number[]>, distance: number[], weights: number[] | null, denom: 'treated' | 'pooled', r: any, label: string) {
  r.names.forEach((name: string, k: number) => {
    const x = name === 'distance' ? distance : cols.get(name);
    expect(x, `${label} ${name}`).toBeDefined();
    const b = balanceStatistics(x!, t, weights, denom);
    const near = (got: number, want: number | null, what: string) => {
      if (want === null) expect(Number.isNaN(got), `${label} ${name} ${what} is NA in R`).toBe(true);
      else expectClose(got, want, 1e-8, `${label} ${name} ${what}`, 1e-12);
    };
    near(b.meanTreated, r.meanTreated[k], 'mean treated');
    near(b.meanControl, r.meanControl[k], 'mean control');
    near(b.smd, r.smd[k], 'SMD');
    near(b.varRatio, r.varRatio[k], 'variance ratio');
    near(b.ecdfMean, r.ecdfMean[k], 'eCDF mean');
    near(b.ecdfMax, r.ecdfMax[k], 'eCDF max');
  });
}

describe('propensityScore', () => {
  const ps = propensityScore({ treatment: t, predictors: fullPredictors });
  it('is the logistic regression of the treatment on the covariates (R glm)', () => {
    const names = ps.coefficients.map((c) => c.term);
    for (const [k, v] of Object.entries(F.coef as Record<string, number>)) expectClose(ps.coefficients[names.indexOf(k)]!.estimate, v, 1e-9, k);
    F.psm[0].ps.forEach((p: number, i: number) => expectClose(ps.ps[i]!, p, 1e-9, `ps ${i}`));
    F.psm[1].distance.forEach((p: number, i: number) => expectClose(ps.logit[i]!, p, 1e-9, `logit ${i}`));
    expect(ps.n).toBe(t.length);
    expect(ps.treated).toBe(t.filter((v) => v === 1).length);
    expect(ps.auc).toBeGreaterThan(0.5);
  });

  it('refuses a treatment that is not 0/1, one group only, and missing covariates', () => {
    expect(() => propensityScore({ treatment: [0, 1, 2], predictors: [num('x', [1, 2, 3])] })).toThrow(/0\/1/);
    expect(() => propensityScore({ treatment: [1, 1, 1], predictors: [num('x', [1, 2, 3])] })).toThrow(/都必须/);
    expect(() => propensityScore({ treatment: [0, 1, 0, 1], predictors: [num('x', [1, NaN, 3, 4])] })).toThrow(/缺失/);
  });

  it('reports separation (no overlap of the groups) as SEPARATION', () => {
    expect(() => propensityScore({ treatment: [0, 0, 0, 0, 1, 1, 1, 1], predictors: [num('x', [1, 2, 3, 4, 5, 6, 7, 8])] })).toThrow(expect.objectContaining({ code: 'SEPARATION' }));
  });
});

describe('nearestNeighborMatch (MatchIt matchit(method = "nearest"))', () => {
  const full = propensityScore({ treatment: t, predictors: fullPredictors });
  const ties = propensityScore({ treatment: t, predictors: tiePredictors });
  for (const c of F.psm) {
    it(c.label, () => {
      const isTies = c.formula.includes('treat ~ sex + dm');
      const ps = isTies ? ties : full;
      const distance = c.link === 'linear.logit' ? ps.logit : ps.ps;
      const exact = c.exact ? t.map((_, i) => (c.exact as string[]).map((v) => D[v][i]).join('|')) : null;
      const m = nearestNeighborMatch({ treatment: t, distance, ratio: c.ratio, replace: c.replace, caliper: c.caliper ?? null, exact });
      expect(m.treated.map((i) => i + 1)).toEqual(c.treatedRows);
      const got = m.matches.map((r) => r.map((i) => i + 1));
      const want = c.matches.map((r: number | number[]) => (Array.isArray(r) ? r : [r]));
      expect(got).toEqual(want);
      if (c.caliperWidth === null) expect(m.caliperWidth).toBeNull();
      else expectClose(m.caliperWidth!, c.caliperWidth, 1e-9, 'caliper');
      m.weights.forEach((w, i) => expectClose(w, c.weights[i], 1e-12, `weight ${i}`, 1e-14));
      if (c.subclass === null) expect(m.subclass.every((s) => s === null)).toBe(true);
      else expect(m.subclass).toEqual(c.subclass);
      expect([...m.matched]).toEqual(c.nMatched);
      expect([...m.unmatched]).toEqual(c.nUnmatched);
      expectClose(m.ess[0], c.essMatched[0], 1e-12, 'ESS controls');
      const cols = covariateColumns(isTies ? tiePredictors : fullPredictors);
      sameBalance(cols, distance, null, 'treated', c.sumAll, `${c.label} before`);
      sameBalance(cols, distance, m.weights, 'treated', c.sumMatched, `${c.label} after`);
    });
  }

  it('gives the same matches run to run and refuses bad options', () => {
    const a = nearestNeighborMatch({ treatment: t, distance: full.logit, caliper: 0.2 });
    const b = nearestNeighborMatch({ treatment: t, distance: full.logit, caliper: 0.2 });
    expect(a).toEqual(b);
    expect(() => nearestNeighborMatch({ treatment: t, distance: full.logit, ratio: 0 })).toThrow(/正整数/);
    expect(() => nearestNeighborMatch({ treatment: t, distance: full.logit, caliper: -1 })).toThrow(/卡钳/);
  });

  it('matches nobody when every control is beyond the caliper', () => {
    const m = nearestNeighborMatch({ treatment: [0, 0, 1, 1], distance: [0.1, 0.2, 0.8, 0.9], caliper: 0.1 });
    expect(m.matched).toEqual([0, 0]);
    expect(m.matches).toEqual([[], []]);
  });
});

describe('iptwWeights and weighted balance', () => {
  const ps = propensityScore({ treatment: t, predictors: fullPredictors });
  const cols = covariateColumns(fullPredictors);
  for (const c of F.iptw) {
    it(c.label, () => {
      const w = iptwWeights({ treatment: t, ps: ps.ps, estimand: c.estimand, stabilize: c.stabilize, truncate: c.truncate ?? null });
      w.weights.forEach((v, i) => expectClose(v, c.weights[i], 1e-8, `weight ${i}`));
      expectClose(w.ess[0], c.ess[0], 1e-8, 'ESS controls');
      expectClose(w.ess[1], c.ess[1], 1e-8, 'ESS treated');
      const denom = c.estimand === 'ATE' ? 'pooled' : 'treated';
      sameBalance(cols, ps.ps, null, denom, c.sumAll, `${c.label} before`);
      sameBalance(cols, ps.ps, w.weights, denom, c.sumWeighted, `${c.label} weighted`);
    });
  }

  it('refuses stabilised ATT weights, a PS of 0 or 1 and a bad percentile', () => {
    expect(() => iptwWeights({ treatment: [0, 1], ps: [0.3, 0.6], estimand: 'ATT', stabilize: true })).toThrow(/ATE/);
    expect(() => iptwWeights({ treatment: [0, 1], ps: [0, 0.6] })).toThrow(/0 与 1/);
    expect(() => iptwWeights({ treatment: [0, 1], ps: [0.3, 0.6], truncate: 0.3 })).toThrow(/百分位/);
  });
});
