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

  /** Active announcements this user has not been served yet. */
  unseenAnnouncements(userId: number) {
    return this.db
      .selectFrom('announcements')
      .select(['id', 'title', 'content'])
      .where('active', '=', 1)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('announcement_views').select('user_id').where('user_id', '=', userId).whereRef('announcement_id', '=', 'announcements.id'))),
      )
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  async markAnnouncementsSeen(userId: number, ids: readonly number[], now: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .insertInto('announcement_views')
      .values(ids.map((id) => ({ user_id: userId, announcement_id: id, seen_at: now })))
      .onConflict((oc) => oc.columns(['user_id', 'announcement_id']).doNothing())
      .execute();
  }

  loginInfo() {
    return this.db.selectFrom('login_info').select(['title', 'content']).orderBy('sort').orderBy('id').execute();
  }

  siteInfo(item: string) {
    return this.db.selectFrom('site_info').select(['url', 'content']).where('item', '=', item).executeTakeFirst();
  }
}
