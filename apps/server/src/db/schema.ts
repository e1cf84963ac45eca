// Kysely table types. Times are epoch milliseconds (bigint columns), booleans are 0/1 integers,
// so one set of queries runs on SQLite and PostgreSQL alike.
import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  mobile: string;
  password_hash: string;
  username: string;
  sex: string;
  email: string;
  research: string;
  profession: string;
  /** JSON array of strings. */
  tags: string;
  avatar: string;
  openid: string | null;
  invitation_code: string;
  /** The invite code typed at registration, kept for rewards. */
  signup_code: string | null;
  inviter_id: number | null;
  /** Comma-separated role names; `admin` is the ordinary user. */
  roles: string;
  vip_expires_at: number | null;
  vip_life: number;
  svip_expires_at: number | null;
  svip_life: number;
  created_at: number;
  updated_at: number;
  /** Set while an operator has locked the account (migration 0013). */
  locked_at: Generated<number | null>;
  lock_reason: Generated<string>;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface SmsCodesTable {
  id: Generated<number>;
  account: string;
  code_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface DevSmsOutboxTable {
  id: Generated<number>;
  account: string;
  code: string;
  content: string;
  created_at: number;
}

export interface WechatLoginsTable {
  logkey: string;
  /** WAIT → SCANNED (openid known) → DONE (token issued or account created). */
  status: string;
  openid: string | null;
  created_at: number;
  expires_at: number;
  scanned_at: number | null;
  /** Set for a binding QR (profile): the scan binds its openid to this user and logs nobody in. */
  bind_user_id: number | null;
}

export interface RateEventsTable {
  id: Generated<number>;
  key: string;
  created_at: number;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  title: string;
  content: string;
  sort: number;
  active: number;
  created_at: number;
}

export interface LoginInfoTable {
  id: Generated<number>;
  title: string;
  content: string;
  sort: number;
}

export interface AdvancedMenuTable {
  id: Generated<number>;
  name: string;
  title: string;
  sort: number;
}

export interface SiteInfoTable {
  item: string;
  url: string | null;
  content: string | null;
}

export interface DataFilesTable {
  id: Generated<number>;
  /** Public id (`_fid`): random, so ids cannot be guessed. */
  fid: string;
  owner_id: number | null;
  example_key: string | null;
  filename: string;
  kind: 'csv' | 'xlsx' | 'xls';
  size_bytes: number;
  sha256: string;
  encoding: string;
  delimiter: string;
  row_count: number;
  col_count: number;
  /** JSON array of VariableInfo. */
  variables: string;
  /** JSON array of Chinese ingest notes. */
  notes: string;
  original_key: string;
  parquet_key: string;
  created_at: number;
  deleted_at: number | null;
}

export interface ToolsTable {
  id: number;
  key: string;
  family: string;
  name: string;
  subname: string;
  description: string;
  /** JSON array of category slugs. */
  categories: string;
  difficulty: number;
  /** JSON array of method names. */
  methods: string;
  vip: number;
  running_time: number;
  version: number;
  sort: number;
  active: number;
  video_file_id: string | null;
  updated_at: number;
  /** Operator overrides (migration 0013), never written by seeding: 0 free, 1 member, 2 advanced member. */
  vip_override: Generated<number | null>;
  sort_override: Generated<number | null>;
  manual_override: Generated<string | null>;
}

export interface ToolFavoritesTable {
  user_id: number;
  tool_id: number;
  created_at: number;
}

export type TaskStatusValue = '分析中' | '成功' | '失败';

export interface TasksTable {
  taskid: string;
  user_id: number;
  tool_id: number;
  /**
   * The task center's list: 'tool' for standard tools (/user/task/tool), 'process' for advanced
   * tools (/user/task/process, the height-tool-task list).
   */
  kind: 'tool' | 'process';
  status: TaskStatusValue;
  message: string;
  /** JSON: the submission as sent. */
  payload: string;
  /** JSON: the parameters after the server's check. */
  params: string;
  file_fid: string;
  report_id: string | null;
  created_at: number;
  ended_at: number | null;
  /** The instance running the task (random per process); null on tasks from before leases. */
  owner: string | null;
  /** Epoch ms until which the owner's lease holds; the owner renews it while it lives. */
  lease_until: number | null;
  /** When the job left the queue for a worker; null while it waits. */
  started_at: number | null;
  /** The submitting page's own id for the task, to ask for its place in the queue. */
  client_ref: string | null;
}

export interface ReportsTable {
  reportid: string;
  taskid: string;
  user_id: number;
  tool_id: number;
  /** Object-store key of the Report JSON. */
  report_key: string;
  created_at: number;
}

export interface ReportSharesTable {
  /** 32 random bytes, base64url: the share link's secret. */
  token: string;
  reportid: string;
  user_id: number;
  created_at: number;
  revoked_at: number | null;
}

export interface AiMessagesTable {
  id: Generated<number>;
  taskid: string;
  user_id: number;
  reportid: string;
  role: 'user' | 'system';
  content: string;
  /** The model that answered (system) or was asked (user). */
  model: string;
  /** JSON array of the reply's numbers that appear nowhere in the report. */
  marks: string;
  incomplete: number;
  /** 1 when the question went to an external model (counts toward the daily quota). */
  external: number;
  created_at: number;
}

export type TierValue = 'vip' | 'svip';

export interface ProductsTable {
  vip_pid: string;
  tier: TierValue;
  /** Membership days; null for lifetime. */
  days: number | null;
  display_p: string;
  price_fen: number;
  before_price_fen: number | null;
  promo_ends_at: number | null;
  sort: number;
  active: number;
}

export interface OrdersTable {
  order_id: string;
  user_id: number;
  vip_pid: string;
  /** Product name as bought, e.g. 标准会员·12个月. */
  product: string;
  tier: TierValue;
  days: number | null;
  amount_fen: number;
  status: 'created' | 'paid' | 'expired' | 'closed';
  provider: string;
  code_url: string;
  provider_txn: string | null;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
}

export interface MembershipGrantsTable {
  id: Generated<number>;
  user_id: number;
  tier: TierValue;
  /** null: lifetime. */
  days: number | null;
  /** order:ID, redeem:CODE, gift:ID, free:USER, invite:INVITEE… — unique, so a grant happens once. */
  source: string;
  created_at: number;
}

export interface RedeemBatchesTable {
  id: Generated<number>;
  tier: TierValue;
  days: number | null;
  count: number;
  expires_at: number | null;
  note: string;
  created_at: number;
}

export interface RedeemCodesTable {
  code: string;
  batch_id: number;
  tier: TierValue;
  days: number | null;
  expires_at: number | null;
  used_by: number | null;
  used_at: number | null;
  voided_at: number | null;
}

export interface GiftTypesTable {
  id: Generated<number>;
  label: string;
  tier: TierValue;
  days: number | null;
  active: number;
}

export interface UserGiftsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: string;
  source: string;
  gift_type_id: number | null;
  used_at: number | null;
  created_at: number;
  /** JSON array of gift_types.id this gift may become; null: every active type. */
  gift_type_ids: string | null;
}

export interface FreePlanSubmissionsTable {
  id: Generated<number>;
  user_id: number;
  file_path: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string;
  created_at: number;
  reviewed_at: number | null;
}

export interface UploadedImagesTable {
  key: string;
  user_id: number;
  content_type: string;
  size_bytes: number;
  created_at: number;
}

/** VIP page FAQ (migration 0009), edited by operators. */
export interface VipFaqTable {
  id: Generated<number>;
  title: string;
  content: string;
  img: string | null;
  sort: number;
  active: number;
}

/** Free-plan steps of the VIP page (migration 0009): `step` rows, and the `upload` slot. */
export interface FreePlanStepsTable {
  id: Generated<number>;
  type: string;
  img_url: string;
  title: string;
  content: string;
  sort: number;
}

/** Feedback threads (migration 0011): status 1 completed, 2 pending. */
export interface FeedbacksTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  status: number;
  created_at: number;
  updated_at: number;
}

export interface FeedbackMessagesTable {
  id: Generated<number>;
  feedback_id: number;
  role: 'user' | 'other';
  /** Sanitised HTML. */
  text: string;
  author: string;
  created_at: number;
}

/** Manual and static pages (migration 0011); `source` seed rows follow apps/server/content. */
export interface ContentPagesTable {
  item: string;
  title: string;
  html: string;
  source: 'seed' | 'operator';
  updated_at: number;
}

export interface UpdateNewsTable {
  id: Generated<number>;
  title: string;
  /** JSON array of HTML strings. */
  content: string;
  published_at: number;
  active: number;
}

export interface MenuNoticesTable {
  id: Generated<number>;
  type: 'link' | 'text';
  link: string;
  content: string;
  sort: number;
  active: number;
}

/** Announcements already served to a user, so each shows once (migration 0011). */
export interface AnnouncementViewsTable {
  user_id: number;
  announcement_id: number;
  seen_at: number;
}

/** Calculation tool results (migration 0012); visitors' results have no user. */
export interface CalcResultsTable {
  id: string;
  user_id: number | null;
  tool_id: number;
  report: string;
  created_at: number;
}

/** Home page carousel slides (migration 0013), edited by operators. */
export interface CarouselSlidesTable {
  id: Generated<number>;
  title: string;
  text: string;
  link: string;
  bg: string;
  image: string;
  sort: number;
  active: number;
  created_at: number;
}

/** Append-only record of operator actions (migration 0013); triggers refuse UPDATE and DELETE. */
export interface OpsAuditTable {
  id: Generated<number>;
  actor_id: number;
  action: string;
  target: string;
  before_json: string | null;
  after_json: string | null;
  reason: string;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  dev_sms_outbox: DevSmsOutboxTable;
  wechat_logins: WechatLoginsTable;
  rate_events: RateEventsTable;
  announcements: AnnouncementsTable;
  login_info: LoginInfoTable;
  advanced_menu: AdvancedMenuTable;
  site_info: SiteInfoTable;
  data_files: DataFilesTable;
  tools: ToolsTable;
  tool_favorites: ToolFavoritesTable;
  tasks: TasksTable;
  reports: ReportsTable;
  report_shares: ReportSharesTable;
  ai_messages: AiMessagesTable;
  products: ProductsTable;
  orders: OrdersTable;
  membership_grants: MembershipGrantsTable;
  redeem_batches: RedeemBatchesTable;
  redeem_codes: RedeemCodesTable;
  gift_types: GiftTypesTable;
  user_gifts: UserGiftsTable;
  free_plan_submissions: FreePlanSubmissionsTable;
  vip_faq: VipFaqTable;
  free_plan_steps: FreePlanStepsTable;
  uploaded_images: UploadedImagesTable;
  feedbacks: FeedbacksTable;
  feedback_messages: FeedbackMessagesTable;
  content_pages: ContentPagesTable;
  update_news: UpdateNewsTable;
  menu_notices: MenuNoticesTable;
  announcement_views: AnnouncementViewsTable;
  calc_results: CalcResultsTable;
  carousel_slides: CarouselSlidesTable;
  ops_audit: OpsAuditTable;
}
