import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { multinomialRegression } from './multinomial.js';

const R = fixture('multinomial');
const predictors = {
  hincome: { name: 'hincome', values: R.hincome as number[], type: 'numeric' as const },
  children: { name: 'children', values: R.children as string[], type: 'categorical' as const },
  region: { name: 'region', values: R.region as string[], type: 'categorical' as const },
};

describe('multinomial logistic regression agrees with R (nnet::multinom, car::Anova)', () => {
  it('coefficients, SEs, deviance, AIC and type II LR tests (Womenlf)', () => {
    const m = multinomialRegression({ y: R.partic, predictors: [predictors.hincome, predictors.children, predictors.region] });
    expect(m.categories).toEqual(['fulltime', 'not.work', 'parttime']);
    expect(m.reference).toBe('fulltime');
    const p = 7;
    m.coefficients.forEach((c, idx) => {
      const k = Math.floor(idx / p);
      const j = idx % p;
      expectClose(c.estimate, R.main.coef[j][k], 1e-6, `${c.category} ${c.term}`);
      expectClose(c.se, R.main.se[j][k], 1e-6, `${c.category} ${c.term} se`);
    });
    expectClose(m.deviance, R.main.deviance, 1e-9, 'deviance');
    expectClose(m.aic, R.main.aic, 1e-9, 'AIC');
    m.termTests.forEach((t, i) => {
      expect(t.term).toBe(R.main.terms[i]);
      expectClose(t.chiSquare, R.main.lr[i], 1e-6, `LR ${t.term}`);
      expect(t.df).toBe(R.main.df[i]);
      expectClose(t.pValue, R.main.p[i], 1e-5, `p ${t.term}`);
    });
    expect(m.classification.flat().reduce((s, v) => s + v, 0)).toBe(263);
    expect(m.modelDf).toBe(12);
    expect(m.mcFaddenR2).toBeGreaterThan(0);
  });

  it('type II tests with an interaction keep marginality (car::Anova on hincome * children)', () => {
    const m = multinomialRegression({ y: R.partic, predictors: [predictors.hincome, predictors.children], interactions: [['hincome', 'children']] });
    expectClose(m.deviance, R.interaction.deviance, 1e-9, 'deviance');
    m.termTests.forEach((t, i) => {
      expect(t.term).toBe(R.interaction.terms[i]);
      expectClose(t.chiSquare, R.interaction.lr[i], 1e-6, `LR ${t.term}`);
    });
  });

  it('a chosen reference category reparameterises the same fit', () => {
    const a = multinomialRegression({ y: R.partic, predictors: [predictors.hincome], reference: 'not.work' });
    const b = multinomialRegression({ y: R.partic, predictors: [predictors.hincome] });
    expect(a.reference).toBe('not.work');
    expectClose(a.deviance, b.deviance, 1e-10, 'same likelihood');
  });

  it('refuses two categories and separated data with Chinese messages', () => {
    expect(() => multinomialRegression({ y: ['a', 'b', 'a', 'b', 'a'], predictors: [{ name: 'x', values: [1, 2, 3, 4, 5], type: 'numeric' }] })).toThrow(/至少需要3个类别/);
    const x = Array.from({ length: 30 }, (_, i) => i);
    const y = x.map((v) => (v < 10 ? 'a' : v < 20 ? 'b' : 'c'));
    expect(() => multinomialRegression({ y, predictors: [{ name: 'x', values: x, type: 'numeric' }] })).toThrow(/分离/);
  });
});
