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
  | 'SEPARATION'
  | 'OVERFLOW';

export class StatsError extends Error {
  constructor(
    readonly code: StatsErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StatsError';
  }
}

/**
 * The error for finite data whose statistics leave the double range (values near ±1.8e308, or a
 * spread whose square does): it names the problem instead of letting Infinity or NaN pass as
 * "zero variance" further down.
 */
export function overflowError(what = '数据'): StatsError {
  return new StatsError('OVERFLOW', `${what}的数值过大（绝对值接近 1e308），计算结果超出双精度浮点数的表示范围；请先换算单位（例如除以 1e100）后再分析`);
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
