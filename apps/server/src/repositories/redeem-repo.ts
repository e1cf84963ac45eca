// SQL for redeem codes and their batches.
import type { Kysely, Selectable } from 'kysely';
import type { Database, RedeemCodesTable, TierValue } from '../db/schema.js';

export type RedeemCodeRow = Selectable<RedeemCodesTable>;

export interface NewBatch {
  tier: TierValue;
  days: number | null;
  expiresAt: number | null;
  note: string;
  codes: string[];
}

export class RedeemRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a batch and its codes in one transaction; returns the batch id. */
  async insertBatch(b: NewBatch, now: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('redeem_batches')
        .values({ tier: b.tier, days: b.days, count: b.codes.length, expires_at: b.expiresAt, note: b.note, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Chunks keep each statement under SQLite's bound-parameter limit.
      for (let i = 0; i < b.codes.length; i += 200) {
        await trx
          .insertInto('redeem_codes')
          .values(
            b.codes.slice(i, i + 200).map((code) => ({
              code,
              batch_id: id,
              tier: b.tier,
              days: b.days,
              expires_at: b.expiresAt,
              used_by: null,
              used_at: null,
              voided_at: null,
            })),
          )
          .execute();
      }
      return id;
    });
  }

  /** Which of these codes already exist (a new batch must not repeat one). */
  async existing(codes: string[]): Promise<Set<string>> {
    if (!codes.length) return new Set();
    const rows = await this.db.selectFrom('redeem_codes').select('code').where('code', 'in', codes).execute();
    return new Set(rows.map((r) => r.code));
  }

  byCode(code: string, db: Kysely<Database> = this.db): Promise<RedeemCodeRow | undefined> {
    return db.selectFrom('redeem_codes').selectAll().where('code', '=', code).executeTakeFirst();
  }

  /**
   * Marks a live code used by `userId`: one conditional statement, so of any number of concurrent
   * redemptions exactly one changes the row. False when the code is unknown, used, voided or expired.
   */
  async take(code: string, userId: number, now: number, db: Kysely<Database>): Promise<boolean> {
    const r = await db
      .updateTable('redeem_codes')
      .set({ used_by: userId, used_at: now })
      .where('code', '=', code)
      .where('used_by', 'is', null)
      .where('used_at', 'is', null)
      .where('voided_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Voids an unused code; false when it is unknown, already used or already voided. */
  async void(code: string, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('redeem_codes')
      .set({ voided_at: now })
      .where('code', '=', code)
      .where('used_at', 'is', null)
      .where('voided_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async usedBy(userId: number, tier: TierValue | null, offset: number, limit: number): Promise<{ rows: RedeemCodeRow[]; count: number }> {
    let q = this.db.selectFrom('redeem_codes').where('used_by', '=', userId);
    if (tier) q = q.where('tier', '=', tier);
    const [rows, total] = await Promise.all([
      q.selectAll().orderBy('used_at', 'desc').orderBy('code').offset(offset).limit(limit).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  }
}
