import { describe, expect, it } from 'vitest';
import { coxRegression } from '../survival/cox.js';
import { logisticRegression } from '../regression/logistic.js';
import type { Predictor } from '../regression/design.js';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { coxBaselineSurvival, nomogram, survivalAt, type NomogramTerm } from './nomogram.js';
import { prettyTicks } from '../internal/pretty.js';

const f = fixture('nomogram');
const d = f.data;
const predictors: Predictor[] = [
  { name: 'age', values: d.age, type: 'numeric' },
  { name: 'bmi', values: d.bmi, type: 'numeric' },
  { name: 'score', values: d.score, type: 'numeric' },
  { name: 'sex', values: d.sex, type: 'categorical', reference: 'F' },
  { name: 'stage', values: d.stage, type: 'categorical', reference: 'I' },
];
const terms = (coef: (name: string) => number): NomogramTerm[] => [
  { type: 'numeric', name: 'age', coef: coef('age'), values: d.age },
  { type: 'numeric', name: 'bmi', coef: coef('bmi'), values: d.bmi },
  { type: 'numeric', name: 'score', coef: coef('score'), values: d.score },
  { type: 'categorical', name: 'sex', levels: [{ label: 'F', coef: 0 }, { label: 'M', coef: coef('sexM') }] },
  { type: 'categorical', name: 'stage', levels: [{ label: 'I', coef: 0 }, { label: 'II', coef: coef('stageII') }, { label: 'III', coef: coef('stageIII') }] },
];
const rmsName = (t: string) => t.replace(/^sex(.*)$/, 'sex=$1').replace(/^stage(.*)$/, 'stage=$1');

// lrm with its default tolerance stops earlier than our IRLS (agreement ~1e-7, checked at 1e-5); the
// fixture runs cph with eps = 1e-12, so Cox coefficients are checked at 1e-8. The geometry is
// computed from R's own coefficients and checked at 1e-9. rms places the
// risk/survival marks by linear interpolation on a 1000-point grid: compared at 0.01 points.
const lpOf = (t: NomogramTerm[], b0: number) =>
  (d.age as number[]).map((_, i) => b0 + t.reduce((s, term) => s + (term.type === 'numeric' ? term.coef * term.values[i]! : term.levels.find((l) => l.label === d[term.name][i])!.coef), 0));
describe('nomogram (rms::nomogram)', () => {
  it('matches R pretty()', () => {
    expect(prettyTicks(35.2, 81.4, 10)).toEqual([35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85]);
    expect(prettyTicks(0, 183.2, 10)).toEqual([0, 20, 40, 60, 80, 100, 120, 140, 160, 180, 200]);
    expect(prettyTicks(-2.13, 3.87, 10)).toEqual([-2.5, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4]);
  });

  it('logistic model: axes, points, total points and the risk axis', () => {
    const fit = logisticRegression({ y: d.y, predictors, profile: false });
    const mine = (name: string) => fit.coefficients.find((c) => c.term === name)!.estimate;
    const rc = f.logistic.coefficients as Record<string, number>;
    for (const [k, v] of Object.entries(rc)) expectClose(mine(k === 'Intercept' ? '(Intercept)' : k.replace('=', '')), v, 1e-5, k);
    const coef = (name: string) => rc[rmsName(name)]!;
    const t = terms(coef);
    const nom = nomogram({ kind: 'logistic', terms: t, intercept: rc.Intercept!, linearPredictors: lpOf(t, rc.Intercept!), riskAt: f.funAt });
    expectClose(nom.scale, f.logistic.sc, 1e-9, 'sc');
    expectClose(nom.lpAtZero, f.logistic.interceptPlusMins, 1e-9, 'Intercept');
    for (const ax of f.logistic.axes) {
      const axis = nom.predictors.find((p) => p.name === ax.name)!;
      expect(axis.labels, ax.name).toEqual(ax.values);
      ax.points.forEach((p: number, i: number) => expectClose(axis.points[i]!, p, 1e-9, `${ax.name}[${i}]`, 1e-9));
    }
    expect(nom.linearPredictor.values).toEqual(f.logistic.lpAt);
    expect(nom.totalPoints).toEqual(f.logistic.totalPoints);
    f.logistic.lpAxis.points.forEach((p: number, i: number) => expectClose(nom.linearPredictor.points[i]!, p, 1e-7, `lp[${i}]`, 1e-9));
    const risk = nom.outcome[0]!;
    expect(risk.values).toEqual(f.logistic.risk.values);
    risk.points.forEach((p, i) => {
      expectClose(p, f.logistic.risk.pointsExact[i], 1e-9, `risk[${i}]`);
      expect(Math.abs(p - f.logistic.risk.pointsApprox[i])).toBeLessThan(0.01);
    });
    expectClose(nom.lpOf(nom.pointsOf(0.7)), 0.7, 1e-12);
  });

  for (const key of ['coxEfron', 'coxBreslow'] as const) {
    it(`Cox model (${key}): baseline survival at the centre and the survival axes`, () => {
      const ref = f[key];
      const fit = coxRegression({ time: d.time, status: d.status, predictors, ties: ref.ties });
      const mine = (name: string) => fit.coefficients.find((c) => c.term === name)!.estimate;
      const rc = ref.coefficients as Record<string, number>;
      for (const [k, v] of Object.entries(rc)) expectClose(mine(k.replace('=', '')), v, 1e-8, k);
      const t = terms((name) => rc[rmsName(name)]!);
      const rawLp = lpOf(t, 0);
      const base = coxBaselineSurvival(d.time, d.status, rawLp, ref.ties);
      expectClose(base.centre, ref.center, 1e-9, 'centre');
      const maxTime = Math.max(...d.time);
      for (const b of ref.baseline) expectClose(survivalAt(base, b.time, maxTime), b.survival, 1e-9, `S(${b.time})`);
      ref.linearPredictors.forEach((v: number, i: number) => expectClose(rawLp[i]! - base.centre, v, 1e-9, `lp[${i}]`, 1e-9));
      const nom = nomogram({
        kind: 'cox',
        terms: t,
        centre: base.centre,
        linearPredictors: rawLp.map((v: number) => v - base.centre),
        survival: ref.baseline.map((b: { time: number }) => ({ time: b.time, survival: survivalAt(base, b.time, maxTime) })),
      });
      expectClose(nom.scale, ref.sc, 1e-9, 'sc');
      expectClose(nom.lpAtZero, ref.interceptPlusMins, 1e-9, 'Intercept');
      expect(nom.linearPredictor.values).toEqual(ref.lpAt);
      expect(nom.totalPoints).toEqual(ref.totalPoints);
      for (const ax of ref.axes) {
        const axis = nom.predictors.find((p) => p.name === ax.name)!;
        expect(axis.labels).toEqual(ax.values);
        ax.points.forEach((p: number, i: number) => expectClose(axis.points[i]!, p, 1e-9, `${ax.name}[${i}]`, 1e-9));
      }
      ref.survival.forEach((s: { time: number; values: number[]; pointsApprox: number[] }, k: number) => {
        expect(nom.outcome[k]!.values, `S(${s.time})`).toEqual(s.values);
        s.pointsApprox.forEach((p, i) => expect(Math.abs(nom.outcome[k]!.points[i]! - p)).toBeLessThan(0.01));
      });
    });
  }

  it('refuses a model without terms and a Cox model without its centre', () => {
    expect(() => nomogram({ kind: 'logistic', terms: [], linearPredictors: [0] })).toThrow();
    expect(() => nomogram({ kind: 'cox', terms: terms(() => 1), linearPredictors: [0] })).toThrow();
  });
});
