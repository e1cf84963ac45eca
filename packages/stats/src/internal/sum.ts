// Compensated summation (Neumaier), used wherever a plain running sum would lose digits.
import { overflowError } from '../errors.js';

export function sum(xs: ArrayLike<number>): number {
  let s = 0;
  let c = 0;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!;
    const t = s + x;
    c += Math.abs(s) >= Math.abs(x) ? s - t + x : x - t + s;
    s = t;
  }
  return s + c;
}

/** Σ f(i) for i in [0, n), compensated. */
export function sumBy(n: number, f: (i: number) => number): number {
  let s = 0;
  let c = 0;
  for (let i = 0; i < n; i++) {
    const x = f(i);
    const t = s + x;
    c += Math.abs(s) >= Math.abs(x) ? s - t + x : x - t + s;
    s = t;
  }
  return s + c;
}

/** Mean with one refinement pass: m + Σ(x − m)/n, exact to the last bits on NIST NumAcc data. */
export function mean(xs: ArrayLike<number>): number {
  const n = xs.length;
  const m0 = sum(xs) / n;
  let d = 0;
  for (let i = 0; i < n; i++) d += xs[i]! - m0;
  return m0 + d / n;
}

/** Corrected two-pass sum of squared deviations about the mean (Chan, Golub & LeVeque). */
export function sumSquaredDeviations(xs: ArrayLike<number>, m = mean(xs)): number {
  const n = xs.length;
  // Compensated sum of squares and plain sum of deviations, in one pass.
  let s = 0;
  let c = 0;
  let d = 0;
  for (let i = 0; i < n; i++) {
    const dev = xs[i]! - m;
    d += dev;
    const x = dev * dev;
    const t = s + x;
    c += s >= x ? s - t + x : x - t + s;
    s = t;
  }
  return s + c - (d * d) / n;
}

export function sorted(xs: ArrayLike<number>): Float64Array {
  return Float64Array.from(xs).sort();
}

const PLAIN_DECIMAL = /^-?(\d+)(?:\.(\d+))?$/;

/**
 * Mean and sum of squared deviations of numbers read as the decimals they print as
 * (String(x), the shortest round-trip form), in exact integer arithmetic; null when a value has
 * no plain decimal form. Data typed by people are decimals: 10000000.2 means 100000002/10, not the
 * nearest binary double, and only this reading reaches NIST's certified sd for NumAcc3–4.
 */
function exactDecimalMoments(xs: ArrayLike<number>): { mean: number; ss: number } | null {
  const n = xs.length;
  const parts: [bigint, number][] = [];
  let d = 0;
  for (let i = 0; i < n; i++) {
    const m = PLAIN_DECIMAL.exec(String(xs[i]));
    if (!m) return null;
    const frac = m[2] ?? '';
    d = Math.max(d, frac.length);
    parts.push([BigInt(String(xs[i]).replace('.', '')), frac.length]);
  }
  if (d > 30) return null;
  let s = 0n;
  let q = 0n;
  for (const [v, f] of parts) {
    const scaled = v * 10n ** BigInt(d - f);
    s += scaled;
    q += scaled * scaled;
  }
  const bn = BigInt(n);
  const scale = 10 ** d;
  // n·Σv² − (Σv)² is exact; one rounding when it becomes a double.
  return { mean: Number(s) / n / scale, ss: Number(bn * q - s * s) / n / (scale * scale) };
}

/**
 * Mean and Σ(x − mean)², accurate even when the spread is tiny beside the mean (NIST NumAcc4):
 * the floating two-pass result is used unless |mean|/sd > 1e4, where the exact decimal reading
 * takes over.
 * @throws StatsError OVERFLOW when finite data give a sum or sum of squares beyond the double range.
 */
export function meanAndSs(xs: ArrayLike<number>): { mean: number; ss: number } {
  const m = mean(xs);
  return finishMoments(m, sumSquaredDeviations(xs, m), xs.length, () => xs);
}

/**
 * The checks of meanAndSs on floating two-pass moments (mean() and sumSquaredDeviations(), or the
 * same sums fused into another loop) of `n` values, read through `values` only when a check needs them.
 */
export function finishMoments(m: number, ss: number, n: number, values: () => ArrayLike<number>): { mean: number; ss: number } {
  // Finite data whose sum or squares overflow must not pass on as NaN (read later as "no variance").
  if (!Number.isFinite(m) || !Number.isFinite(ss)) {
    const xs = values();
    let finite = true;
    for (let i = 0; i < n && finite; i++) finite = Number.isFinite(xs[i]!);
    if (finite) throw overflowError();
  }
  if (ss > 0 && n > 1 && Math.abs(m) > 1e4 * Math.sqrt(ss / (n - 1))) {
    const exact = exactDecimalMoments(values());
    if (exact && exact.ss > 0) return exact;
  }
  return { mean: m, ss };
}

/**
 * meanAndSs of each part and of all parts together, the latter equal to the bit to meanAndSs of
 * their concatenation (the same sums in the same order) without building it: the part and total
 * accumulators run side by side, so the data is read three times in all, not six plus a copy.
 */
export function meanAndSsByPart(parts: readonly ArrayLike<number>[]): { total: { mean: number; ss: number }; parts: { mean: number; ss: number }[] } {
  const k = parts.length;
  let n = 0;
  for (const xs of parts) n += xs.length;
  // Pass 1: compensated sums (as sum()).
  const m0 = new Float64Array(k);
  let s = 0;
  let c = 0;
  for (let g = 0; g < k; g++) {
    const xs = parts[g]!;
    const len = xs.length;
    let sg = 0;
    let cg = 0;
    for (let i = 0; i < len; i++) {
      const x = xs[i]!;
      const t = s + x;
      c += Math.abs(s) >= Math.abs(x) ? s - t + x : x - t + s;
      s = t;
      const tg = sg + x;
      cg += Math.abs(sg) >= Math.abs(x) ? sg - tg + x : x - tg + sg;
      sg = tg;
    }
    m0[g] = (sg + cg) / len;
  }
  const total0 = (s + c) / n;
  // Pass 2: the mean's refinement (as mean()).
  const means = new Float64Array(k);
  let d = 0;
  for (let g = 0; g < k; g++) {
    const xs = parts[g]!;
    const len = xs.length;
    const mg = m0[g]!;
    let dg = 0;
    for (let i = 0; i < len; i++) {
      const x = xs[i]!;
      d += x - total0;
      dg += x - mg;
    }
    means[g] = mg + dg / len;
  }
  const totalMean = total0 + d / n;
  // Pass 3: corrected two-pass sums of squares (as sumSquaredDeviations()).
  const out: { mean: number; ss: number }[] = [];
  let S = 0;
  let C = 0;
  let D = 0;
  for (let g = 0; g < k; g++) {
    const xs = parts[g]!;
    const len = xs.length;
    const mg = means[g]!;
    let sg = 0;
    let cg = 0;
    let dg = 0;
    for (let i = 0; i < len; i++) {
      const x = xs[i]!;
      const dev = x - totalMean;
      D += dev;
      const q = dev * dev;
      const t = S + q;
      C += S >= q ? S - t + q : q - t + S;
      S = t;
      const devg = x - mg;
      dg += devg;
      const qg = devg * devg;
      const tg = sg + qg;
      cg += sg >= qg ? sg - tg + qg : qg - tg + sg;
      sg = tg;
    }
    out.push(finishMoments(mg, sg + cg - (dg * dg) / len, len, () => xs));
  }
  const concatenation = () => {
    const all = new Float64Array(n);
    let at = 0;
    for (const xs of parts) for (let i = 0; i < xs.length; i++) all[at++] = xs[i]!;
    return all;
  };
  return { total: finishMoments(totalMean, S + C - (D * D) / n, n, concatenation), parts: out };
}
