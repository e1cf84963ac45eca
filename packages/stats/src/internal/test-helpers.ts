// Test helpers: load committed R fixtures and compare with a stated relative tolerance.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures');

export function fixture<T = any>(name: string): T {
  return JSON.parse(fs.readFileSync(path.join(fixturesDir, `${name}.json`), 'utf8')) as T;
}

/** |actual − expected| ≤ rel·|expected| (or ≤ abs when expected is 0 or tiny). */
export function expectClose(actual: number, expected: number, rel = 1e-9, label = '', abs = 0): void {
  if (expected === null || expected === undefined) throw new Error(`fixture value missing for ${label}`);
  if (!Number.isFinite(expected)) {
    expect(actual, label).toBe(expected);
    return;
  }
  const err = Math.abs(actual - expected);
  const ok = err <= Math.max(rel * Math.abs(expected), abs);
  if (!ok) {
    expect.fail(`${label}: got ${actual}, R says ${expected} (relative error ${(err / Math.abs(expected)).toExponential(2)}, tolerance ${rel})`);
  }
}

/** Number of correct significant digits, −log10 of the relative error (capped at 15). */
export function logRelativeError(actual: number, certified: number): number {
  if (actual === certified) return 15;
  const e = certified === 0 ? Math.abs(actual) : Math.abs(actual - certified) / Math.abs(certified);
  return Math.min(15, -Math.log10(e));
}
