import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { repeatedMeasuresAnova } from './repeated.js';

const R = fixture('repeated');
const REL = 1e-9;

describe('repeated-measures ANOVA agrees with car::Anova (idesign)', () => {
  it('F test, Mauchly, Greenhouse–Geisser and Huynh–Feldt', () => {
    const r = repeatedMeasuresAnova(R.data);
    expectClose(r.statistic, R.F, REL, 'F');
    expectClose(r.pValue, R.p, REL, 'p');
    expectClose(r.ss, R.ss, REL, 'SS');
    expectClose(r.ssError, R.ssError, REL, 'SS error');
    expect([r.df1, r.df2]).toEqual([R.df1, R.df2]);
    expectClose(r.mauchly!.statistic, R.mauchlyW, REL, 'Mauchly W');
    expectClose(r.mauchly!.pValue, R.mauchlyP, REL, 'Mauchly p');
    expectClose(r.greenhouseGeisser.epsilon, R.ggEps, REL, 'GG eps');
    expectClose(r.greenhouseGeisser.pValue, R.ggP, REL, 'GG p');
    expectClose(r.huynhFeldt.epsilon, R.hfEps, REL, 'HF eps');
    expectClose(r.huynhFeldt.pValue, R.hfP, REL, 'HF p');
  });

  it('drops incomplete subjects and refuses a single condition', () => {
    const r = repeatedMeasuresAnova([...R.data, [1, NaN, 3, 4]]);
    expect(r.missing).toBe(1);
    expect(() => repeatedMeasuresAnova([[1], [2]])).toThrow('至少需要2个测量条件');
  });
});
