// Repeated-measures ANOVA with one within-subjects factor and one between-subjects factor (split-plot),
// by the multivariate route of car::Anova(lm(Y ~ g, contrasts = contr.sum), idesign = ~time, type = 3):
// between-subjects tests on the subjects' totals, within-subjects tests on orthonormal contrasts of
// the measurements, with Mauchly's test and the Greenhouse–Geisser and Huynh–Feldt corrections.
import { StatsError } from '../errors.js';
import { chisqSf } from '../distributions/chisq.js';
import { fSf } from '../distributions/f.js';
import { det, spdInverse } from '../internal/linalg.js';

export interface MixedAnovaRow {
  ss: number;
  df1: number;
  ssError: number;
  df2: number;
  statistic: number;
  pValue: number;
  /** SS / (SS + SS_error). */
  partialEtaSquared: number;
}

export interface MixedWithinRow extends MixedAnovaRow {
  greenhouseGeisser: { epsilon: number; pValue: number };
  /** ε may exceed 1; the p-value uses min(ε, 1) (as car). */
  huynhFeldt: { epsilon: number; pValue: number };
}

export interface MixedRepeatedResult {
  /** Type III test of the grand mean (car's "(Intercept)" row). */
  intercept: MixedAnovaRow;
  between: MixedAnovaRow;
  within: MixedWithinRow;
  interaction: MixedWithinRow;
  /** Shared by the within-subjects terms (one error SSP matrix); null with 2 measurements or too few subjects. */
  mauchly: { statistic: number; pValue: number } | null;
  groups: string[];
  groupSizes: number[];
  n: number;
  missing: number;
}

/**
 * @param data rows = subjects, columns = measurements (time points); a subject with any missing
 *   value or no group is dropped.
 * @param groups the between-subjects factor, one value per subject; `levels` fixes the order
 *   (default: order of first appearance).
 * @throws StatsError with fewer than 2 measurements, fewer than 2 groups, a group of one subject, no
 *   more subjects than groups, or no within-subject variation.
 */
export function mixedRepeatedMeasuresAnova(
  data: readonly (readonly number[])[],
  groups: ArrayLike<string | null | undefined>,
  levels?: readonly string[],
): Readonly<MixedRepeatedResult> {
  const k = data[0]?.length ?? 0;
  if (k < 2) throw new StatsError('INVALID_ARGUMENT', '重复测量方差分析至少需要2个测量条件');
  if (data.some((r) => r.length !== k)) throw new StatsError('INVALID_ARGUMENT', '每个受试者的测量次数必须相同');
  if (groups.length !== data.length) throw new StatsError('INVALID_ARGUMENT', '分组变量的长度必须与受试者数相同');
  const keep: number[] = [];
  for (let i = 0; i < data.length; i++) {
    const g = groups[i];
    if (g !== null && g !== undefined && g !== '' && data[i]!.every((v) => Number.isFinite(v))) keep.push(i);
  }
  const n = keep.length;
  const seen = [...new Set(keep.map((i) => String(groups[i])))];
  const lv = levels ? levels.filter((l) => seen.includes(l)) : seen;
  const q = lv.length;
  if (q < 2) throw new StatsError('INVALID_ARGUMENT', '组间因素至少需要2个组');
  const gi = keep.map((i) => lv.indexOf(String(groups[i])));
  if (gi.some((g) => g < 0)) throw new StatsError('INVALID_ARGUMENT', '分组变量的数据中有未列出的水平');
  const sizes = lv.map((_, j) => gi.filter((g) => g === j).length);
  const small = sizes.findIndex((s) => s < 2);
  if (small >= 0) throw new StatsError('GROUP_TOO_SMALL', `组“${lv[small]}”只有${sizes[small]}个完整的受试者，每组至少需要2个`);
  const errDf = n - q;
  const Y = keep.map((i) => data[i]!);

  // Between-subjects design: intercept and sum-to-zero codes; (XᵀX)⁻¹ for the hypothesis matrices.
  const X = gi.map((g) => [1, ...Array.from({ length: q - 1 }, (_, j) => (g === j ? 1 : g === q - 1 ? -1 : 0))]);
  const XtX = new Float64Array(q * q);
  for (const x of X) for (let a = 0; a < q; a++) for (let b = 0; b < q; b++) XtX[a * q + b]! += x[a]! * x[b]!;
  const XtXi = spdInverse(XtX, q, '组间设计矩阵');
  const inv = (a: number, b: number) => XtXi[a * q + b]!;

  // Responses: the total over measurements scaled by 1/√k, and p = k − 1 orthonormal (Helmert) contrasts.
  const p = k - 1;
  const C = [
    Array.from({ length: k }, () => 1 / Math.sqrt(k)),
    ...Array.from({ length: p }, (_, j) => {
      const norm = Math.sqrt((j + 1) * (j + 2));
      return Array.from({ length: k }, (_, i) => (i <= j ? 1 : i === j + 1 ? -(j + 1) : 0) / norm);
    }),
  ];
  const Z = Y.map((r) => C.map((c) => c.reduce((a, cj, j) => a + cj * r[j]!, 0)));
  const m = C.length;
  // B = (XᵀX)⁻¹XᵀZ, residuals E = Z − XB and the error SSP matrix.
  const XtZ = Array.from({ length: q }, (_, a) => Array.from({ length: m }, (_, c) => Z.reduce((s, z, i) => s + X[i]![a]! * z[c]!, 0)));
  const B = Array.from({ length: q }, (_, a) => Array.from({ length: m }, (_, c) => XtZ.reduce((s, row, b) => s + inv(a, b) * row[c]!, 0)));
  const resid = Z.map((z, i) => z.map((v, c) => v - X[i]!.reduce((s, x, a) => s + x * B[a]![c]!, 0)));
  const E = Array.from({ length: m }, (_, a) => Array.from({ length: m }, (_, b) => resid.reduce((s, r) => s + r[a]! * r[b]!, 0)));

  // Hypothesis SSP for rows `rows` of B: (LB)ᵀ [L (XᵀX)⁻¹ Lᵀ]⁻¹ (LB), restricted to response columns `cols`.
  const hypothesisTrace = (rows: number[], cols: number[]) => {
    const h = rows.length;
    const mid = new Float64Array(h * h);
    for (let a = 0; a < h; a++) for (let b = 0; b < h; b++) mid[a * h + b] = inv(rows[a]!, rows[b]!);
    const midInv = spdInverse(mid, h, '假设矩阵');
    let tr = 0;
    for (const c of cols) for (let a = 0; a < h; a++) for (let b = 0; b < h; b++) tr += B[rows[a]!]![c]! * midInv[a * h + b]! * B[rows[b]!]![c]!;
    return tr;
  };
  const row = (ss: number, df1: number, ssError: number, df2: number): MixedAnovaRow => {
    const F = ss / df1 / (ssError / df2);
    return { ss, df1, ssError, df2, statistic: F, pValue: fSf(F, df1, df2), partialEtaSquared: ss / (ss + ssError) };
  };
  if (errDf < 1) throw new StatsError('TOO_FEW_OBSERVATIONS', `受试者数（${n}）必须多于组数（${q}）`);
  const ssErrBetween = E[0]![0]!;
  const intercept = row(hypothesisTrace([0], [0]), 1, ssErrBetween, errDf);
  const groupRows = Array.from({ length: q - 1 }, (_, j) => j + 1);
  const between = row(hypothesisTrace(groupRows, [0]), q - 1, ssErrBetween, errDf);

  const wc = Array.from({ length: p }, (_, j) => j + 1);
  const Ew = wc.map((a) => wc.map((b) => E[a]![b]!));
  const tr = Ew.reduce((a, r, i) => a + r[i]!, 0);
  if (!(tr > 0)) throw new StatsError('ZERO_VARIANCE', '误差平方和为0（数据没有个体内变异），无法进行重复测量方差分析');
  const tr2 = Ew.reduce((a, r) => a + r.reduce((b, v) => b + v * v, 0), 0);
  const gg = (tr * tr) / (p * tr2);
  const hf = ((errDf + 1) * p * gg - 2) / (p * (errDf - p * gg));
  const withinRow = (ss: number, h: number): MixedWithinRow => {
    const r = row(ss, p * h, tr, p * errDf);
    const corrected = (eps: number) => fSf(r.statistic, r.df1 * eps, r.df2 * eps);
    return { ...r, greenhouseGeisser: { epsilon: gg, pValue: corrected(gg) }, huynhFeldt: { epsilon: hf, pValue: corrected(Math.min(1, hf)) } };
  };
  const within = withinRow(hypothesisTrace([0], wc), 1);
  const interaction = withinRow(hypothesisTrace(groupRows, wc), q - 1);

  let mauchly: MixedRepeatedResult['mauchly'] = null;
  if (p >= 2 && errDf > p) {
    const logW = Math.log(det(Ew)) - p * Math.log(tr / p);
    const rho = 1 - (2 * p * p + p + 2) / (6 * p * errDf);
    // As repeated.ts: R's constant has 3·k (k measurements) where Anderson's expansion has 3·(k − 1).
    const w2 = ((p + 2) * (p - 1) * (p - 2) * (2 * p ** 3 + 6 * p * p + 3 * k + 2)) / (288 * (errDf * p * rho) ** 2);
    const z = -errDf * rho * logW;
    const f = (p * (p + 1)) / 2 - 1;
    const pr1 = chisqSf(z, f);
    const pr2 = chisqSf(z, f + 4);
    mauchly = { statistic: Math.exp(logW), pValue: pr1 + w2 * (pr2 - pr1) };
  }
  return { intercept, between, within, interaction, mauchly, groups: lv, groupSizes: sizes, n, missing: data.length - n };
}
