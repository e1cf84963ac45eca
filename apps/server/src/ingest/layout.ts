// Table layout decisions made on a small decoded sample: the delimiter, and the column names
// users will see (blank and duplicate headers renamed, with a note saying so).

export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

const DELIMITER_NAMES: Record<Delimiter, string> = { ',': '逗号', ';': '分号', '\t': '制表符', '|': '竖线' };
export const delimiterName = (d: string) => DELIMITER_NAMES[d as Delimiter] ?? d;

/** Splits one CSV line into fields, honouring double quotes ("" inside quotes is a quote). */
export function splitLine(line: string, delim: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"') {
        if (line[i + 1] === '"') {
          cur += '"';
          i++;
        } else quoted = false;
      } else cur += ch;
    } else if (ch === '"' && cur.trim() === '') {
      quoted = true;
      cur = '';
    } else if (ch === delim) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

export interface SampleLine {
  /** 1-based line number in the file where the record starts. */
  line: number;
  /** The record's text; a quoted cell may hold line breaks. */
  text: string;
}

/**
 * Non-blank complete records of a decoded sample (a cut-off last one is dropped if more follow).
 * A quote opens a quoted cell at the start of a record or right after any candidate delimiter, so a
 * line break inside quotes stays in its record whichever delimiter the file turns out to use.
 */
export function sampleLines(text: string, complete: boolean, max = 200): SampleLine[] {
  const out: SampleLine[] = [];
  let line = 1;
  let start = 0;
  let startLine = 1;
  let quoted = false;
  let fieldStart = true;
  const push = (end: number) => {
    const t = text.slice(start, end);
    if (t.trim() !== '') out.push({ line: startLine, text: t });
  };
  for (let i = 0; i < text.length && out.length <= max; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') i++;
        else quoted = false;
      } else if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++;
      continue;
    }
    if (ch === '\n' || ch === '\r') {
      push(i);
      if (ch === '\r' && text[i + 1] === '\n') i++;
      line++;
      start = i + 1;
      startLine = line;
      fieldStart = true;
    } else if (ch === '"' && fieldStart) {
      quoted = true;
      fieldStart = false;
    } else fieldStart = (DELIMITERS as readonly string[]).includes(ch);
  }
  // The rest is a whole record only when the sample is the whole file and no quote is left open;
  // a cut-off first record (a very wide header) is still the best sample there is.
  if ((complete && !quoted) || out.length === 0) push(text.length);
  return out.slice(0, max);
}

/** A note for sample rows with fewer fields than the header (their missing cells stay empty). */
export function shortRowsNote(lines: SampleLine[], delim: string): string | null {
  if (lines.length < 2) return null;
  const width = splitLine(lines[0]!.text, delim).length;
  const short = lines.slice(1).filter((l) => splitLine(l.text, delim).length < width);
  if (short.length === 0) return null;
  const list = short.slice(0, 5).map((l) => l.line).join('、');
  return `第 ${list} 行${short.length > 5 ? '等' : ''}的字段比表头少，缺少的值按缺失处理`;
}

/**
 * Picks the delimiter whose field count is most consistent across the sample lines and gives
 * more than one field; a one-column file falls back to comma.
 */
export function detectDelimiter(lines: string[]): Delimiter {
  let best: Delimiter = ',';
  let bestScore = 0;
  for (const d of DELIMITERS) {
    const counts = lines.map((l) => splitLine(l, d).length);
    if (counts.length === 0) continue;
    const first = counts[0]!;
    if (first < 2) continue;
    const agree = counts.filter((c) => c === first).length / counts.length;
    // Consistency first, then more columns (a semicolon file may also contain decimal commas).
    const score = agree * 1000 + Math.min(first, 999);
    if (score > bestScore) {
      bestScore = score;
      best = d;
    }
  }
  return best;
}

/**
 * The row-number column of the Parquet copy. User columns there have positional names (see
 * duck-ingest.ts), so no header can collide with it whatever its case.
 */
export const RESERVED_COLUMN = '__row';

/**
 * Makes header names usable: Unicode NFC, whitespace runs as one space, trimmed; blank → 列N;
 * exact duplicates → name_2, name_3… Names that differ in case or width (a/A, A/Ａ) stay distinct.
 * Returns the names and one Chinese note per change.
 */
export function normalizeHeader(raw: Array<string | null | undefined>): { names: string[]; notes: string[] } {
  const notes: string[] = [];
  const cleaned = raw.map((r) => (r ?? '').normalize('NFC').replace(/\s+/g, ' ').trim());
  // Every name as written is taken first, so a renamed duplicate never lands on a later column's name.
  const taken = new Set<string>(cleaned.filter(Boolean));
  const assigned = new Set<string>();
  const names = cleaned.map((original, i) => {
    let name = original || `列${i + 1}`;
    if (!original) {
      if (taken.has(name)) name = unique(name, taken);
      notes.push(`第${i + 1}列没有列名，已命名为“${name}”`);
    } else if (assigned.has(name)) {
      const renamed = unique(name, taken);
      notes.push(`列名“${name}”重复，第${i + 1}列已改名为“${renamed}”`);
      name = renamed;
    }
    taken.add(name);
    assigned.add(name);
    return name;
  });
  return { names, notes };
}

function unique(name: string, taken: Set<string>): string {
  let k = 2;
  while (taken.has(`${name}_${k}`)) k++;
  return `${name}_${k}`;
}

/** Values read as missing, compared after trimming (spec: empty, NA, N/A, NULL, null, ., -). */
export const MISSING_MARKERS = ['', 'NA', 'N/A', 'n/a', 'na', 'NULL', 'null', 'Null', '.', '-', 'NaN', 'nan', '#N/A', '#NULL!', '#DIV/0!', '#VALUE!', '#REF!', '#NUM!', '#NAME?'];
