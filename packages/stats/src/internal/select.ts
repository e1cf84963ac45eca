// Order statistics without a full sort: quickselect (median-of-three pivots, Hoare partition),
// O(n) on average, falling back to sorting a range that refuses to shrink.

/** Rearranges a[lo..hi] so that a[k] holds the value it would have if the range were sorted. */
export function selectInPlace(a: Float64Array, k: number, lo = 0, hi = a.length - 1): void {
  // The smallest or largest of a range (a quartile's neighbour) is one scan, no partitioning.
  if ((k === lo || k === hi) && hi > lo) {
    let best = k;
    for (let i = lo; i <= hi; i++) if (k === lo ? a[i]! < a[best]! : a[i]! > a[best]!) best = i;
    const t = a[k]!;
    a[k] = a[best]!;
    a[best] = t;
    return;
  }
  let rounds = 0;
  while (hi > lo) {
    if (hi - lo < 16 || ++rounds > 64) {
      a.subarray(lo, hi + 1).sort();
      return;
    }
    const mid = (lo + hi) >>> 1;
    // Median of three as the pivot value.
    let p0 = a[lo]!;
    let p1 = a[mid]!;
    let p2 = a[hi]!;
    if (p0 > p1) [p0, p1] = [p1, p0];
    if (p1 > p2) [p1, p2] = [p2, p1];
    if (p0 > p1) p1 = p0;
    const pivot = p1;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/**
 * The values at the given 0-based sorted positions: the middle wanted position is selected on the
 * whole range, then the positions below and above it on the two sides (which the selection has
 * already split), so k positions cost about n·log k instead of k passes. `a` is rearranged.
 */
export function orderStatistics(a: Float64Array, positions: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  const ks = [...new Set(positions)].sort((p, q) => p - q);
  const visit = (from: number, to: number, lo: number, hi: number) => {
    if (from > to) return;
    const mid = (from + to) >>> 1;
    const k = ks[mid]!;
    selectInPlace(a, k, lo, hi);
    out.set(k, a[k]!);
    visit(from, mid - 1, lo, k - 1);
    visit(mid + 1, to, k + 1, hi);
  };
  visit(0, ks.length - 1, 0, a.length - 1);
  return out;
}

const BUCKETS = 4096;

/**
 * The values at the given 0-based sorted positions of `x`, which is left as it is (no copy of the
 * data): one pass counts the values in equal-width buckets over [min, max] (x's extremes), a
 * second gathers only the buckets that hold a wanted position, and those few values are
 * selected. Exactly orderStatistics()'s values: the bucket index never decreases as the value
 * grows, so a bucket's values all lie between its neighbours'. null when the range cannot be
 * bucketed (no spread, or a width or scale beyond the double range); a bucket holding much of the
 * data (heavy ties) only makes the gathered part larger.
 */
export function orderStatisticsInRange(x: ArrayLike<number>, positions: readonly number[], min: number, max: number): Map<number, number> | null {
  const n = x.length;
  const width = max - min;
  const scale = BUCKETS / width;
  if (!(width > 0 && width < Infinity && scale < Infinity)) return null;
  // ⌊(v − min)·scale⌋ is at most BUCKETS (max itself, with rounding), so BUCKETS + 1 counters.
  const counts = new Int32Array(BUCKETS + 1);
  for (let i = 0; i < n; i++) counts[((x[i]! - min) * scale) | 0]!++;
  const ks = [...new Set(positions)].sort((p, q) => p - q);
  // The bucket of each wanted position, and where that bucket starts in sorted order.
  const slot = new Int32Array(BUCKETS + 1).fill(-1);
  const buckets: { first: number; values: Float64Array; size: number }[] = [];
  const where: { bucket: number; offset: number }[] = [];
  let b = 0;
  let first = 0;
  for (const k of ks) {
    while (first + counts[b]! <= k) first += counts[b++]!;
    if (slot[b]! < 0) {
      slot[b] = buckets.length;
      buckets.push({ first, values: new Float64Array(counts[b]!), size: 0 });
    }
    where.push({ bucket: slot[b]!, offset: k - first });
  }
  for (let i = 0; i < n; i++) {
    const v = x[i]!;
    const s = slot[((v - min) * scale) | 0]!;
    if (s >= 0) {
      const bk = buckets[s]!;
      bk.values[bk.size++] = v;
    }
  }
  const out = new Map<number, number>();
  ks.forEach((k, i) => {
    const { bucket, offset } = where[i]!;
    const values = buckets[bucket]!.values;
    selectInPlace(values, offset);
    out.set(k, values[offset]!);
  });
  return out;
}
