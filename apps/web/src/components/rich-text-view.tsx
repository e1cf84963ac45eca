// Server rich text (announcements) shown as React elements built from an allow-list, without a
// sanitiser library or dangerouslySetInnerHTML, so the home page need not load DOMPurify (issue 25
// item 5). The HTML is parsed by DOMParser into an inert document (no scripts run, nothing loads);
// only the tags and attributes below become elements, everything else leaves just its text, which
// React escapes. The server's allow-list (apps/server/src/lib/rich-text.ts) is the first line.
import { createElement, Fragment, useMemo, type CSSProperties, type ReactNode } from 'react';

/** The server's allowed tags, and what it turns b, i, del and strike into. */
const TAGS = new Set('p br strong em u s ol ul li blockquote code pre h1 h2 h3 h4 a img'.split(' '));
const ALIAS = new Map([['b', 'strong'], ['i', 'em'], ['del', 's'], ['strike', 's']]);

/** Elements whose content is code, styling or another document, never text to read: dropped whole. */
const DROPPED = new Set('script style template noscript textarea select iframe object embed svg math'.split(' '));

/** Images may only be files uploaded to this site: the server's OWN_IMAGE rule. */
const OWN_IMAGE = /^\/uploads\/files\/clutter\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:png|jpe?g|gif|webp)$/;
const EXTERNAL = /^(?:https?:\/\/|mailto:)/i;
/** Far deeper than anything an editor writes; beyond it content flattens to text. */
const MAX_DEPTH = 64;

/** An image source the server would keep, else null. */
export function safeImageSrc(src: string | null): string | null {
  return src !== null && OWN_IMAGE.test(src) ? src : null;
}

/**
 * Where a link may go: http(s) and mailto (external, new tab), or a path or hash on this site
 * (same tab). Anything else (javascript:, data:, protocol-relative, "/\host") is null.
 */
export function safeLink(href: string | null): { href: string; external: boolean } | null {
  const v = (href ?? '').trim();
  if (!v) return null;
  if (EXTERNAL.test(v)) return { href: v, external: true };
  if (!/^[/#]/.test(v)) return null;
  // Resolve as a browser would (it drops tabs and newlines and reads "\" as "/"), so nothing that
  // starts like a path can land on another host.
  const base = 'https://labstat.invalid/';
  try {
    return new URL(v, base).origin === new URL(base).origin ? { href: v, external: false } : null;
  } catch {
    return null;
  }
}

/** The part of a DOM node the walk reads (a real DOM node, or a plain object in tests). */
export interface RichTextNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly nodeValue: string | null;
  readonly textContent: string | null;
  readonly childNodes: ArrayLike<RichTextNode>;
  getAttribute?(name: string): string | null;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/** React nodes for the children of `parent`, keeping only the allow-list. */
export function richTextChildren(parent: RichTextNode, depth = 0): ReactNode[] {
  const out: ReactNode[] = [];
  const kids = parent.childNodes;
  for (let i = 0; i < kids.length; i++) {
    const node = kids[i]!;
    if (node.nodeType === TEXT_NODE) {
      if (node.nodeValue) out.push(node.nodeValue);
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue; // comments, processing instructions
    let tag = node.nodeName.toLowerCase();
    if (DROPPED.has(tag)) continue;
    if (depth >= MAX_DEPTH) {
      if (node.textContent) out.push(node.textContent);
      continue;
    }
    tag = ALIAS.get(tag) ?? tag;
    const children = richTextChildren(node, depth + 1);
    if (!TAGS.has(tag)) {
      // Not allowed: its text (and allowed descendants) stay, the element does not.
      if (children.length) out.push(createElement(Fragment, { key: i }, ...children));
      continue;
    }
    if (tag === 'br') {
      out.push(createElement('br', { key: i }));
    } else if (tag === 'img') {
      const src = safeImageSrc(node.getAttribute?.('src') ?? null);
      if (src) out.push(createElement('img', { key: i, src, alt: node.getAttribute?.('alt') ?? '' }));
    } else if (tag === 'a') {
      const link = safeLink(node.getAttribute?.('href') ?? null);
      const props = !link ? null : link.external ? { href: link.href, target: '_blank', rel: 'noopener noreferrer nofollow' } : { href: link.href };
      out.push(props ? createElement('a', { key: i, ...props }, ...children) : createElement(Fragment, { key: i }, ...children));
    } else {
      out.push(createElement(tag, { key: i }, ...children));
    }
  }
  return out;
}

/** Rich-text HTML as React elements (browser only: it needs DOMParser). */
export function richTextElements(html: string): ReactNode[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return richTextChildren(doc.body);
}

export interface RichTextViewProps {
  html: string;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/** Server rich text shown through the allow-list above. */
export function RichTextView({ html, className, style, ...rest }: RichTextViewProps) {
  const nodes = useMemo(() => richTextElements(html), [html]);
  return (
    <div className={className} style={style} data-testid={rest['data-testid']}>
      {nodes}
    </div>
  );
}
