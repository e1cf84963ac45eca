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
