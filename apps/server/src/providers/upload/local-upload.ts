// The local upload provider: instead of cloud credentials, the browser gets a short-lived URL on
// this server, signed (HMAC-SHA256) over the user, the key prefix and the expiry, so only that user
// can upload there, only under that prefix, and only until it expires.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface UploadGrant {
  userId: number;
  prefix: string;
  /** Expiry, epoch seconds. */
  exp: number;
}

export class LocalUploadSigner {
  constructor(private readonly secret: Buffer) {}

  sign(g: UploadGrant): string {
    return createHmac('sha256', this.secret).update(`labstat-upload\n${g.userId}\n${g.prefix}\n${g.exp}`).digest('base64url');
  }

  verify(g: UploadGrant, sig: string): boolean {
    const want = Buffer.from(this.sign(g));
    const got = Buffer.from(sig);
    return got.length === want.length && timingSafeEqual(got, want);
  }
}

/**
 * The signing key: UPLOAD_SECRET when set, else DATA_DIR/upload-secret, created once with 32 random
 * bytes (readable by the server's user only). Instances sharing DATA_DIR race safely: the first
 * write wins and everyone reads it.
 */
export function uploadSecret(configured: string | null, dataDir: string): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = path.join(dataDir, 'upload-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  if (text.length < 32) throw new Error(`${file} is damaged (shorter than 32 characters): delete it to make a new upload key`);
  return Buffer.from(text, 'utf8');
}

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** The image type by its first bytes (never by name or declared type); null for anything else. */
export function sniffImage(b: Buffer): ImageType | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}
