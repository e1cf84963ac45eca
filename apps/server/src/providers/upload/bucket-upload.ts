// The s3/cos upload provider's side of the bucket: a presigned PUT URL for one key (the browser sends
// the bytes straight to the bucket), and, when the user claims the upload, its size, its bytes and its
// removal. The bucket is only a transfer area: a claimed image is checked and kept in our own store.
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Client } from '../../storage/s3-client.js';
import type { UploadBucket } from './upload-settings.js';

export class BucketUpload {
  private readonly client: S3Client;

  constructor(private readonly s: UploadBucket) {
    this.client = s3Client(s);
  }

  /** A URL that accepts one PUT of `key` until `seconds` from now, and nothing else. */
  putUrl(key: string, seconds: number): Promise<string> {
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.s.bucket, Key: key }), { expiresIn: seconds });
  }

  /** The origin the browser sends uploads to (for the page's connect-src). */
  async origin(): Promise<string> {
    return new URL(await this.putUrl('clutter/origin-probe', 60)).origin;
  }

  /** The size of an uploaded object, or null when nothing is there. */
  async size(key: string): Promise<number | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.s.bucket, Key: key }));
      return out.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** The object's bytes, reading no more than `max` + 1 of them (a larger object is refused by the caller). */
  async bytes(key: string, max: number): Promise<Buffer | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.s.bucket, Key: key, Range: `bytes=0-${max}` }));
      return Buffer.from(await out.Body!.transformToByteArray());
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s.bucket, Key: key }));
  }
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}
