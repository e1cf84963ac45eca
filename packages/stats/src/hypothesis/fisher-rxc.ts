// Fisher's exact test on R×C tables: a network algorithm in the spirit of Mehta & Patel (1983),
// as R's fisher.test (FEXACT) — and, past a work budget, a seeded Monte Carlo p with fixed margins.
//
// The network: columns are stages; a node is the multiset of row totals still to fill (sorted, so
// tables that differ by a permutation of equal rows share nodes). Each path from the root to the
// end is one table; its length is −Σ log x_ij!. Every node carries the distinct "past" lengths that
// reach it (equal ones merged, with their path counts). Along each edge, the exact longest and
// shortest remaining paths from the child (a memoized recursion over the same nodes) decide a past
// wholesale: all its completions are at most as likely as the observed table (add their total
// probability, known in closed form), or none is (drop it). Pasts are kept sorted, so the decided
// ones are a prefix and a suffix found by binary search; only the undecided middle travels on.
// Simpler than FEXACT (no hybrid χ², no FEXACT-style key hashing), hence slower on large tables.
import gammaln from '@stdlib/math-base-special-gammaln';
import { seededRandom } from '../internal/random.js';
import { normalQuantile } from '../distributions/normal.js';

/** FEXACT's tolerance on the log scale: tables within it of the observed one count as "as extreme". */
const TOL = 3.45254e-7;

function lfactTable(n: number): Float64Array {
  const f = new Float64Array(n + 1);
  for (let i = 2; i <= n; i++) f[i] = gammaln(i + 1);
  return f;
}

interface Past {
  lp: number;
  count: number;
}
interface Node {
  rows: Int32Array;
  pasts: Map<number, Past>;
}

/**
 * Exact two-sided p of an R×C table by the network algorithm; null when the work (edges walked
 * plus past values pushed along them) would exceed `budget` (default 2e6, about a second).
 */
export function fisherNetworkP(table: readonly (readonly number[])[], budget = 2e6): number | null {
  let t = table.map((row) => [...row]);
  // Zero rows and columns change nothing; the key dimension is the shorter one.
  t = t.filter((row) => row.some((v) => v > 0));
  const keepCols = t[0]!.map((_, j) => t.some((row) => row[j]! > 0));
  t = t.map((row) => row.filter((_, j) => keepCols[j]));
  if (t.length < 2 || t[0]!.length < 2) return 1;
  if (t.length > t[0]!.length) t = t[0]!.map((_, j) => t.map((row) => row[j]!));
  const R = t.length;
  const rowTot = t.map((row) => row.reduce((a, b) => a + b, 0));
  const order = t[0]!.map((_, j) => j).sort((a, b) => t.reduce((s, row) => s + row[b]!, 0) - t.reduce((s, row) => s + row[a]!, 0));
  const colTot = order.map((j) => t.reduce((s, row) => s + row[j]!, 0));
  const C = colTot.length;
  const n = rowTot.reduce((a, b) => a + b, 0);
  const lf = lfactTable(n);
  let work = 0;
  const K = rowTot.reduce((a, v) => a + lf[v]!, 0) + colTot.reduce((a, v) => a + lf[v]!, 0) - lf[n]!;
  let obs = K;
  for (const row of t) for (const v of row) obs -= lf[v]!;
  const threshold = obs + TOL;
  // Remaining n and Σ log c_j! from stage k on.
  const nRem = new Float64Array(C + 1);
  const lfColRem = new Float64Array(C + 1);
  for (let k = C - 1; k >= 0; k--) {
    nRem[k] = nRem[k + 1]! + colTot[k]!;
    lfColRem[k] = lfColRem[k + 1]! + lf[colTot[k]!]!;
  }

  // Exact longest and shortest remaining path from each node (memoized per stage and row multiset).
  const memo: Array<Map<string, [number, number]>> = Array.from({ length: C }, () => new Map());
  const bounds = (k: number, rho: Int32Array): [number, number] => {
    if (k === C - 1) {
      let s = 0;
      for (let i = 0; i < R; i++) s -= lf[rho[i]!]!;
      return [s, s];
    }
    const key = String.fromCharCode(...rho);
    const hit = memo[k]!.get(key);
    if (hit) return hit;
    let hi = -Infinity;
    let lo = Infinity;
    const xs = new Int32Array(R);
    const capRight = new Int32Array(R + 1);
    for (let i = R - 1; i >= 0; i--) capRight[i] = capRight[i + 1]! + rho[i]!;
    const walk = (i: number, left: number, edge: number): void => {
      if (i === R - 1) {
        if (left > rho[i]!) return;
        xs[i] = left;
        edge -= lf[left]!;
        const ch = new Int32Array(R);
        for (let q = 0; q < R; q++) ch[q] = rho[q]! - xs[q]!;
        ch.sort();
        work++;
        if (work > budget) throw BUDGET;
        const [a, b] = bounds(k + 1, ch);
        if (edge + a > hi) hi = edge + a;
        if (edge + b < lo) lo = edge + b;
        return;
      }
      const from = Math.max(0, left - capRight[i + 1]!);
      const to = Math.min(left, rho[i]!);
      for (let v = from; v <= to; v++) {
        xs[i] = v;
        walk(i + 1, left - v, edge - lf[v]!);
      }
    };
    walk(0, colTot[k]!, 0);
    const out: [number, number] = [hi, lo];
    memo[k]!.set(key, out);
    return out;
  };
  let p = 0;
  const rootRows = Int32Array.from(rowTot).sort();
  let stage = new Map<string, Node>([[String.fromCharCode(...rootRows), { rows: rootRows, pasts: new Map([[0, { lp: 0, count: 1 }]]) }]]);
  const x = new Int32Array(R);
  const child = new Int32Array(R);
  try {
    for (let k = 0; k < C - 1; k++) {
      const next = new Map<string, Node>();
      for (const node of stage.values()) {
        const rho = node.rows;
        // Pasts sorted by length with prefix sums of their (scaled) probability mass: for each edge,
        // the pasts whose every completion counts are a prefix, those with none a suffix.
        const pasts = [...node.pasts.values()].sort((u, v) => u.lp - v.lp);
        const m = pasts.length;
        const ref = pasts[m - 1]!.lp;
        const mass = new Float64Array(m + 1);
        for (let i = 0; i < m; i++) mass[i + 1] = mass[i]! + pasts[i]!.count * Math.exp(pasts[i]!.lp - ref);
        const upTo = (limit: number): number => {
          // Number of pasts with lp ≤ limit.
          let lo = 0;
          let hi = m;
          while (lo < hi) {
            const mid = (lo + hi) >> 1;
            if (pasts[mid]!.lp <= limit) lo = mid + 1;
            else hi = mid;
          }
          return lo;
        };
        const capRight = new Int32Array(R + 1);
        for (let i = R - 1; i >= 0; i--) capRight[i] = capRight[i + 1]! + rho[i]!;
        const visit = (i: number, left: number, edge: number): void => {
          if (i === R - 1) {
            if (left > rho[i]!) return;
            x[i] = left;
            edge -= lf[left]!;
            let lchild = 0;
            for (let q = 0; q < R; q++) {
              child[q] = rho[q]! - x[q]!;
              lchild += lf[child[q]!]!;
            }
            child.sort();
            if (++work > budget) throw BUDGET;
            const [maxC, minC] = bounds(k + 1, child);
            const room = threshold - K - edge;
            const all = upTo(room - maxC);
            if (all > 0) p += mass[all]! * Math.exp(K + ref + edge + lf[nRem[k + 1]!]! - lchild - lfColRem[k + 1]!);
            const some = upTo(room - minC);
            if (some <= all) return;
            work += some - all;
            if (work > budget) throw BUDGET;
            const key = String.fromCharCode(...child);
            let nd = next.get(key);
            if (!nd) next.set(key, (nd = { rows: Int32Array.from(child), pasts: new Map() }));
            for (let q = all; q < some; q++) {
              const past = pasts[q]!;
              const lp = past.lp + edge;
              const h = Math.round(lp * 1e9);
              const prev = nd.pasts.get(h);
              if (prev) prev.count += past.count;
              else nd.pasts.set(h, { lp, count: past.count });
            }
            return;
          }
          const lo = Math.max(0, left - capRight[i + 1]!);
          const hi = Math.min(left, rho[i]!);
          for (let v = lo; v <= hi; v++) {
            x[i] = v;
            visit(i + 1, left - v, edge - lf[v]!);
          }
        };
        visit(0, colTot[k]!, 0);
      }
      stage = next;
    }
  } catch (e) {
    if (e === BUDGET) return null;
    throw e;
  }
  return Math.min(1, p);
}

const BUDGET = Symbol('budget');

export interface FisherSimulation {
  pValue: number;
  B: number;
  seed: number;
  /** Wilson interval of the Monte Carlo p (the uncertainty from simulating, not a CI of a parameter). */
  ci: readonly [number, number];
}

/**
 * Monte Carlo p as fisher.test(simulate.p.value = TRUE): B random tables with the observed margins
 * (uniform under independence given the margins, drawn by shuffling the column labels of the n
 * units, the same law as r2dtable), p = (1 + #{tables no more likely than observed}) / (B + 1).
 */
export function fisherSimulatedP(table: readonly (readonly number[])[], B = 1e5, seed = 20261122, level = 0.95): FisherSimulation {
  const r = table.length;
  const c = table[0]!.length;
  const rowTot = table.map((row) => row.reduce((a, b) => a + b, 0));
  const colTot = table[0]!.map((_, j) => table.reduce((s, row) => s + row[j]!, 0));
  const n = rowTot.reduce((a, b) => a + b, 0);
  const lf = lfactTable(n);
  let stat = 0;
  for (const row of table) for (const v of row) stat -= lf[v]!;
  const almost1 = 1 + 64 * Number.EPSILON;
  const labels = new Int32Array(n);
  let u = 0;
  for (let j = 0; j < c; j++) for (let k = 0; k < colTot[j]!; k++) labels[u++] = j;
  const rng = seededRandom(seed);
  const cells = new Int32Array(r * c);
  let hits = 0;
  for (let b = 0; b < B; b++) {
    for (let i = n - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      const tmp = labels[i]!;
      labels[i] = labels[j]!;
      labels[j] = tmp;
    }
    cells.fill(0);
    let pos = 0;
    for (let i = 0; i < r; i++) for (let k = 0; k < rowTot[i]!; k++) cells[i * c + labels[pos++]!]!++;
    let s = 0;
    for (let q = 0; q < cells.length; q++) s -= lf[cells[q]!]!;
    if (s <= stat / almost1) hits++;
  }
  const pValue = (1 + hits) / (B + 1);
  const z = normalQuantile(1 - (1 - level) / 2);
  const ph = hits / B;
  const centre = (ph + (z * z) / (2 * B)) / (1 + (z * z) / B);
  const half = ((z / (1 + (z * z) / B)) * Math.sqrt((ph * (1 - ph)) / B + (z * z) / (4 * B * B)));
  return { pValue, B, seed, ci: [Math.max(0, centre - half), Math.min(1, centre + half)] };
}
