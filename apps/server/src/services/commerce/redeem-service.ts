// Redeem codes (issue 18, DESIGN §7): generated in batches by operators; a user redeems one once,
// and exactly once even when many try the same code at the same moment. Failed attempts are rate
// limited per user and per address, so codes cannot be guessed by brute force.
import { randomInt } from 'node:crypto';
import { CommerceMessages, TIER_NAMES, type RedemptionItem } from '@labstat/contracts';
import type { TierValue } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { sourceKey } from '../../lib/client-source.js';
import { formatBeijing } from '../../lib/time.js';
import type { RedeemRepo } from '../../repositories/redeem-repo.js';
import type { CommerceDeps } from './deps.js';
import { durationLabel, grantMembership } from './membership-service.js';

/** No 0/O, 1/I/L: codes are read aloud and typed from paper. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 16 characters of a 31-letter alphabet: about 79 bits, far beyond guessing at any rate limit. */
export const CODE_LENGTH = 16;
const HOUR = 60 * 60 * 1000;
/** Failed redemptions allowed per user, and per address, in an hour. */
export const REDEEM_FAILS_PER_USER = 10;
export const REDEEM_FAILS_PER_IP = 30;

export function newRedeemCode(): string {
  let s = '';
  for (let i = 0; i < CODE_LENGTH; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return s;
}

/** What users type: any case, spaces or dashes between groups. */
export function normalizeCode(input: string): string {
  return input.trim().toUpperCase().replace(/[\s-]+/g, '');
}

export interface BatchRequest {
  tier: TierValue;
  days: number | null;
  count: number;
  /** Epoch ms after which the codes no longer redeem; null: never. */
  expiresAt: number | null;
  note: string;
}

export class RedeemService {
  constructor(
    private readonly deps: CommerceDeps,
    private readonly repo: RedeemRepo,
  ) {}

  async createBatch(req: BatchRequest): Promise<{ batchId: number; codes: string[] }> {
    if (!Number.isInteger(req.count) || req.count < 1 || req.count > 10_000) throw new Error('count must be 1–10000');
    if (req.days !== null && (!Number.isInteger(req.days) || req.days < 1 || req.days > 36_500)) throw new Error('days must be 1–36500');
    const codes = new Set<string>();
    while (codes.size < req.count) codes.add(newRedeemCode());
    // A clash with an existing code is astronomically unlikely; checked anyway, since the primary key would fail the batch.
    for (let taken = await this.repo.existing([...codes]); taken.size; taken = await this.repo.existing([...codes])) {
      for (const c of taken) codes.delete(c);
      while (codes.size < req.count) codes.add(newRedeemCode());
    }
    const list = [...codes];
    const batchId = await this.repo.insertBatch({ tier: req.tier, days: req.days, expiresAt: req.expiresAt, note: req.note, codes: list }, this.deps.now());
    return { batchId, codes: list };
  }

  /** Voids an unused code; returns why not otherwise. */
  async voidCode(input: string): Promise<'voided' | 'unknown' | 'used' | 'already'> {
    const code = normalizeCode(input);
    if (await this.repo.void(code, this.deps.now())) return 'voided';
    const row = await this.repo.byCode(code);
    if (!row) return 'unknown';
    return row.used_at !== null ? 'used' : 'already';
  }

  async redeem(userId: number, input: string, ip: string): Promise<void> {
    const code = normalizeCode(input);
    if (!code) throw badRequest(CommerceMessages.redeemEmpty);
    // Every attempt takes a slot; a refused one keeps it (the refused party is the one hammering),
    // and a success gives it back below, so only failures add up.
    const slot = await this.deps.limiter.reserve(
      [
        { key: `redeem:user:${userId}`, limit: REDEEM_FAILS_PER_USER, windowMs: HOUR, message: CommerceMessages.redeemTooMany },
        { key: `redeem:ip:${sourceKey(ip)}`, limit: REDEEM_FAILS_PER_IP, windowMs: HOUR, message: CommerceMessages.redeemTooMany },
      ],
      { countRefused: true },
    );
    const now = this.deps.now();
    const done = await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.repo.byCode(code, trx);
      if (!row || !(await this.repo.take(code, userId, now, trx))) return false;
      await grantMembership(trx, { userId, tier: row.tier, days: row.days, source: `redeem:${code}` }, now);
      return true;
    });
    if (!done) throw badRequest(await this.whyNot(code, now));
    await slot.release();
  }

  private async whyNot(code: string, now: number): Promise<string> {
    const row = await this.repo.byCode(code);
    if (!row) return CommerceMessages.redeemUnknown;
    if (row.voided_at !== null) return CommerceMessages.redeemVoided;
    if (row.used_at !== null) return CommerceMessages.redeemUsed;
    if (row.expires_at !== null && row.expires_at <= now) return CommerceMessages.redeemExpired;
    return CommerceMessages.redeemUsed;
  }

  /** The user's redemptions, newest first; `status` vip/svip narrows to one tier, anything else lists all. */
  async list(userId: number, q: { page: number; limit: number; status?: string | undefined }): Promise<{ list: RedemptionItem[]; count: number }> {
    const tier = q.status === 'vip' || q.status === 'svip' ? q.status : null;
    const { rows, count } = await this.repo.usedBy(userId, tier, (q.page - 1) * q.limit, q.limit);
    return {
      list: rows.map((r) => ({
        product: TIER_NAMES[r.tier],
        productType: '兑换码',
        duration: durationLabel(r.days),
        createTime: r.used_at !== null ? formatBeijing(r.used_at) : '',
      })),
      count,
    };
  }
}
