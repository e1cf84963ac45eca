// One-way repeated-measures ANOVA with Mauchly's sphericity test and the Greenhouse–Geisser and
// Huynh–Feldt corrections (as car::Anova with an intra-subject design reports them).
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { fSf } from '../distributions/f.js';
import { det } from '../internal/linalg.js';

export interface RepeatedMeasuresResult {
  method: string;
  statistic: number;
  df1: number;
  df2: number;
  pValue: number;
  ss: number;
  ssError: number;
  ssSubjects: number;
  /** Partial η² = SS / (SS + SS_error). */
  partialEtaSquared: number;
  mauchly: { statistic: number; pValue: number } | null;
  greenhouseGeisser: { epsilon: number; pValue: number };
  /** ε may exceed 1; the p-value uses min(ε, 1). */
  huynhFeldt: { epsilon: number; pValue: number };
  n: number;
  missing: number;
}

/**
 * @param data rows = subjects, columns = conditions; subjects with a missing value are dropped.
 * @throws StatsError with fewer than 2 conditions or 2 complete subjects, or no variation.
 */
export function repeatedMeasuresAnova(data: readonly (readonly number[])[]): Readonly<RepeatedMeasuresResult> {
  const k = data[0]?.length ?? 0;
  if (k < 2) throw new StatsError('INVALID_ARGUMENT', '重复测量方差分析至少需要2个测量条件');
  if (data.some((r) => r.length !== k)) throw new StatsError('INVALID_ARGUMENT', '每个受试者的测量次数必须相同');
  const rows = data.filter((r) => r.every((v) => Number.isFinite(v)));
  const n = rows.length;
  if (n < 2) throw new StatsError('TOO_FEW_OBSERVATIONS', `完整的受试者只有${n}个，至少需要2个`);
  const grand = rows.reduce((a, r) => a + r.reduce((b, v) => b + v, 0), 0) / (n * k);
  const colMeans = Array.from({ length: k }, (_, j) => rows.reduce((a, r) => a + r[j]!, 0) / n);
  const rowMeans = rows.map((r) => r.reduce((a, v) => a + v, 0) / k);
  let ssTotal = 0;
  for (const r of rows) for (const v of r) ssTotal += (v - grand) ** 2;
  const ss = n * colMeans.reduce((a, m) => a + (m - grand) ** 2, 0);
  const ssSubjects = k * rowMeans.reduce((a, m) => a + (m - grand) ** 2, 0);
  const ssError = ssTotal - ss - ssSubjects;
  if (!(ssError > 0)) throw new StatsError('ZERO_VARIANCE', '误差平方和为0（数据没有个体内变异），无法进行重复测量方差分析');
  const df1 = k - 1;
  const df2 = (n - 1) * (k - 1);
  const F = ss / df1 / (ssError / df2);

  // Orthonormal (normalised Helmert) contrasts C, and M = Cᵀ·SSD·C.
  const p = k - 1;
  const C = Array.from({ length: p }, (_, j) => {
    const norm = Math.sqrt((j + 1) * (j + 2));
    return Array.from({ length: k }, (_, i) => (i <= j ? 1 : i === j + 1 ? -(j + 1) : 0) / norm);
  });
  const dev = rows.map((r) => r.map((v, j) => v - colMeans[j]!));
  const scores = dev.map((r) => C.map((c) => c.reduce((a, cj, j) => a + cj * r[j]!, 0)));
  const M = Array.from({ length: p }, (_, a) => Array.from({ length: p }, (_, b) => scores.reduce((s, row) => s + row[a]! * row[b]!, 0)));
  const tr = M.reduce((a, r, i) => a + r[i]!, 0);
  const tr2 = M.reduce((a, r) => a + r.reduce((b, v) => b + v * v, 0), 0);
  const gg = (tr * tr) / (p * tr2);
  const errDf = n - 1;
  const hf = ((errDf + 1) * p * gg - 2) / (p * (errDf - p * gg));
  const corrected = (eps: number) => fSf(F, df1 * eps, df2 * eps);

  let mauchly: RepeatedMeasuresResult['mauchly'] = null;
  if (p >= 2 && n > p) {
    const logW = Math.log(det(M)) - p * Math.log(tr / p);
    const rho = 1 - (2 * p * p + p + 2) / (6 * p * errDf);
    // R's mauchly.test (and car) write 3·k here, k the number of measurements, where Anderson's
    // expansion has 3·(k − 1); it moves p by ~1e-3 relative. We follow R so the numbers agree.
    const w2 = ((p + 2) * (p - 1) * (p - 2) * (2 * p ** 3 + 6 * p * p + 3 * k + 2)) / (288 * (errDf * p * rho) ** 2);
    const z = -errDf * rho * logW;
    const f = (p * (p + 1)) / 2 - 1;
    const pr1 = chisqSf(z, f);
    const pr2 = chisqSf(z, f + 4);
    mauchly = { statistic: Math.exp(logW), pValue: pr1 + w2 * (pr2 - pr1) };
  }
  return {
    method: 'One-way repeated measures ANOVA',
    statistic: F,
    df1,
    df2,
    pValue: fSf(F, df1, df2),
    ss,
    ssError,
    ssSubjects,
    partialEtaSquared: ss / (ss + ssError),
    mauchly,
    greenhouseGeisser: { epsilon: gg, pValue: corrected(gg) },
    huynhFeldt: { epsilon: hf, pValue: corrected(Math.min(1, hf)) },
    n,
    missing: data.length - n,
  };
}
