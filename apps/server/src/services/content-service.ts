// The manual and static content (spec 01 §2 /document, spec 02 §2 static pages): page HTML for
// the JSON calls and as standalone pages the web frames, update news and the header notices.
import fs from 'node:fs';
import { HELP_PAGES, HelpPaths, type HelpPage, type MenuNotice, type UpdateNewsItem } from '@labstat/contracts';
import { CONTENT_DIR, renderPage } from '../db/seed-content.js';
import { notFound } from '../errors.js';
import { escapeHtml } from '../lib/html.js';
import { formatBeijing } from '../lib/time.js';
import type { ContentRepo } from '../repositories/content-repo.js';

/** Dynamics items (spec 02 §7) and the content page each one shows. */
const DYNAMICS_PAGES: Record<string, HelpPage> = {
  teamIntroduction: 'team',
  citationsAndAcknowledgments: 'citations',
};

/** Standalone pages run nothing: no script, no plugin, no form; styles and images from here only. */
export const HELP_PAGE_CSP = "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

export const isHelpPage = (name: string): name is HelpPage => (HELP_PAGES as readonly string[]).includes(name);

export class ContentService {
  private favicon: Buffer | null = null;
  private css: string | null = null;

  constructor(private readonly repo: ContentRepo) {}

  /** A page's title and HTML; from the content files when the database has none (never seeded). */
  async page(item: HelpPage): Promise<{ title: string; html: string }> {
    return (await this.repo.page(item)) ?? renderPage(item);
  }

  async dynamics(item: string): Promise<{ title: string; introduction: string }> {
    const page = DYNAMICS_PAGES[item];
    if (!page) throw notFound('页面内容不存在');
    const { title, html } = await this.page(page);
    return { title, introduction: html };
  }

  /** A whole HTML document for a frame: the page body under the help stylesheet. */
  async standalone(item: HelpPage): Promise<string> {
    const { title, html } = await this.page(item);
    return [
      '<!doctype html>',
      '<html lang="zh-CN"><head><meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<title>${escapeHtml(title)} - LabStat</title>`,
      `<link rel="stylesheet" href="${HelpPaths.helpPages}/help.css">`,
      `</head><body><main>${html}</main></body></html>`,
    ].join('\n');
  }

  stylesheet(): string {
    this.css ??= fs.readFileSync(`${CONTENT_DIR}help/help.css`, 'utf8');
    return this.css;
  }

  faviconIco(): Buffer {
    this.favicon ??= fs.readFileSync(`${CONTENT_DIR}favicon.ico`);
    return this.favicon;
  }

  async updateNews(page: number, limit: number): Promise<{ list: UpdateNewsItem[]; count: number }> {
    const { rows, count } = await this.repo.updateNews((page - 1) * limit, limit);
    return {
      list: rows.map((r) => ({
        created_at: formatBeijing(r.published_at).slice(0, 10),
        title: r.title,
        content: parseList(r.content),
      })),
      count,
    };
  }

  async notices(): Promise<MenuNotice[]> {
    return (await this.repo.notices()).map((n) => ({ type: n.type === 'link' ? 'link' : 'text', link: n.link, content: n.content }));
  }
}

/** A stored JSON list of strings; anything else reads as empty. */
export function parseList(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
