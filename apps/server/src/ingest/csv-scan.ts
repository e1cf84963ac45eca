// One streaming pass over the UTF-8 CSV before DuckDB sees it, with DuckDB's quoting rules (a quote
// opens a quoted cell only at the start of a cell; "" inside quotes is a quote). It finds what
// DuckDB would otherwise get wrong or hide: a quote that never closes (DuckDB's single-threaded
// reader silently drops the rest of the file), line breaks inside quotes (its parallel reader
// cannot pad short rows then), and how wide the table really is (the column limit, the widest row).
import fs from 'node:fs';

export interface CsvScan {
  /** Cells in the first record (the header). */
  headerFields: number;
  /** Cells in the widest record. */
  maxFields: number;
  /** Non-blank records, the header included. */
  records: number;
  /** Bytes read (the whole file unless the scan stopped early). */
  bytes: number;
  /** Bytes in the longest record. */
  longest: number;
  /** Records wider than the header: the first lines where one starts, and how many there are. */
  wider: { lines: number[]; count: number };
  /** Some quoted cell spans lines. */
  quotedNewline: boolean;
  /** 1-based line where a quote opened and never closed; null when every quote closes. */
  unterminatedLine: number | null;
  /** Set when the scan stopped early because a record passed `maxColumns` cells. */
  tooWide: { line: number; fields: number } | null;
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

const enum State {
  FieldStart,
  Unquoted,
  Quoted,
  /** A quote inside a quoted cell: closes it unless another quote follows. */
  QuoteInQuoted,
}

/**
 * Scans `file` for `delimiter` (one ASCII character). Stops early once a record is wider than
 * `maxColumns`, so a refusal costs no more than reading up to that record.
 */
export async function scanCsv(file: string, delimiter: string, maxColumns: number): Promise<CsvScan> {
  const delim = delimiter.charCodeAt(0);
  const out: CsvScan = { headerFields: 0, maxFields: 0, records: 0, bytes: 0, longest: 0, wider: { lines: [], count: 0 }, quotedNewline: false, unterminatedLine: null, tooWide: null };
  // Plain locals, captured by no closure, keep the per-byte loop in registers.
  let state = State.FieldStart;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;
  let fields = 1;
  let blank = true;
  let records = 0;
  let prevCR = false;
  let first = true;
  /** Offset in the file of the current record's first byte, and of the current chunk. */
  let recordStart = 0;
  let base = 0;

  // Small chunks: the scan runs on the event loop, a few milliseconds at a time.
  const stream = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let i = 0;
      base = out.bytes;
      out.bytes += chunk.length;
      if (first) {
        first = false;
        if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) i = recordStart = 3;
      }
      for (const n = chunk.length; i < n; i++) {
        const b = chunk[i]!;
        // A lone CR ends a line as LF does; CR LF counts once.
        if (prevCR) {
          prevCR = false;
          if (b !== LF) line++;
        }
        if (state === State.Quoted) {
          if (b === QUOTE) state = State.QuoteInQuoted;
          else if (b === LF) {
            line++;
            out.quotedNewline = true;
          } else if (b === CR) {
            prevCR = true;
            out.quotedNewline = true;
          }
        } else if (b === LF || b === CR) {
          if (b === LF) line++;
          else prevCR = true;
          // The LF of a CR LF pair arrives as a blank record: nothing to count.
          if (!blank) {
            if (base + i - recordStart > out.longest) out.longest = base + i - recordStart;
            records = endRecord(out, records, fields, recordLine, maxColumns);
            if (out.tooWide) {
              out.records = records;
              return out;
            }
          }
          fields = 1;
          blank = true;
          state = State.FieldStart;
          recordLine = b === LF ? line : line + 1;
          recordStart = base + i + 1;
        } else if (b === delim) {
          fields++;
          blank = false;
          state = State.FieldStart;
        } else if (b === QUOTE) {
          if (state === State.FieldStart) {
            state = State.Quoted;
            quoteLine = line;
            blank = false;
          } else state = state === State.QuoteInQuoted ? State.Quoted : State.Unquoted;
        } else {
          state = State.Unquoted;
          if (b !== 0x20 && b !== 0x09) blank = false;
        }
      }
    }
  } finally {
    stream.destroy();
  }
  if (state === State.Quoted) out.unterminatedLine = quoteLine;
  else if (!blank) {
    if (out.bytes - recordStart > out.longest) out.longest = out.bytes - recordStart;
    records = endRecord(out, records, fields, recordLine, maxColumns);
  }
  out.records = records;
  return out;
}

/** Counts one non-blank record of `fields` cells starting on `line`; returns the records so far. */
function endRecord(out: CsvScan, records: number, fields: number, line: number, maxColumns: number): number {
  if (records === 0) out.headerFields = fields;
  else if (fields > out.headerFields) {
    if (out.wider.lines.length < 5) out.wider.lines.push(line);
    out.wider.count++;
  }
  if (fields > out.maxFields) out.maxFields = fields;
  if (fields > maxColumns) out.tooWide = { line, fields };
  return records + 1;
}
