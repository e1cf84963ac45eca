import { describe, expect, it } from 'vitest';
import { maxOf, minOf } from './extent.js';

describe('maxOf / minOf', () => {
  it('answer as Math.max / Math.min over the same values', () => {
    for (const xs of [[], [3], [1, -2, 5, 0], [Infinity, 1], [-Infinity], [2, NaN, 3], [NaN]]) {
      expect(maxOf(xs)).toBe(Math.max(...xs));
      expect(minOf(xs)).toBe(Math.min(...xs));
    }
    expect(maxOf(Float64Array.of(1, 9, 4))).toBe(9);
  });

  it('take a million values, which spreading into Math.max cannot', () => {
    const big = Array.from({ length: 1_000_000 }, (_, i) => (i * 7919) % 1_000_003);
    expect(() => Math.max(...big)).toThrow(RangeError);
    expect(maxOf(big)).toBe(big.reduce((a, b) => (b > a ? b : a)));
    expect(minOf(big)).toBe(0);
  });
});

describe('maxOf / minOf over iterables', () => {
  it('read sets and map values as Math.max over their spread', () => {
    const s = new Set([4, -1, 9]);
    expect(maxOf(s)).toBe(9);
    expect(minOf(new Map([['a', 3], ['b', -7]]).values())).toBe(-7);
    expect(maxOf(new Set<number>())).toBe(-Infinity);
  });
});

describe('no source spreads values into Math.max / Math.min', () => {
  it('finds none in the engine, the tools, processing, the server or the web app', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '../../../..');
    const dirs = ['packages/stats/src', 'packages/tools/src', 'packages/processing/src', 'packages/contracts/src', 'apps/server/src', 'apps/web/src'];
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
          fs.readFileSync(p, 'utf8')
            .split('\n')
            .forEach((line, i) => {
              // A spread argument of Math.max/min on this line (comments aside).
              if (/Math\.(max|min)\((?:\s*|(?:[^()]|\([^()]*\))*,\s*)\.\.\./.test(line.replace(/\/\/.*$/, '')) && !/^\s*\*/.test(line)) offenders.push(`${path.relative(root, p)}:${i + 1}`);
            });
        }
      }
    };
    for (const d of dirs) walk(path.join(root, d));
    expect(offenders).toEqual([]);
  });
});
