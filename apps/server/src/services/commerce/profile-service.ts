// Profile changes (spec 02 §2, §4, §5): the edit form, the phone-number change with an SMS code to
// the new number, and WeChat binding through the login QR machinery.
import { AccountMessages, CommerceMessages, ProfileUpdateBody, type QrCodeData } from '@labstat/contracts';
import type { z } from 'zod';
import { badRequest, notFound } from '../../errors.js';
import type { CommerceDeps } from './deps.js';
import type { UploadService } from './upload-service.js';

const HOUR = 60 * 60 * 1000;

export class ProfileService {
  constructor(
    private readonly deps: CommerceDeps,
    private readonly uploads: UploadService,
  ) {}

  async update(userId: number, body: z.output<typeof ProfileUpdateBody>): Promise<void> {
    const user = await this.deps.users.byId(userId);
    if (!user) throw notFound('用户不存在');
    let avatar = user.avatar;
    // The current avatar sent back unchanged is fine; anything new must be the user's own upload.
    if (body.new_avatar && body.new_avatar !== user.avatar) {
      if (!(await this.uploads.isOwn(userId, body.new_avatar))) throw badRequest('头像图片无效，请重新上传');
      avatar = body.new_avatar;
    }
    await this.deps.users.update(userId, {
      username: body.username,
      profession: body.profession,
      sex: body.sex,
      tags: JSON.stringify([...new Set(body.tags)]),
      email: body.email,
      research: body.research,
      avatar,
      updated_at: this.deps.now(),
    });
  }

  /** Sends a code to the new number (same limits as /smscode/, plus a cap per user). */
  async sendMobileCode(userId: number, mobile: string, ip: string): Promise<void> {
    const user = await this.deps.users.byId(userId);
    if (!user) throw notFound('用户不存在');
    if (user.mobile === mobile) throw badRequest(CommerceMessages.mobileSame);
    await this.deps.limiter.reserve([{ key: `sms:bind:${userId}`, limit: 10, windowMs: 24 * HOUR, message: AccountMessages.tooManySms }]);
    await this.deps.sms.sendCode(mobile, ip);
  }

  async changeMobile(userId: number, mobile: string, smscode: string): Promise<void> {
    const user = await this.deps.users.byId(userId);
    if (!user) throw notFound('用户不存在');
    if (user.mobile === mobile) throw badRequest(CommerceMessages.mobileSame);
    // The code first: only the holder of the new number learns whether it is registered.
    await this.deps.sms.consume(mobile, smscode);
    const now = this.deps.now();
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        const taken = await trx.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst();
        if (taken && taken.id !== userId) throw badRequest(CommerceMessages.mobileTaken);
        await this.deps.users.update(userId, { mobile, updated_at: now }, trx);
      });
    } catch (err) {
      // The unique index on users.mobile is the final word when two accounts race for one number.
      const holder = await this.deps.users.byMobile(mobile);
      if (holder && holder.id !== userId) throw badRequest(CommerceMessages.mobileTaken);
      throw err;
    }
  }

  bindQr(userId: number): Promise<QrCodeData> {
    return this.deps.wechat.createBindQr(userId);
  }

  pollBind(userId: number, logkey: string): Promise<{ status: string }> {
    return this.deps.wechat.pollBind(userId, logkey);
  }
}
