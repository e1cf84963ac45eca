// Issue 15 item 6: finite data near the top of the double range must give finite answers or a
// message that names the problem — never a 500 from a NaN in the Report, never "方差都为0".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../test/account-flows.js';
import { uploadOk } from '../test/files.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { submitBody } from '../test/tool-flows.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = (await register(t, '13800000611')).token;
}, 60_000);
afterAll(async () => t?.close());

const reportJson = async (reportid: string) =>
  (await t.app.inject({ method: 'GET', url: `/reports/${reportid}/report.json`, headers: { 'x-csrftoken': token } })).json();

describe('extreme values', () => {
  const csv = ['g,x,c', 'a,1.7e308,5', 'b,-1.7e308,5', 'a,1.6e308,5', 'b,-1.5e308,5', 'a,1.65e308,5', 'b,-1.62e308,5'].join('\n');

  it('descriptive statistics name the overflow in a footnote instead of failing with 500', async () => {
    const f = await uploadOk(t, token, 'huge.csv', Buffer.from(csv));
    const r = await t.call('POST', '/anatools/v2', { token, body: submitBody(f._fid, { vars: ['x', 'c'], group: '', level: 0.95, decimals: 2 }, 1001) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const report = await reportJson(r.body.data.reportid);
    const table = report.sections[0].blocks[0];
    expect(table.footnotes.join('\n')).toContain('数值过大');
    // The constant column c: sd 0, skewness and kurtosis undefined (R: NaN), never a made-up 0.
    const c = table.rows.find((row: unknown[]) => row[0] === 'c');
    expect(c[5]).toBe(0);
    expect(c[12]).toBeNull();
    expect(c[13]).toBeNull();
    expect(report.results['c.skewness']).toBeNull();
    expect(report.results['c.kurtosis']).toBeNull();
  });

  it('the t-test says the numbers are too large, not that both variances are 0', async () => {
    const f = await uploadOk(t, token, 'huge2.csv', Buffer.from(csv));
    const r = await t.call('POST', '/anatools/v2', {
      token,
      body: submitBody(f._fid, { y: 'x', group: 'g', method: 'auto', alternative: 'two.sided', level: 0.95 }),
    });
    expect(r.status).toBe(400);
    expect(r.body.msg).toContain('数值过大');
    expect(r.body.msg).not.toContain('方差都为0');
  });

  it('huge but representable values give finite, scaled answers', async () => {
    const rows = ['x', ...[1, 2, 4, 8, 16].map((v) => `${v}e300`)];
    const f = await uploadOk(t, token, 'big.csv', Buffer.from(rows.join('\n')));
    const r = await t.call('POST', '/anatools/v2', { token, body: submitBody(f._fid, { vars: ['x'], group: '', level: 0.95, decimals: 2 }, 1001) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const report = await reportJson(r.body.data.reportid);
    // mean 6.2e300 and sd √37.2·1e300 (R gives sd = Inf here: its var() overflows before the root).
    expect(report.results['x.mean'] / 1e300).toBeCloseTo(6.2, 12);
    expect(report.results['x.sd'] / 1e300).toBeCloseTo(6.099180272790763, 12);
  });
});
