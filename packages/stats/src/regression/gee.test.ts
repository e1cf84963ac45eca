import { describe, expect, it } from 'vitest';
import { StatsError } from '../errors.js';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { gee, geeWald, type GeeCorrelation, type GeeFamily } from './gee.js';

interface Case {
  family: GeeFamily;
  corstr: GeeCorrelation;
  names: string[];
  coef: number[];
  robustSe: number[];
  naiveSe: number[];
  wald: number[];
  p: number[];
  scale: number;
  alpha: number | Record<string, never>;
  nClusters: number;
  termWald: { term: string; df: number; statistic: number; p: number };
  qic: [number, number, number, number];
}
const fx = fixture<{ data: Record<string, Array<number | string>>; cases: Case[] }>('gee');
const d = fx.data;
const n = d.id!.length;
const g = d.g as string[];
const columns = [new Array<number>(n).fill(1), d.x as number[], g.map((v) => (v === 'B' ? 1 : 0)), g.map((v) => (v === 'C' ? 1 : 0)), d.z as number[], d.visit as number[]];
const names = ['(Intercept)', 'x', 'gB', 'gC', 'z', 'visit'];
const outcome: Record<GeeFamily, number[]> = { gaussian: d.yg as number[], binomial: d.yb as number[], poisson: d.yp as number[] };

// Tolerance 1e-6 relative: geeglm was run with epsilon 1e-12, ours to 1e-10 on every parameter.
const TOL = 1e-6;

describe('gee (geepack::geeglm)', () => {
  for (const c of fx.cases) {
    it(`${c.family} / ${c.corstr}: coefficients, robust and naive SEs, scale, α, Wald, QIC`, () => {
      const fit = gee({ y: outcome[c.family], columns, names, id: d.id as number[], wave: d.visit as number[] }, { family: c.family, correlation: c.corstr });
      expect(fit.clusters).toBe(c.nClusters);
      expect(fit.coefficients.map((k) => k.term)).toEqual(c.names);
      fit.coefficients.forEach((k, j) => {
        expectClose(k.estimate, c.coef[j]!, TOL, `coef ${k.term}`, 1e-9);
        expectClose(k.se, c.robustSe[j]!, TOL, `robust se ${k.term}`);
        expectClose(k.naiveSe, c.naiveSe[j]!, TOL, `naive se ${k.term}`);
        expectClose(k.statistic, c.wald[j]!, 1e-5, `wald ${k.term}`, 1e-9);
        expectClose(k.pValue, c.p[j]!, 1e-5, `p ${k.term}`, 1e-10); // p near 1e-12 magnifies the last digits of the Wald statistic
      });
      expectClose(fit.scale, c.scale, TOL, 'scale');
      if (c.corstr === 'independence') expect(fit.alpha).toBeNull();
      else expectClose(fit.alpha!, c.alpha as number, TOL, 'alpha');
      const w = geeWald(fit, [2, 3]);
      expect(w.df).toBe(c.termWald.df);
      expectClose(w.statistic, c.termWald.statistic, 1e-5, 'joint Wald of g');
      expectClose(w.pValue, c.termWald.p, 1e-5, 'joint Wald p');
      expectClose(fit.qic.qic, c.qic[0], TOL, 'QIC');
      expectClose(fit.qic.qicu, c.qic[1], TOL, 'QICu');
      expectClose(fit.qic.quasiLikelihood, c.qic[2], TOL, 'quasi-likelihood');
      expectClose(fit.qic.cic, c.qic[3], TOL, 'CIC');
    });
  }

  it('does not depend on the row order (clusters are grouped and ordered by wave)', () => {
    const perm = Array.from({ length: n }, (_, i) => (i * 37) % n);
    expect(new Set(perm).size).toBe(n);
    const pick = <T,>(a: ArrayLike<T>) => perm.map((i) => a[i]!);
    const a = gee({ y: outcome.binomial, columns, names, id: d.id as number[], wave: d.visit as number[] }, { family: 'binomial', correlation: 'ar1' });
    const b = gee({ y: pick(outcome.binomial), columns: columns.map(pick), names, id: pick(d.id as number[]), wave: pick(d.visit as number[]) }, { family: 'binomial', correlation: 'ar1' });
    a.coefficients.forEach((k, j) => expectClose(b.coefficients[j]!.estimate, k.estimate, 1e-9, k.term));
    expectClose(b.alpha!, a.alpha!, 1e-9, 'alpha');
  });

  it('refuses bad input', () => {
    const base = { y: outcome.gaussian, columns, names, id: d.id as number[], wave: d.visit as number[] };
    expect(() => gee({ ...base, id: new Array<number>(n).fill(1) }, { family: 'gaussian', correlation: 'exchangeable' })).toThrow(StatsError);
    expect(() => gee({ ...base, y: outcome.gaussian }, { family: 'binomial', correlation: 'exchangeable' })).toThrow(/0\/1/);
    expect(() => gee({ ...base, columns: [...columns, columns[1]!], names: [...names, 'x2'] }, { family: 'gaussian', correlation: 'independence' })).toThrow(StatsError);
    // Complete separation: the outcome is 1 whenever gB = 1.
    const sep = columns[2]!.map((v, i) => (v === 1 ? 1 : (d.yb as number[])[i]!));
    expect(() => gee({ ...base, y: sep }, { family: 'binomial', correlation: 'exchangeable' })).toThrow(/完全分离/);
  });
});
