// Where originals, Parquet copies and (later) report files live: a local folder by default, an
// S3-compatible bucket when S3_* is configured (DESIGN §2). Keys are slash-separated paths.
import type { Readable } from 'node:stream';

export interface ObjectStore {
  readonly name: 'local' | 's3';
  /** Stores the bytes of a local file under `key`; the local file may be moved away. */
  putFile(key: string, localPath: string, contentType?: string): Promise<void>;
  /** Stores bytes held in memory (reports, small JSON). */
  putBytes(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** Streams an object; rejects with ObjectNotFound when it does not exist. */
  get(key: string): Promise<Readable>;
  /**
   * A path on this machine holding the object's bytes, for readers that need a file (DuckDB).
   * Local store: the object itself; S3: a cached copy downloaded on first use.
   */
  localPath(key: string): Promise<string>;
  /** Removes every object whose key starts with `prefix` (and any cached copies). */
  deletePrefix(prefix: string): Promise<void>;
}

export class ObjectNotFound extends Error {
  constructor(key: string) {
    super(`object not found: ${key}`);
    this.name = 'ObjectNotFound';
  }
}

/** Keys come from our own ids, but a bad one must never climb out of the store's root. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) || key.split('/').some((p) => p === '..' || p === '.')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

/** Reads a whole (small) object into memory. */
export async function readAll(store: ObjectStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
