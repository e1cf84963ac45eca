// Membership and commerce (spec 02 §2–§9, DESIGN §7; issue 18): VIP centre, products, payment,
// orders, redeem codes, gifts, invitations, free plan, uploads, profile changes. Money is fen on the
// server and yuan on the wire (numbers with at most two decimals).
import { z } from 'zod';
import { BenefitGroup, MembershipFields, ProfileTagChoices, mobileSchema, smsCodeSchema } from './accounts.js';

export const CommercePaths = {
  vipCenter: '/v2/user/vipcenter/profile',
  productInfo: '/home/getProductInfo',
  productsList: '/home/getProductsList',
  qa: '/home/getQA',
  pay: '/user/pay/',
  payStatus: '/user/pay/status/',
  orders: '/v2/user/order/',
  redeemQuery: '/v2/user/redeem/query',
  redeem: '/v2/user/redeem',
  giftList: '/v2/user/gift/list',
  giftCheck: '/v2/user/gift/check',
  giftUse: '/v2/user/gift/use',
  uploadCredentials: '/qcloud/secretkey',
  screenshot: '/qcloud/upload/wechat-screenshot',
  profileUpdate: '/v2/user/profile/update',
  bindMobile: '/bindmobile',
  /** Sends the SMS code for a phone change (spec 02 §7: path not shown). */
  bindMobileSms: '/v2/user/bindmobile/smscode',
  bindQr: '/v2/bind/get_qrcode',
  bindCheck: '/v2/bind/wechat',
  /** Local upload provider: PUT the image bytes to the signed URL the credentials name. */
  localUpload: '/uploads/put',
  /** s3/cos upload providers: after the PUT to the bucket, the server takes the file over. */
  uploadClaim: '/uploads/claim',
  /** Files uploaded through the local provider (avatars, screenshots). */
  uploadedFile: '/uploads/files',
  /** WeChat Pay v3 notifications (server to server). */
  wechatPayNotify: '/pay/notify/wechatpay',
  /** Sandbox payment: the page the sandbox QR encodes. */
  sandboxPayPage: '/pay/sandbox',
  /** Dev only (this machine): completes a sandbox order, like 模拟扫码. */
  devPaySimulate: '/dev/pay/simulate',
} as const;

export const CommerceMessages = {
  paySuccess: '支付成功',
  productUnknown: '该套餐不存在或已下架，请刷新页面后重新选择',
  orderUnknown: '订单不存在',
  orderExpired: '订单已过期，请重新下单',
  payUnavailable: '支付服务暂时不可用，请稍后再试',
  redeemOk: '兑换成功',
  redeemEmpty: '请输入兑换码',
  redeemUnknown: '兑换码不存在，请检查后重新输入',
  redeemUsed: '该兑换码已被使用',
  redeemExpired: '该兑换码已过期',
  redeemVoided: '该兑换码已作废',
  redeemTooMany: '兑换尝试过于频繁，请稍后再试',
  giftOk: '激活成功!',
  giftUsed: '该礼品已激活',
  giftUnknown: '礼品不存在',
  giftTypeUnknown: '请选择有效的礼品类型',
  uploadOk: '上传成功',
  uploadTooLarge: '上传文件大小不能超过2M!',
  uploadFailed: '文件上传失败,请重新上传',
  uploadNotImage: '请上传 PNG、JPEG、GIF 或 WebP 格式的图片',
  uploadExpired: '上传凭证已过期，请重新上传',
  screenshotPending: '截图已提交，审核通过后将开通一个月标准会员',
  freePlanUsed: '免费会员每位用户只能领取一次',
  profileUpdated: '用户信息更新成功',
  mobileChanged: '修改成功',
  mobileSame: '新手机号与当前手机号相同',
  mobileTaken: '该手机号已被其他账号使用',
  bindOk: '绑定成功',
  bindTaken: '该微信已绑定其他账号',
  inviteCopied: '邀请链接已复制到剪贴板',
  inviteCopyFailed: '复制失败，请重试',
  notLoggedIn: '未登录',
} as const;

/** Spec 02 §9. */
export const PAY_POLL_MS = 2000;
export const PAY_QR_MINUTES = 30;
export const PAY_QR_SIZE = 140;
export const GIFT_PAGE_SIZE = 20;
export const ORDER_PAGE_SIZE = 20;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const FREE_PLAN_DAYS = 30;

export type Tier = 'vip' | 'svip';
export const TIER_NAMES: Record<Tier, string> = { vip: '标准会员', svip: '高级会员' };

/** Yuan with at most two decimals, from fen. */
export const yuan = (fen: number): number => Math.round(fen) / 100;

// ---- products and the VIP centre ----

export const Product = z.object({
  vip_pid: z.string(),
  /** Duration label, e.g. 1个月, 12个月, 永久. */
  display_p: z.string(),
  /** Current price in yuan. */
  money: z.number(),
  /** Price before the promotion (yuan); null without one. */
  before_price: z.number().nullable(),
  /** 1 while a promotion runs. */
  is_active: z.number(),
  /** Promotion end, "YYYY-MM-DD HH:mm:ss" Beijing time (the countdown's target); null without one. */
  expiration_time: z.string().nullable(),
});
export type Product = z.infer<typeof Product>;

export const FreeStep = z.object({ type: z.string(), img_url: z.string(), title: z.string(), content: z.string() });
export type FreeStep = z.infer<typeof FreeStep>;

export const ProductInfo = z.object({
  basic: z.object({ benefits: z.array(BenefitGroup), products: z.array(Product) }),
  advanced: z.object({ benefits: z.array(BenefitGroup), products: z.array(Product) }),
  free: z.array(FreeStep),
});
export type ProductInfo = z.infer<typeof ProductInfo>;

export const QaItem = z.object({ title: z.string(), content: z.string(), img: z.string().optional() });
export const QaData = z.object({ qa: z.array(QaItem) });

/** GET /v2/user/vipcenter/profile: the user card of /vip (reachable without login: username 未登录). */
export const VipCenterData = z.object({
  username: z.string(),
  avatar: z.string(),
  login: z.boolean(),
  ...MembershipFields.shape,
  benefits: z.array(BenefitGroup),
  cservice_url: z.string(),
  /** 1 when the user already had the free month (the free tab then says so). */
  free_used: z.number(),
  /** The user's free-plan screenshot waiting for review, if any. */
  free_pending: z.string().nullable(),
});
export type VipCenterData = z.infer<typeof VipCenterData>;

// ---- payment and orders ----

export const PayBody = z.object({ goods: z.string().trim().min(1, CommerceMessages.productUnknown).max(64) });
export const PayData = z.object({ code_url: z.string(), order: z.string() });
export type PayData = z.infer<typeof PayData>;
export const PayStatusQuery = z.object({ order_id: z.string().trim().min(1).max(64) });
/** FAIL until the order is paid (spec 02 §4), then SUCCESS; CLOSED/EXPIRED end polling too. */
export const PayStatusData = z.object({ status: z.enum(['FAIL', 'SUCCESS', 'EXPIRED', 'CLOSED']) });
export const DevPaySimulateBody = z.object({ order: z.string().min(1).max(64) });

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const OrderStatusLabels = { created: '待支付', paid: '已支付', expired: '已过期', closed: '已关闭' } as const;
export const OrderItem = z.object({
  order_id: z.string(),
  product: z.string(),
  create_time: z.string(),
  pay_time: z.string().nullable(),
  money: z.number(),
  trading_status: z.string(),
});
export type OrderItem = z.infer<typeof OrderItem>;

// ---- redeem codes ----

export const RedeemBody = z.object({ redeemCode: z.string().trim().min(1, CommerceMessages.redeemEmpty).max(64) });
export const RedeemQuery = PageQuery.extend({ status: z.string().max(16).optional() });
export const RedemptionItem = z.object({ product: z.string(), productType: z.string(), duration: z.string(), createTime: z.string() });
export type RedemptionItem = z.infer<typeof RedemptionItem>;

// ---- gifts ----

export const GiftItem = z.object({ id: z.number(), name: z.string(), description: z.string(), used: z.boolean(), used_at: z.string().nullable() });
export type GiftItem = z.infer<typeof GiftItem>;
export const GiftCheckQuery = z.object({ user_gift_id: z.coerce.number().int().min(1) });
export const GiftTypeOption = z.object({ gift_type_id: z.number(), label: z.string() });
export const GiftUseBody = z.object({ gift_type_id: z.coerce.number().int().min(1), user_gift_id: z.coerce.number().int().min(1) });

// ---- uploads (avatar, free-plan screenshot) ----

/** Spec 02 §3 cloud upload credentials, plus where this server's provider takes the bytes. */
export const UploadCredentials = z.object({
  credentials: z.object({ tmpSecretId: z.string(), tmpSecretKey: z.string(), sessionToken: z.string() }),
  startTime: z.number(),
  expiredTime: z.number(),
  /** `local`: PUT the bytes to `uploadUrl` (signed, short-lived); `cos`/`s3`: a cloud bucket. */
  provider: z.string(),
  uploadUrl: z.string(),
  /** Key prefix of uploads (spec 02 §7: clutter/). */
  prefix: z.string(),
  /**
   * `s3`/`cos`: the one key `uploadUrl` (presigned) accepts; after the PUT, POST it with `expiredTime`
   * and `credentials.sessionToken` to `uploadClaim`.
   */
  key: z.string().optional(),
});
export type UploadCredentials = z.infer<typeof UploadCredentials>;
/** s3/cos providers: the upload the user asks the server to take over from the bucket. */
export const UploadClaimBody = z.object({
  key: z.string().max(200),
  exp: z.number().int(),
  sig: z.string().max(200),
});
export type UploadClaimBody = z.infer<typeof UploadClaimBody>;
export const UploadedData = z.object({ file_path: z.string() });
export const ScreenshotBody = z.object({ file_path: z.string().trim().min(1).max(500) });

// ---- profile changes ----

const trimmed = (max: number) => z.string().trim().max(max).default('');
export const ProfileUpdateBody = z.object({
  username: z.string().trim().min(1, '昵称不能为空').max(30, '昵称不能超过30个字'),
  profession: trimmed(50),
  sex: z.enum(['女', '男', '']).default(''),
  tags: z.array(z.enum(ProfileTagChoices)).max(5).default([]),
  email: z.union([z.literal(''), z.string().trim().email('邮箱格式不正确').max(100)]).default(''),
  research: trimmed(100),
  /** file_path of an uploaded avatar, or empty to keep the current one. */
  new_avatar: z.string().trim().max(500).default(''),
});
export type ProfileUpdateBody = z.input<typeof ProfileUpdateBody>;

export const BindMobileBody = z.object({ mobile: mobileSchema(), smscode: smsCodeSchema });
export const BindMobileSmsBody = z.object({ account: mobileSchema() });
export const BindCheckQuery = z.object({ logkey: z.string().min(1).max(128) });
export const BindCheckData = z.object({ status: z.string() });
