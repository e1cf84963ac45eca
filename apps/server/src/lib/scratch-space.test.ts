// Scratch folders shared by instances: a live instance's folder survives any sweep, a silent one goes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCRATCH_TIMING, ScratchSpace } from './scratch-space.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-scratch-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('ScratchSpace', () => {
  it('sweeps an instance only once its heartbeat is older than the stale limit', async () => {
    const a = new ScratchSpace(root);
    const b = new ScratchSpace(root);
    const work = await b.mkdtemp('up-');
    fs.writeFileSync(path.join(work, 'original'), 'x');
    const now = Date.now();
    expect(a.sweep(now + DEFAULT_SCRATCH_TIMING.staleMs - 5_000).removed).toEqual([]);
    expect(fs.existsSync(path.join(work, 'original'))).toBe(true);
    // b stopped beating: a removes it, and b's folder is gone with what it held.
    const swept = a.sweep(now + DEFAULT_SCRATCH_TIMING.staleMs + 5_000);
    expect(swept.removed).toEqual([path.basename(b.dir)]);
    expect(swept.bytes).toBeGreaterThan(0);
    expect(fs.existsSync(b.dir)).toBe(false);
    // Never its own folder.
    expect(fs.existsSync(a.dir)).toBe(true);
    a.close();
    expect(fs.existsSync(a.dir)).toBe(false);
  });

  it('keeps the heartbeat fresh while running', async () => {
    const c = new ScratchSpace(root, { ...DEFAULT_SCRATCH_TIMING, heartbeatMs: 20 });
    const beat = path.join(c.dir, '.alive');
    const old = new Date(Date.now() - 60 * 60_000);
    fs.utimesSync(beat, old, old);
    c.start(null);
    await new Promise((r) => setTimeout(r, 100));
    expect(Date.now() - fs.statSync(beat).mtimeMs).toBeLessThan(5_000);
    c.close();
  });
});
