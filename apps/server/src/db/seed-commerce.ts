// Seeds products, FAQ and free-plan steps (issue 18, half A): rows that exist are left as edited.
// Prices are fen. A promotion is `before_price_fen` (the price before it) plus `promo_ends_at` (the
// countdown's target); once it ends the product sells at the before-price again.
import { FREE_PLAN_DAYS } from '@labstat/contracts';
import { DAY_MS, beijingDayStart } from '../lib/time.js';
import type { Db } from './database.js';
import type { ProductsTable } from './schema.js';

/** Days a seeded promotion runs from the day the database was created. */
const PROMO_DAYS = 30;

type SeedProduct = Omit<ProductsTable, 'promo_ends_at' | 'active'> & { promo: boolean };

const PRODUCTS: SeedProduct[] = [
  { vip_pid: 'vip_1m', tier: 'vip', days: 30, display_p: '1个月', price_fen: 2990, before_price_fen: null, promo: false, sort: 1 },
  { vip_pid: 'vip_3m', tier: 'vip', days: 90, display_p: '3个月', price_fen: 7900, before_price_fen: null, promo: false, sort: 2 },
  { vip_pid: 'vip_12m', tier: 'vip', days: 365, display_p: '12个月', price_fen: 19900, before_price_fen: 29900, promo: true, sort: 3 },
  { vip_pid: 'vip_life', tier: 'vip', days: null, display_p: '永久', price_fen: 59900, before_price_fen: null, promo: false, sort: 4 },
  { vip_pid: 'svip_1m', tier: 'svip', days: 30, display_p: '1个月', price_fen: 5990, before_price_fen: null, promo: false, sort: 11 },
  { vip_pid: 'svip_12m', tier: 'svip', days: 365, display_p: '12个月', price_fen: 39900, before_price_fen: 59900, promo: true, sort: 12 },
  { vip_pid: 'svip_life', tier: 'svip', days: null, display_p: '永久', price_fen: 99900, before_price_fen: null, promo: false, sort: 13 },
];

const FAQ = [
  {
    title: '如何付款？',
    content: '选择套餐后页面会显示微信支付二维码，用微信“扫一扫”完成付款即可。二维码 30 分钟内有效，过期后重新选择套餐即可生成新的订单；付款成功后页面会自动跳转，会员立即生效。',
  },
  {
    title: '付款后会员没有生效怎么办？',
    content: '支付结果偶尔会有几秒延迟，请在“个人中心 → 我的订单”中查看订单状态。若订单显示“已支付”而会员未生效，或微信已扣款但订单仍为“待支付”，请联系客服并提供订单号，我们会尽快处理。',
  },
  {
    title: '可以开发票吗？',
    content: '可以。请联系客服，提供订单号、发票抬头和税号（个人可只提供抬头），我们将在 7 个工作日内开具电子普通发票并发送到您的邮箱。',
  },
  {
    title: '续费会叠加时长吗？',
    content: '会。会员未到期时续费，新购买的时长从原到期时间起顺延；已过期后购买则从付款时起计算。永久会员无需续费。标准会员与高级会员分别计算时长，高级会员期间可使用全部会员工具。',
  },
  {
    title: '购买后可以退款吗？',
    content: '会员属于虚拟服务，开通后原则上不支持退款。如因重复付款或系统故障导致扣款异常，请联系客服核实，核实后原路退回。',
  },
  {
    title: '免费领取一个月会员的规则是什么？',
    content: `在会员中心的“免费领取”中按步骤将 LabStat 分享到微信朋友圈并上传截图，审核通过后即开通 ${FREE_PLAN_DAYS} 天标准会员。每位用户限领一次，审核一般在 1 个工作日内完成。`,
  },
  {
    title: '兑换码怎么使用？',
    content: '进入“个人中心 → 兑换”，输入兑换码并提交即可开通对应会员，时长与已有会员叠加。每个兑换码只能使用一次，请在有效期内使用；兑换码不区分大小写。',
  },
  {
    title: '邀请好友有什么奖励？',
    content: '在“个人中心”复制您的邀请链接发给好友，好友通过链接注册并首次购买会员后，您将获得标准会员时长奖励，每位好友奖励一次。',
  },
];

const FREE_STEPS = [
  {
    type: 'step',
    img_url: '/static/vip/free-step-1.svg',
    title: '分享到朋友圈',
    content: '复制个人中心里的邀请链接，配上一句推荐语发布到微信朋友圈，并设置为所有人可见。',
  },
  {
    type: 'step',
    img_url: '/static/vip/free-step-2.svg',
    title: '保留并截图',
    content: '分享发布后保留至少 24 小时，截取能看到分享内容和发布时间的完整截图。',
  },
  {
    type: 'step',
    img_url: '/static/vip/free-step-3.svg',
    title: '上传截图等待审核',
    content: `在下方上传截图，审核通过后自动开通 ${FREE_PLAN_DAYS} 天标准会员，每位用户限领一次。`,
  },
  { type: 'upload', img_url: '', title: '上传朋友圈截图', content: '支持 PNG、JPEG、GIF、WebP 格式，大小不超过 2M。' },
];

export async function seedCommerce(db: Db): Promise<void> {
  const k = db.kysely;
  const promoEnds = beijingDayStart(Date.now()) + (PROMO_DAYS + 1) * DAY_MS;
  for (const { promo, ...p } of PRODUCTS) {
    const exists = await k.selectFrom('products').select('vip_pid').where('vip_pid', '=', p.vip_pid).executeTakeFirst();
    if (!exists) await k.insertInto('products').values({ ...p, promo_ends_at: promo ? promoEnds : null, active: 1 }).execute();
  }
  const empty = async (table: 'vip_faq' | 'free_plan_steps') =>
    Number((await k.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n) === 0;
  if (await empty('vip_faq')) await k.insertInto('vip_faq').values(FAQ.map((f, i) => ({ ...f, img: null, sort: i, active: 1 }))).execute();
  if (await empty('free_plan_steps')) await k.insertInto('free_plan_steps').values(FREE_STEPS.map((s, i) => ({ ...s, sort: i }))).execute();
}
