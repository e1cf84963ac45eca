// The default object store: files under one folder on this machine.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, ObjectNotFound, type ObjectStore } from './object-store.js';

export class LocalStore implements ObjectStore {
  readonly name = 'local' as const;
  constructor(private readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const dest = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(dest), { recursive: true });
    try {
      await fs.promises.rename(localPath, dest);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await fs.promises.copyFile(localPath, dest);
      await fs.promises.rm(localPath, { force: true });
    }
  }

  async putBytes(key: string, data: Buffer): Promise<void> {
    const dest = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(dest), { recursive: true });
    // Write then rename, so a reader never sees half a file; the temp name is this write's own,
    // since writers of one key may run at once (in this process or another sharing the folder).
    const tmp = `${dest}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    await fs.promises.writeFile(tmp, data);
    await fs.promises.rename(tmp, dest);
  }

  async get(key: string): Promise<Readable> {
    const p = await this.localPath(key);
    return fs.createReadStream(p);
  }

  async localPath(key: string): Promise<string> {
    const p = this.pathOf(key);
    try {
      await fs.promises.access(p);
    } catch {
      throw new ObjectNotFound(key);
    }
    return p;
  }

  async deletePrefix(prefix: string): Promise<void> {
    const p = this.pathOf(prefix.replace(/\/$/, ''));
    await fs.promises.rm(p, { recursive: true, force: true });
  }
}
