import { describe, expect, it } from 'vitest';
import { expectClose, fixture } from '../internal/test-helpers.js';
import { cutTree, hierarchicalClustering, kMeans, type LinkageMethod } from './cluster.js';

const R = fixture('cluster');
const us = Object.keys(R.usarrests).map((k) => R.usarrests[k] as number[]);
const iris = Object.keys(R.iris).map((k) => R.iris[k] as number[]);

describe('hierarchical clustering agrees with R (hclust, cutree)', () => {
  for (const ref of R.hclust as { method: LinkageMethod; merge: [number, number][]; height: number[]; order: number[]; cut4: number[] }[]) {
    it(`${ref.method}: merge matrix, heights, leaf order and a 4-group cut on scaled USArrests`, () => {
      const h = hierarchicalClustering(us, { method: ref.method });
      expect(h.merge).toEqual(ref.merge);
      h.height.forEach((v, i) => expectClose(v, ref.height[i]!, 1e-12, `height ${i}`));
      expect(h.order).toEqual(ref.order);
      expect(cutTree(h.merge, 4)).toEqual(ref.cut4);
    });
  }

  it('drops incomplete rows and reports which input rows were clustered', () => {
    const withGap = us.map((c, j) => c.map((v, i) => (i === 3 && j === 1 ? null : v)));
    const h = hierarchicalClustering(withGap, { method: 'average' });
    expect(h.n).toBe(49);
    expect(h.excluded).toBe(1);
    expect(h.rows).not.toContain(3);
    expect(h.merge).toHaveLength(48);
  });
});

describe('k-means reaches the optimum R finds with 100 Hartigan–Wong starts', () => {
  const sortClusters = (sizes: number[], centers: number[][]) =>
    sizes.map((s, c) => ({ s, c: centers[c]! })).sort((a, b) => b.s - a.s || a.c[0]! - b.c[0]!);

  for (const [label, data, ref, standardize] of [
    ['scaled USArrests, k = 4', us, R.kmUs, true],
    ['iris, k = 3, unscaled', iris, R.kmIris, false],
  ] as const) {
    it(label, () => {
      const km = kMeans(data, { k: ref.k, seed: 42, standardize });
      expectClose(km.totWithinss, ref.totWithinss, 1e-10, 'tot.withinss');
      expectClose(km.totss, ref.totss, 1e-12, 'totss');
      expectClose(km.betweenss, ref.betweenss, 1e-9, 'betweenss');
      const ours = sortClusters(km.sizes, km.centers);
      ours.forEach((o, c) => {
        expect(o.s).toBe(ref.size[c]);
        o.c.forEach((v, t) => expectClose(v, ref.centers[c][t], 1e-10, `center ${c},${t}`));
      });
      expect(km.cluster).toHaveLength(data[0]!.length);
      expect(km.sizes.reduce((a, b) => a + b, 0)).toBe(data[0]!.length);
    });
  }

  it('the same seed repeats exactly; bad k is refused in Chinese', () => {
    const a = kMeans(iris, { k: 3, seed: 7, starts: 1 });
    const b = kMeans(iris, { k: 3, seed: 7, starts: 1 });
    expect(a.cluster).toEqual(b.cluster);
    expect(() => kMeans(iris, { k: 1 })).toThrow(/聚类数必须是不小于2的整数/);
    expect(() => kMeans([[1, 1, 1, 2]], { k: 3, standardize: false })).toThrow(/不同的观测点只有2个/);
  });
});
