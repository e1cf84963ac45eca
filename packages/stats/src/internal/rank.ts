// Ranks with ties averaged (R: rank(ties.method = "average")) and tie-group sizes, on a stable
// radix argsort of the doubles' bit patterns: O(n) passes instead of a comparison sort, so ranking
// 1,000,000 values costs tens of milliseconds (Spearman, Mann–Whitney and Kendall all start here).

export interface Ranked {
  ranks: Float64Array;
  /** Sizes of the groups of tied values (only groups larger than 1), in ascending order of value. */
  ties: number[];
}

/**
 * Order-preserving 64-bit keys of doubles, split in high and low 32-bit halves: for a < b the key
 * of a is smaller as an unsigned integer. −0 is read as +0 so the two tie, as `===` has them.
 */
function sortKeys(x: ArrayLike<number>): { hi: Uint32Array; lo: Uint32Array } {
  const n = x.length;
  const f = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = x[i]!;
    f[i] = v === 0 ? 0 : v;
  }
  const bits = new Uint32Array(f.buffer);
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  const little = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;
  const h = little ? 1 : 0;
  for (let i = 0; i < n; i++) {
    let a = bits[2 * i + h]!;
    let b = bits[2 * i + 1 - h]!;
    if (a & 0x80000000) {
      a = ~a >>> 0;
      b = ~b >>> 0;
    } else a = (a | 0x80000000) >>> 0;
    hi[i] = a;
    lo[i] = b;
  }
  return { hi, lo };
}

const RADIX = 1 << 16;

export interface Sorted {
  /** Indices in ascending order of their keys (stable). */
  order: Uint32Array;
  /** The keys in that order. */
  hi: Uint32Array;
  lo: Uint32Array;
}

/**
 * Stable LSD radix sort by the 64-bit keys, 16 bits per pass, the keys carried along with the
 * indices so every pass reads memory front to back. The four digit histograms come from one read
 * of the keys; a digit that is the same for every key (the low bits of integer data) costs no pass.
 * `start` (when given) is the initial order, so a second sort is a stable sort "then by".
 */
function radixSort(hi: Uint32Array, lo: Uint32Array, start?: Uint32Array): Sorted {
  const n = hi.length;
  if (n <= SMALL) return comparisonSort(hi, lo, start);
  const counts = new Uint32Array(4 * RADIX);
  for (let i = 0; i < n; i++) {
    const l = lo[i]!;
    const h = hi[i]!;
    counts[l & 0xffff]!++;
    counts[RADIX + (l >>> 16)]!++;
    counts[2 * RADIX + (h & 0xffff)]!++;
    counts[3 * RADIX + (h >>> 16)]!++;
  }
  let idx: Uint32Array = new Uint32Array(n);
  let kh: Uint32Array;
  let kl: Uint32Array;
  if (start) {
    kh = new Uint32Array(n);
    kl = new Uint32Array(n);
    for (let k = 0; k < n; k++) {
      const i = start[k]!;
      idx[k] = i;
      kh[k] = hi[i]!;
      kl[k] = lo[i]!;
    }
  } else {
    for (let i = 0; i < n; i++) idx[i] = i;
    kh = hi;
    kl = lo;
  }
  let idx2: Uint32Array = new Uint32Array(n);
  let kh2: Uint32Array = new Uint32Array(n);
  let kl2: Uint32Array = new Uint32Array(n);
  for (let pass = 0; pass < 4 && n > 0; pass++) {
    const base = pass * RADIX;
    const shift = pass % 2 === 0 ? 0 : 16;
    const byHi = pass >= 2;
    if (counts[base + (((byHi ? kh[0]! : kl[0]!) >>> shift) & 0xffff)] === n) continue;
    let total = 0;
    for (let d = base; d < base + RADIX; d++) {
      const c = counts[d]!;
      counts[d] = total;
      total += c;
    }
    if (byHi) {
      for (let k = 0; k < n; k++) {
        const h = kh[k]!;
        const q = counts[base + ((h >>> shift) & 0xffff)]!++;
        idx2[q] = idx[k]!;
        kh2[q] = h;
        kl2[q] = kl[k]!;
      }
    } else {
      for (let k = 0; k < n; k++) {
        const l = kl[k]!;
        const q = counts[base + ((l >>> shift) & 0xffff)]!++;
        idx2[q] = idx[k]!;
        kh2[q] = kh[k]!;
        kl2[q] = l;
      }
    }
    let t = idx;
    idx = idx2;
    idx2 = t;
    t = kh;
    kh = kh2;
    kh2 = t;
    t = kl;
    kl = kl2;
    kl2 = t;
  }
  return { order: idx, hi: kh, lo: kl };
}

/**
 * Below this many keys a comparison sort wins: the radix passes' four 2¹⁶-entry histograms (1 MB)
 * cost more than sorting a few values, and tests such as Friedman's rank thousands of small blocks.
 */
const SMALL = 256;

/** The same stable order as radixSort by comparing keys (Array.prototype.sort is stable). */
function comparisonSort(hi: Uint32Array, lo: Uint32Array, start?: Uint32Array): Sorted {
  const n = hi.length;
  const idx = start ? Array.from(start) : Array.from({ length: n }, (_, i) => i);
  idx.sort((a, b) => hi[a]! - hi[b]! || lo[a]! - lo[b]!);
  const order = Uint32Array.from(idx);
  const kh = new Uint32Array(n);
  const kl = new Uint32Array(n);
  for (let k = 0; k < n; k++) {
    kh[k] = hi[order[k]!]!;
    kl[k] = lo[order[k]!]!;
  }
  return { order, hi: kh, lo: kl };
}

/**
 * Indices that sort `x` ascending, stable (equal values keep their order). With `after`, the
 * indices of `after` are sorted instead, so sorting by y and then by x gives the (x, y) order.
 * NaN sorts last.
 */
export function argsort(x: ArrayLike<number>, after?: Uint32Array): Uint32Array {
  return sortWithKeys(x, after).order;
}

/** Like argsort(), with the order-preserving keys in sorted order: equal values have equal keys. */
export function sortWithKeys(x: ArrayLike<number>, after?: Uint32Array): Sorted {
  const { hi, lo } = sortKeys(x);
  return radixSort(hi, lo, after);
}

export function rank(x: ArrayLike<number>): Ranked {
  const n = x.length;
  const { hi, lo } = sortKeys(x);
  const { order, hi: sh, lo: sl } = radixSort(hi, lo);
  const ranks = new Float64Array(n);
  const ties: number[] = [];
  // Equal values have equal keys (−0 was read as 0), so ties are runs of the sorted keys.
  for (let i = 0; i < n; ) {
    const h = sh[i]!;
    const l = sl[i]!;
    let j = i;
    while (j + 1 < n && sh[j + 1] === h && sl[j + 1] === l) j++;
    const r = (i + j + 2) / 2;
    for (let k = i; k <= j; k++) ranks[order[k]!] = r;
    if (j > i) ties.push(j - i + 1);
    i = j + 1;
  }
  return { ranks, ties };
}

/** Σ (t³ − t) over tie groups, the usual tie correction term. */
export function tieSum(ties: readonly number[]): number {
  let s = 0;
  for (const t of ties) s += t * t * t - t;
  return s;
}
