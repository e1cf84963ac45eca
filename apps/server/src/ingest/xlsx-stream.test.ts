// The streaming xlsx reader against SheetJS (the reader it replaced, still used for .xls): the same
// workbooks must give byte-identical CSV and notes. Then what only hand-written XML shows: namespace
// prefixes, cells without references, rich and phonetic text, shared strings spilled to disk, and
// DTDs that must never expand.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spreadsheetToCsv } from './convert.js';
import { FileProblem } from './file-problem.js';
import { readXlsxSheet, serialToText, SharedStrings } from './xlsx-stream.js';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-xlsx-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let seq = 0;
async function convertBoth(buf: Buffer): Promise<{ stream: { csv: string; notes: string[] }; sheetjs: { csv: string; notes: string[] } }> {
  const d = fs.mkdtempSync(path.join(dir, `c${seq++}-`));
  const src = path.join(d, 'in.xlsx');
  fs.writeFileSync(src, buf);
  const run = async (zip: boolean) => {
    const dest = path.join(d, zip ? 'stream.csv' : 'sheetjs.csv');
    const { notes } = await spreadsheetToCsv(src, dest, { zip });
    return { csv: fs.readFileSync(dest, 'utf8'), notes };
  };
  const stream = await run(true);
  const sheetjs = await run(false);
  // No scratch files are left behind.
  expect(fs.readdirSync(d).sort()).toEqual(['in.xlsx', 'sheetjs.csv', 'stream.csv']);
  return { stream, sheetjs };
}

function book(sheets: Array<XLSX.WorkSheet>, opts: { date1904?: boolean } = {}): Buffer {
  const wb = XLSX.utils.book_new();
  sheets.forEach((ws, i) => XLSX.utils.book_append_sheet(wb, ws, i === 0 ? '数据' : `表${i + 1}`));
  if (opts.date1904) wb.Workbook = { ...(wb.Workbook ?? {}), WBProps: { date1904: true } };
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe('streaming xlsx reader matches SheetJS', () => {
  it('title row, two-row grouped header, merges, dates and formulas', async () => {
    const ws: XLSX.WorkSheet = {
      A1: { t: 's', v: '患者随访记录表' },
      A2: { t: 's', v: '编号' },
      B2: { t: 's', v: '血压' },
      D2: { t: 's', v: '随访日期' },
      B3: { t: 's', v: '收缩压' },
      C3: { t: 's', v: '舒张压' },
      A4: { t: 's', v: 'P1' },
      B4: { t: 'n', v: 120 },
      C4: { t: 'n', v: 80 },
      D4: { t: 'd', v: new Date(Date.UTC(2024, 2, 15)) },
      A5: { t: 's', v: 'P2' },
      B5: { t: 'n', v: 140, f: 'B4+20' },
      C5: { t: 'n', v: 90, f: 'C4+10' },
      D5: { t: 'd', v: new Date(Date.UTC(2024, 3, 1, 13, 45, 30)) },
      '!ref': 'A1:D5',
      '!merges': [
        { s: { r: 0, c: 0 }, e: { r: 0, c: 3 } },
        { s: { r: 1, c: 0 }, e: { r: 2, c: 0 } },
        { s: { r: 1, c: 1 }, e: { r: 1, c: 2 } },
        { s: { r: 1, c: 3 }, e: { r: 2, c: 3 } },
      ],
    };
    const { stream, sheetjs } = await convertBoth(book([ws, XLSX.utils.aoa_to_sheet([['x'], [1]])]));
    expect(stream).toEqual(sheetjs);
    expect(stream.csv).toBe('编号,血压_收缩压,血压_舒张压,随访日期\nP1,120,80,2024-03-15\nP2,140,90,2024-04-01 13:45:30\n');
    expect(stream.notes).toEqual([
      '工作簿有 2 个工作表，已读取第一个工作表“数据”',
      '已将 4 处合并单元格的值填入其覆盖的每个单元格',
      '已跳过表头上方的标题行“患者随访记录表”',
      '检测到两行表头（第一行含合并的分组标题），列名已合并为“分组_列名”',
    ]);
  });

  it('text that needs CSV quoting, booleans, errors, odd numbers, empty rows inside and after the table', async () => {
    const ws = XLSX.utils.aoa_to_sheet([
      ['名称', '备注', '值', '真假'],
      ['a,b', 'say "hi"', 0.1 + 0.2, true],
      ['  spaced  ', '两行\n文本', 1e-10, false],
      [],
      ['x', 'crlf\r\nline', -0, null],
      ['😀 emoji', ' ', 1e21, 'TRUE'],
      ['大数', '', 12345678901234567890, 'FALSE'],
    ]);
    ws['E2'] = { t: 'e', v: 0x07 };
    ws['E3'] = { t: 'e', v: 0x2a };
    ws['A12'] = { t: 's', v: '' };
    ws['!ref'] = 'A1:E12';
    const { stream, sheetjs } = await convertBoth(book([ws]));
    expect(stream).toEqual(sheetjs);
    expect(stream.notes).toEqual(['2 个公式错误值（如 #DIV/0!）按缺失值处理', '已忽略表格中的 1 个空行']);
    expect(stream.csv.split('\n')[1]).toBe('"a,b","say ""hi""",0.30000000000000004,TRUE,');
  });

  it('dates in both date systems, times, days before 1900-03-01 and custom date formats', async () => {
    for (const date1904 of [false, true]) {
      const ws: XLSX.WorkSheet = {
        A1: { t: 's', v: '日期' },
        B1: { t: 's', v: '格式' },
        A2: { t: 'n', v: 45366, z: 'yyyy"年"m"月"d"日"' },
        A3: { t: 'n', v: 45366.5, z: 'yyyy-mm-dd hh:mm' },
        A4: { t: 'n', v: 0.75, z: 'h:mm' },
        A5: { t: 'n', v: 30, z: 'm/d/yy' },
        A6: { t: 'n', v: 60, z: 'm/d/yy' },
        A7: { t: 'n', v: 61, z: 'm/d/yy' },
        A8: { t: 'n', v: 0.5, z: '0.00%' },
        A9: { t: 'n', v: 44000, z: '[$-804]aaaa' },
        B2: { t: 'n', v: 44927.25, z: 'm/d/yy h:mm' },
        '!ref': 'A1:B9',
      };
      const { stream, sheetjs } = await convertBoth(book([ws], { date1904 }));
      expect(stream).toEqual(sheetjs);
    }
    expect(serialToText(45366, false)).toBe('2024-03-15');
    expect(serialToText(45366.5, false)).toBe('2024-03-15 12:00:00');
  });

  it('leading empty rows and columns, vertical merges running past the data, a one-column sheet', async () => {
    const ws: XLSX.WorkSheet = {
      C3: { t: 's', v: '组' },
      D3: { t: 's', v: '值' },
      C4: { t: 's', v: '甲' },
      D4: { t: 'n', v: 1 },
      D5: { t: 'n', v: 2 },
      C6: { t: 's', v: '乙' },
      D6: { t: 'n', v: 3 },
      D7: { t: 'n', v: 4 },
      '!ref': 'C3:D7',
      '!merges': [
        { s: { r: 3, c: 2 }, e: { r: 4, c: 2 } },
        { s: { r: 5, c: 2 }, e: { r: 9, c: 2 } },
      ],
    };
    const merged = await convertBoth(book([ws]));
    expect(merged.stream).toEqual(merged.sheetjs);
    const single = await convertBoth(book([XLSX.utils.aoa_to_sheet([['标题'], ['n'], [1], [2]])]));
    expect(single.stream).toEqual(single.sheetjs);
  });

  it('random sheets: values, blanks, merges and title rows in every combination', async () => {
    let seed = 42;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = <T,>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
    for (let k = 0; k < 25; k++) {
      const rows = 2 + Math.floor(rnd() * 12);
      const cols = 1 + Math.floor(rnd() * 6);
      const ws: XLSX.WorkSheet = {};
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          if (rnd() < 0.25) continue;
          const ref = XLSX.utils.encode_cell({ r, c });
          ws[ref] = pick<XLSX.CellObject>([
            { t: 's', v: pick(['A', '组 1', 'x,y', '"q"', ' ', '', '多\n行']) },
            { t: 'n', v: Math.round(rnd() * 1e6) / 1e3 },
            { t: 'b', v: rnd() < 0.5 },
            { t: 'e', v: 0x07 },
            { t: 'd', v: new Date(Date.UTC(2020, Math.floor(rnd() * 12), 1 + Math.floor(rnd() * 28))) },
          ]);
        }
      }
      const merges: XLSX.Range[] = [];
      for (let m = Math.floor(rnd() * 3); m > 0; m--) {
        const r = Math.floor(rnd() * rows);
        const c = Math.floor(rnd() * cols);
        const range = { s: { r, c }, e: { r: r + Math.floor(rnd() * 3), c: c + Math.floor(rnd() * 3) } };
        if (merges.every((o) => o.e.r < range.s.r || o.s.r > range.e.r || o.e.c < range.s.c || o.s.c > range.e.c)) merges.push(range);
      }
      ws['!merges'] = merges;
      ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows + 3, c: cols + 3 } });
      const buf = book([ws]);
      let sheetjs: { csv: string; notes: string[] } | Error;
      let stream: { csv: string; notes: string[] } | Error;
      try {
        ({ stream, sheetjs } = await convertBoth(buf));
      } catch (err) {
        // Both readers must refuse the same sheets (all empty).
        expect((err as Error).message).toBe('工作表是空的，没有任何数据');
        continue;
      }
      expect(stream, `sheet ${k}`).toEqual(sheetjs);
    }
  });
});

/** A workbook from hand-written parts. */
async function rawBook(sheetXml: string, opts: { sst?: string; workbook?: string; styles?: string } = {}): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  zip.file(
    'xl/workbook.xml',
    opts.workbook ??
      '<x:workbook xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:rel="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><x:sheets><x:sheet name="S" sheetId="1" rel:id="rId7"/></x:sheets></x:workbook>',
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/data.xml"/>' +
      '<Relationship Id="rId8" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="strings.xml"/>' +
      '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
      '</Relationships>',
  );
  zip.file('xl/worksheets/data.xml', sheetXml);
  if (opts.sst) zip.file('xl/strings.xml', opts.sst);
  if (opts.styles) zip.file('xl/styles.xml', opts.styles);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function streamCsv(buf: Buffer, stringBudget?: number): Promise<string> {
  const d = fs.mkdtempSync(path.join(dir, `r${seq++}-`));
  const src = path.join(d, 'in.xlsx');
  fs.writeFileSync(src, buf);
  if (stringBudget !== undefined) {
    const sheet = await readXlsxSheet(src, d, { stringBudget });
    try {
      return [...sheet.grid.rows()].map((r) => JSON.stringify(r)).join('\n');
    } finally {
      sheet.dispose();
    }
  }
  await spreadsheetToCsv(src, path.join(d, 'out.csv'), { zip: true });
  return fs.readFileSync(path.join(d, 'out.csv'), 'utf8');
}

const NS = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';

describe('streaming xlsx reader on hand-written XML', () => {
  it('reads prefixed elements, cells and rows without references, rich and phonetic text, formula strings and ISO dates', async () => {
    const sst =
      `<x:sst ${NS}><x:si><x:t xml:space="preserve"> 名称 </x:t></x:si>` +
      '<x:si><x:r><x:t>东</x:t></x:r><x:r><x:rPr><x:b/></x:rPr><x:t>京</x:t></x:r><x:rPh sb="0" eb="1"><x:t>とう</x:t></x:rPh></x:si>' +
      '<x:si><x:t>a&amp;b_x000D_&lt;c&gt;</x:t></x:si></x:sst>';
    const styles = `<x:styleSheet ${NS}><x:numFmts><x:numFmt numFmtId="200" formatCode="yyyy/mm/dd"/></x:numFmts><x:cellStyleXfs><x:xf numFmtId="14"/></x:cellStyleXfs><x:cellXfs><x:xf numFmtId="0"/><x:xf numFmtId="200"/><x:xf numFmtId="14"/><x:xf numFmtId="4"/></x:cellXfs></x:styleSheet>`;
    const sheet =
      `<x:worksheet ${NS}><x:sheetData>` +
      '<x:row><x:c t="s"><x:v>0</x:v></x:c><x:c t="inlineStr"><x:is><x:t>行内</x:t></x:is></x:c><x:c t="s"><x:v>2</x:v></x:c><x:c><x:v>3</x:v></x:c><x:c><x:v>4</x:v></x:c></x:row>' +
      '<x:row><x:c t="s"><x:v>1</x:v></x:c><x:c t="inlineStr"><x:is><x:r><x:t>富</x:t></x:r><x:r><x:t>文本</x:t></x:r><x:rPh><x:t>ふ</x:t></x:rPh></x:is></x:c>' +
      '<x:c t="str"><x:f>A1&amp;"x"</x:f><x:v>公式_x000A_结果</x:v></x:c><x:c t="d"><x:v>2024-02-29T08:30:00</x:v></x:c><x:c s="1"><x:v>45366</x:v></x:c></x:row>' +
      '<x:row><x:c r="B3" s="2"><x:v>45000</x:v></x:c><x:c s="3"><x:v>1234.5</x:v></x:c><x:c r="E3" t="b"><x:v>1</x:v></x:c><x:c r="F3" t="e"><x:v>#N/A</x:v></x:c><x:c r="G3"><x:f>1/0</x:f></x:c></x:row>' +
      '</x:sheetData></x:worksheet>';
    const buf = await rawBook(sheet, { sst, styles });
    const csv = await streamCsv(buf);
    expect(csv).toBe('" 名称 ",行内,"a&b\r<c>",3,4,\n东京,富文本,"公式\n结果",2024-02-29 08:30:00,2024-03-15,\n,2023-03-15,1234.5,,TRUE,\n');
  });

  it('keeps shared strings beyond its memory budget on disk and reads them back', async () => {
    const n = 500;
    const sst = `<x:sst ${NS}>${Array.from({ length: n }, (_, i) => `<x:si><x:t>值${i}·${'长'.repeat(i % 7)}</x:t></x:si>`).join('')}</x:sst>`;
    const rows = Array.from({ length: n }, (_, i) => `<x:row r="${i + 1}"><x:c r="A${i + 1}" t="s"><x:v>${n - 1 - i}</x:v></x:c></x:row>`).join('');
    const buf = await rawBook(`<x:worksheet ${NS}><x:sheetData>${rows}</x:sheetData></x:worksheet>`, { sst });
    const inMemory = await streamCsv(buf, 1 << 20);
    const spilled = await streamCsv(buf, 50);
    expect(spilled).toBe(inMemory);
    const first = `值${n - 1}·${'长'.repeat((n - 1) % 7)}`;
    expect(spilled.split('\n')[0]).toBe(JSON.stringify({ r: 0, filled: 1, count: 1, csv: first }));

    const table = new SharedStrings(path.join(dir, 'sst-unit.bin'), 4);
    for (const s of ['ab', 'cd', 'éé', '', '组别']) table.add(s);
    table.finish();
    expect([0, 1, 2, 3, 4, 5, -1].map((i) => table.get(i))).toEqual(['ab', 'cd', 'éé', '', '组别', undefined, undefined]);
    table.close();
    expect(fs.existsSync(path.join(dir, 'sst-unit.bin'))).toBe(false);
  });

  it('never expands entities declared in a DTD (XXE, billion laughs)', async () => {
    const secret = path.join(dir, 'secret.txt');
    fs.writeFileSync(secret, 'TOP-SECRET');
    const xxe = `<?xml version="1.0"?><!DOCTYPE x:sst [<!ENTITY xxe SYSTEM "file://${secret}">]><x:sst ${NS}><x:si><x:t>&xxe;</x:t></x:si></x:sst>`;
    const laughs =
      `<?xml version="1.0"?><!DOCTYPE x:sst [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>` +
      `<x:sst ${NS}><x:si><x:t>&c;</x:t></x:si></x:sst>`;
    const sheet = `<x:worksheet ${NS}><x:sheetData><x:row><x:c t="s"><x:v>0</x:v></x:c><x:c><x:v>1</x:v></x:c></x:row><x:row><x:c><x:v>2</x:v></x:c><x:c><x:v>3</x:v></x:c></x:row></x:sheetData></x:worksheet>`;
    for (const sst of [xxe, laughs]) {
      const err = await streamCsv(await rawBook(sheet, { sst })).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FileProblem);
      expect((err as Error).message).toContain('Excel 文件已损坏');
      expect((err as Error).message).not.toContain('TOP-SECRET');
    }
  });

  it('refuses rows out of order and malformed XML with a message, never a crash', async () => {
    const backwards = `<x:worksheet ${NS}><x:sheetData><x:row r="5"><x:c><x:v>1</x:v></x:c></x:row><x:row r="2"><x:c><x:v>2</x:v></x:c></x:row></x:sheetData></x:worksheet>`;
    await expect(streamCsv(await rawBook(backwards))).rejects.toThrow('行顺序异常');
    const broken = `<x:worksheet ${NS}><x:sheetData><x:row><x:c><x:v>1</x:c></x:row></x:sheetData></x:worksheet>`;
    await expect(streamCsv(await rawBook(broken))).rejects.toBeInstanceOf(FileProblem);
    const noSheet = await rawBook('', { workbook: `<x:workbook ${NS}><x:sheets/></x:workbook>` });
    await expect(streamCsv(noSheet)).rejects.toThrow('Excel 文件中没有工作表');
  });
});
