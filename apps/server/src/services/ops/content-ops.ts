// Operators' side of help and content (issue 24): the feedback queue answered through the feedback
// service's own support calls, and the content the site shows — announcements, header notices,
// update news, carousel slides, the team/citation pages, the user agreement's URL. Rich text goes
// through the same allow-list as feedback; links must be http(s) or a path on this site.
import {
  FeedbackStatus,
  OpsMessages,
  type CarouselSlide,
  type CarouselSlideSave,
  type OpsAnnouncement,
  type OpsAnnouncementSave,
  type OpsContentPage,
  type OpsContentPageSave,
  type OpsFeedbackItem,
  type OpsFeedbackThread,
  type OpsNews,
  type OpsNewsSave,
  type OpsNotice,
  type OpsNoticeSave,
} from '@labstat/contracts';
import type { Selectable } from 'kysely';
import { renderPage } from '../../db/seed-content.js';
import type { AnnouncementsTable, CarouselSlidesTable, MenuNoticesTable, UpdateNewsTable } from '../../db/schema.js';
import { badRequest, notFound } from '../../errors.js';
import { isBlankRichText, sanitizeRichText } from '../../lib/rich-text.js';
import { formatBeijing } from '../../lib/time.js';
import type { EditableTable, SiteContentRepo } from '../../repositories/site-content-repo.js';
import type { FeedbackService } from '../feedback-service.js';
import type { Actor, AuditService } from './audit-service.js';
import { parseList } from '../content-service.js';

type Kind = 'announcement' | 'notice' | 'news' | 'carousel';

/** http(s) URLs and paths on this site; nothing that could run (javascript:, data:…). */
const SAFE_LINK = /^(?:https?:\/\/[^\s<>"']+|\/(?!\/)[^\s<>"']*)$/i;
/** A colour or gradient for a slide's background: no url(), no expression(), no semicolons. */
const SAFE_BG = /^[#a-zA-Z0-9(),.%\s-]*$/;

function link(v: string, what: string): string {
  if (v && !SAFE_LINK.test(v)) throw badRequest(`${what}必须以 http://、https:// 或 / 开头`);
  return v;
}

export class ContentOps {
  constructor(
    private readonly repo: SiteContentRepo,
    private readonly feedback: FeedbackService,
    private readonly audit: AuditService,
    private readonly now: () => number,
  ) {}

  // ---- feedback ----

  async feedbackList(q: { status: number; page: number; limit: number }): Promise<{ list: OpsFeedbackItem[]; count: number }> {
    return this.feedback.supportList(q);
  }

  async feedbackLook(id: number): Promise<OpsFeedbackThread> {
    const t = await this.feedback.supportShow(id);
    return { feedbackid: t.feedbackid, type: t.type, status: t.status, create_time: t.create_time, update_time: t.update_time, user: t.user, conversation: t.conversation };
  }

  async feedbackReply(actor: Actor & { username: string }, b: { feedbackid: number; html: string; keepPending: boolean }): Promise<void> {
    const before = await this.feedback.supportShow(b.feedbackid);
    await this.feedback.supportReply(b.feedbackid, sanitizeRichText(b.html), { author: `operator:${actor.userId}`, keepPending: b.keepPending });
    const after = await this.feedback.supportShow(b.feedbackid);
    await this.audit.record(actor, {
      action: 'feedback.reply',
      target: `feedback:${b.feedbackid}`,
      before: { status: before.status },
      after: { status: after.status, reply: after.conversation.at(-1)?.text ?? '' },
    });
  }

  async feedbackComplete(actor: Actor, id: number): Promise<void> {
    const before = await this.feedback.supportShow(id);
    await this.feedback.supportSetStatus(id, FeedbackStatus.completed);
    await this.audit.record(actor, { action: 'feedback.complete', target: `feedback:${id}`, before: { status: before.status }, after: { status: FeedbackStatus.completed } });
  }

  // ---- announcements ----

  async announcements(): Promise<OpsAnnouncement[]> {
    const rows = await this.repo.list<Selectable<AnnouncementsTable>>('announcements');
    return rows.map((r) => ({ id: r.id, title: r.title, content: r.content, sort: r.sort, active: r.active === 1, create_time: formatBeijing(r.created_at) }));
  }

  async announcementSave(actor: Actor, b: Required<Omit<OpsAnnouncementSave, 'id'>> & { id?: number | undefined }): Promise<number> {
    const content = sanitizeRichText(b.content);
    if (isBlankRichText(content)) throw badRequest('请填写公告内容');
    const row = { title: b.title, content, sort: b.sort, active: b.active ? 1 : 0 };
    return this.save(actor, 'announcements', 'announcement', b.id, b.id === undefined ? { ...row, created_at: this.now() } : row);
  }

  async announcementDelete(actor: Actor, id: number): Promise<void> {
    await this.remove(actor, 'announcements', 'announcement', id);
  }

  // ---- header notices ----

  async notices(): Promise<OpsNotice[]> {
    const rows = await this.repo.list<Selectable<MenuNoticesTable>>('menu_notices');
    return rows.map((r) => ({ id: r.id, type: r.type === 'link' ? 'link' : 'text', link: r.link, content: r.content, sort: r.sort, active: r.active === 1 }));
  }

  async noticeSave(actor: Actor, b: Required<Omit<OpsNoticeSave, 'id'>> & { id?: number | undefined }): Promise<number> {
    if (b.type === 'link' && !b.link) throw badRequest('链接通知需要填写链接地址');
    const row = { type: b.type, link: b.type === 'link' ? link(b.link, '链接地址') : '', content: b.content, sort: b.sort, active: b.active ? 1 : 0 };
    return this.save(actor, 'menu_notices', 'notice', b.id, row);
  }

  async noticeDelete(actor: Actor, id: number): Promise<void> {
    await this.remove(actor, 'menu_notices', 'notice', id);
  }

  // ---- update news ----

  async news(): Promise<OpsNews[]> {
    const rows = await this.repo.list<Selectable<UpdateNewsTable>>('update_news');
    return rows.map((r) => ({ id: r.id, title: r.title, content: parseList(r.content), published: formatBeijing(r.published_at).slice(0, 10), active: r.active === 1 }));
  }

  async newsSave(actor: Actor, b: Required<Omit<OpsNewsSave, 'id'>> & { id?: number | undefined }): Promise<number> {
    const published = Date.parse(`${b.published}T00:00:00+08:00`);
    if (Number.isNaN(published)) throw badRequest('日期格式应为 YYYY-MM-DD');
    const content = b.content.map(sanitizeRichText).filter((p) => !isBlankRichText(p));
    if (!content.length) throw badRequest('请填写动态内容');
    const row = { title: b.title, content: JSON.stringify(content), published_at: published, active: b.active ? 1 : 0 };
    return this.save(actor, 'update_news', 'news', b.id, row);
  }

  async newsDelete(actor: Actor, id: number): Promise<void> {
    await this.remove(actor, 'update_news', 'news', id);
  }

  // ---- carousel ----

  async carousel(activeOnly = false): Promise<CarouselSlide[]> {
    const rows = await this.repo.list<Selectable<CarouselSlidesTable>>('carousel_slides');
    return rows.filter((r) => !activeOnly || r.active === 1).map((r) => ({ id: r.id, title: r.title, text: r.text, link: r.link, bg: r.bg, image: r.image, sort: r.sort, active: r.active === 1 }));
  }

  async carouselSave(actor: Actor, b: Required<Omit<CarouselSlideSave, 'id'>> & { id?: number | undefined }): Promise<number> {
    if (!SAFE_BG.test(b.bg) || /url|expression/i.test(b.bg)) throw badRequest('背景只能是颜色或渐变，例如 #409EFF 或 linear-gradient(120deg,#409EFF,#1d4ed8)');
    const row = { title: b.title, text: b.text, link: link(b.link, '链接地址'), bg: b.bg, image: link(b.image, '图片地址'), sort: b.sort, active: b.active ? 1 : 0 };
    return this.save(actor, 'carousel_slides', 'carousel', b.id, b.id === undefined ? { ...row, created_at: this.now() } : row);
  }

  async carouselDelete(actor: Actor, id: number): Promise<void> {
    await this.remove(actor, 'carousel_slides', 'carousel', id);
  }

  // ---- pages ----

  async pages(): Promise<OpsContentPage[]> {
    const items = ['team', 'citations', 'introduction', 'manual'] as const;
    const out: OpsContentPage[] = [];
    for (const item of items) {
      const row = await this.repo.page(item);
      if (row) out.push({ item, title: row.title, html: row.html, source: row.source === 'operator' ? 'operator' : 'seed', update_time: formatBeijing(row.updated_at) });
      else out.push({ item, ...renderPage(item), source: 'seed', update_time: '' });
    }
    return out;
  }

  /** An operator's page: marked `operator`, so starting the server again (seeding) leaves it. */
  async pageSave(actor: Actor, b: Required<OpsContentPageSave>): Promise<void> {
    const html = sanitizeRichText(b.html);
    if (isBlankRichText(html)) throw badRequest('请填写页面内容');
    const now = this.now();
    const page = await this.repo.page(b.item);
    const before = page ? { title: page.title, html: page.html, source: page.source } : null;
    await this.repo.saveOperatorPage(b.item, b.title, html, now);
    await this.audit.record(actor, { action: 'page.save', target: `page:${b.item}`, before, after: { title: b.title, html } });
  }

  // ---- agreement ----

  async agreement(): Promise<{ url: string }> {
    return { url: await this.repo.siteUrl('userAgreement') };
  }

  async agreementSave(actor: Actor, url: string): Promise<void> {
    link(url, '协议地址');
    const before = await this.agreement();
    await this.repo.setSiteUrl('userAgreement', url);
    await this.audit.record(actor, { action: 'agreement.save', target: 'site:userAgreement', before, after: { url } });
  }

  // ---- shared ----

  private async save(
    actor: Actor,
    table: EditableTable,
    kind: Kind,
    id: number | undefined,
    row: Record<string, unknown>,
  ): Promise<number> {
    const action = `${kind}.save` as const;
    if (id === undefined) {
      const newId = await this.repo.insert(table, row);
      await this.audit.record(actor, { action, target: `${kind}:${newId}`, after: row });
      return newId;
    }
    const before = await this.repo.byId(table, id);
    if (!before) throw notFound(OpsMessages.notFound);
    await this.repo.update(table, id, row);
    await this.audit.record(actor, { action, target: `${kind}:${id}`, before, after: row });
    return id;
  }

  private async remove(actor: Actor, table: EditableTable, kind: Kind, id: number): Promise<void> {
    const before = await this.repo.byId(table, id);
    if (!before) throw notFound(OpsMessages.notFound);
    await this.repo.remove(table, id);
    await this.audit.record(actor, { action: `${kind}.delete`, target: `${kind}:${id}`, before });
  }
}
