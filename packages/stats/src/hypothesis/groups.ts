// Splitting a value column by a group column, keeping group order of first appearance.
import { StatsError } from '../errors.js';

export interface Group {
  name: string;
  values: number[];
}

/** Groups finite values by label; rows with a missing value or label are dropped. */
export function splitGroups(values: ArrayLike<number>, groups: ArrayLike<string | number | null | undefined>): Group[] {
  if (values.length !== groups.length) throw new StatsError('INVALID_ARGUMENT', '数值列与分组列的长度必须相同');
  const map = new Map<string, number[]>();
  for (let i = 0; i < values.length; i++) {
    const g = groups[i];
    if (g === null || g === undefined || g === '' || !Number.isFinite(values[i])) continue;
    const key = String(g);
    let list = map.get(key);
    if (!list) map.set(key, (list = []));
    list.push(values[i]!);
  }
  return [...map].map(([name, v]) => ({ name, values: v }));
}

export function assertGroups(groups: Group[], minGroups = 2, minSize = 2): void {
  if (groups.length < minGroups) throw new StatsError('TOO_FEW_OBSERVATIONS', `分组变量至少需要${minGroups}个组（当前${groups.length}个）`);
  for (const g of groups) {
    if (g.values.length < minSize) {
      throw new StatsError('GROUP_TOO_SMALL', `组“${g.name}”只有${g.values.length}个有效观测，每组至少需要${minSize}个`);
    }
  }
}
