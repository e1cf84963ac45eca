// What the VIP page shows (spec 02 §2 Vip page, §3 products and product info, §7): products with
// their current price and promotion, the benefits of each tier, the free-plan steps, the FAQ, and
// the user card (a visitor sees 未登录).
import { CommerceMessages, yuan, type Product, type ProductInfo, type VipCenterData } from '@labstat/contracts';
import type { AiSettings } from '../../config.js';
import { formatBeijing } from '../../lib/time.js';
import type { ProductRow, ProductsRepo } from '../../repositories/products-repo.js';
import type { UsersRepo } from '../../repositories/users-repo.js';
import { membershipView, tierOf } from '../membership.js';
import { benefitGroups } from './benefits.js';

export interface Price {
  /** What the product costs now. */
  priceFen: number;
  /** The price before a running promotion; null without one. */
  beforeFen: number | null;
  /** When the running promotion ends; null without one or when it has no end. */
  promoEndsAt: number | null;
}

/**
 * The price of a product at `now`. A promotion runs while `before_price_fen` is above the price and
 * `promo_ends_at` is in the future (or unset); once it has ended the product sells at the
 * before-price again, so an operator never has to be awake at midnight to end a sale.
 */
export function priceOf(p: Pick<ProductRow, 'price_fen' | 'before_price_fen' | 'promo_ends_at'>, now: number): Price {
  const before = p.before_price_fen;
  if (before === null || before <= p.price_fen) return { priceFen: p.price_fen, beforeFen: null, promoEndsAt: null };
  if (p.promo_ends_at !== null && p.promo_ends_at <= now) return { priceFen: before, beforeFen: null, promoEndsAt: null };
  return { priceFen: p.price_fen, beforeFen: before, promoEndsAt: p.promo_ends_at };
}

export class ProductService {
  constructor(
    private readonly repo: ProductsRepo,
    private readonly users: UsersRepo,
    private readonly aiQuota: AiSettings['dailyQuota'],
    private readonly cserviceUrl: string,
    private readonly now: () => number,
  ) {}

  /** GET /home/getProductsList: every product on sale. */
  async list(): Promise<Product[]> {
    const now = this.now();
    return (await this.repo.active()).map((p) => this.view(p, now));
  }

  /** GET /home/getProductInfo: the two plan cards and the free tab. */
  async info(): Promise<ProductInfo> {
    const now = this.now();
    const products = await this.repo.active();
    const of = (tier: 'vip' | 'svip') => products.filter((p) => p.tier === tier).map((p) => this.view(p, now));
    const free = (await this.repo.freeSteps()).map((s) => ({ type: s.type, img_url: s.img_url, title: s.title, content: s.content }));
    return {
      basic: { benefits: benefitGroups('vip', this.aiQuota), products: of('vip') },
      advanced: { benefits: benefitGroups('svip', this.aiQuota), products: of('svip') },
      free,
    };
  }

  /** GET /home/getQA. */
  async qa(): Promise<{ qa: { title: string; content: string; img?: string }[] }> {
    const rows = await this.repo.faq();
    return { qa: rows.map((r) => ({ title: r.title, content: r.content, ...(r.img ? { img: r.img } : {}) })) };
  }

  /** GET /v2/user/vipcenter/profile: the user card; `userId` null for a visitor. */
  async vipCenter(userId: number | null): Promise<VipCenterData> {
    const u = userId === null ? undefined : await this.users.byId(userId);
    if (!u) {
      return {
        username: CommerceMessages.notLoggedIn,
        avatar: '',
        login: false,
        vip_time: null,
        vip_days: 0,
        vip_life: 0,
        svip_time: null,
        svip_days: 0,
        svip_life: 0,
        benefits: benefitGroups('free', this.aiQuota),
        cservice_url: this.cserviceUrl,
        free_used: 0,
        free_pending: null,
      };
    }
    const now = this.now();
    const free = await this.repo.freePlanState(u.id);
    return {
      username: u.username,
      avatar: u.avatar,
      login: true,
      ...membershipView(u, now),
      benefits: benefitGroups(tierOf(u, now), this.aiQuota),
      cservice_url: this.cserviceUrl,
      free_used: free.used ? 1 : 0,
      free_pending: free.pending,
    };
  }

  private view(p: ProductRow, now: number): Product {
    const price = priceOf(p, now);
    return {
      vip_pid: p.vip_pid,
      display_p: p.display_p,
      money: yuan(price.priceFen),
      before_price: price.beforeFen === null ? null : yuan(price.beforeFen),
      is_active: price.beforeFen === null ? 0 : 1,
      expiration_time: price.promoEndsAt === null ? null : formatBeijing(price.promoEndsAt),
    };
  }
}
