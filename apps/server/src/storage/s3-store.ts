// S3-compatible object store (AWS S3, MinIO, Tencent COS) through AWS SDK v3. Readers that need a
// file on disk (DuckDB) get a copy cached under the local cache folder.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { CacheBudget } from './cache-budget.js';
import { s3Client, type S3Endpoint } from './s3-client.js';
import { assertSafeKey, ObjectNotFound, type ObjectStore } from './object-store.js';

export interface S3Settings extends S3Endpoint {
  bucket: string;
  /** Prefix inside the bucket, so one bucket can serve several deployments. */
  prefix: string;
  /** Local copies kept for readers that need a file (S3_CACHE_MB); the least recently used go first. */
  cacheBytes?: number;
}

export class S3Store implements ObjectStore {
  readonly name = 's3' as const;
  private readonly client: S3Client;
  private readonly cache: CacheBudget;

  constructor(
    private readonly s: S3Settings,
    private readonly cacheDir: string,
  ) {
    this.client = s3Client(s);
    fs.mkdirSync(cacheDir, { recursive: true });
    this.cache = new CacheBudget(cacheDir, s.cacheBytes ?? 10 * 1024 ** 3);
    this.cache.load();
  }

  private full(key: string): string {
    assertSafeKey(key);
    return this.s.prefix ? `${this.s.prefix.replace(/\/$/, '')}/${key}` : key;
  }

  async putFile(key: string, localPath: string, contentType = 'application/octet-stream'): Promise<void> {
    const size = (await fs.promises.stat(localPath)).size;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.s.bucket,
        Key: this.full(key),
        Body: fs.createReadStream(localPath),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
    // Keep the bytes as the cached copy: the next reader needs them on disk anyway.
    const cached = path.join(this.cacheDir, ...key.split('/'));
    await fs.promises.mkdir(path.dirname(cached), { recursive: true });
    await fs.promises.rename(localPath, cached).then(
      () => this.cache.touch(cached, size),
      () => fs.promises.rm(localPath, { force: true }),
    );
  }

  async putBytes(key: string, data: Buffer, contentType = 'application/octet-stream'): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.s.bucket, Key: this.full(key), Body: data, ContentLength: data.length, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<Readable> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.s.bucket, Key: this.full(key) }));
      return out.Body as Readable;
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') throw new ObjectNotFound(key);
      throw err;
    }
  }

  async localPath(key: string): Promise<string> {
    const cached = path.join(this.cacheDir, ...key.split('/'));
    if (fs.existsSync(cached)) {
      this.cache.touch(cached);
      return cached;
    }
    await fs.promises.mkdir(path.dirname(cached), { recursive: true });
    // This download's own name: two first readers of one key in the same millisecond must not share it.
    const part = `${cached}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.part`;
    await pipeline(await this.get(key), fs.createWriteStream(part));
    await fs.promises.rename(part, cached);
    this.cache.touch(cached);
    return cached;
  }

  async deletePrefix(prefix: string): Promise<void> {
    const full = this.full(prefix.replace(/\/$/, '')) + '/';
    let token: string | undefined;
    do {
      const list = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.s.bucket, Prefix: full, ContinuationToken: token }),
      );
      const keys = (list.Contents ?? []).map((o) => ({ Key: o.Key! }));
      if (keys.length > 0) await this.client.send(new DeleteObjectsCommand({ Bucket: this.s.bucket, Delete: { Objects: keys } }));
      token = list.IsTruncated ? list.NextContinuationToken : undefined;
    } while (token);
    const local = path.join(this.cacheDir, ...prefix.replace(/\/$/, '').split('/'));
    await fs.promises.rm(local, { recursive: true, force: true });
    this.cache.forgetUnder(local);
  }
}
