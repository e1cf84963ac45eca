// SQL for the content operators edit (issue 24): announcements, header notices, update news and
// carousel slides (rows of one shape of access: list, read, insert, update, delete), the content
// pages an operator overrides, and the user agreement's URL.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export type EditableTable = 'announcements' | 'menu_notices' | 'update_news' | 'carousel_slides';

/** Display order of each table, as the site shows them. */
const ORDER: Record<EditableTable, Array<[string, 'asc' | 'desc']>> = {
  announcements: [['sort', 'asc'], ['id', 'asc']],
  menu_notices: [['sort', 'asc'], ['id', 'asc']],
  update_news: [['published_at', 'desc'], ['id', 'desc']],
  carousel_slides: [['sort', 'asc'], ['id', 'asc']],
};

export class SiteContentRepo {
  constructor(private readonly db: Kysely<Database>) {}

  // The tables differ in columns, not in how they are reached: one cast keeps Kysely's builder generic.
  private t(table: EditableTable) {
    return table as 'menu_notices';
  }

  async list<T>(table: EditableTable): Promise<T[]> {
    let q = this.db.selectFrom(this.t(table)).selectAll();
    for (const [col, dir] of ORDER[table]) q = q.orderBy(col as 'id', dir);
    return (await q.execute()) as unknown as T[];
  }

  async byId<T>(table: EditableTable, id: number): Promise<T | undefined> {
    return (await this.db.selectFrom(this.t(table)).selectAll().where('id', '=', id).executeTakeFirst()) as T | undefined;
  }

  async insert(table: EditableTable, row: Record<string, unknown>): Promise<number> {
    const r = await this.db.insertInto(this.t(table)).values(row as never).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async update(table: EditableTable, id: number, row: Record<string, unknown>): Promise<void> {
    await this.db.updateTable(this.t(table)).set(row as never).where('id', '=', id).execute();
  }

  /** Deletes a row; an announcement takes its "already shown" marks with it. */
  async remove(table: EditableTable, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (table === 'announcements') await trx.deleteFrom('announcement_views').where('announcement_id', '=', id).execute();
      await trx.deleteFrom(this.t(table)).where('id', '=', id).execute();
    });
  }

  page(item: string) {
    return this.db.selectFrom('content_pages').selectAll().where('item', '=', item).executeTakeFirst();
  }

  /** An operator's version of a page: marked `operator`, which seeding leaves alone. */
  async saveOperatorPage(item: string, title: string, html: string, now: number): Promise<void> {
    await this.db
      .insertInto('content_pages')
      .values({ item, title, html, source: 'operator', updated_at: now })
      .onConflict((oc) => oc.column('item').doUpdateSet({ title, html, source: 'operator', updated_at: now }))
      .execute();
  }

  async siteUrl(item: string): Promise<string> {
    const r = await this.db.selectFrom('site_info').select('url').where('item', '=', item).executeTakeFirst();
    return r?.url ?? '';
  }

  async setSiteUrl(item: string, url: string): Promise<void> {
    await this.db
      .insertInto('site_info')
      .values({ item, url, content: null })
      .onConflict((oc) => oc.column('item').doUpdateSet({ url }))
      .execute();
  }
}
