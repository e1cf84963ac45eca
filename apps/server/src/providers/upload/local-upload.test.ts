import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalUploadSigner, sniffImage, uploadSecret } from './local-upload.js';
import { uploadSettings } from './upload-settings.js';

describe('upload settings', () => {
  it('defaults to the local provider, 10 minutes, no configured secret', () => {
    expect(uploadSettings({})).toEqual({ provider: 'local', secret: null, urlMinutes: 10, bucket: null });
  });
  it('refuses an unknown provider, a short secret and a bad duration', () => {
    expect(() => uploadSettings({ UPLOAD_PROVIDER: 'oss' })).toThrow(/UPLOAD_PROVIDER/);
    expect(() => uploadSettings({ UPLOAD_SECRET: 'short' })).toThrow(/UPLOAD_SECRET/);
    expect(() => uploadSettings({ UPLOAD_URL_MINUTES: '0' })).toThrow(/UPLOAD_URL_MINUTES/);
    expect(uploadSettings({ UPLOAD_URL_MINUTES: '3', UPLOAD_SECRET: 'x'.repeat(32) })).toMatchObject({ urlMinutes: 3, secret: 'x'.repeat(32) });
  });
});

describe('upload secret and signatures', () => {
  it('creates the data-folder key once and reads the same one back', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-upload-'));
    try {
      const a = uploadSecret(null, dir);
      const b = uploadSecret(null, dir);
      expect(a.equals(b)).toBe(true);
      expect(fs.statSync(path.join(dir, 'upload-secret')).mode & 0o077).toBe(0);
      expect(uploadSecret('y'.repeat(40), dir).equals(a)).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('verifies only the signed user, prefix and expiry, under the same key', () => {
    const s = new LocalUploadSigner(Buffer.from('k'.repeat(32)));
    const g = { userId: 7, prefix: 'clutter/', exp: 1_900_000_000 };
    const sig = s.sign(g);
    expect(s.verify(g, sig)).toBe(true);
    expect(s.verify({ ...g, userId: 8 }, sig)).toBe(false);
    expect(s.verify({ ...g, prefix: 'other/' }, sig)).toBe(false);
    expect(s.verify({ ...g, exp: g.exp + 1 }, sig)).toBe(false);
    expect(new LocalUploadSigner(Buffer.from('j'.repeat(32))).verify(g, sig)).toBe(false);
    expect(s.verify(g, '')).toBe(false);
  });
});

describe('sniffImage', () => {
  it('knows PNG, JPEG, GIF and WebP by their first bytes, and nothing else', () => {
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('GIF87a'))).toBe('image/gif');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBP'))).toBe('image/webp');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});
