import { describe, expect, it } from 'vitest';
import { formatRemaining, promotionEnd, remaining } from './countdown';

describe('promotion countdown', () => {
  it('reads the end as Beijing time', () => {
    expect(promotionEnd('2026-01-01 08:00:00')).toBe(Date.UTC(2026, 0, 1, 0, 0, 0));
    expect(promotionEnd('2026-01-01 00:00:00')).toBe(Date.UTC(2025, 11, 31, 16, 0, 0));
    expect(promotionEnd('soon')).toBeNull();
    expect(promotionEnd('')).toBeNull();
    expect(promotionEnd(null)).toBeNull();
  });
  it('splits what is left into days, hours, minutes and seconds', () => {
    const end = Date.UTC(2026, 0, 3, 0, 0, 0);
    const now = end - ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 - 300;
    const r = remaining(end, now)!;
    expect(r).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(formatRemaining(r)).toBe('2天03时04分05秒');
  });
  it('is over at the end', () => {
    expect(remaining(1000, 1000)).toBeNull();
    expect(remaining(1000, 5000)).toBeNull();
  });
});
