// Order statistics without a full sort: quickselect (median-of-three pivots, Hoare partition),
// O(n) on average, falling back to sorting a range that refuses to shrink.

/** Rearranges a[lo..hi] so that a[k] holds the value it would have if the range were sorted. */
export function selectInPlace(a: Float64Array, k: number, lo = 0, hi = a.length - 1): void {
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
 * The values at the given 0-based sorted positions, selecting them in ascending order on a
 * shrinking range of `a` (which is rearranged).
 */
export function orderStatistics(a: Float64Array, positions: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  let lo = 0;
  for (const k of [...new Set(positions)].sort((p, q) => p - q)) {
    selectInPlace(a, k, lo);
    out.set(k, a[k]!);
    lo = k;
  }
  return out;
}
