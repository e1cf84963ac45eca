import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { blandAltman, cohenKappa, intraclassCorrelation, kendallW } from './agreement.js';

const R = fixture('agreement');
const REL = 1e-9;

describe('agreement agrees with R (psych, friedman.test)', () => {
  it("Cohen's kappa, unweighted and quadratic-weighted, with CIs (psych::cohen.kappa; weighted CI as vcd::Kappa)", () => {
    const k = cohenKappa(R.r1, R.r2);
    expectClose(k.kappa, R.kappa, REL, 'kappa');
    expectClose(k.ci[0], R.kappaCi[0], REL, 'kappa lower');
    expectClose(k.ci[1], R.kappaCi[1], REL, 'kappa upper');
    const w = cohenKappa(R.r1, R.r2, { weights: 'quadratic' });
    expectClose(w.kappa, R.weighted, REL, 'weighted kappa');
    expectClose(w.ci[0], R.weightedCi[0], REL, 'weighted lower');
    expectClose(w.ci[1], R.weightedCi[1], REL, 'weighted upper');
    expect(k.table.flat().reduce((s, v) => s + v, 0)).toBe(80);
  });

  it('ICC, all six Shrout–Fleiss forms with F tests and CIs (psych::ICC on their 1979 table)', () => {
    const r = intraclassCorrelation(R.shroutFleiss);
    r.rows.forEach((row, i) => {
      expectClose(row.icc, R.icc[i], REL, `${row.type}`);
      expectClose(row.f, R.iccF[i], REL, `${row.type} F`);
      expect([row.df1, row.df2]).toEqual([R.iccDf1[i], R.iccDf2[i]]);
      expectClose(row.pValue, R.iccP[i], REL, `${row.type} p`);
      expectClose(row.ci[0], R.iccLower[i], REL, `${row.type} lower`);
      expectClose(row.ci[1], R.iccUpper[i], REL, `${row.type} upper`);
    });
  });

  it("Kendall's W with tied ranks, through the Friedman statistic", () => {
    const w = kendallW(R.w);
    expectClose(w.statistic, R.friedman, REL, 'chi-square');
    expectClose(w.w, R.friedman / (4 * 5), REL, 'W');
  });

  it('Bland–Altman bias and limits with their CIs', () => {
    const b = blandAltman(R.m1, R.m2);
    expectClose(b.bias, R.bias, REL, 'bias');
    expectClose(b.sd, R.sd, REL, 'sd');
    expectClose(b.lower, R.loa[0], REL, 'lower');
    expectClose(b.upper, R.loa[1], REL, 'upper');
    expectClose(b.biasCi[0], R.biasCi[0], REL, 'bias CI');
    expectClose(b.lowerCi[0], R.lowerCi[0], REL, 'lower CI');
    expectClose(b.upperCi[1], R.upperCi[1], REL, 'upper CI');
  });

  it('refuses what has no answer', () => {
    expect(() => cohenKappa([1, 1, 1], [1, 1, 1])).toThrow('同一类别');
    expect(() => intraclassCorrelation([[1, 2], [3]])).toThrow('评分个数必须相同');
    expect(() => kendallW([[1, 1], [2, 2]])).toThrow('W无定义');
    expect(() => blandAltman([1, 2], [1, 2])).toThrow('至少需要3对');
  });
});
