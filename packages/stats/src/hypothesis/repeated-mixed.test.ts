import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { mixedRepeatedMeasuresAnova, type MixedAnovaRow, type MixedWithinRow } from './repeated-mixed.js';

// fixtures/make-anova-emmeans.R: car::Anova(lm(Y ~ g, contr.sum), idesign = ~time, type = 3), 3 unequal groups × 4 times.
const M = fixture('anova-emmeans').mixed;
const REL = 1e-9;

function same(got: MixedAnovaRow, r: any, label: string) {
  expectClose(got.ss, r.ss, REL, `${label} SS`);
  expectClose(got.ssError, r.ssError, REL, `${label} error SS`);
  expect([got.df1, got.df2]).toEqual([r.df1, r.df2]);
  expectClose(got.statistic, r.F, REL, `${label} F`);
  expectClose(got.pValue, r.p, REL, `${label} p`);
}
function sameWithin(got: MixedWithinRow, r: any, label: string) {
  same(got, r, label);
  expectClose(got.greenhouseGeisser.epsilon, r.ggEps, REL, `${label} GG ε`);
  expectClose(got.greenhouseGeisser.pValue, r.ggP, REL, `${label} GG p`);
  expectClose(got.huynhFeldt.epsilon, r.hfEps, REL, `${label} HF ε`);
  expectClose(got.huynhFeldt.pValue, r.hfP, REL, `${label} HF p`);
}

describe('mixed repeated-measures ANOVA agrees with car::Anova (type 3)', () => {
  it('between, within, interaction, intercept, Mauchly, GG and HF', () => {
    const r = mixedRepeatedMeasuresAnova(M.Y, M.group);
    same(r.intercept, M.intercept, 'intercept');
    same(r.between, M.between, 'between');
    sameWithin(r.within, M.time, 'time');
    sameWithin(r.interaction, M.interaction, 'group:time');
    expectClose(r.mauchly!.statistic, M.time.mauchlyW, REL, 'Mauchly W');
    expectClose(r.mauchly!.pValue, M.time.mauchlyP, REL, 'Mauchly p');
    expect(r.groupSizes).toEqual([7, 8, 6]);
  });

  it('drops incomplete subjects and refuses a group of one', () => {
    const r = mixedRepeatedMeasuresAnova([...M.Y, [1, NaN, 3, 4]], [...M.group, 'A']);
    expect(r.missing).toBe(1);
    expect(() => mixedRepeatedMeasuresAnova([...M.Y, [1, 2, 3, 4]], [...M.group, 'D'])).toThrow('组“D”只有1个');
    expect(() => mixedRepeatedMeasuresAnova(M.Y, M.group.map(() => 'A'))).toThrow('至少需要2个组');
  });
});
