// R's pretty() (R_pretty in src/appl/pretty.c, R 4.2: rounding fuzz 1e-10), shared by the
// nomogram axes and the charts' axis and histogram breaks.
/**
 * R's pretty(c(lo, up), n) (R_pretty with high.u.bias = 1.5, u5.bias = 2.75, min.n = n %/% 3).
 */
export function prettyTicks(lo: number, up: number, n: number, minN = Math.floor(n / 3)): number[] {
  const h = 1.5;
  const h5 = 0.5 + 1.5 * h;
  let cell: number;
  if (up - lo === 0 && up === 0) {
    cell = 0.75;
    if (minN > 1) cell /= minN;
  } else {
    cell = Math.max(Math.abs(lo), Math.abs(up));
    const U = (1 + (h5 >= 1.5 * h + 0.5 ? 1 / (1 + h) : 1.5 / (1 + h5))) * Math.max(1, n) * Number.EPSILON;
    if (up - lo < cell * U * 3) {
      if (cell > 10) cell = 9 + cell / 10;
      cell *= 0.75;
      if (minN > 1) cell /= minN;
    } else {
      cell = up - lo;
      if (n > 1) cell /= n;
    }
  }
  const base = 10 ** Math.floor(Math.log10(cell));
  let unit = base;
  if (2 * base - cell < h * (cell - unit)) {
    unit = 2 * base;
    if (5 * base - cell < h5 * (cell - unit)) {
      unit = 5 * base;
      if (10 * base - cell < h * (cell - unit)) unit = 10 * base;
    }
  }
  let ns = Math.floor(lo / unit + 1e-10);
  let nu = Math.ceil(up / unit - 1e-10);
  while (ns * unit > lo + 1e-10 * unit) ns--;
  while (nu * unit < up - 1e-10 * unit) nu++;
  let k = Math.floor(0.5 + nu - ns);
  if (k < minN) {
    k = minN - k;
    const half = Math.floor(k / 2);
    if (ns >= 0) {
      nu += half;
      ns -= half + (k % 2);
    } else {
      ns -= half;
      nu += half + (k % 2);
    }
  }
  return Array.from({ length: nu - ns + 1 }, (_, i) => Number(((ns + i) * unit).toPrecision(12)));
}
