// Feedback (spec 01 §2–§7): a user's threads with support. Users see and answer only their own;
// support (the CLI today, the operator console later) lists pending threads, replies and closes
// them. Every text is sanitised rich text; a user's reply reopens the thread as pending.
import {
  FEEDBACK_MAX_CHARS,
  FeedbackMessages,
  FeedbackStatus,
  type FeedbackItem,
  type FeedbackLookData,
  type FeedbackType,
} from '@labstat/contracts';
import { badRequest, notFound } from '../errors.js';
import { isBlankRichText, sanitizeRichText, textToRichText } from '../lib/rich-text.js';
import { formatBeijing } from '../lib/time.js';
import type { FeedbackRepo, FeedbackRow } from '../repositories/feedback-repo.js';
import type { UsersRepo } from '../repositories/users-repo.js';
import type { RateLimiter } from './rate-limiter.js';

const HOUR = 60 * 60 * 1000;
/** New threads per user per hour. */
export const FEEDBACKS_PER_HOUR = 10;
/** Replies per user per hour, over all their threads. */
export const REPLIES_PER_HOUR = 60;

const statusOf = (n: number): 1 | 2 => (n === FeedbackStatus.completed ? 1 : 2);

export interface SupportThread {
  feedbackid: number;
  type: string;
  status: 1 | 2;
  create_time: string;
  update_time: string;
  user: { id: number; username: string; mobile: string };
}

export class FeedbackService {
  constructor(
    private readonly repo: FeedbackRepo,
    private readonly users: UsersRepo,
    private readonly limiter: RateLimiter,
    private readonly now: () => number,
  ) {}

  /** Sanitised text within the limits, or the Chinese reason it cannot be taken. */
  private clean(html: string): string {
    const text = sanitizeRichText(html);
    if (isBlankRichText(text)) throw badRequest(FeedbackMessages.empty);
    if (text.length > FEEDBACK_MAX_CHARS) throw badRequest(FeedbackMessages.tooLong);
    return text;
  }

  /** The thread if `userId` owns it; another user's thread is as absent as a missing one. */
  private async owned(userId: number, feedbackId: number): Promise<FeedbackRow> {
    const row = await this.repo.byId(feedbackId);
    if (!row || row.user_id !== userId) throw notFound(FeedbackMessages.notFound);
    return row;
  }

  async list(userId: number, q: { status: number; page: number; limit: number }): Promise<{ list: FeedbackItem[]; count: number }> {
    const { rows, count } = await this.repo.list({ userId, status: q.status === 0 ? null : q.status }, (q.page - 1) * q.limit, q.limit);
    return {
      list: rows.map((r) => ({ feedbackid: r.id, type: r.type, create_time: formatBeijing(r.created_at), status: statusOf(r.status) })),
      count,
    };
  }

  async add(userId: number, body: { type: FeedbackType; content: string }): Promise<number> {
    const text = this.clean(body.content);
    await this.limiter.reserve([{ key: `feedback:add:${userId}`, limit: FEEDBACKS_PER_HOUR, windowMs: HOUR, message: FeedbackMessages.tooManyFeedbacks }]);
    return this.repo.create({ user_id: userId, type: body.type, text, now: this.now() });
  }

  async look(userId: number, feedbackId: number): Promise<FeedbackLookData> {
    return this.conversation(await this.owned(userId, feedbackId));
  }

  /** The user's reply: appended, and the thread waits for support again. */
  async send(userId: number, feedbackId: number, input: string): Promise<void> {
    await this.owned(userId, feedbackId);
    const text = this.clean(input);
    await this.limiter.reserve([{ key: `feedback:send:${userId}`, limit: REPLIES_PER_HOUR, windowMs: HOUR, message: FeedbackMessages.tooManyReplies }]);
    await this.repo.addMessage(feedbackId, { role: 'user', text, author: '', now: this.now() }, FeedbackStatus.pending);
  }

  private async conversation(row: FeedbackRow): Promise<FeedbackLookData> {
    const messages = await this.repo.messages(row.id);
    return {
      feedbackid: row.id,
      type: row.type,
      status: statusOf(row.status),
      create_time: formatBeijing(row.created_at),
      conversation: messages.map((m) => ({ role: m.role, text: m.text, create_time: formatBeijing(m.created_at) })),
    };
  }

  // ---- support side (CLI now, operator console later): no owner check, callers are trusted ----

  /** Threads for support; pending ones oldest first, so the longest waiting comes first. */
  async supportList(q: { status: number; page: number; limit: number }): Promise<{ list: SupportThread[]; count: number }> {
    const status = q.status === 0 ? null : q.status;
    const { rows, count } = await this.repo.list({ userId: null, status }, (q.page - 1) * q.limit, q.limit, status === FeedbackStatus.pending);
    const list: SupportThread[] = [];
    for (const r of rows) list.push(await this.supportThread(r));
    return { list, count };
  }

  async supportShow(feedbackId: number): Promise<SupportThread & FeedbackLookData> {
    const row = await this.repo.byId(feedbackId);
    if (!row) throw notFound(FeedbackMessages.notFound);
    return { ...(await this.supportThread(row)), ...(await this.conversation(row)) };
  }

  /**
   * Support's answer, as HTML or plain text (paragraphs). The thread is completed unless
   * `keepPending` (a question back to the user that still needs support's follow-up).
   */
  async supportReply(feedbackId: number, textOrHtml: string, opts: { author: string; keepPending?: boolean }): Promise<void> {
    const row = await this.repo.byId(feedbackId);
    if (!row) throw notFound(FeedbackMessages.notFound);
    const text = this.clean(textToRichText(textOrHtml));
    const status = opts.keepPending ? FeedbackStatus.pending : FeedbackStatus.completed;
    await this.repo.addMessage(feedbackId, { role: 'other', text, author: opts.author.slice(0, 64), now: this.now() }, status);
  }

  async supportSetStatus(feedbackId: number, status: FeedbackStatus): Promise<void> {
    if (!(await this.repo.setStatus(feedbackId, status, this.now()))) throw notFound(FeedbackMessages.notFound);
  }

  private async supportThread(r: FeedbackRow): Promise<SupportThread> {
    const u = await this.users.byId(r.user_id);
    return {
      feedbackid: r.id,
      type: r.type,
      status: statusOf(r.status),
      create_time: formatBeijing(r.created_at),
      update_time: formatBeijing(r.updated_at),
      user: { id: r.user_id, username: u?.username ?? '', mobile: u?.mobile ?? '' },
    };
  }
}
