// SQL for site content: announcements, login selling points, advanced menu, static page info.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export class SiteRepo {
  constructor(private readonly db: Kysely<Database>) {}

  announcements() {
    return this.db
      .selectFrom('announcements')
      .select(['title', 'content'])
      .where('active', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  loginInfo() {
    return this.db.selectFrom('login_info').select(['title', 'content']).orderBy('sort').orderBy('id').execute();
  }

  advancedMenu() {
    return this.db.selectFrom('advanced_menu').select(['name', 'title']).orderBy('sort').orderBy('id').execute();
  }

  siteInfo(item: string) {
    return this.db.selectFrom('site_info').select(['url', 'content']).where('item', '=', item).executeTakeFirst();
  }
}
