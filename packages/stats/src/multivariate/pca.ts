// Principal component analysis (R: prcomp with scale. = TRUE for the correlation matrix).
import { StatsError } from '../errors.js';
import { symmetricEigen } from '../internal/linalg.js';
import { completeData, type NumericColumn } from './data.js';

export interface PcaResult {
  n: number;
  excluded: number;
  names: string[];
  matrix: 'correlation' | 'covariance';
  /** All eigenvalues (variances of the components), decreasing. */
  eigenvalues: number[];
  /** Proportion and cumulative proportion of the total variance, in percent. */
  proportion: number[];
  cumulative: number[];
  /** Components kept: the number asked for, or Kaiser's rule (eigenvalue above the mean eigenvalue, i.e. > 1 on correlations). */
  components: number;
  /** Eigenvectors (prcomp's rotation), variables × kept components; each signed so its largest element is positive. */
  eigenvectors: number[][];
  /** Component loadings (eigenvector × √eigenvalue; correlations of variables with components for the correlation matrix). */
  loadings: number[][];
  /** Communalities: variance of each variable reproduced by the kept components (sum of squared loadings). */
  communalities: number[];
  /** Component scores of the complete rows (centred, and scaled for the correlation matrix, data × eigenvectors; prcomp's x). */
  scores: number[][];
}

export function principalComponents(
  columns: readonly NumericColumn[],
  options: { names?: readonly string[]; matrix?: 'correlation' | 'covariance'; components?: number } = {},
): PcaResult {
  const d = completeData(columns, options.names, 2, 3, '主成分分析');
  const matrix = options.matrix ?? 'correlation';
  const { p, n } = d;
  const eig = symmetricEigen(matrix === 'correlation' ? d.cor : d.cov, p);
  const values = Array.from(eig.values, (v) => Math.max(v, 0));
  const total = values.reduce((s, v) => s + v, 0);
  const meanValue = total / p;
  const k = options.components ?? Math.max(1, values.filter((v) => v > meanValue * (1 + 1e-12)).length);
  if (!Number.isInteger(k) || k < 1 || k > p) throw new StatsError('INVALID_ARGUMENT', `主成分个数必须是1到${p}之间的整数`);
  let cum = 0;
  const proportion = values.map((v) => (100 * v) / total);
  const cumulative = proportion.map((v) => (cum += v));
  const vec = (i: number, j: number) => eig.vectors[i * p + j]!;
  const eigenvectors = Array.from({ length: p }, (_, i) => Array.from({ length: k }, (_, j) => vec(i, j)));
  const loadings = eigenvectors.map((row) => row.map((v, j) => v * Math.sqrt(values[j]!)));
  const communalities = loadings.map((row) => row.reduce((s, v) => s + v * v, 0));
  const scores: number[][] = [];
  const z = new Float64Array(p);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < p; j++) z[j] = (d.x[j]![i]! - d.means[j]!) / (matrix === 'correlation' ? d.sds[j]! : 1);
    const row: number[] = [];
    for (let c = 0; c < k; c++) {
      let s = 0;
      for (let j = 0; j < p; j++) s += z[j]! * vec(j, c);
      row.push(s);
    }
    scores.push(row);
  }
  return { n, excluded: d.excluded, names: d.names, matrix, eigenvalues: values, proportion, cumulative, components: k, eigenvectors, loadings, communalities, scores };
}
