// Avatar and free-plan screenshot uploads (spec 02 §3, §5, §7): credentials naming a signed,
// short-lived upload URL; the upload itself (≤ 2 MB, an image by its bytes); serving the files; and
// the ownership check other services use before accepting a file_path. With the s3/cos provider the
// browser PUTs to a presigned bucket URL and then claims the upload: the server reads it back, checks
// it exactly as a local upload, keeps it in the object store, and removes it from the bucket.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { CommerceMessages, CommercePaths, IMAGE_MAX_BYTES, type UploadCredentials } from '@labstat/contracts';
import { AppError, badRequest, notFound } from '../../errors.js';
import { ResultCode } from '@labstat/contracts';
import { randomToken } from '../../lib/crypto.js';
import { BucketUpload } from '../../providers/upload/bucket-upload.js';
import { LocalUploadSigner, sniffImage, uploadSecret, type ImageType } from '../../providers/upload/local-upload.js';
import type { ImagesRepo, UploadedImageRow } from '../../repositories/images-repo.js';
import type { CommerceDeps } from './deps.js';

/** Spec 02 §7: uploads go under this key prefix. */
export const UPLOAD_PREFIX = 'clutter/';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEY = new RegExp(`^clutter/${UUID}\\.(png|jpe?g|gif|webp)$`);
/** The bucket key of an s3/cos upload: chosen by the server, its extension by the bytes at claim time. */
const BUCKET_KEY = new RegExp(`^clutter/${UUID}$`);
const EXT: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };
/** Where the bytes live in the object store (beside data files, under their own folder). */
const storeKey = (key: string) => `images/${key}`;
const HOUR = 60 * 60 * 1000;

export interface PutQuery {
  uid: string;
  exp: string;
  sig: string;
  key: string;
}

export class UploadService {
  private signerCache: LocalUploadSigner | null = null;
  private bucketCache: BucketUpload | null = null;

  constructor(
    private readonly deps: CommerceDeps,
    private readonly images: ImagesRepo,
  ) {}

  /** The signing key is read (or created) on first use, so a server that never uploads never writes it. */
  private get signer(): LocalUploadSigner {
    this.signerCache ??= new LocalUploadSigner(uploadSecret(this.deps.config.uploads.secret, this.deps.config.dataDir));
    return this.signerCache;
  }

  private get bucket(): BucketUpload {
    const settings = this.deps.config.uploads.bucket;
    if (!settings) throw new AppError(ResultCode.forbidden, CommerceMessages.uploadExpired);
    this.bucketCache ??= new BucketUpload(settings);
    return this.bucketCache;
  }

  async credentials(userId: number): Promise<UploadCredentials> {
    await this.deps.limiter.reserve([{ key: `upload:cred:${userId}`, limit: 60, windowMs: HOUR, message: '上传过于频繁，请稍后再试' }]);
    const startTime = Math.floor(this.deps.now() / 1000);
    const expiredTime = startTime + this.deps.config.uploads.urlMinutes * 60;
    const provider = this.deps.config.uploads.provider;
    if (provider !== 'local') {
      // One key per credential, chosen here: the URL accepts that key only, and only this user can
      // claim it (the claim is signed over user, key and expiry).
      const key = `${UPLOAD_PREFIX}${randomUUID()}`;
      const sig = this.signer.sign({ userId, prefix: key, exp: expiredTime });
      return {
        credentials: { tmpSecretId: randomToken(12), tmpSecretKey: randomToken(24), sessionToken: sig },
        startTime,
        expiredTime,
        provider,
        uploadUrl: await this.bucket.putUrl(key, expiredTime - startTime),
        prefix: UPLOAD_PREFIX,
        key,
      };
    }
    const sig = this.signer.sign({ userId, prefix: UPLOAD_PREFIX, exp: expiredTime });
    const query = new URLSearchParams({ uid: String(userId), exp: String(expiredTime), sig });
    return {
      // COS-shaped for the client; the local provider needs no secret of its own, so these are
      // random and only the signed URL carries authority.
      credentials: { tmpSecretId: randomToken(12), tmpSecretKey: randomToken(24), sessionToken: sig },
      startTime,
      expiredTime,
      provider: 'local',
      uploadUrl: `${CommercePaths.localUpload}?${query.toString()}`,
      prefix: UPLOAD_PREFIX,
    };
  }

  /** A fresh key the client may use (it may also make its own: clutter/{uuid}.{ext}). */
  static newKey(ext: string): string {
    return `${UPLOAD_PREFIX}${randomUUID()}.${ext}`;
  }

  /** Takes the bytes of a signed upload; returns the path the file is served at. */
  async put(q: PutQuery, body: Buffer): Promise<{ file_path: string }> {
    const userId = Number(q.uid);
    const exp = Number(q.exp);
    if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(exp) || !this.signer.verify({ userId, prefix: UPLOAD_PREFIX, exp }, q.sig)) {
      throw new AppError(ResultCode.forbidden, CommerceMessages.uploadExpired);
    }
    if (exp * 1000 <= this.deps.now()) throw new AppError(ResultCode.forbidden, CommerceMessages.uploadExpired);
    if (!KEY.test(q.key)) throw badRequest('文件名不正确，请重新上传');
    return this.keep(userId, q.key, body);
  }

  /**
   * s3/cos: takes over an upload the user PUT to the bucket under the key of their credentials. A
   * repeated claim (a double click) answers the same file path; the bucket copy is removed once kept.
   */
  async claim(userId: number, q: { key: string; exp: number; sig: string }): Promise<{ file_path: string }> {
    if (!BUCKET_KEY.test(q.key) || !Number.isSafeInteger(q.exp) || !this.signer.verify({ userId, prefix: q.key, exp: q.exp }, q.sig)) {
      throw new AppError(ResultCode.forbidden, CommerceMessages.uploadExpired);
    }
    // The PUT had until `exp`; the claim that follows it gets as long again.
    if ((q.exp + this.deps.config.uploads.urlMinutes * 60) * 1000 <= this.deps.now()) throw new AppError(ResultCode.forbidden, CommerceMessages.uploadExpired);
    for (const ext of new Set(Object.values(EXT))) {
      const done = await this.images.byKey(`${q.key}.${ext}`);
      if (done?.user_id === userId) return { file_path: filePathOf(done.key) };
    }
    const size = await this.bucket.size(q.key);
    if (size === null) throw badRequest(CommerceMessages.uploadFailed);
    if (size > IMAGE_MAX_BYTES) {
      await this.bucket.remove(q.key);
      throw new AppError(ResultCode.payloadTooLarge, CommerceMessages.uploadTooLarge, 413);
    }
    const body = await this.bucket.bytes(q.key, IMAGE_MAX_BYTES);
    if (body === null) throw badRequest(CommerceMessages.uploadFailed);
    const type = body.length <= IMAGE_MAX_BYTES ? sniffImage(body) : null;
    if (!type) await this.bucket.remove(q.key);
    const kept = await this.keep(userId, `${q.key}.${type ? EXT[type] : 'png'}`, body);
    await this.bucket.remove(q.key).catch(() => undefined);
    return kept;
  }

  /** The checks every upload passes (size, an image by its bytes, a fresh key), then the store. */
  private async keep(userId: number, key: string, body: Buffer): Promise<{ file_path: string }> {
    if (body.length > IMAGE_MAX_BYTES) throw new AppError(ResultCode.payloadTooLarge, CommerceMessages.uploadTooLarge, 413);
    const type = sniffImage(body);
    if (!type) throw badRequest(CommerceMessages.uploadNotImage);
    await this.deps.limiter.reserve([{ key: `upload:put:${userId}`, limit: 60, windowMs: HOUR, message: '上传过于频繁，请稍后再试' }]);
    const row: UploadedImageRow = { key, user_id: userId, content_type: type, size_bytes: body.length, created_at: this.deps.now() };
    // The key is claimed first: a second upload to a known key (someone's avatar) cannot replace it.
    if (!(await this.images.claim(row))) throw badRequest('该文件已存在，请重新上传');
    try {
      await this.deps.store.putBytes(storeKey(key), body, type);
    } catch (err) {
      await this.images.remove(key);
      throw err;
    }
    return { file_path: filePathOf(key) };
  }

  /** An uploaded file for GET /uploads/files/…; 404 for anything that is not one. */
  async open(key: string): Promise<{ stream: Readable; contentType: string; size: number }> {
    const row = KEY.test(key) ? await this.images.byKey(key) : undefined;
    if (!row) throw notFound('文件不存在');
    return { stream: await this.deps.store.get(storeKey(key)), contentType: row.content_type, size: row.size_bytes };
  }

  /**
   * Whether `filePath` is an image this user uploaded (an avatar or a screenshot must be one's own:
   * never another user's file, never an outside URL).
   */
  async isOwn(userId: number, filePath: string): Promise<boolean> {
    const prefix = `${CommercePaths.uploadedFile}/`;
    if (!filePath.startsWith(prefix)) return false;
    const key = filePath.slice(prefix.length);
    if (!KEY.test(key)) return false;
    const row = await this.images.byKey(key);
    return row?.user_id === userId;
  }
}

export const filePathOf = (key: string) => `${CommercePaths.uploadedFile}/${key}`;
