import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { pAdjust, type PAdjustMethod } from './p-adjust.js';

const P = fixture('padjust');

describe('p.adjust', () => {
  it('agrees with R for every method, ties included', () => {
    for (const [m, expected] of Object.entries<number[]>(P.methods)) {
      pAdjust(P.p, m as PAdjustMethod).forEach((v, i) => expectClose(v, expected[i]!, 1e-12, `${m}[${i}]`));
    }
  });

  it('keeps missing p-values in place and refuses values outside [0, 1]', () => {
    expect(pAdjust([0.01, NaN, 0.02], 'bonferroni')).toEqual([0.02, NaN, 0.04]);
    expect(() => pAdjust([1.2, 0.1])).toThrow('p值必须在0到1之间');
  });
});
