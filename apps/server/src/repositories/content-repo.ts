// SQL for content pages (manual, team, citations), update news and the header notices.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export class ContentRepo {
  constructor(private readonly db: Kysely<Database>) {}

  page(item: string) {
    return this.db.selectFrom('content_pages').select(['item', 'title', 'html', 'updated_at']).where('item', '=', item).executeTakeFirst();
  }

  /** Writes a page from the content files unless an operator has edited it. */
  async upsertSeedPage(row: { item: string; title: string; html: string }, now: number): Promise<void> {
    const current = await this.db.selectFrom('content_pages').select(['source', 'title', 'html']).where('item', '=', row.item).executeTakeFirst();
    if (!current) {
      await this.db
        .insertInto('content_pages')
        .values({ ...row, source: 'seed', updated_at: now })
        .onConflict((oc) => oc.column('item').doNothing())
        .execute();
      return;
    }
    if (current.source !== 'seed' || (current.title === row.title && current.html === row.html)) return;
    await this.db.updateTable('content_pages').set({ title: row.title, html: row.html, updated_at: now }).where('item', '=', row.item).where('source', '=', 'seed').execute();
  }

  async updateNews(offset: number, limit: number) {
    const rows = await this.db
      .selectFrom('update_news')
      .select(['id', 'title', 'content', 'published_at'])
      .where('active', '=', 1)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const { n } = await this.db
      .selectFrom('update_news')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('active', '=', 1)
      .executeTakeFirstOrThrow();
    return { rows, count: Number(n) };
  }

  async countNews(): Promise<number> {
    const { n } = await this.db.selectFrom('update_news').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(n);
  }

  async insertNews(rows: Array<{ title: string; content: string; published_at: number }>): Promise<void> {
    if (rows.length) await this.db.insertInto('update_news').values(rows.map((r) => ({ ...r, active: 1 }))).execute();
  }

  notices() {
    return this.db.selectFrom('menu_notices').select(['type', 'link', 'content']).where('active', '=', 1).orderBy('sort').orderBy('id').execute();
  }

  async countNotices(): Promise<number> {
    const { n } = await this.db.selectFrom('menu_notices').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(n);
  }

  async insertNotices(rows: Array<{ type: 'link' | 'text'; link: string; content: string }>): Promise<void> {
    if (rows.length) await this.db.insertInto('menu_notices').values(rows.map((r, i) => ({ ...r, sort: i, active: 1 }))).execute();
  }
}
