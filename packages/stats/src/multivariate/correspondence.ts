// Simple correspondence analysis of a two-way contingency table (R: ca::ca), by the eigen-decomposition
// of the cross-product of the standardised residuals (equivalent to their SVD).
import { chisqSf } from '../distributions/chisq.js';
import { StatsError } from '../errors.js';
import { symmetricEigen } from '../internal/linalg.js';

/** Row or column profile points of a correspondence analysis. */
export interface CaPoints {
  /** Masses (row or column totals / grand total). */
  mass: number[];
  /** χ² distance of each profile to the average profile (ca's rowdist / coldist). */
  distance: number[];
  /** Inertia of each point (mass × distance²; ca's rowinertia / colinertia). */
  inertia: number[];
  /** Standard coordinates, points × dims (ca's rowcoord / colcoord). */
  standard: number[][];
  /** Principal coordinates (standard × singular value), points × dims. */
  principal: number[][];
  /** Contribution of each point to each dimension's inertia (mass × principal² / λ), in [0, 1]. */
  contribution: number[][];
  /** Squared cosine (quality) of each point on each dimension (principal² / distance²), in [0, 1]. */
  cos2: number[][];
}

export interface CorrespondenceResult {
  n: number;
  /** Dimensions: min(rows, cols) − 1. */
  dims: number;
  /** Singular values (ca's sv) and principal inertias (their squares), decreasing. */
  singularValues: number[];
  eigenvalues: number[];
  /** Percentage and cumulative percentage of the total inertia explained by each dimension. */
  proportion: number[];
  cumulative: number[];
  totalInertia: number;
  /** Pearson χ² test of independence of the table: n × total inertia, (r−1)(c−1) df. */
  statistic: number;
  df: number;
  pValue: number;
  rows: CaPoints;
  columns: CaPoints;
}

/**
 * Simple correspondence analysis of a table of counts (R: `ca::ca(table)`, all min(r, c) − 1
 * dimensions). The standardised residuals S = D_r^{-1/2}(P − r cᵀ)D_c^{-1/2} are decomposed; each
 * dimension's sign is fixed so that the column with the largest absolute standard coordinate is
 * positive (the sign of an SVD is arbitrary; compare with R after the same normalisation).
 * Throws StatsError for fewer than 2 rows or columns, negative or non-finite counts, or an empty
 * row or column.
 */
export function correspondenceAnalysis(table: readonly (readonly number[])[]): Readonly<CorrespondenceResult> {
  const r = table.length;
  const c = r > 0 ? table[0]!.length : 0;
  if (r < 2 || c < 2) throw new StatsError('INVALID_ARGUMENT', '对应分析需要至少 2 行 × 2 列的列联表');
  let n = 0;
  for (const row of table) {
    if (row.length !== c) throw new StatsError('INVALID_ARGUMENT', '列联表各行的列数必须相同');
    for (const v of row) {
      if (!Number.isFinite(v) || v < 0) throw new StatsError('INVALID_ARGUMENT', '列联表的频数必须为非负有限数');
      n += v;
    }
  }
  const rm = table.map((row) => row.reduce((s, v) => s + v, 0) / n);
  const cm = Array.from({ length: c }, (_, j) => table.reduce((s, row) => s + row[j]!, 0) / n);
  if (rm.some((v) => v === 0) || cm.some((v) => v === 0)) throw new StatsError('INVALID_ARGUMENT', '列联表中有整行或整列为 0，请删除该类别后再分析');
  const S = table.map((row, i) => row.map((v, j) => (v / n - rm[i]! * cm[j]!) / Math.sqrt(rm[i]! * cm[j]!)));
  const dims = Math.min(r, c) - 1;
  // Decompose the smaller cross-product: SᵀS (c × c) gives V, SSᵀ (r × r) gives U.
  const byCols = c <= r;
  const p = byCols ? c : r;
  const A = new Float64Array(p * p);
  for (let a = 0; a < p; a++) {
    for (let b = a; b < p; b++) {
      let s = 0;
      if (byCols) for (let i = 0; i < r; i++) s += S[i]![a]! * S[i]![b]!;
      else for (let j = 0; j < c; j++) s += S[a]![j]! * S[b]![j]!;
      A[a * p + b] = s;
      A[b * p + a] = s;
    }
  }
  const eig = symmetricEigen(A, p);
  const eigenvalues = Array.from({ length: dims }, (_, k) => Math.max(0, eig.values[k]!));
  const sv = eigenvalues.map(Math.sqrt);
  if (sv[0]! <= 1e-12) throw new StatsError('INVALID_ARGUMENT', '列联表的行与列完全独立（总惯量为 0），无法做对应分析');
  // Singular vectors of the decomposed side, then the other side by S v / σ (or Sᵀ u / σ).
  const known = Array.from({ length: p }, (_, a) => Array.from({ length: dims }, (_, k) => eig.vectors[a * p + k]!));
  const otherLen = byCols ? r : c;
  const other = Array.from({ length: otherLen }, (_, x) =>
    Array.from({ length: dims }, (_, k) => {
      if (sv[k]! <= 1e-12 * sv[0]!) return 0;
      let s = 0;
      for (let a = 0; a < p; a++) s += (byCols ? S[x]![a]! : S[a]![x]!) * known[a]![k]!;
      return s / sv[k]!;
    }),
  );
  const V = byCols ? known : other;
  const U = byCols ? other : known;
  // Sign: the column with the largest |standard coordinate| is positive.
  for (let k = 0; k < dims; k++) {
    let best = 0;
    let bestAbs = -1;
    for (let j = 0; j < c; j++) {
      const a = Math.abs(V[j]![k]! / Math.sqrt(cm[j]!));
      if (a > bestAbs + 1e-12) {
        bestAbs = a;
        best = j;
      }
    }
    if (V[best]![k]! < 0) {
      for (const row of V) row[k] = -row[k]!;
      for (const row of U) row[k] = -row[k]!;
    }
  }
  const totalInertia = S.reduce((s, row) => s + row.reduce((t, v) => t + v * v, 0), 0);
  const points = (mass: number[], vecs: number[][]): CaPoints => {
    const standard = vecs.map((v, i) => v.map((x) => x / Math.sqrt(mass[i]!)));
    const principal = standard.map((row) => row.map((x, k) => x * sv[k]!));
    const distance2 = principal.map((row) => row.reduce((s, x) => s + x * x, 0));
    return {
      mass,
      distance: distance2.map(Math.sqrt),
      inertia: distance2.map((d, i) => d * mass[i]!),
      standard,
      principal,
      contribution: principal.map((row, i) => row.map((x, k) => (eigenvalues[k]! > 0 ? (mass[i]! * x * x) / eigenvalues[k]! : 0))),
      cos2: principal.map((row, i) => row.map((x) => (distance2[i]! > 0 ? (x * x) / distance2[i]! : 0))),
    };
  };
  const df = (r - 1) * (c - 1);
  const statistic = n * totalInertia;
  let cum = 0;
  const proportion = eigenvalues.map((v) => (100 * v) / totalInertia);
  return {
    n,
    dims,
    singularValues: sv,
    eigenvalues,
    proportion,
    cumulative: proportion.map((v) => (cum += v)),
    totalInertia,
    statistic,
    df,
    pValue: chisqSf(statistic, df),
    rows: points(rm, U),
    columns: points(cm, V),
  };
}
