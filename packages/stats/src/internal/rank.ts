// Ranks with ties averaged (R: rank(ties.method = "average")) and tie-group sizes.

export interface Ranked {
  ranks: Float64Array;
  /** Sizes of the groups of tied values (only groups larger than 1). */
  ties: number[];
}

export function rank(x: ArrayLike<number>): Ranked {
  const n = x.length;
  const idx = Array.from({ length: n }, (_, i) => i).sort((a, b) => x[a]! - x[b]!);
  const ranks = new Float64Array(n);
  const ties: number[] = [];
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && x[idx[j + 1]!] === x[idx[i]!]) j++;
    const r = (i + j + 2) / 2;
    for (let k = i; k <= j; k++) ranks[idx[k]!] = r;
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
