// The Box–Cox λ by maximum profile likelihood, as MASS::boxcox(y ~ 1) finds it. With z = y / gm
// (gm the geometric mean) the log-likelihood is −n/2·log V(λ) up to a constant, where
// V(λ) = var(z^λ)/λ² and V(0) = var(log z); so the λ minimising V is wanted. One SQL pass evaluates
// a coarse grid over [−5, 5] (step 0.5), then a golden-section search narrows the best cell to 1e-5;
// each evaluation is one aggregate over the column (log z computed once per row in a subquery).
import type { ProcessingContext } from '../method.js';
import { numLit } from '../sql.js';

export const LAMBDA_RANGE: readonly [number, number] = [-5, 5];
const COARSE_STEP = 0.5;
const TOLERANCE = 1e-5;

/** `y` is SQL for the positive values (NULL elsewhere); `gm` their geometric mean. */
export async function boxcoxLambda(ctx: ProcessingContext, y: string, gm: number): Promise<number> {
  const from = `(SELECT ln(${y} / ${numLit(gm)}) AS lz FROM src WHERE ${y} IS NOT NULL)`;
  const term = (l: number) => (l === 0 ? 'var_pop(lz)' : `var_pop(exp(${numLit(l)} * lz)) / ${numLit(l * l)}`);
  const evaluate = async (lambdas: number[]): Promise<number[]> => {
    const [row] = await ctx.query(`SELECT ${lambdas.map((l, i) => `${term(l)} AS v${i}`).join(', ')} FROM ${from}`);
    return lambdas.map((_, i) => Number(row?.[`v${i}`]));
  };
  const [lo, hi] = LAMBDA_RANGE;
  const grid = Array.from({ length: Math.round((hi - lo) / COARSE_STEP) + 1 }, (_, i) => lo + i * COARSE_STEP);
  const values = await evaluate(grid);
  let best = 0;
  for (let i = 1; i < grid.length; i++) if (values[i]! < values[best]!) best = i;
  // Golden-section search on the cells either side of the best grid point.
  let a = Math.max(lo, grid[best]! - COARSE_STEP);
  let b = Math.min(hi, grid[best]! + COARSE_STEP);
  const g = (Math.sqrt(5) - 1) / 2;
  let c = b - g * (b - a);
  let d = a + g * (b - a);
  let [fc, fd] = await evaluate([c, d]);
  while (b - a > TOLERANCE) {
    if (fc! < fd!) {
      b = d;
      d = c;
      fd = fc;
      c = b - g * (b - a);
      [fc] = await evaluate([c]);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + g * (b - a);
      [fd] = await evaluate([d]);
    }
  }
  const l = (a + b) / 2;
  return Math.abs(l) < TOLERANCE ? 0 : l;
}
