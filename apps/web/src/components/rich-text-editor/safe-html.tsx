// Server HTML shown in the page (feedback messages, news items, static page text), sanitised again
// in the browser with DOMPurify: the server's allow-list is the first line, this the second.
import DOMPurify, { type Config } from 'dompurify';
import { useMemo, type CSSProperties } from 'react';
import './rich-text.css';

/** What users and support write: the server's rich-text allow-list (apps/server/src/lib/rich-text.ts). */
const RICH: Config = {
  ALLOWED_TAGS: ['p', 'br', 'strong', 'em', 'u', 's', 'ol', 'ul', 'li', 'blockquote', 'code', 'pre', 'h1', 'h2', 'h3', 'h4', 'a', 'img'],
  ALLOWED_ATTR: ['href', 'rel', 'target', 'src', 'alt'],
  ALLOW_DATA_ATTR: false,
};

/** Operator-written pages (rendered markdown): DOMPurify's HTML profile, no styles or forms. */
const PAGE: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
  FORBID_ATTR: ['style'],
};

/** Sanitised HTML; links leaving the app open in a new tab without access to this window. */
export function sanitizeHtml(html: string, profile: 'rich' | 'page' = 'rich'): string {
  const body = DOMPurify.sanitize(html, { ...(profile === 'rich' ? RICH : PAGE), RETURN_DOM: true }) as HTMLElement;
  for (const a of body.querySelectorAll('a[href]')) {
    const href = a.getAttribute('href') ?? '';
    if (/^(https?:)?\/\//i.test(href) || /^mailto:/i.test(href)) {
      a.setAttribute('target', '_blank');
      a.setAttribute('rel', 'noopener noreferrer nofollow');
    } else {
      a.removeAttribute('target');
    }
  }
  return body.innerHTML;
}

export interface SafeHtmlProps {
  html: string;
  profile?: 'rich' | 'page';
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

export function SafeHtml({ html, profile = 'rich', className, style, ...rest }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html, profile), [html, profile]);
  return (
    <div
      className={['rich-text', className].filter(Boolean).join(' ')}
      style={style}
      data-testid={rest['data-testid']}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
