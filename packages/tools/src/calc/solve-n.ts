// Sample size from a power function that rises with n. The engine's solvers bracket n on [2, 1e7],
// and a noncentral F or χ² power at n = 1e7 sums millions of Poisson terms, so each solve took
// about half a second; doubling from the smallest n keeps every evaluation near the answer.
import { ToolInputError } from '../tool.js';

const LIMIT = 1e8;

function bracket(powerAt: (n: number) => number, target: number, lo: number): [number, number] {
  let a = lo;
  let b = lo * 2;
  while (powerAt(b) < target) {
    a = b;
    b *= 2;
    if (b > LIMIT) throw new ToolInputError('所需样本量超过 1 亿，请检查效应量是否过小或把握度要求过高');
  }
  return [a, b];
}

/** The (real) n where powerAt(n) = target, to a relative 1e-12; `lo` when even `lo` reaches it. */
export function solveN(powerAt: (n: number) => number, target: number, lo: number): number {
  if (powerAt(lo) >= target) return lo;
  let [a, b] = bracket(powerAt, target, lo);
  while (b - a > 1e-12 * b) {
    const m = (a + b) / 2;
    if (m === a || m === b) break;
    if (powerAt(m) < target) a = m;
    else b = m;
  }
  return (a + b) / 2;
}

/** The smallest whole n ≥ ⌈lo⌉ with powerAt(n) ≥ target (for tables, where only whole n matter). */
export function smallestN(powerAt: (n: number) => number, target: number, lo: number): number {
  const start = Math.ceil(lo);
  if (powerAt(start) >= target) return start;
  let [a, b] = bracket(powerAt, target, start);
  while (b - a > 1) {
    const m = Math.floor((a + b) / 2);
    if (powerAt(m) < target) a = m;
    else b = m;
  }
  return b;
}
