import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../lib/time.js';
import { membershipView, tierOf, toolAllowed } from './membership.js';

const user = (p: Partial<{ vip_life: number; vip_expires_at: number | null; svip_life: number; svip_expires_at: number | null }>) => ({
  vip_life: 0,
  vip_expires_at: null,
  svip_life: 0,
  svip_expires_at: null,
  ...p,
});

describe('membership tiers', () => {
  it('reads the tier from lifetime flags and expiry times', () => {
    expect(tierOf(user({}), 1000)).toBe('free');
    expect(tierOf(user({ vip_expires_at: 999 }), 1000)).toBe('free');
    expect(tierOf(user({ vip_expires_at: 1001 }), 1000)).toBe('vip');
    expect(tierOf(user({ vip_life: 1 }), 1000)).toBe('vip');
    expect(tierOf(user({ vip_life: 1, svip_expires_at: 2000 }), 1000)).toBe('svip');
    expect(tierOf(user({ svip_life: 1 }), 1000)).toBe('svip');
  });

  it('opens member tools to both tiers and advanced tools to advanced members only', () => {
    expect(toolAllowed({ vip: false }, 'free')).toBe(true);
    expect(toolAllowed({ vip: true }, 'free')).toBe(false);
    expect(toolAllowed({ vip: true }, 'vip')).toBe(true);
    expect(toolAllowed({ vip: true }, 'svip')).toBe(true);
    expect(toolAllowed({ vip: true, svip: true }, 'vip')).toBe(false);
    expect(toolAllowed({ vip: true, svip: true }, 'svip')).toBe(true);
  });

  it('counts whole days left, rounded up, and none once a tier has expired', () => {
    const now = 1_700_000_000_000;
    const v = membershipView(user({ vip_expires_at: now + DAY_MS + 1, svip_expires_at: now - 1, svip_life: 1 }), now);
    expect(v.vip_days).toBe(2);
    expect(v.vip_time).not.toBeNull();
    expect(v.svip_days).toBe(0);
    expect(v.svip_life).toBe(1);
    expect(membershipView(user({}), now)).toMatchObject({ vip_time: null, vip_days: 0, svip_time: null, svip_days: 0 });
  });
});
