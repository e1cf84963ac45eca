// Cross-tabulation of two category columns (optionally weighted by a frequency column) in one pass
// over the rows: each row's pair of categories is looked up in maps, so 1,000,000 rows cost
// milliseconds and the work never grows with the number of rows times the number of categories.
import { levelOrder } from './survival-input.js';
import { ToolInputError } from './tool.js';

export interface CrossTab {
  /** Row and column categories: the user's order first, then the data's order of first appearance. */
  rows: string[];
  cols: string[];
  /** counts[i][j]: rows (or summed frequencies) with row category i and column category j. */
  counts: number[][];
  /** Total count (Σ frequencies when weighted). */
  n: number;
  /** Rows left out for a missing category or a missing frequency. */
  excluded: number;
}

export interface CrossTabInput {
  rowValues: ArrayLike<string | null>;
  colValues: ArrayLike<string | null>;
  rowName: string;
  colName: string;
  /** Frequency column (numbers) and its text (to name a value that is not a number), when weighted. */
  weight?: { name: string; values: ArrayLike<number | null | undefined>; text: ArrayLike<string | null> } | null;
  rowOrder?: readonly string[];
  colOrder?: readonly string[];
  /** Most categories a variable may have (a check that it is categorical); none by default. */
  maxLevels?: number;
}

/**
 * Counts each (row, column) pair of categories. A row with a missing category or frequency is
 * excluded; a row of frequency 0 counts nothing and brings no category. Categories appear in the
 * order of their first counted row unless an order is given (listed ones first).
 * @throws ToolInputError for a frequency that is not a non-negative integer (naming the row), a
 *   given category the column does not have, or a variable with fewer than 2 or more than
 *   `maxLevels` categories.
 */
export function crossTabulate(input: CrossTabInput): CrossTab {
  const { rowValues: r, colValues: c, weight } = input;
  const w = weight?.values ?? null;
  const rowIndex = new Map<string, number>();
  const colIndex = new Map<string, number>();
  // Keyed by the pair of category indices; levels are < 2^26 (rows are far fewer than 67M).
  const cells = new Map<number, number>();
  const PAIR = 2 ** 26;
  let excluded = 0;
  let n = 0;
  for (let i = 0; i < r.length; i++) {
    const a = r[i];
    const b = c[i];
    const wt = w ? w[i] : 1;
    if (a === null || a === undefined || a === '' || b === null || b === undefined || b === '' || wt === null || wt === undefined) {
      const wText = weight?.text[i];
      if (w && (wt === null || wt === undefined) && wText !== null && wText !== undefined && wText !== '') {
        throw new ToolInputError(`频数列“${weight!.name}”第 ${i + 1} 行不是数值（“${wText}”），频数须为非负整数`);
      }
      excluded++;
      continue;
    }
    if (!Number.isInteger(wt) || wt < 0) throw new ToolInputError(`频数列“${weight!.name}”第 ${i + 1} 行的值为 ${wt}，频数须为非负整数（每行按该频数计数）`);
    if (wt === 0) continue;
    let ri = rowIndex.get(a);
    if (ri === undefined) rowIndex.set(a, (ri = rowIndex.size));
    let ci = colIndex.get(b);
    if (ci === undefined) colIndex.set(b, (ci = colIndex.size));
    const key = ri * PAIR + ci;
    cells.set(key, (cells.get(key) ?? 0) + wt);
    n += wt;
  }
  const rowsSeen = [...rowIndex.keys()];
  const colsSeen = [...colIndex.keys()];
  const rows = levelOrder(rowsSeen, input.rowName, input.rowOrder);
  const cols = levelOrder(colsSeen, input.colName, input.colOrder);
  for (const [name, lv] of [[input.rowName, rows], [input.colName, cols]] as const) {
    if (lv.length < 2) throw new ToolInputError(`变量“${name}”至少需要 2 个类别，当前只有 ${lv.length} 个`);
    if (input.maxLevels !== undefined && lv.length > input.maxLevels) {
      throw new ToolInputError(`变量“${name}”有 ${lv.length} 个类别，超过 ${input.maxLevels} 个，请确认它是分类变量`);
    }
  }
  const position = (order: string[]) => new Map(order.map((v, k) => [v, k]));
  const rowPos = position(rows);
  const colPos = position(cols);
  const rowAt = Int32Array.from(rowsSeen, (v) => rowPos.get(v)!);
  const colAt = Int32Array.from(colsSeen, (v) => colPos.get(v)!);
  const counts = rows.map(() => cols.map(() => 0));
  for (const [key, count] of cells) {
    const ri = Math.floor(key / PAIR);
    counts[rowAt[ri]!]![colAt[key - ri * PAIR]!] = count;
  }
  return { rows, cols, counts, n, excluded };
}
