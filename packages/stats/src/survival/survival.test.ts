import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { kaplanMeier, type SurvivalConfType } from './kaplan-meier.js';
import { logRankTest, pairwiseLogRank } from './logrank.js';
import { coxRegression, type CoxResult } from './cox.js';

const R = fixture('survival');
const REL = 1e-9; // closed forms
const ITER = 1e-6; // iterative fits
const orNull = (v: number | null) => (v === null ? null : v);

function sameKm(r: any, confType: SurvivalConfType, label: string) {
  const km = kaplanMeier(r.time, r.status, { confType, times: r.atTimes ?? [] });
  const times = [r.tableTime].flat();
  expect(km.table.map((row) => row.time)).toEqual(times);
  km.table.forEach((row, i) => {
    expect([row.nRisk, row.nEvent, row.nCensor], `${label} counts ${i}`).toEqual([[r.nRisk].flat()[i], [r.nEvent].flat()[i], [r.nCensor].flat()[i]]);
    expectClose(row.survival, [r.surv].flat()[i], REL, `${label} S ${i}`);
    const se = [r.se].flat()[i];
    if (se === null) expect(row.survival, `${label} se ${i} is undefined only at S = 0`).toBe(0);
    else expectClose(row.se, se, REL, `${label} se ${i}`);
    const lo = [r.lower].flat()[i];
    const hi = [r.upper].flat()[i];
    if (lo === null) expect(row.lower, `${label} lower ${i}`).toBeNull();
    else expectClose(row.lower!, lo, REL, `${label} lower ${i}`);
    if (hi === null) expect(row.upper, `${label} upper ${i}`).toBeNull();
    else expectClose(row.upper!, hi, REL, `${label} upper ${i}`);
  });
  expect([km.median.estimate, km.median.lower, km.median.upper].map(orNull), `${label} median`).toEqual([r.median, r.medianLower, r.medianUpper]);
  km.at.forEach((a, i) => {
    expectClose(a.survival, [r.atSurv].flat()[i], REL, `${label} S(${a.time})`);
    expect(a.nRisk).toBe([r.atRisk].flat()[i]);
    expectClose(a.lower!, [r.atLower].flat()[i], REL, `${label} lower(${a.time})`);
  });
}

describe('Kaplan–Meier agrees with survival::survfit', () => {
  it('lung, log-log CIs, median with CI, survival at 180/365/730 days', () => sameKm(R.lungLogLog, 'log-log', 'lung'));
  it('aml maintained arm, log CIs', () => sameKm(R.amlLog, 'log', 'aml'));
  it('a curve flat at exactly 0.5 takes the midpoint to the next drop as its median', () => sameKm(R.exactHalf, 'log-log', 'half'));
  it('refuses negative times and a status other than 0/1', () => {
    expect(() => kaplanMeier([1, -2], [1, 0])).toThrow('生存时间必须是非负数');
    expect(() => kaplanMeier([1, 2], [1, 2])).toThrow('结局状态只能是0（删失）或1（事件）');
  });
});

describe('tests of equal survival agree with R', () => {
  it('log-rank and Peto–Peto (survdiff rho = 0, 1), observed and expected', () => {
    const l = R.lungSex;
    const r = logRankTest(l.time, l.status, l.sex);
    expectClose(r.statistic, l.chisq, REL, 'log-rank');
    r.groups.forEach((g, i) => {
      expectClose(g.observed, l.obs[i], REL, 'obs');
      expectClose(g.expected, l.exp[i], REL, 'exp');
    });
    expectClose(logRankTest(l.time, l.status, l.sex, { test: 'peto-peto' }).statistic, l.peto, REL, 'Peto–Peto');
  });

  it('stratified log-rank (sex within ECOG strata)', () => {
    const s = R.strat;
    expectClose(logRankTest(s.time, s.status, s.sex, { strata: s.ecog }).statistic, s.chisq, REL, 'stratified');
  });

  it('four cell types: log-rank, Gehan–Breslow, Tarone–Ware, Peto–Peto (survMisc::comp)', () => {
    const v = R.veteran;
    for (const [test, want] of [['logrank', v.logrank], ['gehan-breslow', v.gehan], ['tarone-ware', v.taroneWare], ['peto-peto', v.peto]] as const) {
      const r = logRankTest(v.time, v.status, v.celltype, { test });
      expect(r.df).toBe(3);
      expectClose(r.statistic, want, REL, test);
    }
  });

  it('pairwise log-rank with Holm adjustment', () => {
    const v = R.veteran;
    const rows = pairwiseLogRank(v.time, v.status, v.celltype, { adjust: 'holm' });
    const key = (a: string, b: string) => [a, b].sort().join('|');
    const want = new Map(v.pairs.map((pr: string[], i: number) => [key(pr[0]!, pr[1]!), i]));
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      const i = want.get(key(row.group1, row.group2)) as number;
      expectClose(row.statistic, v.pairChisq[i], REL, `${row.group1}-${row.group2}`);
      expectClose(row.pAdjusted, v.pairHolm[i], REL, `${row.group1}-${row.group2} holm`);
    }
  });
});

function sameCox(got: CoxResult, r: any, label: string) {
  const byName = new Map(got.coefficients.map((c) => [c.term, c]));
  r.names.forEach((name: string, i: number) => {
    const c = byName.get(name);
    expect(c, `${label} has ${name}`).toBeDefined();
    expectClose(c!.estimate, r.estimate[i], ITER, `${label} ${name} b`);
    expectClose(c!.se, r.se[i], ITER, `${label} ${name} se`);
    expectClose(c!.statistic, r.z[i], ITER, `${label} ${name} z`);
    expectClose(c!.pValue, r.p[i], ITER, `${label} ${name} p`);
    expectClose(c!.hazardRatioCi[0], r.hrLower[i], ITER, `${label} ${name} HR lower`);
    expectClose(c!.hazardRatioCi[1], r.hrUpper[i], ITER, `${label} ${name} HR upper`);
  });
  expect(got.coefficients).toHaveLength(r.names.length);
  expectClose(got.logLikNull, r.logLik[0], ITER, `${label} loglik0`);
  expectClose(got.logLik, r.logLik[1], ITER, `${label} loglik`);
  expectClose(got.likelihoodRatio.statistic, r.lr, ITER, `${label} LR`);
  expectClose(got.wald.statistic, r.wald, ITER, `${label} Wald`);
  expectClose(got.score.statistic, r.score, ITER, `${label} score`);
  expectClose(got.concordance, r.concordance, ITER, `${label} C`);
  expectClose(got.aic, r.aic, ITER, `${label} AIC`);
  expect([got.n, got.events]).toEqual([r.n, r.events]);
  sameZph(got.proportionalHazards, r.zph, `${label} cox.zph`);
}

function sameZph(got: ReturnType<typeof coxRegression>['proportionalHazards'], r: any, label: string): void {
  const rows = [...got.terms, got.global];
  expect(rows.map((t) => t.term)).toEqual(r.terms);
  rows.forEach((t, i) => {
    expectClose(t.chiSquare, r.chisq[i], ITER, `${label} ${t.term} chi-square`);
    expect(t.df).toBe(r.df[i]);
    expectClose(t.pValue, r.p[i], ITER, `${label} ${t.term} p`);
  });
}

describe('Cox regression agrees with survival::coxph', () => {
  const v = R.veteran;
  const predictors = [
    { name: 'karno', values: v.karno, type: 'numeric' as const },
    { name: 'age', values: v.age, type: 'numeric' as const },
    { name: 'celltype', values: v.celltype, type: 'categorical' as const, reference: 'squamous' },
    { name: 'prior', values: v.prior, type: 'numeric' as const },
  ];
  it('Efron ties (default), numeric and categorical covariates', () => sameCox(coxRegression({ time: v.time, status: v.status, predictors }), R.coxEfron, 'efron'));
  it('Breslow ties', () => sameCox(coxRegression({ time: v.time, status: v.status, predictors, ties: 'breslow' }), R.coxBreslow, 'breslow'));
  it('cox.zph on the rank time scale', () => {
    sameZph(coxRegression({ time: v.time, status: v.status, predictors, zphTransform: 'rank' }).proportionalHazards, R.coxEfron.zphRank, 'efron rank');
    sameZph(coxRegression({ time: v.time, status: v.status, predictors, ties: 'breslow', zphTransform: 'rank' }).proportionalHazards, R.coxBreslow.zphRank, 'breslow rank');
  });
  it('strata', () => {
    const s = R.coxStrata;
    sameCox(
      coxRegression({
        time: s.time,
        status: s.status,
        strata: s.ecog,
        predictors: [
          { name: 'age', values: s.age, type: 'numeric' },
          { name: 'sex', values: s.sex, type: 'numeric' },
        ],
      }),
      s,
      'strata',
    );
  });
  it('refuses a covariate that separates events from survivors, and no events', () => {
    const time = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(() => coxRegression({ time, status: [1, 1, 1, 1, 0, 0, 0, 0], predictors: [{ name: 'x', values: [9, 8, 7, 6, 1, 2, 3, 4], type: 'numeric' }] })).toThrow('风险比趋于无穷');
    expect(() => coxRegression({ time, status: [0, 0, 0, 0, 0, 0, 0, 0], predictors: [{ name: 'x', values: time, type: 'numeric' }] })).toThrow('没有发生任何事件');
  });
});

const X = fixture('survival-extra');

describe('survival quantiles and restricted mean agree with survival (quantile.survfit, print(rmean = τ))', () => {
  const cases = [
    ['lung, log-log', X.lung],
    ['lung, log', X.lungLog],
    ['curve flat at 0.5 to the end', X.flatEnd],
    ['small sample with censoring', X.small],
    ['curve reaching 0', X.toZero],
  ] as const;
  for (const [label, r] of cases) {
    it(label, () => {
      const taus = [r.tau].flat() as number[];
      const probs = r.probs as number[];
      const km = kaplanMeier(r.time, r.status, { confType: r.confType, probs });
      const want = (v: unknown, i: number) => ([v].flat() as (number | null)[])[i] ?? null;
      km.quantiles.forEach((q, i) => {
        expect([q.estimate, q.lower, q.upper], `${label} quantile ${probs[i]}`).toEqual([want(r.quantile, i), want(r.lower, i), want(r.upper, i)]);
      });
      expect(km.median).toEqual({ estimate: want(r.quantile, 2), lower: want(r.lower, 2), upper: want(r.upper, 2) });
      taus.forEach((tau, i) => {
        const rm = kaplanMeier(r.time, r.status, { confType: r.confType, rmeanTau: tau }).restrictedMean!;
        expectClose(rm.estimate, want(r.rmean, i)!, REL, `${label} rmean(${tau})`);
        expectClose(rm.se, want(r.rmeanSe, i)!, REL, `${label} se(rmean(${tau}))`);
      });
    });
  }
});

describe('weighted observed and expected as survdiff prints them', () => {
  const same = (r: ReturnType<typeof logRankTest>, w: any, label: string) => {
    expectClose(r.statistic, w.chisq, REL, `${label} chi-square`);
    expect(r.groups.map((g) => g.group).sort()).toEqual([...w.group].map(String).sort());
    r.groups.forEach((g) => {
      const i = w.group.map(String).indexOf(g.group);
      expect(g.n).toBe(w.n[i]);
      expectClose(g.weightedObserved, w.obs[i], REL, `${label} O ${g.group}`);
      expectClose(g.weightedExpected, w.exp[i], REL, `${label} E ${g.group}`);
      expectClose(g.variance, w.var[i], REL, `${label} V ${g.group}`);
    });
  };
  it('log-rank (rho = 0): weighted equal the counts', () => {
    const l = X.lungSex;
    const r = logRankTest(l.time, l.status, l.sex);
    same(r, l.rho0, 'rho 0');
    r.groups.forEach((g) => expect([g.weightedObserved, g.weightedExpected]).toEqual([g.observed, g.expected]));
  });
  it('Peto–Peto (rho = 1), two and four groups, stratified', () => {
    same(logRankTest(X.lungSex.time, X.lungSex.status, X.lungSex.sex, { test: 'peto-peto' }), X.lungSex.rho1, 'lung rho 1');
    same(logRankTest(X.veteran.time, X.veteran.status, X.veteran.celltype, { test: 'peto-peto' }), X.veteran.rho1, 'veteran rho 1');
    same(logRankTest(X.strat.time, X.strat.status, X.strat.sex, { test: 'peto-peto', strata: X.strat.ecog }), X.strat.rho1, 'stratified rho 1');
  });
});

describe('standard error of the concordance as coxph reports it', () => {
  const v = R.veteran;
  const predictors = [
    { name: 'karno', values: v.karno, type: 'numeric' as const },
    { name: 'age', values: v.age, type: 'numeric' as const },
    { name: 'celltype', values: v.celltype, type: 'categorical' as const, reference: 'squamous' },
    { name: 'prior', values: v.prior, type: 'numeric' as const },
  ];
  for (const ties of ['efron', 'breslow'] as const) {
    it(`veteran, ${ties}`, () => {
      const fit = coxRegression({ time: v.time, status: v.status, predictors, ties });
      expectClose(fit.concordance, X.concordance[ties].concordance, ITER, 'C');
      expectClose(fit.concordanceSe, X.concordance[ties].std, ITER, 'se(C)');
    });
  }
  it('within strata', () => {
    const s = R.coxStrata;
    const fit = coxRegression({ time: s.time, status: s.status, strata: s.ecog, predictors: [{ name: 'age', values: s.age, type: 'numeric' }, { name: 'sex', values: s.sex, type: 'numeric' }] });
    expectClose(fit.concordanceSe, X.concordance.strata.std, ITER, 'se(C)');
  });
  it('names the covariate that separates events from survivors', () => {
    const time = [1, 2, 3, 4, 5, 6, 7, 8];
    const z = [0.3, -0.2, 0.5, 0.1, -0.4, 0.2, 0, -0.1];
    expect(() =>
      coxRegression({ time, status: [1, 1, 1, 1, 0, 0, 0, 0], predictors: [{ name: 'z', values: z, type: 'numeric' }, { name: 'x', values: [9, 8, 7, 6, 1, 2, 3, 4], type: 'numeric' }] }),
    ).toThrow('协变量“x”');
  });
});

describe('scaled Schoenfeld residuals as cox.zph()$y', () => {
  const v = R.veteran;
  const predictors = [
    { name: 'karno', values: v.karno, type: 'numeric' as const },
    { name: 'age', values: v.age, type: 'numeric' as const },
    { name: 'celltype', values: v.celltype, type: 'categorical' as const, reference: 'squamous' },
    { name: 'prior', values: v.prior, type: 'numeric' as const },
  ];
  // R orders events by stratum, then time; compare (time, y) pairs sorted the same way on both sides.
  const pairs = (time: number[], y: number[]) => time.map((t, i) => [t, y[i]!] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  function same(got: ReturnType<typeof coxRegression>['proportionalHazards']['residuals'], want: any, label: string) {
    expect(got, label).not.toBeNull();
    expect(got!.terms).toEqual(want.terms);
    expect(got!.time).toHaveLength(want.time.length);
    got!.terms.forEach((term, t) => {
      const a = pairs(got!.time, got!.scaled[t]!);
      const b = pairs(want.time, want.y[t]);
      a.forEach(([time, y], e) => {
        expect(time).toBe(b[e]![0]);
        expectClose(y, b[e]![1], ITER, `${label} ${term} event ${e}`, 1e-9);
      });
    });
    const gx = pairs(got!.time, got!.transformedTime);
    const wx = pairs(want.time, want.x);
    gx.forEach(([, x], e) => expectClose(x, wx[e]![1], 1e-12, `${label} g(t) ${e}`, 1e-15));
  }
  it('Efron ties, a factor collapsed by its coefficients (km scale)', () =>
    same(coxRegression({ time: v.time, status: v.status, predictors }).proportionalHazards.residuals, X.schoenfeld.efron, 'efron'));
  it('Breslow ties on the rank scale', () =>
    same(coxRegression({ time: v.time, status: v.status, predictors, ties: 'breslow', zphTransform: 'rank' }).proportionalHazards.residuals, X.schoenfeld.breslowRank, 'breslow'));
  it('within strata', () => {
    const s = R.coxStrata;
    const fit = coxRegression({ time: s.time, status: s.status, strata: s.ecog, predictors: [{ name: 'age', values: s.age, type: 'numeric' }, { name: 'sex', values: s.sex, type: 'numeric' }] });
    same(fit.proportionalHazards.residuals, X.schoenfeld.strata, 'strata');
  });
});
