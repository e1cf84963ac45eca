// linearDiscriminant against MASS::lda / predict.lda / lda(CV = TRUE) and the Wilks' lambda tests written
// in R (fixtures/make-discriminant.R). Tolerance 1e-8 relative (closed-form linear algebra), posteriors
// 1e-8 absolute.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { linearDiscriminant } from './discriminant.js';

const F = JSON.parse(fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/discriminant.json'), 'utf8'));
const arr = (v: unknown): number[] => ([] as number[]).concat(v as number[]);
const close = (got: number, want: number, label: string, rel = 1e-8, abs = 1e-10) =>
  expect(Math.abs(got - want), `${label}: got ${got}, R ${want}`).toBeLessThanOrEqual(Math.max(rel * Math.abs(want), abs));
const closeMatrix = (got: number[][], want: number[][], label: string, rel = 1e-8, abs = 1e-10) =>
  want.forEach((row, i) => arr(row).forEach((v, j) => close(got[i]![j]!, v, `${label}[${i},${j}]`, rel, abs)));

const cases: Array<[string, string, 'proportional' | 'equal']> = [
  ['iris', 'proportional', 'proportional'],
  ['iris', 'equal', 'equal'],
  ['mtcars', 'proportional', 'proportional'],
];

describe('linearDiscriminant equals MASS::lda', () => {
  for (const [data, key, prior] of cases) {
    it(`${data}, ${prior} priors`, () => {
      const D = F[data];
      const R = D[key];
      const f = linearDiscriminant(D.x, D.group, { prior });
      closeMatrix(f.means, R.means, 'means');
      closeMatrix(f.scaling, R.scaling, 'scaling');
      arr(R.svd).forEach((v, j) => close(f.svd[j]!, v, `svd ${j}`));
      arr(R.proportionOfTrace).forEach((v, j) => close(f.proportionOfTrace[j]!, v, `trace ${j}`));
      closeMatrix(f.scores, R.scores, 'scores', 1e-8, 1e-9);
      closeMatrix(f.posterior, R.posterior, 'posterior', 0, 1e-8);
      closeMatrix(f.cvPosterior, R.cvPosterior, 'CV posterior', 0, 1e-8);
      expect(f.predicted).toEqual(arr(R.predicted));
      expect(f.cvPredicted).toEqual(arr(R.cvPredicted));
      const tests = ([] as Array<Record<string, number>>).concat(R.tests);
      expect(f.tests.length).toBe(tests.length);
      tests.forEach((t, k) => {
        const got = f.tests[k]!;
        close(got.eigenvalue, t.eigenvalue!, `eigenvalue ${k}`);
        close(got.canonicalCorrelation, t.canonicalCorrelation!, `rc ${k}`);
        close(got.wilks, t.wilks!, `wilks ${k}`);
        close(got.statistic, t.statistic!, `chi2 ${k}`);
        expect(got.df).toBe(t.df);
        close(got.pValue, t.pValue!, `p ${k}`, 1e-6, 1e-300);
      });
    });
  }

  it('refuses a variable constant within groups and a one-row group', () => {
    const x = [[1, 2], [2, 2], [3, 2], [4, 2], [5, 2], [6, 2]];
    expect(() => linearDiscriminant(x, [0, 0, 0, 1, 1, 1])).toThrow(/奇异/);
    expect(() => linearDiscriminant([[1], [2], [3], [4]], [0, 0, 0, 1])).toThrow(/至少需要 2 个观测/);
  });
});
