// Gifts (spec 02 §3, §4): given to users (registration gift, operators, invite rewards), each
// activated once as one of its gift types, which grants that membership.
import { CommerceMessages, type GiftItem } from '@labstat/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound } from '../../errors.js';
import { formatBeijing } from '../../lib/time.js';
import { GiftsRepo, optionsOf } from '../../repositories/gifts-repo.js';
import type { CommerceDeps } from './deps.js';
import { grantMembership } from './membership-service.js';

export const SIGNUP_GIFT = {
  name: '新用户注册礼包',
  description: '感谢注册LabStat！可激活为7天标准会员或3天高级会员（二选一）。',
} as const;

/**
 * Gives the registration gift inside the signup transaction (source `signup`, once per user). It
 * may become 7 days of standard or 3 days of advanced membership when those types are on offer,
 * otherwise any active type.
 */
export async function giveSignupGift(trx: Kysely<Database>, userId: number, now: number): Promise<void> {
  const repo = new GiftsRepo(trx);
  const types = await repo.activeTypes(trx);
  const chosen = types.filter((t) => (t.tier === 'vip' && t.days === 7) || (t.tier === 'svip' && t.days === 3)).map((t) => t.id);
  await repo.give({ userId, ...SIGNUP_GIFT, source: 'signup', giftTypeIds: chosen.length ? chosen : null }, now, trx);
}

export class GiftService {
  constructor(
    private readonly deps: CommerceDeps,
    private readonly repo: GiftsRepo,
  ) {}

  async list(userId: number, q: { page: number; limit: number }): Promise<{ list: GiftItem[]; count: number }> {
    const { rows, count } = await this.repo.list(userId, (q.page - 1) * q.limit, q.limit);
    return {
      list: rows.map((g) => ({ id: g.id, name: g.name, description: g.description, used: g.used_at !== null, used_at: g.used_at !== null ? formatBeijing(g.used_at) : null })),
      count,
    };
  }

  /** The types the user's gift may become (owner only: another user's gift is "not found"). */
  async options(userId: number, giftId: number): Promise<Array<{ gift_type_id: number; label: string }>> {
    const gift = await this.repo.owned(userId, giftId);
    if (!gift) throw notFound(CommerceMessages.giftUnknown);
    return optionsOf(gift, await this.repo.activeTypes()).map((t) => ({ gift_type_id: t.id, label: t.label }));
  }

  async activate(userId: number, giftId: number, giftTypeId: number): Promise<void> {
    const gift = await this.repo.owned(userId, giftId);
    if (!gift) throw notFound(CommerceMessages.giftUnknown);
    if (gift.used_at !== null) throw badRequest(CommerceMessages.giftUsed);
    const type = optionsOf(gift, await this.repo.activeTypes()).find((t) => t.id === giftTypeId);
    if (!type) throw badRequest(CommerceMessages.giftTypeUnknown);
    const now = this.deps.now();
    const done = await this.deps.db.transaction().execute(async (trx) => {
      if (!(await this.repo.markUsed(userId, giftId, type.id, now, trx))) return false;
      await grantMembership(trx, { userId, tier: type.tier, days: type.days, source: `gift:${giftId}` }, now);
      return true;
    });
    if (!done) throw badRequest(CommerceMessages.giftUsed);
  }

  /** Operators: gives a gift to the holder of `mobile` (source `ops:{timestamp}`). */
  async grantByOps(mobile: string, g: { name: string; description: string; giftTypeIds: number[] | null }): Promise<{ giftId: number; userId: number }> {
    const user = await this.deps.users.byMobile(mobile);
    if (!user) throw new Error(`no user with mobile ${mobile}`);
    if (g.giftTypeIds) {
      const known = new Set((await this.repo.allTypes()).map((t) => t.id));
      const bad = g.giftTypeIds.filter((id) => !known.has(id));
      if (bad.length) throw new Error(`unknown gift type id(s): ${bad.join(', ')}`);
    }
    // Sources are unique per user: two grants in the same millisecond take the next one.
    for (let t = this.deps.now(); ; t++) {
      const giftId = await this.repo.give({ userId: user.id, name: g.name, description: g.description, source: `ops:${t}`, giftTypeIds: g.giftTypeIds }, this.deps.now());
      if (giftId !== null) return { giftId, userId: user.id };
    }
  }

  types() {
    return this.repo.allTypes();
  }
}
