// Help, content and feedback calls (issue 20): feedback (spec 01 §2–§7), the user manual pages,
// the dynamics static pages and notices (spec 02 §2, §3, §7), announcements seen once, and the
// association (hot / recommended tools) drawer.
//
// Paths the spec leaves unnamed, as this server answers them:
// - menu notice list (spec 02 §7)            GET  /dynamics/notification → MenuNotice[]
// - update news list (spec 02 §7)            GET  /dynamics/island?page&limit → UpdateNewsItem[], count
// - team introduction / citations text       GET  /dynamics?item=teamIntroduction|citationsAndAcknowledgments
//                                                 → { title, introduction: HTML }
// - citation URL (item citationsAndAcknowledgments), team page URL
//                                            GET  /dynamics/siteInfo?item=… → { url } (a /help/*.html page)
// - association list (spec 02 §7)            GET  /anatools/association?limit&page&type&file&toolId
//                                            POST /anatools/association (same fields in a JSON body)
//                                                 → { association: AssociationCard[], count }
// - announcements list (spec 01 §7)          GET  /home/announcements (SitePaths.announcements): a
//   logged-in caller (X-Csrftoken) gets only the announcements it has not been served before, and
//   serving marks them seen, so each shows once per user; a visitor gets them all and marks nothing.
// - standalone manual pages for frames       GET  /help/{introduction|manual|team|citations}.html
//   (no scripts: their CSP allows none; styles from /help/help.css)
import { z } from 'zod';

export const HelpPaths = {
  feedbackList: '/user/feedback-v2/query',
  feedbackAdd: '/user/feedback-v2',
  feedbackLook: '/user/feedback-v2/look',
  feedbackSend: '/user/feedback-v2/send',
  introduction: '/home/introduction',
  getStarted: '/home/getStarted',
  /** Text of a static page by item. */
  dynamics: '/dynamics',
  /** Update news timeline. */
  updateNews: '/dynamics/island',
  /** Rotating header notices. */
  notices: '/dynamics/notification',
  association: '/anatools/association',
  /** Standalone pages: `${helpPages}/${HelpPage}.html`, and `${helpPages}/help.css`. */
  helpPages: '/help',
  favicon: '/favicon.ico',
} as const;

/** Pages served as `/help/{name}.html`; the web's document routes frame the first two. */
export const HELP_PAGES = ['introduction', 'manual', 'team', 'citations'] as const;
export type HelpPage = (typeof HELP_PAGES)[number];
export const helpPageUrl = (page: HelpPage): string => `${HelpPaths.helpPages}/${page}.html`;

// ---- feedback ----

/** Spec 01 §5: the type choices, 使用故障 first and default. */
export const FEEDBACK_TYPES = ['使用故障', '新工具需求', '新流程需求', '改进意见', '其他'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** Spec 01 §4: 1 completed (tag Complete), 2 pending (tag Pending). */
export const FeedbackStatus = { completed: 1, pending: 2 } as const;
export type FeedbackStatus = (typeof FeedbackStatus)[keyof typeof FeedbackStatus];

/** Feedback list page size (spec 01 §9). */
export const FEEDBACK_PAGE_SIZE = 15;
/** Longest feedback or reply after sanitising, in characters. */
export const FEEDBACK_MAX_CHARS = 20_000;
/** Longest rich text accepted before sanitising (markup that is stripped still costs). */
export const FEEDBACK_MAX_RAW_CHARS = 200_000;

export const FeedbackMessages = {
  empty: '请填写反馈内容',
  tooLong: `反馈内容不能超过${FEEDBACK_MAX_CHARS}个字符`,
  tooManyFeedbacks: '提交反馈过于频繁，请一小时后再试',
  tooManyReplies: '回复过于频繁，请稍后再试',
  notFound: '反馈不存在',
  added: '反馈提交成功',
  sent: '发送成功',
} as const;

export const FeedbackListQuery = z.object({
  /** 0 all, 1 completed, 2 pending. */
  status: z.coerce.number().int().min(0).max(2).default(0),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(FEEDBACK_PAGE_SIZE),
});
export type FeedbackListQuery = z.input<typeof FeedbackListQuery>;

export const FeedbackItem = z.object({
  feedbackid: z.number().int(),
  type: z.string(),
  /** "YYYY-MM-DD HH:mm:ss", Beijing time. */
  create_time: z.string(),
  status: z.union([z.literal(1), z.literal(2)]),
});
export type FeedbackItem = z.infer<typeof FeedbackItem>;

export const FeedbackAddBody = z.object({
  type: z.enum(FEEDBACK_TYPES, { message: '请选择反馈类型' }).default('使用故障'),
  /** Rich text (HTML); the server keeps only its allow-list. */
  content: z.string().max(FEEDBACK_MAX_RAW_CHARS, FeedbackMessages.tooLong),
});
export type FeedbackAddBody = z.input<typeof FeedbackAddBody>;
export const FeedbackAddData = z.object({ feedbackid: z.number().int() });

export const FeedbackLookQuery = z.object({ feedbackid: z.coerce.number().int().min(1) });

export const FeedbackEntry = z.object({
  /** user: the feedback's author (shown right); other: support (shown left). */
  role: z.enum(['user', 'other']),
  /** Sanitised HTML. */
  text: z.string(),
  create_time: z.string(),
});
export type FeedbackEntry = z.infer<typeof FeedbackEntry>;

export const FeedbackLookData = z.object({
  feedbackid: z.number().int(),
  type: z.string(),
  status: z.union([z.literal(1), z.literal(2)]),
  create_time: z.string(),
  /** Oldest first; the first entry is the feedback itself. */
  conversation: z.array(FeedbackEntry),
});
export type FeedbackLookData = z.infer<typeof FeedbackLookData>;

export const FeedbackSendBody = z.object({
  input: z.string().max(FEEDBACK_MAX_RAW_CHARS, FeedbackMessages.tooLong),
  feedbackid: z.coerce.number().int().min(1),
});
export type FeedbackSendBody = z.input<typeof FeedbackSendBody>;

// ---- manual and static pages ----

export const IntroductionData = z.object({ introduction: z.string() });
export const GetStartedData = z.object({ getStarted: z.string() });

export const DYNAMICS_ITEMS = ['teamIntroduction', 'citationsAndAcknowledgments'] as const;
export const DynamicsQuery = z.object({ item: z.enum(DYNAMICS_ITEMS).default('teamIntroduction') });
export const DynamicsData = z.object({ title: z.string(), introduction: z.string() });

export const UPDATE_NEWS_PAGE_SIZE = 20;
export const UpdateNewsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(UPDATE_NEWS_PAGE_SIZE),
});
/** Spec 02 §3 update news item; newest first. */
export const UpdateNewsItem = z.object({
  /** "YYYY-MM-DD". */
  created_at: z.string(),
  title: z.string(),
  /** Sanitised HTML strings, one per bullet. */
  content: z.array(z.string()),
});
export type UpdateNewsItem = z.infer<typeof UpdateNewsItem>;

/** Spec 02 §3 menu notice: `link` shows as a hyperlink to `link`, anything else as text. */
export const MenuNotice = z.object({ type: z.enum(['link', 'text']), link: z.string(), content: z.string() });
export type MenuNotice = z.infer<typeof MenuNotice>;

// ---- association drawer ----

/** Spec 02 §9: association page size. */
export const ASSOCIATION_PAGE_SIZE = 6;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const AssociationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(ASSOCIATION_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** hot: most used tools; link: what to run next after toolId on this file. */
  type: z.enum(['hot', 'link']).default('hot'),
  /** The chosen file's `_fid`, when there is one. */
  file: z.preprocess(emptyToUndefined, z.string().max(64).optional()),
  toolId: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).optional()),
});
export type AssociationQuery = z.input<typeof AssociationQuery>;

/** Spec 02 §3 tool card. */
export const AssociationCard = z.object({
  id: z.number().int(),
  icon: z.string(),
  toolname: z.string(),
  discription: z.string(),
  /** Why it is recommended (link list only), e.g. 数据不满足正态性时的替代方法. */
  reason: z.string().optional(),
});
export type AssociationCard = z.infer<typeof AssociationCard>;
export const AssociationData = z.object({ association: z.array(AssociationCard), count: z.number().int() });
export type AssociationData = z.infer<typeof AssociationData>;
