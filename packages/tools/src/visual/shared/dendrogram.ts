// Hierarchical clustering of a small matrix as R's hclust (Euclidean distances, complete or average
// linkage) and the dendrogram drawn as line segments beside a heatmap. Shared by
// the heatmap and the correlation heatmap of group C.
export type Linkage = 'complete' | 'average';

export interface Tree {
  /** R's merge matrix (−i: item i, 1-based; +j: the cluster of step j). */
  merge: Array<[number, number]>;
  height: number[];
  /** Items in dendrogram order (0-based indices), as R's hclust $order − 1. */
  order: number[];
}

/** Clusters the rows of `m` (items × features, complete numbers) on Euclidean distances: R's hclust(dist(m)). */
export function clusterRows(m: readonly (readonly number[])[], linkage: Linkage): Tree {
  const d = m.map((a) => m.map((b) => Math.sqrt(a.reduce((s, v, j) => s + (v - b[j]!) ** 2, 0))));
  return clusterDissimilarity(d, linkage);
}

/**
 * R's hclust(as.dist(d)) on a symmetric dissimilarity matrix: Lance–Williams updates with the
 * nearest-neighbour bookkeeping of R's Fortran (ties go to the first pair), so merge order and
 * heights match R. (The engine's hierarchicalClustering wants coordinates; a heatmap also clusters
 * on 1 − r, and constant rows must not stop it.)
 */
export function clusterDissimilarity(d: readonly (readonly number[])[], linkage: Linkage): Tree {
  const n = d.length;
  const diss = d.map((r) => [...r]);
  const active = Array<boolean>(n).fill(true);
  const size = Array<number>(n).fill(1);
  const label = Array.from({ length: n }, (_, i) => -(i + 1));
  const nn = Array<number>(n).fill(-1);
  const nnDist = Array<number>(n).fill(Infinity);
  const findNn = (i: number) => {
    let best = -1;
    let bd = Infinity;
    for (let j = i + 1; j < n; j++) if (active[j] && diss[i]![j]! < bd) [bd, best] = [diss[i]![j]!, j];
    nn[i] = best;
    nnDist[i] = bd;
  };
  for (let i = 0; i < n - 1; i++) findNn(i);
  const merge: Array<[number, number]> = [];
  const height: number[] = [];
  for (let step = 1; step < n; step++) {
    let i2 = -1;
    let dmin = Infinity;
    for (let i = 0; i < n - 1; i++) if (active[i] && nnDist[i]! < dmin) [dmin, i2] = [nnDist[i]!, i];
    const j2 = nn[i2]!;
    const a = label[i2]!;
    const b = label[j2]!;
    merge.push(a < 0 && b < 0 ? [Math.max(a, b), Math.min(a, b)] : [Math.min(a, b), Math.max(a, b)]);
    height.push(dmin);
    const [ni, nj] = [size[i2]!, size[j2]!];
    active[j2] = false;
    for (let k = 0; k < n; k++) {
      if (!active[k] || k === i2) continue;
      const v = linkage === 'complete' ? Math.max(diss[i2]![k]!, diss[j2]![k]!) : (ni * diss[i2]![k]! + nj * diss[j2]![k]!) / (ni + nj);
      diss[i2]![k] = diss[k]![i2] = v;
    }
    size[i2] = ni + nj;
    label[i2] = step;
    for (let k = 0; k < n - 1; k++) {
      if (!active[k]) continue;
      if (k === i2 || nn[k] === i2 || nn[k] === j2) findNn(k);
      else if (k < i2 && diss[k]![i2]! < nnDist[k]!) [nn[k], nnDist[k]] = [i2, diss[k]![i2]!];
    }
  }
  return { merge, height, order: leafOrder(merge) };
}

function leafOrder(merge: ReadonlyArray<[number, number]>): number[] {
  if (merge.length === 0) return [0];
  const out: number[] = [];
  const stack = [merge.length];
  while (stack.length) {
    const item = stack.pop()!;
    if (item < 0) out.push(-item - 1);
    else stack.push(merge[item - 1]![1], merge[item - 1]![0]);
  }
  return out;
}

const r6 = (v: number) => Number(v.toPrecision(6));

/**
 * The dendrogram as polylines in (position, height) coordinates: leaf k of `order` sits at position
 * k, a merge at the midpoint of its two children (as plot.hclust). `flip` swaps to (height, position)
 * for a tree drawn beside the rows.
 */
export function dendrogramLines(tree: Tree, flip = false): Array<{ coords: number[][] }> {
  const pos = new Map<number, number>();
  tree.order.forEach((item, k) => pos.set(-(item + 1), k));
  const h = (node: number) => (node < 0 ? 0 : tree.height[node - 1]!);
  const out: Array<{ coords: number[][] }> = [];
  tree.merge.forEach(([a, b], s) => {
    const [xa, xb, y] = [pos.get(a)!, pos.get(b)!, tree.height[s]!];
    pos.set(s + 1, (xa + xb) / 2);
    const pts = [[xa, h(a)], [xa, y], [xb, y], [xb, h(b)]].map(([x, yy]) => (flip ? [r6(yy!), r6(x!)] : [r6(x!), r6(yy!)]));
    out.push({ coords: pts });
  });
  return out;
}

/** A merge step's members for a table: item names for −i, "步骤 j" for a cluster. */
export const mergeItem = (names: readonly string[], v: number): string => (v < 0 ? names[-v - 1]! : `步骤 ${v}`);
