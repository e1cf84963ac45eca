// Turns whatever the user uploaded into one UTF-8, comma-separated text file that DuckDB reads:
// text in other encodings is transcoded, spreadsheets are flattened (first sheet, merged cells
// filled, formulas by cached value, dates as ISO dates). Runs inside a worker thread.
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import iconv from 'iconv-lite';
import * as XLSX from '@e965/xlsx';
import yauzl from 'yauzl';
import type { TextEncoding } from './sniff.js';

/** A problem in the user's file, with a Chinese sentence that says what to do. */
export class FileProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileProblem';
  }
}

export interface ConvertResult {
  notes: string[];
}

const ICONV_NAMES: Record<Exclude<TextEncoding, 'utf8'>, string> = {
  utf8bom: 'utf8',
  utf16le: 'utf16le',
  utf16be: 'utf16be',
  gb18030: 'gb18030',
};

/** Re-encodes a text file as UTF-8 without BOM (iconv-lite strips the BOM while decoding). */
export async function transcodeText(src: string, dest: string, encoding: Exclude<TextEncoding, 'utf8'>): Promise<void> {
  const decoder = iconv.getDecoder(ICONV_NAMES[encoding]);
  const toUtf8 = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      const s = decoder.write(chunk);
      cb(null, s ? Buffer.from(s, 'utf8') : undefined);
    },
    flush(cb) {
      const s = decoder.end();
      cb(null, s ? Buffer.from(s, 'utf8') : undefined);
    },
  });
  await pipeline(fs.createReadStream(src, { highWaterMark: 1 << 20 }), toUtf8, fs.createWriteStream(dest));
}

/**
 * Refuses zip archives that are not workbooks or that inflate beyond `maxBytes` (a decompression
 * bomb). Entries are really inflated and counted: declared sizes in a crafted zip can lie.
 */
export async function checkWorkbookZip(src: string, maxBytes: number): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(src, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, z) =>
      err || !z ? reject(new FileProblem('文件是损坏的压缩包，无法作为 Excel 文件读取')) : resolve(z),
    ),
  );
  let total = 0;
  let workbook = false;
  let word = false;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', () => reject(new FileProblem('Excel 文件已损坏，无法读取')));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName === 'xl/workbook.xml' || entry.fileName === 'xl/workbook.bin') workbook = true;
        if (entry.fileName.startsWith('word/')) word = true;
        total += entry.uncompressedSize;
        if (total > maxBytes) return reject(bombError(maxBytes));
        if (/\/$/.test(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(new FileProblem('Excel 文件已损坏，无法读取'));
          let actual = 0;
          stream.on('data', (c: Buffer) => {
            actual += c.length;
            if (total - entry.uncompressedSize + actual > maxBytes) {
              stream.destroy();
              reject(bombError(maxBytes));
            }
          });
          stream.on('error', () => reject(new FileProblem('Excel 文件已损坏（压缩数据与声明大小不符），无法读取')));
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  if (!workbook) {
    throw new FileProblem(word ? '这是 Word 文档，不是数据表：请上传 xlsx、xls 或 csv 文件' : '这是 zip 压缩包，不是 Excel 表格：请上传 xlsx、xls 或 csv 文件');
  }
}

function bombError(maxBytes: number): FileProblem {
  return new FileProblem(`Excel 文件解压后超过 ${Math.round(maxBytes / 1024 / 1024)}MB，无法读取；请另存为 CSV 后上传`);
}

type Cell = string | null;

function cellText(cell: XLSX.CellObject | undefined, counts: { errors: number }): Cell {
  if (!cell || cell.v === undefined || cell.v === null) return null;
  switch (cell.t) {
    case 'n':
      return Number.isFinite(cell.v as number) ? String(cell.v) : null;
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'd': {
      const d = cell.v instanceof Date ? cell.v : new Date(String(cell.v));
      if (Number.isNaN(d.getTime())) return null;
      const iso = d.toISOString();
      // Midnight is a date; anything else keeps its time of day (to the second).
      return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
    }
    case 'e':
      counts.errors++;
      return null;
    default: {
      const s = String(cell.v);
      return s.trim() === '' ? null : s;
    }
  }
}

const nonEmpty = (row: Cell[]) => row.reduce((k, c) => k + (c !== null && c.trim() !== '' ? 1 : 0), 0);

/**
 * Reads the first sheet of an xlsx/xls file and writes it as UTF-8 CSV with one header row.
 * Merged ranges are filled with their top-left value; leading single-cell title rows are skipped;
 * a two-row header whose first row has merged group titles becomes "组_列" names.
 */
export function spreadsheetToCsv(src: string, dest: string): ConvertResult {
  const notes: string[] = [];
  let wb: XLSX.WorkBook;
  try {
    wb = XLSX.read(fs.readFileSync(src), { type: 'buffer', cellDates: true, dense: true, UTC: true, cellFormula: false, cellHTML: false, cellStyles: false, sheets: 0 });
  } catch {
    throw new FileProblem('Excel 文件已损坏或已加密，无法读取；请在 Excel 中另存为 xlsx 或 csv 后重新上传');
  }
  const name = wb.SheetNames[0];
  const ws = name ? wb.Sheets[name] : undefined;
  if (!name || !ws) throw new FileProblem('Excel 文件中没有工作表');
  if (wb.SheetNames.length > 1) notes.push(`工作簿有 ${wb.SheetNames.length} 个工作表，已读取第一个工作表“${name}”`);

  const dense = (ws['!data'] ?? []) as Array<Array<XLSX.CellObject | undefined> | undefined>;
  const counts = { errors: 0 };
  let width = 0;
  const grid: Cell[][] = dense.map((r) => {
    const row = (r ?? []).map((c) => cellText(c, counts));
    width = Math.max(width, row.length);
    return row;
  });
  for (const row of grid) while (row.length < width) row.push(null);

  const merges = ws['!merges'] ?? [];
  // Counted before merged ranges are filled: a title merged across the table is one cell.
  const filled = grid.map(nonEmpty);
  for (const m of merges) {
    const v = grid[m.s.r]?.[m.s.c] ?? null;
    for (let r = m.s.r; r <= Math.min(m.e.r, grid.length - 1); r++) {
      for (let c = m.s.c; c <= Math.min(m.e.c, width - 1); c++) grid[r]![c] = v;
    }
  }
  if (merges.length > 0) notes.push(`已将 ${merges.length} 处合并单元格的值填入其覆盖的每个单元格`);
  if (counts.errors > 0) notes.push(`${counts.errors} 个公式错误值（如 #DIV/0!）按缺失值处理`);

  let top = 0;
  while (top < grid.length && filled[top] === 0) top++;
  // Title rows: one filled cell (often merged across the table) above a real header.
  while (top + 1 < grid.length && filled[top] === 1 && width > 1 && filled[top + 1]! > 1 && !rowIsMergedAcrossOnlyPart(merges, top, width)) {
    const title = grid[top]!.find((c) => c !== null && c.trim() !== '');
    notes.push(`已跳过表头上方的标题行“${title}”`);
    top++;
  }
  if (top >= grid.length) throw new FileProblem('工作表是空的，没有任何数据');

  let header = grid[top]!;
  let dataStart = top + 1;
  const groupMerge = merges.some((m) => m.s.r === top && m.e.r === top && m.e.c > m.s.c);
  if (groupMerge && dataStart < grid.length) {
    const sub = grid[dataStart]!;
    header = header.map((h, c) => {
      const s = sub[c];
      if (s === null || s === undefined || s === h) return h;
      return h === null ? s : `${h}_${s}`;
    });
    dataStart++;
    notes.push('检测到两行表头（第一行含合并的分组标题），列名已合并为“分组_列名”');
  }

  const fd = fs.openSync(dest, 'w');
  try {
    let buf = '';
    const flush = () => {
      fs.writeSync(fd, buf);
      buf = '';
    };
    buf += header.map(csvField).join(',') + '\n';
    let skippedEmpty = 0;
    for (let r = dataStart; r < grid.length; r++) {
      const row = grid[r]!;
      if (nonEmpty(row) === 0) {
        skippedEmpty++;
        continue;
      }
      buf += row.map(csvField).join(',') + '\n';
      if (buf.length > 1 << 20) flush();
    }
    flush();
    // Trailing empty rows are formatting leftovers; only empty rows inside the table are worth a note.
    let trailing = 0;
    for (let r = grid.length - 1; r >= dataStart && nonEmpty(grid[r]!) === 0; r--) trailing++;
    if (skippedEmpty - trailing > 0) notes.push(`已忽略表格中的 ${skippedEmpty - trailing} 个空行`);
  } finally {
    fs.closeSync(fd);
  }
  return { notes };
}

/** A merged range on this row that does not span the whole width is a group title, not a title row. */
function rowIsMergedAcrossOnlyPart(merges: XLSX.Range[], row: number, width: number): boolean {
  return merges.some((m) => m.s.r <= row && m.e.r >= row && m.e.c > m.s.c && m.e.c - m.s.c + 1 < width);
}

function csvField(v: Cell): string {
  if (v === null) return '';
  return /[",\n\r]/.test(v) || v !== v.trim() ? `"${v.replace(/"/g, '""')}"` : v;
}
