import { describe, expect, it } from 'vitest';
import { visibleCount } from './header-nav-fit';

// The header's six entries at 14 px (首页 … 引用与致谢) and antd's 46 px "…" entry.
const WIDTHS = [60, 88, 88, 88, 88, 102];
const REST = 46;

describe('visibleCount', () => {
  it('shows every entry when they fit, without the "…" entry', () => {
    expect(visibleCount(WIDTHS, 514, REST)).toBe(6);
    expect(visibleCount(WIDTHS, 900, REST)).toBe(6);
  });
  it('keeps room for the "…" entry once one entry does not fit', () => {
    expect(visibleCount(WIDTHS, 513, REST)).toBe(5); // 412 + 46 = 458
    expect(visibleCount(WIDTHS, 458, REST)).toBe(5);
    expect(visibleCount(WIDTHS, 457, REST)).toBe(4);
  });
  it('shows none when not even the first fits beside "…"', () => {
    expect(visibleCount(WIDTHS, 100, REST)).toBe(0);
    expect(visibleCount([], 0, REST)).toBe(0);
  });
});
