// Tool videos (spec 01 §2, §3): an operator attaches an MP4 or WebM file to a tool (ops CLI); the
// tool's video call answers a VOD-shaped signature {appId, fileId, psign}, and the play route streams
// the file to a plain <video> element while the psign — a short-lived HMAC over the file id and its
// expiry, with the upload signing key — is valid. The bytes live in the object store (local or S3).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ResultCode, ToolMessages } from '@labstat/contracts';
import { toolById } from '@labstat/tools';
import type { Config } from '../config.js';
import { AppError, notFound } from '../errors.js';
import { uploadSecret } from '../providers/upload/local-upload.js';
import type { VideosRepo } from '../repositories/videos-repo.js';
import { ObjectNotFound, type ObjectStore } from '../storage/object-store.js';

/** The appId the signature carries; clients only pass it back. */
export const VIDEO_APP_ID = 'labstat';
/** Operator files above this are refused: the store and the player are not meant for longer films. */
export const VIDEO_MAX_BYTES = 500 * 1024 * 1024;
/**
 * How long a psign plays. The player asks for byte ranges all along the playback, so this must
 * outlast a lesson watched with pauses; reopening the dialog signs anew.
 */
export const VIDEO_SIGN_SECONDS = 4 * 60 * 60;

export const VideoMessages = {
  expired: '视频链接已失效，请重新打开',
  notFound: '视频不存在',
} as const;

export type VideoType = 'video/mp4' | 'video/webm';
const EXT: Record<VideoType, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm' };
const FILE_ID = /^[0-9a-f]{32}\.(mp4|webm)$/;

export interface VideoSignature {
  appId: string;
  fileId: string;
  psign: string;
}

/** Image formats built on the MP4 box structure: an `ftyp` box alone does not make a video. */
const IMAGE_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis', 'jp2 ', 'jpx ', 'crx ']);

/** The video type by its first bytes (never by name); null for anything else. */
export function sniffVideo(b: Buffer): VideoType | null {
  // ISO base media (MP4): the first box is `ftyp` (size, 'ftyp', major brand).
  if (b.length >= 12 && b.subarray(4, 8).toString('latin1') === 'ftyp') {
    const size = b.readUInt32BE(0);
    const brand = b.subarray(8, 12).toString('latin1');
    if ((size === 1 || size >= 12) && !IMAGE_BRANDS.has(brand)) return 'video/mp4';
    return null;
  }
  // WebM: an EBML header whose DocType is "webm" (plain Matroska is not played everywhere).
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) {
    const header = b.subarray(0, 64);
    const docType = header.indexOf(Buffer.from([0x42, 0x82]));
    if (docType > 0 && header.indexOf('webm', docType, 'latin1') > docType) return 'video/webm';
  }
  return null;
}

/** Signs and checks play links: `{exp}.{HMAC-SHA256(fileId, exp)}`, exp in epoch seconds. */
export class VideoSigner {
  constructor(private readonly secret: Buffer) {}

  private mac(fileId: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`labstat-video\n${fileId}\n${exp}`).digest('base64url');
  }

  sign(fileId: string, exp: number): string {
    return `${exp}.${this.mac(fileId, exp)}`;
  }

  /** True when the psign was made here for this file and has not expired at `nowMs`. */
  verify(fileId: string, psign: string, nowMs: number): boolean {
    const m = /^(\d{1,12})\.([A-Za-z0-9_-]{1,64})$/.exec(psign);
    if (!m) return false;
    const exp = Number(m[1]);
    if (exp * 1000 <= nowMs) return false;
    const want = Buffer.from(this.mac(fileId, exp));
    const got = Buffer.from(m[2]!);
    return got.length === want.length && timingSafeEqual(got, want);
  }
}

export type ByteRange = { start: number; end: number };

/**
 * Reads a Range header for a file of `size` bytes (RFC 9110 §14): one `bytes=` range, open-ended or
 * a suffix. Null means "send the whole file" (no header, another unit, a malformed or multi-range
 * header — a server may ignore those); 'unsatisfiable' means answer 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

export interface OpenVideo {
  path: string;
  size: number;
  contentType: VideoType;
}

export class VideoService {
  private signerCache: VideoSigner | null = null;

  constructor(
    private readonly repo: VideosRepo,
    private readonly store: ObjectStore,
    private readonly config: Pick<Config, 'dataDir' | 'uploads'>,
    private readonly now: () => number,
  ) {}

  /** The upload signing key is read (or created) on first use, as the upload service does. */
  private get signer(): VideoSigner {
    this.signerCache ??= new VideoSigner(uploadSecret(this.config.uploads.secret, this.config.dataDir));
    return this.signerCache;
  }

  private static key(toolId: number, fileId: string): string {
    return `videos/${toolId}/${fileId}`;
  }

  /** What the video call answers for a tool's stored file id. */
  signature(fileId: string): VideoSignature {
    const exp = Math.floor(this.now() / 1000) + VIDEO_SIGN_SECONDS;
    return { appId: VIDEO_APP_ID, fileId, psign: this.signer.sign(fileId, exp) };
  }

  private async knownTool(toolId: number): Promise<{ id: number; video_file_id: string | null }> {
    const row = toolById(toolId) ? await this.repo.ofTool(toolId) : undefined;
    if (!row) throw notFound(ToolMessages.notFound);
    return row;
  }

  /**
   * Attaches a copy of a local file (the operator's file stays where it is) as the tool's video,
   * replacing any earlier one. Throws a plain Error naming the reason when the file is refused.
   */
  async attach(toolId: number, file: string): Promise<{ fileId: string; contentType: VideoType; size: number }> {
    await this.knownTool(toolId);
    const st = await fs.promises.stat(file);
    if (!st.isFile()) throw new Error(`${file} is not a file`);
    if (st.size > VIDEO_MAX_BYTES) throw new Error(`${file} is larger than ${VIDEO_MAX_BYTES / 1024 / 1024} MB`);
    // Checks run on the copy, so what is checked is what is stored.
    const tmpDir = path.join(this.config.dataDir, 'ops-tmp');
    await fs.promises.mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, `video-${randomBytes(8).toString('hex')}`);
    try {
      await fs.promises.copyFile(file, tmp);
      const size = (await fs.promises.stat(tmp)).size;
      if (size > VIDEO_MAX_BYTES) throw new Error(`${file} is larger than ${VIDEO_MAX_BYTES / 1024 / 1024} MB`);
      const head = Buffer.alloc(64);
      const fh = await fs.promises.open(tmp, 'r');
      const { bytesRead } = await fh.read(head, 0, head.length, 0).finally(() => fh.close());
      const contentType = sniffVideo(head.subarray(0, bytesRead));
      if (!contentType) throw new Error(`${file} is not an MP4 or WebM video`);
      const fileId = `${randomBytes(16).toString('hex')}.${EXT[contentType]}`;
      // S3 deletes whole prefixes only: the old file goes first, and the tool shows no video until
      // the new one is stored.
      await this.clear(toolId);
      await this.store.putFile(VideoService.key(toolId, fileId), tmp, contentType);
      await this.repo.set(toolId, fileId);
      return { fileId, contentType, size };
    } finally {
      await fs.promises.rm(tmp, { force: true });
    }
  }

  /** Removes the tool's video; true when it had one. */
  async clear(toolId: number): Promise<boolean> {
    const row = await this.knownTool(toolId);
    await this.repo.set(toolId, null);
    await this.store.deletePrefix(`videos/${toolId}`);
    return row.video_file_id !== null;
  }

  /** The file behind a signed play link; 403 for a forged or expired psign, 404 once it is cleared. */
  async open(fileId: string, psign: string): Promise<OpenVideo> {
    if (!FILE_ID.test(fileId) || !this.signer.verify(fileId, psign, this.now())) throw new AppError(ResultCode.forbidden, VideoMessages.expired);
    const toolId = await this.repo.toolOf(fileId);
    if (toolId === undefined) throw notFound(VideoMessages.notFound);
    try {
      // S3: the first play downloads the object into the local cache; later ones read the copy.
      const p = await this.store.localPath(VideoService.key(toolId, fileId));
      const st = await fs.promises.stat(p);
      return { path: p, size: st.size, contentType: fileId.endsWith('.webm') ? 'video/webm' : 'video/mp4' };
    } catch (err) {
      if (err instanceof ObjectNotFound) throw notFound(VideoMessages.notFound);
      throw err;
    }
  }
}
