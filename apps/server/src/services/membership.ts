// Membership tiers (spec 02, DESIGN §7): advanced (svip) above standard (vip) above free, each
// either lifetime or until an expiry time.
import type { MembershipFields } from '@labstat/contracts';
import type { UsersTable } from '../db/schema.js';
import { DAY_MS, formatBeijing } from '../lib/time.js';

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

/** The membership fields the profile and the VIP centre card share (spec 02 §2, §4). */
export type MembershipView = MembershipFields;

/** Each tier's expiry in Beijing time, whole days left (rounded up, 0 once expired) and lifetime flag. */
export function membershipView(u: TierFields, now: number): MembershipView {
  return {
    vip_time: u.vip_expires_at ? formatBeijing(u.vip_expires_at) : null,
    vip_days: daysLeft(u.vip_expires_at, now),
    vip_life: u.vip_life,
    svip_time: u.svip_expires_at ? formatBeijing(u.svip_expires_at) : null,
    svip_days: daysLeft(u.svip_expires_at, now),
    svip_life: u.svip_life,
  };
}

function daysLeft(expiresAt: number | null, now: number): number {
  return expiresAt && expiresAt > now ? Math.ceil((expiresAt - now) / DAY_MS) : 0;
}
