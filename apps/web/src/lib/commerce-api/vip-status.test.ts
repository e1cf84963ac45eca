import { describe, expect, it } from 'vitest';
import { isMember, tierStatus, type TierFields } from './vip-status';

const none: TierFields = { vip_time: null, vip_days: 0, vip_life: 0, svip_time: null, svip_days: 0, svip_life: 0 };

describe('tierStatus (spec 02 §4 VIP display)', () => {
  it('0 or fewer days is no membership', () => {
    expect(tierStatus(none, 'vip')).toMatchObject({ kind: 'none', text: '未开通标准会员' });
    expect(tierStatus({ ...none, svip_days: -3, svip_time: '2020-01-01 00:00:00' }, 'svip').kind).toBe('none');
    expect(isMember(none)).toBe(false);
  });
  it('lifetime wins even with no days counted', () => {
    expect(tierStatus({ ...none, svip_life: 1 }, 'svip')).toMatchObject({ kind: 'lifetime', text: '永久高级会员' });
    expect(tierStatus({ ...none, svip_life: 1 }, 'vip').kind).toBe('none');
    expect(isMember({ ...none, svip_life: 1 })).toBe(true);
  });
  it('otherwise the remaining days and the expiry time', () => {
    const s = tierStatus({ ...none, vip_days: 31, vip_time: '2026-02-01 10:00:00' }, 'vip');
    expect(s).toMatchObject({ kind: 'active', days: 31, expires: '2026-02-01 10:00:00' });
    expect(s.text).toBe('标准会员剩余 31 天，2026-02-01 10:00:00 到期');
    // Written in the default date format whatever shape the time came in.
    expect(tierStatus({ ...none, svip_days: 2, svip_time: '2026-02-01T10:00' }, 'svip')).toMatchObject({ expires: '2026-02-01 10:00:00' });
    expect(tierStatus({ ...none, svip_days: 2, svip_time: '' }, 'svip')).toMatchObject({ expires: null, text: '高级会员剩余 2 天' });
  });
});
