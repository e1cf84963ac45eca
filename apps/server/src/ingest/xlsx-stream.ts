// Reads the first sheet of an xlsx workbook with bounded memory: the zip is read entry by entry,
// each XML part goes through a streaming SAX parser (saxes: no DTD processing, no entity
// expansion beyond the five XML ones, so XXE stays impossible), and the sheet's rows are written
// to a scratch file as they come instead of being held as a workbook object. Only the shared
// strings are kept for random access, in memory up to a budget and on disk beyond it.
//
// Cell values follow what SheetJS (the reader this replaces, still used for .xls) produced with
// `cellDates: true, UTC: true`: cached formula values, errors as missing, dates as ISO text.
import fs from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import * as XLSX from '@e965/xlsx';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';
import { FileProblem } from './file-problem.js';
import { csvField, type Cell, type MergeRange, type SheetGrid, type StoredRow } from './sheet-layout.js';

/** Excel's own limits: 1,048,576 rows by 16,384 columns (XFD). */
const MAX_ROWS = 1_048_576;
const MAX_COLS = 16_384;
/** Far beyond any real sheet; a crafted file listing millions of merges is refused, not filled. */
const MAX_MERGES = 1_000_000;

const CORRUPT = 'Excel 文件已损坏或已加密，无法读取；请在 Excel 中另存为 xlsx 或 csv 后重新上传';

/**
 * Number formats Excel knows by id without listing them in styles.xml that show dates or times:
 * ids 14–22, 45–47 and 56 of the built-in table and the locale-dependent ids 27–36, 50–58 and
 * 71–81 (SheetJS maps them to m/d/yy, h:mm:ss and the like).
 */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81]);

export interface XlsxSheet {
  sheetNames: string[];
  grid: SheetGrid;
  /** Removes the scratch files. */
  dispose(): void;
}

export interface XlsxReadOptions {
  /** Shared strings kept in memory (UTF-16 code units) before the rest goes to a scratch file. */
  stringBudget?: number;
}

/** Reads the first sheet of `src` (an xlsx already checked by checkWorkbookZip); scratch files go to `scratchDir`. */
export async function readXlsxSheet(src: string, scratchDir: string, opts: XlsxReadOptions = {}): Promise<XlsxSheet> {
  const zip = await openZip(src);
  const rowsFile = path.join(scratchDir, 'sheet-rows.txt');
  const strings = new SharedStrings(path.join(scratchDir, 'shared-strings.bin'), opts.stringBudget ?? 32 * 1024 * 1024);
  const dispose = () => {
    strings.close();
    fs.rmSync(rowsFile, { force: true });
  };
  try {
    const book = await readWorkbook(zip);
    const rels = await readRels(zip, 'xl/_rels/workbook.xml.rels');
    const byType = (type: string) => [...rels.values()].find((r) => r.type.endsWith(`/${type}`));
    const stylesPath = byType('styles')?.target ?? 'xl/styles.xml';
    const dateStyles = zip.entries.has(stylesPath.toLowerCase()) ? await readDateStyles(zip, stylesPath) : [];
    const sstPath = byType('sharedStrings')?.target ?? 'xl/sharedStrings.xml';
    if (zip.entries.has(sstPath.toLowerCase())) await readSharedStrings(zip, sstPath, strings);
    strings.finish();

    const first = book.sheets[0];
    if (!first) throw new FileProblem('Excel 文件中没有工作表');
    const sheetPath = (first.rid !== undefined ? rels.get(first.rid)?.target : undefined) ?? 'xl/worksheets/sheet1.xml';
    if (!zip.entries.has(sheetPath.toLowerCase())) throw new FileProblem(CORRUPT);
    const sheet = await readSheet(zip, sheetPath, rowsFile, { strings, dateStyles, date1904: book.date1904 });
    return {
      sheetNames: book.sheets.map((s) => s.name),
      grid: { ...sheet, rows: () => readRows(rowsFile) },
      dispose,
    };
  } catch (err) {
    dispose();
    throw err;
  } finally {
    zip.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The zip and its XML parts

interface Zip {
  /** Entries by lower-cased name: part names in a package are case-insensitive. */
  entries: Map<string, yauzl.Entry>;
  file: yauzl.ZipFile;
  close(): void;
}

function openZip(src: string): Promise<Zip> {
  return new Promise((resolve, reject) => {
    yauzl.open(src, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false }, (err, file) => {
      if (err || !file) return reject(new FileProblem(CORRUPT));
      const entries = new Map<string, yauzl.Entry>();
      file.on('error', () => reject(new FileProblem(CORRUPT)));
      file.on('entry', (e: yauzl.Entry) => {
        entries.set(e.fileName.replace(/^\/+/, '').toLowerCase(), e);
        file.readEntry();
      });
      file.on('end', () => resolve({ entries, file, close: () => file.close() }));
      file.readEntry();
    });
  });
}

interface SaxHandlers {
  open(name: string, attrs: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
}

/** The local part of a possibly prefixed XML name (`x:c` → `c`). */
const local = (name: string) => {
  const i = name.indexOf(':');
  return i < 0 ? name : name.slice(i + 1);
};

/** Streams one part of the zip through the SAX parser; handlers may throw FileProblem to stop. */
async function parsePart(zip: Zip, name: string, h: SaxHandlers): Promise<void> {
  const entry = zip.entries.get(name.toLowerCase());
  if (!entry) return;
  const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
    zip.file.openReadStream(entry, (err, s) => (err || !s ? reject(new FileProblem(CORRUPT)) : resolve(s))),
  );
  const parser = new SaxesParser({ position: false });
  // Malformed XML, and any entity beyond the five XML ones (a DTD's are never expanded).
  parser.on('error', () => {
    throw new FileProblem(CORRUPT);
  });
  parser.on('opentag', (tag) => h.open(local(tag.name), tag.attributes as Record<string, string>));
  if (h.close) {
    const close = h.close;
    parser.on('closetag', (tag) => close(local(tag.name)));
  }
  if (h.text) {
    const text = h.text;
    parser.on('text', text);
    parser.on('cdata', text);
  }
  const decoder = new StringDecoder('utf8');
  const chunks = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  let first = true;
  try {
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = await chunks.next();
      } catch {
        // Inflate errors and sizes that disagree with the zip's directory.
        throw new FileProblem(CORRUPT);
      }
      if (next.done) break;
      let s = decoder.write(next.value);
      if (first && s.length > 0) {
        if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
        first = false;
      }
      parser.write(s);
    }
    parser.write(decoder.end());
    parser.close();
  } finally {
    (stream as unknown as { destroy(): void }).destroy();
  }
}

function xmlBool(v: string | undefined): boolean {
  return v === '1' || v === 'true';
}

async function readWorkbook(zip: Zip): Promise<{ sheets: Array<{ name: string; rid: string | undefined }>; date1904: boolean }> {
  const sheets: Array<{ name: string; rid: string | undefined }> = [];
  let date1904 = false;
  await parsePart(zip, 'xl/workbook.xml', {
    open(name, attrs) {
      if (name === 'workbookPr') date1904 = xmlBool(attrs.date1904);
      else if (name === 'sheet') {
        // r:id, whatever prefix the relationships namespace was given.
        const ridKey = Object.keys(attrs).find((k) => k !== 'id' && local(k) === 'id');
        sheets.push({ name: attrs.name ?? `Sheet${sheets.length + 1}`, rid: ridKey ? attrs[ridKey] : attrs.id });
      }
    },
  });
  return { sheets, date1904 };
}

async function readRels(zip: Zip, relsPath: string): Promise<Map<string, { type: string; target: string }>> {
  const rels = new Map<string, { type: string; target: string }>();
  await parsePart(zip, relsPath, {
    open(name, attrs) {
      if (name !== 'Relationship' || !attrs.Id || !attrs.Target || attrs.TargetMode === 'External') return;
      const target = attrs.Target.replace(/\\/g, '/');
      // Relative to the workbook's folder (xl/), or absolute from the package root.
      const full = target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join('xl', target));
      rels.set(attrs.Id, { type: attrs.Type ?? '', target: full });
    },
  });
  return rels;
}

/** For each cell style (xf index in cellXfs), whether its number format shows a date or time. */
async function readDateStyles(zip: Zip, stylesPath: string): Promise<boolean[]> {
  const custom = new Map<number, string>();
  const xfFormats: number[] = [];
  let inCellXfs = false;
  await parsePart(zip, stylesPath, {
    open(name, attrs) {
      if (name === 'numFmt') {
        const id = parseInt(attrs.numFmtId ?? '', 10);
        if (Number.isFinite(id)) custom.set(id, (attrs.formatCode ?? '').replace(/_x([\da-fA-F]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))));
      } else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) xfFormats.push(parseInt(attrs.numFmtId ?? '0', 10) || 0);
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  const isDate = (id: number) => {
    const fmt = custom.get(id);
    if (fmt !== undefined && id > 0) return Boolean((XLSX.SSF as { is_date(f: string): boolean }).is_date(fmt));
    return BUILTIN_DATE_FORMATS.has(id);
  };
  return xfFormats.map(isDate);
}

/** OOXML's escape for characters XML cannot carry (`_x000D_`), and Excel's CRLF inside cells. */
function unescapeXstring(s: string): string {
  if (s.indexOf('_x') >= 0) s = s.replace(/_x([\da-fA-F]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return s.indexOf('\r\n') >= 0 ? s.replace(/\r\n/g, '\n') : s;
}

/**
 * Collects the text of a rich or plain string item (`<si>` or an inline `<is>`): every `<t>`
 * outside phonetic runs (`<rPh>`), concatenated.
 */
class StringItem {
  private depthRPh = 0;
  private inT = false;
  text = '';
  open(name: string): void {
    if (name === 'rPh') this.depthRPh++;
    else if (name === 't' && this.depthRPh === 0) this.inT = true;
  }
  close(name: string): void {
    if (name === 'rPh') this.depthRPh--;
    else if (name === 't') this.inT = false;
  }
  add(text: string): void {
    if (this.inT) this.text += text;
  }
}

async function readSharedStrings(zip: Zip, sstPath: string, out: SharedStrings): Promise<void> {
  let item: StringItem | null = null;
  await parsePart(zip, sstPath, {
    open(name) {
      if (name === 'si') item = new StringItem();
      else item?.open(name);
    },
    close(name) {
      if (name === 'si' && item) {
        out.add(unescapeXstring(item.text));
        item = null;
      } else item?.close(name);
    },
    text(t) {
      item?.add(t);
    },
  });
}

/**
 * The shared-string table: random access by index. Strings stay in memory until `budget` code
 * units are used; later ones are appended to a scratch file and read back by offset.
 */
export class SharedStrings {
  private readonly mem: string[] = [];
  private used = 0;
  private fd: number | null = null;
  private offsets = new Float64Array(1024);
  private spilled = 0;
  private fileSize = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private readonly cache = new Map<number, string>();

  constructor(
    private readonly file: string,
    private readonly budget: number,
  ) {}

  get size(): number {
    return this.mem.length + this.spilled;
  }

  add(s: string): void {
    if (this.fd === null && this.used + s.length <= this.budget) {
      this.mem.push(s);
      this.used += s.length;
      return;
    }
    if (this.fd === null) this.fd = fs.openSync(this.file, 'w+');
    if (this.spilled + 1 >= this.offsets.length) {
      const grown = new Float64Array(this.offsets.length * 2);
      grown.set(this.offsets);
      this.offsets = grown;
    }
    const bytes = Buffer.from(s, 'utf8');
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    this.offsets[this.spilled] = this.fileSize;
    this.fileSize += bytes.length;
    this.offsets[++this.spilled] = this.fileSize;
    if (this.pendingBytes >= 1 << 20) this.flush();
  }

  /** Call once every string was added. */
  finish(): void {
    this.flush();
  }

  get(i: number): string | undefined {
    if (!Number.isInteger(i) || i < 0) return undefined;
    if (i < this.mem.length) return this.mem[i];
    const k = i - this.mem.length;
    if (k >= this.spilled || this.fd === null) return undefined;
    const hit = this.cache.get(k);
    if (hit !== undefined) return hit;
    const start = this.offsets[k]!;
    const buf = Buffer.allocUnsafe(this.offsets[k + 1]! - start);
    fs.readSync(this.fd, buf, 0, buf.length, start);
    const s = buf.toString('utf8');
    if (this.cache.size >= 4096) this.cache.clear();
    this.cache.set(k, s);
    return s;
  }

  close(): void {
    if (this.fd !== null) {
      fs.closeSync(this.fd);
      this.fd = null;
      fs.rmSync(this.file, { force: true });
    }
    this.mem.length = 0;
    this.cache.clear();
  }

  private flush(): void {
    if (this.fd === null || this.pending.length === 0) return;
    const data = Buffer.concat(this.pending);
    fs.writeSync(this.fd, data, 0, data.length, this.fileSize - data.length);
    this.pending = [];
    this.pendingBytes = 0;
  }
}

// ---------------------------------------------------------------------------------------------
// The sheet

const MS_PER_DAY = 24 * 60 * 60 * 1000;
const EPOCH_1899_12_30 = Date.UTC(1899, 11, 30);
const EPOCH_1899_12_31 = Date.UTC(1899, 11, 31);
const EPOCH_1904_01_01 = Date.UTC(1904, 0, 1);

/** ISO text of a moment: a date at midnight, otherwise date and time to the second. */
function isoText(d: Date): Cell {
  if (Number.isNaN(d.getTime())) return null;
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

/**
 * An Excel serial date as text. Day 60 of the 1900 system is Excel's fictitious 1900-02-29 and
 * stays a number; serials before it are shifted by the day Excel wrongly counts.
 */
export function serialToText(v: number, date1904: boolean): Cell {
  const serial = v + (date1904 ? 1462 : 0);
  if (serial >= 60 && serial < 61) return String(serial);
  const d = new Date();
  d.setTime((serial > 60 ? serial : serial + 1) * MS_PER_DAY + EPOCH_1899_12_30);
  return isoText(d);
}

/** A `t="d"` cell's ISO 8601 text (times alone count from Excel's day zero). */
function isoCellText(s: string, date1904: boolean): Cell {
  let m = /^(\d+):(\d+)(:\d+)?(\.\d+)?$/.exec(s);
  if (m) {
    const ms = ((parseInt(m[1]!, 10) * 60 + parseInt(m[2]!, 10)) * 60 + (m[3] ? parseInt(m[3].slice(1), 10) : 0)) * 1000 + (m[4] ? parseInt((m[4] + '000').slice(1, 4), 10) : 0);
    return isoText(new Date((date1904 ? EPOCH_1904_01_01 : EPOCH_1899_12_31) + ms));
  }
  m = /^(\d+)-(\d+)-(\d+)$/.exec(s);
  if (m) return isoText(new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)));
  m = /^(\d+)-(\d+)-(\d+)[T ](\d+):(\d+)(:\d+)?(\.\d+)?$/.exec(s);
  if (m) {
    return isoText(new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, m[6] ? parseInt(m[6].slice(1), 10) : 0, m[7] ? parseInt((m[7] + '0000').slice(1, 4), 10) : 0)));
  }
  return isoText(new Date(s));
}

/** `AB12` → column 27 (0-based); undefined when the reference has no column letters. */
function columnOf(ref: string): number | undefined {
  let c = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const k = ref.charCodeAt(i) - 64;
    if (k < 1 || k > 26) break;
    c = c * 26 + k;
  }
  return i === 0 ? undefined : c - 1;
}

function cellRef(ref: string): { r: number; c: number } | null {
  const m = /^\$?([A-Z]{1,3})\$?(\d{1,7})$/.exec(ref.trim().toUpperCase());
  if (!m) return null;
  const c = columnOf(m[1]!)!;
  const r = parseInt(m[2]!, 10) - 1;
  return r >= 0 && r < MAX_ROWS && c < MAX_COLS ? { r, c } : null;
}

function rangeRef(ref: string): MergeRange | null {
  const [a, b] = ref.split(':');
  const s = cellRef(a ?? '');
  const e = b === undefined ? s : cellRef(b);
  if (!s || !e) return null;
  return { s: { r: Math.min(s.r, e.r), c: Math.min(s.c, e.c) }, e: { r: Math.max(s.r, e.r), c: Math.max(s.c, e.c) } };
}

/** An integer without sign noise or leading zeros (its String(parseFloat()) is itself). */
const PLAIN_INTEGER = /^(?:0|-?[1-9]\d*)$/;

interface SheetContext {
  strings: SharedStrings;
  dateStyles: boolean[];
  date1904: boolean;
}

/**
 * Streams the sheet XML: each row with stored cells goes to `rowsFile` as a CSV line with a
 * small header (see readRows); merged ranges (listed after the data) and the sheet's extent are
 * returned.
 */
async function readSheet(zip: Zip, sheetPath: string, rowsFile: string, ctx: SheetContext): Promise<Omit<SheetGrid, 'rows'>> {
  const fd = fs.openSync(rowsFile, 'w');
  let out = '';
  const flush = () => {
    if (out.length > 0) fs.writeSync(fd, out);
    out = '';
  };

  const merges: MergeRange[] = [];
  let errors = 0;
  let width = 0;
  let height = 0;

  let inData = false;
  let row = -1;
  let col = -1;
  /** The open row's cells as CSV fields ('' when missing); null outside a row. */
  let cells: string[] | null = null;
  let filled = 0;
  let maxCol = -1;
  // The open cell: its column, type and style, and the text of its <v> and inline string.
  let cellCol = -1;
  let cellType: string | undefined;
  let cellStyle = -1;
  let v: string | undefined;
  let inV = false;
  let inline: StringItem | null = null;

  const finishCell = () => {
    const raw = v === '' ? undefined : v;
    let value: Cell;
    // Numbers, dates and booleans never need CSV quoting; text may.
    let text = false;
    switch (cellType ?? 'n') {
      case 'n': {
        if (raw === undefined) return;
        // Most cells hold a plain integer that is already written the way JavaScript would.
        if (!ctx.dateStyles[cellStyle] && raw.length < 16 && PLAIN_INTEGER.test(raw)) {
          value = raw;
          break;
        }
        const num = parseFloat(raw);
        if (!Number.isFinite(num)) value = null;
        else if (ctx.dateStyles[cellStyle]) value = serialToText(num, ctx.date1904);
        else value = String(num);
        break;
      }
      case 's': {
        if (raw === undefined) return;
        const s = ctx.strings.get(parseInt(raw, 10));
        if (s === undefined) throw new FileProblem(CORRUPT);
        value = s.trim() === '' ? null : s;
        text = true;
        break;
      }
      case 'str': {
        const s = unescapeXstring(raw ?? '');
        value = s.trim() === '' ? null : s;
        text = true;
        break;
      }
      case 'inlineStr': {
        const s = inline ? unescapeXstring(inline.text) : '';
        value = s.trim() === '' ? null : s;
        text = true;
        break;
      }
      case 'b':
        value = xmlBool(raw) ? 'TRUE' : 'FALSE';
        break;
      case 'd':
        if (raw === undefined) return;
        value = isoCellText(raw, ctx.date1904);
        break;
      case 'e':
        if (raw !== undefined) errors++;
        value = null;
        break;
      default:
        value = raw === undefined || raw.trim() === '' ? null : raw;
        text = true;
    }
    const fields = cells!;
    // A cell listed twice in a row (only in crafted files): the last one counts, once.
    if (fields[cellCol]) filled--;
    if (value === null) fields[cellCol] = '';
    else {
      fields[cellCol] = text ? csvField(value) : value;
      filled++;
    }
    if (cellCol > maxCol) maxCol = cellCol;
  };

  const finishRow = () => {
    if (maxCol >= 0) {
      if (row < height) throw new FileProblem('Excel 工作表的行顺序异常，无法读取；请在 Excel 中打开并另存为 xlsx 后重新上传');
      // join() writes holes (columns without a cell) as empty fields.
      const csv = cells!.join(',');
      out += `${row} ${filled} ${maxCol + 1} ${csv.length}\n${csv}\n`;
      if (out.length > 1 << 20) flush();
      height = row + 1;
      width = Math.max(width, maxCol + 1);
    }
    cells = null;
  };

  try {
    await parsePart(zip, sheetPath, {
      open(name, attrs) {
        if (cells !== null) {
          if (cellCol >= 0) {
            if (name === 'v') {
              v = '';
              inV = true;
            } else if (name === 'is') inline = new StringItem();
            else inline?.open(name);
            return;
          }
          if (name === 'c') {
            const byRef = attrs.r !== undefined ? columnOf(attrs.r) : undefined;
            col = byRef ?? col + 1;
            if (col >= MAX_COLS) throw new FileProblem(CORRUPT);
            cellCol = col;
            cellType = attrs.t;
            cellStyle = attrs.s !== undefined ? parseInt(attrs.s, 10) : -1;
            v = undefined;
            inline = null;
          }
          return;
        }
        if (name === 'sheetData') inData = true;
        else if (name === 'row' && inData) {
          const n = attrs.r !== undefined ? parseInt(attrs.r, 10) : NaN;
          row = Number.isFinite(n) ? n - 1 : row + 1;
          if (row < 0 || row >= MAX_ROWS) throw new FileProblem(CORRUPT);
          col = -1;
          maxCol = -1;
          filled = 0;
          cells = [];
        } else if (name === 'mergeCell' && attrs.ref) {
          const m = rangeRef(attrs.ref);
          if (m) merges.push(m);
          if (merges.length > MAX_MERGES) throw new FileProblem(`工作表中的合并单元格超过 ${MAX_MERGES} 处，无法读取；请取消合并后另存为 CSV 上传`);
        }
      },
      close(name) {
        if (cells === null) {
          if (name === 'sheetData') inData = false;
          return;
        }
        if (cellCol >= 0) {
          if (name === 'v') inV = false;
          else if (name === 'c') {
            finishCell();
            cellCol = -1;
          } else if (name !== 'is') inline?.close(name);
          return;
        }
        if (name === 'row') finishRow();
      },
      text(t) {
        if (inV) v += t;
        else inline?.add(t);
      },
    });
    flush();
  } finally {
    fs.closeSync(fd);
  }
  return { width, height, merges, errors };
}

/**
 * Reads back the rows written by readSheet, one at a time. Each is a header line
 * `row filled count length` and then `length` characters of CSV (which may hold line breaks
 * inside quoted cells) and a line break.
 */
function* readRows(rowsFile: string): Generator<StoredRow> {
  const fd = fs.openSync(rowsFile, 'r');
  try {
    const buf = Buffer.allocUnsafe(1 << 20);
    const decoder = new StringDecoder('utf8');
    let text = '';
    let pos = 0;
    let eof = false;
    const more = (): boolean => {
      if (eof) return false;
      const n = fs.readSync(fd, buf, 0, buf.length, null);
      if (n === 0) {
        eof = true;
        return false;
      }
      text = text.slice(pos) + decoder.write(buf.subarray(0, n));
      pos = 0;
      return true;
    };
    for (;;) {
      let nl = text.indexOf('\n', pos);
      while (nl < 0) {
        if (!more()) return;
        nl = text.indexOf('\n', pos);
      }
      const [r, filled, count, length] = text.slice(pos, nl).split(' ').map(Number) as [number, number, number, number];
      while (text.length < nl + 1 + length + 1) {
        const before = nl - pos;
        if (!more()) throw new Error('truncated sheet rows file');
        nl = pos + before;
      }
      yield { r, filled, count, csv: text.slice(nl + 1, nl + 1 + length) };
      pos = nl + 1 + length + 1;
    }
  } finally {
    fs.closeSync(fd);
  }
}
