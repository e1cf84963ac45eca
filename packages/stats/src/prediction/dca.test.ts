// Decision curves against fixtures/dca.json (make-dca.R: the net-benefit formulas written out in R,
// survival::survfit for the Kaplan–Meier risks, glm and coxph for converted risks). Counting is
// exact arithmetic on the same data: 1e-12 relative. Converted risks come from iterative fits
// (IRLS, Newton–Raphson): 1e-6 relative, as the engine's other iterative fits.
import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { coxRiskAt, decisionCurve, markerToRisk, survivalDecisionCurve, thresholdGrid } from './dca.js';

const R = fixture('dca');
const EXACT = 1e-12;
const ITER = 1e-6;
const same = (got: ReadonlyArray<number | null>, want: ReadonlyArray<number | null>, rel: number, label: string) => {
  expect(got.length, label).toBe(want.length);
  got.forEach((v, i) => {
    if (want[i] === null) expect(v, `${label}[${i}]`).toBeNull();
    else expectClose(v as number, want[i]!, rel, `${label}[${i}]`, 1e-14);
  });
};

describe('binary decision curves agree with the formulas in R', () => {
  const b = R.binary;
  const thr = thresholdGrid(0.01, 0.99, 0.01);
  it('uses the thresholds R uses', () => expect(thr).toEqual(b.thresholds));
  const dca = decisionCurve(b.y, [{ name: 'risk1', risk: b.risk1 }, { name: 'risk2', risk: b.risk2 }], thr);
  it('net benefit of each model, treat all and treat none', () => {
    expectClose(dca.prevalence, b.prevalence, EXACT, 'prevalence');
    same(dca.curves[0]!.netBenefit, b.nb1, EXACT, 'nb1');
    same(dca.curves[1]!.netBenefit, b.nb2, EXACT, 'nb2');
    same(dca.all.netBenefit, b.nbAll, EXACT, 'all');
    expect(dca.none.netBenefit.every((v) => v === 0)).toBe(true);
    same(dca.curves[0]!.tpRate, b.tp1, EXACT, 'tp1');
    same(dca.curves[0]!.fpRate, b.fp1, EXACT, 'fp1');
    dca.curves[0]!.standardized.forEach((s, i) => expectClose(s!, b.nb1[i] / b.prevalence, EXACT, `snb ${i}`, 1e-14));
  });
  it('turns a marker into a probability by univariable logistic regression, as dcurves does', () => {
    const risk = markerToRisk(b.y, b.marker);
    same(risk, b.markerRisk, ITER, 'marker risk');
    same(decisionCurve(b.y, [{ name: 'm', risk }], thr).curves[0]!.netBenefit, b.nbMarker, ITER, 'nb marker');
  });
  it('refuses risks outside [0, 1], a one-class outcome and a bad grid', () => {
    expect(() => decisionCurve(b.y, [{ name: 'm', risk: b.marker }], thr)).toThrow(/0 到 1/);
    expect(() => decisionCurve([0, 0, 0], [{ name: 'r', risk: [0.1, 0.2, 0.3] }], thr)).toThrow(/没有事件/);
    expect(() => thresholdGrid(0.5, 0.2, 0.01)).toThrow();
    expect(thresholdGrid(0.05, 0.5, 0.05)).toEqual([0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5]);
  });
});

describe('survival decision curves at time t agree with survfit in R', () => {
  const s = R.survival;
  const thr = s.thresholds as number[];
  it('net benefit from Kaplan–Meier risks among the test positives', () => {
    const dca = survivalDecisionCurve(s.time, s.status, s.t, [{ name: 'r1', risk: s.risk1 }, { name: 'r2', risk: s.risk2 }], thr);
    expectClose(dca.prevalence, s.prevalence, EXACT, 'prevalence');
    same(dca.curves[0]!.netBenefit, s.nb1, EXACT, 'nb1');
    same(dca.curves[1]!.netBenefit, s.nb2, EXACT, 'nb2');
    same(dca.all.netBenefit, s.nbAll, EXACT, 'all');
    same(dca.curves[1]!.testPositive, s.testPos2, EXACT, 'test positive');
  });
  it('is not estimable (null) where no test positive was followed to t, as dcurves', () => {
    const dca = survivalDecisionCurve(s.shortTime, s.status, s.t, [{ name: 'r2', risk: s.risk2 }], thr);
    same(dca.curves[0]!.netBenefit, s.nbShort, EXACT, 'short');
    expect(dca.curves[0]!.netBenefit.some((v) => v === null)).toBe(true);
  });
  it('Cox risk at t with Breslow ties matches predict(type = "expected")', () => {
    const risk = coxRiskAt({ time: s.time, status: s.status, predictors: [{ name: 'x1', values: s.x1, type: 'numeric' }, { name: 'g', values: s.g, type: 'categorical' }] }, s.t);
    same(risk, s.coxRisk, ITER, 'cox risk');
    same(survivalDecisionCurve(s.time, s.status, s.t, [{ name: 'cox', risk: risk as number[] }], thr).curves[0]!.netBenefit, s.nbCox, ITER, 'nb cox');
  });
  it('refuses a time point beyond all follow-up', () => {
    expect(() => survivalDecisionCurve(s.time, s.status, 1000, [], thr)).toThrow(/随访/);
  });
});
