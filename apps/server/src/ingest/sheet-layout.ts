// Turns the cells of a sheet into one CSV table, whichever reader produced them (the streaming
// xlsx reader or SheetJS for .xls): merged ranges filled with their top-left value, leading
// single-cell title rows skipped, a two-row header under merged group titles joined into
// "组_列" names, empty rows dropped. Rows pass through one at a time, so memory stays bounded;
// they arrive already rendered as CSV, and only rows a merged range touches are taken apart.
import fs from 'node:fs';
import { FileProblem } from './file-problem.js';

/** A cell as text; null is missing (empty, blank text, formula error). */
export type Cell = string | null;

/** A merged range, 0-based and inclusive (the shape SheetJS uses). */
export interface MergeRange {
  s: { r: number; c: number };
  e: { r: number; c: number };
}

/** One row that has cells, rendered as CSV from column A to its last cell. */
export interface StoredRow {
  r: number;
  /** Cells that are not missing. */
  filled: number;
  /** Fields in `csv` (the last cell's column + 1). */
  count: number;
  csv: string;
}

export interface SheetGrid {
  /** Fields of the longest stored row. */
  width: number;
  /** Index of the last stored row + 1. */
  height: number;
  merges: readonly MergeRange[];
  /** Formula error values met (#DIV/0!, #N/A…), read as missing. */
  errors: number;
  /** Stored rows in ascending order; rows not listed are empty. */
  rows(): Iterable<StoredRow>;
}

/** Renders cells (holes and nulls are missing) as a stored row. */
export function storedRow(r: number, cells: readonly (Cell | undefined)[]): StoredRow {
  let filled = 0;
  let csv = '';
  for (let c = 0; c < cells.length; c++) {
    const v = cells[c];
    if (c > 0) csv += ',';
    if (v !== null && v !== undefined) {
      csv += csvField(v);
      if (v.trim() !== '') filled++;
    }
  }
  return { r, filled, count: cells.length, csv };
}

/** A row after merged ranges are filled. */
interface LaidRow {
  r: number;
  /** Non-empty cells before merged ranges are filled (what tells title rows apart). */
  filled: number;
  /** Non-empty cells after. */
  filledAfter: number;
  /** The row's cells, `width` long. */
  cells(): Cell[];
  /** The row as a CSV line of `width` fields, without the line break. */
  line(): string;
}

/**
 * Every row from 0 to height − 1 with merged ranges filled. Ranges are applied in the order the
 * sheet lists them, each with its top-left value as it stands when the range reaches it.
 */
function* layRows(grid: SheetGrid): Generator<LaidRow> {
  const { width, height, merges } = grid;
  const byStart = merges.map((_, i) => i).sort((a, b) => merges[a]!.s.r - merges[b]!.s.r || a - b);
  let nextMerge = 0;
  /** Indices of ranges covering the current row, in list order. */
  let active: number[] = [];
  const topLeft = new Map<number, Cell>();
  const stored = grid.rows()[Symbol.iterator]();
  let pending = stored.next();
  const emptyLine = ','.repeat(Math.max(0, width - 1));

  for (let r = 0; r < height; r++) {
    let own: StoredRow | null = null;
    if (!pending.done && pending.value.r === r) {
      own = pending.value;
      pending = stored.next();
    }
    let added = false;
    while (nextMerge < byStart.length && merges[byStart[nextMerge]!]!.s.r <= r) {
      const i = byStart[nextMerge++]!;
      if (merges[i]!.s.r === r) {
        active.push(i);
        added = true;
      }
    }
    if (added) active.sort((a, b) => a - b);
    if (active.length > 0 && active.some((i) => merges[i]!.e.r < r)) active = active.filter((i) => merges[i]!.e.r >= r);

    const filled = own?.filled ?? 0;
    if (active.length === 0) {
      const row = own;
      yield {
        r,
        filled,
        filledAfter: filled,
        cells: () => (row ? parseCsvLine(row.csv, width) : new Array<Cell>(width).fill(null)),
        line: () => (row ? row.csv + emptyLine.slice(0, width - row.count) : emptyLine),
      };
      continue;
    }
    const cells = own ? parseCsvLine(own.csv, width) : new Array<Cell>(width).fill(null);
    for (const i of active) {
      const m = merges[i]!;
      if (m.s.r === r) topLeft.set(i, m.s.c < width ? cells[m.s.c]! : null);
      const v = topLeft.get(i) ?? null;
      for (let c = m.s.c; c <= Math.min(m.e.c, width - 1); c++) cells[c] = v;
      if (m.e.r === r) topLeft.delete(i);
    }
    yield { r, filled, filledAfter: nonEmpty(cells), cells: () => cells, line: () => cells.map(csvField).join(',') };
  }
}

const nonEmpty = (row: readonly Cell[]) => {
  let k = 0;
  for (const c of row) if (c !== null && c.trim() !== '') k++;
  return k;
};

/** Writes `grid` to `dest` as UTF-8 CSV with one header row; what was changed is added to `notes`. */
export function writeSheetCsv(grid: SheetGrid, dest: string, notes: string[]): void {
  const { width, merges } = grid;
  if (merges.length > 0) notes.push(`已将 ${merges.length} 处合并单元格的值填入其覆盖的每个单元格`);
  if (grid.errors > 0) notes.push(`${grid.errors} 个公式错误值（如 #DIV/0!）按缺失值处理`);

  const rows = layRows(grid);
  const next = (): LaidRow | null => {
    const x = rows.next();
    return x.done ? null : x.value;
  };
  let top = next();
  while (top && top.filled === 0) top = next();
  if (!top) throw new FileProblem('工作表是空的，没有任何数据');
  let ahead = next();
  // Title rows: one filled cell (often merged across the table) above a real header.
  while (ahead && top.filled === 1 && width > 1 && ahead.filled > 1 && !rowIsMergedAcrossOnlyPart(merges, top.r, width)) {
    const title = top.cells().find((c) => c !== null && c.trim() !== '');
    notes.push(`已跳过表头上方的标题行“${title}”`);
    top = ahead;
    ahead = next();
  }

  let header = top.line();
  const groupRow = top.r;
  const groupMerge = merges.some((m) => m.s.r === groupRow && m.e.r === groupRow && m.e.c > m.s.c);
  if (groupMerge && ahead) {
    const sub = ahead.cells();
    header = top
      .cells()
      .map((h, c) => {
        const s = sub[c] ?? null;
        if (s === null || s === h) return h;
        return h === null ? s : `${h}_${s}`;
      })
      .map(csvField)
      .join(',');
    ahead = next();
    notes.push('检测到两行表头（第一行含合并的分组标题），列名已合并为“分组_列名”');
  }

  const fd = fs.openSync(dest, 'w');
  try {
    let buf = header + '\n';
    // Empty rows inside the table are worth a note; trailing ones are formatting leftovers.
    let inner = 0;
    let run = 0;
    for (let row = ahead; row; row = next()) {
      if (row.filledAfter === 0) {
        run++;
        continue;
      }
      inner += run;
      run = 0;
      buf += row.line() + '\n';
      if (buf.length > 1 << 20) {
        fs.writeSync(fd, buf);
        buf = '';
      }
    }
    fs.writeSync(fd, buf);
    if (inner > 0) notes.push(`已忽略表格中的 ${inner} 个空行`);
  } finally {
    fs.closeSync(fd);
  }
}

/** A merged range on this row that does not span the whole width is a group title, not a title row. */
function rowIsMergedAcrossOnlyPart(merges: readonly MergeRange[], row: number, width: number): boolean {
  return merges.some((m) => m.s.r <= row && m.e.r >= row && m.e.c > m.s.c && m.e.c - m.s.c + 1 < width);
}

/** One CSV field: quoted when it holds a quote, comma or line break, or leading/trailing space. */
export function csvField(v: Cell): string {
  if (v === null) return '';
  return /[",\n\r]/.test(v) || v !== v.trim() ? `"${v.replace(/"/g, '""')}"` : v;
}

/** The cells of a line written by csvField, padded with missing cells to `width`; '' is missing. */
export function parseCsvLine(line: string, width: number): Cell[] {
  const out: Cell[] = [];
  let i = 0;
  for (;;) {
    let v: string;
    if (line.charCodeAt(i) === 34) {
      let s = '';
      let j = i + 1;
      for (;;) {
        const q = line.indexOf('"', j);
        if (q < 0) throw new Error('unterminated quote in a stored row');
        s += line.slice(j, q);
        if (line.charCodeAt(q + 1) === 34) {
          s += '"';
          j = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      v = s;
    } else {
      const comma = line.indexOf(',', i);
      v = line.slice(i, comma < 0 ? line.length : comma);
      i = comma < 0 ? line.length : comma;
    }
    out.push(v === '' ? null : v);
    if (i >= line.length) break;
    i++; // the comma
    if (i === line.length) {
      out.push(null);
      break;
    }
  }
  while (out.length < width) out.push(null);
  return out;
}
