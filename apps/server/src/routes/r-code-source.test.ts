// Issue 15 item 7: the reproducible R code must read the user's own upload — a GBK file with
// fileEncoding = "GB18030", a semicolon file with sep = ";" — not assume UTF-8 and commas.
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../test/account-flows.js';
import { uploadOk } from '../test/files.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { submitBody } from '../test/tool-flows.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = (await register(t, '13800000711')).token;
}, 60_000);
afterAll(async () => t?.close());

async function scriptOf(filename: string, bytes: Buffer): Promise<string> {
  const f = await uploadOk(t, token, filename, bytes);
  const r = await t.call('POST', '/anatools/v2', { token, body: submitBody(f._fid, { vars: ['身高'], group: '', level: 0.95, decimals: 2 }, 1001) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const report = (await t.app.inject({ method: 'GET', url: `/reports/${r.body.data.reportid}/report.json`, headers: { 'x-csrftoken': token } })).json();
  const block = report.sections.flatMap((s: any) => s.blocks).find((b: any) => b.type === 'code');
  return block.code as string;
}

describe('R code reads the file as uploaded', () => {
  const rows = ['组别,身高', '甲,170', '乙,165', '甲,172', '乙,160'];

  it('GBK upload: fileEncoding = "GB18030", and the report says so', async () => {
    const code = await scriptOf('gbk.csv', iconv.encode(rows.join('\r\n'), 'gbk'));
    expect(code).toContain('read.csv("gbk.csv", fileEncoding = "GB18030"');
    expect(code).not.toContain('fileEncoding = "UTF-8"');
    expect(code).toContain('GBK/GB18030');
  });

  it('semicolon-separated UTF-8 upload: sep = ";"', async () => {
    const code = await scriptOf('semi.csv', Buffer.from(rows.map((r) => r.replace(',', ';')).join('\n')));
    expect(code).toContain('fileEncoding = "UTF-8", sep = ";"');
  });
});
