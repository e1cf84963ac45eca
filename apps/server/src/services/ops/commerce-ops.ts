// Operators' side of commerce (issue 24), through the services users' own calls use — redeem codes
// (RedeemService), gifts (GiftService), the free plan (FreePlanService), orders (PaymentService) —
// so each rule lives once. Every money-related action carries the operator's reason to the audit.
import {
  OpsMessages,
  OrderStatusLabels,
  TIER_NAMES,
  yuan,
  type OpsBatch,
  type OpsFreePlanItem,
  type OpsGiftGranted,
  type OpsOrder,
  type OpsProduct,
  type OpsProductSave,
} from '@labstat/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest, notFound } from '../../errors.js';
import { DAY_MS, formatBeijing } from '../../lib/time.js';
import type { OpsRepo } from '../../repositories/ops-repo.js';
import type { UsersRepo } from '../../repositories/users-repo.js';
import { durationLabel } from '../commerce/membership-service.js';
import { normalizeCode } from '../commerce/redeem-service.js';
import type { PayCommerce } from '../commerce/pay-container.js';
import type { UserCommerce } from '../commerce/user-container.js';
import type { Actor, AuditService } from './audit-service.js';
import { toCsv } from './audit-service.js';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** "YYYY-MM-DD HH:mm:ss" (or "YYYY-MM-DD") Beijing time → epoch ms. */
function parseBeijing(s: string): number {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?$/.exec(s.trim());
  const t = m ? Date.parse(`${m[1]}T${m[2] ? (m[2].length === 5 ? `${m[2]}:00` : m[2]) : '00:00:00'}+08:00`) : NaN;
  if (Number.isNaN(t)) throw badRequest('时间格式应为 YYYY-MM-DD HH:mm:ss');
  return t;
}

export class CommerceOps {
  constructor(
    private readonly repo: OpsRepo,
    private readonly users: UsersRepo,
    private readonly pay: PayCommerce,
    private readonly commerce: UserCommerce,
    private readonly audit: AuditService,
    private readonly now: () => number,
  ) {}

  // ---- products and promotions ----

  async products(): Promise<OpsProduct[]> {
    const rows = await this.repo.products();
    return rows.map((p) => ({
      vip_pid: p.vip_pid,
      tier: p.tier,
      days: p.days,
      display_p: p.display_p,
      price: yuan(p.price_fen),
      before_price: p.before_price_fen === null ? null : yuan(p.before_price_fen),
      promo_end_time: p.promo_ends_at === null ? null : formatBeijing(p.promo_ends_at),
      sort: p.sort,
      active: p.active === 1,
    }));
  }

  async productSave(actor: Actor, b: Required<OpsProductSave>): Promise<void> {
    const priceFen = Math.round(b.price * 100);
    const beforeFen = b.before_price === null ? null : Math.round(b.before_price * 100);
    if (beforeFen !== null && beforeFen <= priceFen) throw badRequest('原价必须高于现价（促销价）');
    const row = {
      tier: b.tier,
      days: b.days,
      display_p: b.display_p,
      price_fen: priceFen,
      before_price_fen: beforeFen,
      promo_ends_at: b.promo_end_time ? parseBeijing(b.promo_end_time) : null,
      sort: b.sort,
      active: b.active ? 1 : 0,
    };
    const before = await this.repo.product(b.vip_pid);
    await this.repo.saveProduct(b.vip_pid, row, before !== undefined);
    await this.audit.record(actor, { action: 'product.save', target: `product:${b.vip_pid}`, before: before ?? null, after: row, reason: b.reason });
  }

  // ---- redeem codes ----

  async batches(page: number, limit: number): Promise<{ list: OpsBatch[]; count: number }> {
    const { rows, count } = await this.repo.batches((page - 1) * limit, limit);
    return {
      list: rows.map((b) => ({
        id: b.id,
        tier: b.tier,
        days: b.days,
        duration: durationLabel(b.days),
        count: b.count,
        used: Number(b.used ?? 0),
        voided: Number(b.voided ?? 0),
        expire_time: b.expires_at === null ? null : formatBeijing(b.expires_at - 1000),
        note: b.note,
        create_time: formatBeijing(b.created_at),
      })),
      count,
    };
  }

  async batchCreate(actor: Actor, b: { tier: 'vip' | 'svip'; days: number | null; count: number; expires: string | null; note: string; reason: string }): Promise<{ batchId: number; codes: string[] }> {
    // The last Beijing day they redeem: they stop at the following midnight (as `ops redeem-batch --expires`).
    const expiresAt = b.expires ? parseBeijing(b.expires) + DAY_MS : null;
    if (expiresAt !== null && expiresAt <= this.now()) throw badRequest('兑换截止日期不能早于今天');
    const r = await this.commerce.redeem.createBatch({ tier: b.tier, days: b.days, count: b.count, expiresAt, note: b.note });
    // The codes themselves are secrets: the log keeps what the batch is, not its codes.
    await this.audit.record(actor, {
      action: 'batch.create',
      target: `batch:${r.batchId}`,
      after: { tier: b.tier, days: b.days, count: r.codes.length, expires: b.expires, note: b.note },
      reason: b.reason,
    });
    return r;
  }

  async batchCsv(actor: Actor, id: number): Promise<{ filename: string; csv: string }> {
    const batch = await this.repo.batch(id);
    if (!batch) throw notFound(OpsMessages.batchUnknown);
    const codes = await this.repo.batchCodes(id);
    const expires = batch.expires_at === null ? '' : formatBeijing(batch.expires_at - 1000);
    const status = (c: (typeof codes)[number]) => (c.used_at !== null ? '已使用' : c.voided_at !== null ? '已作废' : '未使用');
    const lines = [['code', 'tier', 'duration', 'expires', 'status', 'used_by', 'used_at']];
    for (const c of codes) {
      lines.push([c.code, TIER_NAMES[c.tier], durationLabel(c.days), expires, status(c), c.used_by === null ? '' : String(c.used_by), c.used_at === null ? '' : formatBeijing(c.used_at)]);
    }
    await this.audit.record(actor, { action: 'batch.export', target: `batch:${id}`, after: { codes: codes.length } });
    return { filename: `redeem-batch-${id}.csv`, csv: toCsv(lines) };
  }

  async batchVoid(actor: Actor, id: number, reason: string): Promise<number> {
    const batch = await this.repo.batch(id);
    if (!batch) throw notFound(OpsMessages.batchUnknown);
    return this.repo.kysely.transaction().execute(async (trx) => {
      const voided = await this.repo.voidBatch(id, this.now(), trx);
      await this.audit.record(actor, { action: 'batch.void', target: `batch:${id}`, after: { voided }, reason }, trx);
      return voided;
    });
  }

  async codeVoid(actor: Actor, code: string, reason: string): Promise<void> {
    const r = await this.commerce.redeem.voidCode(code);
    if (r === 'unknown') throw notFound(OpsMessages.codeUnknown);
    if (r === 'used') throw badRequest(OpsMessages.codeUsed);
    if (r === 'already') throw badRequest(OpsMessages.codeAlreadyVoid);
    const row = await this.repo.codeBatchId(normalizeCode(code));
    await this.audit.record(actor, { action: 'code.void', target: `batch:${row?.batch_id ?? ''} code:${code.slice(0, 4)}…`, after: { voided: true }, reason });
  }

  // ---- free plan ----

  async freePlan(status: string, page: number, limit: number): Promise<{ list: OpsFreePlanItem[]; count: number }> {
    const { rows, count } = await this.repo.freePlan(status, (page - 1) * limit, limit);
    return {
      list: rows.map((r) => ({
        id: r.id,
        userId: r.user_id,
        mobile: r.mobile,
        username: r.username,
        image_url: r.file_path,
        status: r.status,
        reason: r.reason,
        create_time: formatBeijing(r.created_at),
        review_time: r.reviewed_at === null ? null : formatBeijing(r.reviewed_at),
      })),
      count,
    };
  }

  async freePlanReview(actor: Actor, b: { id: number; decision: 'approve' | 'reject'; reason: string }): Promise<'approved' | 'rejected' | 'already-had'> {
    const before = await this.repo.freePlanRow(b.id);
    const outcome = await this.commerce.freePlan.review(b.id, b.decision, b.reason);
    if (outcome === 'unknown') throw notFound(OpsMessages.notFound);
    if (outcome === 'not-pending') throw badRequest(OpsMessages.freePlanNotPending);
    await this.audit.record(actor, {
      action: 'freeplan.review',
      target: `user:${before?.user_id ?? ''} freeplan:${b.id}`,
      before: { status: before?.status },
      after: { decision: b.decision, outcome },
      reason: b.reason,
    });
    return outcome;
  }

  // ---- orders ----

  async orders(q: { q: string; status: string; page: number; limit: number }): Promise<{ list: OpsOrder[]; count: number }> {
    const now = this.now();
    const { rows, count } = await this.repo.searchOrders(q.q, q.status, (q.page - 1) * q.limit, q.limit);
    return {
      list: rows.map((o) => {
        const status = o.status === 'created' && now > o.expires_at ? 'expired' : o.status;
        return {
          order_id: o.order_id,
          userId: o.user_id,
          mobile: o.mobile,
          username: o.username,
          product: o.product,
          money: yuan(o.amount_fen),
          status: o.status,
          status_label: OrderStatusLabels[status],
          provider: o.provider,
          create_time: formatBeijing(o.created_at),
          pay_time: o.paid_at === null ? null : formatBeijing(o.paid_at),
        };
      }),
      count,
    };
  }

  async orderClose(actor: Actor, orderId: string, reason: string, log: Log): Promise<void> {
    const before = await this.repo.orderSummary(orderId);
    const r = await this.pay.payments.closeByOperator(orderId, log);
    if (!r.closed) throw badRequest(`${OpsMessages.orderNotClosable}（当前状态：${OrderStatusLabels[r.status]}）`);
    await this.audit.record(actor, { action: 'order.close', target: `order:${orderId} user:${before?.user_id ?? ''}`, before, after: { status: r.status }, reason });
  }

  // ---- gifts ----

  async giftTypes() {
    return (await this.commerce.gifts.types()).map((t) => ({ id: t.id, label: t.label, tier: t.tier, days: t.days, active: t.active === 1 }));
  }

  async giftGrant(actor: Actor, b: { mobiles: string[]; name: string; description: string; giftTypeIds: number[] | null; reason: string }): Promise<OpsGiftGranted> {
    if (b.giftTypeIds) {
      const known = new Set((await this.commerce.gifts.types()).map((t) => t.id));
      if (b.giftTypeIds.some((id) => !known.has(id))) throw badRequest(OpsMessages.giftTypeUnknown);
    }
    const out: OpsGiftGranted = { granted: [], unknown: [] };
    for (const mobile of [...new Set(b.mobiles.map((m) => m.trim()).filter(Boolean))]) {
      if (!(await this.users.byMobile(mobile))) {
        out.unknown.push(mobile);
        continue;
      }
      const r = await this.commerce.gifts.grantByOps(mobile, { name: b.name, description: b.description, giftTypeIds: b.giftTypeIds });
      out.granted.push({ mobile, userId: r.userId, giftId: r.giftId });
      await this.audit.record(actor, {
        action: 'gift.grant',
        target: `user:${r.userId} gift:${r.giftId}`,
        after: { name: b.name, description: b.description, giftTypeIds: b.giftTypeIds },
        reason: b.reason,
      });
    }
    return out;
  }
}
