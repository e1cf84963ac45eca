// Issue 18: the s3/cos image-upload provider against a real S3-compatible server on loopback. The
// browser PUTs to a presigned URL of the bucket, then claims the upload; the server checks it as a
// local upload (2 MB, an image by its bytes), keeps it in its own store and clears the bucket copy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CommerceMessages, IMAGE_MAX_BYTES } from '@labstat/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploadSettings } from '../providers/upload/upload-settings.js';
import { register } from '../test/account-flows.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { startTestS3, type TestS3 } from '../test/s3-server.js';

const SECRET = 'bucket-secret-that-stays-on-the-server';
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>LabStat</title>');
let s3: TestS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startTestS3('uploads');
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});
beforeEach(async () => {
  t = await startTestApp({
    UPLOAD_PROVIDER: 's3',
    UPLOAD_S3_ENDPOINT: s3.endpoint,
    UPLOAD_S3_BUCKET: s3.bucket,
    UPLOAD_S3_ACCESS_KEY_ID: s3.accessKeyId,
    // s3rver does not recompute SigV4 signatures, so any secret passes; a distinct one shows it never leaves the server.
    UPLOAD_S3_SECRET_ACCESS_KEY: SECRET,
    UPLOAD_S3_FORCE_PATH_STYLE: 'true',
    WEB_DIST: webDist,
  });
});
afterEach(async () => {
  await t.close();
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size = 64) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 7)]);

interface Cred {
  provider: string;
  uploadUrl: string;
  key: string;
  prefix: string;
  startTime: number;
  expiredTime: number;
  credentials: { sessionToken: string; tmpSecretKey: string };
}
const credentials = async (token: string): Promise<Cred> => (await t.call('GET', '/qcloud/secretkey', { token })).body.data as Cred;
const putToBucket = (url: string, body: Buffer) => fetch(url, { method: 'PUT', body, headers: { 'Content-Type': 'image/png' } });
const claim = (token: string, c: Cred, over: Partial<{ key: string; exp: number; sig: string }> = {}) =>
  t.call('POST', '/uploads/claim', { token, body: { key: c.key, exp: c.expiredTime, sig: c.credentials.sessionToken, ...over } });
const inBucket = async (key: string) => (await fetch(`${s3.endpoint}/${s3.bucket}/${key}`, { method: 'HEAD' })).status;

describe('upload provider settings', () => {
  it('takes s3 and cos with their bucket, and names what is missing', () => {
    expect(() => uploadSettings({ UPLOAD_PROVIDER: 'oss' })).toThrow(/local, s3 or cos/);
    expect(() => uploadSettings({ UPLOAD_PROVIDER: 's3' })).toThrow(/UPLOAD_S3_BUCKET/);
    expect(() => uploadSettings({ UPLOAD_PROVIDER: 'cos', UPLOAD_S3_BUCKET: 'b-125' })).toThrow(/UPLOAD_S3_REGION/);
    const cos = uploadSettings({
      UPLOAD_PROVIDER: 'cos',
      UPLOAD_S3_REGION: 'ap-guangzhou',
      UPLOAD_S3_BUCKET: 'labstat-1250000000',
      UPLOAD_S3_ACCESS_KEY_ID: 'id',
      UPLOAD_S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(cos.bucket).toMatchObject({ endpoint: 'https://cos.ap-guangzhou.myqcloud.com', forcePathStyle: false, bucket: 'labstat-1250000000' });
    expect(() => uploadSettings({ UPLOAD_PROVIDER: 's3', UPLOAD_S3_ENDPOINT: 'ftp://x', UPLOAD_S3_BUCKET: 'b', UPLOAD_S3_ACCESS_KEY_ID: 'i', UPLOAD_S3_SECRET_ACCESS_KEY: 's' })).toThrow(
      /http\(s\) URL/,
    );
  });
});

describe('s3 image uploads', () => {
  it('a presigned PUT to the bucket, then a claim: the image is kept, served, and gone from the bucket', async () => {
    const { token } = await register(t, '13800138000');
    const c = await credentials(token);
    expect(c).toMatchObject({ provider: 's3', prefix: 'clutter/' });
    expect(c.key).toMatch(/^clutter\/[0-9a-f-]{36}$/);
    const url = new URL(c.uploadUrl);
    expect(url.origin).toBe(s3.endpoint);
    expect(url.pathname).toBe(`/${s3.bucket}/${c.key}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\//);
    // The secret key never leaves the server.
    expect(JSON.stringify(c)).not.toContain(SECRET);

    expect((await putToBucket(c.uploadUrl, png(500))).status).toBe(200);
    const r = await claim(token, c);
    expect(r.body).toMatchObject({ code: 200, msg: '上传成功' });
    const filePath = r.body.data.file_path as string;
    expect(filePath).toBe(`/uploads/files/${c.key}.png`);
    const served = await t.app.inject({ method: 'GET', url: filePath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png(500))).toBe(true);
    expect(await inBucket(c.key)).toBe(404);

    // A double click claims twice: the same file, not an error.
    expect((await claim(token, c)).body.data.file_path).toBe(filePath);
    // The kept image is the user's own: it can be the avatar.
    const upd = await t.call('POST', '/v2/user/profile/update', { token, body: { username: '张医生', new_avatar: filePath } });
    expect(upd.body.code).toBe(200);
  });

  it('refuses 2 MB + 1 byte and a non-image by their bytes, and clears them from the bucket', async () => {
    const { token } = await register(t, '13800138000');
    const big = await credentials(token);
    await putToBucket(big.uploadUrl, png(IMAGE_MAX_BYTES + 1));
    const rBig = await claim(token, big);
    expect(rBig.status).toBe(413);
    expect(rBig.body.msg).toBe('上传文件大小不能超过2M!');
    expect(await inBucket(big.key)).toBe(404);

    const exact = await credentials(token);
    await putToBucket(exact.uploadUrl, png(IMAGE_MAX_BYTES));
    expect((await claim(token, exact)).body.code).toBe(200);

    const text = await credentials(token);
    await putToBucket(text.uploadUrl, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    const rText = await claim(token, text);
    expect(rText.body).toMatchObject({ code: 400, msg: CommerceMessages.uploadNotImage });
    expect(await inBucket(text.key)).toBe(404);

    // Nothing was uploaded under this key.
    const none = await credentials(token);
    expect((await claim(token, none)).body).toMatchObject({ code: 400, msg: CommerceMessages.uploadFailed });
  });

  it("one user cannot claim another's upload, a forged or other key, or a claim after it expired", async () => {
    const { token } = await register(t, '13800138000');
    const { token: bob } = await register(t, '13800138001');
    const c = await credentials(token);
    await putToBucket(c.uploadUrl, png());
    expect((await claim(bob, c)).body).toMatchObject({ code: 403, msg: CommerceMessages.uploadExpired });
    expect((await claim(token, c, { sig: 'A'.repeat(43) })).body.msg).toBe(CommerceMessages.uploadExpired);
    expect((await claim(token, c, { exp: c.expiredTime + 3600 })).body.msg).toBe(CommerceMessages.uploadExpired);
    const other = await credentials(token);
    expect((await claim(token, c, { key: other.key })).body.msg).toBe(CommerceMessages.uploadExpired);
    expect((await claim(token, c, { key: `${c.key}/../x` })).body.msg).toBe(CommerceMessages.uploadExpired);
    // The PUT had 10 minutes and the claim as long again.
    t.clock.advance(20 * 60 * 1000 + 1000);
    expect((await claim(token, c)).body).toMatchObject({ code: 403, msg: CommerceMessages.uploadExpired });
    expect((await t.call('POST', '/uploads/claim', { body: { key: c.key, exp: c.expiredTime, sig: 'x' } })).status).toBe(401);
  });

  it('lets the app page send uploads to the bucket (connect-src), and only the page', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain(`connect-src 'self' ${s3.endpoint};`);
    const api = await t.app.inject({ method: 'GET', url: '/anatools/v2/class' });
    expect(String(api.headers['content-security-policy'])).not.toContain(s3.endpoint);
  });
});
