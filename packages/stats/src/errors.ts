// The one error type of the statistics engine: a stable code for programs and a Chinese message
// a user can act on.

export type StatsErrorCode =
  | 'INVALID_ARGUMENT'
  | 'NON_FINITE'
  | 'TOO_FEW_OBSERVATIONS'
  | 'ZERO_VARIANCE'
  | 'GROUP_TOO_SMALL'
  | 'SINGULAR'
  | 'NOT_CONVERGED'
  | 'SEPARATION';

export class StatsError extends Error {
  constructor(
    readonly code: StatsErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StatsError';
  }
}

/** Throws unless every value is a finite number. */
export function assertFinite(values: ArrayLike<number>, what = '数据'): void {
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) throw new StatsError('NON_FINITE', `${what}中含有缺失值或非数值（第${i + 1}个值）`);
  }
}

export function assertMinLength(values: ArrayLike<number>, min: number, what = '数据'): void {
  if (values.length < min) {
    throw new StatsError('TOO_FEW_OBSERVATIONS', `${what}的有效观测数为${values.length}，至少需要${min}个`);
  }
}

export function assertProbability(p: number, name = 'p'): void {
  if (!(p >= 0 && p <= 1)) throw new StatsError('INVALID_ARGUMENT', `${name}必须在0到1之间`);
}

export function assertPositive(x: number, name: string): void {
  if (!(x > 0) || !Number.isFinite(x)) throw new StatsError('INVALID_ARGUMENT', `${name}必须是正数`);
}

/** Degrees of freedom: positive, Infinity allowed (the normal limit). */
export function assertDf(df: number, name = 'df'): void {
  if (!(df > 0)) throw new StatsError('INVALID_ARGUMENT', `${name}必须是正数`);
}
