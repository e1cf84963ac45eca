// Account calls of spec 02 §7 with the validation messages of spec 02 §5 and §8.
import { z } from 'zod';

export const AccountMessages = {
  phoneRequired: '手机号是必填的',
  phoneInvalid: '请输入正确的11位手机号',
  smsPhoneRequired: '请输入手机号',
  smsTooSoon: '请稍后发送短信',
  codeRequired: '验证码是必填的',
  codeWrong: '验证码错误或已过期，请重新获取',
  passwordShort: '密码不能少于6位',
  passwordLong: '密码不能超过64位',
  passwordBlank: '密码不能少于6位（首尾空格不计，连续空格只算一位）',
  passwordMismatch: '两次输入的密码不一致',
  openidRequired: '请先扫码关注微信公众号',
  openidUnknown: '微信扫码信息已失效，请重新扫码关注微信公众号',
  accountExists: '该手机号已注册，请直接登录或找回密码',
  wechatBound: '该微信已绑定其他账号，请直接扫码登录',
  accountUnknown: '该手机号尚未注册',
  wrongCredentials: '手机号或密码错误',
  tooManyLogins: '登录失败次数过多，请15分钟后再试',
  accountLocked: '该账号近期登录失败次数过多，请稍后再试，或扫码登录、找回密码',
  tooManySms: '短信发送过于频繁，请稍后再试',
  tooManyRequests: '操作过于频繁，请稍后再试',
  inviteUnknown: '邀请码不存在，请检查或留空',
  qrExpired: '二维码已过期，请刷新二维码',
  qrUnknown: '二维码无效，请刷新二维码',
  loginRequired: '请先登录',
  tokenInvalid: '登录状态无效，请重新登录',
  tokenExpired: '登录已过期，请重新登录',
  signupOk: '注册成功',
  resetOk: '密码重置成功，请使用新密码登录',
  smsSent: '验证码已发送',
  logoutOk: '已退出登录',
  devLocalOnly: '开发模式的短信收件箱和模拟扫码只能在服务器本机上使用',
} as const;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;
export const SMS_RESEND_SECONDS = 60;
export const SMS_CODE_TTL_SECONDS = 300;
export const QR_POLL_MS = 2000;

const MOBILE_RE = /^1[3-9]\d{9}$/;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** A mainland mobile number; blank → 手机号是必填的. */
export const mobileSchema = (required: string = AccountMessages.phoneRequired) =>
  z.preprocess(
    trimmed,
    z
      .string({ error: required })
      .min(1, { error: required })
      .regex(MOBILE_RE, { error: AccountMessages.phoneInvalid }),
  );

export const passwordSchema = z
  .string({ error: AccountMessages.passwordShort })
  .min(PASSWORD_MIN, { error: AccountMessages.passwordShort })
  .max(PASSWORD_MAX, { error: AccountMessages.passwordLong });

/**
 * Length of a password as ASVS 2.1 counts it: leading and trailing whitespace ignored, a run of
 * whitespace counted once — so six spaces are not a six-character password.
 */
export function passwordEffectiveLength(password: string): number {
  return password.replace(/\s+/g, ' ').trim().length;
}

/** A password being set (signup, reset): the login rule plus a real length without padding spaces. */
export const newPasswordSchema = passwordSchema.refine((p) => passwordEffectiveLength(p) >= PASSWORD_MIN, {
  error: AccountMessages.passwordBlank,
});

export const smsCodeSchema = z.preprocess(
  trimmed,
  z.string({ error: AccountMessages.codeRequired }).min(1, { error: AccountMessages.codeRequired }).max(12, {
    error: AccountMessages.codeWrong,
  }),
);

export const LoginBody = z.object({
  username: mobileSchema(),
  password: passwordSchema,
});
export type LoginBody = z.infer<typeof LoginBody>;

export const SmsCodeBody = z.object({ account: mobileSchema(AccountMessages.smsPhoneRequired) });
export type SmsCodeBody = z.infer<typeof SmsCodeBody>;

const passwordPair = {
  password: newPasswordSchema,
  checkPass: passwordSchema,
};

export const SignupBody = z
  .object({
    account: mobileSchema(),
    smscode: smsCodeSchema,
    ...passwordPair,
    openid: z.preprocess(
      trimmed,
      z.string({ error: AccountMessages.openidRequired }).min(1, { error: AccountMessages.openidRequired }).max(128),
    ),
    signupCode: z.preprocess(trimmed, z.string().max(32).optional().nullable()),
  })
  .refine((b) => b.password === b.checkPass, { error: AccountMessages.passwordMismatch, path: ['checkPass'] });
export type SignupBody = z.infer<typeof SignupBody>;

export const ResetPasswordBody = z
  .object({
    account: mobileSchema(),
    smscode: smsCodeSchema,
    ...passwordPair,
  })
  .refine((b) => b.password === b.checkPass, { error: AccountMessages.passwordMismatch, path: ['checkPass'] });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const TokenData = z.object({ access_token: z.string() });
export type TokenData = z.infer<typeof TokenData>;

export const QrCodeData = z.object({ qrcode: z.string(), logkey: z.string() });
export type QrCodeData = z.infer<typeof QrCodeData>;

export const WechatCallbackQuery = z.object({ logkey: z.string().min(1).max(128) });

/** WAIT: not scanned yet; SUCCESS: a known user, token issued; UNBOUND: scanned, no account yet (→ register). */
export const WechatCallbackData = z.object({
  status: z.enum(['WAIT', 'SUCCESS', 'UNBOUND']),
  access_token: z.string().optional(),
  openid: z.string().optional(),
});
export type WechatCallbackData = z.infer<typeof WechatCallbackData>;

export const ProfileTagChoices = ['学校', '药企', '检测机构', '医院', '高校'] as const;

export const BenefitItem = z.object({ title: z.string(), annotation: z.string().optional(), status: z.number() });
export const BenefitGroup = z.object({ title: z.string(), content: z.array(BenefitItem) });
export type BenefitGroup = z.infer<typeof BenefitGroup>;

/** Membership status as the profile and the VIP centre show it (spec 02 §3, §4 VIP display). */
export const MembershipFields = z.object({
  vip_time: z.string().nullable(),
  vip_days: z.number(),
  vip_life: z.number(),
  svip_time: z.string().nullable(),
  svip_days: z.number(),
  svip_life: z.number(),
});
export type MembershipFields = z.infer<typeof MembershipFields>;

/** GET /v2/user/profile (spec 02 §3 user profile). */
export const UserProfile = z.object({
  username: z.string(),
  email: z.string(),
  avatar: z.string(),
  role: z.string(),
  roles: z.array(z.string()),
  research: z.string(),
  bind_wechat: z.number(),
  tags: z.array(z.string()),
  profession: z.string(),
  sex: z.string(),
  mobile: z.string(),
  invitation_code: z.string(),
  favor_num: z.number(),
  order_num: z.number(),
  ...MembershipFields.shape,
  benefits: z.array(BenefitGroup),
});
export type UserProfile = z.infer<typeof UserProfile>;

/** The profile list call used by the route guard (spec 01 §3 profile_list). */
export const ProfileListItem = z.object({
  username: z.string(),
  sex: z.string(),
  mobile: z.string(),
  email: z.string(),
  research: z.string(),
  bind_wechat: z.number(),
  profession: z.string(),
  tags: z.array(z.string()),
  avatar: z.string(),
  roles: z.array(z.string()),
});
export type ProfileListItem = z.infer<typeof ProfileListItem>;
export const ProfileListData = z.object({ profile_list: ProfileListItem, status: z.number() });
export type ProfileListData = z.infer<typeof ProfileListData>;

/** Paths of the calls the spec leaves unnamed; one place so client and server agree. */
export const AccountPaths = {
  login: '/login/',
  logout: '/logout/',
  profile: '/v2/user/profile',
  profileList: '/v2/user/profile-list',
  smsCode: '/smscode/',
  signup: '/v2/signup',
  resetPassword: '/resetpas/',
  wechatQr: '/login/wechat/get_qrcode',
  wechatCallback: '/v2/login/wechat/callback',
  devSmsOutbox: '/dev/sms-outbox',
  devWechatScan: '/dev/wechat/scan',
} as const;

export const DevSmsOutboxQuery = z.object({ account: mobileSchema(AccountMessages.smsPhoneRequired) });
export const DevSmsMessage = z.object({ account: z.string(), code: z.string(), content: z.string(), sent_at: z.string() });
export type DevSmsMessage = z.infer<typeof DevSmsMessage>;
export const DevWechatScanBody = z.object({
  logkey: z.string().min(1).max(128),
  openid: z.string().min(1).max(128).optional(),
});
