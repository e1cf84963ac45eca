// Membership tiers (spec 02, DESIGN §7): advanced (svip) above standard (vip) above free, each
// either lifetime or until an expiry time.
import type { UsersTable } from '../db/schema.js';

export type Tier = 'free' | 'vip' | 'svip';

type TierFields = Pick<UsersTable, 'vip_life' | 'vip_expires_at' | 'svip_life' | 'svip_expires_at'>;

export function tierOf(u: TierFields, now: number): Tier {
  if (u.svip_life === 1 || (u.svip_expires_at ?? 0) > now) return 'svip';
  if (u.vip_life === 1 || (u.vip_expires_at ?? 0) > now) return 'vip';
  return 'free';
}

/** Free tools for all; member tools for either tier; advanced tools for advanced members only. */
export function toolAllowed(def: { vip: boolean; svip?: boolean }, tier: Tier): boolean {
  if (def.svip) return tier === 'svip';
  if (def.vip) return tier !== 'free';
  return true;
}

export const TIER_LABEL: Record<Tier, string> = { free: '免费用户', vip: '会员', svip: '高级会员' };
