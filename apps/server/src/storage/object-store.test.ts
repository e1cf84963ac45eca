// The object stores behind one contract. LocalStore always runs; S3Store runs against the bucket the
// environment configures (S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY), e.g. MinIO,
// and otherwise against an S3-compatible server started on loopback for the test (s3rver).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { LocalStore } from './local-store.js';
import { assertSafeKey, ObjectNotFound, type ObjectStore } from './object-store.js';
import { startTestS3, type TestS3 } from '../test/s3-server.js';
import { S3Store, type S3Settings } from './s3-store.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'labstat-store-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function contract(name: string, make: () => ObjectStore) {
  describe(name, () => {
    it('puts, reads, gives a local path, and deletes by prefix', async () => {
      const store = make();
      const prefix = `test-${Date.now()}`;
      const src = path.join(tmp, `src-${Math.random()}`);
      fs.writeFileSync(src, '数据,1\n');
      await store.putFile(`${prefix}/a/original.csv`, src, 'text/csv');
      expect(await text(await store.get(`${prefix}/a/original.csv`))).toBe('数据,1\n');
      expect(fs.readFileSync(await store.localPath(`${prefix}/a/original.csv`), 'utf8')).toBe('数据,1\n');
      await store.deletePrefix(`${prefix}/a`);
      await expect(store.get(`${prefix}/a/original.csv`)).rejects.toBeInstanceOf(ObjectNotFound);
      await expect(store.localPath(`${prefix}/a/original.csv`)).rejects.toBeInstanceOf(ObjectNotFound);
    });
  });
}

contract('LocalStore', () => new LocalStore(path.join(tmp, 'local')));
const configured = loadConfig(process.env).s3;
let s3: S3Settings | null = configured;
let server: TestS3 | null = null;
beforeAll(async () => {
  if (s3) return;
  server = await startTestS3('store');
  s3 = { endpoint: server.endpoint, region: 'us-east-1', bucket: server.bucket, accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey, forcePathStyle: true, prefix: 'deploy-a' };
});
afterAll(async () => {
  await server?.close();
});
contract(configured ? 'S3Store (configured bucket)' : 'S3Store (s3rver on loopback)', () => new S3Store(s3!, path.join(tmp, 'cache')));

describe('storage keys', () => {
  it('refuses keys that could leave the store', () => {
    for (const bad of ['../x', 'a/../../b', '/abs', 'a//b', 'a/./b', 'a\\b', '']) expect(() => assertSafeKey(bad)).toThrow();
    expect(() => assertSafeKey('files/AbC_-1/data.parquet')).not.toThrow();
  });
});
