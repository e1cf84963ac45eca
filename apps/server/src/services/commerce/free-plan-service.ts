// The free plan (spec 02 §2, §9): a user shares the site and uploads a screenshot; an operator
// reviews it (ops CLI now, the operator console later); approval grants FREE_PLAN_DAYS of standard
// membership, once per user ever (grant source `free:{userId}`).
import { CommerceMessages, FREE_PLAN_DAYS } from '@labstat/contracts';
import { sql } from 'kysely';
import { badRequest } from '../../errors.js';
import { formatBeijing } from '../../lib/time.js';
import { freeSource, type FreePlanRepo } from '../../repositories/free-plan-repo.js';
import type { CommerceDeps } from './deps.js';
import { grantMembership } from './membership-service.js';
import type { UploadService } from './upload-service.js';

export type ReviewOutcome = 'approved' | 'rejected' | 'already-had' | 'not-pending' | 'unknown';

export class FreePlanService {
  constructor(
    private readonly deps: CommerceDeps,
    private readonly repo: FreePlanRepo,
    private readonly uploads: UploadService,
  ) {}

  /** Files (or replaces) the user's screenshot for review. */
  async submit(userId: number, filePath: string): Promise<{ file_path: string }> {
    if (!(await this.uploads.isOwn(userId, filePath))) throw badRequest(CommerceMessages.uploadFailed);
    if (await this.repo.hadFreeMonth(userId)) throw badRequest(CommerceMessages.freePlanUsed);
    const now = this.deps.now();
    await this.deps.db.transaction().execute(async (trx) => {
      // Locks the user's row (PostgreSQL; SQLite serialises writers anyway), so two submissions at
      // once cannot both file a new pending row: one pending screenshot per user.
      await trx.updateTable('users').set({ updated_at: sql<number>`updated_at` }).where('id', '=', userId).execute();
      if (await this.repo.hadFreeMonth(userId, trx)) throw badRequest(CommerceMessages.freePlanUsed);
      await this.repo.submit(userId, filePath, now, trx);
    });
    return { file_path: filePath };
  }

  /** For the /vip page: whether the free month was had, and the screenshot waiting for review. */
  async status(userId: number): Promise<{ free_used: number; free_pending: string | null }> {
    const [used, pending] = await Promise.all([this.repo.hadFreeMonth(userId), this.repo.pendingOf(userId)]);
    return { free_used: used ? 1 : 0, free_pending: pending?.file_path ?? null };
  }

  async pending() {
    const rows = await this.repo.pending();
    return rows.map((r) => ({ id: r.id, userId: r.user_id, mobile: r.mobile, filePath: r.file_path, submitted: formatBeijing(r.created_at) }));
  }

  async review(id: number, decision: 'approve' | 'reject', reason = ''): Promise<ReviewOutcome> {
    const now = this.deps.now();
    return this.deps.db.transaction().execute(async (trx) => {
      const row = await this.repo.byId(id, trx);
      if (!row) return 'unknown';
      if (decision === 'reject') return (await this.repo.decide(id, 'rejected', reason, now, trx)) ? 'rejected' : 'not-pending';
      if (!(await this.repo.decide(id, 'approved', reason, now, trx))) return 'not-pending';
      const granted = await grantMembership(trx, { userId: row.user_id, tier: 'vip', days: FREE_PLAN_DAYS, source: freeSource(row.user_id) }, now);
      if (granted) return 'approved';
      // The month was had already (through an earlier submission): this one is turned down instead.
      await trx.updateTable('free_plan_submissions').set({ status: 'rejected', reason: CommerceMessages.freePlanUsed }).where('id', '=', id).execute();
      return 'already-had';
    });
  }
}
