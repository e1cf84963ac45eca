import { minOf } from '@labstat/stats';
// Which test of a contingency table to report, by the rule Chinese textbooks teach (孙振球《医学统计学》):
// shared by the R×C tool and the 2×2 effect tool so both say the same thing.

export type TableTest = 'pearson' | 'yates' | 'fisher';

export interface TableAdvice {
  test: TableTest;
  /** The reason, in Chinese, for a footnote. */
  reason: string;
}

/**
 * 2×2: n ≥ 40 and every expected count ≥ 5 → Pearson χ²; n ≥ 40 and some 1 ≤ T < 5 → Yates;
 * n < 40 or some T < 1 → Fisher. R×C: more than a fifth of cells with T < 5, or any T < 1 → Fisher.
 */
export function tableAdvice(expected: readonly (readonly number[])[], n: number): TableAdvice {
  const cells = expected.flat();
  const min = minOf(cells);
  const low = cells.filter((e) => e < 5).length;
  const minText = `最小理论频数 ${min.toFixed(2)}`;
  if (expected.length === 2 && expected[0]!.length === 2) {
    if (n < 40 || min < 1) return { test: 'fisher', reason: `总例数 ${n}${n < 40 ? ' < 40' : ''}，${minText}${min < 1 ? ' < 1' : ''}，宜采用 Fisher 确切概率法` };
    if (min < 5) return { test: 'yates', reason: `总例数 ≥ 40，${minText}（1 ≤ T < 5），宜采用连续性校正 χ² 检验` };
    return { test: 'pearson', reason: `总例数 ≥ 40，${minText} ≥ 5，可采用 Pearson χ² 检验` };
  }
  if (min < 1 || low / cells.length > 0.2) return { test: 'fisher', reason: `理论频数 < 5 的格子有 ${low} 个（占 ${((100 * low) / cells.length).toFixed(1)}%），${minText}，χ² 近似不可靠，宜采用 Fisher 确切概率法` };
  return { test: 'pearson', reason: `理论频数 < 5 的格子有 ${low} 个（不超过 1/5），${minText} ≥ 1，可采用 Pearson χ² 检验` };
}
