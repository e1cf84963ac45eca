// The VIP display rules of spec 02 §4, for the /vip card and the profile's account tab: a lifetime
// flag wins (a lifetime member has no days left to count), then 0 or fewer days means no membership,
// otherwise the remaining days and the expiry time.
import { TIER_NAMES, type Tier } from '@labstat/contracts';
import { formatDate } from '../relative-time';

export interface TierFields {
  vip_time: string | null;
  vip_days: number;
  vip_life: number;
  svip_time: string | null;
  svip_days: number;
  svip_life: number;
}

export type TierStatus =
  | { kind: 'lifetime'; tier: Tier; text: string }
  | { kind: 'none'; tier: Tier; text: string }
  | { kind: 'active'; tier: Tier; text: string; days: number; expires: string | null };

export function tierStatus(u: TierFields, tier: Tier): TierStatus {
  const life = tier === 'svip' ? u.svip_life : u.vip_life;
  const days = tier === 'svip' ? u.svip_days : u.vip_days;
  const raw = tier === 'svip' ? u.svip_time : u.vip_time;
  // An expiry lies ahead, so it is a date (spec 02 §9 default format), never a relative label.
  const time = raw ? formatDate(raw) : null;
  const name = TIER_NAMES[tier];
  if (life === 1) return { kind: 'lifetime', tier, text: `永久${name}` };
  if (!(days > 0)) return { kind: 'none', tier, text: `未开通${name}` };
  return { kind: 'active', tier, days, expires: time, text: `${name}剩余 ${days} 天${time ? `，${time} 到期` : ''}` };
}

/** True when either tier is active or lifetime. */
export const isMember = (u: TierFields): boolean => tierStatus(u, 'vip').kind !== 'none' || tierStatus(u, 'svip').kind !== 'none';
