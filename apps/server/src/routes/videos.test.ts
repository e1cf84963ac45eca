// Tool videos end to end: attached with the ops CLI, announced by the video call, played with byte
// ranges through the signed link, refused when forged, expired or cleared.
import fs from 'node:fs';
import path from 'node:path';
import { TOOLS } from '@labstat/tools';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runOps } from '../cli/ops.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

const toolId = TOOLS[0]!.definition.id;

async function ops(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const env = { DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', WEB_DIST: '', ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}) };
  const code = await runOps(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

/** A minimal MP4: an `ftyp` box, then a `free` box of patterned bytes to read ranges from. */
function tinyMp4(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp41')]);
  const payload = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7) % 256));
  const free = Buffer.concat([Buffer.alloc(4), Buffer.from('free'), payload]);
  free.writeUInt32BE(free.length, 0);
  return Buffer.concat([ftyp, free]);
}

const video = async () => (await t.call('GET', `/anatools/video?toolId=${toolId}`)).body;
const play = (fileId: string, psign: string, range?: string) =>
  t.app.inject({ method: 'GET', url: `/anatools/video/play/${fileId}?psign=${encodeURIComponent(psign)}`, headers: range ? { range } : {} });

describe('tool videos', () => {
  it('attaches an MP4 with the CLI, signs it, plays byte ranges, and clears it', async () => {
    expect(await video()).toMatchObject({ code: 200, data: { status: 0, signature: null } });

    const mp4 = tinyMp4();
    const file = path.join(t.dataDir, 'lesson.mp4');
    fs.writeFileSync(file, mp4);
    const set = await ops('video-set', String(toolId), file);
    expect(set.code).toBe(0);
    expect(fs.existsSync(file)).toBe(true); // the operator's file is copied, not moved

    const v = await video();
    expect(v.data.status).toBe(1);
    const { appId, fileId, psign } = v.data.signature;
    expect(appId).toBe('labstat');
    expect(fileId).toMatch(/^[0-9a-f]{32}\.mp4$/);
    expect(set.out[0]).toContain(fileId);

    const whole = await play(fileId, psign);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(mp4)).toBe(true);

    const head = await t.app.inject({ method: 'HEAD', url: `/anatools/video/play/${fileId}?psign=${encodeURIComponent(psign)}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(mp4.length));
    expect(head.rawPayload.length).toBe(0);

    const part = await play(fileId, psign, 'bytes=100-199');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${mp4.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(mp4.subarray(100, 200))).toBe(true);

    const tail = await play(fileId, psign, 'bytes=-24');
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(mp4.subarray(mp4.length - 24))).toBe(true);
    const open = await play(fileId, psign, 'bytes=1000-');
    expect(open.headers['content-range']).toBe(`bytes 1000-${mp4.length - 1}/${mp4.length}`);
    expect(open.rawPayload.equals(mp4.subarray(1000))).toBe(true);

    const beyond = await play(fileId, psign, `bytes=${mp4.length}-`);
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${mp4.length}`);

    // A forged signature, one for another file, and an expired one are all refused.
    const [exp, mac] = psign.split('.');
    const flipped = `${exp}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    expect((await play(fileId, flipped)).statusCode).toBe(403);
    expect((await play(fileId, `${Number(exp) + 3600}.${mac}`)).statusCode).toBe(403);
    expect((await play(fileId, '')).statusCode).toBe(403);
    expect((await play(`${'0'.repeat(32)}.mp4`, psign)).statusCode).toBe(403);
    t.clock.advance(5 * 60 * 60 * 1000);
    expect((await play(fileId, psign)).statusCode).toBe(403);
    const fresh = (await video()).data.signature.psign as string;
    expect((await play(fileId, fresh)).statusCode).toBe(200);

    const clear = await ops('video-clear', String(toolId));
    expect(clear.code).toBe(0);
    expect(await video()).toMatchObject({ data: { status: 0, signature: null } });
    // A still-valid link of a removed video no longer plays.
    expect((await play(fileId, fresh)).statusCode).toBe(404);
    expect(fs.readdirSync(path.join(t.dataDir, 'store', 'videos')).filter((d) => d === String(toolId))).toHaveLength(0);
  });

  it('replaces an earlier video and plays WebM with its own type', async () => {
    const a = path.join(t.dataDir, 'a.mp4');
    fs.writeFileSync(a, tinyMp4());
    expect((await ops('video-set', String(toolId), a)).code).toBe(0);
    const first = (await video()).data.signature;

    // EBML header with DocType "webm", then some bytes.
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]), Buffer.from('webm'), Buffer.alloc(200, 7)]);
    const b = path.join(t.dataDir, 'b.webm');
    fs.writeFileSync(b, webm);
    expect((await ops('video-set', String(toolId), b)).code).toBe(0);
    const second = (await video()).data.signature;
    expect(second.fileId).toMatch(/\.webm$/);
    const res = await play(second.fileId, second.psign);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/webm');
    expect(res.rawPayload.equals(webm)).toBe(true);
    expect((await play(first.fileId, first.psign)).statusCode).toBe(404);
  });

  it('refuses files that are not videos, unknown tools and bad arguments', async () => {
    const png = path.join(t.dataDir, 'x.mp4');
    fs.writeFileSync(png, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]));
    const r = await ops('video-set', String(toolId), png);
    expect(r.code).toBe(1);
    expect(r.err[0]).toContain('not an MP4 or WebM video');
    // An HEIF image has an ftyp box too.
    const heic = path.join(t.dataDir, 'photo.mp4');
    fs.writeFileSync(heic, Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(12)]));
    expect((await ops('video-set', String(toolId), heic)).code).toBe(1);
    expect((await ops('video-set', '999999', path.join(t.dataDir, 'x.mp4'))).code).toBe(1);
    expect((await ops('video-set', String(toolId), path.join(t.dataDir, 'missing.mp4'))).code).toBe(1);
    expect((await ops('video-set', String(toolId))).code).toBe(2);
    expect((await ops('video-clear', 'abc')).code).toBe(2);
    expect(await video()).toMatchObject({ data: { status: 0, signature: null } });
    expect(fs.readdirSync(path.join(t.dataDir, 'ops-tmp'))).toHaveLength(0);
  });
});
