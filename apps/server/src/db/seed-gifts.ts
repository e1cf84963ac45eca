// Seeds gift types (issue 18, half B) on a database that has none: after that the operator's edits,
// additions and removals stand.
import type { Db } from './database.js';
import type { TierValue } from './schema.js';

export const GIFT_TYPES: ReadonlyArray<{ label: string; tier: TierValue; days: number }> = [
  { label: '7天标准会员', tier: 'vip', days: 7 },
  { label: '3天高级会员', tier: 'svip', days: 3 },
  { label: '30天标准会员', tier: 'vip', days: 30 },
];

export async function seedGifts(db: Db): Promise<void> {
  const k = db.kysely;
  const any = await k.selectFrom('gift_types').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await k.insertInto('gift_types').values(GIFT_TYPES.map((t) => ({ ...t, active: 1 }))).execute();
}
