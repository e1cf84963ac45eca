// Cluster analysis: k-means (k-means++ seeding, Lloyd then Hartigan single-point transfers) and
// agglomerative hierarchical clustering (R: hclust with ward.D2, complete, average, single).
import { StatsError } from '../errors.js';
import { seededRandom } from '../internal/random.js';
import { completeData, type NumericColumn } from './data.js';
import { maxOf } from '../descriptive/extent.js';

interface Points {
  /** Row-major n × p matrix of the (optionally standardised) complete rows. */
  x: Float64Array;
  n: number;
  p: number;
  names: string[];
  excluded: number;
  /** Indices of the complete rows among the input rows. */
  rows: number[];
}

function points(columns: readonly NumericColumn[], names: readonly string[] | undefined, standardize: boolean, what: string): Points {
  const d = completeData(columns, names, 1, 2, what);
  const { n, p } = d;
  const x = new Float64Array(n * p);
  for (let j = 0; j < p; j++) {
    const col = d.x[j]!;
    for (let i = 0; i < n; i++) x[i * p + j] = standardize ? (col[i]! - d.means[j]!) / d.sds[j]! : col[i]!;
  }
  return { x, n, p, names: d.names, excluded: d.excluded, rows: d.rows };
}

function sqDist(x: Float64Array, i: number, c: Float64Array, j: number, p: number): number {
  let s = 0;
  for (let t = 0; t < p; t++) {
    const v = x[i * p + t]! - c[j * p + t]!;
    s += v * v;
  }
  return s;
}

export interface KMeansResult {
  n: number;
  excluded: number;
  names: string[];
  k: number;
  /** Cluster of each complete row, 1 … k; clusters numbered by decreasing size. */
  cluster: number[];
  /** Input row index of each entry of `cluster`. */
  rows: number[];
  centers: number[][];
  sizes: number[];
  withinss: number[];
  totWithinss: number;
  betweenss: number;
  totss: number;
  /** betweenss / totss. */
  rSquared: number;
  iterations: number;
  seed: number;
  starts: number;
}

/**
 * k-means on the complete rows (standardised first unless `standardize: false`): each start seeds
 * by k-means++, runs Lloyd's algorithm, then single-point transfers that lower the total within
 * sum of squares (Hartigan's criterion); the best of `starts` starts is kept. The same seed gives
 * the same result.
 */
export function kMeans(
  columns: readonly NumericColumn[],
  options: { k: number; names?: readonly string[]; seed?: number; starts?: number; maxIterations?: number; standardize?: boolean },
): KMeansResult {
  const { x, n, p, names, excluded, rows } = points(columns, options.names, options.standardize ?? true, '聚类分析');
  const k = options.k;
  if (!Number.isInteger(k) || k < 2) throw new StatsError('INVALID_ARGUMENT', '聚类数必须是不小于2的整数');
  let distinct = 0;
  const seen = new Set<string>();
  for (let i = 0; i < n && distinct <= k; i++) {
    const key = Array.from(x.subarray(i * p, i * p + p)).join(',');
    if (!seen.has(key)) {
      seen.add(key);
      distinct++;
    }
  }
  if (distinct < k) throw new StatsError('TOO_FEW_OBSERVATIONS', `不同的观测点只有${distinct}个，少于聚类数${k}`);
  const seed = options.seed ?? 1;
  const starts = options.starts ?? 10;
  const maxIterations = options.maxIterations ?? 100;
  const rng = seededRandom(seed);
  let best: { assign: Int32Array; centers: Float64Array; total: number; iterations: number } | null = null;
  for (let s = 0; s < starts; s++) {
    const run = oneStart(x, n, p, k, rng, maxIterations);
    if (!best || run.total < best.total - 1e-12 * Math.abs(best.total)) best = run;
  }
  const { assign, centers } = best!;
  const sizes = new Array<number>(k).fill(0);
  for (let i = 0; i < n; i++) sizes[assign[i]!]!++;
  const order = Array.from({ length: k }, (_, c) => c).sort((a, b) => sizes[b]! - sizes[a]! || a - b);
  const rename = new Int32Array(k);
  order.forEach((c, idx) => (rename[c] = idx));
  const withinss = new Array<number>(k).fill(0);
  for (let i = 0; i < n; i++) {
    const c = rename[assign[i]!]!;
    withinss[c] = withinss[c]! + sqDist(x, i, centers, assign[i]!, p);
  }
  const grand = new Float64Array(p);
  for (let i = 0; i < n; i++) for (let t = 0; t < p; t++) grand[t] = grand[t]! + x[i * p + t]! / n;
  let totss = 0;
  for (let i = 0; i < n; i++) totss += sqDist(x, i, grand, 0, p);
  const totWithinss = withinss.reduce((a, b) => a + b, 0);
  return {
    n,
    excluded,
    names,
    k,
    cluster: Array.from(assign, (c) => rename[c]! + 1),
    rows,
    centers: order.map((c) => Array.from(centers.subarray(c * p, c * p + p))),
    sizes: order.map((c) => sizes[c]!),
    withinss,
    totWithinss,
    betweenss: totss - totWithinss,
    totss,
    rSquared: (totss - totWithinss) / totss,
    iterations: best!.iterations,
    seed,
    starts,
  };
}

function oneStart(x: Float64Array, n: number, p: number, k: number, rng: ReturnType<typeof seededRandom>, maxIterations: number) {
  // k-means++ seeding.
  const centers = new Float64Array(k * p);
  const d2 = new Float64Array(n).fill(Infinity);
  let pick = rng.int(n);
  for (let c = 0; c < k; c++) {
    centers.set(x.subarray(pick * p, pick * p + p), c * p);
    let total = 0;
    for (let i = 0; i < n; i++) {
      const d = sqDist(x, i, centers, c, p);
      if (d < d2[i]!) d2[i] = d;
      total += d2[i]!;
    }
    if (c === k - 1) break;
    let r = rng.next() * total;
    pick = -1;
    for (let i = 0; i < n; i++) {
      r -= d2[i]!;
      if (r < 0 && d2[i]! > 0) {
        pick = i;
        break;
      }
    }
    if (pick < 0) pick = d2.findIndex((v) => v > 0);
  }
  const assign = new Int32Array(n).fill(-1);
  const sizes = new Float64Array(k);
  let iterations = 0;
  // Lloyd.
  for (; iterations < maxIterations; iterations++) {
    let changed = false;
    for (let i = 0; i < n; i++) {
      let bestC = 0;
      let bestD = Infinity;
      for (let c = 0; c < k; c++) {
        const d = sqDist(x, i, centers, c, p);
        if (d < bestD) {
          bestD = d;
          bestC = c;
        }
      }
      if (assign[i] !== bestC) {
        assign[i] = bestC;
        changed = true;
      }
    }
    recompute(x, n, p, k, assign, centers, sizes);
    if (!changed) break;
  }
  // Hartigan transfers: move a point when it lowers the total within sum of squares.
  for (let pass = 0; pass < 100; pass++) {
    let moved = false;
    for (let i = 0; i < n; i++) {
      const a = assign[i]!;
      if (sizes[a]! <= 1) continue;
      const costOut = (sizes[a]! / (sizes[a]! - 1)) * sqDist(x, i, centers, a, p);
      let bestC = a;
      let bestGain = 0;
      for (let c = 0; c < k; c++) {
        if (c === a) continue;
        const gain = costOut - (sizes[c]! / (sizes[c]! + 1)) * sqDist(x, i, centers, c, p);
        if (gain > bestGain + 1e-12 * costOut) {
          bestGain = gain;
          bestC = c;
        }
      }
      if (bestC !== a) {
        for (let t = 0; t < p; t++) {
          const v = x[i * p + t]!;
          centers[a * p + t] = (centers[a * p + t]! * sizes[a]! - v) / (sizes[a]! - 1);
          centers[bestC * p + t] = (centers[bestC * p + t]! * sizes[bestC]! + v) / (sizes[bestC]! + 1);
        }
        sizes[a]!--;
        sizes[bestC]!++;
        assign[i] = bestC;
        moved = true;
      }
    }
    if (!moved) break;
    recompute(x, n, p, k, assign, centers, sizes);
  }
  let total = 0;
  for (let i = 0; i < n; i++) total += sqDist(x, i, centers, assign[i]!, p);
  return { assign, centers, total, iterations };
}

function recompute(x: Float64Array, n: number, p: number, k: number, assign: Int32Array, centers: Float64Array, sizes: Float64Array): void {
  const sums = new Float64Array(k * p);
  sizes.fill(0);
  for (let i = 0; i < n; i++) {
    const c = assign[i]!;
    sizes[c]!++;
    for (let t = 0; t < p; t++) sums[c * p + t] = sums[c * p + t]! + x[i * p + t]!;
  }
  for (let c = 0; c < k; c++) {
    if (sizes[c] === 0) continue; // an emptied cluster keeps its old centre
    for (let t = 0; t < p; t++) centers[c * p + t] = sums[c * p + t]! / sizes[c]!;
  }
}

export type LinkageMethod = 'ward.D2' | 'complete' | 'average' | 'single';

export interface HierarchicalResult {
  n: number;
  excluded: number;
  names: string[];
  method: LinkageMethod;
  /** R's merge matrix: row s joins two items, −i for observation i (1-based), +j for the cluster formed at step j. */
  merge: [number, number][];
  /** Height of each merge (Euclidean scale; ward.D2 as R). */
  height: number[];
  /** Leaf order for drawing the dendrogram (1-based observations), as R's order. */
  order: number[];
  /** Input row index of each observation. */
  rows: number[];
}

/**
 * Agglomerative clustering of the complete rows on Euclidean distances (standardised first unless
 * `standardize: false`), Lance–Williams updates with nearest-neighbour bookkeeping; ward.D2 works on
 * squared distances and reports their square roots, as R's hclust.
 */
export function hierarchicalClustering(
  columns: readonly NumericColumn[],
  options: { method?: LinkageMethod; names?: readonly string[]; standardize?: boolean } = {},
): HierarchicalResult {
  const method = options.method ?? 'ward.D2';
  const { x, n, p, names, excluded, rows } = points(columns, options.names, options.standardize ?? true, '聚类分析');
  if (n < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', '层次聚类至少需要2个完整观测');
  if (n > 20000) throw new StatsError('INVALID_ARGUMENT', `层次聚类最多支持20000个观测（当前${n}个）`);
  const ward = method === 'ward.D2';
  // Packed upper triangle of dissimilarities.
  const idx = (i: number, j: number) => (i < j ? i * n - (i * (i + 1)) / 2 + j - i - 1 : j * n - (j * (j + 1)) / 2 + i - j - 1);
  const diss = new Float64Array((n * (n - 1)) / 2);
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) {
    const d = sqDist(x, i, x, j, p);
    diss[idx(i, j)] = ward ? d : Math.sqrt(d);
  }
  const active = new Uint8Array(n).fill(1);
  const size = new Float64Array(n).fill(1);
  const label = Int32Array.from({ length: n }, (_, i) => -(i + 1));
  const nn = new Int32Array(n);
  const nnDist = new Float64Array(n);
  const findNn = (i: number) => {
    let best = -1;
    let bd = Infinity;
    for (let j = i + 1; j < n; j++) {
      if (!active[j]) continue;
      const d = diss[idx(i, j)]!;
      if (d < bd) {
        bd = d;
        best = j;
      }
    }
    nn[i] = best;
    nnDist[i] = bd;
  };
  for (let i = 0; i < n - 1; i++) findNn(i);
  nn[n - 1] = -1;
  nnDist[n - 1] = Infinity;
  const merge: [number, number][] = [];
  const height: number[] = [];
  for (let step = 1; step < n; step++) {
    let i2 = -1;
    let dmin = Infinity;
    for (let i = 0; i < n - 1; i++) if (active[i] && nnDist[i]! < dmin) {
      dmin = nnDist[i]!;
      i2 = i;
    }
    const j2 = nn[i2]!;
    // i2 < j2; the merged cluster keeps slot i2.
    const a = label[i2]!;
    const b = label[j2]!;
    merge.push(a < 0 && b < 0 ? [Math.max(a, b), Math.min(a, b)] : a < 0 || b < 0 ? [Math.min(a, b), Math.max(a, b)] : [Math.min(a, b), Math.max(a, b)]);
    height.push(ward ? Math.sqrt(dmin) : dmin);
    const ni = size[i2]!;
    const nj = size[j2]!;
    active[j2] = 0;
    for (let k = 0; k < n; k++) {
      if (!active[k] || k === i2) continue;
      const dik = diss[idx(i2, k)]!;
      const djk = diss[idx(j2, k)]!;
      let d: number;
      if (method === 'single') d = Math.min(dik, djk);
      else if (method === 'complete') d = Math.max(dik, djk);
      else if (method === 'average') d = (ni * dik + nj * djk) / (ni + nj);
      else {
        const nk = size[k]!;
        d = ((ni + nk) * dik + (nj + nk) * djk - nk * dmin) / (ni + nj + nk);
      }
      diss[idx(i2, k)] = d;
    }
    size[i2] = ni + nj;
    label[i2] = step;
    // Refresh nearest neighbours that involved i2 or j2, and those the update may have improved.
    for (let k = 0; k < n - 1; k++) {
      if (!active[k]) continue;
      if (k === i2 || nn[k] === i2 || nn[k] === j2) findNn(k);
      else if (k < i2 && diss[idx(k, i2)]! < nnDist[k]!) {
        nn[k] = i2;
        nnDist[k] = diss[idx(k, i2)]!;
      }
    }
  }
  return { n, excluded, names, method, merge, height, order: dendrogramOrder(merge), rows };
}

function dendrogramOrder(merge: readonly [number, number][]): number[] {
  const order: number[] = [];
  const stack: number[] = [merge.length];
  while (stack.length) {
    const item = stack.pop()!;
    if (item < 0) order.push(-item);
    else {
      const [l, r] = merge[item - 1]!;
      stack.push(r, l);
    }
  }
  return order;
}

/** Cluster membership (1-based, numbered by first appearance, as R's cutree) when the tree is cut into k groups. */
export function cutTree(merge: readonly [number, number][], k: number): number[] {
  const n = merge.length + 1;
  if (!Number.isInteger(k) || k < 1 || k > n) throw new StatsError('INVALID_ARGUMENT', `分组数必须是1到${n}之间的整数`);
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const rep = new Int32Array(merge.length + 1);
  for (let s = 0; s < n - k; s++) {
    const [a, b] = merge[s]!;
    const ra = find(a < 0 ? -a - 1 : rep[a]!);
    const rb = find(b < 0 ? -b - 1 : rep[b]!);
    parent[rb] = ra;
    rep[s + 1] = ra;
  }
  const number = new Map<number, number>();
  return Array.from({ length: n }, (_, i) => {
    const r = find(i);
    if (!number.has(r)) number.set(r, number.size + 1);
    return number.get(r)!;
  });
}

export interface SilhouetteResult {
  /** Silhouette width of each complete row, in the order of `cluster`. */
  widths: number[];
  /** Mean width per cluster 1 … k, and over all rows. */
  clusterMeans: number[];
  mean: number;
}

/**
 * Silhouette widths (Rousseeuw 1987) of a partition of the complete rows on Euclidean distances of
 * the (standardised unless `standardize: false`) data, as R's cluster::silhouette(cl, dist(x)): for
 * each row, a = mean distance to its own cluster, b = smallest mean distance to another cluster,
 * s = (b − a) / max(a, b), and 0 for a row alone in its cluster. `cluster` holds 1 … k for the
 * complete rows, as kMeans and cutTree return them.
 */
export function silhouette(columns: readonly NumericColumn[], cluster: readonly number[], options: { names?: readonly string[]; standardize?: boolean } = {}): SilhouetteResult {
  const { x, n, p } = points(columns, options.names, options.standardize ?? true, '聚类分析');
  if (cluster.length !== n) throw new StatsError('INVALID_ARGUMENT', '聚类结果的个数与完整观测数不同');
  const k = maxOf(cluster);
  const sizes = new Array<number>(k + 1).fill(0);
  for (const c of cluster) sizes[c]!++;
  const widths = new Array<number>(n);
  const sums = new Float64Array(k + 1);
  for (let i = 0; i < n; i++) {
    sums.fill(0);
    for (let j = 0; j < n; j++) if (j !== i) sums[cluster[j]!] = sums[cluster[j]!]! + Math.sqrt(sqDist(x, i, x, j, p));
    const own = cluster[i]!;
    if (sizes[own]! <= 1) {
      widths[i] = 0;
      continue;
    }
    const a = sums[own]! / (sizes[own]! - 1);
    let b = Infinity;
    for (let c = 1; c <= k; c++) if (c !== own && sizes[c]! > 0) b = Math.min(b, sums[c]! / sizes[c]!);
    widths[i] = Number.isFinite(b) ? (b - a) / Math.max(a, b) : 0;
  }
  const clusterMeans = Array.from({ length: k }, (_, c) => {
    let s = 0;
    for (let i = 0; i < n; i++) if (cluster[i] === c + 1) s += widths[i]!;
    return s / sizes[c + 1]!;
  });
  return { widths, clusterMeans, mean: widths.reduce((s, v) => s + v, 0) / n };
}
