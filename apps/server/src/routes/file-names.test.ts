// Issue 15 item 17: upload names lose control and bidi characters (U+202E would show
// `abc‮gpj.exe` as "abcexe.jpg"), are bounded with their extension kept, and every link the
// server hands out keeps working, including links to long names stored before the bound.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../test/account-flows.js';
import { uploadOk } from '../test/files.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { cleanFilename, MAX_FILENAME_CHARS } from '../services/file-service.js';

let t: TestApp;
let alice: string;

beforeAll(async () => {
  t = await startTestApp();
  alice = (await register(t, '13800000031')).token;
}, 60_000);
afterAll(async () => t?.close());

const CSV = Buffer.from('x,y\n1,2\n');
const download = (url: string, token = alice) => t.app.inject({ method: 'GET', url, headers: { 'x-csrftoken': token } });

describe('cleanFilename', () => {
  it('strips control, bidi, zero-width and separator characters', () => {
    expect(cleanFilename('abc\u202Egpj.exe')).toBe('abcgpj.exe');
    expect(cleanFilename('\u2066成绩\u2069\u200F\u200B表\uFEFF.csv')).toBe('成绩表.csv');
    expect(cleanFilename('a\u0085b\u00ADc\u2028d.csv')).toBe('abc d.csv');
    expect(cleanFilename('two\t\nlines  and   spaces .xlsx ')).toBe('two lines and spaces .xlsx');
    expect(cleanFilename('C:\\Users\\x\\数据.xls')).toBe('数据.xls');
    expect(cleanFilename('a"<b>|c*?:.csv')).toBe('abc.csv');
    expect(cleanFilename('\u202E\u200B')).toBe('data.csv');
  });

  it('bounds the length in characters and keeps the extension', () => {
    const long = cleanFilename(`${'数'.repeat(300)}.xlsx`);
    expect(Array.from(long)).toHaveLength(MAX_FILENAME_CHARS);
    expect(long.endsWith('数.xlsx')).toBe(true);
    // Astral characters are not cut in half.
    const emoji = cleanFilename(`${'😀'.repeat(150)}.csv`);
    expect(Array.from(emoji)).toHaveLength(MAX_FILENAME_CHARS);
    expect(emoji).toBe(`${'😀'.repeat(MAX_FILENAME_CHARS - 4)}.csv`);
    expect(cleanFilename('短名.csv')).toBe('短名.csv');
  });
});

describe('uploaded names', () => {
  it('shows no bidi override in the list, the download header or the link', async () => {
    const f = await uploadOk(t, alice, '成绩\u202Evsc.xlsx\u200B.csv', CSV);
    expect(f.filename).toBe('成绩vsc.xlsx.csv');
    const list = await t.call('GET', '/v2/datamanager/filelist', { token: alice });
    expect(list.body.data.find((x: { _fid: string }) => x._fid === f._fid).filename).toBe('成绩vsc.xlsx.csv');
    const dl = await download(f.downloadPath);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).not.toMatch(/%E2%80%AE|\u202E/i);
    expect(decodeURIComponent(f.downloadPath)).not.toContain('\u202E');
  });

  it('a 300-character name is bounded and its downloadPath answers', async () => {
    const f = await uploadOk(t, alice, `${'很长的文件名'.repeat(50)}.csv`, CSV);
    expect(Array.from(f.filename)).toHaveLength(MAX_FILENAME_CHARS);
    expect(f.filename.endsWith('.csv')).toBe(true);
    const dl = await download(f.downloadPath);
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toBe('x,y\n1,2\n');
  });

  it('links to long names made before the bound still work, and the name part never decides the file', async () => {
    const f = await uploadOk(t, alice, 'a.csv', CSV);
    const base = f.downloadPath.slice(0, f.downloadPath.lastIndexOf('/'));
    for (const name of [encodeURIComponent('数'.repeat(200) + '.csv'), 'x'.repeat(300), 'any/thing.csv']) {
      const dl = await download(`${base}/${name}`);
      expect(dl.statusCode, name).toBe(200);
      expect(dl.body).toBe('x,y\n1,2\n');
    }
    // Still only the owner's.
    const bob = (await register(t, '13800000032')).token;
    expect((await download(`${base}/${'x'.repeat(300)}`, bob)).statusCode).toBe(404);
  });
});
