import type { CarouselSlide } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_SLIDES, safeBackground, safeImage, safeLink, shownSlides } from './carousel-slides';

const slide = (o: Partial<CarouselSlide> = {}): CarouselSlide => ({ id: 1, title: '新功能上线', text: '线性混合模型', link: '', bg: '', image: '', sort: 0, active: true, ...o });

describe('home carousel slides', () => {
  it("shows the operators' active slides, else the built-in ones", () => {
    expect(shownSlides(undefined)).toBe(BUILT_IN_SLIDES);
    expect(shownSlides([])).toBe(BUILT_IN_SLIDES);
    expect(shownSlides([slide({ active: false })])).toBe(BUILT_IN_SLIDES);
    expect(shownSlides([slide(), slide({ id: 2, title: '二' })]).map((s) => s.title)).toEqual(['新功能上线', '二']);
  });

  it('uses a background only when it is a colour or a gradient', () => {
    expect(safeBackground('#1d4ed8')).toBe('#1d4ed8');
    expect(safeBackground('linear-gradient(120deg,#0ea5e9,#0f766e)')).toBe('linear-gradient(120deg,#0ea5e9,#0f766e)');
    expect(safeBackground('url(https://evil.example/track.png)')).not.toContain('url');
    expect(safeBackground('red; position:fixed')).not.toContain('fixed');
    expect(safeBackground('linear-gradient(red, url(x))')).not.toContain('url');
  });

  it('takes images from our uploads or https, links to site pages or http(s) only', () => {
    expect(safeImage('/uploads/files/clutter/a.png')).toBe('/uploads/files/clutter/a.png');
    expect(safeImage('https://cdn.example.cn/a.png')).toBe('https://cdn.example.cn/a.png');
    expect(safeImage('javascript:alert(1)')).toBeNull();
    expect(safeImage('http://plain.example/a.png')).toBeNull();
    expect(safeLink('/vip')).toEqual({ inApp: '/vip' });
    expect(safeLink('/#/public-tool/med')).toEqual({ inApp: '/public-tool/med' });
    expect(safeLink('https://example.cn/news')).toEqual({ external: 'https://example.cn/news' });
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink('//evil.example')).toBeNull();
    expect(safeLink('')).toBeNull();
  });
});
