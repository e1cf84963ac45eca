// Issue 26 item 4: two API servers on one database and one S3 store, a user's consecutive requests
// landing on either — register, upload, submit, download, chat. Nothing a request needs may live in
// one server's memory. On PostgreSQL (CI's second pass) the servers share a PostgreSQL database; on
// SQLite they share the database file.
import { AccountMessages } from '@labstat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { uploadOk } from '../test/files.js';
import { startTestS3, type TestS3 } from '../test/s3-server.js';
import { submitBody, ttest } from '../test/tool-flows.js';

let s3: TestS3;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  s3 = await startTestS3('shared-store');
  const store = { S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey, S3_FORCE_PATH_STYLE: 'true' };
  a = await startTestApp(store);
  b = await startTestApp({ ...store, ...(a.config.databaseUrl ? { DATABASE_URL: a.config.databaseUrl } : { DATA_DIR: a.dataDir }) });
}, 120_000);
afterAll(async () => {
  await b?.app.close();
  await a?.close();
  await s3?.close();
});

const CSV = Buffer.from(
  '组别,收缩压\n' + Array.from({ length: 40 }, (_, i) => `${i % 2 ? '治疗组' : '对照组'},${120 + (i % 7) * 3 + (i % 2 ? -6 : 0)}`).join('\n') + '\n',
);

describe('a user across two API servers', () => {
  it('registers, uploads, analyses, downloads and chats with every other request on the other server', async () => {
    // QR login state: made on A, scanned on B, polled on A.
    const qr = await a.call('GET', '/login/wechat/get_qrcode');
    const scan = await b.call('POST', '/dev/wechat/scan', { body: { logkey: qr.body.data.logkey } });
    expect(scan.body.code).toBe(200);
    const openid = scan.body.data.openid as string;
    // The SMS code sent by A (its dev outbox) is checked by B.
    expect((await a.call('POST', '/smscode/', { body: { account: '13800138000' } })).body.code).toBe(200);
    const code = (await a.call('GET', '/dev/sms-outbox?account=13800138000')).body.data[0].code as string;
    const signup = await b.call('POST', '/v2/signup', { body: { account: '13800138000', smscode: code, password: 'secret123', checkPass: 'secret123', openid } });
    expect(signup.body.msg).toBe('注册成功');
    const token = signup.body.data.access_token as string;
    // The session made on B is known to A.
    expect((await a.call('GET', '/v2/user/profile', { token })).body.code).toBe(200);
    // Rate limits are shared: a second code at once, asked of B, is refused as on A.
    const again = await b.call('POST', '/smscode/', { body: { account: '13800138000' } });
    expect(again.body.msg).toBe(AccountMessages.smsTooSoon);

    // Upload on A (original and Parquet copy into S3), list and analyse on B.
    const file = await uploadOk(a, token, '两组血压.csv', CSV);
    const list = await b.call('GET', '/v2/datamanager/filelist?page=1&limit=20', { token });
    expect(JSON.stringify(list.body.data)).toContain(file._fid);
    const run = await b.call('POST', '/anatools/v2', { token, body: submitBody(file._fid, { ...ttest, y: '收缩压' }) });
    expect(run.body.msg, JSON.stringify(run.body)).toBe('修改成功');
    const { reportid, taskid } = run.body.data as { reportid: string; taskid: string };

    // The task and its report on A: result, report page, Word download.
    expect((await a.call('GET', `/anatools/v2/report?taskId=${taskid}`, { token })).body.data.status).toBe('成功');
    const page = await a.app.inject({ method: 'GET', url: `/reports/${reportid}`, headers: { 'x-csrftoken': token } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('t检验');
    const dl = await a.call('POST', '/anatools/v2/getresult', { token, body: { reportid } });
    const docx = await b.app.inject({ method: 'GET', url: dl.body.data.downloadPath, headers: { 'x-csrftoken': token } });
    expect(docx.statusCode).toBe(200);
    expect(docx.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');

    // The chat on A about the report made on B; its history read on B.
    const chat = await a.app.inject({
      method: 'POST',
      url: '/ai/v2/report/dialogue',
      headers: { 'x-csrftoken': token, 'content-type': 'application/json' },
      payload: { message: '这个结果说明了什么？', apiType: 'LabStat 解读', reportid, attachments: [] },
    });
    expect(chat.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(chat.body).toContain('data: [DONE]');
    const history = await b.call('GET', `/ai/v2/history?taskId=${taskid}`, { token });
    expect(JSON.stringify(history.body.data)).toContain('这个结果说明了什么？');

    // A payment: the order made on A, paid through B, polled on A and on B.
    const order = await a.call('POST', '/user/pay/', { token, body: { goods: 'vip_1m' } });
    expect(order.body.code, order.body.msg).toBe(200);
    const orderId = order.body.data.order as string;
    expect((await b.call('GET', `/user/pay/status/?order_id=${orderId}`, { token })).body.data).toEqual({ status: 'FAIL' });
    expect((await b.call('POST', '/dev/pay/simulate', { body: { order: orderId } })).body.code).toBe(200);
    const paidOnA = await a.call('GET', `/user/pay/status/?order_id=${orderId}`, { token });
    const paidOnB = await b.call('GET', `/user/pay/status/?order_id=${orderId}`, { token });
    expect(paidOnA.body).toEqual({ code: 200, msg: '支付成功', data: { status: 'SUCCESS' } });
    expect(paidOnB.body).toEqual(paidOnA.body);
    // Polled on both servers, paid once: one month.
    expect((await b.call('GET', '/v2/user/profile', { token })).body.data.vip_days).toBe(30);
    // Two cold servers (their first analysis, first Word export) on a busy machine.
  }, 180_000);
});
