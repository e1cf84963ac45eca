// Issue 15 item 21: one user's big workbook must not block everyone's uploads. A workbook whose
// sheet XML is several times the ingest worker's heap is read in bounded memory, and while it is
// being ingested another user's tiny CSV goes through, while the same user cannot pile up more uploads.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../test/account-flows.js';
import { bigWorkbook } from '../test/big-workbook.js';
import { upload, uploadOk } from '../test/files.js';
import { startTestApp, type TestApp } from '../test/harness.js';

const ROWS = 100_000;
const COLS = 15;

let t: TestApp;
let alice: string;
let bob: string;
let big: Buffer;

beforeAll(async () => {
  t = await startTestApp({ INGEST_CONCURRENCY: '1', INGEST_USER_PENDING: '1' });
  alice = (await register(t, '13800000021')).token;
  bob = (await register(t, '13800000022')).token;
  big = bigWorkbook(ROWS, COLS);
}, 120_000);
afterAll(async () => t?.close());

/** Files the ingest of an upload has written so far (its scratch folder holds more than the original). */
function ingestStarted(root: string): boolean {
  const walk = (dir: string): boolean =>
    fs.readdirSync(dir, { withFileTypes: true }).some((e) => {
      if (e.isDirectory()) return walk(path.join(dir, e.name));
      return e.name !== 'original' && e.name !== '.alive';
    });
  return fs.existsSync(root) && walk(root);
}

async function until(cond: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function expectBigFile(token: string, res: Awaited<ReturnType<typeof upload>>): Promise<void> {
  expect(res.body.msg, JSON.stringify(res.body)).toBe('上传成功');
  expect(res.body.data).toMatchObject({ rows: ROWS, cols: COLS });
  const page = await t.call('GET', `/v2/datamanager/detailfile?_fid=${res.body.data._fid}&page=1000&page_size=100`, { token });
  expect(page.body.data.total).toBe(ROWS);
  expect(page.body.data.rows[0].slice(0, 4)).toEqual(['变量1', '变量2', '变量3', '变量4']);
  expect(page.body.data.rows[100][0]).toBe(ROWS);
  expect(page.body.data.rows[100][2]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
}

describe('fair uploads', () => {
  it('lets another user’s tiny CSV through while a big workbook is being ingested; its owner cannot pile up more uploads meanwhile', async () => {
    let aliceDone = false;
    const aliceUpload = upload(t, alice, '大表.xlsx', big).finally(() => {
      aliceDone = true;
    });
    // Alice's workbook holds an ingest slot once its conversion has written something.
    await until(() => ingestStarted(path.join(t.dataDir, 'tmp')) || aliceDone, 120_000);
    expect(aliceDone).toBe(false);

    const small = await uploadOk(t, bob, 'b.csv', Buffer.from('x,y\n1,2\n'));
    expect(small).toMatchObject({ rows: 1, cols: 2 });
    // Bob's file went through while Alice's was still being read.
    expect(aliceDone).toBe(false);

    // Alice may not pile up uploads meanwhile; Bob still can upload.
    const second = await upload(t, alice, 'a2.csv', Buffer.from('x\n1\n'));
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ code: 429 });
    expect(second.body.msg).toContain('正在上传或读取');

    await expectBigFile(alice, await aliceUpload);
    // Once her upload is done, Alice may upload again.
    await uploadOk(t, alice, 'a3.csv', Buffer.from('x\n1\n'));
  }, 300_000);
});

describe('bounded memory', () => {
  it('reads a workbook whose sheet XML is several times the ingest worker’s heap', async () => {
    // About 45 MB of XML and 1.5 million cells: as one workbook object in memory that is far
    // beyond 96 MB; streamed, the worker needs a fraction of it.
    const small = await startTestApp({ INGEST_WORKER_HEAP_MB: '96' });
    try {
      const token = (await register(small, '13800000023')).token;
      const res = await upload(small, token, '大表.xlsx', big);
      expect(res.body.msg, JSON.stringify(res.body)).toBe('上传成功');
      expect(res.body.data).toMatchObject({ rows: ROWS, cols: COLS });
    } finally {
      await small.close();
    }
  }, 300_000);
});
