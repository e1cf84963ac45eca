import { describe, expect, it } from 'vitest';
import { StatsError } from '../errors.js';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { eggerTest, leaveOneOut, mantelHaenszel, meanDifference, metaAnalysis, petoOddsRatio, standardisedMeanDifference, subgroupDifference, twoByTwoEffects, type PooledTables } from './meta.js';

const R = fixture('meta');
const REL = 1e-9;
const bcg = { a: R.bcg.tpos as number[], b: R.bcg.tneg as number[], c: R.bcg.cpos as number[], d: R.bcg.cneg as number[] };
const normand = { m1: R.normand.m1, sd1: R.normand.sd1, n1: R.normand.n1, m2: R.normand.m2, sd2: R.normand.sd2, n2: R.normand.n2 };

function expectAll(actual: readonly number[], expected: readonly number[], tol: number, label: string): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((x, i) => expectClose(x, expected[i]!, tol, `${label}[${i}]`));
}

describe('meta-analysis agrees with R (metafor)', () => {
  it('effect sizes: log RR and log OR of 2×2 tables, MD and Hedges g (escalc)', () => {
    const rr = twoByTwoEffects(bcg, 'RR');
    expectAll(rr.yi, R.bcg.yi, REL, 'RR yi');
    expectAll(rr.vi, R.bcg.vi, REL, 'RR vi');
    const or = twoByTwoEffects(bcg, 'OR');
    expectAll(or.yi, R.bcg.orYi, REL, 'OR yi');
    expectAll(or.vi, R.bcg.orVi, REL, 'OR vi');
    const md = meanDifference(normand);
    expectAll(md.yi, R.normand.mdYi, REL, 'MD yi');
    expectAll(md.vi, R.normand.mdVi, REL, 'MD vi');
    const smd = standardisedMeanDifference(normand);
    expectAll(smd.yi, R.normand.smdYi, REL, 'SMD yi');
    expectAll(smd.vi, R.normand.smdVi, REL, 'SMD vi');
  });

  const es = { yi: R.bcg.yi as number[], vi: R.bcg.vi as number[] };
  for (const [method, ref, tol] of [
    ['FE', R.fe, REL],
    ['DL', R.dl, REL],
    ['REML', R.reml, 1e-6],
  ] as const) {
    it(`${method} model: estimate, CI, z, Q, I², H², τ² with Q-profile CI, prediction interval, weights (rma)`, () => {
      const m = metaAnalysis(es, { method });
      expectClose(m.estimate, ref.estimate, tol, 'estimate');
      expectClose(m.se, ref.se, tol, 'se');
      expectClose(m.statistic, ref.z, tol, 'z');
      expectClose(m.pValue, ref.p, tol * 100, 'p');
      expectClose(m.ci[0], ref.lower, tol, 'lower');
      expectClose(m.ci[1], ref.upper, tol, 'upper');
      expectClose(m.predictionInterval[0], ref.piLower, tol, 'PI lower');
      expectClose(m.predictionInterval[1], ref.piUpper, tol, 'PI upper');
      expectClose(m.q, ref.q, REL, 'Q');
      expectClose(m.qPValue, ref.qp, 1e-7, 'Q p');
      expectClose(m.i2, ref.i2, tol, 'I2');
      expectClose(m.h2, ref.h2, tol, 'H2');
      if (method === 'FE') {
        expect(m.tau2).toBe(0);
        expect(m.tau2Ci).toBeNull();
      } else {
        expectClose(m.tau2, ref.tau2, tol, 'tau2');
        expectClose(m.tau2Ci![0], ref.tau2Lower, 1e-6, 'tau2 lower');
        expectClose(m.tau2Ci![1], ref.tau2Upper, 1e-6, 'tau2 upper');
      }
      expectAll(m.studies.map((s) => s.weight), ref.weights, tol, 'weights');
      expect(m.studies.reduce((s, x) => s + x.weight, 0)).toBeCloseTo(100, 10);
    });
  }

  it('Mantel–Haenszel pooled OR (RBG variance) and RR (rma.mh)', () => {
    const or = mantelHaenszel(bcg, 'OR');
    expectClose(or.estimate, R.mhOr.estimate, REL, 'MH OR');
    expectClose(or.se, R.mhOr.se, REL, 'MH OR se');
    const rr = mantelHaenszel(bcg, 'RR');
    expectClose(rr.estimate, R.mhRr.estimate, REL, 'MH RR');
    expectClose(rr.se, R.mhRr.se, REL, 'MH RR se');
  });

  it("Egger's regression test (regtest, model = 'lm')", () => {
    const e = eggerTest(es);
    expectClose(e.statistic, R.egger.t, REL, 't');
    expect(e.df).toBe(R.egger.df);
    expectClose(e.pValue, R.egger.p, REL, 'p');
  });

  it('refuses bad input with a clear message', () => {
    expect(() => metaAnalysis({ yi: [0.1], vi: [0.2] })).toThrow(StatsError);
    expect(() => metaAnalysis({ yi: [0.1, 0.2], vi: [0.2, 0] })).toThrow(/方差必须大于0/);
    expect(() => metaAnalysis({ yi: [0.1, Number.NaN], vi: [0.2, 0.1] })).toThrow(/有限数值/);
    expect(() => eggerTest({ yi: [0.1, 0.2], vi: [0.2, 0.1] })).toThrow(/至少需要3项/);
  });

  it('homogeneous studies give τ² = 0 with a CI starting at 0', () => {
    const m = metaAnalysis({ yi: [0.1, 0.11, 0.09, 0.1], vi: [0.04, 0.05, 0.06, 0.05] }, { method: 'REML' });
    expect(m.tau2).toBe(0);
    expect(m.tau2Ci![0]).toBe(0);
    expect(m.i2).toBe(0);
  });
});

describe('meta-analysis additions agree with R (metafor 3.8): RD, MH with Q and weights, Peto, subgroups, leave-one-out', () => {
  const X = fixture('meta-extra');
  const fixedRef = (m: PooledTables, ref: any, label: string, tol = REL) => {
    expectClose(m.estimate, ref.estimate, tol, `${label} estimate`);
    expectClose(m.se, ref.se, tol, `${label} se`);
    expectClose(m.statistic, ref.z, tol, `${label} z`);
    expectClose(m.pValue, ref.p, tol * 1000, `${label} p`);
    expectClose(m.ci[0], ref.lower, tol, `${label} lower`);
    expectClose(m.ci[1], ref.upper, tol, `${label} upper`);
    expectClose(m.q, ref.q, tol, `${label} Q`);
    expectClose(m.qPValue, ref.qp, 1e-7, `${label} Q p`);
    expectClose(m.i2, ref.i2, tol, `${label} I2`);
    expectClose(m.h2, ref.h2, tol, `${label} H2`);
    expectAll(m.studies.map((s) => s.weight), ref.weights, tol, `${label} weights`);
  };
  for (const name of ['bcg', 'zeros'] as const) {
    const T = X.tables[name];
    const t = { a: T.a, b: T.b, c: T.c, d: T.d };
    it(`${name}: risk difference per study (escalc RD, ½ added to zero-cell studies)`, () => {
      const rd = twoByTwoEffects(t, 'RD');
      expectAll(rd.yi, T.rdYi, REL, 'RD yi');
      expectAll(rd.vi, T.rdVi, REL, 'RD vi');
    });
    it(`${name}: Mantel–Haenszel OR, RR, RD with Q, I², H², weights (rma.mh)`, () => {
      fixedRef(mantelHaenszel(t, 'OR'), T.mhOr, 'MH OR');
      fixedRef(mantelHaenszel(t, 'RR'), T.mhRr, 'MH RR');
      fixedRef(mantelHaenszel(t, 'RD'), T.mhRd, 'MH RD');
    });
    it(`${name}: Peto OR with its Q and weights, per-study Peto log ORs (rma.peto)`, () => {
      const p = petoOddsRatio(t);
      fixedRef(p, T.peto, 'Peto');
      expectAll(p.studies.map((s) => s.yi), T.peto.yi, REL, 'Peto yi');
      expectAll(p.studies.map((s) => s.se ** 2), T.peto.vi, REL, 'Peto vi');
    });
  }

  const es = twoByTwoEffects(bcg, 'RR');
  const alloc = X.alloc as string[];
  for (const method of ['FE', 'DL', 'REML'] as const) {
    const tol = method === 'REML' ? 1e-6 : REL;
    it(`${method}: test for subgroup differences (Q of the subgroup estimates)`, () => {
      const ref = X.subgroup[method];
      const fits = (ref.groups as string[]).map((g) => {
        const idx = alloc.map((a, i) => (a === g ? i : -1)).filter((i) => i >= 0);
        return metaAnalysis({ yi: idx.map((i) => es.yi[i]!), vi: idx.map((i) => es.vi[i]!) }, { method });
      });
      expectAll(fits.map((f) => f.estimate), ref.estimates, tol, 'subgroup estimates');
      expectAll(fits.map((f) => f.se), ref.se, tol, 'subgroup se');
      const d = subgroupDifference(fits);
      expectClose(d.statistic, ref.statistic, tol, 'Q between');
      expect(d.df).toBe(ref.df);
      expectClose(d.pValue, ref.p, tol * 10, 'Q between p');
    });
    it(`${method}: leave-one-out (leave1out)`, () => {
      const ref = X.leave1out[method];
      const l = leaveOneOut(es, { method });
      expectAll(l.map((x) => x.estimate), ref.estimate, tol, 'estimate');
      expectAll(l.map((x) => x.se), ref.se, tol, 'se');
      expectAll(l.map((x) => x.pValue), ref.p, tol * 100, 'p');
      expectAll(l.map((x) => x.ci[0]), ref.lower, tol, 'lower');
      expectAll(l.map((x) => x.ci[1]), ref.upper, tol, 'upper');
      expectAll(l.map((x) => x.q), ref.q, REL, 'Q');
      expectAll(l.map((x) => x.i2), ref.i2, tol, 'I2');
      if (method !== 'FE') expectAll(l.map((x) => x.tau2), ref.tau2, tol, 'tau2');
    });
  }

  it('refuses bad input', () => {
    expect(() => subgroupDifference([{ estimate: 0.1, se: 0.2 }])).toThrow(/至少需要2个亚组/);
    expect(() => leaveOneOut({ yi: [0.1, 0.2], vi: [0.1, 0.1] })).toThrow(/至少需要3项/);
    expect(() => petoOddsRatio({ a: [0, 0], b: [10, 10], c: [0, 0], d: [10, 10] })).toThrow(/Peto合并OR无定义/);
    expect(() => mantelHaenszel({ a: [1], b: [-1], c: [1], d: [1] }, 'OR')).toThrow(/非负数/);
  });
});
