import { describe, expect, it } from 'vitest';
import { tabFrom } from './tabs';

describe('profile tab_id', () => {
  it('defaults to info and accepts the five tabs only', () => {
    expect(tabFrom(null)).toBe('info');
    expect(tabFrom('order')).toBe('order');
    expect(tabFrom('gift')).toBe('gift');
    expect(tabFrom('orders')).toBe('info');
    expect(tabFrom('__proto__')).toBe('info');
  });
});
