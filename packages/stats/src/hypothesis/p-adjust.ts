// Adjusting p-values for multiple comparisons (R: p.adjust).
import { StatsError } from '../errors.js';

export type PAdjustMethod = 'bonferroni' | 'holm' | 'hochberg' | 'BH' | 'BY' | 'none';

/**
 * Adjusted p-values in the input order. Non-finite entries stay as they are and do not count
 * towards the number of tests, as in R.
 */
export function pAdjust(p: readonly number[], method: PAdjustMethod = 'holm'): number[] {
  const idx = p.map((_, i) => i).filter((i) => Number.isFinite(p[i]));
  for (const i of idx) if (p[i]! < 0 || p[i]! > 1) throw new StatsError('INVALID_ARGUMENT', 'p值必须在0到1之间');
  const n = idx.length;
  const out = [...p];
  if (n <= 1 || method === 'none') return out;
  const vals = idx.map((i) => p[i]!);
  let adj: number[];
  const order = (desc: boolean) => vals.map((_, i) => i).sort((a, b) => (desc ? vals[b]! - vals[a]! : vals[a]! - vals[b]!));
  switch (method) {
    case 'bonferroni':
      adj = vals.map((v) => Math.min(1, v * n));
      break;
    case 'holm': {
      const o = order(false);
      adj = Array(n);
      let run = 0;
      o.forEach((k, rank) => {
        run = Math.max(run, (n - rank) * vals[k]!);
        adj[k] = Math.min(1, run);
      });
      break;
    }
    case 'hochberg':
    case 'BH':
    case 'BY': {
      const o = order(true);
      const q = method === 'BY' ? vals.reduce((s, _, i) => s + 1 / (i + 1), 0) : 1;
      adj = Array(n);
      let run = Infinity;
      o.forEach((k, j) => {
        const i = n - j; // rank from the bottom
        const v = method === 'hochberg' ? (n - i + 1) * vals[k]! : (q * n * vals[k]!) / i;
        run = Math.min(run, v);
        adj[k] = Math.min(1, run);
      });
      break;
    }
    default:
      throw new StatsError('INVALID_ARGUMENT', `未知的p值校正方法：${String(method)}`);
  }
  idx.forEach((i, k) => (out[i] = adj[k]!));
  return out;
}
