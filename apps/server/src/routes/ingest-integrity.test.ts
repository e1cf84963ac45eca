// Issue 15 items 1–5 and 8 over the real app: every column of an uploaded file must come back as
// itself — in preview pages, in filevars and in a tool's input — whatever its name; files DuckDB
// used to refuse (quoted line breaks, thousands of columns) ingest; bad files are refused with a
// message that says what is wrong; and a file's name must agree with its content.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_COLUMNS } from '../ingest/ingest.js';
import { register } from '../test/account-flows.js';
import { upload, uploadOk, workbook } from '../test/files.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { submitBody, ttest } from '../test/tool-flows.js';

let t: TestApp;
let alice: string;

beforeAll(async () => {
  t = await startTestApp();
  alice = (await register(t, '13800000015')).token;
}, 60_000);
afterAll(async () => t?.close());

const detail = (fid: string, page = 1, size = 100) => t.call('GET', `/v2/datamanager/detailfile?_fid=${fid}&page=${page}&page_size=${size}`, { token: alice });
const filevars = async (fid: string) => (await t.call('GET', `/v2/datamanager/filevars?_fid=${fid}`, { token: alice })).body.data;

async function report(body: unknown): Promise<any> {
  const r = await t.call('POST', '/anatools/v2', { token: alice, body });
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  const json = await t.app.inject({ method: 'GET', url: `/reports/${r.body.data.reportid}/report.json`, headers: { 'x-csrftoken': alice } });
  return json.json();
}

/** Group means of an independent t-test report, from its descriptive table (group, n, mean, …). */
function groupMeans(rep: any): Record<string, number> {
  const tables = rep.sections.flatMap((s: any) => s.blocks).filter((b: any) => b.type === 'table');
  const desc = tables.find((b: any) => b.columns.includes('均值'));
  return Object.fromEntries(desc.rows.map((r: any[]) => [String(r[0]), Number(r[2])]));
}

const descriptive = (fid: string, vars: string[]) => submitBody(fid, { vars, group: '', decimals: 2 }, 1001);

describe('column names that differ only in case, width, normalisation, spacing, or collide with internals', () => {
  // Each numeric column holds row + offset, so any column read in place of another shows.
  const NFD = 'e\u0301';
  const columns: Array<{ header: string; name: string; offset: number }> = [
    { header: 'a', name: 'a', offset: 0 },
    { header: 'A', name: 'A', offset: 1000 },
    { header: 'Ａ', name: 'Ａ', offset: 2000 },
    { header: 'b ', name: 'b', offset: 3000 },
    { header: 'b', name: 'b_2', offset: 4000 },
    { header: 'i', name: 'i', offset: 5000 },
    { header: 'I', name: 'I', offset: 6000 },
    { header: 'é', name: 'é', offset: 7000 },
    { header: NFD, name: 'é_2', offset: 8000 },
    { header: '__ROW', name: '__ROW', offset: 9000 },
    { header: '__row', name: '__row', offset: 10000 },
    { header: '__proto__', name: '__proto__', offset: 11000 },
    { header: 'constructor', name: 'constructor', offset: 12000 },
  ];
  const rows = 20;
  let fid = '';
  let notes: string[] = [];

  beforeAll(async () => {
    const lines = [['g', 'Group', 'group', ...columns.map((c) => c.header)].join(',')];
    for (let r = 1; r <= rows; r++) lines.push([r % 2 ? '甲' : '乙', r <= 10 ? 'P' : 'Q', r % 4 < 2 ? 'x' : 'y', ...columns.map((c) => r + c.offset)].join(','));
    const f = await uploadOk(t, alice, '同名列.csv', Buffer.from(lines.join('\n')));
    expect(f.cols).toBe(columns.length + 3);
    fid = f._fid;
    notes = f.notes;
  });

  it('renames only exact duplicates (after trimming and Unicode NFC), with notes', () => {
    expect(notes).toEqual(expect.arrayContaining(['列名“b”重复，第8列已改名为“b_2”', '列名“é”重复，第12列已改名为“é_2”']));
  });

  it('filevars lists every column under its own name with its own values', async () => {
    const v = await filevars(fid);
    expect(v.vars.map((x: any) => x.name)).toEqual(['g', 'Group', 'group', ...columns.map((c) => c.name)]);
    for (const c of columns) {
      expect(v.vars.find((x: any) => x.name === c.name), c.name).toMatchObject({ type: 'numeric', valid: rows, min: 1 + c.offset, max: rows + c.offset, mean: 10.5 + c.offset });
    }
    expect(v.vars.find((x: any) => x.name === 'Group').levels).toEqual([{ value: 'P', count: 10 }, { value: 'Q', count: 10 }]);
    expect(v.vars.find((x: any) => x.name === 'group').levels).toEqual([{ value: 'x', count: 10 }, { value: 'y', count: 10 }]);
  });

  it('preview pages show each column’s own values, including columns named __ROW and __row', async () => {
    const d = await detail(fid, 2, 5);
    expect(d.status).toBe(200);
    expect(d.body.data.total).toBe(rows);
    expect(d.body.data.rows[0]).toEqual(['g', 'Group', 'group', ...columns.map((c) => c.name)]);
    // Page 2 of 5 rows: rows 6…10.
    expect(d.body.data.rows.slice(1)).toEqual([6, 7, 8, 9, 10].map((r) => [r % 2 ? '甲' : '乙', 'P', r % 4 < 2 ? 'x' : 'y', ...columns.map((c) => r + c.offset)]));
  });

  it('a tool reads each column it is given: the t-test on A reports means near 1010', async () => {
    const rep = await report(submitBody(fid, { ...ttest, y: 'A', group: 'g' }));
    const means = groupMeans(rep);
    expect(means['甲']).toBeCloseTo(1010, 6);
    expect(means['乙']).toBeCloseTo(1011, 6);
    // Grouped by `Group` rather than `group`: P holds rows 1–10.
    const byGroup = groupMeans(await report(submitBody(fid, { ...ttest, y: 'i', group: 'Group' })));
    expect(byGroup).toEqual({ P: 5005.5, Q: 5015.5 });
  });

  it('descriptive statistics of all of them at once give each column’s own mean', async () => {
    const rep = await report(descriptive(fid, columns.map((c) => c.name)));
    for (const c of columns) expect(rep.results[`${c.name}.mean`], c.name).toBeCloseTo(10.5 + c.offset, 9);
  });
});

describe('quoted line breaks', () => {
  it('reads a quoted cell with LF or CRLF inside, and pads short rows in the same file', async () => {
    const lf = await uploadOk(t, alice, 'lf.csv', Buffer.from('id,note\n1,"a\nb"\n2,c\n'));
    expect((await detail(lf._fid)).body.data.rows).toEqual([['id', 'note'], [1, 'a\nb'], [2, 'c']]);
    const crlf = await uploadOk(t, alice, 'crlf.csv', Buffer.from('id,note\r\n1,"a\r\nb"\r\n2,c\r\n'));
    expect((await detail(crlf._fid)).body.data.rows).toEqual([['id', 'note'], [1, 'a\r\nb'], [2, 'c']]);
    const ragged = await uploadOk(t, alice, 'ragged.csv', Buffer.from('id,note,x\n1,"a\nb"\n2,c,3\n'));
    expect((await detail(ragged._fid)).body.data.rows).toEqual([['id', 'note', 'x'], [1, 'a\nb', null], [2, 'c', 3]]);
  });

  it('reads an xlsx whose header cell holds a line break', async () => {
    const buf = workbook((ws) => {
      ws['A1'] = { t: 's', v: '组\n别' };
      ws['B1'] = { t: 's', v: '值' };
      ws['A2'] = { t: 's', v: '甲' };
      ws['B2'] = { t: 'n', v: 1.5 };
      ws['A3'] = { t: 's', v: '乙\n丙' };
      ws['B3'] = { t: 'n', v: 2 };
      ws['!ref'] = 'A1:B3';
    }, 'xlsx');
    const f = await uploadOk(t, alice, '换行.xlsx', buf);
    expect((await detail(f._fid)).body.data.rows).toEqual([['组 别', '值'], ['甲', 1.5], ['乙\n丙', 2]]);
  });
});

describe('wide files', () => {
  it(`ingests 2,000 columns × 1,000 rows, every column in place`, async () => {
    const width = 2000;
    const height = 1000;
    // Column j: numeric (row·j) for odd j, categorical for even j.
    const cell = (r: number, j: number) => (j % 2 ? String(r * 10_000 + j) : `k${(r + j) % 3}`);
    const lines = [Array.from({ length: width }, (_, j) => `列${j}`).join(',')];
    for (let r = 1; r <= height; r++) lines.push(Array.from({ length: width }, (_, j) => cell(r, j)).join(','));
    const f = await uploadOk(t, alice, 'wide.csv', Buffer.from(lines.join('\n')));
    expect(f).toMatchObject({ rows: height, cols: width });
    const last = await detail(f._fid, 10);
    expect(last.body.code, JSON.stringify(last.body).slice(0, 300)).toBe(200);
    expect(last.body.data.rows[0]).toHaveLength(width);
    expect(last.body.data.rows[100]).toEqual(Array.from({ length: width }, (_, j) => (j % 2 ? height * 10_000 + j : cell(height, j))));
    const v = await filevars(f._fid);
    expect(v.vars[1999]).toMatchObject({ name: '列1999', type: 'numeric', valid: height, min: 10_000 + 1999, max: height * 10_000 + 1999 });
    expect(v.vars[1998]).toMatchObject({ name: '列1998', type: 'categorical', distinct: 3 });
    const rep = await report(descriptive(f._fid, ['列1', '列1999']));
    expect(rep.results['列1999.mean']).toBeCloseTo(500.5 * 10_000 + 1999, 6);
    expect(rep.results['列1.mean']).toBeCloseTo(500.5 * 10_000 + 1, 6);
  }, 180_000);

  it(`refuses a file wider than ${MAX_COLUMNS} columns, naming the limit`, async () => {
    const width = MAX_COLUMNS + 1;
    const csv = [Array.from({ length: width }, (_, j) => `c${j}`).join(','), Array.from({ length: width }, (_, j) => j).join(',')].join('\n');
    const r = await upload(t, alice, 'too-wide.csv', Buffer.from(csv));
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(`文件有 ${width} 列（第 1 行），超过了 ${MAX_COLUMNS} 列的上限；请删除不需要的列，或把数据拆成几个文件后上传`);
  }, 60_000);
});

describe('bad text files say what is wrong', () => {
  it('an unterminated quote names its line', async () => {
    const r = await upload(t, alice, 'quote.csv', Buffer.from('id,note\n1,ok\n2,"abc\n3,c\n4,d\n'));
    expect(r.body).toMatchObject({ code: 400 });
    expect(r.body.msg).toContain('第 3 行附近有一个引号（"）没有闭合');
  });

  it('random bytes are not text, even when they decode as GB18030', async () => {
    const bytes = Buffer.from(Array.from(crypto.randomBytes(3000), (b) => 0x80 | b));
    const r = await upload(t, alice, 'random.csv', bytes);
    expect(r.body).toMatchObject({ code: 400, msg: '文件内容是二进制文件，不是数据表：请上传 xlsx、xls 或 csv 文件' });
  });

  it('rows that cannot be parsed are named, not reported as a header-only file', async () => {
    const r = await upload(t, alice, 'broken.csv', Buffer.from('id,note\n1,"a"b\n2,"c"d\n'));
    expect(r.body.code).toBe(400);
    expect(r.body.msg).toContain('文件中的数据行都无法解析（第 2、3 行格式有误');
  });
});

describe('declared type and content', () => {
  const csv = Buffer.from('x,y\n1,2\n');
  const xlsx = workbook((ws) => {
    ws['A1'] = { t: 's', v: 'x' };
    ws['A2'] = { t: 'n', v: 1 };
    ws['!ref'] = 'A1:A2';
  }, 'xlsx');

  it('refuses a name that is not xlsx, xls or csv, as the upload area does', async () => {
    expect((await upload(t, alice, 'data.txt', csv)).body).toMatchObject({ code: 400, msg: '不支持 .txt 文件：只能上传 xlsx、xls、csv 格式的文件' });
    expect((await upload(t, alice, 'data.tsv', csv)).body).toMatchObject({ code: 400, msg: '不支持 .tsv 文件：只能上传 xlsx、xls、csv 格式的文件' });
    expect((await upload(t, alice, 'data', csv)).body).toMatchObject({ code: 400, msg: '文件名没有扩展名：只能上传 xlsx、xls、csv 格式的文件' });
  });

  it('refuses content that disagrees with the name, saying both', async () => {
    expect((await upload(t, alice, 'data.xlsx', csv)).body.msg).toBe('文件扩展名为 .xlsx，但内容是文本（CSV）：请把扩展名改为 .csv 后重新上传，或用 Excel 另存为 .xlsx 文件');
    expect((await upload(t, alice, 'data.xls', xlsx)).body.msg).toBe(
      '文件扩展名为 .xls，但内容是Excel 工作簿（xlsx）：请把扩展名改为 .xlsx 后重新上传，或用 Excel 另存为 .xls 文件',
    );
    expect((await upload(t, alice, 'data.csv', xlsx)).body.code).toBe(400);
    // Upper-case extensions are the same type.
    expect((await uploadOk(t, alice, 'DATA.CSV', csv)).rows).toBe(1);
  });
});

describe('files ingested before positional columns (layout 1)', () => {
  /** Replaces a file's Parquet copy by one written as ingest wrote it before: columns under the users' names. */
  async function writeLayout1(fid: string, columns: Array<{ name: string; values: number[] | string[] }>) {
    const target = path.join(t.dataDir, 'store', 'files', fid, 'data.parquet');
    const n = columns[0]!.values.length;
    const instance = await DuckDBInstance.create(':memory:');
    const con = await instance.connect();
    const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
    const cols = columns.map((c) => `${typeof c.values[0] === 'number' ? `([${c.values.join(', ')}]::DOUBLE[])` : `([${(c.values as string[]).map(q).join(', ')}])`}[i] AS "${c.name.replace(/"/g, '""')}"`);
    try {
      await con.run(`COPY (SELECT i::BIGINT AS __row, ${cols.join(', ')} FROM range(1, ${n + 1}) r(i) ORDER BY i) TO ${q(target + '.tmp')} (FORMAT parquet)`);
    } finally {
      con.closeSync();
      instance.closeSync();
    }
    fs.renameSync(target + '.tmp', target);
  }

  it('keep previewing and analysing; a name DuckDB renamed is refused, not read from the wrong column', async () => {
    const g = Array.from({ length: 20 }, (_, r) => (r % 2 ? '乙' : '甲'));
    const a = Array.from({ length: 20 }, (_, r) => r + 1);
    const big = a.map((x) => x + 1000);
    const csv = ['g,a,A', ...g.map((x, r) => `${x},${a[r]},${big[r]}`)].join('\n');
    // Uploaded and then given the old layout before anything reads it.
    const f = await uploadOk(t, alice, 'old.csv', Buffer.from(csv));
    await writeLayout1(f._fid, [
      { name: 'g', values: g },
      { name: 'a', values: a },
      { name: 'A', values: big },
    ]);
    const d = await detail(f._fid, 1, 2);
    expect(d.body.data.rows).toEqual([['g', 'a', 'A'], ['甲', 1, 1001], ['乙', 2, 1002]]);
    expect(groupMeans(await report(submitBody(f._fid, { ...ttest, y: 'a', group: 'g' })))).toEqual({ 甲: 10, 乙: 11 });
    const refused = await t.call('POST', '/anatools/v2', { token: alice, body: submitBody(f._fid, { ...ttest, y: 'A', group: 'g' }) });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('请重新上传该文件');

    // An old file without such names reads as before.
    const plain = await uploadOk(t, alice, 'old-plain.csv', Buffer.from(['组,值', ...g.map((x, r) => `${x},${big[r]}`)].join('\n')));
    await writeLayout1(plain._fid, [
      { name: '组', values: g },
      { name: '值', values: big },
    ]);
    expect((await detail(plain._fid, 2, 10)).body.data.rows[10]).toEqual(['乙', 1020]);
    expect(groupMeans(await report(submitBody(plain._fid, { ...ttest, y: '值', group: '组' })))).toEqual({ 甲: 1010, 乙: 1011 });
  });
});
