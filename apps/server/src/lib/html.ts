// HTML text helpers for pages the server renders (report page, manuals, icons).
import { marked } from 'marked';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Markdown to HTML with every raw character of the source escaped first: no HTML passes through. */
export function markdownHtml(md: string): string {
  return marked.parse(escapeHtml(md), { async: false, gfm: true });
}
