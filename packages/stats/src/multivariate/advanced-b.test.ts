// Engine additions of issue 23 group B against fixtures/make-advanced-b.R: split-half reliability
// (R's var/cor of the half sums), silhouette widths (cluster::silhouette), and MICE's SD traces.
import { describe, expect, it } from 'vitest';
import { mice } from '../missing/mice.js';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { silhouette } from './cluster.js';
import { cronbachAlpha, splitHalfReliability } from './reliability.js';

const R = fixture('advanced-b');

describe('splitHalfReliability', () => {
  const x: number[][] = R.reliability.data;
  it('first/second and odd/even halves: r, Spearman–Brown, Guttman as R', () => {
    for (const [split, want] of [['first-second', R.reliability.firstSecond], ['odd-even', R.reliability.oddEven]] as const) {
      const s = splitHalfReliability(x, { split });
      expectClose(s.correlation, want.r, 1e-12, `${split} r`);
      expectClose(s.spearmanBrown, want.sb, 1e-12, `${split} SB`);
      expectClose(s.spearmanBrownUnequal, want.sb, 1e-12, `${split} SB (equal halves)`);
      expectClose(s.guttman, want.guttman, 1e-12, `${split} Guttman`);
    }
    const h = splitHalfReliability(x, { split: 'odd-even' }).halves;
    expect(h).toEqual([[0, 2, 4, 6], [1, 3, 5, 7]]);
  });
  it('each half’s alpha is the alpha of those items; unequal halves give the first half the extra item', () => {
    const s = splitHalfReliability(x.slice(0, 5));
    expect(s.halves).toEqual([[0, 1, 2], [3, 4]]);
    expectClose(s.alphaHalves[0], cronbachAlpha(x.slice(0, 3)).alpha, 1e-12, 'alpha half 1');
    expectClose(s.alphaHalves[1], cronbachAlpha(x.slice(3, 5)).alpha, 1e-12, 'alpha half 2');
    // With 3 + 2 items the unequal-length formula applies and differs from 2r / (1 + r).
    expect(s.spearmanBrownUnequal).not.toBeCloseTo(s.spearmanBrown, 10);
  });
});

describe('silhouette', () => {
  const cols: number[][] = R.cluster.data;
  it('average and per-cluster widths of R’s k-means partition (standardised data) as cluster::silhouette', () => {
    const s = silhouette(cols, R.cluster.kmeans3);
    expectClose(s.mean, R.cluster.kmeans3Silhouette, 1e-12, 'mean width');
    s.clusterMeans.forEach((m, c) => expectClose(m, R.cluster.kmeans3ClusterSil[c], 1e-12, `cluster ${c + 1}`));
    expectClose(silhouette(cols, R.cluster.ward3).mean, R.cluster.ward3Silhouette, 1e-12, 'ward mean width');
  });
  it('a singleton cluster has width 0; a wrong-length partition is refused', () => {
    const part = R.cluster.kmeans3.map((c: number, i: number) => (i === 0 ? 4 : c));
    expect(silhouette(cols, part).widths[0]).toBe(0);
    expect(() => silhouette(cols, [1, 2])).toThrow(/个数/);
  });
});

describe('mice traces', () => {
  it('imputedMean and SD per iteration describe the imputed values of the final data sets', () => {
    const rng = (i: number) => ((i * 7919) % 101) / 10;
    const a = Array.from({ length: 60 }, (_, i) => (i % 7 === 0 ? null : rng(i)));
    const b = Array.from({ length: 60 }, (_, i) => (i % 5 === 1 ? null : 2 * rng(i) + (i % 3)));
    const r = mice([{ name: 'a', values: a, type: 'numeric' }, { name: 'b', values: b, type: 'numeric' }], { m: 2, iterations: 4, seed: 3 });
    r.chains.forEach((c, v) => {
      expect(c.sd).toHaveLength(2);
      expect(c.imputedMean[0]).toHaveLength(4);
      for (let s = 0; s < 2; s++) {
        const vals = r.imputed[v]!.values[s] as number[];
        const m = vals.reduce((x, y) => x + y, 0) / vals.length;
        const sd = Math.sqrt(vals.reduce((x, y) => x + (y - m) ** 2, 0) / (vals.length - 1));
        expectClose(c.imputedMean[s]![3]!, m, 1e-12, 'last mean');
        expectClose(c.sd[s]![3]!, sd, 1e-12, 'last SD');
      }
    });
  });
});
