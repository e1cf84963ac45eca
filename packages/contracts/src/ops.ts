// The operator console's API (issue 24, DESIGN §8b): every path under /ops, every call refused to
// visitors (401, code 50008) and to users without the `operator` role (403), each action written to
// the append-only audit log. Operators see metadata only: no call here returns a data file's
// contents or a report's body.
//
// Conventions: no path parameters (ids go in the query for GET, in the JSON body for POST), so the
// table OPS_ROUTES below lists every call exactly; times on the wire are Beijing time
// "YYYY-MM-DD HH:mm:ss" (dates "YYYY-MM-DD"); money is yuan on the wire (fen in the database).
// Lists answer `{ code, msg, data: Item[], count }` with `page`/`limit` in the query (20 a page).
// Money-related actions (membership change, order close, code batch create/void, gift grant,
// free-plan approval) require a non-empty `reason`; so do lock/unlock and free-plan rejection.
import { z } from 'zod';

export const OPS_PREFIX = '/ops';

export const OpsPaths = {
  /** The caller's operator identity; 403 for a non-operator (how the web learns the role). */
  me: '/ops/me',
  dashboard: '/ops/dashboard',

  feedbackList: '/ops/feedback/list',
  feedbackLook: '/ops/feedback/look',
  feedbackReply: '/ops/feedback/reply',
  feedbackComplete: '/ops/feedback/complete',

  announcements: '/ops/content/announcements',
  announcementSave: '/ops/content/announcements/save',
  announcementDelete: '/ops/content/announcements/delete',
  notices: '/ops/content/notices',
  noticeSave: '/ops/content/notices/save',
  noticeDelete: '/ops/content/notices/delete',
  news: '/ops/content/news',
  newsSave: '/ops/content/news/save',
  newsDelete: '/ops/content/news/delete',
  carousel: '/ops/content/carousel',
  carouselSave: '/ops/content/carousel/save',
  carouselDelete: '/ops/content/carousel/delete',
  /** Team and citation pages (and the other content pages). */
  pages: '/ops/content/pages',
  pageSave: '/ops/content/pages/save',
  /** The user agreement's URL. */
  agreement: '/ops/content/agreement',
  agreementSave: '/ops/content/agreement/save',

  products: '/ops/commerce/products',
  productSave: '/ops/commerce/products/save',
  batches: '/ops/commerce/batches',
  batchCreate: '/ops/commerce/batches/create',
  /** GET ?id= → text/csv (not the envelope): code,tier,duration,expires,status,used_by,used_at. */
  batchExport: '/ops/commerce/batches/export',
  /** Voids every unused code of a batch. */
  batchVoid: '/ops/commerce/batches/void',
  /** Voids one unused code. */
  codeVoid: '/ops/commerce/codes/void',
  freePlanList: '/ops/commerce/free-plan',
  freePlanReview: '/ops/commerce/free-plan/review',
  orders: '/ops/commerce/orders',
  orderClose: '/ops/commerce/orders/close',
  giftTypes: '/ops/commerce/gift-types',
  giftGrant: '/ops/commerce/gifts/grant',

  users: '/ops/users',
  userMembership: '/ops/users/membership',
  userLock: '/ops/users/lock',

  tools: '/ops/tools',
  toolUpdate: '/ops/tools/update',
  /** multipart/form-data: fields `id` (tool id) and `file` (MP4 or WebM). */
  toolVideo: '/ops/tools/video',
  toolVideoClear: '/ops/tools/video/clear',

  audit: '/ops/audit',
  /** GET with the same filters as `audit` → text/csv (not the envelope). */
  auditExport: '/ops/audit/export',
} as const;
export type OpsPath = (typeof OpsPaths)[keyof typeof OpsPaths];

/** Every operator call: method and path. Tests walk it so no route escapes the guard. */
export const OPS_ROUTES: ReadonlyArray<{ method: 'GET' | 'POST'; path: OpsPath }> = [
  { method: 'GET', path: OpsPaths.me },
  { method: 'GET', path: OpsPaths.dashboard },
  { method: 'GET', path: OpsPaths.feedbackList },
  { method: 'GET', path: OpsPaths.feedbackLook },
  { method: 'POST', path: OpsPaths.feedbackReply },
  { method: 'POST', path: OpsPaths.feedbackComplete },
  { method: 'GET', path: OpsPaths.announcements },
  { method: 'POST', path: OpsPaths.announcementSave },
  { method: 'POST', path: OpsPaths.announcementDelete },
  { method: 'GET', path: OpsPaths.notices },
  { method: 'POST', path: OpsPaths.noticeSave },
  { method: 'POST', path: OpsPaths.noticeDelete },
  { method: 'GET', path: OpsPaths.news },
  { method: 'POST', path: OpsPaths.newsSave },
  { method: 'POST', path: OpsPaths.newsDelete },
  { method: 'GET', path: OpsPaths.carousel },
  { method: 'POST', path: OpsPaths.carouselSave },
  { method: 'POST', path: OpsPaths.carouselDelete },
  { method: 'GET', path: OpsPaths.pages },
  { method: 'POST', path: OpsPaths.pageSave },
  { method: 'GET', path: OpsPaths.agreement },
  { method: 'POST', path: OpsPaths.agreementSave },
  { method: 'GET', path: OpsPaths.products },
  { method: 'POST', path: OpsPaths.productSave },
  { method: 'GET', path: OpsPaths.batches },
  { method: 'POST', path: OpsPaths.batchCreate },
  { method: 'GET', path: OpsPaths.batchExport },
  { method: 'POST', path: OpsPaths.batchVoid },
  { method: 'POST', path: OpsPaths.codeVoid },
  { method: 'GET', path: OpsPaths.freePlanList },
  { method: 'POST', path: OpsPaths.freePlanReview },
  { method: 'GET', path: OpsPaths.orders },
  { method: 'POST', path: OpsPaths.orderClose },
  { method: 'GET', path: OpsPaths.giftTypes },
  { method: 'POST', path: OpsPaths.giftGrant },
  { method: 'GET', path: OpsPaths.users },
  { method: 'POST', path: OpsPaths.userMembership },
  { method: 'POST', path: OpsPaths.userLock },
  { method: 'GET', path: OpsPaths.tools },
  { method: 'POST', path: OpsPaths.toolUpdate },
  { method: 'POST', path: OpsPaths.toolVideo },
  { method: 'POST', path: OpsPaths.toolVideoClear },
  { method: 'GET', path: OpsPaths.audit },
  { method: 'GET', path: OpsPaths.auditExport },
];

export const OPS_PAGE_SIZE = 20;

export const OpsMessages = {
  loginRequired: '请先登录',
  forbidden: '无权限：仅运营人员可以访问',
  reasonRequired: '请填写操作原因',
  saved: '保存成功',
  deleted: '删除成功',
  done: '操作成功',
  notFound: '记录不存在',
  userNotFound: '用户不存在',
  toolNotFound: '工具不存在',
  orderNotClosable: '只有未支付的订单可以关闭',
  codeUnknown: '兑换码不存在',
  codeUsed: '该兑换码已被使用，不能作废',
  codeAlreadyVoid: '该兑换码已作废',
  batchUnknown: '兑换码批次不存在',
  freePlanNotPending: '该截图已审核，不能重复审核',
  freePlanAlreadyHad: '该用户已领取过免费会员，已自动驳回',
  giftTypeUnknown: '礼品类型不存在',
  accountLocked: '账号已被锁定，请联系客服',
  /** A user submits a tool an operator switched off. */
  toolDisabled: '该工具已暂停使用，请选择其他工具',
} as const;

/** Beijing "YYYY-MM-DD HH:mm:ss". */
const time = z.string();
const reason = z.string().trim().min(1, OpsMessages.reasonRequired).max(300);
const optionalReason = z.string().trim().max(300).default('');
const page = z.coerce.number().int().min(1).max(1_000_000).default(1);
const limit = z.coerce.number().int().min(1).max(200).default(OPS_PAGE_SIZE);
export const OpsPageQuery = z.object({ page, limit });
export const OpsIdBody = z.object({ id: z.coerce.number().int().min(1) });
export type OpsIdBody = z.input<typeof OpsIdBody>;

// ---- me ----

export const OpsMe = z.object({ userId: z.number().int(), username: z.string(), mobile: z.string(), roles: z.array(z.string()) });
export type OpsMe = z.infer<typeof OpsMe>;

// ---- dashboard ----

export const DashboardQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
export type DashboardQuery = z.input<typeof DashboardQuery>;

export const DashboardDay = z.object({
  /** Beijing calendar day "YYYY-MM-DD", oldest first, every day of the range present. */
  date: z.string(),
  newUsers: z.number().int(),
  /** Users who submitted a task or logged in that day. */
  activeUsers: z.number().int(),
  analyses: z.number().int(),
  failures: z.number().int(),
  /** Paid orders' money that day, yuan. */
  revenue: z.number(),
});
export const ToolFailures = z.object({
  toolId: z.number().int(),
  name: z.string(),
  failures: z.number().int(),
  /** The tool's failure messages, most frequent first (at most 5). */
  messages: z.array(z.object({ message: z.string(), count: z.number().int() })),
});
export const DashboardData = z.object({
  days: z.array(DashboardDay),
  failuresByTool: z.array(ToolFailures),
  queue: z.object({
    /** Tasks waiting for a worker now. */
    waiting: z.number().int(),
    running: z.number().int(),
    /** Seconds the oldest waiting task has waited (0 when none). */
    oldestWaitSeconds: z.number(),
    /** Mean seconds from submission to start over the range's started tasks. */
    avgWaitSeconds: z.number(),
  }),
  storage: z.object({
    /** Users' data files not deleted (examples excluded). */
    files: z.number().int(),
    fileBytes: z.number(),
    reports: z.number().int(),
  }),
  totals: z.object({ users: z.number().int(), revenue: z.number() }),
});
export type DashboardData = z.infer<typeof DashboardData>;

// ---- feedback ----

export const OpsFeedbackListQuery = z.object({
  /** 0 all, 1 completed, 2 pending (default: the queue of pending, oldest waiting first). */
  status: z.coerce.number().int().min(0).max(2).default(2),
  page,
  limit,
});
export const OpsFeedbackItem = z.object({
  feedbackid: z.number().int(),
  type: z.string(),
  status: z.union([z.literal(1), z.literal(2)]),
  create_time: time,
  update_time: time,
  user: z.object({ id: z.number().int(), username: z.string(), mobile: z.string() }),
});
export type OpsFeedbackItem = z.infer<typeof OpsFeedbackItem>;
export const OpsFeedbackLookQuery = z.object({ feedbackid: z.coerce.number().int().min(1) });
export const OpsFeedbackThread = OpsFeedbackItem.extend({
  /** Oldest first; `text` is sanitised HTML; role user = the author, other = support. */
  conversation: z.array(z.object({ role: z.enum(['user', 'other']), text: z.string(), create_time: time })),
});
export type OpsFeedbackThread = z.infer<typeof OpsFeedbackThread>;
export const OpsFeedbackReplyBody = z.object({
  feedbackid: z.coerce.number().int().min(1),
  /** Rich text (HTML); the server sanitises it with the feedback allow-list. */
  html: z.string().max(200_000),
  /** Keep the thread pending (a question back to the user); default: the reply completes it. */
  keepPending: z.boolean().default(false),
});
export type OpsFeedbackReplyBody = z.input<typeof OpsFeedbackReplyBody>;
export const OpsFeedbackCompleteBody = z.object({ feedbackid: z.coerce.number().int().min(1) });

// ---- content ----

export const OpsAnnouncement = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
  create_time: time,
});
export type OpsAnnouncement = z.infer<typeof OpsAnnouncement>;
/** No `id`: a new one. */
export const OpsAnnouncementSave = z.object({
  id: z.number().int().min(1).optional(),
  title: z.string().trim().min(1, '请填写标题').max(100),
  content: z.string().max(50_000),
  sort: z.number().int().min(0).max(100_000).default(0),
  active: z.boolean().default(true),
});
export type OpsAnnouncementSave = z.input<typeof OpsAnnouncementSave>;

export const OpsNotice = z.object({
  id: z.number().int(),
  type: z.enum(['link', 'text']),
  /** http(s) URL or a site path ("/…") for type link; "" for text. */
  link: z.string(),
  content: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
});
export type OpsNotice = z.infer<typeof OpsNotice>;
export const OpsNoticeSave = z.object({
  id: z.number().int().min(1).optional(),
  type: z.enum(['link', 'text']),
  link: z.string().trim().max(500).default(''),
  content: z.string().trim().min(1, '请填写通知内容').max(200),
  sort: z.number().int().min(0).max(100_000).default(0),
  active: z.boolean().default(true),
});
export type OpsNoticeSave = z.input<typeof OpsNoticeSave>;

export const OpsNews = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Paragraphs of sanitised HTML. */
  content: z.array(z.string()),
  /** "YYYY-MM-DD". */
  published: z.string(),
  active: z.boolean(),
});
export type OpsNews = z.infer<typeof OpsNews>;
export const OpsNewsSave = z.object({
  id: z.number().int().min(1).optional(),
  title: z.string().trim().min(1, '请填写标题').max(100),
  content: z.array(z.string().max(20_000)).max(50),
  published: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD'),
  active: z.boolean().default(true),
});
export type OpsNewsSave = z.input<typeof OpsNewsSave>;

export const CarouselSlide = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  /** Where a click goes ("" none): a site path "/…" or an http(s) URL. */
  link: z.string(),
  /** Background: a CSS colour or gradient, or "" for the default. */
  bg: z.string(),
  /** Image URL ("" none): an uploaded image or http(s) URL. */
  image: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
});
export type CarouselSlide = z.infer<typeof CarouselSlide>;
export const CarouselSlideSave = z.object({
  id: z.number().int().min(1).optional(),
  title: z.string().trim().min(1, '请填写标题').max(60),
  text: z.string().trim().max(200).default(''),
  link: z.string().trim().max(500).default(''),
  bg: z.string().trim().max(200).default(''),
  image: z.string().trim().max(500).default(''),
  sort: z.number().int().min(0).max(100_000).default(0),
  active: z.boolean().default(true),
});
export type CarouselSlideSave = z.input<typeof CarouselSlideSave>;

/** Content pages: team (team introduction), citations, introduction, manual. */
export const OPS_CONTENT_PAGES = ['team', 'citations', 'introduction', 'manual'] as const;
export const OpsContentPage = z.object({
  item: z.enum(OPS_CONTENT_PAGES),
  title: z.string(),
  /** Sanitised HTML. */
  html: z.string(),
  /** seed: from the repository's content files; operator: edited here (re-seeding keeps it). */
  source: z.enum(['seed', 'operator']),
  update_time: time,
});
export type OpsContentPage = z.infer<typeof OpsContentPage>;
export const OpsContentPageSave = z.object({
  item: z.enum(OPS_CONTENT_PAGES),
  title: z.string().trim().min(1, '请填写标题').max(100),
  html: z.string().max(500_000),
});
export type OpsContentPageSave = z.input<typeof OpsContentPageSave>;

export const OpsAgreement = z.object({ url: z.string() });
export const OpsAgreementSave = z.object({ url: z.string().trim().min(1, '请填写协议地址').max(500) });

// ---- commerce ----

export const OpsProduct = z.object({
  vip_pid: z.string(),
  tier: z.enum(['vip', 'svip']),
  /** null: lifetime. */
  days: z.number().int().nullable(),
  display_p: z.string(),
  /** yuan */
  price: z.number(),
  /** Price before the promotion, yuan; null: no promotion. */
  before_price: z.number().nullable(),
  promo_end_time: time.nullable(),
  sort: z.number().int(),
  active: z.boolean(),
});
export type OpsProduct = z.infer<typeof OpsProduct>;
/** An unknown vip_pid creates the product. */
export const OpsProductSave = z.object({
  vip_pid: z.string().trim().min(1).max(32).regex(/^[A-Za-z0-9_-]+$/, '套餐编号只能包含字母、数字、-和_'),
  tier: z.enum(['vip', 'svip']),
  days: z.number().int().min(1).max(36_500).nullable(),
  display_p: z.string().trim().min(1, '请填写套餐名称').max(40),
  price: z.number().min(0.01).max(100_000),
  before_price: z.number().min(0.01).max(100_000).nullable().default(null),
  /** "YYYY-MM-DD HH:mm:ss" Beijing; null: the promotion has no end. */
  promo_end_time: z.string().nullable().default(null),
  sort: z.number().int().min(0).max(100_000).default(0),
  active: z.boolean().default(true),
  reason: optionalReason,
});
export type OpsProductSave = z.input<typeof OpsProductSave>;

export const OpsBatch = z.object({
  id: z.number().int(),
  tier: z.enum(['vip', 'svip']),
  days: z.number().int().nullable(),
  /** e.g. 30天, 12个月, 永久 */
  duration: z.string(),
  count: z.number().int(),
  used: z.number().int(),
  voided: z.number().int(),
  expire_time: time.nullable(),
  note: z.string(),
  create_time: time,
});
export type OpsBatch = z.infer<typeof OpsBatch>;
export const OpsBatchCreate = z.object({
  tier: z.enum(['vip', 'svip']),
  /** null: lifetime. */
  days: z.number().int().min(1).max(36_500).nullable(),
  count: z.number().int().min(1).max(10_000),
  /** Last Beijing day the codes redeem ("YYYY-MM-DD"); null: no end. */
  expires: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD').nullable().default(null),
  note: z.string().trim().max(200).default(''),
  reason,
});
export type OpsBatchCreate = z.input<typeof OpsBatchCreate>;
export const OpsBatchCreated = z.object({ batchId: z.number().int(), codes: z.array(z.string()) });
export const OpsBatchExportQuery = z.object({ id: z.coerce.number().int().min(1) });
export const OpsBatchVoid = z.object({ id: z.number().int().min(1), reason });
export type OpsBatchVoid = z.input<typeof OpsBatchVoid>;
export const OpsBatchVoided = z.object({ voided: z.number().int() });
export const OpsCodeVoid = z.object({ code: z.string().trim().min(1).max(64), reason });
export type OpsCodeVoid = z.input<typeof OpsCodeVoid>;

export const OpsFreePlanQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'),
  page,
  limit,
});
export const OpsFreePlanItem = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  mobile: z.string(),
  username: z.string(),
  /** The uploaded screenshot (an image URL the operator's browser can open). */
  image_url: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string(),
  create_time: time,
  review_time: time.nullable(),
});
export type OpsFreePlanItem = z.infer<typeof OpsFreePlanItem>;
/** approve: one month of standard membership, once per user ever; reject: the reason is required. */
export const OpsFreePlanReview = z.object({ id: z.number().int().min(1), decision: z.enum(['approve', 'reject']), reason });
export type OpsFreePlanReview = z.input<typeof OpsFreePlanReview>;
export const OpsFreePlanReviewed = z.object({ outcome: z.enum(['approved', 'rejected', 'already-had']) });

export const OpsOrdersQuery = z.object({
  /** Order id, or the buyer's phone number or nickname (substring). */
  q: z.string().trim().max(64).default(''),
  status: z.enum(['all', 'created', 'paid', 'expired', 'closed']).default('all'),
  page,
  limit,
});
export const OpsOrder = z.object({
  order_id: z.string(),
  userId: z.number().int(),
  mobile: z.string(),
  username: z.string(),
  product: z.string(),
  /** yuan */
  money: z.number(),
  status: z.enum(['created', 'paid', 'expired', 'closed']),
  /** Chinese label of the status. */
  status_label: z.string(),
  provider: z.string(),
  create_time: time,
  pay_time: time.nullable(),
});
export type OpsOrder = z.infer<typeof OpsOrder>;
export const OpsOrderClose = z.object({ order_id: z.string().trim().min(1).max(64), reason });
export type OpsOrderClose = z.input<typeof OpsOrderClose>;

export const OpsGiftType = z.object({
  id: z.number().int(),
  label: z.string(),
  tier: z.enum(['vip', 'svip']),
  days: z.number().int().nullable(),
  active: z.boolean(),
});
export const OpsGiftGrant = z.object({
  /** One or many phone numbers (a batch). */
  mobiles: z.array(z.string().trim().min(1).max(20)).min(1).max(5000),
  name: z.string().trim().min(1, '请填写礼品名称').max(64),
  description: z.string().trim().max(300).default(''),
  /** The gift types it may become; null: any active type. */
  giftTypeIds: z.array(z.number().int().min(1)).min(1).nullable().default(null),
  reason,
});
export type OpsGiftGrant = z.input<typeof OpsGiftGrant>;
export const OpsGiftGranted = z.object({
  granted: z.array(z.object({ mobile: z.string(), userId: z.number().int(), giftId: z.number().int() })),
  /** Phone numbers with no account: nothing given to them. */
  unknown: z.array(z.string()),
});
export type OpsGiftGranted = z.infer<typeof OpsGiftGranted>;

// ---- users ----

export const OpsUsersQuery = z.object({
  /** Phone number or nickname (substring); "" lists everyone, newest first. */
  q: z.string().trim().max(64).default(''),
  page,
  limit,
});
export const OpsUser = z.object({
  id: z.number().int(),
  mobile: z.string(),
  username: z.string(),
  tier: z.enum(['free', 'vip', 'svip']),
  /** Chinese label of the tier. */
  tier_label: z.string(),
  vip_time: time.nullable(),
  vip_life: z.number().int(),
  svip_time: time.nullable(),
  svip_life: z.number().int(),
  files: z.number().int(),
  tasks: z.number().int(),
  roles: z.array(z.string()),
  locked: z.boolean(),
  lock_reason: z.string(),
  create_time: time,
});
export type OpsUser = z.infer<typeof OpsUser>;
export const OpsMembershipChange = z.object({
  userId: z.number().int().min(1),
  tier: z.enum(['vip', 'svip']),
  /** extend: add `days` (null: lifetime); revoke: end the tier now (lifetime included). */
  action: z.enum(['extend', 'revoke']),
  days: z.number().int().min(1).max(36_500).nullable().default(null),
  reason,
});
export type OpsMembershipChange = z.input<typeof OpsMembershipChange>;
export const OpsUserLock = z.object({ userId: z.number().int().min(1), locked: z.boolean(), reason });
export type OpsUserLock = z.input<typeof OpsUserLock>;

// ---- catalogue ----

export const OpsToolsQuery = z.object({
  /** Name or id. */
  q: z.string().trim().max(64).default(''),
  family: z.string().trim().max(32).default(''),
  page,
  limit: z.coerce.number().int().min(1).max(500).default(OPS_PAGE_SIZE),
});
/** 0 free, 1 standard member, 2 advanced member. */
export const ToolVipLevel = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export const OpsTool = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  family: z.string(),
  enabled: z.boolean(),
  /** The level in effect (override, else the definition's). */
  vip_level: ToolVipLevel,
  /** The definition's level. */
  default_vip_level: ToolVipLevel,
  /** Operator's level; null: the definition's. */
  vip_override: ToolVipLevel.nullable(),
  /** Position in the lists in effect (lower first). */
  order: z.number().int(),
  /** Operator's "hot order": tools with one come first in every list, lowest first; null: the catalogue's place. */
  hot_order: z.number().int().nullable(),
  /** Operator's manual (markdown) shown instead of the tool's own; null: the tool's. */
  manual_override: z.string().nullable(),
  has_video: z.boolean(),
  update_time: time,
});
export type OpsTool = z.infer<typeof OpsTool>;
/** Omitted fields stay; null clears an override. */
export const OpsToolUpdate = z.object({
  id: z.number().int().min(1),
  enabled: z.boolean().optional(),
  vip_override: ToolVipLevel.nullable().optional(),
  hot_order: z.number().int().min(0).max(100_000).nullable().optional(),
  manual_override: z.string().max(200_000).nullable().optional(),
  reason: optionalReason,
});
export type OpsToolUpdate = z.input<typeof OpsToolUpdate>;
export const OpsToolVideoClear = z.object({ id: z.number().int().min(1), reason: optionalReason });

// ---- audit ----

/** Query strings send empty filters as ""; they mean "no filter". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const OpsAuditQuery = z.object({
  /** Operator's user id (0: the ops CLI). */
  actor: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).optional()),
  /** Exact action name, e.g. feedback.reply (see OPS_ACTIONS). */
  action: z.string().trim().max(64).default(''),
  /** Substring of the target, e.g. user:12, tool:1001, batch:3. */
  target: z.string().trim().max(128).default(''),
  /** Beijing days "YYYY-MM-DD", inclusive. */
  from: z.preprocess(blankToUndefined, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD').optional()),
  to: z.preprocess(blankToUndefined, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD').optional()),
  page,
  limit,
});
export type OpsAuditQuery = z.input<typeof OpsAuditQuery>;
export const OpsAuditEntry = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), mobile: z.string(), username: z.string() }),
  action: z.string(),
  target: z.string(),
  /** JSON text of the state before and after (null when none). */
  before: z.string().nullable(),
  after: z.string().nullable(),
  reason: z.string(),
  create_time: time,
});
export type OpsAuditEntry = z.infer<typeof OpsAuditEntry>;

/** Action names the audit log uses, with Chinese labels for the console. */
export const OPS_ACTIONS = {
  'feedback.reply': '回复反馈',
  'feedback.complete': '反馈标记完成',
  'announcement.save': '保存公告',
  'announcement.delete': '删除公告',
  'notice.save': '保存头部通知',
  'notice.delete': '删除头部通知',
  'news.save': '保存更新动态',
  'news.delete': '删除更新动态',
  'carousel.save': '保存轮播图',
  'carousel.delete': '删除轮播图',
  'page.save': '保存页面',
  'agreement.save': '修改协议地址',
  'product.save': '保存套餐',
  'batch.create': '生成兑换码',
  'batch.export': '导出兑换码',
  'batch.void': '作废兑换码批次',
  'code.void': '作废兑换码',
  'freeplan.review': '审核免费会员截图',
  'order.close': '关闭订单',
  'gift.grant': '赠送礼品',
  'membership.change': '调整会员',
  'user.lock': '锁定/解锁账号',
  'tool.update': '修改工具设置',
  'tool.video': '上传工具视频',
  'tool.video.clear': '删除工具视频',
  /** By the ops CLI (grant-operator / revoke-operator); the actor id is 0. */
  'role.grant': '授予运营权限',
  'role.revoke': '撤销运营权限',
} as const;
export type OpsAction = keyof typeof OPS_ACTIONS;
