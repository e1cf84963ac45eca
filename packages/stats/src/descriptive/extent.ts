// Largest and smallest of many values without spreading them into arguments: Math.max(...values)
// throws "Maximum call stack size exceeded" beyond about 10⁵ values, so a 300,000-row file broke tools.

type Numbers = ArrayLike<number> | Iterable<number>;

/** The largest value, as Math.max over the same values answers: -Infinity for none, NaN if any is NaN. */
export function maxOf(values: Numbers): number {
  return extent(values, 1);
}

/** The smallest value, as Math.min over the same values answers: Infinity for none, NaN if any is NaN. */
export function minOf(values: Numbers): number {
  return extent(values, -1);
}

/** sign 1: the maximum; −1: the minimum. Arrays by index (no iterator on hot paths), other iterables by for…of. */
function extent(values: Numbers, sign: 1 | -1): number {
  let m = -Infinity;
  if (typeof (values as ArrayLike<number>).length === 'number') {
    const a = values as ArrayLike<number>;
    for (let i = 0; i < a.length; i++) {
      const v = sign * a[i]!;
      if (v > m) m = v;
      else if (v !== v) return NaN;
    }
  } else {
    for (const x of values as Iterable<number>) {
      const v = sign * x;
      if (v > m) m = v;
      else if (v !== v) return NaN;
    }
  }
  return sign * m;
}
