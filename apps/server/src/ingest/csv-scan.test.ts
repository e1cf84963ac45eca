import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scanCsv } from './csv-scan.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-scan-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
async function scan(text: string | Buffer, delimiter = ',', max = 100) {
  const file = path.join(dir, `f${n++}.csv`);
  fs.writeFileSync(file, text);
  return scanCsv(file, delimiter, max);
}

describe('scanCsv', () => {
  it('counts cells with DuckDB’s quoting rules', async () => {
    const s = await scan('a,b,c\n1,"x,y",3\n2,"say ""hi""",4\n5,a"b,6\n');
    expect(s).toMatchObject({ headerFields: 3, maxFields: 3, records: 4, quotedNewline: false, unterminatedLine: null, tooWide: null });
    expect(s.wider.count).toBe(0);
  });

  it('finds line breaks inside quotes, with LF, CRLF and CR, and keeps counting lines', async () => {
    for (const nl of ['\n', '\r\n', '\r']) {
      const s = await scan(`id,note${nl}1,"a${nl}b"${nl}2,c,extra${nl}`);
      expect(s, JSON.stringify(nl)).toMatchObject({ quotedNewline: true, records: 3, maxFields: 3, unterminatedLine: null });
      // The wider record starts on line 4: the quoted break took line 3.
      expect(s.wider).toEqual({ lines: [4], count: 1 });
    }
  });

  it('reports the line where a quote opened and never closed', async () => {
    expect((await scan('id,note\n1,ok\n2,"abc\n3,c\n')).unterminatedLine).toBe(3);
    expect((await scan('id,note\r\n1,ok\r\n2,"abc\r\n3,c\r\n')).unterminatedLine).toBe(3);
    // A quote inside an unquoted cell is a character, not an opening quote.
    expect((await scan('id,note\n1,5" tall\n')).unterminatedLine).toBeNull();
  });

  it('skips a UTF-8 BOM, blank lines, and measures bytes and the longest record', async () => {
    const s = await scan(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('"a",b\n\n1,2\n   \n333333,4')]));
    expect(s).toMatchObject({ headerFields: 2, records: 3, unterminatedLine: null, longest: 8 });
  });

  it('uses the given delimiter', async () => {
    expect(await scan('a;b;c\n1;2;3\n', ';')).toMatchObject({ headerFields: 3, maxFields: 3 });
    expect(await scan('a\tb\n1\t2\t3\n', '\t')).toMatchObject({ headerFields: 2, maxFields: 3, wider: { lines: [2], count: 1 } });
  });

  it('stops at the first record wider than the limit', async () => {
    const s = await scan(`${Array.from({ length: 5 }, (_, i) => `c${i}`).join(',')}\n1,2\n`, ',', 4);
    expect(s.tooWide).toEqual({ line: 1, fields: 5 });
  });
});
