// SQL for the tool catalogue and favourites.
import { sql, type Insertable, type RawBuilder, type Kysely, type Selectable } from 'kysely';
import type { Database, ToolsTable } from '../db/schema.js';

export type ToolRow = Selectable<ToolsTable>;

export interface ToolSearch {
  family: string | null;
  /** A family never listed (the advanced tools in the standard lists). */
  excludeFamily?: string | null;
  /** An advanced menu item: the first slug of the tool's categories. */
  menu?: string | null;
  /** Category slug the tool's path must contain; null for all. */
  category: string | null;
  name: string;
  favoritesOf: number | null;
  offset: number;
  limit: number;
}

/** The lists' order: operators' hot order first, then the registry's, then id. */
const listOrder = <Q extends { orderBy(e: RawBuilder<unknown> | 'id'): Q }>(q: Q): Q =>
  q.orderBy(sql`CASE WHEN sort_override IS NULL THEN 1 ELSE 0 END`).orderBy(sql`COALESCE(sort_override, sort)`).orderBy('id');

export class ToolsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Inserts or refreshes the catalogue rows from the definitions; operator fields (active, video and
   * the *_override columns) are never in the update, so re-seeding keeps what operators set.
   */
  async upsert(rows: Array<Omit<Insertable<ToolsTable>, 'active' | 'video_file_id' | 'vip_override' | 'sort_override' | 'manual_override'>>): Promise<void> {
    for (const row of rows) {
      const { id: _id, ...rest } = row;
      await this.db
        .insertInto('tools')
        .values({ ...row, active: 1 })
        .onConflict((oc) => oc.column('id').doUpdateSet(rest))
        .execute();
    }
  }

  byId(id: number) {
    return this.db.selectFrom('tools').selectAll().where('id', '=', id).where('active', '=', 1).executeTakeFirst();
  }

  /** The row whether enabled or not (operators, and telling a disabled tool from an unknown one). */
  anyById(id: number) {
    return this.db.selectFrom('tools').selectAll().where('id', '=', id).executeTakeFirst();
  }

  private filtered(q: ToolSearch) {
    let query = this.db.selectFrom('tools').where('active', '=', 1);
    if (q.family) query = query.where('family', '=', q.family);
    if (q.excludeFamily) query = query.where('family', '!=', q.excludeFamily);
    // categories is a JSON array of slugs whose first is the menu item: '["fenxi",…'.
    if (q.menu) query = query.where('categories', 'like', `["${q.menu.replace(/[^a-z0-9-]/g, '')}"%`);
    // categories is a JSON array of slugs; slugs are [a-z0-9-] so the quoted match is exact.
    if (q.category) query = query.where('categories', 'like', `%"${q.category.replace(/[^a-z0-9-]/g, '')}"%`);
    if (q.name) {
      const like = `%${q.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or([eb('name', 'like', like), eb('subname', 'like', like), eb('description', 'like', like)]));
    }
    if (q.favoritesOf !== null) {
      const uid = q.favoritesOf;
      query = query.where('id', 'in', (eb) => eb.selectFrom('tool_favorites').select('tool_id').where('user_id', '=', uid));
    }
    return query;
  }

  async search(q: ToolSearch): Promise<{ rows: ToolRow[]; count: number }> {
    const rows = await listOrder(this.filtered(q).selectAll()).limit(q.limit).offset(q.offset).execute();
    const { n } = await this.filtered(q)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { rows, count: Number(n) };
  }

  /** Every active row in the lists' order: the snapshot CatalogueCache filters in memory. */
  active(): Promise<ToolRow[]> {
    return listOrder(this.db.selectFrom('tools').where('active', '=', 1).selectAll()).execute();
  }

  async favoriteIds(userId: number, toolIds: number[]): Promise<Set<number>> {
    if (toolIds.length === 0) return new Set();
    const rows = await this.db.selectFrom('tool_favorites').select('tool_id').where('user_id', '=', userId).where('tool_id', 'in', toolIds).execute();
    return new Set(rows.map((r) => r.tool_id));
  }

  async setFavorite(userId: number, toolId: number, on: boolean, now: number): Promise<void> {
    if (!on) {
      await this.db.deleteFrom('tool_favorites').where('user_id', '=', userId).where('tool_id', '=', toolId).execute();
      return;
    }
    await this.db
      .insertInto('tool_favorites')
      .values({ user_id: userId, tool_id: toolId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'tool_id']).doNothing())
      .execute();
  }
}
