// Issue 15 item 22: temporary files of uploads interrupted by a crash are removed when a server
// starts, but never what another live instance sharing the data folder is still working on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { register } from '../test/account-flows.js';
import { uploadOk } from '../test/files.js';
import { startTestApp, type TestApp } from '../test/harness.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-sweep-'));
const tmp = path.join(dataDir, 'tmp');
let t: TestApp | undefined;
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Writes `bytes` bytes at `rel` under tmp/, dated `ageMs` ago. */
function leftover(rel: string, bytes: number, ageMs: number): void {
  const file = path.join(tmp, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.alloc(bytes, 0x31));
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
  fs.utimesSync(path.dirname(file), when, when);
}

const MIN = 60_000;

describe('temporary upload files at start', () => {
  it('removes what crashed instances left and keeps what live instances are writing', async () => {
    // An older build's folders (no heartbeat): one untouched for hours, one still being written.
    leftover('up-crashed/original', 2_000_000, 3 * 60 * MIN);
    leftover('up-crashed/data.csv', 500_000, 3 * 60 * MIN);
    leftover('up-writing/original', 1000, 0);
    // An instance that died: its heartbeat stopped ten minutes ago.
    leftover('i-dead/.alive', 10, 10 * MIN);
    leftover('i-dead/up-a1/original', 3_000_000, 10 * MIN);
    // A live instance: fresh heartbeat, an upload that has been waiting for a while.
    leftover('i-live/up-b2/original', 1000, 2 * 60 * MIN);
    leftover('i-live/.alive', 10, 0);

    t = await startTestApp({ DATA_DIR: dataDir });
    const left = fs.readdirSync(tmp).sort();
    expect(left).not.toContain('up-crashed');
    expect(left).not.toContain('i-dead');
    expect(left).toEqual(expect.arrayContaining(['i-live', 'up-writing']));
    // This instance works in a folder of its own.
    const own = left.filter((n) => n.startsWith('i-') && n !== 'i-live' && n !== 'i-dead');
    expect(own).toHaveLength(1);
    expect(left.filter((n) => n !== own[0])).toEqual(['i-live', 'up-writing']);
    expect(fs.existsSync(path.join(tmp, 'i-live', 'up-b2', 'original'))).toBe(true);
    // Uploads work there and leave nothing behind.
    const token = (await register(t, '13800000041')).token;
    await uploadOk(t, token, 'a.csv', Buffer.from('x\n1\n'));
    expect(fs.readdirSync(path.join(tmp, own[0]!))).toEqual(['.alive']);

    // A clean shutdown removes this instance's folder.
    await t.close();
    t = undefined;
    expect(fs.readdirSync(tmp).sort()).toEqual(['i-live', 'up-writing']);
  }, 60_000);
});
