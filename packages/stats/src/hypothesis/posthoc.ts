// Post-hoc pairwise comparisons after a one-way design: Tukey HSD (Tukey–Kramer for unequal n),
// Games–Howell, and pooled-sd pairwise t-tests with LSD (no adjustment), Bonferroni, Holm… (R:
// TukeyHSD, pairwise.t.test; Games–Howell as in rstatix/PMCMRplus).
import { StatsError } from '../errors.js';
import { tSf, tQuantile } from '../distributions/t.js';
import { dunnettLambdas, dunnettQuantile, dunnettSf, type DunnettAlternative } from '../distributions/dunnett.js';
import { tukeyQuantile, tukeySf } from '../distributions/tukey.js';
import { sum } from '../internal/sum.js';
import { summarize } from './anova.js';
import { assertGroups, type Group } from './groups.js';
import { pAdjust, type PAdjustMethod } from './p-adjust.js';

export interface PairwiseComparison {
  /** "B-A": the later group minus the earlier one, as R names them. */
  comparison: string;
  groupA: string;
  groupB: string;
  /** mean(B) − mean(A). */
  difference: number;
  se: number;
  statistic: number;
  df: number;
  pValue: number;
  /** Confidence interval of the difference (simultaneous for Tukey and Games–Howell). */
  ci: readonly [number, number] | null;
}

export type PostHocMethod = 'tukey' | 'games-howell' | 'lsd' | 'bonferroni' | 'holm' | 'BH' | 'dunnett';

export interface PostHocResult {
  method: PostHocMethod;
  level: number;
  comparisons: PairwiseComparison[];
}

/**
 * Pairwise comparisons of all groups (`dunnett`: each group against the first, see dunnettTest).
 * @throws StatsError with fewer than 2 groups, a group of one, or no within-group variation.
 */
export function postHoc(groups: Group[], method: PostHocMethod = 'tukey', level = 0.95): Readonly<PostHocResult> {
  assertGroups(groups);
  if (method === 'dunnett') return dunnettTest(groups, { level });
  const s = summarize(groups);
  const k = s.length;
  const N = sum(s.map((g) => g.n));
  const dfW = N - k;
  const mse = sum(s.map((g) => (g.n - 1) * g.variance)) / dfW;
  if (!(mse > 0)) throw new StatsError('ZERO_VARIANCE', '各组内部数值完全相同（组内方差为0），无法进行多重比较');
  const pairs: [number, number][] = [];
  for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) pairs.push([i, j]);
  const name = (i: number, j: number) => `${s[j]!.name}-${s[i]!.name}`;

  if (method === 'tukey' || method === 'games-howell') {
    // Both refer |difference|/se to the studentized range; they differ in se and df per pair.
    const pooledCrit = method === 'tukey' ? tukeyQuantile(level, k, dfW) / Math.SQRT2 : 0;
    return {
      method,
      level,
      comparisons: pairs.map(([i, j]) => {
        const a = s[i]!;
        const b = s[j]!;
        let se: number;
        let df: number;
        if (method === 'tukey') {
          se = Math.sqrt(mse * (1 / a.n + 1 / b.n));
          df = dfW;
        } else {
          if (!(a.variance > 0) || !(b.variance > 0)) throw new StatsError('ZERO_VARIANCE', `组“${a.variance > 0 ? b.name : a.name}”的方差为0，无法进行Games-Howell检验`);
          const va = a.variance / a.n;
          const vb = b.variance / b.n;
          se = Math.sqrt(va + vb);
          df = (va + vb) ** 2 / (va ** 2 / (a.n - 1) + vb ** 2 / (b.n - 1));
        }
        const diff = b.mean - a.mean;
        const q = (Math.abs(diff) / se) * Math.SQRT2;
        const crit = method === 'tukey' ? pooledCrit : tukeyQuantile(level, k, df) / Math.SQRT2;
        // Tukey reports the studentized q, Games–Howell the Welch t, as their references do.
        const statistic = method === 'tukey' ? q : q / Math.SQRT2;
        const se2 = method === 'tukey' ? se / Math.SQRT2 : se;
        return { comparison: name(i, j), groupA: a.name, groupB: b.name, difference: diff, se: se2, statistic, df, pValue: tukeySf(q, k, df), ci: [diff - crit * se, diff + crit * se] as const };
      }),
    };
  }
  const adjust: PAdjustMethod = method === 'lsd' ? 'none' : method;
  const tq = tQuantile(1 - (1 - level) / 2, dfW);
  const raw = pairs.map(([i, j]) => {
    const a = s[i]!;
    const b = s[j]!;
    const diff = b.mean - a.mean;
    const se = Math.sqrt(mse * (1 / a.n + 1 / b.n));
    const t = diff / se;
    return {
      comparison: name(i, j),
      groupA: a.name,
      groupB: b.name,
      difference: diff,
      se,
      statistic: t,
      df: dfW,
      pValue: Math.min(1, 2 * tSf(Math.abs(t), dfW)),
      // Unadjusted interval for LSD; adjusted methods report adjusted p-values only.
      ci: method === 'lsd' ? ([diff - tq * se, diff + tq * se] as const) : null,
    };
  });
  const adjusted = pAdjust(raw.map((r) => r.pValue), adjust);
  return { method, level, comparisons: raw.map((r, i) => ({ ...r, pValue: adjusted[i]! })) };
}

export interface DunnettOptions {
  /** Name of the control group; the first group by default. */
  control?: string;
  /** `greater`: treatments above the control; `less`: below. */
  alternative?: DunnettAlternative;
  level?: number;
}

/**
 * Dunnett's test: every group against one control with the pooled within-group variance, p-values
 * adjusted single-step over the whole family (the multivariate t of the comparisons, not
 * Bonferroni), and simultaneous confidence intervals (one-sided bounds for one-sided tests).
 * Matches R's multcomp::glht(aov, mcp(g = "Dunnett")) with summary(test = adjusted("single-step"))
 * and confint(), computed here by quadrature instead of Genz's randomized method.
 * @throws StatsError with fewer than 2 groups, a group of one, an unknown control, or no
 *   within-group variation.
 */
export function dunnettTest(groups: Group[], opts: DunnettOptions = {}): Readonly<PostHocResult> {
  assertGroups(groups);
  const level = opts.level ?? 0.95;
  const alternative = opts.alternative ?? 'two-sided';
  const s = summarize(groups);
  const c = opts.control === undefined ? 0 : s.findIndex((g) => g.name === opts.control);
  if (c < 0) throw new StatsError('INVALID_ARGUMENT', `找不到对照组“${opts.control}”`);
  const N = sum(s.map((g) => g.n));
  const dfW = N - s.length;
  const mse = sum(s.map((g) => (g.n - 1) * g.variance)) / dfW;
  if (!(mse > 0)) throw new StatsError('ZERO_VARIANCE', '各组内部数值完全相同（组内方差为0），无法进行Dunnett检验');
  const control = s[c]!;
  const treated = s.filter((_, i) => i !== c);
  const lambda = dunnettLambdas(treated.map((g) => g.n), control.n);
  const crit = dunnettQuantile(level, lambda, dfW, alternative);
  return {
    method: 'dunnett',
    level,
    comparisons: treated.map((g) => {
      const diff = g.mean - control.mean;
      const se = Math.sqrt(mse * (1 / g.n + 1 / control.n));
      const t = diff / se;
      const pValue =
        alternative === 'two-sided' ? dunnettSf(Math.abs(t), lambda, dfW) : dunnettSf(alternative === 'greater' ? t : -t, lambda, dfW, 'greater');
      const ci: readonly [number, number] =
        alternative === 'two-sided'
          ? [diff - crit * se, diff + crit * se]
          : alternative === 'greater'
            ? [diff - crit * se, Infinity]
            : [-Infinity, diff + crit * se];
      return { comparison: `${g.name}-${control.name}`, groupA: control.name, groupB: g.name, difference: diff, se, statistic: t, df: dfW, pValue, ci };
    }),
  };
}
