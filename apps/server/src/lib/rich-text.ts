// The allow-list for rich text users and operators write (feedback, replies, news items): the
// editor's formatting survives, anything that could run, load from elsewhere or restyle the page
// does not. The web sanitises again when it shows the text; this is the first line.
import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from './html.js';

/** Images may only be files uploaded to this site (spec 02 uploads: /uploads/files/clutter/{uuid}.{ext}). */
export const OWN_IMAGE = /^\/uploads\/files\/clutter\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:png|jpe?g|gif|webp)$/;
const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'ol', 'ul', 'li', 'blockquote', 'code', 'pre', 'h1', 'h2', 'h3', 'h4', 'a', 'img'],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  // No scheme at all for images: only our own relative upload paths, checked below.
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // Editors write bold and italics in more than one way; keep the meaning, not the tag.
  transformTags: {
    b: 'strong',
    i: 'em',
    del: 's',
    strike: 's',
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? '').trim();
      return SAFE_HREF.test(href)
        ? { tagName, attribs: { href, rel: 'noopener noreferrer nofollow', target: '_blank' } }
        : { tagName, attribs: {} };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_IMAGE.test(frame.attribs.src ?? ''),
  disallowedTagsMode: 'discard',
};

/** Rich text reduced to the allow-list above. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Whether sanitised rich text shows nothing: no visible characters and no image. */
export function isBlankRichText(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .replace(/[\s\u200b\u3000]/g, '');
  return text.length === 0;
}

/** Plain text (a CLI reply) as paragraphs of escaped text; markup-looking input is taken as HTML. */
export function textToRichText(text: string): string {
  if (/<[a-z][\s\S]*>/i.test(text)) return sanitizeRichText(text);
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${escapeHtml(para).replace(/\r?\n/g, '<br />')}</p>`)
    .join('');
}
