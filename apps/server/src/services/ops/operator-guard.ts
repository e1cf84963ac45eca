// Who is an operator (issue 24): the `operator` role among a user's comma-separated roles, read from
// the database on every call, so revoking takes effect at once. `admin` is the ordinary user.
import { OpsMessages, ResultCode, type OpsMe } from '@labstat/contracts';
import { AppError } from '../../errors.js';
import type { UserRow, UsersRepo } from '../../repositories/users-repo.js';

export const OPERATOR_ROLE = 'operator';

export const rolesOf = (roles: string): string[] => roles.split(',').map((r) => r.trim()).filter(Boolean);
export const isOperator = (u: Pick<UserRow, 'roles'>): boolean => rolesOf(u.roles).includes(OPERATOR_ROLE);

export class OperatorGuard {
  constructor(private readonly users: UsersRepo) {}

  /** The operator behind a logged-in session; 403 for anyone else. */
  async require(userId: number): Promise<OpsMe> {
    const u = await this.users.byId(userId);
    if (!u || !isOperator(u) || u.locked_at != null) throw new AppError(ResultCode.forbidden, OpsMessages.forbidden);
    return { userId: u.id, username: u.username, mobile: u.mobile, roles: rolesOf(u.roles) };
  }
}
