// Data files through the real API: uploads made by the tests (encodings, spreadsheets, bad files),
// then what preview and filevars return, ownership, deletion and downloads.
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileMessages, UPLOAD_LIMIT_BYTES } from '@labstat/contracts';
import { EXAMPLE_FILES } from '@labstat/tools';
import { register } from '../test/account-flows.js';
import { upload, uploadOk, workbook, zipBomb } from '../test/files.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
let alice: string;
let bob: string;

beforeAll(async () => {
  t = await startTestApp({ INGEST_MAX_UNZIPPED_MB: '40' });
  alice = (await register(t, '13800000001')).token;
  bob = (await register(t, '13800000002')).token;
}, 60_000);
afterAll(async () => t?.close());

const detail = (token: string, fid: string, page = 1, size = 100) =>
  t.call('GET', `/v2/datamanager/detailfile?_fid=${fid}&page=${page}&page_size=${size}`, { token });
const vars = (token: string, fid: string) => t.call('GET', `/v2/datamanager/filevars?_fid=${fid}`, { token });

describe('text files', () => {
  it('reads a GBK CSV with Chinese headers and values', async () => {
    const text = '姓名,性别,年龄,身高\r\n张三,男,45,172.5\r\n李四,女,NA,160\r\n王五,男,38,\r\n';
    const f = await uploadOk(t, alice, '病例资料.csv', iconv.encode(text, 'gbk'));
    expect(f).toMatchObject({ rows: 3, cols: 4, filename: '病例资料.csv' });
    expect(f.notes).toContain('文件编码为 GBK/GB18030，已转换为 UTF-8');
    const d = await detail(alice, f._fid);
    expect(d.body.data).toEqual({
      rows: [
        ['姓名', '性别', '年龄', '身高'],
        ['张三', '男', 45, 172.5],
        ['李四', '女', null, 160],
        ['王五', '男', 38, null],
      ],
      total: 3,
    });
    const v = await vars(alice, f._fid);
    expect(v.body.data.vars.map((x: any) => [x.name, x.type, x.valid, x.missing, x.distinct])).toEqual([
      ['姓名', 'categorical', 3, 0, 3],
      ['性别', 'categorical', 3, 0, 2],
      ['年龄', 'numeric', 2, 1, 2],
      ['身高', 'numeric', 2, 1, 2],
    ]);
    expect(v.body.data.str).toContain('年龄：数值型，有效 2，缺失 1，不同值 2；范围 38 ~ 45，均值 41.5');
    expect(v.body.data.str).toContain('性别：分类型，有效 3，缺失 0，不同值 2；2 个水平：男(2)、女(1)');
  });

  it('reads UTF-8 with BOM, UTF-16 and every missing-value marker', async () => {
    const text = 'id,值\n1,NA\n2,N/A\n3,NULL\n4,null\n5,.\n6,-\n7,\n8,3.5\n';
    const bom = await uploadOk(t, alice, 'bom.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]));
    const v = await vars(alice, bom._fid);
    expect(v.body.data.vars[0].name).toBe('id');
    expect(v.body.data.vars[1]).toMatchObject({ name: '值', type: 'numeric', valid: 1, missing: 7 });
    const u16 = await uploadOk(t, alice, 'u16.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf16le')]));
    expect(u16.notes[0]).toBe('文件编码为 UTF-16，已转换为 UTF-8');
    expect((await vars(alice, u16._fid)).body.data.vars[1]).toMatchObject({ name: '值', valid: 1, missing: 7 });
  });

  it('detects semicolon and tab delimiters and quoted fields', async () => {
    const semi = await uploadOk(t, alice, 'semi.csv', Buffer.from('a;b;c\n1;"x;y";2024-01-05\n2;z;2024/02/06\n'));
    expect(semi.notes).toContain('分隔符为分号');
    const d = await detail(alice, semi._fid);
    expect(d.body.data.rows).toEqual([
      ['a', 'b', 'c'],
      [1, 'x;y', '2024-01-05'],
      [2, 'z', '2024-02-06'],
    ]);
    expect((await vars(alice, semi._fid)).body.data.vars[2]).toMatchObject({ type: 'date', min: '2024-01-05', max: '2024-02-06' });
    const tab = await uploadOk(t, alice, 'tab.csv', Buffer.from('x\ty\n1\t2\n3\t4\n'));
    expect(tab.cols).toBe(2);
  });

  it('keeps ragged rows: short rows padded, long rows widen the table', async () => {
    const f = await uploadOk(t, alice, 'ragged.csv', Buffer.from('a,b,c\n1,2,3\n4,5\n6,7,8,9\n'));
    expect(f.cols).toBe(4);
    expect(f.notes).toContain('第 3 行的字段比表头少，缺少的值按缺失处理');
    expect(f.notes).toContain('第4列没有列名，已命名为“列4”');
    const d = await detail(alice, f._fid);
    expect(d.body.data.rows).toEqual([
      ['a', 'b', 'c', '列4'],
      [1, 2, 3, null],
      [4, 5, null, null],
      [6, 7, 8, 9],
    ]);
  });

  it('renames blank and duplicate headers with notes', async () => {
    const f = await uploadOk(t, alice, 'dup.csv', Buffer.from('组别,,组别,组别_2\nA,1,2,3\n'));
    expect((await detail(alice, f._fid)).body.data.rows[0]).toEqual(['组别', '列2', '组别_3', '组别_2']);
    expect(f.notes).toEqual(expect.arrayContaining(['第2列没有列名，已命名为“列2”', '列名“组别”重复，第3列已改名为“组别_3”']));
  });

  it('pages through a longer file in pages of 100', async () => {
    const lines = ['n,sq'];
    for (let i = 1; i <= 250; i++) lines.push(`${i},${i * i}`);
    const f = await uploadOk(t, alice, 'long.csv', Buffer.from(lines.join('\n')));
    const p3 = await detail(alice, f._fid, 3);
    expect(p3.body.data.total).toBe(250);
    expect(p3.body.data.rows).toHaveLength(51);
    expect(p3.body.data.rows[1]).toEqual([201, 40401]);
    expect(p3.body.data.rows[50]).toEqual([250, 62500]);
    const past = await detail(alice, f._fid, 9);
    expect(past.body.data.rows).toEqual([['n', 'sq']]);
  });
});

describe('spreadsheets', () => {
  it('reads an xlsx with a merged title, a two-row grouped header, dates and formulas', async () => {
    const buf = workbook((ws) => {
      ws['A1'] = { t: 's', v: '患者随访记录表' };
      ws['A2'] = { t: 's', v: '编号' };
      ws['B2'] = { t: 's', v: '血压' };
      ws['D2'] = { t: 's', v: '随访日期' };
      ws['B3'] = { t: 's', v: '收缩压' };
      ws['C3'] = { t: 's', v: '舒张压' };
      ws['A4'] = { t: 's', v: 'P1' };
      ws['B4'] = { t: 'n', v: 120 };
      ws['C4'] = { t: 'n', v: 80 };
      ws['D4'] = { t: 'd', v: new Date(Date.UTC(2024, 2, 15)) };
      ws['A5'] = { t: 's', v: 'P2' };
      ws['B5'] = { t: 'n', v: 140, f: 'B4+20' };
      ws['C5'] = { t: 'n', v: 90, f: 'C4+10' };
      ws['D5'] = { t: 'd', v: new Date(Date.UTC(2024, 3, 1)) };
      ws['!ref'] = 'A1:D5';
      ws['!merges'] = [
        { s: { r: 0, c: 0 }, e: { r: 0, c: 3 } },
        { s: { r: 1, c: 0 }, e: { r: 2, c: 0 } },
        { s: { r: 1, c: 1 }, e: { r: 1, c: 2 } },
        { s: { r: 1, c: 3 }, e: { r: 2, c: 3 } },
      ];
    }, 'xlsx', 1);
    const f = await uploadOk(t, alice, '随访.xlsx', buf);
    expect(f).toMatchObject({ rows: 2, cols: 4 });
    expect(f.notes).toEqual(
      expect.arrayContaining([
        '工作簿有 2 个工作表，已读取第一个工作表“数据”',
        '已跳过表头上方的标题行“患者随访记录表”',
        '检测到两行表头（第一行含合并的分组标题），列名已合并为“分组_列名”',
      ]),
    );
    const d = await detail(alice, f._fid);
    expect(d.body.data.rows).toEqual([
      ['编号', '血压_收缩压', '血压_舒张压', '随访日期'],
      ['P1', 120, 80, '2024-03-15'],
      ['P2', 140, 90, '2024-04-01'],
    ]);
    const v = await vars(alice, f._fid);
    expect(v.body.data.vars[3]).toMatchObject({ type: 'date', min: '2024-03-15', max: '2024-04-01' });
  });

  it('reads an old .xls (BIFF8) file and fills merged cells down', async () => {
    const buf = workbook((ws) => {
      ws['A1'] = { t: 's', v: '组别' };
      ws['B1'] = { t: 's', v: '数值' };
      ws['A2'] = { t: 's', v: '甲' };
      ws['B2'] = { t: 'n', v: 1.25 };
      ws['B3'] = { t: 'n', v: 2.5 };
      ws['A4'] = { t: 's', v: '乙' };
      ws['B4'] = { t: 'n', v: 3 };
      ws['!ref'] = 'A1:B4';
      ws['!merges'] = [{ s: { r: 1, c: 0 }, e: { r: 2, c: 0 } }];
    }, 'biff8');
    const f = await uploadOk(t, alice, 'old.xls', buf);
    const d = await detail(alice, f._fid);
    expect(d.body.data.rows).toEqual([
      ['组别', '数值'],
      ['甲', 1.25],
      ['甲', 2.5],
      ['乙', 3],
    ]);
  });

  it('refuses a decompression bomb and a zip that lies about its size', async () => {
    const honest = await upload(t, alice, 'bomb.xlsx', zipBomb('xl/workbook.xml', 48 * 1024 * 1024));
    expect(honest.body.code).toBe(400);
    expect(honest.body.msg).toContain('解压后超过 40MB');
    const liar = await upload(t, alice, 'liar.xlsx', zipBomb('xl/workbook.xml', 48 * 1024 * 1024, 1000));
    expect(liar.body.code).toBe(400);
    expect(liar.body.msg).toMatch(/Excel 文件已损坏|解压后超过/);
  });

  it('refuses a zip that is not a workbook', async () => {
    const r = await upload(t, alice, 'x.xlsx', zipBomb('readme.txt', 10));
    expect(r.body.msg).toBe('这是 zip 压缩包，不是 Excel 表格：请上传 xlsx、xls 或 csv 文件');
  });
});

describe('bad uploads', () => {
  it('refuses an empty file, a header without rows and a renamed PNG', async () => {
    expect((await upload(t, alice, 'empty.csv', Buffer.alloc(0))).body).toMatchObject({ code: 400, msg: '文件是空的，请检查后重新上传' });
    expect((await upload(t, alice, 'head.csv', Buffer.from('a,b,c\n'))).body).toMatchObject({ code: 400, msg: '文件只有表头，没有数据行' });
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    expect((await upload(t, alice, 'data.csv', png)).body).toMatchObject({ code: 400, msg: '文件内容是PNG 图片，不是数据表：请上传 xlsx、xls 或 csv 文件' });
    const bin = Buffer.from([0x00, 0x01, 0x02, 0x03, 0x41, 0x00, 0x00, 0x10]);
    expect((await upload(t, alice, 'data.csv', bin)).body.code).toBe(400);
  });

  it('refuses a file one byte over 200 MB with the spec message', async () => {
    const r = await upload(t, alice, 'big.csv', Buffer.alloc(UPLOAD_LIMIT_BYTES + 1, 0x31));
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: 413, msg: FileMessages.tooLarge });
  }, 60_000);

  it('asks for the file when the form has none, and needs a login', async () => {
    const boundary = 'b0undary';
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/v2/datamanager/uploadfile',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-csrftoken': alice },
    });
    expect(noFile.json().msg).toBe(FileMessages.noFile);
    const json = await t.call('POST', '/v2/datamanager/uploadfile', { token: alice, body: { file1: 'x' } });
    expect(json.body.code).toBe(400);
    expect((await upload(t, 'bad-token', 'a.csv', Buffer.from('a\n1\n'))).body.code).toBe(50008);
  });
});

describe('ownership, listing, deletion and downloads', () => {
  it('lists, downloads and deletes only the owner’s files', async () => {
    const f = await uploadOk(t, bob, '我的数据.csv', Buffer.from('x,y\n1,2\n'));
    const list = await t.call('GET', '/v2/datamanager/filelist', { token: bob });
    expect(list.body.data.map((x: any) => x._fid)).toEqual([f._fid]);
    expect(list.body.data[0]).toMatchObject({ filename: '我的数据.csv', rows: 1, cols: 2, size: 8, kind: 'csv', is_example: false });
    expect((await t.call('GET', '/v2/datamanager/filelist', { token: alice })).body.data.some((x: any) => x._fid === f._fid)).toBe(false);

    for (const r of [await detail(alice, f._fid), await vars(alice, f._fid), await t.call('DELETE', `/v2/datamanager/file/delete?_fid=${f._fid}`, { token: alice })]) {
      expect(r.body).toMatchObject({ code: 404, msg: FileMessages.notFound, data: null });
    }
    const stolen = await t.app.inject({ method: 'GET', url: f.downloadPath, headers: { 'x-csrftoken': alice } });
    expect(stolen.statusCode).toBe(404);

    const dl = await t.app.inject({ method: 'GET', url: f.downloadPath, headers: { 'x-csrftoken': bob } });
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toBe('x,y\n1,2\n');
    expect(dl.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('我的数据.csv')}`);
    expect(f.downloadPath.endsWith(encodeURIComponent('我的数据.csv'))).toBe(true);

    const del = await t.call('DELETE', `/v2/datamanager/file/delete?_fid=${f._fid}`, { token: bob });
    expect(del.body).toMatchObject({ code: 200, msg: '删除成功!' });
    expect((await detail(bob, f._fid)).body.code).toBe(404);
    expect((await t.call('GET', '/v2/datamanager/filelist', { token: bob })).body.data).toEqual([]);
  });

  it('serves example files to everyone and refuses to delete them', async () => {
    const ex = EXAMPLE_FILES[0]!;
    const row = await t.db.kysely.selectFrom('data_files').select('fid').where('example_key', '=', ex.key).executeTakeFirstOrThrow();
    const info = await t.call('GET', `/anatools/v2/example?_fid=${row.fid}`, { token: bob });
    expect(info.body.data.filename).toBe(ex.filename);
    const dl = await t.app.inject({ method: 'GET', url: info.body.data.downloadPath });
    expect(dl.statusCode).toBe(200);
    expect(dl.body.startsWith('编号,组别,性别')).toBe(true);
    const d = await detail(bob, row.fid);
    expect(d.body.data.total).toBe(120);
    expect((await vars(alice, row.fid)).body.data.vars.find((v: any) => v.name === '入组日期').type).toBe('date');
    const del = await t.call('DELETE', `/v2/datamanager/file/delete?_fid=${row.fid}`, { token: bob });
    expect(del.body).toMatchObject({ code: 403, msg: FileMessages.exampleReadOnly });
    // A user's file is not an example.
    const own = await uploadOk(t, bob, 'o.csv', Buffer.from('a\n1\n'));
    expect((await t.call('GET', `/anatools/v2/example?_fid=${own._fid}`, { token: bob })).body.code).toBe(404);
  });

  it('validates paging parameters', async () => {
    const r = await t.call('GET', '/v2/datamanager/detailfile?_fid=x&page=0', { token: alice });
    expect(r.body.code).toBe(400);
  });
});
