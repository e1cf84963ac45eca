import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CacheBudget } from './cache-budget.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function folder(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-cache-'));
  dirs.push(d);
  return d;
}
const put = (dir: string, name: string, bytes: number) => {
  const p = path.join(dir, ...name.split('/'));
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, Buffer.alloc(bytes, 1));
  return p;
};

describe('CacheBudget', () => {
  it('removes the least recently used copies past the budget, never one used within the grace time', () => {
    const dir = folder();
    let now = 1_000_000;
    const budget = new CacheBudget(dir, 250, 1000, () => now);
    const a = put(dir, 'files/a/data.parquet', 100);
    budget.touch(a);
    now += 2000;
    const b = put(dir, 'files/b/data.parquet', 100);
    budget.touch(b);
    now += 2000;
    budget.touch(a); // a is now more recent than b
    now += 2000;
    const c = put(dir, 'files/c/data.parquet', 100);
    budget.touch(c);
    expect(fs.existsSync(b)).toBe(false);
    expect(fs.existsSync(a) && fs.existsSync(c)).toBe(true);
    expect(budget.bytes).toBe(200);

    // Everything used just now: over budget for a while rather than pulling a file from a reader.
    const d = put(dir, 'files/d/data.parquet', 100);
    budget.touch(d);
    const e = put(dir, 'files/e/data.parquet', 100);
    budget.touch(e);
    expect(budget.bytes).toBe(300);
    expect(fs.existsSync(d) && fs.existsSync(e)).toBe(true);
  });

  it('picks up what a previous run left, in the order of last use, and drops unfinished downloads', () => {
    const dir = folder();
    const old = put(dir, 'files/old/data.parquet', 100);
    const recent = put(dir, 'files/new/data.parquet', 100);
    const part = put(dir, 'files/x/data.parquet.123.abc.part', 50);
    fs.utimesSync(old, new Date(1000), new Date(1000));
    fs.utimesSync(recent, new Date(5000), new Date(5000));
    const budget = new CacheBudget(dir, 150, 1000, () => 100_000);
    budget.load();
    expect(fs.existsSync(part)).toBe(false);
    expect(budget.bytes).toBe(200);
    const more = put(dir, 'files/more/data.parquet', 10);
    budget.touch(more);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(recent)).toBe(true);
    budget.forgetUnder(path.join(dir, 'files', 'new'));
    expect(budget.bytes).toBe(10);
  });
});
