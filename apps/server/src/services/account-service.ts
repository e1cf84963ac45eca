// Registration, password login, password reset, logout and the profile views of a user.
import {
  AccountMessages,
  type LoginBody,
  type ProfileListData,
  type ResetPasswordBody,
  type SignupBody,
  type UserProfile,
} from '@labstat/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { badRequest, notFound, unauthorized } from '../errors.js';
import { decoyPasswordHash, hashPassword, invitationCode, verifyPassword } from '../lib/crypto.js';
import type { UserRow, UsersRepo } from '../repositories/users-repo.js';
import type { WechatRepo } from '../repositories/wechat-repo.js';
import type { LoginThrottle } from './login-throttle.js';
import type { Session, SessionService } from './session-service.js';
import type { SmsService } from './sms-service.js';
import type { WechatService } from './wechat-service.js';
import { giveSignupGift } from './commerce/gift-service.js';
import type { AiSettings } from '../config.js';
import { OrdersRepo } from '../repositories/orders-repo.js';
import { benefitGroups } from './commerce/benefits.js';
import { membershipView, tierOf } from './membership.js';

export class AccountService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly users: UsersRepo,
    private readonly wechatRepo: WechatRepo,
    private readonly sessions: SessionService,
    private readonly sms: SmsService,
    private readonly wechat: WechatService,
    private readonly throttle: LoginThrottle,
    private readonly now: () => number,
    /** The AI quotas the profile's benefit list names (config.ai.dailyQuota); the config defaults until wired. */
    private readonly aiQuota: AiSettings['dailyQuota'] = { free: 10, vip: 50, svip: 200 },
  ) {}

  async login(body: LoginBody, ip: string): Promise<string> {
    // The attempt takes its slot before the (deliberately slow) hash, so concurrent guesses count.
    const slot = await this.throttle.reserve(body.username, ip);
    const user = await this.users.byMobile(body.username);
    // Same work whether or not the account exists, so timing does not reveal registered numbers.
    const ok = await verifyPassword(body.password, user?.password_hash ?? (await decoyPasswordHash()));
    // A wrong password keeps its slot: that is the failure on record.
    if (!user || !ok) throw unauthorized(AccountMessages.wrongCredentials);
    await slot.release();
    await this.throttle.clearAccount(body.username);
    return this.sessions.issue(user.id);
  }

  async signup(body: SignupBody): Promise<string> {
    await this.wechat.assertSignupOpenid(body.openid);
    let inviterId: number | null = null;
    const signupCode = body.signupCode ? body.signupCode.toUpperCase() : null;
    if (signupCode) {
      const inviter = await this.users.byInvitationCode(signupCode);
      if (!inviter) throw badRequest(AccountMessages.inviteUnknown);
      inviterId = inviter.id;
    }
    // The SMS code first: only the holder of the number learns whether it is registered.
    await this.sms.consume(body.account, body.smscode);
    if (await this.users.byMobile(body.account)) throw badRequest(AccountMessages.accountExists);
    const passwordHash = await hashPassword(body.password);
    const now = this.now();
    const userId = await this.db.transaction().execute(async (trx) => {
      // Re-check inside the transaction; the unique indexes are the final word under races.
      if (await trx.selectFrom('users').select('id').where('mobile', '=', body.account).executeTakeFirst()) {
        throw badRequest(AccountMessages.accountExists);
      }
      if (await trx.selectFrom('users').select('id').where('openid', '=', body.openid).executeTakeFirst()) {
        throw badRequest(AccountMessages.wechatBound);
      }
      const id = await this.users.insert(
        {
          mobile: body.account,
          password_hash: passwordHash,
          username: `用户${body.account.slice(-4)}`,
          sex: '',
          email: '',
          research: '',
          profession: '',
          tags: '[]',
          avatar: '',
          openid: body.openid,
          invitation_code: await this.freeInvitationCode(trx),
          signup_code: signupCode,
          inviter_id: inviterId,
          roles: 'admin',
          vip_expires_at: null,
          vip_life: 0,
          svip_expires_at: null,
          svip_life: 0,
          created_at: now,
          updated_at: now,
        },
        trx,
      );
      await this.wechatRepo.markOpenidDone(body.openid, trx);
      await giveSignupGift(trx, id, now);
      return id;
    });
    return this.sessions.issue(userId);
  }

  async resetPassword(body: ResetPasswordBody): Promise<void> {
    // The SMS code first, so a stranger gets the same answer for registered and unknown numbers.
    await this.sms.consume(body.account, body.smscode);
    const user = await this.users.byMobile(body.account);
    if (!user) throw badRequest(AccountMessages.accountUnknown);
    await this.users.update(user.id, { password_hash: await hashPassword(body.password), updated_at: this.now() });
    // A reset means the old password may be known to someone else: end every session.
    await this.sessions.revokeAll(user.id);
    // The owner proved the number: lift any login lock on the account.
    await this.throttle.clearAccount(user.mobile);
  }

  logout(session: Session): Promise<void> {
    return this.sessions.end(session);
  }

  async profile(session: Session): Promise<UserProfile> {
    const u = await this.requireUser(session);
    const now = this.now();
    const roles = rolesOf(u);
    return {
      ...basics(u),
      role: roles.join(' | '),
      roles,
      invitation_code: u.invitation_code,
      favor_num: await this.favoriteCount(u.id),
      order_num: await new OrdersRepo(this.db).count(u.id, 'paid'),
      ...membershipView(u, now),
      benefits: benefitGroups(tierOf(u, now), this.aiQuota),
    };
  }

  async profileList(session: Session): Promise<ProfileListData> {
    const u = await this.requireUser(session);
    return { profile_list: { ...basics(u), roles: rolesOf(u) }, status: 1 };
  }

  private async favoriteCount(userId: number): Promise<number> {
    const r = await this.db.selectFrom('tool_favorites').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  private async requireUser(session: Session): Promise<UserRow> {
    const u = await this.users.byId(session.userId);
    if (!u) throw notFound('用户不存在');
    return u;
  }

  private async freeInvitationCode(trx: Kysely<Database>): Promise<string> {
    for (;;) {
      const code = invitationCode();
      const taken = await trx.selectFrom('users').select('id').where('invitation_code', '=', code).executeTakeFirst();
      if (!taken) return code;
    }
  }
}

function rolesOf(u: UserRow): string[] {
  return u.roles.split(',').map((r) => r.trim()).filter(Boolean);
}

function basics(u: UserRow) {
  return {
    username: u.username,
    sex: u.sex,
    mobile: u.mobile,
    email: u.email,
    research: u.research,
    bind_wechat: u.openid ? 1 : 0,
    profession: u.profession,
    tags: parseTags(u.tags),
    avatar: u.avatar,
  };
}

function parseTags(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}
