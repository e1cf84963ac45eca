// A tool's new data file (ToolOutput.derivedData, issue 22: matched or weighted data): the chosen
// source rows in the tool's order — repeats allowed — with every source column, including columns
// the tool never read, then the tool's columns under names that do not meet the source's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../test/account-flows.js';
import { uploadOk } from '../test/files.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { freshNames, saveDerivedData } from './derived-data.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const CSV = '编号,组别,年龄,备注,得分\n1,A,50,"有逗号,的备注",1.5\n2,B,61,,2\n3,A,47,无,\n4,B,70,"引号""内",3.25\n';

describe('derived data files', () => {
  it('keeps every source column of the chosen rows, in order, then the new columns', async () => {
    const { token } = await register(t, '13900009101');
    const session = await t.services.sessions.authenticate(token);
    const file = await uploadOk(t, token, '队列.csv', Buffer.from(CSV));
    const source = await t.services.files.forAnalysis(session.userId, file._fid);
    const saved = await saveDerivedData(t.services.reader, t.services.files, session.userId, source, {
      suffix: 'PSM匹配',
      rows: [3, 0, 3, 1],
      columns: [
        { name: '得分', values: [0.5, null, 0.5, 0.25] },
        { name: '匹配组号', values: [1, 1, 2, 2] },
        { name: '说明', values: ['x,y', 'ok', null, '"q"'] },
      ],
    });
    expect(saved.filename).toBe('队列_PSM匹配.csv');
    expect(saved.rows).toBe(4);
    const page = await t.call('GET', `/v2/datamanager/detailfile?_fid=${saved._fid}&page=1&page_size=100`, { token });
    const [header, ...rows] = page.body.data.rows as unknown[][];
    expect(header).toEqual(['编号', '组别', '年龄', '备注', '得分', '得分_2', '匹配组号', '说明']);
    expect(rows.map((r) => r.map((v) => (v === null ? '' : String(v))))).toEqual([
      ['4', 'B', '70', '引号"内', '3.25', '0.5', '1', 'x,y'],
      ['1', 'A', '50', '有逗号,的备注', '1.5', '', '1', 'ok'],
      ['4', 'B', '70', '引号"内', '3.25', '0.5', '2', ''],
      ['2', 'B', '61', '', '2', '0.25', '2', '"q"'],
    ]);
  });

  it('refuses rows outside the file', async () => {
    const { token } = await register(t, '13900009102');
    const session = await t.services.sessions.authenticate(token);
    const file = await uploadOk(t, token, '队列.csv', Buffer.from(CSV));
    const source = await t.services.files.forAnalysis(session.userId, file._fid);
    await expect(saveDerivedData(t.services.reader, t.services.files, session.userId, source, { suffix: 'x', rows: [4], columns: [] })).rejects.toThrow(/outside/);
  });

  it('names new columns apart from the source, whatever the case', () => {
    expect(freshNames(['Score', '权重', '权重'], ['score', '权重_2'])).toEqual(['Score_2', '权重', '权重_3']);
  });
});
