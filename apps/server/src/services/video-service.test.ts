// The play-link signature, the video sniffer and the Range reader, without a server.
import { describe, expect, it } from 'vitest';
import { VideoSigner, parseRange, sniffVideo } from './video-service.js';

const NOW = 1_700_000_000_000;
const signer = new VideoSigner(Buffer.from('k'.repeat(64)));
const exp = NOW / 1000 + 60;

describe('VideoSigner', () => {
  it('accepts its own psign until it expires', () => {
    const psign = signer.sign('a.mp4', exp);
    expect(psign).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(signer.verify('a.mp4', psign, NOW)).toBe(true);
    expect(signer.verify('a.mp4', psign, exp * 1000 - 1)).toBe(true);
    expect(signer.verify('a.mp4', psign, exp * 1000)).toBe(false);
  });

  it('refuses another file, a moved expiry, another key and garbage', () => {
    const psign = signer.sign('a.mp4', exp);
    const mac = psign.split('.')[1];
    expect(signer.verify('b.mp4', psign, NOW)).toBe(false);
    expect(signer.verify('a.mp4', `${exp + 1}.${mac}`, NOW)).toBe(false);
    expect(new VideoSigner(Buffer.from('j'.repeat(64))).verify('a.mp4', psign, NOW)).toBe(false);
    for (const bad of ['', mac, `${exp}.`, `${exp}.${mac}x`, `x${psign}`]) expect(signer.verify('a.mp4', bad, NOW)).toBe(false);
  });
});

describe('sniffVideo', () => {
  const box = (brand: string, size = 0x18) => Buffer.concat([Buffer.from([0, 0, 0, size]), Buffer.from(`ftyp${brand}`), Buffer.alloc(12)]);
  it('knows MP4 by its ftyp box and WebM by its EBML DocType', () => {
    expect(sniffVideo(box('isom'))).toBe('video/mp4');
    expect(sniffVideo(box('mp42'))).toBe('video/mp4');
    const ebml = (docType: string) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x80 | docType.length]), Buffer.from(docType), Buffer.alloc(20)]);
    expect(sniffVideo(ebml('webm'))).toBe('video/webm');
    expect(sniffVideo(ebml('matroska'))).toBeNull();
  });
  it('refuses images with an ftyp box, broken boxes and other files', () => {
    expect(sniffVideo(box('heic'))).toBeNull();
    expect(sniffVideo(box('avif'))).toBeNull();
    expect(sniffVideo(box('isom', 4))).toBeNull();
    expect(sniffVideo(Buffer.from('ftyp'))).toBeNull();
    expect(sniffVideo(Buffer.from('<html><body>ftypisom</body></html>'))).toBeNull();
    expect(sniffVideo(Buffer.alloc(0))).toBeNull();
  });
});

describe('parseRange', () => {
  it('reads one range, open-ended or a suffix, clamped to the file', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });
  it('answers 416 past the end, and ignores what it cannot read', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    for (const h of [undefined, '', 'bytes=-', 'bytes=5-3', 'bytes=0-1,5-6', 'items=0-1', 'bytes=a-b']) expect(parseRange(h, 1000)).toBeNull();
  });
});
