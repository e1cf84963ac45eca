import { describe, expect, it } from 'vitest';
import { antdSize, parsePreferences } from './preferences';

describe('client preferences (spec 02 §2, §3, §9)', () => {
  it('defaults: sidebar open, size medium, theme #409EFF, tags view, fixed header and logo off', () => {
    expect(parsePreferences({}, null)).toEqual({
      sidebarOpen: true,
      size: 'medium',
      theme: '#409EFF',
      fixedHeader: false,
      tagsView: false,
      sidebarLogo: false,
    });
  });

  it('reads the cookies and the layout switches', () => {
    const p = parsePreferences({ sidebarStatus: '0', size: 'mini', theme: '#13c2c2' }, JSON.stringify({ tagsView: true, fixedHeader: true }));
    expect(p).toMatchObject({ sidebarOpen: false, size: 'mini', theme: '#13c2c2', tagsView: true, fixedHeader: true, sidebarLogo: false });
  });

  it('falls back to defaults for malformed values', () => {
    const p = parsePreferences({ size: 'huge', theme: 'red;background:url(x)' }, '{not json');
    expect(p).toMatchObject({ size: 'medium', theme: '#409EFF', tagsView: false });
  });

  it('maps the four sizes onto antd sizes', () => {
    expect(['default', 'medium', 'small', 'mini'].map((s) => antdSize(s as never))).toEqual(['large', 'middle', 'small', 'small']);
  });
});
