// Orders and payment (spec 02 §4 Payment, §7; DESIGN §7): an order snapshots the product's name and
// price, lives `created` until paid, expired or closed, and is paid in one transaction that moves it
// created → paid and grants the membership under source `order:{id}` — so a notification, a status
// poll and a replay applied in any order and any number of times extend the membership once. The
// amount paid must equal the order's; anything else is refused and logged, the order untouched.
import { randomInt } from 'node:crypto';
import { CommerceMessages, OrderStatusLabels, TIER_NAMES, yuan, type OrderItem, type PayData } from '@labstat/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { formatBeijing } from '../../lib/time.js';
import type { PayProvider, ProviderPayment } from '../../providers/pay/pay-provider.js';
import type { PaySettings } from '../../providers/pay/pay-settings.js';
import type { OrderRow, OrderStatus, OrdersRepo } from '../../repositories/orders-repo.js';
import type { ProductsRepo } from '../../repositories/products-repo.js';
import type { RateLimiter } from '../rate-limiter.js';
import { grantMembership } from './membership-service.js';
import { priceOf } from './product-service.js';

export const PayMessages = {
  tooManyOrders: '下单过于频繁，请稍后再试',
  orderPaid: '订单已支付',
  orderClosed: '订单已关闭，请重新下单',
  devLocalOnly: '开发模式的模拟支付只能在服务器本机上使用',
} as const;

export type PayStatus = 'FAIL' | 'SUCCESS' | 'EXPIRED' | 'CLOSED';

/** What applying a provider's report did. */
export type PaymentOutcome =
  | { result: 'paid'; orderId: string }
  | { result: 'already-paid'; orderId: string }
  | { result: 'not-paid'; orderId: string }
  | { result: 'unknown-order'; orderId: string }
  | { result: 'amount-mismatch'; orderId: string; expectedFen: number; paidFen: number | null }
  | { result: 'not-payable'; orderId: string; status: OrderStatus };

const STATUS_OF: Record<OrderStatus, PayStatus> = { created: 'FAIL', paid: 'SUCCESS', expired: 'EXPIRED', closed: 'CLOSED' };
const HOUR_MS = 60 * 60 * 1000;

/** "20250131183000" + 8 random digits: sortable, unguessable enough to name a public sandbox page, ≤ 32 chars. */
function newOrderId(now: number): string {
  const stamp = formatBeijing(now).replace(/\D/g, '');
  let tail = '';
  for (let i = 0; i < 8; i++) tail += String(randomInt(10));
  return `${stamp}${tail}`;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export class PaymentService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly orders: OrdersRepo,
    private readonly products: ProductsRepo,
    readonly provider: PayProvider,
    private readonly settings: PaySettings,
    private readonly limiter: RateLimiter,
    private readonly now: () => number,
  ) {}

  /** POST /user/pay/: an order for the product, and the QR's URL. `origin`: where the sandbox page is served. */
  async create(userId: number, vipPid: string, origin: string, log: Log): Promise<PayData> {
    const product = await this.products.byId(vipPid);
    if (!product || product.active !== 1) throw badRequest(CommerceMessages.productUnknown);
    await this.limiter.reserve([{ key: `pay:${userId}`, limit: this.settings.ordersPerHour, windowMs: HOUR_MS, message: PayMessages.tooManyOrders }]);
    const now = this.now();
    const { priceFen } = priceOf(product, now);
    const orderId = newOrderId(now);
    const name = `${TIER_NAMES[product.tier]}·${product.display_p}`;
    const expiresAt = now + this.settings.orderMinutes * 60_000;
    // The row first, so a notification can never name an order we do not know.
    await this.orders.insert({
      order_id: orderId,
      user_id: userId,
      vip_pid: product.vip_pid,
      product: name,
      tier: product.tier,
      days: product.days,
      amount_fen: priceFen,
      status: 'created',
      provider: this.provider.name,
      code_url: '',
      provider_txn: null,
      created_at: now,
      expires_at: expiresAt,
      paid_at: null,
    });
    let codeUrl: string;
    try {
      ({ codeUrl } = await this.provider.createNative({ orderId, amountFen: priceFen, description: `LabStat ${name}`, expiresAt, origin }));
    } catch (err) {
      log.error({ err, orderId }, 'payment provider refused to create an order');
      await this.orders.end(orderId, 'closed');
      throw new AppError(503, CommerceMessages.payUnavailable);
    }
    await this.orders.setCodeUrl(orderId, codeUrl);
    return { code_url: codeUrl, order: orderId };
  }

  /**
   * GET /user/pay/status/: FAIL until paid. A real provider is asked while the order is unpaid (a
   * missed notification still completes it); an unpaid order past its time is closed at the
   * provider and marked expired.
   */
  async status(userId: number, orderId: string, log: Log): Promise<PayStatus> {
    const order = await this.orders.byId(orderId);
    if (!order || order.user_id !== userId) throw notFound(CommerceMessages.orderUnknown);
    if (order.status !== 'created') return STATUS_OF[order.status];
    if (!this.provider.isDev) {
      let report: ProviderPayment;
      try {
        report = await this.provider.query(orderId);
      } catch (err) {
        // Unsure whether it was paid: neither complete nor expire it now; the next poll asks again.
        log.warn({ err, orderId }, 'payment provider query failed');
        return 'FAIL';
      }
      if (report.state === 'paid') {
        const outcome = await this.apply(report, log);
        if (outcome.result === 'paid' || outcome.result === 'already-paid') return 'SUCCESS';
        return STATUS_OF[(await this.orders.byId(orderId))?.status ?? 'created'];
      }
      if (report.state === 'closed') {
        await this.orders.end(orderId, 'closed');
        return STATUS_OF[(await this.orders.byId(orderId))?.status ?? 'closed'];
      }
    }
    if (this.now() > order.expires_at) return this.expire(order, log);
    return 'FAIL';
  }

  /** GET /v2/user/order/: the user's orders, newest first. */
  async list(userId: number, page: number, limit: number): Promise<{ items: OrderItem[]; count: number }> {
    const now = this.now();
    const rows = await this.orders.page(userId, page, limit);
    return {
      items: rows.map((o) => {
        // An unpaid order past its time reads as expired even before anyone polled it.
        const status: OrderStatus = o.status === 'created' && now > o.expires_at ? 'expired' : o.status;
        return {
          order_id: o.order_id,
          product: o.product,
          create_time: formatBeijing(o.created_at),
          pay_time: o.paid_at === null ? null : formatBeijing(o.paid_at),
          money: yuan(o.amount_fen),
          trading_status: OrderStatusLabels[status],
        };
      }),
      count: await this.orders.count(userId),
    };
  }

  /** Paid orders of a user (the profile's order counter). */
  paidCount(userId: number): Promise<number> {
    return this.orders.count(userId, 'paid');
  }

  /** A verified server-to-server notification (WeChat Pay); throws PayNotificationError when it is not. */
  notify(headers: Record<string, string | string[] | undefined>, rawBody: string, log: Log): Promise<PaymentOutcome> {
    return this.apply(this.provider.parseNotification(headers, rawBody), log);
  }

  /** Dev only (sandbox): the payer paid the order's amount, as if they had scanned the QR. */
  async simulate(orderId: string, log: Log): Promise<PayStatus> {
    if (!this.provider.isDev) throw notFound(CommerceMessages.orderUnknown);
    const order = await this.orders.byId(orderId);
    if (!order) throw notFound(CommerceMessages.orderUnknown);
    if (order.status === 'created' && this.now() > order.expires_at) await this.expire(order, log);
    const outcome = await this.apply({ orderId, state: 'paid', amountFen: order.amount_fen, transactionId: `sandbox-${orderId}` }, log);
    if (outcome.result === 'paid' || outcome.result === 'already-paid') return 'SUCCESS';
    const status = (await this.orders.byId(orderId))?.status;
    throw badRequest(status === 'closed' ? PayMessages.orderClosed : CommerceMessages.orderExpired);
  }

  /** The order the sandbox page shows (no login: the phone that scans the QR has none). */
  async sandboxOrder(orderId: string): Promise<OrderRow | undefined> {
    return this.provider.isDev ? this.orders.byId(orderId) : undefined;
  }

  /**
   * Applies a provider's report of a payment: the amount must be the order's, then created → paid
   * and the membership granted in one transaction. An order already paid answers `already-paid`
   * and changes nothing. A verified real payment of an order we had marked expired (its
   * notification was late; the provider itself refuses payment after the order's time) is still
   * honoured — the money was taken.
   */
  private async apply(p: ProviderPayment, log: Log): Promise<PaymentOutcome> {
    const orderId = p.orderId;
    if (p.state !== 'paid') return { result: 'not-paid', orderId };
    const order = await this.orders.byId(orderId);
    if (!order) {
      log.error({ orderId, transactionId: p.transactionId }, 'payment reported for an unknown order');
      return { result: 'unknown-order', orderId };
    }
    if (p.amountFen !== order.amount_fen) {
      log.error({ orderId, expectedFen: order.amount_fen, paidFen: p.amountFen, transactionId: p.transactionId }, 'payment amount differs from the order: refused');
      return { result: 'amount-mismatch', orderId, expectedFen: order.amount_fen, paidFen: p.amountFen };
    }
    const payable: OrderStatus[] = this.provider.isDev ? ['created'] : ['created', 'expired'];
    const now = this.now();
    const paid = await this.db.transaction().execute(async (trx) => {
      if (!(await this.orders.markPaid(trx, orderId, now, p.transactionId, payable))) return false;
      await grantMembership(trx, { userId: order.user_id, tier: order.tier, days: order.days, source: `order:${orderId}` }, now);
      await this.inviteReward(trx, order.user_id, now);
      return true;
    });
    if (paid) {
      log.info({ orderId, userId: order.user_id, amountFen: order.amount_fen, provider: this.provider.name }, 'order paid');
      return { result: 'paid', orderId };
    }
    const status = (await this.orders.byId(orderId))?.status ?? order.status;
    if (status === 'paid') return { result: 'already-paid', orderId };
    log.error({ orderId, status, transactionId: p.transactionId }, 'payment reported for an order that can no longer be paid: refund it by hand');
    return { result: 'not-payable', orderId, status };
  }

  /** The inviter's reward when the invitee pays (the ledger's unique source makes it once per invitee). */
  private async inviteReward(trx: Kysely<Database>, inviteeId: number, now: number): Promise<void> {
    const days = this.settings.inviteRewardDays;
    if (days <= 0) return;
    const invitee = await trx.selectFrom('users').select('inviter_id').where('id', '=', inviteeId).executeTakeFirst();
    if (!invitee?.inviter_id) return;
    await grantMembership(trx, { userId: invitee.inviter_id, tier: 'vip', days, source: `invite:${inviteeId}` }, now);
  }

  /**
   * An operator closes an unpaid order (issue 24): a real provider is asked first, so an order the
   * payer has in fact paid is completed instead of closed; then the provider closes it and the
   * order turns `closed`. Returns the order's status afterwards.
   */
  async closeByOperator(orderId: string, log: Log): Promise<{ closed: boolean; status: OrderStatus }> {
    const order = await this.orders.byId(orderId);
    if (!order) throw notFound(CommerceMessages.orderUnknown);
    if (order.status !== 'created') return { closed: false, status: order.status };
    if (!this.provider.isDev) {
      const report = await this.provider.query(orderId);
      if (report.state === 'paid') {
        await this.apply(report, log);
        return { closed: false, status: (await this.orders.byId(orderId))?.status ?? order.status };
      }
      await this.provider.close(orderId);
    }
    const closed = await this.orders.end(orderId, 'closed');
    return { closed, status: (await this.orders.byId(orderId))?.status ?? order.status };
  }

  /** Closes an unpaid order past its time at the provider, then marks it expired. */
  private async expire(order: OrderRow, log: Log): Promise<PayStatus> {
    try {
      await this.provider.close(order.order_id);
    } catch (err) {
      // The provider refuses payment after the order's time_expire anyway: expiring here is safe.
      log.warn({ err, orderId: order.order_id }, 'payment provider could not close an expired order');
    }
    await this.orders.end(order.order_id, 'expired');
    return STATUS_OF[(await this.orders.byId(order.order_id))?.status ?? 'expired'];
  }
}
