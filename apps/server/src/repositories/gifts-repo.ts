// SQL for gift types and the gifts given to users.
import type { Kysely, Selectable } from 'kysely';
import type { Database, GiftTypesTable, UserGiftsTable } from '../db/schema.js';

export type GiftTypeRow = Selectable<GiftTypesTable>;
export type UserGiftRow = Selectable<UserGiftsTable>;

export interface NewGift {
  userId: number;
  name: string;
  description: string;
  /** Unique per user: `signup`, `invite:ID`, `ops:TIMESTAMP`… */
  source: string;
  /** Gift types it may become; null: every active type. */
  giftTypeIds: number[] | null;
}

export class GiftsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Gives a gift once per (user, source); returns its id, or null when that source already gave one. */
  async give(g: NewGift, now: number, db: Kysely<Database> = this.db): Promise<number | null> {
    const r = await db
      .insertInto('user_gifts')
      .values({
        user_id: g.userId,
        name: g.name,
        description: g.description,
        source: g.source,
        gift_type_id: null,
        used_at: null,
        created_at: now,
        gift_type_ids: g.giftTypeIds ? JSON.stringify(g.giftTypeIds) : null,
      })
      .onConflict((oc) => oc.columns(['user_id', 'source']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return r?.id ?? null;
  }

  async list(userId: number, offset: number, limit: number): Promise<{ rows: UserGiftRow[]; count: number }> {
    const q = this.db.selectFrom('user_gifts').where('user_id', '=', userId);
    const [rows, total] = await Promise.all([
      q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  }

  /** A gift of this user (another user's gift reads as missing). */
  owned(userId: number, giftId: number): Promise<UserGiftRow | undefined> {
    return this.db.selectFrom('user_gifts').selectAll().where('id', '=', giftId).where('user_id', '=', userId).executeTakeFirst();
  }

  /** Unused → used as `giftTypeId`, exactly once even when activations race. */
  async markUsed(userId: number, giftId: number, giftTypeId: number, now: number, db: Kysely<Database>): Promise<boolean> {
    const r = await db
      .updateTable('user_gifts')
      .set({ used_at: now, gift_type_id: giftTypeId })
      .where('id', '=', giftId)
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  activeTypes(db: Kysely<Database> = this.db): Promise<GiftTypeRow[]> {
    return db.selectFrom('gift_types').selectAll().where('active', '=', 1).orderBy('id').execute();
  }

  allTypes(): Promise<GiftTypeRow[]> {
    return this.db.selectFrom('gift_types').selectAll().orderBy('id').execute();
  }
}

/** The gift types a gift may become: its own list (those still active) or every active type. */
export function optionsOf(gift: Pick<UserGiftRow, 'gift_type_ids'>, active: GiftTypeRow[]): GiftTypeRow[] {
  if (!gift.gift_type_ids) return active;
  let ids: unknown;
  try {
    ids = JSON.parse(gift.gift_type_ids);
  } catch {
    return active;
  }
  if (!Array.isArray(ids)) return active;
  const allowed = new Set(ids);
  return active.filter((t) => allowed.has(t.id));
}
