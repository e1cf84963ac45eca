import { ProcessingPaths } from '@labstat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../test/account-flows.js';
import { uploadOk } from '../test/files.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
let token: string;
let other: string;
beforeAll(async () => {
  t = await startTestApp();
  token = (await register(t, '13900000021')).token;
  other = (await register(t, '13900000022')).token;
});
afterAll(() => t.close());

const CSV = `编号,性别,年龄,血糖
1,男,34,5.6
2,女,NA,6.1
3,女,45,未测
4,男,52,7.8
5,,61,5.2
`;

describe('data processing over HTTP', () => {
  it('lists methods, fills the form from the file, makes a new file, records a task with its report', async () => {
    const list = await t.call('GET', ProcessingPaths.list);
    expect(list.body.code).toBe(200);
    const sort = (list.body.data as Array<{ id: number; toolname: string }>).find((m) => m.toolname === '排序')!;
    expect(sort.id).toBe(5001);

    const file = await uploadOk(t, token, '体检数据.csv', Buffer.from(CSV));
    const rule = await t.call('GET', `${ProcessingPaths.paramsRule}?processId=5001&_fid=${file._fid}`, { token });
    const by = (rule.body.data as Array<{ filed: string; option: Array<{ value: string }> }>).find((f) => f.filed === 'by')!;
    expect(by.option.map((o) => o.value)).toEqual(['编号', '性别', '年龄', '血糖']);
    // Another user's file is not theirs to process.
    expect((await t.call('GET', `${ProcessingPaths.paramsRule}?processId=5001&_fid=${file._fid}`, { token: other })).body.code).not.toBe(200);

    const done = await t.call('POST', ProcessingPaths.submit, { token, body: { processId: 5001, file: file._fid, form: { by: '年龄', order: 'desc' } } });
    expect(done.body.code, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.filename).toBe('体检数据_排序.csv');
    const page = await t.call('GET', `/v2/datamanager/detailfile?_fid=${done.body.data._fid}&page=1&page_size=100`, { token });
    expect(page.body.data.rows.slice(1).map((r: unknown[]) => String(r[0]))).toEqual(['5', '4', '3', '1', '2']);
    // The original is unchanged.
    const orig = await t.call('GET', `/v2/datamanager/detailfile?_fid=${file._fid}&page=1&page_size=100`, { token });
    expect(orig.body.data.rows.slice(1).map((r: unknown[]) => String(r[0]))).toEqual(['1', '2', '3', '4', '5']);

    const tasks = await t.call('GET', '/user/task/tool?status=&page=1&limit=15', { token });
    expect(tasks.body.data.task_list[0]).toMatchObject({ toolid__toolname: '排序', toolid__id: 5001, status: '成功', report: done.body.data.report });
    const report = await t.app.inject({ method: 'GET', url: done.body.data.report, headers: { 'x-csrftoken': token } });
    expect(report.statusCode).toBe(200);
    expect(report.body).toContain('体检数据_排序.csv');
    expect(report.body).toContain('保持不变');
    // A processing report has no AI chat link (that would open a tool detail that does not exist).
    expect(report.body).not.toContain('data-testid="report-ai"');
  });

  it('refuses a bad choice without leaving a task, and asks for login', async () => {
    const file = await uploadOk(t, token, 'b.csv', Buffer.from(CSV));
    const before = (await t.call('GET', '/user/task/tool?status=&page=1&limit=15', { token })).body.count;
    const bad = await t.call('POST', ProcessingPaths.submit, { token, body: { processId: 5001, file: file._fid, form: { by: '身高' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('不在数据文件中');
    const same = await t.call('POST', ProcessingPaths.submit, { token, body: { processId: 5001, file: file._fid, form: { by: '年龄', by2: '年龄' } } });
    expect(same.body.msg).toContain('不能与第一排序变量相同');
    expect((await t.call('GET', '/user/task/tool?status=&page=1&limit=15', { token })).body.count).toBe(before);
    expect((await t.call('POST', ProcessingPaths.submit, { body: { processId: 5001, file: file._fid, form: {} } })).body.code).not.toBe(200);
    expect((await t.call('GET', `${ProcessingPaths.manual}?processId=5001`)).body.data.manual).toContain('<h1>排序</h1>');
    expect((await t.call('GET', `${ProcessingPaths.video}?processId=5001`)).body.data).toEqual({ status: 0, signature: null });
    expect((await t.call('GET', `${ProcessingPaths.manual}?processId=5999`)).body.msg).toBe('数据处理方法不存在');
  });

  it('merges another of the user’s files by a key, listing only their own files as choices', async () => {
    const a = await uploadOk(t, token, '基线.csv', Buffer.from('编号,年龄\n1,34\n2,51\n3,47\n'));
    const b = await uploadOk(t, token, '随访.csv', Buffer.from('编号,血糖\n2,6.1\n3,7.2\n4,5.5\n'));
    await uploadOk(t, other, '别人的.csv', Buffer.from('编号,x\n1,2\n'));
    const rule = await t.call('GET', `${ProcessingPaths.paramsRule}?processId=5022&_fid=${a._fid}`, { token });
    const choices = (rule.body.data as Array<{ filed: string; option: Array<{ lable: string; value: string }> }>).find((f) => f.filed === 'other')!.option;
    expect(choices.map((o) => o.lable)).toContain('随访.csv');
    expect(choices.map((o) => o.lable)).not.toContain('别人的.csv');
    expect(choices.map((o) => o.value)).not.toContain(a._fid);

    const done = await t.call('POST', ProcessingPaths.submit, { token, body: { processId: 5022, file: a._fid, form: { other: b._fid, keys: ['编号'], how: 'left' } } });
    expect(done.body.code, JSON.stringify(done.body)).toBe(200);
    const page = await t.call('GET', `/v2/datamanager/detailfile?_fid=${done.body.data._fid}&page=1&page_size=100`, { token });
    expect(page.body.data.rows.map((r: unknown[]) => r.map((c) => (c === null ? '' : String(c))))).toEqual([
      ['编号', '年龄', '血糖'],
      ['1', '34', ''],
      ['2', '51', '6.1'],
      ['3', '47', '7.2'],
    ]);
    // Another user's file cannot be merged in by its id.
    const foreign = (await t.call('GET', '/v2/datamanager/filelist', { token: other })).body.data[0]._fid as string;
    const refused = await t.call('POST', ProcessingPaths.submit, { token, body: { processId: 5022, file: a._fid, form: { other: foreign, keys: ['编号'] } } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('所选的另一个数据文件不存在或已删除');
  });
});
