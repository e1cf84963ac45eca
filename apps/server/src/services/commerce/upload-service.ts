// Avatar and free-plan screenshot uploads (spec 02 §3, §5, §7): credentials naming a signed,
// short-lived upload URL; the upload itself (≤ 2 MB, an image by its bytes); serving the files; and
// the ownership check other services use before accepting a file_path.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { CommerceMessages, CommercePaths, IMAGE_MAX_BYTES, type UploadCredentials } from '@labstat/contracts';
import { AppError, badRequest, notFound } from '../../errors.js';
import { ResultCode } from '@labstat/contracts';
import { randomToken } from '../../lib/crypto.js';
import { LocalUploadSigner, sniffImage, uploadSecret } from '../../providers/upload/local-upload.js';
import type { ImagesRepo, UploadedImageRow } from '../../repositories/images-repo.js';
import type { CommerceDeps } from './deps.js';

/** Spec 02 §7: uploads go under this key prefix. */
export const UPLOAD_PREFIX = 'clutter/';
const KEY = /^clutter\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpe?g|gif|webp)$/;
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

  constructor(
    private readonly deps: CommerceDeps,
    private readonly images: ImagesRepo,
  ) {}

  /** The signing key is read (or created) on first use, so a server that never uploads never writes it. */
  private get signer(): LocalUploadSigner {
    this.signerCache ??= new LocalUploadSigner(uploadSecret(this.deps.config.uploads.secret, this.deps.config.dataDir));
    return this.signerCache;
  }

  async credentials(userId: number): Promise<UploadCredentials> {
    await this.deps.limiter.reserve([{ key: `upload:cred:${userId}`, limit: 60, windowMs: HOUR, message: '上传过于频繁，请稍后再试' }]);
    const startTime = Math.floor(this.deps.now() / 1000);
    const expiredTime = startTime + this.deps.config.uploads.urlMinutes * 60;
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
    if (body.length > IMAGE_MAX_BYTES) throw new AppError(ResultCode.payloadTooLarge, CommerceMessages.uploadTooLarge, 413);
    const type = sniffImage(body);
    if (!type) throw badRequest(CommerceMessages.uploadNotImage);
    await this.deps.limiter.reserve([{ key: `upload:put:${userId}`, limit: 60, windowMs: HOUR, message: '上传过于频繁，请稍后再试' }]);
    const row: UploadedImageRow = { key: q.key, user_id: userId, content_type: type, size_bytes: body.length, created_at: this.deps.now() };
    // The key is claimed first: a second upload to a known key (someone's avatar) cannot replace it.
    if (!(await this.images.claim(row))) throw badRequest('该文件已存在，请重新上传');
    try {
      await this.deps.store.putBytes(storeKey(q.key), body, type);
    } catch (err) {
      await this.images.remove(q.key);
      throw err;
    }
    return { file_path: filePathOf(q.key) };
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
