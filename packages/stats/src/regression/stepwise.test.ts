import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { stepwiseSelection, type StepwiseInput } from './stepwise.js';

const R = fixture('stepwise');
const mtTerms = ['cyl', 'disp', 'hp', 'drat', 'wt', 'qsec', 'vs', 'am', 'gear', 'carb'];
const bwTerms = ['age', 'lwt', 'race', 'smoke', 'ptl', 'ht', 'ui', 'ftv'];
const mt: Omit<StepwiseInput, 'direction'> = {
  model: 'linear',
  y: R.mtcars.mpg,
  predictors: mtTerms.map((name) => ({ name, values: R.mtcars[name], type: 'numeric' as const })),
};
const bw: Omit<StepwiseInput, 'direction'> = {
  model: 'logistic',
  y: R.birthwt.low,
  predictors: bwTerms.map((name) => ({ name, values: R.birthwt[name], type: name === 'race' ? ('categorical' as const) : ('numeric' as const) })),
};

/** Compares our steps with step()'s anova table ("", "- cyl", "+ wt", …) and its AIC column. */
function samePath(got: ReturnType<typeof stepwiseSelection>, ref: { step: string[]; aic: number[]; selected: string[] }): void {
  expect(got.steps.map((s) => `${s.action === 'add' ? '+' : '-'} ${s.term}`)).toEqual(ref.step.slice(1));
  expectClose(got.start, ref.aic[0]!, 1e-9, 'start');
  got.steps.forEach((s, i) => expectClose(s.value, ref.aic[i + 1]!, 1e-9, `step ${i + 1}`));
  expect([...got.selected].sort()).toEqual([...ref.selected].sort());
}

describe('stepwise selection agrees with R (step; p-value rules through drop1/add1)', () => {
  it('linear, AIC: backward, forward, both; BIC backward (mtcars)', () => {
    samePath(stepwiseSelection({ ...mt, direction: 'backward' }), R.mtBackward);
    samePath(stepwiseSelection({ ...mt, direction: 'forward' }), R.mtForward);
    samePath(stepwiseSelection({ ...mt, direction: 'both' }), R.mtBoth);
    samePath(stepwiseSelection({ ...mt, direction: 'backward', criterion: 'bic' }), R.mtBic);
  });

  it('logistic, AIC: backward and both, with a categorical predictor (birthwt)', () => {
    samePath(stepwiseSelection({ ...bw, direction: 'backward' }), R.bwBackward);
    samePath(stepwiseSelection({ ...bw, direction: 'both' }), R.bwBoth);
  });

  for (const [label, input, ref] of [
    ['linear stepwise by p (partial F)', { ...mt, direction: 'both' as const }, R.mtP],
    ['linear backward by p', { ...mt, direction: 'backward' as const }, R.mtPBackward],
    ['logistic stepwise by p (LR)', { ...bw, direction: 'both' as const }, R.bwP],
    ['logistic backward by p', { ...bw, direction: 'backward' as const }, R.bwPBackward],
  ] as const) {
    it(label, () => {
      const got = stepwiseSelection({ ...input, criterion: 'p' });
      expect(got.steps.map((s) => s.action)).toEqual(ref.action);
      expect(got.steps.map((s) => s.term)).toEqual(ref.term);
      got.steps.forEach((s, i) => expectClose(s.value, ref.p[i], 1e-8, `p ${s.term}`));
      expect([...got.selected].sort()).toEqual([...ref.selected].sort());
    });
  }

  it('keeps forced predictors and refuses bad settings', () => {
    const got = stepwiseSelection({ ...mt, direction: 'backward', keep: ['cyl'] });
    expect(got.selected).toContain('cyl');
    expect(got.steps.some((s) => s.term === 'cyl')).toBe(false);
    expect(() => stepwiseSelection({ ...mt, keep: ['nope'] })).toThrow(/“nope”不在候选自变量中/);
    expect(() => stepwiseSelection({ ...mt, criterion: 'p', pEnter: 0.2, pRemove: 0.1 })).toThrow(/反复进出/);
  });
});
