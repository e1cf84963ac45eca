// SQL for what the VIP page shows: products, the FAQ, the free-plan steps and a user's free-plan state.
import type { Kysely, Selectable } from 'kysely';
import type { Database, ProductsTable } from '../db/schema.js';

export type ProductRow = Selectable<ProductsTable>;

export class ProductsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Products on sale, in display order. */
  active(): Promise<ProductRow[]> {
    return this.db.selectFrom('products').selectAll().where('active', '=', 1).orderBy('sort').orderBy('vip_pid').execute();
  }

  byId(vipPid: string): Promise<ProductRow | undefined> {
    return this.db.selectFrom('products').selectAll().where('vip_pid', '=', vipPid).executeTakeFirst();
  }

  faq() {
    return this.db.selectFrom('vip_faq').select(['title', 'content', 'img']).where('active', '=', 1).orderBy('sort').orderBy('id').execute();
  }

  freeSteps() {
    return this.db.selectFrom('free_plan_steps').select(['type', 'img_url', 'title', 'content']).orderBy('sort').orderBy('id').execute();
  }

  /** Whether the user already had the free month (its grant is on the ledger), and the screenshot awaiting review. */
  async freePlanState(userId: number): Promise<{ used: boolean; pending: string | null }> {
    const grant = await this.db.selectFrom('membership_grants').select('id').where('source', '=', `free:${userId}`).executeTakeFirst();
    const pending = await this.db
      .selectFrom('free_plan_submissions')
      .select('file_path')
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return { used: !!grant, pending: pending?.file_path ?? null };
  }
}
