// WeChat QR login: a login key is shown as a QR; a scan attaches an openid; polling turns it into
// a token (known user) or an invitation to register (unknown openid).
import { AccountMessages, CommerceMessages, type QrCodeData, type WechatCallbackData } from '@labstat/contracts';
import { badRequest } from '../errors.js';
import { randomToken } from '../lib/crypto.js';
import type { WechatProvider } from '../providers/wechat/wechat-provider.js';
import type { UsersRepo } from '../repositories/users-repo.js';
import type { WechatRepo } from '../repositories/wechat-repo.js';
import type { LoginThrottle } from './login-throttle.js';
import type { SessionService } from './session-service.js';

const QR_TTL_MS = 5 * 60 * 1000;
/** How long after a scan the openid may be used to register. */
export const SIGNUP_AFTER_SCAN_MS = 30 * 60 * 1000;

export class WechatService {
  constructor(
    private readonly repo: WechatRepo,
    private readonly users: UsersRepo,
    private readonly sessions: SessionService,
    private readonly provider: WechatProvider,
    private readonly throttle: LoginThrottle,
    private readonly now: () => number,
  ) {}

  async createLoginQr(): Promise<QrCodeData> {
    const logkey = randomToken(18);
    const now = this.now();
    await this.repo.insert(logkey, now, now + QR_TTL_MS);
    return { logkey, qrcode: await this.provider.loginQrImage(logkey) };
  }

  async poll(logkey: string): Promise<WechatCallbackData> {
    const row = await this.repo.byLogkey(logkey);
    // A binding QR (profile) is not a login key.
    if (!row || row.bind_user_id !== null) throw badRequest(AccountMessages.qrUnknown);
    if (row.status === 'WAIT') {
      if (row.expires_at <= this.now()) throw badRequest(AccountMessages.qrExpired);
      return { status: 'WAIT' };
    }
    if (row.status !== 'SCANNED' || !row.openid) throw badRequest(AccountMessages.qrExpired);
    const user = await this.users.byOpenid(row.openid);
    if (!user) return { status: 'UNBOUND', openid: row.openid };
    if (!(await this.repo.markDone(logkey))) throw badRequest(AccountMessages.qrExpired);
    // A scan proves the owner as well as the password does: lift any password-login lock.
    await this.throttle.clearAccount(user.mobile);
    return { status: 'SUCCESS', access_token: await this.sessions.issue(user.id), openid: row.openid };
  }

  /** A QR that binds the scanning WeChat account to `userId` (profile, spec 02 §4). */
  async createBindQr(userId: number): Promise<QrCodeData> {
    const logkey = randomToken(18);
    const now = this.now();
    await this.repo.insert(logkey, now, now + QR_TTL_MS, userId);
    return { logkey, qrcode: await this.provider.loginQrImage(logkey) };
  }

  /**
   * Polls a binding QR of `userId`: WAIT until scanned, then binds the openid to the user (refused
   * when another account holds it) and answers SUCCESS, also to repeated polls after the bind.
   */
  async pollBind(userId: number, logkey: string): Promise<{ status: 'WAIT' | 'SUCCESS' }> {
    const row = await this.repo.byLogkey(logkey);
    if (!row || row.bind_user_id !== userId) throw badRequest(AccountMessages.qrUnknown);
    if (row.status === 'WAIT') {
      if (row.expires_at <= this.now()) throw badRequest(AccountMessages.qrExpired);
      return { status: 'WAIT' };
    }
    if (!row.openid) throw badRequest(AccountMessages.qrExpired);
    const openid = row.openid;
    if (row.status === 'DONE') {
      if ((await this.users.byId(userId))?.openid === openid) return { status: 'SUCCESS' };
      throw badRequest(AccountMessages.qrExpired);
    }
    const owner = await this.users.byOpenid(openid);
    if (owner && owner.id !== userId) throw badRequest(CommerceMessages.bindTaken);
    // SCANNED → DONE once; the poll that wins writes the binding, later polls see DONE above.
    if (await this.repo.markDone(logkey)) {
      try {
        await this.users.update(userId, { openid, updated_at: this.now() });
      } catch (err) {
        // The unique index on users.openid: another account took this openid at the same moment.
        if ((await this.users.byOpenid(openid))?.id !== userId) throw badRequest(CommerceMessages.bindTaken);
        throw err;
      }
    }
    if ((await this.users.byId(userId))?.openid !== openid) throw badRequest(AccountMessages.qrExpired);
    return { status: 'SUCCESS' };
  }

  /** Records a scan; the dev provider's /dev/wechat/scan and a real webhook both end here. */
  async scan(logkey: string, openid: string): Promise<void> {
    if (!(await this.repo.markScanned(logkey, openid, this.now()))) {
      const row = await this.repo.byLogkey(logkey);
      throw badRequest(row ? AccountMessages.qrExpired : AccountMessages.qrUnknown);
    }
  }

  /** Registration needs an openid that came from a recent scan and belongs to nobody yet. */
  async assertSignupOpenid(openid: string): Promise<void> {
    if (!(await this.repo.scannedOpenid(openid, this.now() - SIGNUP_AFTER_SCAN_MS))) {
      throw badRequest(AccountMessages.openidUnknown);
    }
    if (await this.users.byOpenid(openid)) throw badRequest(AccountMessages.wechatBound);
  }
}
