// Shared preparation for multivariate methods: listwise-complete columns and their covariance and
// correlation matrices (row-major p×p).
import { StatsError } from '../errors.js';

export type NumericColumn = ArrayLike<number | null | undefined>;

export interface CompleteData {
  /** Complete cases, one Float64Array per variable. */
  x: Float64Array[];
  n: number;
  p: number;
  names: string[];
  /** Rows dropped for a missing or non-finite value. */
  excluded: number;
  /** Input row index of each complete case. */
  rows: number[];
  means: Float64Array;
  sds: Float64Array;
  cov: Float64Array;
  cor: Float64Array;
}

/** Listwise deletion across the columns, then means, SDs (n − 1), covariance and correlation. */
export function completeData(columns: readonly NumericColumn[], names: readonly string[] | undefined, minVariables: number, minRows: number, what: string): CompleteData {
  const p = columns.length;
  if (p < minVariables) throw new StatsError('INVALID_ARGUMENT', `${what}至少需要${minVariables}个变量`);
  const label = names ? [...names] : columns.map((_, j) => `V${j + 1}`);
  const rows = columns[0]!.length;
  if (columns.some((c) => c.length !== rows)) throw new StatsError('INVALID_ARGUMENT', '各变量的长度必须相同');
  const keep: number[] = [];
  for (let i = 0; i < rows; i++) {
    let ok = true;
    for (let j = 0; j < p && ok; j++) {
      const v = columns[j]![i];
      ok = typeof v === 'number' && Number.isFinite(v);
    }
    if (ok) keep.push(i);
  }
  const n = keep.length;
  if (n < minRows) throw new StatsError('TOO_FEW_OBSERVATIONS', `${what}的完整观测数为${n}，至少需要${minRows}个`);
  const x = columns.map((c) => Float64Array.from(keep, (i) => c[i] as number));
  const means = Float64Array.from(x, (col) => col.reduce((s, v) => s + v, 0) / n);
  const cov = new Float64Array(p * p);
  for (let a = 0; a < p; a++) {
    for (let b = a; b < p; b++) {
      const xa = x[a]!;
      const xb = x[b]!;
      const ma = means[a]!;
      const mb = means[b]!;
      let s = 0;
      for (let i = 0; i < n; i++) s += (xa[i]! - ma) * (xb[i]! - mb);
      cov[a * p + b] = cov[b * p + a] = s / (n - 1);
    }
  }
  const sds = Float64Array.from({ length: p }, (_, j) => Math.sqrt(cov[j * p + j]!));
  sds.forEach((sd, j) => {
    if (!(sd > 0)) throw new StatsError('ZERO_VARIANCE', `变量“${label[j]}”的取值全部相同，无法分析`);
  });
  const cor = new Float64Array(p * p);
  for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) cor[a * p + b] = a === b ? 1 : cov[a * p + b]! / (sds[a]! * sds[b]!);
  return { x, n, p, names: label, excluded: rows - n, rows: keep, means, sds, cov, cor };
}

/** Rows of a row-major matrix as nested arrays (for results). */
export function toRows(m: ArrayLike<number>, rows: number, cols: number): number[][] {
  return Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => m[i * cols + j]!));
}
