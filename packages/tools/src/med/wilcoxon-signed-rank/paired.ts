// Reading two paired numeric columns (listwise) and the Z of the signed-rank statistic used for r.
import { ToolInputError, type DataTable } from '../../tool.js';

/** A numeric column, refused with the column's name when it holds text. */
export function numericColumn(data: DataTable, name: string): Array<number | null> {
  const info = data.variables.find((v) => v.name === name);
  if (info && info.type !== 'numeric') throw new ToolInputError(`变量“${name}”不是数值型变量，本分析需要定量数据；请选择数值列或先清理其中的文字`);
  return data.numeric(name);
}

/** Rows where both columns are present, and how many rows were dropped. */
export function pairedColumns(data: DataTable, a: string, b: string): { x: number[]; y: number[]; dropped: number } {
  const xa = numericColumn(data, a);
  const xb = numericColumn(data, b);
  const x: number[] = [];
  const y: number[] = [];
  for (let i = 0; i < xa.length; i++) {
    const u = xa[i];
    const v = xb[i];
    if (u === null || v === null || u === undefined || v === undefined || !Number.isFinite(u) || !Number.isFinite(v)) continue;
    x.push(u);
    y.push(v);
  }
  if (x.length < 2) throw new ToolInputError(`“${a}”与“${b}”同时有值的对子少于 2 对（当前 ${x.length} 对），无法分析`);
  return { x, y, dropped: data.rows - x.length };
}

/**
 * Z of the signed-rank statistic of the non-zero differences with the tie correction and no
 * continuity correction: (V − n(n+1)/4)/σ. Used for r = Z/√n.
 */
export function signedRankZ(diff: readonly number[]): number {
  const nz = diff.filter((d) => d !== 0);
  const n = nz.length;
  const abs = nz.map(Math.abs);
  const order = abs.map((_, i) => i).sort((i, j) => abs[i]! - abs[j]!);
  const ranks = new Array<number>(n);
  let tie = 0;
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && abs[order[j + 1]!] === abs[order[i]!]) j++;
    for (let k = i; k <= j; k++) ranks[order[k]!] = (i + j + 2) / 2;
    const t = j - i + 1;
    tie += t * t * t - t;
    i = j + 1;
  }
  let v = 0;
  for (let i = 0; i < n; i++) if (nz[i]! > 0) v += ranks[i]!;
  const sigma = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24 - tie / 48);
  return sigma > 0 ? (v - (n * (n + 1)) / 4) / sigma : 0;
}

