// The one way membership is granted (DESIGN §7): a grant is recorded under a unique source (order,
// redeem code, gift, free plan, invite reward…) in the same transaction that extends the user's
// tier, so the same payment notification, poll or redemption applied twice extends it once.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database, TierValue } from '../../db/schema.js';
import { DAY_MS } from '../../lib/time.js';

export interface Grant {
  userId: number;
  tier: TierValue;
  /** null: lifetime. */
  days: number | null;
  /** Unique per grant: `order:ID`, `redeem:CODE`, `gift:ID`, `free:USER`, `invite:INVITEE`. */
  source: string;
}

/**
 * Applies a grant once. Returns false (and changes nothing) when its source has already granted.
 * Call it inside the transaction that marks the source used (order paid, code redeemed…).
 */
export async function grantMembership(trx: Kysely<Database>, g: Grant, now: number): Promise<boolean> {
  const inserted = await trx
    .insertInto('membership_grants')
    .values({ user_id: g.userId, tier: g.tier, days: g.days, source: g.source, created_at: now })
    .onConflict((oc) => oc.column('source').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  if (g.days === null) {
    await trx.updateTable('users').set(g.tier === 'svip' ? { svip_life: 1 } : { vip_life: 1 }).where('id', '=', g.userId).execute();
  } else {
    // One statement: concurrent grants to one user add up instead of overwriting each other.
    const add = g.days * DAY_MS;
    const col = g.tier === 'svip' ? 'svip_expires_at' : 'vip_expires_at';
    await trx
      .updateTable('users')
      .set({ [col]: sql<number>`CASE WHEN ${sql.ref(col)} IS NOT NULL AND ${sql.ref(col)} > ${now} THEN ${sql.ref(col)} + ${add} ELSE ${now + add} END` })
      .where('id', '=', g.userId)
      .execute();
  }
  await trx.updateTable('users').set({ updated_at: now }).where('id', '=', g.userId).execute();
  return true;
}

/**
 * Ends a tier now (lifetime included), for an operator's correction; recorded on the same ledger
 * (days 0, source `revoke:…`) so the user's membership history still adds up.
 */
export async function revokeMembership(trx: Kysely<Database>, r: { userId: number; tier: TierValue; source: string }, now: number): Promise<void> {
  await trx.insertInto('membership_grants').values({ user_id: r.userId, tier: r.tier, days: 0, source: r.source, created_at: now }).execute();
  const set = r.tier === 'svip' ? { svip_life: 0, svip_expires_at: null } : { vip_life: 0, vip_expires_at: null };
  await trx.updateTable('users').set({ ...set, updated_at: now }).where('id', '=', r.userId).execute();
}

/** "30天", "12个月"-style duration label for lists. */
export function durationLabel(days: number | null): string {
  if (days === null) return '永久';
  if (days % 365 === 0) return `${days / 365}年`;
  if (days % 30 === 0) return `${days / 30}个月`;
  return `${days}天`;
}
