import { describe, expect, it } from 'vitest';
import { orderStatistics, selectInPlace } from './select.js';

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
});
