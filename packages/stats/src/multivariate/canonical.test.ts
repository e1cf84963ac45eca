// canonicalCorrelation against stats::cancor and the Wilks' lambda tests, loadings and redundancy written
// in R (fixtures/make-canonical.R). Tolerance 1e-8 relative (closed-form linear algebra), 1e-10 absolute.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canonicalCorrelation } from './canonical.js';

const F = JSON.parse(fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/canonical.json'), 'utf8'));
const arr = (v: unknown): number[] => ([] as number[]).concat(v as number[]);
const close = (got: number, want: number, label: string, rel = 1e-8, abs = 1e-10) =>
  expect(Math.abs(got - want), `${label}: got ${got}, R ${want}`).toBeLessThanOrEqual(Math.max(rel * Math.abs(want), abs));
const closeMatrix = (got: number[][], want: number[][], label: string) => want.forEach((row, i) => arr(row).forEach((v, j) => close(got[i]![j]!, v, `${label}[${i},${j}]`)));

describe('canonicalCorrelation equals stats::cancor', () => {
  for (const key of ['lifecycle', 'attitude']) {
    it(key, () => {
      const R = F[key];
      const c = canonicalCorrelation(R.x, R.y);
      arr(R.cor).forEach((v, j) => close(c.cor[j]!, v, `cor ${j}`));
      arr(R.xcenter).forEach((v, j) => close(c.xcenter[j]!, v, `xcenter ${j}`));
      for (const m of ['xcoef', 'ycoef', 'xstd', 'ystd', 'xload', 'yload', 'xscores', 'yscores'] as const) closeMatrix(c[m], R[m], m);
      arr(R.xredundancy).forEach((v, j) => close(c.xredundancy[j]!, v, `xred ${j}`));
      arr(R.yredundancy).forEach((v, j) => close(c.yredundancy[j]!, v, `yred ${j}`));
      c.tests.forEach((t, k) => {
        close(t.wilks, arr(R.wilks)[k]!, `wilks ${k}`);
        close(t.statistic, arr(R.statistic)[k]!, `chi2 ${k}`);
        expect(t.df).toBe(arr(R.df)[k]);
        close(t.pValue, arr(R.pValue)[k]!, `p ${k}`, 1e-6, 1e-300);
      });
    });
  }

  it('refuses a singular set and too few rows', () => {
    const x = Array.from({ length: 10 }, (_, i) => [i, 2 * i]);
    const y = Array.from({ length: 10 }, (_, i) => [Math.sin(i), Math.cos(i)]);
    expect(() => canonicalCorrelation(x, y)).toThrow(/第一组变量的协方差矩阵奇异/);
    expect(() => canonicalCorrelation(x.slice(0, 4), y.slice(0, 4))).toThrow(/须多于两组变量数之和/);
  });
});
