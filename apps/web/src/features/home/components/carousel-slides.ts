// What the home carousel shows: the operators' slides when they set any (内容管理 › 轮播图), else the
// built-in ones. Operators' values are data: a background is used only when it is a colour or a
// gradient (nothing that loads a URL), an image only from our uploads or https, a link only to a
// page of the site ("/…") or to an http(s) address.
import type { CarouselSlide } from '@labstat/contracts';

export interface ShownSlide {
  key: string;
  title: string;
  text: string;
  bg: string;
  image: string | null;
  link: { inApp: string } | { external: string } | null;
}

const DEFAULT_BG = 'linear-gradient(120deg,#409EFF,#1d4ed8)';

export const BUILT_IN_SLIDES: ShownSlide[] = [
  { key: 'b1', title: '上传数据，三步生成统计报告', text: '支持 xlsx、xls、csv，拖拽上传即可开始分析', bg: DEFAULT_BG, image: null, link: null },
  { key: 'b2', title: '结果与 R 语言一致', text: '每个统计量都与 R 的结果逐项核对，报告附可复现的 R 代码', bg: 'linear-gradient(120deg,#0ea5e9,#0f766e)', image: null, link: null },
  { key: 'b3', title: 'AI 智能解读', text: '用通俗的中文解释检验方法、统计量、P 值与结论', bg: 'linear-gradient(120deg,#6366f1,#7c3aed)', image: null, link: null },
];

const SAFE_BG = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]+|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|(linear|radial)-gradient\([#\w\s.,%()-]+\))$/;

export function safeBackground(bg: string): string {
  const v = bg.trim();
  return v && SAFE_BG.test(v) && !/url\s*\(/i.test(v) ? v : DEFAULT_BG;
}

export function safeImage(src: string): string | null {
  const v = src.trim();
  if (v.startsWith('/uploads/files/')) return v;
  try {
    return new URL(v).protocol === 'https:' ? v : null;
  } catch {
    return null;
  }
}

export function safeLink(link: string): ShownSlide['link'] {
  const v = link.trim();
  if (v.startsWith('/') && !v.startsWith('//')) return { inApp: v.replace(/^\/#/, '') };
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:' ? { external: u.href } : null;
  } catch {
    return null;
  }
}

export function shownSlides(fromServer: CarouselSlide[] | undefined): ShownSlide[] {
  const active = (fromServer ?? []).filter((s) => s.active);
  if (active.length === 0) return BUILT_IN_SLIDES;
  return active.map((s) => ({ key: `s${s.id}`, title: s.title, text: s.text, bg: safeBackground(s.bg), image: safeImage(s.image), link: safeLink(s.link) }));
}
