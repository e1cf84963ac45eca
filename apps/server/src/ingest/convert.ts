// Turns whatever the user uploaded into one UTF-8, comma-separated text file that DuckDB reads:
// text in other encodings is transcoded, spreadsheets are flattened (first sheet, merged cells
// filled, formulas by cached value, dates as ISO dates). Runs inside a worker thread; xlsx is
// streamed (xlsx-stream.ts), so a sheet of hundreds of MB of XML never sits in memory whole.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import iconv from 'iconv-lite';
import * as XLSX from '@e965/xlsx';
import yauzl from 'yauzl';
import { FileProblem } from './file-problem.js';
import { storedRow, writeSheetCsv, type Cell, type SheetGrid } from './sheet-layout.js';
import type { TextEncoding } from './sniff.js';
import { readXlsxSheet } from './xlsx-stream.js';

export { FileProblem };

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

/**
 * Reads the first sheet of an xlsx/xls file and writes it as UTF-8 CSV with one header row
 * (layout rules in sheet-layout.ts). xlsx is streamed with bounded memory; .xls (at most
 * 65,536 × 256 cells) and the binary .xlsb go through SheetJS.
 */
export async function spreadsheetToCsv(src: string, dest: string, opts: { zip: boolean }): Promise<ConvertResult> {
  if (opts.zip && !(await isBinaryWorkbook(src))) {
    const sheet = await readXlsxSheet(src, path.dirname(dest));
    try {
      return { notes: layOut(sheet.sheetNames, sheet.grid, dest) };
    } finally {
      sheet.dispose();
    }
  }
  let wb: XLSX.WorkBook;
  try {
    wb = XLSX.read(fs.readFileSync(src), { type: 'buffer', cellDates: true, dense: true, UTC: true, cellFormula: false, cellHTML: false, cellStyles: false, sheets: 0 });
  } catch {
    throw new FileProblem('Excel 文件已损坏或已加密，无法读取；请在 Excel 中另存为 xlsx 或 csv 后重新上传');
  }
  const name = wb.SheetNames[0];
  const ws = name ? wb.Sheets[name] : undefined;
  if (!name || !ws) throw new FileProblem('Excel 文件中没有工作表');
  const dense = (ws['!data'] ?? []) as Array<Array<XLSX.CellObject | undefined> | undefined>;
  const counts = { errors: 0 };
  let width = 0;
  // Array.from, not map: rows without cells are holes in SheetJS's dense array.
  const grid = Array.from(dense, (r) => {
    const row = (r ?? []).map((c) => cellText(c, counts));
    width = Math.max(width, row.length);
    return row;
  });
  const rows = function* () {
    for (let r = 0; r < grid.length; r++) if (grid[r]!.length > 0) yield storedRow(r, grid[r]!);
  };
  return { notes: layOut(wb.SheetNames, { width, height: grid.length, merges: ws['!merges'] ?? [], errors: counts.errors, rows }, dest) };
}

function layOut(sheetNames: string[], grid: SheetGrid, dest: string): string[] {
  const notes: string[] = [];
  if (sheetNames.length === 0) throw new FileProblem('Excel 文件中没有工作表');
  if (sheetNames.length > 1) notes.push(`工作簿有 ${sheetNames.length} 个工作表，已读取第一个工作表“${sheetNames[0]}”`);
  writeSheetCsv(grid, dest, notes);
  return notes;
}

/** An .xlsb workbook: the same zip package, but binary parts the streaming reader does not parse. */
async function isBinaryWorkbook(src: string): Promise<boolean> {
  const names = await new Promise<Set<string>>((resolve, reject) =>
    yauzl.open(src, { lazyEntries: true, strictFileNames: false }, (err, zip) => {
      if (err || !zip) return reject(new FileProblem('文件是损坏的压缩包，无法作为 Excel 文件读取'));
      const seen = new Set<string>();
      zip.on('error', () => reject(new FileProblem('Excel 文件已损坏，无法读取')));
      zip.on('entry', (e: yauzl.Entry) => {
        seen.add(e.fileName.toLowerCase());
        zip.readEntry();
      });
      zip.on('end', () => resolve(seen));
      zip.readEntry();
    }),
  );
  return !names.has('xl/workbook.xml') && names.has('xl/workbook.bin');
}
