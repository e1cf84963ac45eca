// Polynomial regression on raw powers through a centred, scaled basis: NIST Filip, which lm refuses,
// and the other polynomial NIST sets; bad input refused with a message.
import { describe, expect, it } from 'vitest';
import { StatsError } from '../errors.js';
import { fixture, logRelativeError } from '../internal/test-helpers.js';
import { polynomialRegression } from './polynomial.js';

const N = fixture('nist-lls');

describe('polynomialRegression', () => {
  it('fits NIST Filip to 13 digits, and the other polynomial sets as stated', () => {
    // Minimum log relative error reached: coefficients, SEs, residual SD, R².
    const floors: Record<string, number> = { filip: 13, norris: 12, pontius: 12, wampler3: 9, wampler4: 8.5, wampler5: 7 };
    const rows: Record<string, string>[] = [];
    for (const [name, floor] of Object.entries(floors)) {
      const d = N[name];
      const f = polynomialRegression(d.x, d.y, d.degree);
      const coef = Math.min(...f.coefficients.map((v, i) => logRelativeError(v, d.beta[i])));
      const se = Math.min(...f.se.map((v, i) => logRelativeError(v, d.sd[i])));
      const rest = Math.min(logRelativeError(f.residualSd, d.residualSd), logRelativeError(f.rSquared, d.rSquared));
      rows.push({ dataset: name, coefficients: coef.toFixed(1), se: se.toFixed(1), 'residual SD, R²': rest.toFixed(1) });
      expect(coef, name).toBeGreaterThanOrEqual(floor);
      expect(Math.min(se, rest), name).toBeGreaterThanOrEqual(12);
    }
    console.table(rows);
  });

  it('refuses what cannot be fitted, with a message', () => {
    expect(() => polynomialRegression([1, 2, 3, 4], [1, 2, 3, 5], 0)).toThrow('多项式次数');
    expect(() => polynomialRegression([1, 2, 3], [1, 2, 3], 2)).toThrow('必须多于');
    expect(() => polynomialRegression([1, 1, 2, 2, 1], [1, 2, 3, 4, 5], 2)).toThrow('不同取值少于3个');
    expect(() => polynomialRegression([1, 2, NaN, 4], [1, 2, 3, 4], 1)).toThrow(StatsError);
    expect(() => polynomialRegression([1, 2, 3, 4], [2, 2, 2, 2], 1)).toThrow('因变量为常数');
    expect(() => polynomialRegression([1, 2, 3], [1, 2], 1)).toThrow('观测数不一致');
  });
});
