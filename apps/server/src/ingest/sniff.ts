// Decides what an uploaded file is from its first bytes, never from its name: users rename files,
// and a renamed binary must be refused with a sentence that says what it really is.

export type FileKind = 'xlsx' | 'xls' | 'text';
export type TextEncoding = 'utf8' | 'utf8bom' | 'utf16le' | 'utf16be' | 'gb18030';

const SIGNATURES: Array<{ bytes: number[]; what: string }> = [
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: 'PNG 图片' },
  { bytes: [0xff, 0xd8, 0xff], what: 'JPEG 图片' },
  { bytes: [0x47, 0x49, 0x46, 0x38], what: 'GIF 图片' },
  { bytes: [0x42, 0x4d], what: 'BMP 图片' },
  { bytes: [0x25, 0x50, 0x44, 0x46], what: 'PDF 文档' },
  { bytes: [0x1f, 0x8b], what: 'gzip 压缩包' },
  { bytes: [0x52, 0x61, 0x72, 0x21], what: 'RAR 压缩包' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf], what: '7z 压缩包' },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], what: '可执行程序' },
  { bytes: [0x4d, 0x5a], what: '可执行程序' },
  { bytes: [0x50, 0x41, 0x52, 0x31], what: 'Parquet 文件' },
  { bytes: [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65], what: 'SQLite 数据库' },
];

/** Bytes of the head whose GB18030 reading decides whether the file is text at all. */
const HEAD_CHECK = 16 * 1024;

const startsWith = (buf: Buffer, bytes: number[]) => bytes.every((b, i) => buf[i] === b);

export type SniffResult = { kind: FileKind; encoding?: TextEncoding } | { kind: null; what: string };

/** Classifies a file from its head (the first 64 KiB or the whole file if shorter). */
export function sniff(head: Buffer): SniffResult {
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return { kind: 'xlsx' };
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { kind: 'xls' };
  for (const s of SIGNATURES) if (startsWith(head, s.bytes)) return { kind: null, what: s.what };
  const encoding = detectEncoding(head);
  if (!encoding) return { kind: null, what: '二进制文件' };
  return { kind: 'text', encoding };
}

/**
 * The text encoding of a file head, or null when it is not text. BOMs decide first; UTF-16
 * without BOM shows as NULs in every other byte; otherwise valid UTF-8 is UTF-8 and anything
 * else is taken as GB18030 (a superset of GBK and GB2312, what Chinese Excel writes).
 */
export function detectEncoding(head: Buffer): TextEncoding | null {
  if (startsWith(head, [0xef, 0xbb, 0xbf])) return 'utf8bom';
  if (startsWith(head, [0xff, 0xfe])) return 'utf16le';
  if (startsWith(head, [0xfe, 0xff])) return 'utf16be';
  const n = Math.min(head.length, 4096);
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i++) {
    if (head[i] === 0) {
      if (i % 2 === 0) evenNul++;
      else oddNul++;
    }
  }
  if (n >= 4 && oddNul > n / 8 && evenNul === 0) return 'utf16le';
  if (n >= 4 && evenNul > n / 8 && oddNul === 0) return 'utf16be';
  if (evenNul + oddNul > 0) return null;
  // Control characters other than tab, CR, LF, FF mean a binary file.
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = head[i]!;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) control++;
  }
  if (control > 0) return null;
  if (isUtf8(head)) return 'utf8';
  return plausibleGb18030(head.subarray(0, HEAD_CHECK)) ? 'gb18030' : null;
}

/**
 * Whether bytes read as GB18030 look like text. Almost any run of high bytes decodes to something
 * (random bytes give mostly CJK ideographs), but about one character in eight is then undecodable
 * or in a private-use area, which text written by people and by Excel practically never has.
 */
export function plausibleGb18030(buf: Buffer): boolean {
  // A character cut off at the end of the sample is not evidence.
  const text = new TextDecoder('gb18030').decode(buf.subarray(0, Math.max(0, buf.length - 3)));
  let chars = 0;
  let odd = 0;
  for (const ch of text) {
    chars++;
    const c = ch.codePointAt(0)!;
    if (c === 0xfffd || (c >= 0xe000 && c <= 0xf8ff) || c >= 0xf0000) odd++;
  }
  return odd < Math.max(2, chars * 0.02);
}

/** Whether bytes are valid UTF-8; a sequence cut off at the very end of a head sample is allowed. */
export function isUtf8(buf: Buffer): boolean {
  let i = 0;
  const n = buf.length;
  while (i < n) {
    const b = buf[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) need = 2;
    else if (b >= 0xf0 && b <= 0xf4) need = 3;
    else return false;
    if (i + need >= n) return true; // truncated at the end of the sample
    for (let k = 1; k <= need; k++) if ((buf[i + k]! & 0xc0) !== 0x80) return false;
    i += need + 1;
  }
  return true;
}
