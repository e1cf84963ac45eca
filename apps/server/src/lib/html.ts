// HTML text helpers for pages the server renders (report page, manuals, icons).
import { Marked, type Token } from 'marked';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Links may only leave for the web or mail; javascript:, data:, relative and odd schemes stay text. */
const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i;

/**
 * The one markdown dialect of reports and manuals (GFM). Raw HTML is never recognised (`<b>` stays
 * the text "<b>"), images render as their alt text (a report loads nothing from elsewhere), and a
 * link keeps its href only for http(s) and mailto. Tools escape the user's text before it gets
 * here (`escapeMarkdown`), so this is the second line, not the first.
 */
const safeMarked = new Marked({
  gfm: true,
  async: false,
  tokenizer: {
    html: () => undefined,
    tag: () => undefined,
  },
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    image({ text, tokens }) {
      return escapeHtml(tokens ? this.parser.parseInline(tokens, this.parser.textRenderer) : text);
    },
    link({ href, title, tokens }) {
      const inner = this.parser.parseInline(tokens);
      const url = href.trim();
      if (!SAFE_HREF.test(url)) return inner;
      const t = title ? ` title="${escapeHtml(title)}"` : '';
      return `<a href="${escapeHtml(url)}"${t} target="_blank" rel="noopener noreferrer nofollow">${inner}</a>`;
    },
  },
});

/** Markdown to HTML in the safe dialect above. */
export function markdownHtml(md: string): string {
  return safeMarked.parse(md, { async: false });
}

/** The tokens of the same dialect, for renderers that are not HTML (the Word download). */
export function markdownTokens(md: string): Token[] {
  return safeMarked.lexer(md);
}
