// SQL for uploaded images (avatars, free-plan screenshots).
import type { Kysely, Selectable } from 'kysely';
import type { Database, UploadedImagesTable } from '../db/schema.js';

export type UploadedImageRow = Selectable<UploadedImagesTable>;

export class ImagesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Claims `key` for this upload; false when the key is taken (an upload never overwrites another). */
  async claim(row: UploadedImageRow): Promise<boolean> {
    const r = await this.db.insertInto('uploaded_images').values(row).onConflict((oc) => oc.column('key').doNothing()).returning('key').executeTakeFirst();
    return r !== undefined;
  }

  async remove(key: string): Promise<void> {
    await this.db.deleteFrom('uploaded_images').where('key', '=', key).execute();
  }

  byKey(key: string): Promise<UploadedImageRow | undefined> {
    return this.db.selectFrom('uploaded_images').selectAll().where('key', '=', key).executeTakeFirst();
  }
}
