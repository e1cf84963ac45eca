import { describe, expect, it } from 'vitest';
import { noticeTarget } from './notices';

describe('noticeTarget', () => {
  it('keeps in-app routes in this tab', () => {
    expect(noticeTarget('/#/document/document-manual')).toEqual({ href: '/#/document/document-manual', external: false });
    expect(noticeTarget('#/vip')).toEqual({ href: '/#/vip', external: false });
  });
  it('opens web addresses and server pages in a new tab', () => {
    expect(noticeTarget('https://example.org/a')).toEqual({ href: 'https://example.org/a', external: true });
    expect(noticeTarget('/help/manual.html')).toEqual({ href: '/help/manual.html', external: true });
  });
  it('refuses anything that could run or leave oddly', () => {
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', '//evil.example/x', '', 'vip']) {
      expect(noticeTarget(bad), bad).toBeNull();
    }
  });
});
