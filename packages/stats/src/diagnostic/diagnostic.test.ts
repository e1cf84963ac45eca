import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { compareCorrelatedAuc, compareIndependentAuc, rocCurve } from './roc.js';
import { diagnosticAccuracy, proportionCi } from './accuracy.js';

const R = fixture('diagnostic');
const REL = 1e-9;

describe('ROC analysis agrees with pROC', () => {
  it('AUC with DeLong CI, every coordinate, and the Youden cut-off (aSAH s100b)', () => {
    const r = rocCurve(R.s100b, R.outcome, { positive: 'Poor' });
    expect(r.direction).toBe(R.direction1);
    expectClose(r.auc, R.auc1, REL, 'AUC');
    expectClose(r.se ** 2, R.var1, REL, 'DeLong variance');
    expectClose(r.ci[0], R.ci1[0], REL, 'CI lower');
    expectClose(r.ci[1], R.ci1[1], REL, 'CI upper');
    const last = R.thresholds.length - 1;
    expect(r.points).toHaveLength(R.thresholds.length);
    r.points.forEach((p, i) => {
      const t = R.thresholds[i];
      if (t === null) expect(p.threshold).toBe(i === last ? Infinity : -Infinity);
      else expectClose(p.threshold, t, REL, `threshold ${i}`);
      expectClose(p.sensitivity, R.sensitivities[i], REL, `sens ${i}`);
      expectClose(p.specificity, R.specificities[i], REL, `spec ${i}`);
    });
    for (const k of ['threshold', 'sensitivity', 'specificity', 'ppv', 'npv', 'accuracy'] as const) expectClose(r.best[k], R.best[k], REL, `best ${k}`);
  });

  it('DeLong test of two correlated AUCs (s100b vs wfns)', () => {
    const c = compareCorrelatedAuc(R.s100b, R.wfns, R.outcome, { positive: 'Poor' });
    expectClose(c.auc2, R.paired.auc2, REL, 'AUC 2');
    expectClose(c.statistic, R.paired.z, REL, 'Z');
    expectClose(c.pValue, R.paired.p, REL, 'p');
    expectClose(c.ci![0], R.paired.ci[0], REL, 'CI lower');
    expectClose(c.ci![1], R.paired.ci[1], REL, 'CI upper');
  });

  it('DeLong comparison of AUCs from independent samples', () => {
    const a = (xs: unknown[]) => xs.slice(0, 60);
    const b = (xs: unknown[]) => xs.slice(60);
    const c = compareIndependentAuc(a(R.s100b) as number[], a(R.outcome) as string[], b(R.ndka) as number[], b(R.outcome) as string[], { positive: 'Poor' });
    expectClose(c.statistic, R.unpaired.d, REL, 'D');
    expectClose(c.df!, R.unpaired.df, REL, 'df');
    expectClose(c.pValue, R.unpaired.p, REL, 'p');
  });

  it('refuses a reference without two classes of at least two cases', () => {
    expect(() => rocCurve([1, 2, 3], ['a', 'a', 'a'])).toThrow('恰好有两个类别');
    expect(() => rocCurve([1, 2, 3], ['a', 'b', 'b'])).toThrow('都至少需要2例');
  });
});

describe('accuracy of a binary test', () => {
  const t = R.table;
  const table = { truePositive: t.tp, falseNegative: t.fn, falsePositive: t.fp, trueNegative: t.tn };
  it('exact (binom.test) and Wilson (prop.test) CIs, likelihood ratios with log-method CIs', () => {
    const cp = diagnosticAccuracy(table);
    const pairs: [readonly [number, number], number[], string][] = [
      [cp.sensitivity.ci, R.sensCp, 'sens'],
      [cp.specificity.ci, R.specCp, 'spec'],
      [cp.ppv.ci, R.ppvCp, 'ppv'],
      [cp.npv.ci, R.npvCp, 'npv'],
      [cp.accuracy.ci, R.accCp, 'accuracy'],
    ];
    for (const [got, want, label] of pairs) {
      expectClose(got[0], want[0]!, REL, `${label} lower`);
      expectClose(got[1], want[1]!, REL, `${label} upper`);
    }
    const w = diagnosticAccuracy(table, { method: 'wilson' });
    expectClose(w.sensitivity.ci[0], R.sensWilson[0], REL, 'Wilson sens lower');
    expectClose(w.specificity.ci[1], R.specWilson[1], REL, 'Wilson spec upper');
    expectClose(cp.lrPositive!.estimate, R.lrPos[0], REL, 'LR+');
    expectClose(cp.lrPositive!.ci[0], R.lrPos[1], REL, 'LR+ lower');
    expectClose(cp.lrPositive!.ci[1], R.lrPos[2], REL, 'LR+ upper');
  });

  it('keeps exact bounds at 0 and n, and refuses bad counts', () => {
    expect(proportionCi(0, 10)[0]).toBe(0);
    expect(proportionCi(10, 10)[1]).toBe(1);
    expect(() => diagnosticAccuracy({ truePositive: -1, falseNegative: 2, falsePositive: 3, trueNegative: 4 })).toThrow('非负整数');
    expect(() => diagnosticAccuracy({ truePositive: 0, falseNegative: 0, falsePositive: 3, trueNegative: 4 })).toThrow('都必须大于0');
  });
});
