import { describe, expect, it } from 'vitest';
import { orderStatistics, orderStatisticsInRange, selectInPlace } from './select.js';

let seed = 7;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

describe('selection', () => {
  it('finds every order statistic like a sort does, with ties, sorted and reversed input', () => {
    const inputs = [
      Float64Array.from({ length: 1001 }, () => Math.floor(rnd() * 20)),
      Float64Array.from({ length: 777 }, () => rnd() - 0.5),
      Float64Array.from({ length: 500 }, (_, i) => i),
      Float64Array.from({ length: 500 }, (_, i) => -i),
      new Float64Array(300).fill(3),
    ];
    for (const x of inputs) {
      const sortedCopy = Float64Array.from(x).sort();
      for (const k of [0, 1, 17, x.length >> 1, x.length - 2, x.length - 1]) {
        const a = Float64Array.from(x);
        selectInPlace(a, k);
        expect(a[k]).toBe(sortedCopy[k]);
        for (let i = 0; i < k; i++) expect(a[i]! <= a[k]!).toBe(true);
        for (let i = k + 1; i < a.length; i++) expect(a[i]! >= a[k]!).toBe(true);
      }
      const picks = orderStatistics(Float64Array.from(x), [x.length - 1, 3, 3, 40, 0]);
      for (const [k, v] of picks) expect(v).toBe(sortedCopy[k]);
    }
  });

  it('finds the same order statistics by buckets over the range, leaving the data as it is', () => {
    const inputs = [
      Float64Array.from({ length: 1001 }, () => Math.floor(rnd() * 20)),
      Float64Array.from({ length: 20000 }, () => rnd() - 0.5),
      Float64Array.from({ length: 5000 }, () => Math.exp(12 * rnd())),
      Float64Array.from({ length: 500 }, (_, i) => -i),
      Float64Array.from({ length: 3000 }, (_, i) => (i % 3 === 0 ? 1e-300 : i === 7 ? 1e300 : 5)),
    ];
    for (const x of inputs) {
      const before = Float64Array.from(x);
      const sortedCopy = Float64Array.from(x).sort();
      const ks = [0, 1, 17, x.length >> 2, x.length >> 1, (3 * x.length) >> 2, x.length - 2, x.length - 1];
      const picks = orderStatisticsInRange(x, ks, sortedCopy[0]!, sortedCopy[x.length - 1]!)!;
      for (const k of ks) expect(picks.get(k)).toBe(sortedCopy[k]);
      expect(x).toEqual(before);
    }
    expect(orderStatisticsInRange(new Float64Array(30).fill(3), [0, 15], 3, 3)).toBeNull();
    expect(orderStatisticsInRange(Float64Array.of(-1.5e308, 1.5e308), [0, 1], -1.5e308, 1.5e308)).toBeNull();
  });
});
