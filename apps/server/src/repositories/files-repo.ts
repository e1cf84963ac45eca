// SQL for data files. Deleted files keep their row (tasks may name them) but lose their bytes.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DataFilesTable, Database } from '../db/schema.js';

export type DataFileRow = Selectable<DataFilesTable>;

export class FilesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<DataFilesTable>): Promise<void> {
    await this.db.insertInto('data_files').values(row).execute();
  }

  findActive(fid: string) {
    return this.db.selectFrom('data_files').selectAll().where('fid', '=', fid).where('deleted_at', 'is', null).executeTakeFirst();
  }

  listByOwner(ownerId: number) {
    return this.db
      .selectFrom('data_files')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  findExample(key: string) {
    return this.db.selectFrom('data_files').selectAll().where('example_key', '=', key).executeTakeFirst();
  }

  async markDeleted(id: number, at: number): Promise<void> {
    await this.db.updateTable('data_files').set({ deleted_at: at }).where('id', '=', id).execute();
  }

  /** Frees an example key so a changed example file can be ingested again under it. */
  async retireExample(id: number, at: number): Promise<void> {
    await this.db.updateTable('data_files').set({ deleted_at: at, example_key: null }).where('id', '=', id).execute();
  }
}
