// Builders for report content: three-line tables of formatted numbers, p-values as journals want
// them, and results maps without non-finite numbers (JSON has none).
import type { ReportBlock } from '@labstat/contracts';

/** A number for a table cell: fixed decimals, null for missing or non-finite. */
export function num(x: number | null | undefined, digits = 3): number | null {
  if (x === null || x === undefined || !Number.isFinite(x)) return null;
  return Number(x.toFixed(digits));
}

/** P as Chinese journals print it: P<0.001 below a thousandth, otherwise three decimals. */
export function formatP(p: number): string {
  if (!Number.isFinite(p)) return '—';
  return p < 0.001 ? '<0.001' : p.toFixed(3);
}

export function table(title: string, columns: string[], rows: Array<Array<string | number | null>>, footnotes: string[] = []): ReportBlock {
  return { type: 'table', title, columns, rows, footnotes };
}

/**
 * Markdown a tool wrote itself. Only `md` makes one, so text from the user's data (column names,
 * category values, file names) can reach a text block only escaped.
 */
export type Markdown = string & { readonly __markdown: true };

/** ASCII characters that open a markdown construct anywhere in a line (code, emphasis, strike,
 * links and images, raw HTML and autolinks, entities, table cells, headings, escapes), and `:`/`@`,
 * which start the GFM autolinks (`https://…`, `mailto:…`, `name@host`). */
const MD_INLINE = /[\\`*_~[\]<>&|#:@]/g;

/**
 * User text as markdown that renders it literally: no link, image, emphasis, HTML or heading can
 * come out of it. Line breaks and runs of blanks become one space (inline text renders them so
 * anyway), which also rules out block constructs starting mid-text; what could still start a block
 * at the beginning of a line (`- `, `+ `, `= `, `1. `) and `www.` (a GFM autolink) are escaped too.
 * Every escape is a CommonMark backslash escape of ASCII punctuation, so any renderer shows the
 * original characters.
 */
export function escapeMarkdown(s: string): string {
  return s
    .replace(/[ \t\n\v\f\r\u2028\u2029]+/g, ' ')
    .replace(MD_INLINE, '\\$&')
    .replace(/^( ?)([-+=])/, '$1\\$2')
    .replace(/^( ?\d{1,9})([.)])(?= |$)/, '$1\\$2')
    .replace(/(^|[wW])\./g, '$1\\.');
}

/**
 * Markdown with interpolated values taken literally: `md\`- **${name}**：n = ${n}\`` escapes
 * `name`, so the tool's own markup renders and the user's text never becomes markup.
 */
export function md(strings: TemplateStringsArray, ...values: Array<string | number | boolean | null | undefined>): Markdown {
  return strings.reduce((out, s, i) => out + s + (i < values.length ? (typeof values[i] === 'string' ? escapeMarkdown(values[i] as string) : String(values[i])) : ''), '') as Markdown;
}

/** Lines or paragraphs of the tool's own markdown joined (a list: '\n'; paragraphs: '\n\n'). */
export const mdJoin = (parts: readonly Markdown[], separator: '\n' | '\n\n'): Markdown => parts.join(separator) as Markdown;

/** A text block of plain paragraphs: everything in them is shown as written, nothing is markdown. */
export const text = (...paragraphs: string[]): ReportBlock => ({ type: 'text', markdown: paragraphs.map(escapeMarkdown).join('\n\n') });

/** A text block of the tool's own markdown (lists, bold…), built with `md`. */
export const markdownText = (...paragraphs: Markdown[]): ReportBlock => ({ type: 'text', markdown: paragraphs.join('\n\n') });

/** Non-finite numbers become null so the report stays valid JSON. */
export function finiteOrNull(x: number | null | undefined): number | null {
  return x === null || x === undefined || !Number.isFinite(x) ? null : x;
}
