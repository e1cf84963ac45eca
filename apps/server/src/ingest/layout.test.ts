import { describe, expect, it } from 'vitest';
import { detectDelimiter, normalizeHeader, sampleLines, shortRowsNote } from './layout.js';

describe('normalizeHeader', () => {
  it('keeps names that differ in case, width or spelling; renames exact duplicates after trimming and NFC', () => {
    const { names, notes } = normalizeHeader(['a', 'A', 'Ａ', 'b ', 'b', 'é', 'e\u0301', '__row', '__ROW', '', null]);
    expect(names).toEqual(['a', 'A', 'Ａ', 'b', 'b_2', 'é', 'é_2', '__row', '__ROW', '列10', '列11']);
    expect(notes).toEqual(['列名“b”重复，第5列已改名为“b_2”', '列名“é”重复，第7列已改名为“é_2”', '第10列没有列名，已命名为“列10”', '第11列没有列名，已命名为“列11”']);
  });
});

describe('sampleLines', () => {
  it('keeps a quoted line break inside its record, numbering records by their first line', () => {
    const lines = sampleLines('id,note\r\n1,"a\r\nb"\r\n2,c\r\n', true);
    expect(lines).toEqual([
      { line: 1, text: 'id,note' },
      { line: 2, text: '1,"a\r\nb"' },
      { line: 4, text: '2,c' },
    ]);
    expect(shortRowsNote(lines, ',')).toBeNull();
    expect(detectDelimiter(lines.map((l) => l.text))).toBe(',');
  });

  it('drops a record cut off by the end of the sample, unless it is the only one', () => {
    expect(sampleLines('a,b\n1,2\n3,', false).map((l) => l.text)).toEqual(['a,b', '1,2']);
    expect(sampleLines('a,b,c,d', false).map((l) => l.text)).toEqual(['a,b,c,d']);
  });
});
