import { describe, expect, it } from 'vitest';
import { argsort, rank } from './rank.js';

let seed = 11;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

/** Average ranks by comparing every pair: (number below) + (number equal + 1) / 2. */
function naiveRanks(x: readonly number[]): number[] {
  return x.map((v) => {
    let below = 0;
    let equal = 0;
    for (const w of x) {
      if (w < v) below++;
      else if (w === v) equal++;
    }
    return below + (equal + 1) / 2;
  });
}

describe('radix ranking', () => {
  const inputs: number[][] = [
    Array.from({ length: 500 }, () => Math.floor(rnd() * 20) - 10),
    Array.from({ length: 500 }, () => (rnd() - 0.5) * 1e-300),
    Array.from({ length: 500 }, () => (rnd() - 0.5) * 1e300),
    Array.from({ length: 300 }, () => [0, -0, 1, -1, Infinity, -Infinity, 2.5, -2.5, 5e-324, -5e-324][Math.floor(rnd() * 10)]!),
    Array.from({ length: 257 }, (_, i) => 1e6 + i * 1e-9),
    // At and below the comparison-sort size, the same kinds of value.
    Array.from({ length: 256 }, () => [0, -0, 1, -1, Infinity, -Infinity, 2.5, -2.5, 5e-324, -5e-324][Math.floor(rnd() * 10)]!),
    Array.from({ length: 40 }, () => (rnd() - 0.5) * 1e300),
    [2, 2, 1],
    [3],
    [],
  ];

  it('gives the average ranks and tie sizes a pairwise count gives (signs, −0, ±Infinity, subnormals)', () => {
    for (const x of inputs) {
      const { ranks, ties } = rank(x);
      expect(Array.from(ranks)).toEqual(naiveRanks(x));
      const sorted = [...x].sort((a, b) => a - b);
      const groups: number[] = [];
      for (let i = 0; i < sorted.length; ) {
        let j = i;
        while (j + 1 < sorted.length && sorted[j + 1] === sorted[i]) j++;
        if (j > i) groups.push(j - i + 1);
        i = j + 1;
      }
      expect(ties).toEqual(groups);
    }
  });

  it('argsort is stable, and sorting y then x gives the (x, y) order', () => {
    const x = Array.from({ length: 1000 }, () => Math.floor(rnd() * 7));
    const y = Array.from({ length: 1000 }, () => Math.floor(rnd() * 5));
    const byX = Array.from(argsort(x));
    const stable = x.map((_, i) => i).sort((a, b) => x[a]! - x[b]! || a - b);
    expect(byX).toEqual(stable);
    const byXY = Array.from(argsort(x, argsort(y)));
    expect(byXY).toEqual(x.map((_, i) => i).sort((a, b) => x[a]! - x[b]! || y[a]! - y[b]! || a - b));
    // The same on a block small enough for the comparison sort.
    const xs = x.slice(0, 100);
    const ys = y.slice(0, 100);
    expect(Array.from(argsort(xs, argsort(ys)))).toEqual(xs.map((_, i) => i).sort((a, b) => xs[a]! - xs[b]! || ys[a]! - ys[b]! || a - b));
  });

  it('ranks many small blocks in time linear in their number (Friedman ranks each block)', () => {
    const t = performance.now();
    for (let b = 0; b < 20_000; b++) rank([rnd(), rnd(), rnd(), rnd()]);
    // The radix path allocated a 1 MB histogram per call: 20,000 blocks took tens of seconds.
    expect(performance.now() - t).toBeLessThan(3000);
  });
});
