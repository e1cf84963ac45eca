import { describe, expect, it } from 'vitest';
import { rRead, rScript } from './r-code.js';

describe('rRead reads the file as the user uploaded it', () => {
  it('names the encoding and the delimiter that ingest detected', () => {
    const gbk = rRead({ filename: '数据.csv', encoding: 'gb18030', delimiter: ',' }).join('\n');
    expect(gbk).toContain('read.csv("数据.csv", fileEncoding = "GB18030", check.names = FALSE');
    expect(gbk).toContain('GBK/GB18030');
    expect(rRead({ filename: 'a.csv', encoding: 'utf8bom', delimiter: ';' }).join('\n')).toContain('fileEncoding = "UTF-8-BOM", sep = ";"');
    expect(rRead({ filename: 'a.csv', encoding: 'utf16le', delimiter: '\t' }).join('\n')).toContain('fileEncoding = "UTF-16LE", sep = "\\t"');
    expect(rRead({ filename: 'a.csv', encoding: 'utf8', delimiter: ',' }).join('\n')).toContain('fileEncoding = "UTF-8", check.names');
  });

  it('reads spreadsheets with readxl whatever the encoding field says', () => {
    expect(rRead({ filename: 'a.xlsx', encoding: '', delimiter: '' })[0]).toContain('readxl::read_excel("a.xlsx"');
  });

  it('puts the reading lines into every script', () => {
    const s = rScript('descriptive', { vars: ['x'], group: '' }, { filename: 'g.csv', encoding: 'gb18030', delimiter: '|' })!;
    expect(s).toContain('fileEncoding = "GB18030", sep = "|"');
  });
});
