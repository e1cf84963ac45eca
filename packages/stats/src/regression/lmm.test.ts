import { describe, expect, it } from 'vitest';
import { StatsError } from '../errors.js';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { lmm, lmmLrt, type LmmResult } from './lmm.js';

interface Case {
  reml: boolean;
  y: number[];
  x: number[][];
  names: string[];
  group: string[];
  z: number[][];
  znames: string[] | string;
  theta: number[] | number;
  sigma: number;
  coef: number[];
  se: number[];
  df: number[];
  t: number[];
  p: number[];
  ci: number[][];
  vcomp: { grp: string[]; var1: string[]; var2: string[]; vcov: number[]; sdcor: number[] };
  logLik: number;
  AIC: number;
  BIC: number;
  npar: number;
  singular: boolean;
  anova: { term: string[] | string; F: number[] | number; numDf: number[] | number; denDf: number[] | number; p: number[] | number };
  L: number[][][];
  ranef: number[][];
  ranefGroups: string[];
  fitted: number[];
}
const fx = fixture<Record<string, any>>('lmm');
const arr = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);

// Tolerances: estimates, SEs, variance components and logLik 1e-5 relative (lmer run to xtol 1e-12,
// ours to a Newton-polished optimum); Satterthwaite df 1e-3 relative (both from numeric derivatives).
const TOL = 1e-5;
const DF_TOL = 1e-3;

function fitCase(c: Case): LmmResult {
  return lmm({ y: c.y, x: c.x, names: c.names, group: c.group, z: c.z, zNames: arr(c.znames) }, { reml: c.reml });
}

function check(name: string) {
  const c = fx[name] as Case;
  const fit = fitCase(c);
  it(`${name}: θ, σ, variance components, logLik, AIC, BIC`, () => {
    arr(c.theta).forEach((t, k) => expectClose(fit.theta[k]!, t, TOL, `theta ${k}`, 1e-6));
    expectClose(fit.sigma, c.sigma, TOL, 'sigma');
    expectClose(fit.logLik, c.logLik, TOL, 'logLik');
    expectClose(fit.aic, c.AIC, TOL, 'AIC');
    expectClose(fit.bic, c.BIC, TOL, 'BIC');
    expect(fit.npar).toBe(c.npar);
    expect(fit.singular).toBe(c.singular);
    // VarCorr rows: variances, then covariances (sdcor = correlation), then the residual.
    const zn = arr(c.znames);
    const sd = fit.randomSd;
    for (let r = 0; r < c.vcomp.grp.length; r++) {
      const v1 = c.vcomp.var1[r]!;
      const v2 = c.vcomp.var2[r]!;
      if (c.vcomp.grp[r] === 'Residual') {
        expectClose(fit.residualVariance, c.vcomp.vcov[r]!, TOL, 'residual variance');
        continue;
      }
      const a = zn.indexOf(v1);
      expect(a, v1).toBeGreaterThanOrEqual(0);
      if (v2 === '') {
        expectClose(fit.randomCovariance[a]![a]!, c.vcomp.vcov[r]!, TOL, `variance ${v1}`, 1e-8);
        expectClose(sd[a]!, c.vcomp.sdcor[r]!, TOL, `sd ${v1}`, 1e-6);
      } else {
        const b = zn.indexOf(v2);
        expectClose(fit.randomCovariance[a]![b]!, c.vcomp.vcov[r]!, TOL, `covariance ${v1}, ${v2}`, 1e-8);
        expectClose(fit.randomCorrelation[a]![b]!, c.vcomp.sdcor[r]!, TOL, `correlation ${v1}, ${v2}`, 1e-6);
      }
    }
  });
  it(`${name}: fixed effects with Satterthwaite t tests and 95% CIs`, () => {
    fit.coefficients.forEach((k, j) => {
      expect(k.term).toBe(c.names[j]);
      expectClose(k.estimate, c.coef[j]!, TOL, `coef ${k.term}`, 1e-8);
      expectClose(k.se, c.se[j]!, TOL, `se ${k.term}`);
      expectClose(k.statistic, c.t[j]!, TOL, `t ${k.term}`, 1e-7);
      expectClose(k.df, c.df[j]!, DF_TOL, `df ${k.term}`);
      expectClose(k.pValue, c.p[j]!, 1e-3, `p ${k.term}`, 1e-12);
      expectClose(k.ci[0], c.ci[j]![0]!, 1e-4, `lower ${k.term}`, 1e-6);
      expectClose(k.ci[1], c.ci[j]![1]!, 1e-4, `upper ${k.term}`, 1e-6);
    });
  });
  it(`${name}: type III F tests (lmerTest contrasts), random effects, fitted values`, () => {
    const terms = arr(c.anova.term);
    terms.forEach((term, i) => {
      const f = fit.contrast(c.L[i]!);
      expect(f.numDf, term).toBe(arr(c.anova.numDf)[i]);
      expectClose(f.statistic, arr(c.anova.F)[i]!, TOL, `F ${term}`);
      expectClose(f.denDf, arr(c.anova.denDf)[i]!, DF_TOL, `denDf ${term}`);
      expectClose(f.pValue, arr(c.anova.p)[i]!, 2e-3, `p ${term}`, 1e-15);
    });
    const order = c.ranefGroups.map((g) => fit.groupLevels.indexOf(g));
    order.forEach((gi, r) => c.ranef[r]!.forEach((v, a) => expectClose(fit.ranef[gi]![a]!, v, 1e-4, `ranef ${c.ranefGroups[r]} ${a}`, 1e-5)));
    c.fitted.forEach((v, r) => expectClose(fit.fitted[r]!, v, 1e-6, `fitted ${r}`));
  });
}

describe('lmm (lme4::lmer + lmerTest)', () => {
  for (const name of ['sleepSlope', 'sleepSlopeML', 'sleepIntercept', 'bpSlope', 'bpIntercept', 'bpVisits', 'singular', 'singularSlope', 'twoSlopes']) check(name);

  it('ranova: random slope vs random intercept (REML LRT)', () => {
    for (const [full, red, ref] of [['sleepSlope', 'sleepIntercept', 'sleepRanova'], ['bpSlope', 'bpIntercept', 'bpRanova']] as const) {
      const t = lmmLrt(fitCase(fx[red]), fitCase(fx[full]));
      expectClose(t.statistic, fx[ref].LRT, 1e-4, `${ref} LRT`);
      expect(t.df).toBe(fx[ref].df);
      expectClose(t.pValue, fx[ref].p, 1e-4, `${ref} p`);
    }
  });

  it('anova(m0, m1): fixed effects by ML refits', () => {
    const c = fx.bpSlope as Case;
    const ml = (x: number[][], names: string[]) => lmm({ y: c.y, x, names, group: c.group, z: c.z, zNames: arr(c.znames) }, { reml: false });
    const full = ml(c.x, c.names);
    const reduced = ml([c.x[0]!], ['(Intercept)']);
    const ref = fx.bpFixedLrt;
    expectClose(reduced.logLik, ref.logLik[0], TOL, 'null logLik');
    expectClose(full.logLik, ref.logLik[1], TOL, 'full logLik');
    const t = lmmLrt(reduced, full);
    expectClose(t.statistic, ref.chisq, 1e-4, 'chisq');
    expect(t.df).toBe(ref.df);
    expectClose(t.pValue, ref.p, 1e-3, 'p', 1e-15);
  });

  it('refuses one group, too few observations for random slopes, collinear X', () => {
    const y = [1, 2, 3, 4, 5, 6];
    const one = y.map(() => 1);
    const t = [0, 1, 2, 0, 1, 2];
    expect(() => lmm({ y, x: [one, t], names: ['a', 'b'], group: one, z: [one], zNames: ['i'] })).toThrow(StatsError);
    expect(() => lmm({ y, x: [one, t], names: ['a', 'b'], group: [1, 1, 2, 2, 3, 3], z: [one, t], zNames: ['i', 's'] })).toThrow(/随机斜率/);
    expect(() => lmm({ y, x: [one, t, t.map((v) => 2 * v)], names: ['a', 'b', 'c'], group: [1, 1, 1, 2, 2, 2], z: [one], zNames: ['i'] })).toThrow(/共线/);
  });
});
