import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { chiSquareTest, fisherExact, gTest } from './categorical.js';
import { fisherNetworkP } from './fisher-rxc.js';

const F = fixture('fisher-rxc');

describe("Fisher's exact test on R×C tables agrees with R's fisher.test", () => {
  for (const [name, c] of Object.entries(F.fisher as Record<string, { table: number[][]; pValue: number }>)) {
    it(name, () => {
      const r = fisherExact(c.table);
      expect(r.simulated).toBeNull();
      expectClose(r.pValue, c.pValue, 1e-9, name);
      // Transposed tables give the same p.
      const t = c.table[0]!.map((_, j) => c.table.map((row) => row[j]!));
      expectClose(fisherExact(t).pValue, c.pValue, 1e-9, `${name}ᵀ`);
    });
  }

  it('past the work budget: a seeded Monte Carlo p whose interval holds the exact p', () => {
    const t = F.bigExact.table as number[][];
    expect(fisherNetworkP(t)).toBeNull();
    const r = fisherExact(t);
    expect(r.simulated).not.toBeNull();
    expect(r.simulated!.B).toBe(1e5);
    expect(r.simulated!.ci[0]).toBeLessThan(F.bigExact.pValue);
    expect(r.simulated!.ci[1]).toBeGreaterThan(F.bigExact.pValue);
    expect(fisherExact(t).pValue).toBe(r.pValue); // seeded: repeats exactly
    expect(() => fisherExact(t, { simulate: false })).toThrow(/精确检验/);
  });
});

describe('chi-square residuals and G² agree with R', () => {
  for (const [name, c] of Object.entries(F.residuals as Record<string, { table: number[][]; residuals: number[][]; stdres: number[][]; g2: { statistic: number; df: number; pValue: number } }>)) {
    it(name, () => {
      const x = chiSquareTest(c.table, { correct: false });
      x.residuals.flat().forEach((v, i) => expectClose(v, c.residuals.flat()[i]!, 1e-9, `res${i}`));
      x.stdres.flat().forEach((v, i) => expectClose(v, c.stdres.flat()[i]!, 1e-9, `stdres${i}`));
      const g = gTest(c.table);
      expectClose(g.statistic, c.g2.statistic, 1e-9, 'G2');
      expect(g.df).toBe(c.g2.df);
      expectClose(g.pValue, c.g2.pValue, 1e-9, 'p');
    });
  }
});
