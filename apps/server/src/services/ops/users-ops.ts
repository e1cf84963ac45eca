// Operators' side of accounts (issue 24): find a user, see their tier and how much they use the site
// (counts only), extend or revoke a membership through the membership ledger, lock or unlock the
// account (a lock ends every session at once), and grant or revoke the operator role (CLI).
import { OpsMessages, ResultCode, type OpsUser } from '@labstat/contracts';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, TierValue } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { formatBeijing } from '../../lib/time.js';
import type { OpsRepo } from '../../repositories/ops-repo.js';
import type { UsersRepo } from '../../repositories/users-repo.js';
import { grantMembership, revokeMembership } from '../commerce/membership-service.js';
import { TIER_LABEL, membershipView, tierOf } from '../membership.js';
import type { SessionService } from '../session-service.js';
import type { Actor, AuditService } from './audit-service.js';
import { OPERATOR_ROLE, rolesOf } from './operator-guard.js';

/** The actor id the audit log gives the ops CLI (a person at the server, not a console user). */
export const CLI_ACTOR = 0;

export class UsersOps {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: OpsRepo,
    private readonly users: UsersRepo,
    private readonly sessions: Pick<SessionService, 'revokeAll'>,
    private readonly audit: AuditService,
    private readonly now: () => number,
  ) {}

  async search(q: string, page: number, limit: number): Promise<{ list: OpsUser[]; count: number }> {
    const now = this.now();
    const { rows, count } = await this.repo.searchUsers(q, (page - 1) * limit, limit);
    return {
      list: rows.map((u) => {
        const tier = tierOf(u, now);
        const m = membershipView(u, now);
        return {
          id: u.id,
          mobile: u.mobile,
          username: u.username,
          tier,
          tier_label: TIER_LABEL[tier],
          vip_time: m.vip_time,
          vip_life: u.vip_life,
          svip_time: m.svip_time,
          svip_life: u.svip_life,
          files: Number(u.files ?? 0),
          tasks: Number(u.tasks ?? 0),
          roles: rolesOf(u.roles),
          locked: u.locked_at != null,
          lock_reason: u.lock_reason,
          create_time: formatBeijing(u.created_at),
        };
      }),
      count,
    };
  }

  private async snapshot(userId: number, db: Kysely<Database> = this.db) {
    const u = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!u) throw notFound(OpsMessages.userNotFound);
    return { tier: tierOf(u, this.now()), ...membershipView(u, this.now()) };
  }

  async membership(actor: Actor, b: { userId: number; tier: TierValue; action: 'extend' | 'revoke'; days: number | null; reason: string }): Promise<void> {
    const before = await this.snapshot(b.userId);
    const now = this.now();
    // Unique per change: the ledger's source column refuses a repeat.
    const source = `ops:${actor.userId}:${now}:${randomBytes(4).toString('hex')}`;
    // The change and its audit row commit together: no membership moves without its record.
    await this.db.transaction().execute(async (trx) => {
      if (b.action === 'extend') await grantMembership(trx, { userId: b.userId, tier: b.tier, days: b.days, source }, now);
      else await revokeMembership(trx, { userId: b.userId, tier: b.tier, source: `revoke:${source}` }, now);
      const after = await this.snapshot(b.userId, trx);
      await this.audit.record(
        actor,
        { action: 'membership.change', target: `user:${b.userId}`, before, after: { ...after, change: { action: b.action, tier: b.tier, days: b.days } }, reason: b.reason },
        trx,
      );
    });
  }

  async lock(actor: Actor, b: { userId: number; locked: boolean; reason: string }): Promise<void> {
    if (b.userId === actor.userId) throw badRequest('不能锁定自己的账号');
    const u = await this.users.byId(b.userId);
    if (!u) throw notFound(OpsMessages.userNotFound);
    const now = this.now();
    await this.repo.setLock(b.userId, b.locked ? now : null, b.locked ? b.reason : '', now);
    if (b.locked) await this.sessions.revokeAll(b.userId);
    await this.audit.record(actor, {
      action: 'user.lock',
      target: `user:${b.userId}`,
      before: { locked: u.locked_at != null, lock_reason: u.lock_reason },
      after: { locked: b.locked },
      reason: b.reason,
    });
  }

  /** The CLI's grant-operator / revoke-operator; returns false when nothing changed. */
  async setOperator(mobile: string, on: boolean): Promise<{ userId: number; changed: boolean }> {
    const u = await this.users.byMobile(mobile);
    if (!u) throw new AppError(ResultCode.notFound, OpsMessages.userNotFound);
    const roles = rolesOf(u.roles);
    const has = roles.includes(OPERATOR_ROLE);
    if (has === on) return { userId: u.id, changed: false };
    const next = on ? [...roles, OPERATOR_ROLE] : roles.filter((r) => r !== OPERATOR_ROLE);
    await this.repo.setRoles(u.id, next.join(','), this.now());
    await this.audit.record({ userId: CLI_ACTOR }, { action: on ? 'role.grant' : 'role.revoke', target: `user:${u.id}`, before: { roles }, after: { roles: next } });
    return { userId: u.id, changed: true };
  }
}
